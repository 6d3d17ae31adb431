import { useTranslation } from "react-i18next"
import {
  Alert,
  Badge,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  KeyValueItem,
  KeyValueList,
  useFormatter,
} from "@manyhands/design-system"
import { levelStartXp, type PlaySummary } from "@manyhands/contract/play"
import type { XpAward } from "@manyhands/contract/worker"
import { LinkButton, useMicroMoney } from "../../blocks"
import { LevelProgress, useLevelRewardText, useTypeName } from "../play-parts"
import { playPagePath } from "../play-layout"

/** An answer's XP award as the game heard it. */
export interface HeardAward {
  /** Counts the awards of this visit (React keys, announcements). */
  count: number
  assignmentId: string
  /** The task's type, when the game still knew it. */
  type: string | null
  award: XpAward
  /** The currency of the answer's pay (the booster's bonus is in it). */
  currency: string
  /** When it was heard (ms since the epoch): the hour it counts in. */
  at: number
}

const HOUR_MS = 3_600_000

/** XP this clock hour: the summary's figure while its hour lasts, plus what this visit's answers added in it. */
export function hourXp(summary: PlaySummary, awards: readonly HeardAward[], loadedAt: number, now: number) {
  const hour = Math.floor(now / HOUR_MS)
  // The newest answer's award says the hour's XP as the server counted it (its own included); before any, the
  // summary's figure, while it is still this hour.
  const latest = awards[0]
  if (latest && Math.floor(latest.at / HOUR_MS) === hour) return Math.min(summary.hourCap, latest.award.hour)
  return Math.floor(loadedAt / HOUR_MS) === hour ? summary.hourXp : 0
}

/**
 * The player's score as the game goes: level, the XP towards the next one, this hour's XP against the cap and
 * this visit's XP. After each answer its award takes the place of the summary's figures.
 */
export function Scoreboard({
  summary,
  awards,
  hour,
}: {
  summary: PlaySummary
  /** This visit's awards, newest first. */
  awards: readonly HeardAward[]
  hour: number
}) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  const last = awards[0]?.award
  const total = last?.total ?? summary.xp
  const level = last?.level ?? summary.level
  const visit = awards.reduce((sum, heard) => sum + heard.award.xp, 0)
  return (
    <Card asChild>
      <section aria-labelledby="play-game-score">
        <CardHeader action={<Badge tone="info">{t("hub.level.title", { level })}</Badge>}>
          <CardTitle as="h2" id="play-game-score">
            {t("game.score.title")}
          </CardTitle>
        </CardHeader>
        <CardBody className="flex flex-col gap-4">
          <LevelProgress
            xp={total}
            level={level}
            start={levelStartXp(level)}
            next={levelStartXp(level + 1)}
          />
          <KeyValueList layout="stacked">
            <KeyValueItem label={t("game.score.visit")}>
              {t("game.score.visitValue", {
                xp: format.number(visit),
                count: awards.length,
                n: format.number(awards.length),
              })}
            </KeyValueItem>
            <KeyValueItem label={t("hub.hour.label")}>
              {t("hub.hour.value", { xp: format.number(hour), cap: format.number(summary.hourCap) })}
            </KeyValueItem>
            <KeyValueItem label={t("game.score.booster")}>
              {summary.booster
                ? t("game.score.boosterOn", {
                    percent: summary.booster.percent,
                    at: format.dateTime(summary.booster.endsAt),
                  })
                : t("game.score.boosterOff")}
            </KeyValueItem>
          </KeyValueList>
        </CardBody>
      </section>
    </Card>
  )
}

/** The last answer's award: the XP it earned, what the hour's cap took, a new level, the booster's bonus. */
export function LastAward({ heard }: { heard: HeardAward | undefined }) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  const money = useMicroMoney()
  const typeName = useTypeName()
  const { award } = heard ?? {}
  return (
    <Card asChild>
      <section aria-labelledby="play-game-award">
        <CardHeader>
          <CardTitle as="h2" id="play-game-award">
            {t("game.award.title")}
          </CardTitle>
        </CardHeader>
        <CardBody className="flex flex-col gap-3">
          {!heard || !award ? (
            <p className="text-sm text-pretty text-muted-foreground">{t("game.award.none")}</p>
          ) : (
            <>
              <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span
                  data-testid="xp-award"
                  className="text-3xl font-semibold tracking-tight text-success-text tabular-nums"
                >
                  {t("game.award.xp", { xp: format.number(award.xp, { signDisplay: "always" }) })}
                </span>
                {heard.type ? (
                  <span className="text-sm text-muted-foreground">{typeName(heard.type)}</span>
                ) : null}
              </p>
              {award.capped ? (
                <p className="text-sm text-pretty text-warning-text">
                  {award.xp === 0
                    ? t("game.award.cappedAll", { worth: format.number(award.worth) })
                    : t("game.award.cappedSome", {
                        worth: format.number(award.worth),
                        xp: format.number(award.xp),
                      })}
                </p>
              ) : null}
              {award.bonus > 0 ? (
                <p className="text-sm text-pretty">
                  {t("game.award.bonus", { amount: money(award.bonus, heard.currency, { signed: true }) })}
                </p>
              ) : null}
              <p className="text-sm text-muted-foreground">
                {t("game.award.total", { xp: format.number(award.total), level: award.level })}
              </p>
            </>
          )}
        </CardBody>
      </section>
    </Card>
  )
}

/** A level reached in this visit: its reward waits on the rewards page. */
export function LevelUp({ level, onDismiss }: { level: number; onDismiss: () => void }) {
  const { t } = useTranslation("play")
  const rewardText = useLevelRewardText()
  return (
    <Alert
      tone="success"
      title={t("game.levelUp.title", { level })}
      onDismiss={onDismiss}
      dismissLabel={t("game.levelUp.dismiss")}
      action={<LinkButton to={playPagePath("rewards")}>{t("game.levelUp.claim")}</LinkButton>}
    >
      {t("game.levelUp.text", { reward: rewardText(level) })}
    </Alert>
  )
}

/** What an award says to a screen reader, once. */
export function useAwardWords(): (heard: HeardAward) => string {
  const { t } = useTranslation("play")
  const format = useFormatter()
  return ({ award }) =>
    [
      t("game.award.xp", { xp: format.number(award.xp, { signDisplay: "always" }) }),
      award.capped ? t("game.award.cappedShort") : "",
      award.levelUp ? t("game.levelUp.title", { level: award.level }) : "",
    ]
      .filter(Boolean)
      .join(" ")
}
