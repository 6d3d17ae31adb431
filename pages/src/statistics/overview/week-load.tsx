import { useId, useMemo } from "react"
import { useTranslation } from "react-i18next"
import { cn, EmptyState, useFormatter } from "@manyhands/design-system"
import type { WeekHour } from "@manyhands/contract/statistics"
import { NS } from "../parts"
import { busiestHour, LOAD_LEVELS, loadLevel, quietestHours, weekGrid } from "../stat-model"

/** The fill of each load band, from idle to saturated (the chart-1 token at growing strength). */
const levelClasses = ["bg-chart-1/10", "bg-chart-1/30", "bg-chart-1/50", "bg-chart-1/75", "bg-chart-1"]
/** An hour without data. */
const noDataClass =
  "bg-surface-muted bg-[repeating-linear-gradient(45deg,transparent_0_3px,var(--color-border)_3px_4px)]"

/** A Monday, for the names of the weekdays in the page's language. */
const MONDAY = Date.UTC(2024, 0, 1)
const HOURS = Array.from({ length: 24 }, (_, hour) => hour)

/** "14:00–15:00" in the page's language (UTC), two-digit hours so that the hours of a list line up. */
function useHourNames() {
  const format = useFormatter()
  const at = (hour: number) => format.time(MONDAY + hour * 3_600_000, { padded: true })
  return {
    range: (hour: number) => `${at(hour)}–${at((hour + 1) % 24)}`,
    short: (hour: number) => String(hour).padStart(2, "0"),
  }
}

/** The weekdays' names in the page's language, Monday being 0. */
function useWeekdayNames() {
  const format = useFormatter()
  const day = (weekday: number) => MONDAY + weekday * 86_400_000
  return {
    long: (weekday: number) => format.weekday(day(weekday), "long"),
    short: (weekday: number) => format.weekday(day(weekday), "short"),
  }
}

/**
 * "Best time to submit": the workers' load in each hour of the week (UTC, on average over the last 4 weeks) as a
 * table of weekdays × hours whose cells are shaded by load; each cell says its figures in words, and the
 * quietest and busiest hours are written out above it.
 */
export function WeekLoad({ week }: { week: readonly WeekHour[] }) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const hours = useHourNames()
  const days = useWeekdayNames()
  const captionId = useId()
  const grid = useMemo(() => weekGrid(week), [week])
  const quiet = useMemo(() => quietestHours(week, 3), [week])
  const busy = useMemo(() => busiestHour(week), [week])

  if (quiet.length === 0) {
    return (
      <EmptyState
        variant="dashed"
        titleAs="h3"
        title={t("week.empty.title")}
        description={t("week.empty.description")}
      />
    )
  }

  const when = (cell: WeekHour) =>
    t("week.when", { day: days.long(cell.weekday), hours: hours.range(cell.hour) })
  const cellText = (cell: WeekHour | null) =>
    cell === null || cell.load === null
      ? t("week.cell.none")
      : t("week.cell.load", {
          load: format.percent(cell.load, 0),
          tasks: format.number(cell.created, { maximumFractionDigits: 0 }),
        })

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-border bg-surface p-4">
          <h3 className="text-sm font-semibold text-foreground">{t("week.quietest")}</h3>
          <ol className="mt-2 flex flex-col gap-1 text-sm text-muted-foreground">
            {quiet.map((cell) => (
              <li key={`${cell.weekday}-${cell.hour}`}>
                <span className="font-medium text-foreground">{when(cell)}</span>
                {" — "}
                {t("week.busyShare", { load: format.percent(cell.load ?? 0, 0) })}
              </li>
            ))}
          </ol>
        </div>
        {busy ? (
          <div className="rounded-lg border border-border bg-surface p-4">
            <h3 className="text-sm font-semibold text-foreground">{t("week.busiest")}</h3>
            <p className="mt-2 text-sm text-muted-foreground">
              <span className="font-medium text-foreground">{when(busy)}</span>
              {" — "}
              {t("week.busyShare", { load: format.percent(busy.load ?? 0, 0) })}
            </p>
            <p className="mt-2 text-sm text-muted-foreground">{t("week.advice")}</p>
          </div>
        ) : null}
      </div>

      <div className="flex flex-col gap-3">
        <table aria-labelledby={captionId} className="w-full table-fixed border-separate border-spacing-0.5">
          <caption id={captionId} className="mb-2 text-left text-sm font-semibold text-foreground">
            {t("week.caption")}
          </caption>
          <colgroup>
            <col className="w-10 sm:w-12" />
          </colgroup>
          <thead>
            <tr>
              <td />
              {HOURS.map((hour) => (
                <th
                  key={hour}
                  scope="col"
                  className="p-0 text-center text-[0.625rem] font-normal leading-4 text-muted-foreground"
                >
                  <span className="sr-only">{hours.range(hour)}</span>
                  <span
                    aria-hidden="true"
                    className={cn(hour % 6 !== 0 && "invisible", hour % 3 === 0 && "sm:visible")}
                  >
                    {hours.short(hour)}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.map((row, weekday) => (
              <tr key={weekday}>
                <th scope="row" className="pr-1 text-left text-xs font-medium text-foreground">
                  <span aria-hidden="true">{days.short(weekday)}</span>
                  <span className="sr-only">{days.long(weekday)}</span>
                </th>
                {row.map((cell, hour) => {
                  const level = loadLevel(cell?.load ?? null)
                  return (
                    <td
                      key={hour}
                      data-level={level ?? "none"}
                      className={cn("h-6 rounded-sm p-0", level === null ? noDataClass : levelClasses[level])}
                    >
                      <span className="sr-only">{cellText(cell)}</span>
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <Legend />
      </div>
    </div>
  )
}

function Legend() {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const step = 1 / LOAD_LEVELS
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-muted-foreground">
      <span className="font-medium text-foreground">{t("week.legend")}</span>
      <ul className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {levelClasses.map((className, level) => (
          <li key={level} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={cn("size-3 rounded-sm", className)} />
            {level === LOAD_LEVELS - 1
              ? t("week.levelTop", { from: format.percent(level * step, 0) })
              : t("week.level", {
                  from: format.percent(level * step, 0),
                  to: format.percent((level + 1) * step, 0),
                })}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className={cn("size-3 rounded-sm", noDataClass)} />
          {t("week.cell.none")}
        </li>
      </ul>
    </div>
  )
}
