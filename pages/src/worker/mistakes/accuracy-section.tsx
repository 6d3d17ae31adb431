import { useTranslation } from "react-i18next"
import {
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  LineChart,
  Skeleton,
  SkeletonGroup,
  DataTable,
  useFormatter,
  type TableColumn,
} from "@manyhands/design-system"
import type { MistakesData } from "@manyhands/contract/worker"

type AccuracyDay = MistakesData["accuracy"][number]

interface TypeAccuracy {
  type: string
  checked: number
  correct: number
  days: { date: string; accuracy: number; checked: number }[]
}

/** Per type, most checked first: the 30 days' totals and the days on which answers were checked. */
function byType(accuracy: readonly AccuracyDay[]): TypeAccuracy[] {
  const types = new Map<string, TypeAccuracy>()
  for (const day of accuracy) {
    if (day.checked <= 0) continue
    const entry = types.get(day.type) ?? { type: day.type, checked: 0, correct: 0, days: [] }
    entry.checked += day.checked
    entry.correct += day.correct
    entry.days.push({ date: day.date, accuracy: day.correct / day.checked, checked: day.checked })
    types.set(day.type, entry)
  }
  for (const entry of types.values()) entry.days.sort((a, b) => (a.date < b.date ? -1 : 1))
  return [...types.values()].sort((a, b) => b.checked - a.checked || (a.type < b.type ? -1 : 1))
}

/**
 * Accuracy by type over the last 30 days: a small line chart per type (the share of checked answers that were
 * right, per day with checks; each chart can show itself as a table) and a table of the 30 days' totals.
 */
export function AccuracySection({ accuracy }: { accuracy?: MistakesData["accuracy"] }) {
  const { t } = useTranslation("worker-area")
  const format = useFormatter()
  const types = accuracy ? byType(accuracy) : []
  const typeName = (type: string) => t(`common:captchaTypes.${type}`, { defaultValue: type })

  const columns: TableColumn<TypeAccuracy>[] = [
    { key: "type", header: t("accuracy.columns.type"), rowHeader: true, cell: (row) => typeName(row.type) },
    {
      key: "checked",
      header: t("accuracy.columns.checked"),
      align: "numeric",
      cell: (row) => format.number(row.checked),
    },
    {
      key: "correct",
      header: t("accuracy.columns.correct"),
      align: "numeric",
      cell: (row) => format.number(row.correct),
    },
    {
      key: "accuracy",
      header: t("accuracy.columns.accuracy"),
      align: "numeric",
      cell: (row) => format.percent(row.correct / row.checked, 1),
    },
  ]

  return (
    <Card asChild className="gap-5">
      <section aria-labelledby="accuracy-title">
        <CardHeader>
          <CardTitle as="h2" id="accuracy-title">
            {t("accuracy.title")}
          </CardTitle>
          <CardDescription>{t("accuracy.description")}</CardDescription>
        </CardHeader>
        <CardBody className="flex flex-col gap-6">
          {!accuracy ? (
            <SkeletonGroup className="grid gap-4 md:grid-cols-2">
              <Skeleton shape="rect" className="h-44" />
              <Skeleton shape="rect" className="h-44" />
            </SkeletonGroup>
          ) : types.length === 0 ? (
            <EmptyState
              variant="dashed"
              size="sm"
              titleAs="h3"
              title={t("accuracy.empty.title")}
              description={t("accuracy.empty.text")}
            />
          ) : (
            <ul className="grid gap-4 md:grid-cols-2" aria-label={t("accuracy.chartsLabel")}>
              {types.map((entry) => (
                <li key={entry.type} className="rounded-md border border-border p-4">
                  <LineChart
                    title={typeName(entry.type)}
                    description={t("accuracy.chartDescription", {
                      accuracy: format.percent(entry.correct / entry.checked, 1),
                      checked: format.number(entry.checked),
                    })}
                    data={entry.days}
                    x="date"
                    xLabel={t("accuracy.day")}
                    series={[{ key: "accuracy", label: t("accuracy.series"), color: 1 }]}
                    format="percent"
                    yMin={0}
                    yMax={1}
                    height={140}
                  />
                </li>
              ))}
            </ul>
          )}
          {accuracy && types.length === 0 ? null : (
            <DataTable
              caption={t("accuracy.tableCaption")}
              columns={columns}
              rows={types}
              getRowId={(row) => row.type}
              loading={!accuracy}
              loadingRows={3}
              size="sm"
            />
          )}
        </CardBody>
      </section>
    </Card>
  )
}
