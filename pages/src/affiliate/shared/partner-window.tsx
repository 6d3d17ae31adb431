import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import {
  Button,
  ButtonGroup,
  Card,
  CardBody,
  DateRangePicker,
  Field,
  type DateRange,
} from "@manyhands/design-system"
import { addDays, daysBetween, isDay } from "../../customer/statistics/shared/days"
import { DEFAULT_DAYS, MAX_DAYS } from "../affiliate-data"

/** The buttons above the fields: the last 7, 30 and 90 days (today included); longer ones in the fields. */
export const PRESETS = [7, DEFAULT_DAYS, 90] as const

/*
 * The window lives in the page's address as ?dateFrom=&dateTo=, never ?from=: the app shell reads ?from= on every
 * page as a referral link (app/src/visitor-memory.ts) and would count the partner's own page views as clicks.
 */
const FROM = "dateFrom"
const TO = "dateTo"

export type WindowProblem = "invalidDate" | "order" | "tooLong"

/** What is wrong with a window, or null when the API takes it. */
export function windowProblem({ from, to }: DateRange): WindowProblem | null {
  if (!isDay(from) || !isDay(to)) return "invalidDate"
  if (from > to) return "order"
  if (daysBetween(from, to) > MAX_DAYS) return "tooLong"
  return null
}

/** The last `days` days up to `today`, both included. */
export const lastDays = (today: string, days: number): DateRange => ({
  from: addDays(today, 1 - days),
  to: today,
})

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
  problem: WindowProblem | null
  onPreset: (days: number) => void
  onCustom: (range: DateRange) => void
}

/** The period of a partner page: presets of the last 7, 30 and 90 days, or any days in the two fields. */
export function WindowCard({ value, active, today, problem, onPreset, onCustom }: WindowPickerProps) {
  const { t } = useTranslation("partner")
  const presetsLabel = useId()
  return (
    <Card>
      <CardBody className="flex flex-wrap items-start gap-x-8 gap-y-4">
        <div className="flex flex-col gap-1.5">
          <span id={presetsLabel} className="text-sm font-medium text-foreground">
            {t("window.presetsLabel")}
          </span>
          <ButtonGroup aria-labelledby={presetsLabel}>
            {PRESETS.map((days) => (
              <Button
                key={days}
                variant={active === days ? "primary" : "primary-light"}
                aria-pressed={active === days}
                onClick={() => onPreset(days)}
              >
                {t(`window.presets.last${days}`)}
              </Button>
            ))}
          </ButtonGroup>
        </div>
        <Field
          label={t("window.custom")}
          hint={t("window.customHint", { max: MAX_DAYS })}
          error={problem ? t(`window.${problem}`, { max: MAX_DAYS }) : undefined}
        >
          <DateRangePicker
            value={value}
            onChange={onCustom}
            today={today}
            presets={[]}
            // The Field above says what is wrong, in this page's words.
            errorMessages={{ "invalid-date": t("window.invalidDate"), order: t("window.order") }}
          />
        </Field>
      </CardBody>
    </Card>
  )
}
