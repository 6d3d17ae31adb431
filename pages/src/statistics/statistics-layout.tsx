import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  CalendarIcon,
  GlobeIcon,
  StarIcon,
  SuccessIcon,
  UploadIcon,
  UserIcon,
  WalletIcon,
  type SidebarSection,
} from "@manyhands/design-system"
import { STAT_GRAPH_PAGES, STAT_GRAPHS, type StatGraph } from "@manyhands/contract/statistics"
import { AreaLayout } from "../blocks"
import { NS } from "./parts"

/** The overview of the public statistics. */
export const STATISTICS_PATH = "/public_statistics"

/** The address of a graph's page: /public_statistics/customer-rate … */
export const graphPath = (graph: StatGraph) => `${STATISTICS_PATH}/${STAT_GRAPH_PAGES[graph]}`

const icons: Record<StatGraph, ReactNode> = {
  devprice: <WalletIcon />,
  devspeed: <SuccessIcon />,
  devload: <UploadIcon />,
  devonline: <UserIcon />,
  workspeed: <CalendarIcon />,
  workprice: <StarIcon />,
}

/**
 * A graph page of the public statistics: its h1 and lead, the navigation among the overview and the six graphs
 * (a column beside the content from `md` up, a row above it on phones), and the page's content.
 */
export function StatisticsLayout({ graph, children }: { graph: StatGraph; children: ReactNode }) {
  const { t } = useTranslation(NS)
  const nav: SidebarSection[] = [
    {
      items: [{ label: t("nav.overview"), href: STATISTICS_PATH, icon: <GlobeIcon />, active: false }],
    },
    {
      title: t("nav.customers"),
      items: (["devprice", "devspeed", "devload"] as const).map((id) => ({
        label: t(`graphs.${id}.nav`),
        href: graphPath(id),
        icon: icons[id],
        active: id === graph,
      })),
    },
    {
      title: t("nav.workers"),
      items: (["devonline", "workspeed", "workprice"] as const).map((id) => ({
        label: t(`graphs.${id}.nav`),
        href: graphPath(id),
        icon: icons[id],
        active: id === graph,
      })),
    },
  ]
  return (
    <AreaLayout
      titleId={`stat-${graph}-title`}
      eyebrow={t("nav.eyebrow")}
      title={t(`graphs.${graph}.title`)}
      lead={t(`graphs.${graph}.lead`)}
      navLabel={t("nav.label")}
      nav={nav}
    >
      {children}
    </AreaLayout>
  )
}

/** Every graph in the order the pages list them. */
export const GRAPHS_IN_ORDER: readonly StatGraph[] = STAT_GRAPHS
