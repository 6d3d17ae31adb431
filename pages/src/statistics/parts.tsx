import { useId, useSyncExternalStore, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import { Button, ButtonGroup, currencyDigits, useFormatter, type DateRange } from "@manyhands/design-system"
import { PRICE_CURRENCIES, type PriceCurrency } from "@manyhands/contract/statistics"
import { currencyOf, perThousandUnits } from "./stat-model"

/** The statistics texts (locales/en/public-stats.json). */
export const NS = "public-stats"

/** How an absent figure reads: a dash on screen, "no data" to a screen reader. */
export function NoData() {
  const { t } = useTranslation(NS)
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t("noData")}</span>
    </>
  )
}

/** The formats of the statistics: durations in ms, ratios, money in micro-units; null reads as no data. */
export function useStatFormat() {
  const format = useFormatter()
  return {
    number: (value: number) => format.number(value),
    /** Milliseconds as "9 s", "1 min 5 s"; null is no data. */
    ms: (value: number | null): ReactNode => (value === null ? <NoData /> : format.duration(value / 1000)),
    /** The same as plain text ("—" for none), for labels and sentences. */
    msText: (value: number | null): string => (value === null ? "—" : format.duration(value / 1000)),
    /** 0.123 → "12.3%"; null is no data. */
    ratio: (value: number | null): ReactNode => (value === null ? <NoData /> : format.percent(value, 1)),
    ratioText: (value: number | null): string => (value === null ? "—" : format.percent(value, 1)),
    /** A sum in micro-units by the site's money rule: 1_234_560_000 micro-USD → "$1,234.56", 2_500 → "$0.0025". */
    micro: (micro: number, currency: string): string => format.microMoney(Math.round(micro), currency),
    /**
     * A price per task in micro-units as the price per 1,000 tasks, with the currency's decimals and a third
     * where the price has one: 500 → "$0.50", 1450 → "$1.45", 1455 → "$1.455".
     */
    perThousand: (microPerTask: number, currency: string): string =>
      format.number(perThousandUnits(microPerTask), {
        style: "currency",
        currency,
        minimumFractionDigits: currencyDigits(currency),
        maximumFractionDigits: Math.max(3, currencyDigits(currency)),
      }),
    /** A decimal string in currency units ("2.99") as money. */
    units: (amount: string, currency: string): string =>
      format.number(Number(amount), {
        style: "currency",
        currency,
        minimumFractionDigits: currencyDigits(currency),
        maximumFractionDigits: Math.max(3, currencyDigits(currency)),
      }),
  }
}

/** Replaces some search parameters of the address (null removes one), without a new history entry. */
export function useAddressParams(): [URLSearchParams, (changes: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams()
  const change = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name)
          else next.set(name, value)
        }
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  return [params, change]
}

/**
 * The currency a page is shown in (`?currency=`): the one asked for, or null for the site's (what the route
 * preloaded). Choosing the site's currency takes the parameter away again, so the preloaded answer serves.
 */
export function useCurrencyParam(siteCurrency: PriceCurrency | undefined) {
  const [params, change] = useAddressParams()
  const asked = currencyOf(params.get("currency"))
  const choose = (currency: PriceCurrency) =>
    change({ currency: currency === siteCurrency ? null : currency })
  return {
    /** The currency to ask the API for: null for the site's, whose answer the route preloaded. */
    asked: asked === siteCurrency ? null : asked,
    /** The currency shown (undefined until the route's answer says the site's). */
    shown: asked ?? siteCurrency,
    choose,
  }
}

/** Buttons for choices of which one is shown (a currency, a period): one pressed, a labelled group. */
export function ChoiceButtons<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string
  options: readonly { value: V; label: string }[]
  /** The choice shown, or null when none of them is (a window of days instead of a period). */
  value: V | null | undefined
  onChange: (value: V) => void
}) {
  const labelId = useId()
  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium text-foreground">
        {label}
      </span>
      <ButtonGroup aria-labelledby={labelId} className="flex-wrap">
        {options.map((option) => (
          <Button
            key={option.value}
            // Four periods fit side by side on a 375 px phone.
            className="px-3 sm:px-4"
            variant={value === option.value ? "primary" : "primary-light"}
            aria-pressed={value === option.value}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </Button>
        ))}
      </ButtonGroup>
    </div>
  )
}

/** The currency buttons (USD, RUB, EUR). */
export function CurrencySwitch({
  value,
  onChange,
}: {
  value: PriceCurrency | undefined
  onChange: (currency: PriceCurrency) => void
}) {
  const { t } = useTranslation(NS)
  return (
    <ChoiceButtons
      label={t("currency.label")}
      options={PRICE_CURRENCIES.map((code) => ({ value: code, label: code }))}
      value={value}
      onChange={onChange}
    />
  )
}

const subscribeNever = () => () => {}

/**
 * The visitor's time zone for times of day. The server renders in UTC (it cannot know the visitor's zone) and
 * the browser switches to its own once hydrated, so the first client render equals the server's. A fixed zone
 * (stories) wins.
 */
export function useTimeZone(fixed?: string): { zone: string; local: boolean } {
  const zone = useSyncExternalStore(
    subscribeNever,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone ?? "UTC",
    () => null,
  )
  if (fixed) return { zone: fixed, local: true }
  return zone ? { zone, local: true } : { zone: "UTC", local: false }
}

/** A window of days as two dates in the page's language: "May 1, 2026 – May 20, 2026". */
export function useWindowText(): (range: DateRange) => { from: string; to: string } {
  const format = useFormatter()
  return (range) => ({ from: format.date(range.from, "long"), to: format.date(range.to, "long") })
}
