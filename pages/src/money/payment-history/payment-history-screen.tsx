import { useId, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import {
  Button,
  Card,
  CardBody,
  ErrorState,
  Field,
  FileIcon,
  SearchIcon,
  Select,
  Table,
  WalletIcon,
  useFormatter,
  type EmptyStateProps,
  type TableColumn,
} from "@manyhands/design-system"
import { LinkButton, useMicroMoney } from "../../blocks"
import { useQueryData } from "../../customer/statistics/shared/use-query-data"
import { MONEY_URLS, type Movement, type MovementStatus, type MovementType, type Page } from "../money-data"
import { MONEY_PAGES, MoneyLayout } from "../money-layout"
import { MOVEMENT_STATUSES, StatusBadge } from "../shared/money-parts"
import { MOVEMENT_TYPES, useMovementWords } from "./movement-facts"
import { ReceiptDialog } from "./receipt-dialog"

/** A Select's value for "any" (Radix Select takes no empty value). */
const ALL = "all"

interface Filters {
  type: MovementType | ""
  status: MovementStatus | ""
  page: number
}

const NO_FILTERS: Filters = { type: "", status: "", page: 1 }

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | "" =>
  (values as readonly (string | null)[]).includes(value) ? (value as T) : ""

/** The filters in the address (?type=&status=&page=); anything unknown is left out (an edited address). */
function readFilters(params: URLSearchParams): Filters {
  const page = Number(params.get("page"))
  return {
    type: oneOf(MOVEMENT_TYPES, params.get("type")),
    status: oneOf(MOVEMENT_STATUSES, params.get("status")),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  }
}

/** The filters as the balance history API takes them, "" when none is set (the route's preloaded first page). */
function filterQuery(filters: Filters): string {
  const query = new URLSearchParams()
  if (filters.type) query.set("type", filters.type)
  if (filters.status) query.set("status", filters.status)
  if (filters.page > 1) query.set("page", String(filters.page))
  return query.toString()
}

export interface PaymentHistoryScreenProps {
  /** The route's preloaded first page, without filters. */
  balanceHistory?: Page<Movement>
  /** Prints the open receipt; the browser's print unless a story watches it. */
  print?: () => void
}

/**
 * /pay/history_payment: everything that moved the user's balance but captcha charges — top-ups in every state,
 * vouchers and promo codes, transfers either way, refunds, adjustments — newest first, as a paged table filtered
 * by type and status, each with its receipt. The filters and page live in the address.
 */
export default function PaymentHistoryScreen({
  balanceHistory,
  print = () => window.print(),
}: PaymentHistoryScreenProps) {
  const { t } = useTranslation("money")
  const format = useFormatter()
  const money = useMicroMoney()
  const words = useMovementWords()
  const [params, setParams] = useSearchParams()
  const filters = readFilters(params)
  const list = useQueryData(MONEY_URLS.balanceHistory, filterQuery(filters), balanceHistory)
  const [receipt, setReceipt] = useState<Movement | null>(null)
  // The row's button that opened the receipt: the focus goes back to it when the receipt closes.
  const opener = useRef<HTMLElement | null>(null)
  const closeReceipt = () => {
    setReceipt(null)
    requestAnimationFrame(() => opener.current?.focus())
  }
  const headingId = useId()

  const apply = (next: Filters) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current)
        for (const key of ["type", "status", "page"]) merged.delete(key)
        for (const [key, value] of new URLSearchParams(filterQuery(next))) merged.set(key, value)
        return merged
      },
      { replace: true, preventScrollReset: true },
    )

  const data = list.data
  const known = data ?? list.last
  const pageCount = known ? Math.max(1, Math.ceil(known.total / Math.max(1, known.pageSize))) : 0

  const columns: TableColumn<Movement>[] = [
    {
      key: "createdAt",
      header: t("history.columns.createdAt"),
      rowHeader: true,
      cell: (movement) => (
        <span className="@min-[40rem]:whitespace-nowrap">{format.dateTime(movement.createdAt)}</span>
      ),
    },
    {
      key: "movement",
      header: t("history.columns.movement"),
      cell: (movement) => {
        const { kind, detail } = words(movement)
        return (
          <span className="flex flex-col">
            <span className="font-medium text-foreground">{kind}</span>
            <span className="text-sm break-words text-muted-foreground">{detail}</span>
          </span>
        )
      },
    },
    {
      key: "amount",
      header: t("history.columns.amount"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (movement) => (
        <span className={movement.status === "succeeded" ? undefined : "text-muted-foreground"}>
          {money(movement.amount, movement.currency, { signed: true })}
        </span>
      ),
    },
    {
      key: "status",
      header: t("history.columns.status"),
      cell: (movement) => <StatusBadge status={movement.status} />,
    },
    {
      key: "receipt",
      header: <span className="sr-only">{t("history.columns.receipt")}</span>,
      label: t("history.columns.receipt"),
      align: "end",
      cell: (movement) => (
        <Button
          variant="tertiary"
          aria-label={t("history.receiptOf", {
            kind: words(movement).kind,
            amount: money(movement.amount, movement.currency, { signed: true }),
            date: format.dateTime(movement.createdAt),
          })}
          aria-haspopup="dialog"
          onClick={(event) => {
            opener.current = event.currentTarget
            setReceipt(movement)
          }}
        >
          <FileIcon aria-hidden="true" />
          {t("history.receipt")}
        </Button>
      ),
    },
  ]

  const empty: EmptyStateProps =
    filters.type || filters.status
      ? {
          icon: <SearchIcon />,
          title: t("history.empty.filtered.title"),
          description: t("history.empty.filtered.description"),
          action: (
            <Button variant="secondary" onClick={() => apply(NO_FILTERS)}>
              {t("history.filter.reset")}
            </Button>
          ),
        }
      : data && data.total > 0
        ? {
            title: t("history.empty.page.title"),
            action: (
              <Button variant="secondary" onClick={() => apply({ ...filters, page: 1 })}>
                {t("history.empty.page.action")}
              </Button>
            ),
          }
        : {
            icon: <WalletIcon />,
            title: t("history.empty.none.title"),
            description: t("history.empty.none.description"),
            action: <LinkButton to={MONEY_PAGES.topUp.href}>{t("history.empty.none.action")}</LinkButton>,
          }

  const status = list.failure
    ? ""
    : list.loading
      ? t("history.status.loading")
      : data && data.items.length > 0
        ? t("history.status.shown", {
            from: format.number((data.page - 1) * data.pageSize + 1),
            to: format.number((data.page - 1) * data.pageSize + data.items.length),
            total: format.number(data.total),
          })
        : t("history.status.none")

  return (
    <MoneyLayout
      page="history"
      titleId="payment-history-title"
      title={t("history.title")}
      lead={t("history.lead")}
      actions={<LinkButton to={MONEY_PAGES.topUp.href}>{t("history.topUp")}</LinkButton>}
    >
      <Card>
        <CardBody className="flex flex-col gap-4 sm:flex-row">
          <Field label={t("history.filter.type")} className="w-full sm:w-60">
            <Select
              name="type"
              value={filters.type || ALL}
              onValueChange={(value) =>
                apply({ ...filters, type: value === ALL ? "" : (value as MovementType), page: 1 })
              }
              options={[
                { value: ALL, label: t("history.filter.allTypes") },
                ...MOVEMENT_TYPES.map((value) => ({ value, label: t(`movements.types.${value}`) })),
              ]}
            />
          </Field>
          <Field label={t("history.filter.status")} className="w-full sm:w-60">
            <Select
              name="status"
              value={filters.status || ALL}
              onValueChange={(value) =>
                apply({ ...filters, status: value === ALL ? "" : (value as MovementStatus), page: 1 })
              }
              options={[
                { value: ALL, label: t("history.filter.all") },
                ...MOVEMENT_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
              ]}
            />
          </Field>
        </CardBody>
      </Card>
      <section aria-labelledby={headingId} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id={headingId} className="text-lg font-semibold text-foreground">
            {t("history.listTitle")}
          </h2>
          <p role="status" className="text-sm text-muted-foreground tabular-nums">
            {status}
          </p>
        </div>
        {list.failure ? (
          <ErrorState
            size="section"
            title={t("history.error")}
            description={list.failure}
            onRetry={list.retry}
            retryLabel={t("history.retry")}
          />
        ) : (
          <Table
            caption={t("history.caption")}
            captionHidden
            columns={columns}
            rows={data?.items ?? []}
            loading={list.loading}
            loadingRows={Math.min(5, known?.items.length || 5)}
            empty={{ titleAs: "h3", ...empty }}
            pagination={
              pageCount > 1
                ? {
                    page: filters.page,
                    pageCount,
                    onPageChange: (page) => apply({ ...filters, page }),
                    disabled: list.loading,
                    label: t("history.pagination"),
                  }
                : undefined
            }
          />
        )}
      </section>
      <ReceiptDialog movement={receipt} onClose={closeReceipt} print={print} />
    </MoneyLayout>
  )
}
