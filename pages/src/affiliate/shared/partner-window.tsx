import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import type { DateRange } from "@manyhands/design-system"
import { DateWindow, windowTexts } from "../../customer/statistics/shared/date-window"
import { daysBetween, lastDays, rangeProblem, type RangeProblem } from "../../customer/statistics/shared/days"
import { DEFAULT_DAYS, MAX_DAYS } from "@manyhands/contract/affiliate"

/** The buttons above the fields: the last 7, 30 and 90 days (today included); longer ones in the fields. */
export const PRESETS = [7, DEFAULT_DAYS, 90] as const

/*
 * The window lives in the page's address as ?dateFrom=&dateTo=, never ?from=: the app shell reads ?from= on every
 * page as a referral link (app/src/visitor-memory.ts) and would count the partner's own page views as clicks.
 */
const FROM = "dateFrom"
const TO = "dateTo"

/** What is wrong with a window, or null when the API takes it. */
const windowProblem = (range: DateRange) => rangeProblem(range, MAX_DAYS)

export interface PartnerWindow {
  /** The window the page shows (the default one until another is chosen). */
  shown: DateRange
  /** `from=…&to=…` for the API when another window than the default is chosen; "" for the default. */
  query: string
  /** The same window for links to the other pages of the programme ("?dateFrom=…&dateTo=…" or ""). */
  search: string
  picker: WindowPickerProps
}

/**
 * The window of days of a partner page, kept in the address. Without dates it is the API's default (the last 30
 * days up to `today`, UTC), which the route preloads; a window the API would refuse stays in the fields with its
 * reason and is never fetched.
 */
export function usePartnerWindow(today: string): PartnerWindow {
  const [params, setParams] = useSearchParams()
  const [refused, setRefused] = useState<DateRange | null>(null)

  const defaultWindow = lastDays(today, DEFAULT_DAYS)
  const asked: DateRange = { from: params.get(FROM) ?? "", to: params.get(TO) ?? "" }
  const hasAsked = asked.from !== "" || asked.to !== ""
  const askedProblem = hasAsked ? windowProblem(asked) : null
  const custom = hasAsked && !askedProblem
  const shown = custom ? asked : defaultWindow

  const go = (range: DateRange | null) => {
    setRefused(null)
    const isDefault = range !== null && range.from === defaultWindow.from && range.to === defaultWindow.to
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete(FROM)
        next.delete(TO)
        // Another window is another list: its first page.
        next.delete("page")
        if (range && !isDefault) {
          next.set(FROM, range.from)
          next.set(TO, range.to)
        }
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  }
  const onCustom = (range: DateRange) => {
    if (range.from === "" && range.to === "") return go(null)
    if (windowProblem(range)) setRefused(range)
    else go(range)
  }

  const value = refused ?? (askedProblem ? asked : shown)
  const active = refused || askedProblem || shown.to !== today ? null : daysBetween(shown.from, shown.to)
  return {
    shown,
    query: custom ? new URLSearchParams({ from: asked.from, to: asked.to }).toString() : "",
    search: custom ? `?${new URLSearchParams({ [FROM]: asked.from, [TO]: asked.to }).toString()}` : "",
    picker: {
      value,
      active: PRESETS.some((days) => days === active) ? active : null,
      today,
      problem: refused ? windowProblem(refused) : askedProblem,
      onPreset: (days) => go(lastDays(today, days)),
      onCustom,
    },
  }
}

export interface WindowPickerProps {
  /** The range in the fields (maybe one that was refused). */
  value: DateRange
  /** The preset the shown window is, or null. */
  active: number | null
  today: string
  /** Why the range in the fields is not shown, or null. */
  problem: RangeProblem | null
  onPreset: (days: number) => void
  onCustom: (range: DateRange) => void
}

/** The period of a partner page: presets of the last 7, 30 and 90 days, or any days in the two fields. */
export function WindowCard({ active, onPreset, onCustom, ...fields }: WindowPickerProps) {
  const { t } = useTranslation("partner")
  const { texts, presets } = windowTexts(t, MAX_DAYS, PRESETS)
  return (
    <DateWindow
      {...fields}
      onChange={onCustom}
      texts={texts}
      lastDays={{ ...presets, active, onPick: onPreset }}
    />
  )
}
