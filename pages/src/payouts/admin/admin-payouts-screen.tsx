import { useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import {
  Alert,
  Button,
  Card,
  CardBody,
  ErrorState,
  SuccessIcon,
  Table,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useFormatter,
  type TableColumn,
} from "@manyhands/design-system"
import { useQueryData } from "../../customer/statistics/shared/use-query-data"
import type { ApiFailure } from "../../shell-context"
import { PAYOUT_STATUSES, PAYOUT_URLS, type AdminPayout, type Page, type PayoutStatus } from "../payouts-data"
import { AdminLayout } from "../payouts-layout"
import {
  AmountCell,
  CopyableText,
  DestinationCell,
  PayoutStatusBadge,
  useFocusAfterClose,
  useUsd,
} from "../shared/payout-parts"
import { DecisionDialog, type Decision } from "./decision-dialog"

interface Filters {
  status: PayoutStatus
  page: number
}

/** The tab and page in the address (?status=&page=); anything unknown is the queue's first page. */
function readFilters(params: URLSearchParams): Filters {
  const status = params.get("status") ?? ""
  const page = Number(params.get("page"))
  return {
    status: (PAYOUT_STATUSES as readonly string[]).includes(status) ? (status as PayoutStatus) : "requested",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  }
}

/** The filters as GET /api/v2/admin/payouts takes them; "" for the queue's first page (the route preloads it). */
function filterQuery({ status, page }: Filters): string {
  const query = new URLSearchParams()
  if (status !== "requested") query.set("status", status)
  if (page > 1) query.set("page", String(page))
  return query.toString()
}

export interface AdminPayoutsScreenProps {
  /** GET /api/v2/admin/payouts: the waiting requests, oldest first, preloaded by the route. */
  adminPayouts?: Page<AdminPayout>
}

/** What the page last said about a decision. */
type Notice = { tone: "success" | "warning"; text: string }

/**
 * /admin/payouts: payout requests waiting for a decision, oldest first, and the decided ones by status. An admin
 * sends the money outside the platform, then approves with the transaction's reference, or rejects with a
 * reason (the amount returns to the requester).
 */
export default function AdminPayoutsScreen({ adminPayouts }: AdminPayoutsScreenProps) {
  const { t } = useTranslation("payouts")
  const format = useFormatter()
  const usd = useUsd()
  const [params, setParams] = useSearchParams()
  const filters = readFilters(params)
  const list = useQueryData(PAYOUT_URLS.admin, filterQuery(filters), adminPayouts)
  // Requests decided here leave the queue at once, before the list is fetched again.
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set())
  const [dialog, setDialog] = useState<{ decision: Decision; payout: AdminPayout } | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const focusAfterCloseRef = useFocusAfterClose(dialog !== null)

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
  const rows = (data?.items ?? []).filter(
    (payout) => filters.status !== "requested" || !decided.has(payout.id),
  )
  const pageCount = known ? Math.max(1, Math.ceil(known.total / Math.max(1, known.pageSize))) : 0
  // The queue's length on its tab: what the server counted, less what was decided here since.
  const queue = filters.status === "requested" ? data : adminPayouts
  const waiting = queue
    ? queue.total - queue.items.filter((payout) => decided.has(payout.id)).length
    : undefined

  const who = (payout: AdminPayout) => payout.email ?? t("admin.deletedAccount")

  const open = (decision: Decision, payout: AdminPayout, button: HTMLElement) => {
    opener.current = button
    setDialog({ decision, payout })
  }
  /** Closed without a decision: back to the row's button. */
  const close = () => {
    focusAfterCloseRef.current = opener.current
    setDialog(null)
  }
  /** The row left the queue: say what happened, put the focus on the list, fetch it again. */
  const leave = (payout: AdminPayout, next: Notice) => {
    setDecided((current) => new Set(current).add(payout.id))
    setNotice(next)
    focusAfterCloseRef.current = heading.current
    setDialog(null)
    list.retry()
  }
  const onDecided = (decision: Decision, payout: AdminPayout) =>
    leave(payout, {
      tone: "success",
      // Approved: what was sent; rejected: what went back.
      text: t(`admin.${decision}.done`, {
        amount: usd(decision === "approve" ? payout.net : payout.amount),
        email: who(payout),
      }),
    })
  const onConflict = (payout: AdminPayout, failure: ApiFailure) =>
    leave(payout, {
      tone: "warning",
      text: t("admin.conflict", { amount: usd(payout.amount), email: who(payout), reason: failure.message }),
    })

  const columns: TableColumn<AdminPayout>[] = [
    {
      key: "createdAt",
      header: t("admin.columns.createdAt"),
      rowHeader: true,
      cell: (payout) => (
        <span className="@min-[40rem]:whitespace-nowrap">{format.dateTime(payout.createdAt)}</span>
      ),
    },
    {
      key: "email",
      header: t("admin.columns.requester"),
      cell: (payout) =>
        payout.email ? (
          <span className="break-all">{payout.email}</span>
        ) : (
          <span className="text-muted-foreground">{t("admin.deletedAccount")}</span>
        ),
    },
    {
      key: "amount",
      header: t("admin.columns.amount"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (payout) => <AmountCell amount={payout.amount} fee={payout.fee} />,
    },
    {
      key: "net",
      header: t("admin.columns.net"),
      align: "numeric",
      className: "whitespace-nowrap font-semibold",
      cell: (payout) => usd(payout.net),
    },
    {
      key: "destination",
      header: t("admin.columns.destination"),
      cell: (payout) => <DestinationCell method={payout.method} wallet={payout.wallet} />,
    },
    ...(filters.status === "requested"
      ? [
          {
            key: "actions",
            header: <span className="sr-only">{t("admin.columns.actions")}</span>,
            label: t("admin.columns.actions"),
            align: "end",
            cell: (payout) => {
              const subject = { amount: usd(payout.amount), email: who(payout) }
              return (
                <span className="flex justify-end gap-2">
                  <Button
                    aria-haspopup="dialog"
                    aria-label={t("admin.approve.buttonOf", subject)}
                    onClick={(event) => open("approve", payout, event.currentTarget)}
                  >
                    {t("admin.approve.button")}
                  </Button>
                  <Button
                    variant="secondary"
                    aria-haspopup="dialog"
                    aria-label={t("admin.reject.buttonOf", subject)}
                    onClick={(event) => open("reject", payout, event.currentTarget)}
                  >
                    {t("admin.reject.button")}
                  </Button>
                </span>
              )
            },
          } satisfies TableColumn<AdminPayout>,
        ]
      : [
          {
            key: "decision",
            header: t("admin.columns.decision"),
            cell: (payout) => (
              <span className="flex flex-col items-start gap-1">
                <PayoutStatusBadge status={payout.status} />
                {payout.decidedAt ? (
                  <span className="text-sm text-muted-foreground @min-[40rem]:whitespace-nowrap">
                    {format.dateTime(payout.decidedAt)}
                  </span>
                ) : null}
                {payout.reference ? <CopyableText value={payout.reference} /> : null}
                {payout.reason ? <span className="text-sm break-words">{payout.reason}</span> : null}
              </span>
            ),
          } satisfies TableColumn<AdminPayout>,
        ]),
  ]

  const summary = list.failure
    ? ""
    : list.loading
      ? t("admin.loading")
      : data && rows.length > 0
        ? t("admin.range", {
            from: format.number((data.page - 1) * data.pageSize + 1),
            to: format.number((data.page - 1) * data.pageSize + rows.length),
            total: format.number(data.total - (data.items.length - rows.length)),
          })
        : ""

  return (
    <AdminLayout titleId="admin-payouts-title" title={t("admin.title")} lead={t("admin.lead")}>
      {/* A live region that stays, so each decision is announced; empty, it takes no room. */}
      <div role="status" className="empty:-mb-6">
        {notice ? (
          <Alert
            role="none"
            tone={notice.tone}
            onDismiss={() => setNotice(null)}
            dismissLabel={t("admin.dismiss")}
          >
            {notice.text}
          </Alert>
        ) : null}
      </div>
      <Tabs
        value={filters.status}
        onValueChange={(status) => apply({ status: status as PayoutStatus, page: 1 })}
      >
        <TabsList aria-label={t("admin.tabs.label")}>
          {PAYOUT_STATUSES.map((status) => (
            <TabsTrigger
              key={status}
              value={status}
              count={status === "requested" && waiting !== undefined ? waiting : undefined}
            >
              {t(`admin.tabs.${status}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {PAYOUT_STATUSES.map((status) => (
          <TabsContent key={status} value={status} className="mt-4">
            <Card>
              <CardBody className="flex flex-col gap-3">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <h2
                    ref={status === filters.status ? heading : undefined}
                    tabIndex={-1}
                    className="text-lg font-semibold text-foreground outline-none"
                  >
                    {t(`admin.lists.${status}`)}
                  </h2>
                  <p className="text-sm text-muted-foreground tabular-nums">{summary}</p>
                </div>
                {list.failure ? (
                  <ErrorState
                    size="section"
                    titleAs="h3"
                    title={t("admin.error")}
                    description={list.failure}
                    onRetry={list.retry}
                    retryLabel={t("admin.retry")}
                  />
                ) : (
                  <Table
                    caption={t(`admin.lists.${status}`)}
                    captionHidden
                    columns={columns}
                    rows={rows}
                    loading={list.loading}
                    loadingRows={Math.min(5, known?.items.length || 5)}
                    empty={
                      status === "requested"
                        ? {
                            titleAs: "h3",
                            icon: <SuccessIcon />,
                            title: t("admin.empty.requested.title"),
                            description: t("admin.empty.requested.text"),
                          }
                        : { titleAs: "h3", title: t(`admin.empty.${status}`) }
                    }
                    pagination={
                      pageCount > 1
                        ? {
                            page: filters.page,
                            pageCount,
                            onPageChange: (page) => apply({ ...filters, page }),
                            disabled: list.loading,
                            label: t("admin.pagination"),
                          }
                        : undefined
                    }
                  />
                )}
              </CardBody>
            </Card>
          </TabsContent>
        ))}
      </Tabs>
      <DecisionDialog
        request={dialog}
        onClose={close}
        onDecided={onDecided}
        onConflict={onConflict}
        requester={who}
      />
    </AdminLayout>
  )
}
