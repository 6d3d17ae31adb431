import { useTranslation } from "react-i18next"
import { ErrorState, SearchIcon, DataTable, useFormatter, type TableColumn } from "@manyhands/design-system"
import { InlineCode } from "../../blocks"
import { DashboardCard } from "../../customer/dashboard/dashboard-card"
import { todayIn } from "../../customer/statistics/shared/days"
import { useApi, withQueryString } from "../../api"
import {
  DIRECT_SOURCE,
  partnerApi,
  type PartnerSources,
  type SourceRow,
  type UtmRow,
} from "@manyhands/contract/affiliate"
import { AffiliateLayout } from "../affiliate-layout"
import { usePartnerWindow, WindowCard } from "../shared/partner-window"

export interface SourcesScreenProps {
  /** GET /api/v2/partner/sources for the last 30 days, preloaded by the route. */
  partnerSources?: PartnerSources
  /** Today (UTC) as YYYY-MM-DD; the server's (or the clock's) unless a story fixes it. */
  today?: string
}

const TOTAL = "\u0000total"

/**
 * /partner/materials/invited-referrals-sources: where the partner's visitors and sign-ups came from in a window of
 * days, by source (the link's &source=, else the referring site) and by the UTM tags of the sign-ups.
 */
export default function SourcesScreen({ partnerSources, today }: SourcesScreenProps) {
  const { t } = useTranslation("partner")
  const format = useFormatter()
  const range = usePartnerWindow(today ?? partnerSources?.to ?? todayIn("UTC"))
  const sources = useApi(withQueryString(partnerApi.sources.url(), range.query), {
    initial: range.query === "" ? partnerSources : undefined,
  })
  const period = t("window.shown", {
    from: format.date(range.shown.from, "long"),
    to: format.date(range.shown.to, "long"),
  })
  // The same days without "Showing", for the table's caption.
  const days = t("window.days", {
    from: format.date(range.shown.from, "long"),
    to: format.date(range.shown.to, "long"),
  })
  return (
    <AffiliateLayout page="sources" title={t("sources.title")} lead={t("sources.lead")}>
      <WindowCard {...range.picker} />
      <p role="status" className="text-sm text-muted-foreground">
        {sources.loading ? t("sources.loading") : period}
      </p>
      {sources.failure ? (
        <ErrorState
          size="section"
          titleAs="h2"
          title={t("sources.error")}
          description={sources.failure}
          onRetry={sources.retry}
          retryLabel={t("retry")}
        />
      ) : (
        <>
          <BySource rows={sources.data?.bySource} period={days} />
          <ByUtm rows={sources.data?.byUtm} period={days} />
        </>
      )}
    </AffiliateLayout>
  )
}

function BySource({ rows, period }: { rows: SourceRow[] | undefined; period: string }) {
  const { t } = useTranslation("partner")
  const format = useFormatter()
  const strong = (row: SourceRow, text: string) =>
    row.source === TOTAL ? <strong className="font-semibold">{text}</strong> : text
  const columns: TableColumn<SourceRow>[] = [
    {
      key: "source",
      header: t("sources.bySource.source"),
      rowHeader: true,
      cell: (row) =>
        row.source === TOTAL ? (
          <strong className="font-semibold">{t("sources.total")}</strong>
        ) : row.source === DIRECT_SOURCE ? (
          t("sources.direct")
        ) : (
          <span className="break-all">{row.source}</span>
        ),
    },
    ...(["clicks", "uniqueClicks", "signUps"] as const).map((key): TableColumn<SourceRow> => ({
      key,
      header: t(`sources.bySource.${key}`),
      align: "numeric",
      cell: (row) => strong(row, format.number(row[key])),
    })),
  ]
  const total = rows?.reduce(
    (sum, row) => ({
      ...sum,
      clicks: sum.clicks + row.clicks,
      uniqueClicks: sum.uniqueClicks + row.uniqueClicks,
      signUps: sum.signUps + row.signUps,
    }),
    { source: TOTAL, clicks: 0, uniqueClicks: 0, signUps: 0 },
  )
  return (
    <DashboardCard
      id="sources-by-source"
      title={t("sources.bySource.title")}
      description={
        <>
          {t("sources.bySource.description")} <InlineCode>&amp;source=youtube</InlineCode>
        </>
      }
    >
      <DataTable
        caption={t("sources.bySource.caption", { period })}
        captionHidden
        size="sm"
        columns={columns}
        rows={rows && total && rows.length > 0 ? [...rows, total] : []}
        getRowId={(row) => row.source}
        loading={!rows}
        loadingRows={4}
        empty={{
          titleAs: "h3",
          icon: <SearchIcon />,
          title: t("sources.bySource.empty.title"),
          description: t("sources.bySource.empty.description"),
        }}
      />
    </DashboardCard>
  )
}

function ByUtm({ rows, period }: { rows: UtmRow[] | undefined; period: string }) {
  const { t } = useTranslation("partner")
  const format = useFormatter()
  const tag = (value: string) =>
    value === "" ? (
      <span className="text-muted-foreground">{t("sources.byUtm.none")}</span>
    ) : (
      <span className="font-mono text-[0.8125rem] break-all">{value}</span>
    )
  const columns: TableColumn<UtmRow>[] = [
    { key: "utmSource", header: "utm_source", rowHeader: true, cell: (row) => tag(row.utmSource) },
    { key: "utmMedium", header: "utm_medium", cell: (row) => tag(row.utmMedium) },
    { key: "utmCampaign", header: "utm_campaign", cell: (row) => tag(row.utmCampaign) },
    {
      key: "signUps",
      header: t("sources.byUtm.signUps"),
      align: "numeric",
      cell: (row) => format.number(row.signUps),
    },
  ]
  return (
    <DashboardCard
      id="sources-by-utm"
      title={t("sources.byUtm.title")}
      description={t("sources.byUtm.description")}
    >
      <DataTable
        caption={t("sources.byUtm.caption", { period })}
        captionHidden
        size="sm"
        columns={columns}
        rows={rows ?? []}
        getRowId={(row) => `${row.utmSource}\u0000${row.utmMedium}\u0000${row.utmCampaign}`}
        loading={!rows}
        loadingRows={3}
        empty={{
          titleAs: "h3",
          icon: <SearchIcon />,
          title: t("sources.byUtm.empty.title"),
          description: t("sources.byUtm.empty.description"),
        }}
      />
    </DashboardCard>
  )
}
