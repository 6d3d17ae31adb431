import { useState, type RefObject } from "react"
import { useTranslation } from "react-i18next"
import { Link as RouterLink } from "react-router"
import { Button, useFormatter, type ButtonVariant } from "@manyhands/design-system"
import { paymentsApi, type Currency, type MovementStatus, type Payment } from "@manyhands/contract/money"
import { ConfirmFrame } from "../../admin-lists"
import { useMicroMoney } from "../../blocks"
import { ApiFailure, useShellServices } from "../../shell-context"
import { useProviderName } from "./money-parts"

/**
 * What a top-up still allows once its payer left the provider's page (server/MONEY.md "Continuing or cancelling a
 * pending top-up"): a payment and a top-up row of the balance history alike.
 */
export interface PendingTopUp {
  /** The payment's id. */
  id: string
  provider: string
  amount: number
  currency: Currency
  status: MovementStatus
  createdAt: string
  checkoutUrl: string | null
  payableUntil: string | null
}

/**
 * payable: its checkout is open (continue, or cancel); closed: the checkout's time is over, so neither (it is
 * about to be marked expired); noCheckout: pending, with no checkout to go back to (cancel only); null: finished.
 */
export type Resumable = "payable" | "closed" | "noCheckout" | null

/** The server decides: it gives `checkoutUrl` only while the checkout is open. */
export function resumable(payment: PendingTopUp): Resumable {
  if (payment.status !== "pending") return null
  if (payment.checkoutUrl) return "payable"
  return payment.payableUntil ? "closed" : "noCheckout"
}

/** "Can be paid until May 21, 2026, 9:12 AM", "Checkout closed …", "Cannot be reopened here"; null when finished. */
export function usePendingNote(): (payment: PendingTopUp) => string | null {
  const { t } = useTranslation("money")
  const format = useFormatter()
  return (payment) => {
    const time = payment.payableUntil ? format.dateTime(payment.payableUntil) : ""
    switch (resumable(payment)) {
      case "payable":
        return payment.payableUntil ? t("pending.payableUntil", { time }) : t("pending.payable")
      case "closed":
        return t("pending.closed", { time })
      case "noCheckout":
        return t("pending.noCheckout")
      default:
        return null
    }
  }
}

/** "$50.00 with Card (Stripe), started May 20, 2026, 9:12 AM": which payment a row's button acts on. */
export function usePaymentName(): (payment: PendingTopUp) => {
  amount: string
  provider: string
  date: string
} {
  const money = useMicroMoney()
  const format = useFormatter()
  const providerName = useProviderName()
  return (payment) => ({
    amount: money(payment.amount, payment.currency),
    provider: providerName(payment.provider).name,
    date: format.dateTime(payment.createdAt),
  })
}

/**
 * Back to the payment's checkout: a page of the site (the sandbox's, the crypto invoice) through the router, the
 * card provider's page by a plain link.
 */
export function ContinuePaymentLink({
  url,
  label,
  name,
  variant = "primary",
  size = "md",
}: {
  url: string
  /** The visible words. */
  label: string
  /** The accessible name, where the words alone do not say which payment (a table's row). */
  name?: string
  variant?: ButtonVariant
  size?: "md" | "lg"
}) {
  return (
    <Button asChild variant={variant} size={size}>
      {url.startsWith("/") ? (
        <RouterLink to={url} aria-label={name}>
          {label}
        </RouterLink>
      ) : (
        <a href={url} aria-label={name}>
          {label}
        </a>
      )}
    </Button>
  )
}

/**
 * "Cancel this payment?": the checkout is closed and nothing is charged. Cancelled, `onCancelled` has the payment as
 * it is now; refused because it changed meanwhile (paid, declined, money on its way: 409) or is gone (404),
 * `onRefused` says why; other failures stay in the dialog. `focusAfter` takes the focus once the dialog has closed
 * with an answer (the button that opened it is gone then); kept, the focus goes back to that button.
 */
export function CancelPaymentDialog({
  payment,
  onKeep,
  onCancelled,
  onRefused,
  focusAfter,
}: {
  /** The payment asked about; null when closed. */
  payment: PendingTopUp | null
  onKeep: () => void
  onCancelled: (payment: Payment, asked: PendingTopUp) => void
  onRefused: (failure: ApiFailure, asked: PendingTopUp) => void
  focusAfter: RefObject<HTMLElement | null>
}) {
  const { t } = useTranslation("money")
  const { t: common } = useTranslation("common")
  const { api } = useShellServices()
  const name = usePaymentName()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [answered, setAnswered] = useState(false)
  // The last payment stays in the dialog while it closes.
  const [last, setLast] = useState(payment)
  if (payment && payment !== last) {
    setLast(payment)
    setFailure(null)
    setAnswered(false)
  }
  const shown = payment ?? last

  const confirm = async () => {
    if (!payment || busy) return
    setBusy(true)
    setFailure(null)
    try {
      const cancelled = await api.send<Payment>("POST", paymentsApi.cancel.url({ id: payment.id }))
      setAnswered(true)
      onCancelled(cancelled, payment)
    } catch (error) {
      if (error instanceof ApiFailure && (error.status === 409 || error.status === 404)) {
        setAnswered(true)
        onRefused(error, payment)
      } else {
        if (!(error instanceof ApiFailure)) console.error("Manyhands: cancelling a payment failed", error)
        setFailure(error instanceof ApiFailure ? error.message : common("errors.codes.INTERNAL_ERROR"))
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <ConfirmFrame
      open={payment !== null}
      onOpenChange={(open) => {
        if (!open) onKeep()
      }}
      onCloseAutoFocus={(event) => {
        if (!answered || !focusAfter.current) return
        event.preventDefault()
        focusAfter.current.focus()
      }}
      title={t("pending.cancelDialog.title")}
      description={shown ? t("pending.cancelDialog.text", name(shown)) : null}
      error={failure}
      errorTitle={t("pending.cancelDialog.failed")}
      cancelLabel={t("pending.cancelDialog.keep")}
      confirmLabel={t("pending.cancelDialog.confirm")}
      pending={busy}
      onConfirm={() => void confirm()}
    />
  )
}
