import { useTranslation } from "react-i18next"
import { Stat, StatGroup, useFormatter } from "@manyhands/design-system"
import type { ModerationOverview } from "@manyhands/contract/ops-moderation"
import { LinkCardGrid, type LinkCardItem } from "../blocks"
import { ModerationLayout } from "./moderation-layout"

export interface ModerationHomeScreenProps {
  /** GET /api/v2/moderation/overview, preloaded by the route; undefined while it loads. */
  moderationOverview?: ModerationOverview
}

/**
 * /moderation (spec §6: the moderators' one page): the figures that want a moderator now, and the way to each
 * place moderators work — workers' standing, check tasks, domain rules, the software catalogue, the editors and
 * the support queue.
 */
export default function ModerationHomeScreen({ moderationOverview: figures }: ModerationHomeScreenProps) {
  const { t } = useTranslation("ops-moderation")
  const format = useFormatter()
  const n = (value: number | null | undefined) => (value == null ? "—" : format.number(value))
  const loading = figures === undefined

  const cards: LinkCardItem[] = [
    {
      id: "workers",
      to: "/moderation/workers",
      title: t("home.cards.workers.title"),
      text: figures
        ? t("home.cards.workers.text", {
            suspended: n(figures.suspendedStandings),
            training: n(figures.trainingWorkers),
            low: n(figures.lowAccuracy),
          })
        : t("home.cards.workers.idle"),
    },
    {
      id: "gold",
      to: "/moderation/gold-tasks",
      title: t("home.cards.gold.title"),
      text: figures
        ? t("home.cards.gold.text", { gold: n(figures.goldTasks), training: n(figures.trainingTasks) })
        : t("home.cards.gold.idle"),
    },
    {
      id: "domains",
      to: "/editor/manual-domains",
      title: t("home.cards.domains.title"),
      text:
        figures && figures.manualDomains !== null
          ? t("home.cards.domains.text", { count: figures.manualDomains, shown: n(figures.manualDomains) })
          : t("home.cards.domains.idle"),
    },
    {
      id: "software",
      to: "/software/moderation",
      title: t("home.cards.software.title"),
      text: figures
        ? t("home.cards.software.text", {
            programs: n(figures.pendingPrograms),
            reviews: n(figures.pendingReviews),
          })
        : t("home.cards.software.idle"),
    },
    {
      id: "tickets",
      to: "/support/tickets",
      title: t("home.cards.tickets.title"),
      text: figures
        ? t("home.cards.tickets.text", { count: figures.openTickets, shown: n(figures.openTickets) })
        : t("home.cards.tickets.idle"),
    },
    {
      id: "content",
      to: "/editor/blog",
      title: t("home.cards.content.title"),
      text: t("home.cards.content.text"),
    },
  ]

  return (
    <ModerationLayout
      page="home"
      titleId="moderation-home-title"
      title={t("home.title")}
      lead={t("home.lead")}
    >
      <section aria-labelledby="moderation-figures" className="flex flex-col gap-4">
        <h2 id="moderation-figures" className="text-xl font-semibold">
          {t("home.figures")}
        </h2>
        <StatGroup columns={4} aria-busy={loading || undefined}>
          <Stat loading={loading} label={t("home.stats.suspended")} value={n(figures?.suspendedWorkers)} />
          <Stat loading={loading} label={t("home.stats.reviews")} value={n(figures?.pendingReviews)} />
          <Stat loading={loading} label={t("home.stats.tickets")} value={n(figures?.openTickets)} />
          <Stat loading={loading} label={t("home.stats.domains")} value={n(figures?.manualDomains)} />
        </StatGroup>
      </section>
      <section aria-labelledby="moderation-places" className="flex flex-col gap-4">
        <h2 id="moderation-places" className="text-xl font-semibold">
          {t("home.places")}
        </h2>
        <LinkCardGrid items={cards} />
      </section>
    </ModerationLayout>
  )
}
