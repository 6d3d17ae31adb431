import { useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button, Card, CardBody, WalletIcon, useFormatter, type TableColumn } from "@manyhands/design-system"
import { LinkButton, PagedListSection, NoticeRegion, type Notice } from "../../blocks"
import { usePaged } from "../../api"
import { ConfirmFrame } from "../../admin-lists"
import { ApiFailure, useShellServices } from "../../shell-context"
import type { Page } from "@manyhands/contract"
import { payoutsApi, type Payout } from "@manyhands/contract/payouts"
import { PARTNER_PAGES, PartnerLayout } from "../payouts-layout"
import {
  AmountCell,
  CopyableText,
  DestinationCell,
  PayoutStatusBadge,
  methodLabel,
  refreshAll,
  useFocusAfterClose,
  useSourceName,
  useUsd,
} from "../shared/payout-parts"

export interface PayoutHistoryScreenProps {
  /** GET /api/v2/payouts: the first page, preloaded by the route. */
  payouts?: Page<Payout>
}

/**
 * /partner/history_payment: the user's payout requests, newest first, with what was sent where and what became
 * of each; a request nobody decided yet can be cancelled (after a confirmation), and its amount returns.
 */
export default function PayoutHistoryScreen({ payouts }: PayoutHistoryScreenProps) {
  const { t } = useTranslation("payouts")
  const format = useFormatter()
  const usd = useUsd()
  const { api, refresh } = useShellServices()
  const sourceName = useSourceName()
  const list = usePaged(payoutsApi.list.url(), { initial: payouts })
  // Rows changed here (cancelled) until the list is fetched again.
  const [changed, setChanged] = useState<Record<string, Payout>>({})
  const [cancelling, setCancelling] = useState<Payout | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const focusAfterCloseRef = useFocusAfterClose(cancelling !== null)

  const data = list.data
  const rows = (data?.items ?? []).map((payout) => changed[payout.id] ?? payout)

  /** Closed without cancelling: back to the row's button. */
  const keep = () => {
    focusAfterCloseRef.current = opener.current
    setCancelling(null)
  }

  /** The dialog's answer: the row's button is gone either way, so the focus goes to the list's heading. */
  const settle = (next: Notice, payout?: Payout) => {
    if (payout) setChanged((current) => ({ ...current, [payout.id]: payout }))
    setNotice(next)
    focusAfterCloseRef.current = heading.current
    setCancelling(null)
    // The balances and the route's first page are fetched again.
    refreshAll(refresh, payoutsApi.settings.url(), payoutsApi.list.url())
  }

  const cancel = async (payout: Payout) => {
    try {
      const cancelled = await api.send<Payout>("POST", payoutsApi.cancel.url({ id: payout.id }))
      settle(
        {
          tone: "success",
          text: t("history.cancel.done", { amount: usd(payout.amount), source: sourceName(payout.source) }),
        },
        cancelled,
      )
    } catch (error) {
      if (error instanceof ApiFailure && (error.status === 409 || error.status === 404)) {
        // Decided meanwhile (by an admin, or in another tab): say so and show the list as it is now.
        settle({ tone: "warning", text: t("history.cancel.tooLate", { reason: error.message }) })
        list.goTo(data?.page ?? 1)
        return
      }
      throw error
    }
  }

  const columns: TableColumn<Payout>[] = [
    {
      key: "createdAt",
      header: t("history.columns.createdAt"),
      rowHeader: true,
      cell: (payout) => (
        <span className="@min-[40rem]:whitespace-nowrap">{format.dateTime(payout.createdAt)}</span>
      ),
    },
    {
      key: "amount",
      header: t("history.columns.amount"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (payout) => <AmountCell amount={payout.amount} fee={payout.fee} />,
    },
    {
      key: "net",
      header: t("history.columns.net"),
      align: "numeric",
      className: "whitespace-nowrap font-semibold",
      cell: (payout) => usd(payout.net),
    },
    {
      key: "destination",
      header: t("history.columns.destination"),
      cell: (payout) => <DestinationCell method={payout.method} wallet={payout.wallet} />,
    },
    {
      key: "status",
      header: t("history.columns.status"),
      cell: (payout) => (
        <span className="flex flex-col items-start gap-1">
          <PayoutStatusBadge status={payout.status} />
          <Details payout={payout} />
          {payout.status === "requested" ? (
            // Here rather than in a column of its own: the table keeps to the width of the page.
            <Button
              variant="secondary"
              className="mt-1"
              aria-haspopup="dialog"
              aria-label={t("history.cancel.buttonOf", {
                amount: usd(payout.amount),
                date: format.dateTime(payout.createdAt),
              })}
              onClick={(event) => {
                opener.current = event.currentTarget
                setCancelling(payout)
              }}
            >
              {t("history.cancel.button")}
            </Button>
          ) : null}
        </span>
      ),
    },
  ]

  return (
    <PartnerLayout
      page="history"
      titleId="payout-history-title"
      title={t("history.title")}
      lead={t("history.lead")}
      actions={<LinkButton to={PARTNER_PAGES.request.href}>{t("history.request")}</LinkButton>}
    >
      <NoticeRegion notice={notice} onDismiss={() => setNotice(null)} dismissLabel={t("history.dismiss")} />
      <Card>
        <CardBody>
          <PagedListSection
            title={t("history.listTitle")}
            headingId="payout-history-list"
            headingRef={heading}
            status={{ range: (shown) => t("history.range", shown), live: list.paged }}
            list={list}
            labels={{ retry: t("history.retry"), pagination: t("history.pagination") }}
            caption={t("history.caption")}
            columns={columns}
            rows={rows}
            empty={{
              icon: <WalletIcon />,
              title: t("history.empty.title"),
              description: t("history.empty.text"),
              action: <LinkButton to={PARTNER_PAGES.request.href}>{t("history.empty.action")}</LinkButton>,
            }}
          />
        </CardBody>
      </Card>
      <CancelDialog payout={cancelling} onKeep={keep} onConfirm={cancel} />
    </PartnerLayout>
  )
}

/** What became of a payout, in words: when and with which reference it was sent, why it was refused, or what is next. */
function Details({ payout }: { payout: Payout }) {
  const { t } = useTranslation("payouts")
  const format = useFormatter()
  switch (payout.status) {
    case "approved":
      return (
        <>
          {payout.decidedAt ? (
            <span className="text-sm text-muted-foreground">
              {t("history.details.sentAt", { date: format.dateTime(payout.decidedAt) })}
            </span>
          ) : null}
          {payout.reference ? <CopyableText value={payout.reference} /> : null}
        </>
      )
    case "rejected":
      return <span className="text-sm break-words">{payout.reason}</span>
    case "cancelled":
      return <span className="text-sm text-muted-foreground">{t("history.details.cancelled")}</span>
    case "requested":
      return <span className="text-sm text-muted-foreground">{t("history.details.waiting")}</span>
  }
}

/** "Cancel this payout?": the amount returns to where it came from; the request cannot be made undone. */
function CancelDialog({
  payout,
  onKeep,
  onConfirm,
}: {
  /** The payout asked about; null when closed. */
  payout: Payout | null
  onKeep: () => void
  onConfirm: (payout: Payout) => Promise<void>
}) {
  const { t } = useTranslation("payouts")
  const { t: common } = useTranslation("common")
  const usd = useUsd()
  const sourceName = useSourceName()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  // The last payout stays in the dialog while it closes.
  const [last, setLast] = useState(payout)
  if (payout && payout !== last) {
    setLast(payout)
    setFailure(null)
  }
  const shown = payout ?? last

  const confirm = () => {
    if (!payout || busy) return
    setBusy(true)
    setFailure(null)
    onConfirm(payout)
      .catch((error: unknown) => {
        if (!(error instanceof ApiFailure)) console.error("Manyhands: cancelling a payout failed", error)
        setFailure(error instanceof ApiFailure ? error.message : common("errors.codes.INTERNAL_ERROR"))
      })
      .finally(() => setBusy(false))
  }

  return (
    <ConfirmFrame
      open={payout !== null}
      onOpenChange={(open) => {
        if (!open) onKeep()
      }}
      title={t("history.cancel.title")}
      description={
        shown
          ? t("history.cancel.text", {
              amount: usd(shown.amount),
              method: methodLabel(shown.method),
              source: sourceName(shown.source),
            })
          : null
      }
      error={failure}
      errorTitle={t("history.cancel.failed")}
      cancelLabel={t("history.cancel.keep")}
      confirmLabel={t("history.cancel.confirm")}
      pending={busy}
      onConfirm={confirm}
    />
  )
}
