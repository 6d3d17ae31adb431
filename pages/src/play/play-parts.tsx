import { useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  Alert,
  Badge,
  Button,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  KeyValueItem,
  KeyValueList,
  ProgressBar,
  useFormatter,
  type BadgeTone,
} from "@manyhands/design-system"
import { faqAudiencePath } from "@manyhands/contract/faq"
import {
  levelReward,
  playHubPath,
  type BoosterStateName,
  type BoosterView,
  type LeagueTier,
} from "@manyhands/contract/play"
import { LinkButton, NumberedSteps, TextLink, useMicroMoney } from "../blocks"
import { useShellServices } from "../shell-context"
import { useNow } from "../worker/cabinet/use-now"

/** Money of the hub (rewards, boosters' bonuses, earnings) is in micro-units of USD. */
export const PLAY_CURRENCY = "USD"

/** An amount in each currency answers are paid in (the contract's PerCurrency). */
export type PerCurrency = BoosterView["bonusPaid"]

/** The sum of amounts per currency. */
export const addPerCurrency = (a: PerCurrency, b: PerCurrency): PerCurrency => ({
  USD: a.USD + b.USD,
  RUB: a.RUB + b.RUB,
})

/** An amount per currency in words: each currency that has some ("$0.42 and ₽12.50"), or $0.00. */
export function usePerCurrency(): (amounts: PerCurrency) => string {
  const format = useFormatter()
  const money = useMicroMoney()
  return (amounts) => {
    const parts = (Object.keys(amounts) as (keyof PerCurrency)[])
      .filter((currency) => amounts[currency] !== 0)
      .map((currency) => money(amounts[currency], currency))
    return parts.length === 0 ? money(0, PLAY_CURRENCY) : format.list(parts)
  }
}

/** A captcha type's name, as every screen writes it (common's list). */
export function useTypeName(): (type: string) => string {
  const { t } = useTranslation("common")
  return (type) => t(`captchaTypes.${type}`, { defaultValue: type })
}

/** A league tier's name ("Gold league"). */
export function useTierName(): (tier: LeagueTier) => string {
  const { t } = useTranslation("play")
  return (tier) => t("tiers.league", { tier: t(`tiers.${tier}`) })
}

/** Minutes as the page's language writes a duration: "1 h", "30 min". */
export function useMinutes(): (minutes: number) => string {
  const format = useFormatter()
  return (minutes) => format.duration(minutes * 60)
}

/** What reaching a level gives, in words ("a booster: +10% pay for 1 h", "a bonus of $0.35", nothing). */
export function useLevelRewardText(): (level: number) => string {
  const { t } = useTranslation("play")
  const money = useMicroMoney()
  const minutes = useMinutes()
  return (level) => {
    const reward = levelReward(level)
    if (!reward) return t("levels.givesNothing")
    return reward.kind === "booster"
      ? t("levels.givesBooster", { percent: reward.percent, duration: minutes(reward.minutes) })
      : t("levels.givesBonus", { amount: money(reward.amount, PLAY_CURRENCY) })
  }
}

/** The XP gathered in the level, as a bar towards the next one. */
export function LevelProgress({
  xp,
  level,
  start,
  next,
  size = "md",
}: {
  xp: number
  level: number
  /** The XP at which the level began and the next one begins. */
  start: number
  next: number
  size?: "sm" | "md" | "lg"
}) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  return (
    <ProgressBar
      label={t("levels.toNext", { level: level + 1 })}
      value={Math.min(Math.max(0, xp - start), next - start)}
      max={Math.max(1, next - start)}
      valueText={t("levels.progress", { xp: format.number(xp), next: format.number(next) })}
      size={size}
    />
  )
}

const BOOSTER_TONES: Record<BoosterStateName, BadgeTone> = {
  active: "success",
  expired: "neutral",
  mistake: "danger",
  accuracy: "warning",
}

/** A booster's state as a badge: running, or why it ended (in words, not by colour alone). */
export function BoosterState({ state }: { state: BoosterStateName }) {
  const { t } = useTranslation("play")
  return (
    <Badge tone={BOOSTER_TONES[state]} dot>
      {t(`boosters.state.${state}`)}
    </Badge>
  )
}

/**
 * A running booster: how much it adds, until when (with the time left), the rule it holds by, and what it has
 * checked and paid so far.
 */
export function ActiveBooster({
  booster,
  accuracy,
  headingLevel = "h2",
  action,
}: {
  booster: BoosterView
  /** The accuracy it holds at (the contract's BOOSTER_MIN_ACCURACY, or the rewards page's figure). */
  accuracy: number
  headingLevel?: "h2" | "h3"
  action?: ReactNode
}) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  const perCurrency = usePerCurrency()
  const now = useNow(15_000)
  const left = Math.max(0, Math.round((Date.parse(booster.endsAt) - now) / 1000))
  const titleId = `booster-${booster.id}`
  return (
    <Card asChild className="border-success-border">
      <section aria-labelledby={titleId}>
        <CardHeader action={<BoosterState state={booster.state} />}>
          <CardTitle as={headingLevel} id={titleId}>
            {t("boosters.activeTitle", { percent: booster.percent })}
          </CardTitle>
        </CardHeader>
        <CardBody className="flex flex-col gap-4">
          <p className="text-sm text-pretty">
            {t("boosters.rule", { accuracy: format.percent(accuracy, 0) })}
          </p>
          <KeyValueList divided>
            <KeyValueItem label={t("boosters.endsAt")}>
              {left > 0
                ? t("boosters.endsAtValue", {
                    at: format.dateTime(booster.endsAt),
                    left: format.duration(left < 60 ? left : Math.ceil(left / 60) * 60),
                  })
                : format.dateTime(booster.endsAt)}
            </KeyValueItem>
            <KeyValueItem label={t("boosters.checked")}>
              {booster.checked === 0
                ? t("boosters.noneChecked")
                : t("boosters.checkedValue", {
                    correct: format.number(booster.correct),
                    checked: format.number(booster.checked),
                  })}
            </KeyValueItem>
            <KeyValueItem label={t("boosters.bonusPaid")} numeric>
              {perCurrency(booster.bonusPaid)}
            </KeyValueItem>
          </KeyValueList>
          {action}
        </CardBody>
      </section>
    </Card>
  )
}

/**
 * For an account that is not a worker's: what the hub is, practice first, then a worker account. Only an account
 * whose type is not chosen yet can become a worker's here (the type is chosen once).
 */
export function WorkerInvitation({ onPlayPage = false }: { onPlayPage?: boolean }) {
  const { t } = useTranslation("play")
  const { accountType } = useShellServices()
  return (
    <Card asChild>
      <section aria-labelledby="play-invitation-title">
        <CardHeader>
          <CardTitle as="h2" id="play-invitation-title">
            {t("invitation.title")}
          </CardTitle>
        </CardHeader>
        <CardBody className="flex flex-col gap-6">
          <p className="max-w-3xl text-pretty text-muted-foreground">{t("invitation.text")}</p>
          <NumberedSteps
            columns={3}
            items={(["practise", "become", "earn"] as const).map((step) => ({
              id: step,
              title: t(`invitation.steps.${step}.title`),
              text: t(`invitation.steps.${step}.text`),
            }))}
          />
          {accountType === null || accountType === undefined ? (
            <div className="flex flex-wrap items-start gap-3">
              {onPlayPage ? null : (
                <LinkButton to={playHubPath("play")}>{t("invitation.practise")}</LinkButton>
              )}
              <BecomeWorker primary={onPlayPage} />
            </div>
          ) : (
            <>
              {onPlayPage ? null : (
                <div>
                  <LinkButton to={playHubPath("play")}>{t("invitation.practise")}</LinkButton>
                </div>
              )}
              <Alert tone="info" title={t("invitation.otherTypeTitle")}>
                {t("invitation.otherType", { type: t(`invitation.types.${accountType}`) })}{" "}
                <TextLink to={faqAudiencePath("worker")}>{t("invitation.workerFaq")}</TextLink>
              </Alert>
            </>
          )}
        </CardBody>
      </section>
    </Card>
  )
}

/** Makes the account a worker's (PUT /api/v2/user, as /select-role does), then loads the worker's game. */
export function BecomeWorker({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation("play")
  const { chooseAccountType, goTo } = useShellServices()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const become = async () => {
    setBusy(true)
    setFailure(null)
    try {
      await chooseAccountType("worker")
      goTo(playHubPath("play"))
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
      setBusy(false)
    }
  }
  return (
    <div className="flex max-w-xl flex-col gap-2">
      <div>
        <Button
          type="button"
          size="lg"
          variant={primary ? "primary" : "secondary"}
          disabled={busy}
          aria-busy={busy || undefined}
          aria-describedby="play-become-note"
          onClick={() => void become()}
        >
          {t("invitation.become")}
        </Button>
      </div>
      <p id="play-become-note" className="text-sm text-muted-foreground">
        {t("invitation.becomeNote")}
      </p>
      {failure ? (
        <Alert tone="danger" title={t("invitation.becomeFailed")}>
          {failure}
        </Alert>
      ) : null}
    </div>
  )
}
