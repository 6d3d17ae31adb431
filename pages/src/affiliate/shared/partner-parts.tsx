import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { CopyButton, Field, TextInput, cn, useFormatter } from "@manyhands/design-system"
import { useMicroMoney } from "../../blocks"
import { CURRENCIES, type Amounts, type Currency, type PartnerShares } from "@manyhands/contract/affiliate"

/** True when every currency is 0. */
export const isZero = (amounts: Amounts) => CURRENCIES.every((currency) => amounts[currency] === 0)

/** The currencies worth showing: those with money, or USD alone when there is none. */
export const currenciesOf = (amounts: Amounts): Currency[] => {
  const some = CURRENCIES.filter((currency) => amounts[currency] !== 0)
  return some.length > 0 ? some : ["USD"]
}

/**
 * Formats per-currency amounts: each currency that holds money ("$1.30", "₽45.00"), USD alone when none does.
 * Currencies are never added together.
 */
export function useAmounts(): (amounts: Amounts) => string[] {
  const money = useMicroMoney()
  return (amounts) => currenciesOf(amounts).map((currency) => money(amounts[currency], currency))
}

/** Per-currency amounts, one currency a line (most partners see one). */
export function AmountsText({
  value,
  className,
  muteZero = false,
}: {
  value: Amounts
  className?: string
  /** Show an all-zero amount in the muted tone (table cells). */
  muteZero?: boolean
}) {
  const amounts = useAmounts()
  const lines = amounts(value)
  return (
    <span
      className={cn(
        "inline-flex flex-col whitespace-nowrap",
        muteZero && isZero(value) && "text-muted-foreground",
        className,
      )}
    >
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </span>
  )
}

/** "You earn 10 % of what customers you invite spend, and 5 % of what workers you invite earn." */
export function useSharesText(): (shares: PartnerShares) => string {
  const { t } = useTranslation("partner")
  const format = useFormatter()
  return ({ customerPercent, workerPercent }) => {
    const customer = format.percent(customerPercent / 100, 0)
    const worker = format.percent(workerPercent / 100, 0)
    if (customerPercent > 0 && workerPercent > 0) return t("shares.both", { customer, worker })
    if (customerPercent > 0) return t("shares.customersOnly", { customer })
    if (workerPercent > 0) return t("shares.workersOnly", { worker })
    return t("shares.none")
  }
}

/**
 * An address to share (the referral link, a landing page's link): in a read-only field, where it can be selected
 * and read, with a button that copies it.
 */
export function CopyField({
  label,
  value,
  hint,
  copyLabel,
  className,
}: {
  label: ReactNode
  value: string
  hint?: ReactNode
  /** The copy button's text; "Copy link" unless given. */
  copyLabel?: string
  className?: string
}) {
  const { t } = useTranslation("partner")
  return (
    <Field label={label} hint={hint} className={className}>
      <div className="flex flex-wrap items-center gap-2">
        <TextInput
          readOnly
          value={value}
          className="min-w-0 flex-1 basis-64 font-mono text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={value} label={copyLabel ?? t("copyLink")} />
      </div>
    </Field>
  )
}

/** A copyable address as text in a list or table: the link (broken anywhere on narrow screens) and its button. */
export function CopyableLink({ value, label }: { value: string; label?: string }) {
  const { t } = useTranslation("partner")
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="min-w-0 font-mono text-[0.8125rem] break-all">{value}</span>
      <CopyButton value={value} label={label ?? t("copyLink")} />
    </span>
  )
}
