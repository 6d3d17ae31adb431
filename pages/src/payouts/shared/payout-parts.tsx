import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { Badge, CopyButton, useFormatter, type BadgeTone } from "@manyhands/design-system"
import { MICRO, useMicroMoney } from "../../blocks"
import type { PayoutMethod, PayoutMethodName, PayoutSource, PayoutStatus } from "@manyhands/contract/payouts"
import { PAYOUT_CURRENCY, PAYOUT_METHOD_LABELS } from "../payouts-data"

/** Ledger micro-units per cent: MoneyInput works in cents, the API in micro-units. */
const MICRO_PER_CENT = MICRO / 100

export const centsToMicro = (cents: number) => cents * MICRO_PER_CENT
/** Whole cents of an amount, rounded down: "all" never asks for more than is there. */
export const microToCents = (micro: number) => Math.floor(micro / MICRO_PER_CENT)

/** Formats micro-units of USD, the currency of every payout. */
export function useUsd(): (micro: number) => string {
  const money = useMicroMoney()
  return (micro) => money(micro, PAYOUT_CURRENCY)
}

/** A method's name: the server's label where it gave one, else the catalogue's, else the code. */
export const methodLabel = (name: PayoutMethodName, methods?: PayoutMethod[]) =>
  methods?.find((method) => method.name === name)?.label ?? PAYOUT_METHOD_LABELS[name] ?? name

const STATUS_TONES: Record<PayoutStatus, BadgeTone> = {
  requested: "warning",
  approved: "success",
  rejected: "danger",
  cancelled: "neutral",
}

/** A payout's status as a badge; the text carries the meaning, the colour only repeats it. */
export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const { t } = useTranslation("payouts")
  return (
    <Badge tone={STATUS_TONES[status]} dot>
      {t(`statuses.${status}`)}
    </Badge>
  )
}

/** "your worker earnings" / "your partner balance", for sentences. */
export function useSourceName(): (source: PayoutSource) => string {
  const { t } = useTranslation("payouts")
  return (source) => t(`sources.${source}.inSentence`)
}

/** How a method's fee reads: "$1.00", "2%, at least $0.30", "$1.00 + 2%". */
export function useFeeText(): (method: PayoutMethod) => string {
  const { t } = useTranslation("payouts")
  const format = useFormatter()
  const usd = useUsd()
  return ({ fee }) => {
    const percent = format.percent(fee.percent / 100, 2)
    if (fee.percent === 0) return usd(fee.fixed)
    if (fee.fixed === 0)
      return fee.minimum > 0 ? t("fee.percentWithMinimum", { percent, minimum: usd(fee.minimum) }) : percent
    return t("fee.fixedAndPercent", { fixed: usd(fee.fixed), percent })
  }
}

/** Long addresses and hashes as their start and end: enough to recognise one, short enough for a table. */
export function shortText(value: string): string {
  // An e-mail address (PayPal) is read, not compared character by character: it stays whole.
  return value.length <= 20 || value.includes("@") ? value : `${value.slice(0, 8)}…${value.slice(-6)}`
}

/**
 * A long value in a table (a wallet, a transaction reference): shortened on screen, whole on hover and for screen
 * readers, with a button that copies it whole (an admin pastes the wallet into the one that sends the money).
 */
export function CopyableText({ value }: { value: string }) {
  const { t } = useTranslation("payouts")
  const short = shortText(value)
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-mono text-[0.8125rem] break-all" title={value}>
        {short === value ? (
          value
        ) : (
          <>
            <span aria-hidden="true">{short}</span>
            <span className="sr-only">{value}</span>
          </>
        )}
      </span>
      <CopyButton value={value} label={t("copy")} />
    </span>
  )
}

/** Where a payout goes: the method, and the wallet to copy. */
export function DestinationCell({ method, wallet }: { method: PayoutMethodName; wallet: string }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <span>{methodLabel(method)}</span>
      <CopyableText value={wallet} />
    </span>
  )
}

/** The amount asked for, and the fee taken out of it on a second line. */
export function AmountCell({ amount, fee }: { amount: number; fee: number }) {
  const { t } = useTranslation("payouts")
  const usd = useUsd()
  return (
    <span className="flex flex-col items-end gap-0.5">
      <span>{usd(amount)}</span>
      <span className="text-sm text-muted-foreground">{t("feeOf", { fee: usd(fee) })}</span>
    </span>
  )
}

/**
 * Where the focus goes once a dialog has closed: set `.current` (the button that opened it, or what replaced a
 * row that is gone) before closing. It moves after the dialog's focus trap is gone, also when the dialog closes
 * from a request's answer rather than a click.
 */
export function useFocusAfterClose(open: boolean) {
  const target = useRef<HTMLElement | null>(null)
  useEffect(() => {
    if (open || !target.current) return
    target.current.focus()
    target.current = null
  }, [open])
  return target
}

/**
 * Fetches routes' data again after a change (the balances, a list). A failure only leaves the older figures on
 * screen until the shell fetches them next, so it is logged rather than shown as the change having failed.
 */
export function refreshAll(refresh: (url: string) => Promise<void>, ...urls: string[]) {
  void Promise.all(urls.map((url) => refresh(url))).catch((error: unknown) =>
    console.error("Manyhands: payout data could not be fetched again", error),
  )
}
