import { cva } from "class-variance-authority"
import { useId, useMemo, useState, type ChangeEvent, type ComponentProps, type FocusEvent } from "react"
import { useFieldControl } from "../field/field"
import { cn } from "../lib/cn"
import { controlClasses, controlSizes } from "../lib/control"
import { currencyDigits } from "../provider/format"
import { useDesignSystem } from "../provider/provider"
import { currencyAffix, formatMoneyForInput, parseMoney } from "./money"

export const moneyAffixVariants = /* @__PURE__ */ cva(
  [
    "inline-flex shrink-0 items-center border border-border-strong bg-surface-muted font-medium text-muted-foreground shadow-sm",
    "group-has-[input[aria-invalid=true]]:border-danger",
  ],
  {
    variants: {
      position: { prefix: "rounded-l-md border-r-0", suffix: "rounded-r-md border-l-0" },
      size: { md: "px-3 text-sm", lg: "px-4 text-base" },
    },
    defaultVariants: { position: "prefix", size: "md" },
  },
)

export interface MoneyInputProps extends Omit<
  ComponentProps<"input">,
  "value" | "defaultValue" | "onChange" | "size" | "type" | "min" | "max" | "prefix" | "inputMode"
> {
  /** The amount in integer minor units (cents, kopecks, satoshi); null when the field is empty. */
  value: number | null
  /** Called with the new amount in minor units as soon as the text is a valid amount; null when emptied. */
  onChange: (minor: number | null) => void
  /** ISO code (USD, EUR, RUB) or a crypto code (BTC, USDT); decides the precision and the symbol. */
  currency: string
  /** Smallest allowed amount in minor units; smaller amounts mark the input invalid. A negative `min` allows negative amounts. */
  min?: number
  /** Largest allowed amount in minor units; larger amounts mark the input invalid. */
  max?: number
  /** Height and text size, matching Button. @default "md" */
  size?: "md" | "lg"
}

/**
 * An amount of money in one currency. People type "12.5" or "12,5" (or paste "$1,234.50"); the caller gets
 * exact integer minor units. Keystrokes that would need more fraction digits than the currency has are
 * refused, so nothing is ever rounded.
 */
export function MoneyInput({
  value,
  onChange,
  currency,
  min,
  max,
  size = "md",
  className,
  placeholder,
  onBlur,
  "aria-invalid": ariaInvalid,
  ...rest
}: MoneyInputProps) {
  const props = useFieldControl({
    ...rest,
    "aria-invalid": ariaInvalid === true || ariaInvalid === "true" ? (true as const) : undefined,
  })
  const { locale } = useDesignSystem()
  const digits = currencyDigits(currency)
  const affix = useMemo(() => currencyAffix(locale, currency), [locale, currency])
  const nameId = useId()
  const code = currency.toUpperCase()
  const parseOptions = {
    digits,
    allowNegative: min !== undefined && min < 0,
    ignore: [affix.symbol, code],
  }
  const display = (minor: number | null) =>
    minor === null ? "" : formatMoneyForInput(minor, digits, affix.decimalSeparator)

  const [draft, setDraft] = useState(() => display(value))
  // A new value from outside (a preset amount, a reset) replaces the text, unless the text already says it.
  const [shown, setShown] = useState({ value, currency: code, locale })
  if (shown.value !== value || shown.currency !== code || shown.locale !== locale) {
    setShown({ value, currency: code, locale })
    const current = parseMoney(draft, parseOptions)
    if (!(current.ok && current.minor === value) || shown.currency !== code || shown.locale !== locale) {
      setDraft(display(value))
    }
  }

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value
    const parsed = parseMoney(text, parseOptions)
    // Refuse the keystroke: a letter, a second separator, a digit past the currency's precision.
    if (!parsed.ok) return
    setDraft(text)
    if (parsed.minor !== value) onChange(parsed.minor)
  }

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    const parsed = parseMoney(draft, parseOptions)
    if (parsed.ok) setDraft(display(parsed.minor))
    onBlur?.(event)
  }

  const outOfRange =
    value !== null && ((min !== undefined && value < min) || (max !== undefined && value > max))
  const describedBy = [props["aria-describedby"], nameId].filter(Boolean).join(" ")
  const zero = formatMoneyForInput(0, digits, affix.decimalSeparator)
  const affixElement = (
    <span
      data-slot="money-input-currency"
      aria-hidden="true"
      className={moneyAffixVariants({ position: affix.position, size })}
    >
      {affix.symbol}
    </span>
  )

  return (
    <div
      data-slot="money-input"
      data-size={size}
      data-state={outOfRange ? "out-of-range" : undefined}
      className={cn("group flex w-full", className)}
    >
      {affix.position === "prefix" ? affixElement : null}
      <input
        type="text"
        inputMode={digits > 0 ? "decimal" : "numeric"}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder ?? zero}
        {...props}
        aria-describedby={describedBy}
        aria-invalid={props["aria-invalid"] ?? (outOfRange || undefined)}
        value={draft}
        onChange={handleChange}
        onBlur={handleBlur}
        className={cn(
          controlClasses,
          controlSizes[size],
          "tabular-nums",
          affix.position === "prefix" ? "rounded-l-none" : "rounded-r-none",
        )}
      />
      {affix.position === "suffix" ? affixElement : null}
      <span id={nameId} className="sr-only">
        {affix.name}
      </span>
    </div>
  )
}
