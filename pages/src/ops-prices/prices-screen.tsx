import { useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Badge,
  Card,
  CardBody,
  ErrorState,
  DataTable,
  useFormatter,
  type TableColumn,
} from "@manyhands/design-system"
import { ConfirmDialog } from "../admin-lists"
import { NoticeRegion, RowDialogButton, actionsColumn, useRowDialog, type Notice } from "../blocks"
import { useApi } from "../api"
import { Section } from "../layout/section"
import { useShellServices } from "../shell-context"
import {
  opsPricesApi,
  type PriceCell,
  type PriceRow,
  type PriceTable,
  type PriceVersion,
} from "@manyhands/contract/ops-prices"
import { ScheduleDialog } from "./schedule-dialog"

export interface PricesScreenProps {
  /** GET /api/v1/ops/prices: every type's prices per currency, preloaded by the route. */
  priceTable?: PriceTable
}

/** A scheduled version with what it belongs to, for the cancel question. */
interface Scheduled {
  type: string
  currency: string
  version: PriceVersion
}

/**
 * /admin/prices: per captcha type and currency the customer's price and the worker's pay in force and those
 * scheduled; a new price is scheduled (now or at a time) in a dialog that previews its margin and yesterday's
 * volume at it, and a scheduled one can be cancelled before its time.
 */
export default function PricesScreen({ priceTable }: PricesScreenProps) {
  const { t } = useTranslation("ops-prices")
  const format = useFormatter()
  const { api } = useShellServices()
  const table = useApi<PriceTable>(opsPricesApi.table.url(), { initial: priceTable })
  const [notice, setNotice] = useState<Notice | null>(null)
  const [scheduling, setScheduling] = useState<PriceRow | null>(null)
  const cancelling = useRowDialog<Scheduled>()

  const cell = (row: PriceRow, cellOf: PriceCell) => (
    <span className="flex flex-col gap-1 text-sm">
      {cellOf.current ? (
        <>
          <span className="font-semibold tabular-nums">{cellOf.current.perThousand}</span>
          <span className="text-muted-foreground tabular-nums">
            {t("cell.pay", {
              pay: cellOf.current.workerPerThousand,
              margin: cellOf.current.marginPerThousand,
            })}
          </span>
        </>
      ) : (
        <span className="text-muted-foreground">{t("cell.none")}</span>
      )}
      {cellOf.scheduled.map((version) => (
        <span key={version.id} className="flex flex-wrap items-center gap-2">
          <Badge tone="info" size="sm" wrap>
            {t("cell.scheduled", {
              price: version.perThousand,
              date: format.dateTime(version.effectiveFrom),
            })}
          </Badge>
          <RowDialogButton
            name={t("cancelOf", {
              type: row.type,
              currency: cellOf.currency,
              price: version.perThousand,
              date: format.dateTime(version.effectiveFrom),
            })}
            onOpen={(button) =>
              cancelling.open({ type: row.type, currency: cellOf.currency, version }, button)
            }
          >
            {t("cancelScheduled")}
          </RowDialogButton>
        </span>
      ))}
    </span>
  )

  const currencies = table.data?.types[0]?.currencies.map((c) => c.currency) ?? ["USD", "RUB", "EUR"]
  const columns: TableColumn<PriceRow>[] = [
    {
      key: "type",
      header: t("columns.type"),
      rowHeader: true,
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <span className="font-mono font-medium break-all">{row.type}</span>
          <span className="text-sm text-muted-foreground">
            {t(`kinds.${row.kind}`)}
            {row.enabled ? "" : ` · ${t("disabled")}`}
          </span>
        </span>
      ),
    },
    ...currencies.map((currency): TableColumn<PriceRow> => ({
      key: currency,
      header: t("columns.currency", { currency }),
      cell: (row) => {
        const found = row.currencies.find((c) => c.currency === currency)
        return found ? cell(row, found) : null
      },
    })),
    actionsColumn(t("columns.actions"), (row) => (
      <RowDialogButton name={t("scheduleOf", { type: row.type })} onOpen={() => setScheduling(row)}>
        {t("schedule")}
      </RowDialogButton>
    )),
  ]

  const forbidden = table.error?.status === 403 || table.error?.status === 401

  return (
    <Section labelledBy="ops-prices-title" className="min-h-[60vh]">
      <div className="flex max-w-3xl flex-col gap-2">
        <p className="text-sm font-semibold text-primary">{t("eyebrow")}</p>
        <h1 id="ops-prices-title" className="text-3xl font-bold tracking-tight text-balance">
          {t("title")}
        </h1>
        <p className="text-pretty text-muted-foreground">{t("lead")}</p>
      </div>
      <div className="mt-8 flex min-w-0 flex-col gap-6">
        <NoticeRegion notice={notice} onDismiss={() => setNotice(null)} dismissLabel={t("dismiss")} />
        {forbidden ? (
          <ErrorState
            size="section"
            titleAs="h2"
            title={t("forbidden.title")}
            description={t("forbidden.text")}
            retryLabel={t("retry")}
            onRetry={table.retry}
          />
        ) : table.error ? (
          <ErrorState
            size="section"
            titleAs="h2"
            title={t("error")}
            description={table.failure ?? undefined}
            retryLabel={t("retry")}
            onRetry={table.retry}
          />
        ) : (
          <Card>
            <CardBody>
              <DataTable
                caption={t("caption")}
                columns={columns}
                rows={table.data?.types ?? []}
                getRowId={(row) => row.type}
                loading={table.loading}
                loadingRows={5}
                empty={{ titleAs: "h2", title: t("empty.title"), description: t("empty.text") }}
              />
            </CardBody>
          </Card>
        )}
      </div>
      <ScheduleDialog
        row={scheduling}
        onClose={() => setScheduling(null)}
        onScheduled={(row, version, currency) => {
          setScheduling(null)
          setNotice({
            tone: "success",
            text: t("notice.scheduled", {
              type: row.type,
              currency,
              price: version.perThousand,
              date: format.dateTime(version.effectiveFrom),
            }),
          })
          table.retry()
        }}
      />
      <ConfirmDialog
        dialog={cancelling}
        title={(subject) => t("cancel.title", { type: subject.type, currency: subject.currency })}
        description={(subject) =>
          t("cancel.text", {
            price: subject.version.perThousand,
            date: format.dateTime(subject.version.effectiveFrom),
          })
        }
        cancelLabel={t("keep")}
        confirmLabel={t("cancel.confirm")}
        confirm={(subject) => api.send("DELETE", opsPricesApi.cancel.url({ id: subject.version.id }))}
        onConfirmed={(_answer, subject) => {
          setNotice({
            tone: "success",
            text: t("notice.cancelled", { type: subject.type, currency: subject.currency }),
          })
          table.retry()
        }}
        ends={(failure) => failure.status === 409 || failure.status === 404}
        onRefused={(failure) => {
          setNotice({ tone: "warning", text: failure.message })
          table.retry()
        }}
      />
    </Section>
  )
}
