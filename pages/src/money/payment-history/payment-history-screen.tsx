import { useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Button,
  Card,
  CardBody,
  Field,
  FileIcon,
  SearchIcon,
  Select,
  WalletIcon,
  useFormatter,
  type EmptyStateProps,
  type TableColumn,
} from "@manyhands/design-system"
import type { Page } from "@manyhands/contract"
import {
  balanceApi,
  MOVEMENT_STATUSES,
  MOVEMENT_TYPES,
  type Movement,
  type MovementStatus,
  type MovementType,
} from "@manyhands/contract/money"
import {
  LinkButton,
  NoticeRegion,
  PagedListSection,
  RowDialogButton,
  actionsColumn,
  oneOf,
  useAddressFilters,
  useMicroMoney,
  useRowDialog,
  type FilterParams,
  type Notice,
} from "../../blocks"
import { useApi, withQueryString } from "../../api"
import { MONEY_PAGES, MoneyLayout } from "../money-layout"
import { StatusBadge } from "../shared/money-parts"
import {
  CancelPaymentDialog,
  ContinuePaymentLink,
  resumable,
  usePaymentName,
  usePendingNote,
  type PendingTopUp,
} from "../shared/pending-payment"
import { asPayment, useMovementWords } from "./movement-facts"
import { ReceiptDialog } from "./receipt-dialog"

/** A Select's value for "any" ("" is the design system's Select placeholder). */
const ALL = "all"

interface Filters {
  type: MovementType | ""
  status: MovementStatus | ""
}

/** The filters in the address (?type=&status=), in the order the balance history API takes them. */
const FILTER_PARAMS: FilterParams<Filters> = {
  names: ["type", "status"],
  read: (params) => ({
    type: oneOf(MOVEMENT_TYPES, params.get("type")),
    status: oneOf(MOVEMENT_STATUSES, params.get("status")),
  }),
  write: ({ type, status }) => ({ type, status }),
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
 * by type and status, each with its receipt. A top-up left pending says until when it can be paid, and while its
 * checkout is open offers to continue it or (after a confirmation) cancel it. The filters and page live in the
 * address.
 */
export default function PaymentHistoryScreen({
  balanceHistory,
  print = () => window.print(),
}: PaymentHistoryScreenProps) {
  const { t } = useTranslation("money")
  const format = useFormatter()
  const money = useMicroMoney()
  const words = useMovementWords()
  const { filters, page, query, change, setPage, reset } = useAddressFilters(FILTER_PARAMS)
  const list = useApi(withQueryString(balanceApi.history.url(), query), {
    initial: query === "" ? balanceHistory : undefined,
  })
  // The row's button that opened a receipt gets the focus back when it closes.
  const receipt = useRowDialog<Movement>()
  const pendingNote = usePendingNote()
  const paymentName = usePaymentName()
  const [cancelling, setCancelling] = useState<PendingTopUp | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  // Rows changed here (cancelled) until the list is fetched again.
  const [changed, setChanged] = useState<Record<string, Movement>>({})
  const opener = useRef<HTMLElement | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const rows = list.data?.items.map((movement) => changed[movement.id] ?? movement)

  /** The dialog's answer: the row's buttons are gone either way, so the focus goes to the list's heading. */
  const settle = (next: Notice, movement?: Movement) => {
    if (movement) setChanged((current) => ({ ...current, [movement.id]: movement }))
    setNotice(next)
    setCancelling(null)
    list.retry()
  }
  const topUpOf = (movement: Movement): PendingTopUp => asPayment(movement)

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
      cell: (movement) => {
        const note = movement.kind === "topUp" ? pendingNote(topUpOf(movement)) : null
        return (
          <span className="flex flex-col items-start gap-1">
            <StatusBadge status={movement.status} />
            {note ? <span className="text-xs text-muted-foreground">{note}</span> : null}
          </span>
        )
      },
    },
    actionsColumn(t("history.columns.actions"), (movement) => {
      const topUp = movement.kind === "topUp" ? topUpOf(movement) : null
      const can = topUp ? resumable(topUp) : null
      return (
        <span className="flex flex-wrap items-center justify-end gap-2">
          {topUp && can === "payable" ? (
            <ContinuePaymentLink
              url={topUp.checkoutUrl!}
              variant="secondary"
              label={t("pending.continue")}
              name={t("pending.continueOf", paymentName(topUp))}
            />
          ) : null}
          {topUp && (can === "payable" || can === "noCheckout") ? (
            <RowDialogButton
              variant="tertiary"
              name={t("pending.cancelOf", paymentName(topUp))}
              onOpen={(button) => {
                opener.current = button
                setCancelling(topUp)
              }}
            >
              {t("pending.cancel")}
            </RowDialogButton>
          ) : null}
          <RowDialogButton
            variant="tertiary"
            name={t("history.receiptOf", {
              kind: words(movement).kind,
              amount: money(movement.amount, movement.currency, { signed: true }),
              date: format.dateTime(movement.createdAt),
            })}
            onOpen={(button) => receipt.open(movement, button)}
          >
            <FileIcon aria-hidden="true" />
            {t("history.receipt")}
          </RowDialogButton>
        </span>
      )
    }),
  ]

  const empty: EmptyStateProps =
    filters.type || filters.status
      ? {
          icon: <SearchIcon />,
          title: t("history.empty.filtered.title"),
          description: t("history.empty.filtered.description"),
          action: (
            <Button variant="secondary" onClick={reset}>
              {t("history.filter.reset")}
            </Button>
          ),
        }
      : list.data && list.data.total > 0
        ? {
            title: t("history.empty.page.title"),
            action: (
              <Button variant="secondary" onClick={() => setPage(1)}>
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
              onValueChange={(value) => change({ type: value === ALL ? "" : (value as MovementType) })}
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
              onValueChange={(value) => change({ status: value === ALL ? "" : (value as MovementStatus) })}
              options={[
                { value: ALL, label: t("history.filter.all") },
                ...MOVEMENT_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
              ]}
            />
          </Field>
        </CardBody>
      </Card>
      <NoticeRegion notice={notice} onDismiss={() => setNotice(null)} dismissLabel={t("pending.dismiss")} />
      <PagedListSection
        region
        title={t("history.listTitle")}
        headingRef={heading}
        rows={rows}
        status={{
          range: (shown) => t("history.status.shown", shown),
          loading: t("history.status.loading"),
          none: t("history.status.none"),
          live: true,
        }}
        list={list}
        page={page}
        onPageChange={setPage}
        labels={{ error: t("history.error"), retry: t("history.retry"), pagination: t("history.pagination") }}
        errorHeading="h2"
        caption={t("history.caption")}
        columns={columns}
        empty={empty}
      />
      <ReceiptDialog movement={receipt.subject} onClose={receipt.close} print={print} />
      <CancelPaymentDialog
        payment={cancelling}
        focusAfter={heading}
        onKeep={() => {
          setCancelling(null)
          // Back to the row's button once the dialog has let the focus go.
          requestAnimationFrame(() => opener.current?.focus())
        }}
        onCancelled={(payment, asked) => {
          const movement = list.data?.items.find(
            (item) => item.kind === "topUp" && item.sourceId === asked.id,
          )
          settle(
            { tone: "success", text: t("pending.cancelled", paymentName(asked)) },
            movement && {
              ...movement,
              status: payment.status,
              completedAt: payment.completedAt,
              checkoutUrl: payment.checkoutUrl,
              payableUntil: payment.payableUntil,
            },
          )
        }}
        onRefused={(failure, asked) =>
          settle({
            tone: "warning",
            text: t("pending.notCancelled", { ...paymentName(asked), reason: failure.message }),
          })
        }
      />
    </MoneyLayout>
  )
}
