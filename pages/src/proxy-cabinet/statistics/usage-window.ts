import { useState } from "react"
import { useSearchParams } from "react-router"
import type { DateRange } from "@manyhands/design-system"
import { daysBetween, lastDays, rangeProblem, type RangeProblem } from "../../customer/statistics/shared/days"

/** The API's window without dates: today (UTC) and the 6 days before. */
export const DEFAULT_DAYS = 7
/** The longest window the usage API answers. */
export const MAX_DAYS = 92
/** The buttons before the fields: the last 7, 30 and 90 days. */
export const PRESETS = [7, 30, 90] as const

/*
 * The window and the sub-user live in the page's address as ?dateFrom=&dateTo=&subuser=, never ?from=: the app shell
 * reads ?from= on every page as a referral link (app/src/visitor-memory.ts).
 */
const FROM = "dateFrom"
const TO = "dateTo"
const SUBUSER = "subuser"

const windowProblem = (range: DateRange) => rangeProblem(range, MAX_DAYS)

export interface UsageWindow {
  /** The window the page shows: the default one until another is chosen. */
  shown: DateRange
  /** The sub-user the page shows, or null for all. */
  subuser: string | null
  /** The usage API's query: empty for the default (what the route preloads). */
  query: { from?: string; to?: string; subuser?: string }
  /** The range in the fields (maybe one that was refused, never fetched). */
  value: DateRange
  /** The preset the shown window is, or null. */
  active: number | null
  /** Why the range in the fields is not shown, or null. */
  problem: RangeProblem | null
  onPreset: (days: number) => void
  onCustom: (range: DateRange) => void
  onSubuser: (id: string | null) => void
}

/** The days and the sub-user of the statistics page, kept in the address; `today` is the API's (UTC). */
export function useUsageWindow(today: string): UsageWindow {
  const [params, setParams] = useSearchParams()
  const [refused, setRefused] = useState<DateRange | null>(null)

  const defaultWindow = lastDays(today, DEFAULT_DAYS)
  const asked: DateRange = { from: params.get(FROM) ?? "", to: params.get(TO) ?? "" }
  const hasAsked = asked.from !== "" || asked.to !== ""
  const askedProblem = hasAsked ? windowProblem(asked) : null
  const custom = hasAsked && !askedProblem
  const shown = custom ? asked : defaultWindow
  const subuser = params.get(SUBUSER) || null

  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        change(next)
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  const go = (range: DateRange) => {
    setRefused(null)
    const isDefault = range.from === defaultWindow.from && range.to === defaultWindow.to
    update((next) => {
      next.delete(FROM)
      next.delete(TO)
      if (!isDefault) {
        next.set(FROM, range.from)
        next.set(TO, range.to)
      }
    })
  }

  const active = refused || askedProblem || shown.to !== today ? null : daysBetween(shown.from, shown.to)
  return {
    shown,
    subuser,
    query: {
      ...(custom ? { from: asked.from, to: asked.to } : {}),
      ...(subuser ? { subuser } : {}),
    },
    value: refused ?? (askedProblem ? asked : shown),
    active: PRESETS.some((days) => days === active) ? active : null,
    problem: refused ? windowProblem(refused) : askedProblem,
    onPreset: (days) => go(lastDays(today, days)),
    onCustom: (range) => {
      if (range.from === "" && range.to === "") return go(defaultWindow)
      if (windowProblem(range)) setRefused(range)
      else go(range)
    },
    onSubuser: (id) =>
      update((next) => {
        if (id) next.set(SUBUSER, id)
        else next.delete(SUBUSER)
      }),
  }
}
