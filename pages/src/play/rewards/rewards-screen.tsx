import { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Alert,
  Badge,
  Button,
  Card,
  CardBody,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  DataTable,
  EmptyState,
  KeyValueItem,
  KeyValueList,
  Skeleton,
  SkeletonGroup,
  StarIcon,
  useFormatter,
  type TableColumn,
} from "@manyhands/design-system"
import {
  LEVEL_BONUS_PER_LEVEL,
  LEVEL_BOOSTER,
  PROMOTION_BONUS,
  playApi,
  type BoosterView,
  type ClaimedReward,
  type Reward,
  type Rewards,
} from "@manyhands/contract/play"
import { useMicroMoney } from "../../blocks"
import { useShellServices } from "../../shell-context"
import { PlayLayout } from "../play-layout"
import {
  ActiveBooster,
  BoosterState,
  PLAY_CURRENCY,
  WorkerInvitation,
  useLevelRewardText,
  useMinutes,
  usePerCurrency,
} from "../play-parts"

/** What the last claim did, or why it was refused. */
type ClaimNote =
  | { kind: "bonus"; reward: Reward }
  | { kind: "booster"; reward: Reward; booster: BoosterView | null }
  | { kind: "boosterActive"; until: string | null }
  | { kind: "failed"; message: string }

/**
 * /play-and-earn/rewards: the rewards of levels and promotions to claim (a bonus is paid to the earnings, a
 * booster starts), the running booster with its rule, the boosters that ended and why, the claimed rewards and
 * what the next level gives.
 */
export default function PlayRewardsScreen({ playRewards }: { playRewards?: Rewards }) {
  const { t } = useTranslation("play")
  return (
    <PlayLayout page="rewards" title={t("rewards.title")} lead={t("rewards.lead")}>
      {!playRewards ? (
        <SkeletonGroup className="flex flex-col gap-6">
          <div className="grid gap-4 sm:grid-cols-2">
            <Skeleton shape="rect" className="h-48" />
            <Skeleton shape="rect" className="h-48" />
          </div>
          <Skeleton shape="rect" className="h-64" />
        </SkeletonGroup>
      ) : playRewards.isWorker ? (
        <WorkerRewards data={playRewards} />
      ) : (
        <WorkerInvitation />
      )}
    </PlayLayout>
  )
}

function WorkerRewards({ data }: { data: Rewards }) {
  const { t } = useTranslation("play")
  const { api, refresh, toFailure } = useShellServices()
  const [claims, setClaims] = useState<Record<string, ClaimedReward>>({})
  const [busy, setBusy] = useState<string | null>(null)
  const [note, setNote] = useState<ClaimNote | null>(null)
  const noteBox = useRef<HTMLDivElement>(null)

  // The answers of this visit's claims over the page's data (until the data is read again).
  const rewards = data.rewards.map((reward) => claims[reward.id]?.reward ?? reward)
  const started = Object.values(claims).flatMap((claim) =>
    claim.booster && !data.boosters.some((booster) => booster.id === claim.booster?.id)
      ? [claim.booster]
      : [],
  )
  const boosters = [...started, ...data.boosters]
  const active = boosters.find((booster) => booster.state === "active") ?? null
  const ended = boosters.filter((booster) => booster.state !== "active")
  const available = rewards.filter((reward) => reward.state === "available")
  const claimed = rewards
    .filter((reward) => reward.state === "claimed")
    .sort((a, b) => (b.claimedAt ?? "").localeCompare(a.claimedAt ?? ""))

  // The claimed card leaves the list (or the refused one stays): the focus goes to what the claim did.
  useEffect(() => {
    if (note) noteBox.current?.focus()
  }, [note])

  const claim = async (reward: Reward) => {
    setBusy(reward.id)
    setNote(null)
    try {
      const answer = await api.send<ClaimedReward>("POST", playApi.claim.url({ id: reward.id }))
      setClaims((current) => ({ ...current, [reward.id]: answer }))
      setNote(
        answer.reward.kind === "bonus"
          ? { kind: "bonus", reward: answer.reward }
          : { kind: "booster", reward: answer.reward, booster: answer.booster },
      )
      void refresh(playApi.rewards.url())
      void refresh(playApi.summary.url())
    } catch (error) {
      const failure = toFailure(error)
      setNote(
        failure.code === "BOOSTER_ACTIVE"
          ? { kind: "boosterActive", until: active?.endsAt ?? null }
          : { kind: "failed", message: failure.message },
      )
    } finally {
      setBusy(null)
    }
  }

  return (
    <>
      <div ref={noteBox} tabIndex={-1} className="outline-none empty:hidden">
        {note ? <ClaimResult note={note} /> : null}
      </div>
      <section aria-labelledby="play-rewards-available" className="flex flex-col gap-4">
        <h2 id="play-rewards-available" className="text-xl font-semibold">
          {available.length === 0
            ? t("rewards.available.none")
            : t("rewards.available.title", { count: available.length })}
        </h2>
        {available.length === 0 ? (
          <Card>
            <EmptyState
              size="sm"
              icon={<StarIcon />}
              title={t("rewards.available.emptyTitle")}
              description={t("rewards.available.emptyText", { level: data.next.level })}
            />
          </Card>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {available.map((reward) => (
              <li key={reward.id}>
                <RewardCard
                  reward={reward}
                  accuracy={data.boosterAccuracy}
                  running={reward.kind === "booster" ? active : null}
                  busy={busy === reward.id}
                  onClaim={() => void claim(reward)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {active ? (
          <ActiveBooster booster={active} accuracy={data.boosterAccuracy} />
        ) : (
          <Card asChild>
            <section aria-labelledby="play-rewards-no-booster">
              <CardHeader>
                <CardTitle as="h2" id="play-rewards-no-booster">
                  {t("boosters.noneTitle")}
                </CardTitle>
                <CardDescription>{t("rewards.noBooster")}</CardDescription>
              </CardHeader>
            </section>
          </Card>
        )}
        <NextLevel data={data} />
      </div>
      {ended.length > 0 ? <EndedBoosters boosters={ended} /> : null}
      {claimed.length > 0 ? <ClaimedRewards rewards={claimed} /> : null}
      <HowRewardsWork accuracy={data.boosterAccuracy} />
    </>
  )
}

/** A reward's origin: the level reached, or the week of the promotion. */
function useRewardTitle(): (reward: Reward) => string {
  const { t } = useTranslation("play")
  const format = useFormatter()
  return (reward) =>
    reward.reason === "level"
      ? t("rewards.reason.level", { level: reward.level ?? "" })
      : t("rewards.reason.promotion", { week: reward.week ? format.date(reward.week) : "" })
}

/** What a reward gives, in words. */
function useRewardWhat(): (reward: Reward) => string {
  const { t } = useTranslation("play")
  const money = useMicroMoney()
  const minutes = useMinutes()
  return (reward) =>
    reward.kind === "bonus"
      ? t("rewards.what.bonus", { amount: money(reward.amount ?? 0, PLAY_CURRENCY) })
      : t("rewards.what.booster", {
          percent: reward.percent ?? 0,
          duration: minutes(reward.minutes ?? 0),
        })
}

function RewardCard({
  reward,
  accuracy,
  running,
  busy,
  onClaim,
}: {
  reward: Reward
  accuracy: number
  /** The booster running now, for a booster reward (only one runs at a time). */
  running: BoosterView | null
  busy: boolean
  onClaim: () => void
}) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  const title = useRewardTitle()
  const what = useRewardWhat()
  const titleId = `reward-${reward.id}`
  const action = reward.kind === "bonus" ? t("rewards.claimBonus") : t("rewards.claimBooster")
  return (
    <Card asChild className="h-full">
      <article aria-labelledby={titleId}>
        <CardHeader
          action={
            <Badge tone={reward.kind === "bonus" ? "success" : "promo"}>
              {t(`rewards.kind.${reward.kind}`)}
            </Badge>
          }
        >
          <CardTitle id={titleId}>{title(reward)}</CardTitle>
          <CardDescription>{t("rewards.earnedAt", { at: format.dateTime(reward.earnedAt) })}</CardDescription>
        </CardHeader>
        <CardBody className="flex flex-col gap-2">
          <p className="text-lg font-semibold">{what(reward)}</p>
          <p className="text-sm text-pretty text-muted-foreground">
            {reward.kind === "bonus"
              ? t("rewards.bonusNote")
              : t("rewards.boosterNote", { accuracy: format.percent(accuracy, 0) })}
          </p>
          {running ? (
            <p className="text-sm font-medium text-warning-text">
              {t("rewards.waitForBooster", { at: format.dateTime(running.endsAt) })}
            </p>
          ) : null}
        </CardBody>
        <CardFooter className="mt-auto">
          <Button
            type="button"
            loading={busy}
            onClick={onClaim}
            aria-label={t("rewards.claimLabel", { action, reward: title(reward) })}
          >
            {action}
          </Button>
        </CardFooter>
      </article>
    </Card>
  )
}

/** What the last claim did: a bonus paid to the earnings, a booster started, or why it was refused. */
function ClaimResult({ note }: { note: ClaimNote }) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  const money = useMicroMoney()
  switch (note.kind) {
    case "bonus":
      return (
        <Alert tone="success" title={t("rewards.result.bonusTitle")}>
          {t("rewards.result.bonus", { amount: money(note.reward.amount ?? 0, PLAY_CURRENCY) })}
        </Alert>
      )
    case "booster":
      return (
        <Alert tone="success" title={t("rewards.result.boosterTitle", { percent: note.reward.percent ?? 0 })}>
          {note.booster
            ? t("rewards.result.booster", { at: format.dateTime(note.booster.endsAt) })
            : t("rewards.result.boosterSoon")}
        </Alert>
      )
    case "boosterActive":
      return (
        <Alert tone="warning" title={t("rewards.result.boosterActiveTitle")}>
          {note.until
            ? t("rewards.result.boosterActiveUntil", { at: format.dateTime(note.until) })
            : t("rewards.result.boosterActive")}
        </Alert>
      )
    case "failed":
      return (
        <Alert tone="danger" title={t("rewards.result.failedTitle")}>
          {note.message}
        </Alert>
      )
  }
}

/** The next level: at what XP it begins and what it gives. */
function NextLevel({ data }: { data: Rewards }) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  const rewardText = useLevelRewardText()
  return (
    <Card asChild>
      <section aria-labelledby="play-rewards-next">
        <CardHeader>
          <CardTitle as="h2" id="play-rewards-next">
            {t("rewards.next.title", { level: data.next.level })}
          </CardTitle>
          <CardDescription>
            {t("rewards.next.text", { xp: format.number(data.next.xp), reward: rewardText(data.next.level) })}
          </CardDescription>
        </CardHeader>
        <CardBody>
          <p className="text-sm text-muted-foreground">
            {t("rewards.next.after", {
              level: data.next.level + 1,
              reward: rewardText(data.next.level + 1),
            })}
          </p>
        </CardBody>
      </section>
    </Card>
  )
}

/** Boosters that ended, each with why: its time ran out, a confirmed mistake, or accuracy under the bar. */
function EndedBoosters({ boosters }: { boosters: BoosterView[] }) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  const perCurrency = usePerCurrency()
  const columns: TableColumn<BoosterView>[] = [
    {
      key: "startedAt",
      header: t("boosters.columns.started"),
      rowHeader: true,
      cell: (booster) => format.dateTime(booster.startedAt),
    },
    {
      key: "percent",
      header: t("boosters.columns.booster"),
      cell: (booster) => t("boosters.percent", { percent: booster.percent }),
    },
    {
      key: "endedAt",
      header: t("boosters.columns.ended"),
      cell: (booster) => format.dateTime(booster.endedAt ?? booster.endsAt),
    },
    {
      key: "state",
      header: t("boosters.columns.why"),
      cell: (booster) => (
        <span className="flex flex-col items-start gap-1">
          <BoosterState state={booster.state} />
          <span className="text-xs text-pretty text-muted-foreground">
            {t(`boosters.why.${booster.state}`)}
          </span>
        </span>
      ),
    },
    {
      key: "checked",
      header: t("boosters.columns.checked"),
      align: "numeric",
      cell: (booster) =>
        t("boosters.checkedValue", {
          correct: format.number(booster.correct),
          checked: format.number(booster.checked),
        }),
    },
    {
      key: "bonusPaid",
      header: t("boosters.columns.bonusPaid"),
      align: "numeric",
      cell: (booster) => perCurrency(booster.bonusPaid),
    },
  ]
  return (
    <Card asChild>
      <section aria-labelledby="play-rewards-ended">
        <CardHeader>
          <CardTitle as="h2" id="play-rewards-ended">
            {t("boosters.endedTitle")}
          </CardTitle>
          <CardDescription>{t("boosters.endedLead")}</CardDescription>
        </CardHeader>
        <CardBody>
          <DataTable
            columns={columns}
            rows={boosters}
            caption={t("boosters.endedTitle")}
            captionHidden
            size="sm"
          />
        </CardBody>
      </section>
    </Card>
  )
}

function ClaimedRewards({ rewards }: { rewards: Reward[] }) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  const title = useRewardTitle()
  const what = useRewardWhat()
  const columns: TableColumn<Reward>[] = [
    { key: "reason", header: t("rewards.columns.reward"), rowHeader: true, cell: (reward) => title(reward) },
    { key: "what", header: t("rewards.columns.what"), cell: (reward) => what(reward) },
    {
      key: "earnedAt",
      header: t("rewards.columns.earned"),
      cell: (reward) => format.dateTime(reward.earnedAt),
    },
    {
      key: "claimedAt",
      header: t("rewards.columns.claimed"),
      cell: (reward) => (reward.claimedAt ? format.dateTime(reward.claimedAt) : "—"),
    },
  ]
  return (
    <Card asChild>
      <section aria-labelledby="play-rewards-claimed">
        <CardHeader>
          <CardTitle as="h2" id="play-rewards-claimed">
            {t("rewards.claimed.title")}
          </CardTitle>
        </CardHeader>
        <CardBody>
          <DataTable
            columns={columns}
            rows={rewards}
            caption={t("rewards.claimed.title")}
            captionHidden
            size="sm"
          />
        </CardBody>
      </section>
    </Card>
  )
}

/** The rules in numbers: what levels and promotions give, and what a booster holds by. */
function HowRewardsWork({ accuracy }: { accuracy: number }) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  const money = useMicroMoney()
  const minutes = useMinutes()
  return (
    <Card asChild>
      <section aria-labelledby="play-rewards-rules">
        <CardHeader>
          <CardTitle as="h2" id="play-rewards-rules">
            {t("rewards.rules.title")}
          </CardTitle>
        </CardHeader>
        <CardBody>
          <KeyValueList divided>
            <KeyValueItem label={t("rewards.rules.even")}>
              {t("rewards.rules.evenValue", {
                percent: LEVEL_BOOSTER.percent,
                duration: minutes(LEVEL_BOOSTER.minutes),
              })}
            </KeyValueItem>
            <KeyValueItem label={t("rewards.rules.odd")}>
              {t("rewards.rules.oddValue", { amount: money(LEVEL_BONUS_PER_LEVEL, PLAY_CURRENCY) })}
            </KeyValueItem>
            <KeyValueItem label={t("rewards.rules.promotion")}>
              {t("rewards.rules.promotionValue", { amount: money(PROMOTION_BONUS, PLAY_CURRENCY) })}
            </KeyValueItem>
            <KeyValueItem label={t("rewards.rules.booster")}>
              {t("boosters.rule", { accuracy: format.percent(accuracy, 0) })}
            </KeyValueItem>
          </KeyValueList>
        </CardBody>
      </section>
    </Card>
  )
}
