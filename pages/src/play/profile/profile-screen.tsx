import { useTranslation } from "react-i18next"
import {
  Badge,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  CheckIcon,
  DataTable,
  KeyValueItem,
  KeyValueList,
  Skeleton,
  SkeletonGroup,
  Stat,
  StatGroup,
  cn,
  useFormatter,
  type BadgeTone,
  type TableColumn,
} from "@manyhands/design-system"
import { BADGES, levelStartXp, type PlayProfile, type Skill } from "@manyhands/contract/play"
import type { SkillStatus } from "@manyhands/contract/worker"
import { PlayLayout } from "../play-layout"
import {
  LevelProgress,
  WorkerInvitation,
  addPerCurrency,
  usePerCurrency,
  useTierName,
  useTypeName,
} from "../play-parts"

type League = PlayProfile["leagues"][number]

const SKILL_TONES: Record<SkillStatus | "untrained", BadgeTone> = {
  active: "success",
  training: "info",
  suspended: "danger",
  untrained: "neutral",
}

const OUTCOME_TONES: Record<NonNullable<League["outcome"]> | "running", BadgeTone> = {
  promoted: "success",
  stays: "neutral",
  demoted: "warning",
  running: "info",
}

/**
 * /play-and-earn/profile: the player's skill per type (status, accuracy, quality factor, answers, XP), level,
 * league tier and the last weeks' leagues, streak, what answers and rewards paid, and the badges earned or not yet.
 */
export default function PlayProfileScreen({ playProfile }: { playProfile?: PlayProfile }) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  return (
    <PlayLayout
      page="profile"
      title={playProfile?.isWorker ? playProfile.name : t("profile.title")}
      lead={
        playProfile?.isWorker
          ? t("profile.leadWorker", { since: format.date(playProfile.since, "long") })
          : t("profile.lead")
      }
    >
      {!playProfile ? (
        <SkeletonGroup className="flex flex-col gap-6">
          <div className="grid gap-4 sm:grid-cols-4">
            {[0, 1, 2, 3].map((tile) => (
              <Skeleton key={tile} shape="rect" className="h-28" />
            ))}
          </div>
          <Skeleton shape="rect" className="h-80" />
        </SkeletonGroup>
      ) : playProfile.isWorker ? (
        <WorkerProfile profile={playProfile} />
      ) : (
        <WorkerInvitation />
      )}
    </PlayLayout>
  )
}

function WorkerProfile({ profile }: { profile: PlayProfile }) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  const perCurrency = usePerCurrency()
  const tierName = useTierName()
  return (
    <>
      <section aria-labelledby="play-profile-figures" className="flex flex-col gap-4">
        <h2 id="play-profile-figures" className="sr-only">
          {t("profile.figures")}
        </h2>
        <StatGroup columns={4}>
          <Stat
            label={t("profile.level")}
            value={format.number(profile.level)}
            period={t("profile.xp", { xp: format.number(profile.xp) })}
          />
          <Stat label={t("profile.tier")} value={tierName(profile.tier)} />
          <Stat
            label={t("streak.title")}
            value={t("profile.streak.days", {
              count: profile.streak.days,
              n: format.number(profile.streak.days),
            })}
            period={profile.streak.todayDone ? t("profile.streak.todayDone") : t("profile.streak.todayOpen")}
          />
          <Stat
            label={t("profile.earnings.total")}
            value={perCurrency(addPerCurrency(profile.earnings.answers, profile.earnings.rewards))}
          />
        </StatGroup>
        <LevelProgress
          xp={profile.xp}
          level={profile.level}
          start={levelStartXp(profile.level)}
          next={levelStartXp(profile.level + 1)}
        />
      </section>
      <Skills skills={profile.skills} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card asChild>
          <section aria-labelledby="play-profile-earnings">
            <CardHeader>
              <CardTitle as="h2" id="play-profile-earnings">
                {t("profile.earnings.title")}
              </CardTitle>
              <CardDescription>{t("profile.earnings.lead")}</CardDescription>
            </CardHeader>
            <CardBody>
              <KeyValueList divided>
                <KeyValueItem label={t("profile.earnings.answers")} numeric>
                  {perCurrency(profile.earnings.answers)}
                </KeyValueItem>
                <KeyValueItem label={t("profile.earnings.rewards")} numeric>
                  {perCurrency(profile.earnings.rewards)}
                </KeyValueItem>
                <KeyValueItem label={t("profile.earnings.total")} numeric>
                  <span className="font-semibold">
                    {perCurrency(addPerCurrency(profile.earnings.answers, profile.earnings.rewards))}
                  </span>
                </KeyValueItem>
              </KeyValueList>
            </CardBody>
          </section>
        </Card>
        <Card asChild>
          <section aria-labelledby="play-profile-streak">
            <CardHeader>
              <CardTitle as="h2" id="play-profile-streak">
                {t("streak.title")}
              </CardTitle>
              <CardDescription>
                {t("streak.days", { count: profile.streak.days, n: format.number(profile.streak.days) })}
              </CardDescription>
            </CardHeader>
            <CardBody>
              <KeyValueList divided>
                <KeyValueItem label={t("streak.today")}>
                  {t("streak.todayValue", {
                    n: format.number(profile.streak.todayAnswers),
                    target: format.number(profile.streak.dayTarget),
                  })}
                </KeyValueItem>
                <KeyValueItem label={t("streak.freeze")}>
                  {profile.streak.freezeLeft ? t("streak.freezeUnused") : t("streak.freezeSpent")}
                </KeyValueItem>
                <KeyValueItem label={t("streak.frozenDays")}>
                  {profile.streak.frozen.length === 0
                    ? t("streak.noneFrozen")
                    : format.list(profile.streak.frozen.map((day) => format.date(day)))}
                </KeyValueItem>
              </KeyValueList>
            </CardBody>
          </section>
        </Card>
      </div>
      <Leagues leagues={profile.leagues} />
      <Badges badges={profile.badges} />
    </>
  )
}

function Skills({ skills }: { skills: Skill[] }) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  const typeName = useTypeName()
  const columns: TableColumn<Skill>[] = [
    {
      key: "type",
      header: t("profile.skills.columns.type"),
      rowHeader: true,
      cell: (skill) => typeName(skill.type),
    },
    {
      key: "status",
      header: t("profile.skills.columns.status"),
      cell: (skill) => (
        <Badge tone={SKILL_TONES[skill.status ?? "untrained"]} dot>
          {t(`profile.skills.status.${skill.status ?? "untrained"}`)}
        </Badge>
      ),
    },
    {
      key: "accuracy",
      header: t("profile.skills.columns.accuracy"),
      align: "numeric",
      cell: (skill) =>
        skill.answers === 0 && skill.status === null ? "—" : format.percent(skill.accuracy, 0),
    },
    {
      key: "quality",
      header: t("profile.skills.columns.quality"),
      align: "numeric",
      cell: (skill) =>
        skill.answers === 0 && skill.status === null
          ? "—"
          : format.number(skill.quality, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    },
    {
      key: "answers",
      header: t("profile.skills.columns.answers"),
      align: "numeric",
      cell: (skill) => format.number(skill.answers),
    },
    {
      key: "xp",
      header: t("profile.skills.columns.xp"),
      align: "numeric",
      cell: (skill) => format.number(skill.xp),
    },
  ]
  return (
    <Card asChild>
      <section aria-labelledby="play-profile-skills">
        <CardHeader>
          <CardTitle as="h2" id="play-profile-skills">
            {t("profile.skills.title")}
          </CardTitle>
          <CardDescription>{t("profile.skills.lead")}</CardDescription>
        </CardHeader>
        <CardBody>
          <DataTable
            columns={columns}
            rows={skills}
            getRowId={(skill) => skill.type}
            caption={t("profile.skills.title")}
            captionHidden
            size="sm"
          />
        </CardBody>
      </section>
    </Card>
  )
}

function Leagues({ leagues }: { leagues: League[] }) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  const tierName = useTierName()
  const columns: TableColumn<League>[] = [
    {
      key: "week",
      header: t("profile.leagues.columns.week"),
      rowHeader: true,
      cell: (league) => format.date(league.week),
    },
    { key: "tier", header: t("profile.leagues.columns.tier"), cell: (league) => tierName(league.tier) },
    {
      key: "rank",
      header: t("profile.leagues.columns.rank"),
      align: "numeric",
      cell: (league) => (league.rank === null ? "—" : format.number(league.rank)),
    },
    {
      key: "xp",
      header: t("profile.leagues.columns.xp"),
      align: "numeric",
      cell: (league) => format.number(league.xp),
    },
    {
      key: "outcome",
      header: t("profile.leagues.columns.outcome"),
      cell: (league) => (
        <Badge tone={OUTCOME_TONES[league.outcome ?? "running"]}>
          {t(`profile.leagues.outcome.${league.outcome ?? "running"}`)}
        </Badge>
      ),
    },
  ]
  return (
    <Card asChild>
      <section aria-labelledby="play-profile-leagues">
        <CardHeader>
          <CardTitle as="h2" id="play-profile-leagues">
            {t("profile.leagues.title")}
          </CardTitle>
          <CardDescription>{t("profile.leagues.lead")}</CardDescription>
        </CardHeader>
        <CardBody>
          <DataTable
            columns={columns}
            rows={leagues}
            getRowId={(league) => league.week}
            caption={t("profile.leagues.title")}
            captionHidden
            size="sm"
            empty={{ title: t("profile.leagues.empty") }}
          />
        </CardBody>
      </section>
    </Card>
  )
}

/** Every badge: earned ones with their date, the others with what earns them. */
function Badges({ badges }: { badges: PlayProfile["badges"] }) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  const earned = new Map(badges.map((badge) => [badge.badge, badge.earnedAt]))
  const count = BADGES.filter((badge) => earned.get(badge)).length
  return (
    <Card asChild>
      <section aria-labelledby="play-profile-badges">
        <CardHeader>
          <CardTitle as="h2" id="play-profile-badges">
            {t("profile.badges.title")}
          </CardTitle>
          <CardDescription>{t("profile.badges.count", { n: count, of: BADGES.length })}</CardDescription>
        </CardHeader>
        <CardBody>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {BADGES.map((badge) => {
              const at = earned.get(badge) ?? null
              return (
                <li
                  key={badge}
                  className={cn(
                    "flex gap-3 rounded-lg border p-4",
                    at ? "border-success-border bg-success-soft" : "border-dashed border-border-strong",
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      "flex size-9 shrink-0 items-center justify-center rounded-full",
                      at ? "bg-success text-success-foreground" : "bg-surface-muted text-muted-foreground",
                    )}
                  >
                    {at ? <CheckIcon size={18} /> : <span className="text-sm font-semibold">?</span>}
                  </span>
                  <div className="flex min-w-0 flex-col gap-1">
                    <h3 className="font-semibold">{t(`profile.badges.${badge}.title`)}</h3>
                    <p className="text-sm text-pretty text-muted-foreground">
                      {t(`profile.badges.${badge}.text`)}
                    </p>
                    <p
                      className={cn(
                        "text-sm font-medium",
                        at ? "text-success-text" : "text-muted-foreground",
                      )}
                    >
                      {at ? t("profile.badges.earned", { at: format.date(at) }) : t("profile.badges.notYet")}
                    </p>
                  </div>
                </li>
              )
            })}
          </ul>
        </CardBody>
      </section>
    </Card>
  )
}
