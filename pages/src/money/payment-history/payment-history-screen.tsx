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
import { MONEY_URLS, type Page, type Payment, type PaymentStatus } from "../money-data"
import { MONEY_PAGES, MoneyLayout } from "../money-layout"
import { PAYMENT_STATUSES, StatusBadge, useProviderName } from "../shared/money-parts"
import { ReceiptDialog } from "./receipt-dialog"

/** A Select's value for "any status" (Radix Select takes no empty value). */
const ALL = "all"

interface Filters {
  status: PaymentStatus | ""
  page: number
}

/** The filters in the address (?status=&page=); anything unknown is left out (an edited address). */
function readFilters(params: URLSearchParams): Filters {
  const status = params.get("status") ?? ""
  const page = Number(params.get("page"))
  return {
    status: (PAYMENT_STATUSES as readonly string[]).includes(status) ? (status as PaymentStatus) : "",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  }
}

/** The filters as GET /api/v2/payments takes them, "" when none is set (the route's preloaded first page). */
function filterQuery(filters: Filters): string {
  const query = new URLSearchParams()
  if (filters.status) query.set("status", filters.status)
  if (filters.page > 1) query.set("page", String(filters.page))
  return query.toString()
}

export interface PaymentHistoryScreenProps {
  /** The route's preloaded first page, without filters. */
  payments?: Page<Payment>
  /** Prints the open receipt; the browser's print unless a story watches it. */
  print?: () => void
}

/**
 * /pay/history_payment: the user's top-ups, newest first, as a paged table filtered by status, each with its
 * receipt. The filter and page live in the address.
 */
export default function PaymentHistoryScreen({
  payments,
  print = () => window.print(),
}: PaymentHistoryScreenProps) {
  const { t } = useTranslation("money")
  const format = useFormatter()
  const money = useMicroMoney()
  const providerName = useProviderName()
  const [params, setParams] = useSearchParams()
  const filters = readFilters(params)
  const list = useQueryData(MONEY_URLS.payments, filterQuery(filters), payments)
  const [receipt, setReceipt] = useState<Payment | null>(null)
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
        merged.delete("status")
        merged.delete("page")
        for (const [key, value] of new URLSearchParams(filterQuery(next))) merged.set(key, value)
        return merged
      },
      { replace: true, preventScrollReset: true },
    )

  const data = list.data
  const known = data ?? list.last
  const pageCount = known ? Math.max(1, Math.ceil(known.total / Math.max(1, known.pageSize))) : 0

  const columns: TableColumn<Payment>[] = [
    {
      key: "createdAt",
      header: t("history.columns.createdAt"),
      rowHeader: true,
      cell: (payment) => (
        <span className="@min-[40rem]:whitespace-nowrap">{format.dateTime(payment.createdAt)}</span>
      ),
    },
    {
      key: "provider",
      header: t("history.columns.provider"),
      cell: (payment) => providerName(payment.provider).name,
    },
    {
      key: "amount",
      header: t("history.columns.amount"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (payment) => money(payment.amount, payment.currency),
    },
    {
      key: "status",
      header: t("history.columns.status"),
      cell: (payment) => <StatusBadge status={payment.status} />,
    },
    {
      key: "reference",
      header: t("history.columns.reference"),
      cell: (payment) =>
        payment.reference ? (
          <span className="font-mono text-[0.8125rem] break-all">{payment.reference}</span>
        ) : (
          <span className="text-muted-foreground">{t("history.noReference")}</span>
        ),
    },
    {
      key: "receipt",
      header: <span className="sr-only">{t("history.columns.receipt")}</span>,
      label: t("history.columns.receipt"),
      align: "end",
      cell: (payment) => (
        <Button
          variant="tertiary"
          aria-label={t("history.receiptOf", {
            amount: money(payment.amount, payment.currency),
            date: format.dateTime(payment.createdAt),
          })}
          aria-haspopup="dialog"
          onClick={(event) => {
            opener.current = event.currentTarget
            setReceipt(payment)
          }}
        >
          <FileIcon aria-hidden="true" />
          {t("history.receipt")}
        </Button>
      ),
    },
  ]

  const empty: EmptyStateProps = filters.status
    ? {
        icon: <SearchIcon />,
        title: t("history.empty.filtered.title"),
        description: t("history.empty.filtered.description", { status: t(`statuses.${filters.status}`) }),
        action: (
          <Button variant="secondary" onClick={() => apply({ status: "", page: 1 })}>
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
        <CardBody>
          <Field label={t("history.filter.status")} className="w-full sm:w-60">
            <Select
              name="status"
              value={filters.status || ALL}
              onValueChange={(value) =>
                apply({ status: value === ALL ? "" : (value as PaymentStatus), page: 1 })
              }
              options={[
                { value: ALL, label: t("history.filter.all") },
                ...PAYMENT_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
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
      <ReceiptDialog payment={receipt} onClose={closeReceipt} print={print} />
    </MoneyLayout>
  )
}
