import { useState } from "react"
import { useTranslation } from "react-i18next"
import {
  BarChart,
  Breadcrumbs,
  Button,
  ButtonGroup,
  Card,
  CardBody,
  ErrorState,
  Skeleton,
  Stat,
  DataTable,
  useFormatter,
  type TableColumn,
} from "@manyhands/design-system"
import { catalogApi, type SoftwareStatistics } from "@manyhands/contract/catalog"
import { useApi } from "../api"
import { renderRouterLink } from "../blocks"
import { MissingItem } from "../layout/missing-item"
import { Section } from "../layout/section"
import { NS } from "./software-card"

export interface SoftwareStatisticsScreenProps {
  /** GET /api/v2/software/statistics/{slug}/public, the last 7 days, preloaded by the route; missing: none. */
  softwareStatistics?: SoftwareStatistics
}

/** The windows a reader picks from (days, today included). */
const WINDOWS = [7, 30, 90] as const

const dayOf = (date: Date) => date.toISOString().slice(0, 10)

type TypeRow = SoftwareStatistics["types"][number]

/**
 * /software/statistic/{slug}: a program's public usage through its soft_id — tasks per day, how many were
 * solved or unsolvable, the median solve time, the captcha types and how many accounts — over the last 7, 30 or
 * 90 days. Real traffic only: nothing here is entered by the program's author.
 */
export function SoftwareStatisticsScreen({ softwareStatistics }: SoftwareStatisticsScreenProps) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const { t: common } = useTranslation("common")
  const [days, setDays] = useState<(typeof WINDOWS)[number]>(7)
  const slug = softwareStatistics?.slug ?? ""
  const today = softwareStatistics ? new Date(`${softwareStatistics.dateTo}T00:00:00Z`) : new Date()
  const from = dayOf(new Date(today.getTime() - (days - 1) * 86_400_000))
  const answer = useApi<SoftwareStatistics>(
    softwareStatistics && days !== 7
      ? catalogApi.statistics.url({ slug }, { dateFrom: from, dateTo: softwareStatistics.dateTo })
      : null,
  )
  if (!softwareStatistics)
    return (
      <MissingItem
        title={t("item.notFound.title")}
        lead={t("item.notFound.lead")}
        back={{ to: "/software", label: t("item.notFound.back") }}
      />
    )
  const stats = days === 7 ? softwareStatistics : (answer.data ?? answer.last)
  const share = (part: number, whole: number) => (whole > 0 ? format.percent(part / whole) : "—")
  const columns: TableColumn<TypeRow>[] = [
    {
      key: "type",
      header: t("statistics.type"),
      rowHeader: true,
      cell: (row) => common(`captchaTypes.${row.type}`, { defaultValue: row.type }),
    },
    {
      key: "tasks",
      header: t("statistics.tasks"),
      align: "numeric",
      cell: (row) => format.number(row.tasks),
    },
    {
      key: "solved",
      header: t("statistics.solvedShare"),
      align: "numeric",
      cell: (row) => share(row.solved, row.tasks),
    },
    {
      key: "unsolvable",
      header: t("statistics.unsolvableShare"),
      align: "numeric",
      cell: (row) => share(row.unsolvable, row.tasks),
    },
  ]
  return (
    <Section>
      <Breadcrumbs
        className="mb-4"
        items={[
          { label: t("list.eyebrow"), href: "/software" },
          { label: softwareStatistics.name, href: `/software/${slug}` },
          { label: t("statistics.crumb") },
        ]}
        renderLink={renderRouterLink}
      />
      <h1 className="mb-2 text-3xl font-bold tracking-tight text-foreground">
        {t("statistics.title", { name: softwareStatistics.name })}
      </h1>
      <p className="mb-6 max-w-3xl text-base text-muted-foreground">{t("statistics.lead")}</p>
      <div className="mb-6 flex flex-col gap-1.5">
        <span id="statistics-window" className="text-sm font-medium text-foreground">
          {t("statistics.window")}
        </span>
        <ButtonGroup aria-labelledby="statistics-window">
          {WINDOWS.map((option) => (
            <Button
              key={option}
              variant={days === option ? "primary" : "primary-light"}
              aria-pressed={days === option}
              onClick={() => setDays(option)}
            >
              {t("statistics.lastDays", { count: option })}
            </Button>
          ))}
        </ButtonGroup>
      </div>
      {answer.failure && days !== 7 ? (
        <ErrorState
          title={t("statistics.loadFailed")}
          description={answer.failure}
          onRetry={answer.retry}
          retryLabel={t("list.retry")}
        />
      ) : !stats ? (
        <Skeleton shape="rect" className="h-96" />
      ) : (
        <div className="flex flex-col gap-6" aria-live="polite">
          <p className="text-sm text-muted-foreground">
            {t("statistics.period", {
              from: format.date(stats.dateFrom, "long"),
              to: format.date(stats.dateTo, "long"),
            })}
          </p>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Stat label={t("statistics.tasks")} value={format.number(stats.totals.tasks)} />
            <Stat
              label={t("statistics.solvedShare")}
              value={share(stats.totals.solved, stats.totals.tasks)}
            />
            <Stat
              label={t("statistics.unsolvableShare")}
              value={share(stats.totals.unsolvable, stats.totals.tasks)}
            />
            <Stat
              label={t("statistics.median")}
              value={
                stats.totals.medianSolveSeconds === null
                  ? "—"
                  : t("statistics.seconds", { n: format.number(stats.totals.medianSolveSeconds) })
              }
            />
          </div>
          <p className="text-sm text-muted-foreground">
            {t("statistics.customers", {
              count: stats.totals.customers,
              n: format.number(stats.totals.customers),
            })}
          </p>
          <Card>
            <CardBody>
              <BarChart
                stacked
                data={stats.days.map((day) => ({
                  date: day.date,
                  solved: day.solved,
                  unsolvable: day.unsolvable,
                  waiting: day.tasks - day.solved - day.unsolvable,
                }))}
                x="date"
                series={[
                  { key: "solved", label: t("statistics.solved"), color: 2 },
                  { key: "unsolvable", label: t("statistics.unsolvable"), color: 4 },
                  { key: "waiting", label: t("statistics.waiting"), color: 1 },
                ]}
                title={t("statistics.perDay")}
                description={t("statistics.perDayLead")}
                xLabel={t("statistics.day")}
                emptyMessage={t("statistics.none")}
              />
            </CardBody>
          </Card>
          <section aria-labelledby="statistics-types" className="flex flex-col gap-3">
            <h2 id="statistics-types" className="text-lg font-semibold text-foreground">
              {t("statistics.types")}
            </h2>
            {stats.types.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("statistics.none")}</p>
            ) : (
              <DataTable
                caption={t("statistics.types")}
                captionHidden
                columns={columns}
                rows={stats.types}
                getRowId={(row) => row.type}
                size="sm"
              />
            )}
          </section>
        </div>
      )}
    </Section>
  )
}
