import { useTranslation } from "react-i18next"
import {
  Alert,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  ProgressBar,
  Skeleton,
  SkeletonGroup,
  SkeletonText,
  Stat,
  StatGroup,
  useFormatter,
} from "@manyhands/design-system"
import { BOOSTER_MIN_ACCURACY, LEVEL_BOOSTER, type PlaySummary, type Streak } from "@manyhands/contract/play"
import { LinkButton, LinkCardGrid, TextLink } from "../../blocks"
import {
  ActiveBooster,
  LevelProgress,
  WorkerInvitation,
  useLevelRewardText,
  useMinutes,
  useTierName,
} from "../play-parts"
import { PlayLayout, playPagePath, type PlayPage } from "../play-layout"
import { XpChanges } from "./xp-changes"

/**
 * /play-and-earn: where the player stands — level and XP, the hour's XP against the cap, the week's league, the
 * streak, a running booster, rewards to claim and the last XP changes, each explained. An account that is not a
 * worker's is invited to practise and become one.
 */
export default function PlayHubScreen({ playSummary }: { playSummary?: PlaySummary }) {
  const { t } = useTranslation("play")
  return (
    <PlayLayout
      page="hub"
      title={t("hub.title")}
      lead={t("hub.lead")}
      rewardsWaiting={playSummary?.isWorker ? playSummary.rewardsWaiting : undefined}
    >
      {!playSummary ? (
        <HubLoading />
      ) : playSummary.isWorker ? (
        <WorkerHub summary={playSummary} />
      ) : (
        <>
          <WorkerInvitation />
          <HubLinks pages={["play", "leaderboard", "faq"]} />
        </>
      )}
    </PlayLayout>
  )
}

function HubLoading() {
  return (
    <SkeletonGroup className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 rounded-lg border border-border p-6">
        <Skeleton className="h-7 w-40" />
        <Skeleton shape="rect" className="h-3 w-full" />
        <SkeletonText lines={1} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((tile) => (
          <Skeleton key={tile} shape="rect" className="h-28" />
        ))}
      </div>
      <Skeleton shape="rect" className="h-64" />
    </SkeletonGroup>
  )
}

function WorkerHub({ summary }: { summary: PlaySummary }) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  const tierName = useTierName()
  const rewardText = useLevelRewardText()
  const nextLevel = summary.level + 1
  const capReached = summary.hourXp >= summary.hourCap
  return (
    <>
      {summary.rewardsWaiting > 0 ? (
        <Alert
          tone="success"
          title={t("hub.rewards.title", { count: summary.rewardsWaiting })}
          action={<LinkButton to={playPagePath("rewards")}>{t("hub.rewards.claim")}</LinkButton>}
        >
          {t("hub.rewards.text")}
        </Alert>
      ) : null}
      <Card asChild>
        <section aria-labelledby="play-hub-level">
          <CardHeader>
            <CardTitle as="h2" id="play-hub-level">
              {t("hub.level.title", { level: summary.level })}
            </CardTitle>
            <CardDescription>{t("hub.level.total", { xp: format.number(summary.xp) })}</CardDescription>
          </CardHeader>
          <CardBody className="flex flex-col gap-3">
            <LevelProgress
              xp={summary.xp}
              level={summary.level}
              start={summary.levelStartXp}
              next={summary.nextLevelXp}
              size="lg"
            />
            <p className="text-sm text-pretty text-muted-foreground">
              {t("hub.level.next", {
                xp: format.number(Math.max(0, summary.nextLevelXp - summary.xp)),
                level: nextLevel,
                reward: rewardText(nextLevel),
              })}
            </p>
          </CardBody>
        </section>
      </Card>
      <section aria-labelledby="play-hub-figures">
        <h2 id="play-hub-figures" className="sr-only">
          {t("hub.figures")}
        </h2>
        <StatGroup columns={2}>
          <Stat
            label={t("hub.hour.label")}
            value={t("hub.hour.value", {
              xp: format.number(summary.hourXp),
              cap: format.number(summary.hourCap),
            })}
            period={
              capReached
                ? t("hub.hour.capped")
                : t("hub.hour.left", { xp: format.number(summary.hourCap - summary.hourXp) })
            }
          />
          <Stat
            label={t("hub.week.label")}
            value={
              summary.week.rank === null
                ? t("hub.week.unranked")
                : t("hub.week.rank", {
                    rank: format.number(summary.week.rank),
                    players: format.number(summary.week.players),
                  })
            }
            period={`${tierName(summary.tier)} · ${t("hub.week.xp", { xp: format.number(summary.week.xp) })}`}
          />
        </StatGroup>
      </section>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <StreakCard streak={summary.streak} />
        {summary.booster ? (
          <ActiveBooster booster={summary.booster} accuracy={BOOSTER_MIN_ACCURACY} />
        ) : (
          <NoBooster level={summary.level} />
        )}
      </div>
      <XpChanges events={summary.recent} />
      <HubLinks pages={["play", "training", "rewards", "leaderboard", "profile", "faq"]} />
    </>
  )
}

/** Days in a row, today's accurate answers against the day's target, and the week's freeze. */
function StreakCard({ streak }: { streak: Streak }) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  const missing = Math.max(0, streak.dayTarget - streak.todayAnswers)
  return (
    <Card asChild>
      <section aria-labelledby="play-hub-streak">
        <CardHeader>
          <CardTitle as="h2" id="play-hub-streak">
            {t("streak.title")}
          </CardTitle>
          <CardDescription>
            {t("streak.days", { count: streak.days, n: format.number(streak.days) })}
          </CardDescription>
        </CardHeader>
        <CardBody className="flex flex-col gap-3">
          <ProgressBar
            label={t("streak.today")}
            value={Math.min(streak.todayAnswers, streak.dayTarget)}
            max={streak.dayTarget}
            valueText={t("streak.todayValue", {
              n: format.number(streak.todayAnswers),
              target: format.number(streak.dayTarget),
            })}
            tone={streak.todayDone ? "success" : "primary"}
          />
          <p className="text-sm text-pretty">
            {streak.todayDone
              ? t("streak.todayDone")
              : t("streak.todayMissing", { count: missing, n: format.number(missing) })}
          </p>
          <p className="text-sm text-pretty text-muted-foreground">
            {streak.freezeLeft ? t("streak.freezeLeft") : t("streak.freezeUsed")}
            {streak.frozen.length > 0
              ? ` ${t("streak.frozen", {
                  days: format.list(streak.frozen.map((day) => format.date(day, "medium"))),
                })}`
              : ""}
          </p>
        </CardBody>
      </section>
    </Card>
  )
}

/** No booster running: where the next one comes from. */
function NoBooster({ level }: { level: number }) {
  const { t } = useTranslation("play")
  const minutes = useMinutes()
  const next = level % 2 === 0 ? level + 2 : level + 1
  return (
    <Card asChild>
      <section aria-labelledby="play-hub-booster">
        <CardHeader>
          <CardTitle as="h2" id="play-hub-booster">
            {t("boosters.noneTitle")}
          </CardTitle>
        </CardHeader>
        <CardBody className="flex flex-col gap-3">
          <p className="text-sm text-pretty">
            {t("boosters.noneText", {
              percent: LEVEL_BOOSTER.percent,
              duration: minutes(LEVEL_BOOSTER.minutes),
              level: next,
            })}
          </p>
          <p className="text-sm">
            <TextLink to={playPagePath("rewards")}>{t("boosters.toRewards")}</TextLink>
          </p>
        </CardBody>
      </section>
    </Card>
  )
}

/** The hub's other pages as cards. */
function HubLinks({ pages }: { pages: Exclude<PlayPage, "hub">[] }) {
  const { t } = useTranslation("play")
  return (
    <section aria-labelledby="play-hub-links">
      <h2 id="play-hub-links" className="mb-4 text-xl font-semibold">
        {t("hub.links.title")}
      </h2>
      <LinkCardGrid
        columns={3}
        items={pages.map((page) => ({
          id: page,
          to: playPagePath(page),
          title: t(`hub.links.${page}.title`),
          text: t(`hub.links.${page}.text`),
        }))}
      />
    </section>
  )
}
