import { useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { useParams } from "react-router"
import { Alert, Button, KeyValueItem, KeyValueList, useFormatter } from "@manyhands/design-system"
import { Working } from "../../auth/shared/working"
import { LinkButton, useMicroMoney } from "../../blocks"
import { SettingsCard } from "../../customer/settings/shared/settings-card"
import { useApi } from "../../api"
import { MONEY_PAGES, MoneyLayout } from "../../money/money-layout"
import { ApiFailure, useShellServices } from "../../shell-context"
import { userApi } from "@manyhands/contract/accounts"
import {
  transfersApi,
  type ConfirmedTransfer,
  type Transfer,
  type TransferLink,
} from "@manyhands/contract/transfers"
import { SEND_PAGE, TransferStatusBadge, useCounterparty } from "../shared/transfer-parts"

/** Refusals that mean the transfer's state changed: the page asks the link again and shows the new state. */
const STATE_CHANGED = [
  "TRANSFER_INSUFFICIENT_BALANCE",
  "TRANSFER_EXPIRED",
  "TRANSFER_NOT_AWAITING",
  "TRANSFER_RECIPIENT_GONE",
]

/**
 * /pay/send_user_hash/:hash/:userId — the link mailed for a transfer: what it sends (checked on arrival, nothing
 * spent), then Send or Cancel. A link already used, expired, cancelled or failed says what happened; a balance
 * that no longer covers the amount says so before anything is tried.
 */
export default function ConfirmTransferScreen() {
  const { t } = useTranslation("transfers")
  const { api, refresh } = useShellServices()
  const money = useMicroMoney()
  const { hash = "", userId = "" } = useParams()
  // The same address reads the link (GET, nothing spent) and follows it (POST).
  const url = transfersApi.link.url({ hash, userId })
  const check = useApi<TransferLink>(url)
  // Asked again (a retry, a check after a refusal): "checking" until the answer, as on arrival.
  const [rechecking, setRechecking] = useState(false)
  const recheck = () => {
    setRechecking(true)
    void check.mutate().finally(() => setRechecking(false))
  }
  const [busy, setBusy] = useState<"confirm" | "cancel" | null>(null)
  const [failure, setFailure] = useState<ApiFailure | null>(null)
  const [done, setDone] = useState<ConfirmedTransfer | null>(null)
  const counterparty = useCounterparty()

  const act = async (action: "confirm" | "cancel", transfer: Transfer) => {
    setBusy(action)
    setFailure(null)
    try {
      if (action === "confirm") {
        setDone(await api.send<ConfirmedTransfer>("POST", transfersApi.confirm.url({ hash, userId })))
        // The site header shows the balance.
        void refresh(userApi.me.url())
      } else {
        await api.send<Transfer>("POST", transfersApi.cancel.url({ id: transfer.id }))
        recheck()
      }
    } catch (error) {
      if (!(error instanceof ApiFailure)) console.error("Manyhands: the transfer link failed", error)
      const known =
        error instanceof ApiFailure
          ? error
          : new ApiFailure(t("confirm.refused"), "INTERNAL_ERROR", undefined)
      setFailure(known)
      if (known.code && STATE_CHANGED.includes(known.code)) recheck()
    } finally {
      setBusy(null)
    }
  }

  const ways = (
    <div className="flex flex-wrap gap-3">
      <LinkButton to={SEND_PAGE}>{t("confirm.toTransfers")}</LinkButton>
    </div>
  )

  let content: ReactNode
  if (done) {
    const { transfer, balance } = done
    content = (
      <>
        <Alert
          tone="success"
          role="status"
          title={t("confirm.done.title", {
            amount: money(transfer.amount, transfer.currency),
            recipient: counterparty(transfer),
          })}
        >
          {t("confirm.done.text", { available: money(balance, transfer.currency) })}
        </Alert>
        {ways}
      </>
    )
  } else if (check.error && !rechecking) {
    content = <LinkProblem failure={check.error} onRetry={recheck} />
  } else if (rechecking || !check.data) {
    content = <Working text={t("confirm.checking")} />
  } else {
    const { transfer, available } = check.data
    content = (
      <>
        <TransferFacts transfer={transfer} available={available} />
        {transfer.status === "awaiting_confirmation" ? (
          <Awaiting
            transfer={transfer}
            available={available}
            busy={busy}
            failure={failure}
            onAct={(action) => void act(action, transfer)}
            onCheck={recheck}
          />
        ) : (
          <Outcome transfer={transfer} failure={failure} />
        )}
      </>
    )
  }

  return (
    <MoneyLayout
      page={null}
      titleId="confirm-transfer-title"
      title={t("confirm.title")}
      lead={t("confirm.lead")}
    >
      <SettingsCard id="confirm-transfer-details" title={t("confirm.details")} className="max-w-2xl">
        {content}
      </SettingsCard>
    </MoneyLayout>
  )
}

/** Amount, recipient, note, until when the link works, and what the balance holds now. */
function TransferFacts({ transfer, available }: { transfer: Transfer; available: number }) {
  const { t } = useTranslation("transfers")
  const money = useMicroMoney()
  const format = useFormatter()
  const counterparty = useCounterparty()
  const awaiting = transfer.status === "awaiting_confirmation"
  return (
    <KeyValueList divided>
      <KeyValueItem label={t("confirm.facts.amount")} numeric>
        <span className="text-base font-semibold">{money(transfer.amount, transfer.currency)}</span>
      </KeyValueItem>
      <KeyValueItem label={t("confirm.facts.recipient")}>
        <span className="break-all">{counterparty(transfer)}</span>
      </KeyValueItem>
      {transfer.note ? (
        <KeyValueItem label={t("confirm.facts.note")}>
          <span className="break-words">{transfer.note}</span>
        </KeyValueItem>
      ) : null}
      {awaiting ? (
        <>
          <KeyValueItem label={t("confirm.facts.expires")}>
            {format.dateTime(transfer.expiresAt)}
          </KeyValueItem>
          <KeyValueItem label={t("confirm.facts.available")} numeric>
            {money(available, transfer.currency)}
          </KeyValueItem>
        </>
      ) : (
        <KeyValueItem label={t("confirm.facts.status")}>
          <TransferStatusBadge status={transfer.status} />
        </KeyValueItem>
      )}
    </KeyValueList>
  )
}

function Awaiting({
  transfer,
  available,
  busy,
  failure,
  onAct,
  onCheck,
}: {
  transfer: Transfer
  available: number
  busy: "confirm" | "cancel" | null
  failure: ApiFailure | null
  onAct: (action: "confirm" | "cancel") => void
  onCheck: () => void
}) {
  const { t } = useTranslation("transfers")
  const money = useMicroMoney()
  const amount = money(transfer.amount, transfer.currency)
  const short = available < transfer.amount
  return (
    <>
      {short ? (
        // Confirming now would fail and end the transfer: first the money, then another look.
        <Alert
          tone="warning"
          title={t("confirm.short.title")}
          action={
            <>
              <LinkButton to={MONEY_PAGES.topUp.href}>{t("send.topUp")}</LinkButton>
              <Button variant="secondary" size="lg" onClick={onCheck}>
                {t("confirm.short.check")}
              </Button>
            </>
          }
        >
          {t("confirm.short.text", { available: money(available, transfer.currency) })}
        </Alert>
      ) : null}
      {failure ? (
        <Alert tone="danger" role="alert" title={t("confirm.refused")}>
          {failure.message}
        </Alert>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          size="lg"
          className="sm:flex-1"
          loading={busy === "confirm"}
          disabled={short || busy !== null}
          onClick={() => onAct("confirm")}
        >
          {t("confirm.submit", { amount })}
        </Button>
        <Button
          size="lg"
          variant="secondary"
          className="sm:flex-1"
          loading={busy === "cancel"}
          disabled={busy !== null}
          onClick={() => onAct("cancel")}
        >
          {t("confirm.cancel")}
        </Button>
      </div>
    </>
  )
}

/** A link whose transfer is over: what happened, and the way on. */
function Outcome({ transfer, failure }: { transfer: Transfer; failure: ApiFailure | null }) {
  const { t } = useTranslation("transfers")
  const money = useMicroMoney()
  const format = useFormatter()
  const counterparty = useCounterparty()
  const amount = money(transfer.amount, transfer.currency)
  const again = (
    <div className="flex flex-wrap gap-3">
      <LinkButton to={SEND_PAGE}>{t("confirm.newTransfer")}</LinkButton>
    </div>
  )
  switch (transfer.status) {
    case "completed":
      return (
        <>
          <Alert tone="success" title={t("confirm.completed.title")}>
            {t("confirm.completed.text", {
              amount,
              recipient: counterparty(transfer),
              time: transfer.decidedAt ? format.dateTime(transfer.decidedAt) : "",
            })}
          </Alert>
          <div>
            <LinkButton to={SEND_PAGE}>{t("confirm.toTransfers")}</LinkButton>
          </div>
        </>
      )
    case "failed":
      return (
        <>
          <Alert tone="danger" title={t("confirm.failed.title")}>
            {failure?.code === "TRANSFER_RECIPIENT_GONE"
              ? failure.message
              : t("confirm.failed.text", { amount })}
          </Alert>
          {again}
        </>
      )
    default:
      // Expired or cancelled: nothing was sent.
      return (
        <>
          <Alert
            tone="warning"
            title={t(`confirm.${transfer.status === "expired" ? "expired" : "cancelled"}.title`)}
          >
            {t(`confirm.${transfer.status === "expired" ? "expired" : "cancelled"}.text`)}
          </Alert>
          {again}
        </>
      )
  }
}

/** The link could not be read: not a link, someone else's, or the server did not answer. */
function LinkProblem({ failure, onRetry }: { failure: ApiFailure; onRetry: () => void }) {
  const { t } = useTranslation("transfers")
  const known =
    failure.code === "TOKEN_INVALID"
      ? "invalid"
      : failure.code === "TRANSFER_LINK_OTHER_ACCOUNT"
        ? "otherAccount"
        : null
  if (known)
    return (
      <>
        <Alert tone="warning" title={t(`confirm.${known}.title`)}>
          {t(`confirm.${known}.text`)}
        </Alert>
        <div>
          <LinkButton to={SEND_PAGE}>{t("confirm.newTransfer")}</LinkButton>
        </div>
      </>
    )
  return (
    <Alert
      tone="danger"
      action={
        <Button variant="secondary" onClick={onRetry}>
          {t("confirm.retry")}
        </Button>
      }
    >
      {failure.message}
    </Alert>
  )
}
