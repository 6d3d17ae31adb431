import { useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Card, CardBody, SuccessIcon, useFormatter, type TableColumn } from "@manyhands/design-system"
import { StatusTabs, useStatusFilters } from "../../admin-lists"
import { PagedListSection, NoticeRegion, RowDialogButton, actionsColumn, type Notice } from "../../blocks"
import { useApi, withQueryString } from "../../api"
import type { ApiFailure } from "../../shell-context"
import type { Page } from "@manyhands/contract"
import { PAYOUT_STATUSES, payoutsApi, type AdminPayout } from "@manyhands/contract/payouts"
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

export interface AdminPayoutsScreenProps {
  /** GET /api/v2/admin/payouts: the waiting requests, oldest first, preloaded by the route. */
  adminPayouts?: Page<AdminPayout>
}

/**
 * /admin/payouts: payout requests waiting for a decision, oldest first, and the decided ones by status. An admin
 * sends the money outside the platform, then approves with the transaction's reference, or rejects with a
 * reason (the amount returns to the requester).
 */
export default function AdminPayoutsScreen({ adminPayouts }: AdminPayoutsScreenProps) {
  const { t } = useTranslation("payouts")
  const format = useFormatter()
  const usd = useUsd()
  // The queue (requested) is the first tab.
  const filters = useStatusFilters(PAYOUT_STATUSES)
  const list = useApi(withQueryString(payoutsApi.adminList.url(), filters.query), {
    initial: filters.query === "" ? adminPayouts : undefined,
  })
  // Requests decided here leave the queue at once, before the list is fetched again.
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set())
  const [dialog, setDialog] = useState<{ decision: Decision; payout: AdminPayout } | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const focusAfterCloseRef = useFocusAfterClose(dialog !== null)

  const data = list.data
  const rows = (data?.items ?? []).filter(
    (payout) => filters.status !== "requested" || !decided.has(payout.id),
  )
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
          actionsColumn<AdminPayout>(t("admin.columns.actions"), (payout) => {
            const subject = { amount: usd(payout.amount), email: who(payout) }
            return (
              <span className="flex justify-end gap-2">
                <RowDialogButton
                  variant="primary"
                  name={t("admin.approve.buttonOf", subject)}
                  onOpen={(button) => open("approve", payout, button)}
                >
                  {t("admin.approve.button")}
                </RowDialogButton>
                <RowDialogButton
                  name={t("admin.reject.buttonOf", subject)}
                  onOpen={(button) => open("reject", payout, button)}
                >
                  {t("admin.reject.button")}
                </RowDialogButton>
              </span>
            )
          }),
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

  return (
    <AdminLayout titleId="admin-payouts-title" title={t("admin.title")} lead={t("admin.lead")}>
      <NoticeRegion notice={notice} onDismiss={() => setNotice(null)} dismissLabel={t("admin.dismiss")} />
      <StatusTabs
        filters={filters}
        label={t("admin.tabs.label")}
        tabLabel={(status) => t(`admin.tabs.${status}`)}
        count={(status) => (status === "requested" ? waiting : undefined)}
      >
        {(status) => (
          <Card>
            <CardBody>
              <PagedListSection
                title={t(`admin.lists.${status}`)}
                headingRef={status === filters.status ? heading : undefined}
                status={{
                  range: (shown) => t("admin.range", shown),
                  loading: t("admin.loading"),
                  live: false,
                }}
                list={list}
                page={filters.page}
                onPageChange={filters.setPage}
                labels={{
                  error: t("admin.error"),
                  retry: t("admin.retry"),
                  pagination: t("admin.pagination"),
                }}
                caption={t(`admin.lists.${status}`)}
                columns={columns}
                rows={rows}
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
              />
            </CardBody>
          </Card>
        )}
      </StatusTabs>
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
