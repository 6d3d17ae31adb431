import { useTranslation } from "react-i18next"
import { DataTable, useFormatter, type TableColumn } from "@manyhands/design-system"
import type { TypeFigures } from "@manyhands/contract/statistics"
import { useTypeName } from "../../customer/statistics/shared/captcha-types"
import { NS, useStatFormat } from "../parts"

/**
 * Every captcha type's last 24 hours: tasks sent and solved, the median and 90th percentile solve time, the
 * unsolvable share, the workers' load and how many are online. The busiest types first.
 */
export function TypeTable({
  types,
  loading,
}: {
  types: readonly TypeFigures[] | undefined
  loading: boolean
}) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const stat = useStatFormat()
  const typeName = useTypeName()
  const rows = [...(types ?? [])].sort(
    (a, b) => b.created - a.created || b.solved - a.solved || a.type.localeCompare(b.type),
  )

  const columns: TableColumn<TypeFigures>[] = [
    {
      key: "type",
      header: t("types.columns.type"),
      rowHeader: true,
      cell: (row) => (
        <span className="flex flex-col">
          <span className="font-medium">{typeName(row.type)}</span>
          <span className="text-xs text-muted-foreground">{t(`kind.${row.kind}`)}</span>
        </span>
      ),
    },
    {
      key: "created",
      header: t("types.columns.created"),
      align: "numeric",
      cell: (row) => format.number(row.created),
    },
    {
      key: "solved",
      header: t("types.columns.solved"),
      align: "numeric",
      cell: (row) => format.number(row.solved),
    },
    {
      key: "p50Ms",
      header: t("types.columns.p50"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (row) => stat.ms(row.p50Ms),
    },
    {
      key: "p90Ms",
      header: t("types.columns.p90"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (row) => stat.ms(row.p90Ms),
    },
    {
      key: "unsolvableRate",
      header: t("types.columns.unsolvable"),
      align: "numeric",
      cell: (row) => stat.ratio(row.unsolvableRate),
    },
    {
      key: "load",
      header: t("types.columns.load"),
      align: "numeric",
      cell: (row) => stat.ratio(row.load),
    },
    {
      key: "workersOnline",
      header: t("types.columns.workers"),
      align: "numeric",
      cell: (row) => format.number(row.workersOnline),
    },
  ]

  return (
    <DataTable
      caption={t("types.caption")}
      captionHidden
      columns={columns}
      rows={rows}
      getRowId={(row) => row.type}
      size="sm"
      loading={loading}
      loadingRows={6}
      empty={{ title: t("types.empty.title"), description: t("types.empty.description") }}
    />
  )
}
