import { useId } from "react"
import { useTranslation } from "react-i18next"
import { Button, ButtonGroup, DateRangePicker, Field, type DateRange } from "@manyhands/design-system"
import { addDays, daysBetween, isDay } from "../shared/days"

/** The longest window the API draws (GET /api/v2/statistics/graph refuses more). */
export const MAX_DAYS = 92
/** The API's window without dates: today and the 6 days before. */
export const DEFAULT_DAYS = 7
export const PRESETS = [7, 30, 90] as const

export type WindowProblem = "invalidDate" | "order" | "tooLong"

/** What is wrong with a window, or null when the API takes it. */
export function windowProblem(from: string, to: string): WindowProblem | null {
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

/**
 * The period of the graph: presets of the last 7, 30 and 90 days, or any days up to 92 in the two fields. A range
 * the API would refuse is not applied: the message says why, next to the fields.
 */
export function WindowPicker({
  value,
  active,
  today,
  problem,
  onPreset,
  onCustom,
}: {
  /** The range in the fields (maybe one that was refused). */
  value: DateRange
  /** The preset the shown window is (7, 30 or 90), or null. */
  active: number | null
  today: string
  /** Why the range in the fields is not shown, or null. */
  problem: WindowProblem | null
  onPreset: (days: number) => void
  onCustom: (range: DateRange) => void
}) {
  const { t } = useTranslation("statistics")
  const presetsLabel = useId()
  return (
    <div className="flex flex-wrap items-start gap-x-8 gap-y-4">
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
          errorMessages={{ "invalid-date": t("window.invalidDate"), order: t("window.order") }}
        />
      </Field>
    </div>
  )
}
