import * as Popover from "@radix-ui/react-popover"
import { cva } from "class-variance-authority"
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type ReactNode,
} from "react"
import { Button } from "../button/button"
import { useFieldControl } from "../field/field"
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from "../icons/icons"
import { cn } from "../lib/cn"
import { controlClasses, controlSizes } from "../lib/control"
import type { MessageKey } from "../provider/messages"
import { useDesignSystem, useFormatter, useMessages } from "../provider/provider"
import {
  addDays,
  addMonths,
  datePresets,
  dayOfWeek,
  firstDayOfWeek,
  formatIsoDate,
  isInRange,
  isValidIsoDate,
  monthGrid,
  orderRange,
  parseIsoDate,
  presetRange,
  todayIsoDate,
  type DatePreset,
  type DateRange,
} from "./dates"

/** Why the typed range cannot be used: a text that is no real date, or a start after the end. */
export type DateRangeError = "invalid-date" | "order"

export const calendarDayVariants = /* @__PURE__ */ cva(
  [
    "relative inline-flex size-9 items-center justify-center rounded-md text-sm tabular-nums",
    "transition-colors duration-150 motion-reduce:transition-none focus-ring",
  ],
  {
    variants: {
      state: {
        idle: "hover:bg-surface-muted",
        inRange: "text-primary hover:bg-surface",
        edge: "bg-primary font-semibold text-primary-foreground hover:bg-primary-hover",
      },
      outside: { true: "", false: "" },
    },
    compoundVariants: [{ state: "idle", outside: true, className: "text-muted-foreground" }],
    defaultVariants: { state: "idle", outside: false },
  },
)

const errorTexts: Record<DateRangeError, MessageKey> = {
  "invalid-date": "dateInvalid",
  order: "dateRangeOrder",
}

const presetMessages: Record<DatePreset, MessageKey> = {
  today: "presetToday",
  last7Days: "presetLast7Days",
  last30Days: "presetLast30Days",
  thisMonth: "presetThisMonth",
}

export interface DateRangePickerProps {
  /** The chosen days, both included, as "YYYY-MM-DD"; `{ from: "", to: "" }` when none. */
  value: DateRange
  /** Called with a complete, valid range (start ≤ end), or with two empty strings when both fields are cleared. */
  onChange: (range: DateRange) => void
  /** The current day as "YYYY-MM-DD", for presets and the calendar's marker. @default the visitor's today */
  today?: string
  /** Shortcut ranges in the calendar, in this order; `[]` hides them. @default today, last 7 days, last 30 days, this month */
  presets?: readonly DatePreset[]
  /**
   * Texts shown (and announced) under the fields for each error; `null` for one shows none, so the fields are
   * only marked invalid (when the page shows its own message, in a Field's `error` say).
   * @default the provider's "Enter a real date as YYYY-MM-DD" and "The start date must not be after the end date"
   */
  errorMessages?: Partial<Record<DateRangeError, ReactNode>>
  /** Told whenever the typed range becomes invalid or valid again (null), e.g. to disable a submit button. */
  onErrorChange?: (error: DateRangeError | null) => void
  /** Placeholder of both fields; the format they accept. @default "YYYY-MM-DD" */
  placeholder?: string
  /** Height and text size of the fields, matching Button. @default "md" */
  size?: "md" | "lg"
  /** Open the calendar on first render. */
  defaultOpen?: boolean
  /** Id of the "from" field (the one a Field's label points at). */
  id?: string
  "aria-describedby"?: string
  "aria-invalid"?: true
  required?: boolean
  disabled?: boolean
  className?: string
}

/** "20260501" or "2026/05/01" typed on a numeric keypad becomes "2026-05-01". */
function normalizeTyped(text: string): string {
  const compact = text.trim().replace(/[./\s]/g, "-")
  const digits = /^(\d{4})(\d{2})(\d{2})$/.exec(compact)
  return digits ? `${digits[1]}-${digits[2]}-${digits[3]}` : compact
}

/** "May 2026", "Май 2026 г." — capitalised, as a calendar heading. */
function formatMonthTitle(locale: string, year: number, month: number): string {
  const text = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    Date.UTC(year, month - 1, 1),
  )
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1)
}

/** Column headings from the first day of the week on: short ("Mon") and full ("Monday"). */
function weekdayNames(locale: string, weekStart: number) {
  const short = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" })
  const long = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" })
  // 7 January 2024 was a Sunday.
  return Array.from({ length: 7 }, (_, index) => {
    const day = Date.UTC(2024, 0, 7 + ((weekStart + index) % 7))
    return { short: short.format(day), long: long.format(day) }
  })
}

/**
 * A range of days: two fields that take "YYYY-MM-DD" typing and a calendar with presets. Used for the
 * statistics and payment-history filters.
 */
export function DateRangePicker({
  value,
  onChange,
  today: todayProp,
  presets = datePresets,
  errorMessages,
  onErrorChange,
  placeholder = "YYYY-MM-DD",
  size = "md",
  defaultOpen = false,
  className,
  ...rest
}: DateRangePickerProps) {
  const field = useFieldControl(rest)
  const { locale } = useDesignSystem()
  const { messages } = useMessages()
  const format = useFormatter()
  const generatedId = useId()
  const fromId = field.id ?? `date-range-${generatedId}`
  const toId = `${fromId}-to`
  const errorId = `${fromId}-error`
  const titleId = `${fromId}-month`
  const today = todayProp ?? todayIsoDate()
  const weekStart = firstDayOfWeek(locale)

  // What the fields show; it may be unfinished or invalid while the value stays the last good range.
  const [fromText, setFromText] = useState(value.from)
  const [toText, setToText] = useState(value.to)
  const [blurred, setBlurred] = useState({ from: false, to: false })
  const [shown, setShown] = useState(value)
  if (shown.from !== value.from || shown.to !== value.to) {
    setShown(value)
    setFromText(value.from)
    setToText(value.to)
    setBlurred({ from: false, to: false })
  }

  const fromValid = isValidIsoDate(fromText)
  const toValid = isValidIsoDate(toText)
  const fromBad = fromText !== "" && !fromValid && (blurred.from || fromText.length >= 10)
  const toBad = toText !== "" && !toValid && (blurred.to || toText.length >= 10)
  const orderBad = fromValid && toValid && fromText > toText
  const error: DateRangeError | null = fromBad || toBad ? "invalid-date" : orderBad ? "order" : null

  const reported = useRef<DateRangeError | null>(null)
  useEffect(() => {
    if (reported.current === error) return
    reported.current = error
    onErrorChange?.(error)
  }, [error, onErrorChange])

  const emit = (from: string, to: string) => {
    if (from === "" && to === "") {
      if (value.from !== "" || value.to !== "") onChange({ from: "", to: "" })
      return
    }
    if (!isValidIsoDate(from) || !isValidIsoDate(to) || from > to) return
    if (from !== value.from || to !== value.to) onChange({ from, to })
  }

  const handleText = (end: "from" | "to") => (event: ChangeEvent<HTMLInputElement>) => {
    const text = normalizeTyped(event.target.value)
    setBlurred((current) => ({ ...current, [end]: false }))
    if (end === "from") {
      setFromText(text)
      emit(text, toText)
    } else {
      setToText(text)
      emit(fromText, text)
    }
  }

  // The calendar.
  const anchorDate = toValid ? toText : fromValid ? fromText : today
  const [open, setOpen] = useState(defaultOpen)
  const [view, setView] = useState(() => parseIsoDate(anchorDate) ?? { year: 2000, month: 1, day: 1 })
  const [focused, setFocused] = useState(anchorDate)
  const [pendingFrom, setPendingFrom] = useState<string | null>(null)
  const [hovered, setHovered] = useState<string | null>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  const focusRequested = useRef(false)

  const handleOpenChange = (next: boolean) => {
    if (next) {
      const anchor = parseIsoDate(anchorDate)
      if (anchor) setView(anchor)
      setFocused(anchorDate)
    } else if (pendingFrom !== null) {
      // Closed half-way through choosing: the fields go back to the range that still holds.
      setFromText(value.from)
      setToText(value.to)
    }
    setPendingFrom(null)
    setHovered(null)
    setOpen(next)
  }

  const selectRange = (range: DateRange) => {
    setFromText(range.from)
    setToText(range.to)
    setPendingFrom(null)
    setHovered(null)
    emit(range.from, range.to)
    setOpen(false)
  }

  const pick = (date: string) => {
    if (pendingFrom === null) {
      setPendingFrom(date)
      setHovered(date)
      setFromText(date)
      setToText("")
      setBlurred({ from: false, to: false })
    } else {
      selectRange(orderRange(pendingFrom, date))
    }
  }

  const moveFocus = (date: string) => {
    const parts = parseIsoDate(date)
    if (!parts) return
    setFocused(date)
    if (pendingFrom !== null) setHovered(date)
    if (parts.year !== view.year || parts.month !== view.month) setView(parts)
    focusRequested.current = true
  }

  useEffect(() => {
    if (!focusRequested.current) return
    focusRequested.current = false
    contentRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus()
  }, [focused, view])

  const handleGridKey = (event: KeyboardEvent<HTMLTableElement>) => {
    const column = (dayOfWeek(focused) - weekStart + 7) % 7
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => addDays(focused, -column),
      End: () => addDays(focused, 6 - column),
      PageUp: () => addMonths(focused, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focused, event.shiftKey ? 12 : 1),
    }
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    moveFocus(move())
  }

  const turnMonth = (months: number) => {
    const first = parseIsoDate(formatIsoDate(view.year, view.month + months, 1))
    if (!first) return
    setView(first)
    setFocused(addMonths(focused, months))
  }

  const weeks = monthGrid(view.year, view.month, weekStart)
  const tabbable = weeks.some((week) => week.includes(focused))
    ? focused
    : formatIsoDate(view.year, view.month, 1)
  const shownRange: DateRange =
    pendingFrom !== null
      ? orderRange(pendingFrom, hovered ?? pendingFrom)
      : fromValid && toValid && !orderBad
        ? { from: fromText, to: toText }
        : value

  const monthTitle = formatMonthTitle(locale, view.year, view.month)
  const weekdays = weekdayNames(locale, weekStart)

  const custom = error ? errorMessages?.[error] : undefined
  const errorText: ReactNode = error ? (custom === undefined ? messages[errorTexts[error]] : custom) : null
  const showError = errorText !== null && errorText !== false && errorText !== ""
  const describedBy =
    [field["aria-describedby"], showError ? errorId : undefined].filter(Boolean).join(" ") || undefined
  const inputClass = cn(controlClasses, controlSizes[size], size === "lg" ? "w-40" : "w-32", "tabular-nums")
  const labelClass = cn("text-xs font-medium text-muted-foreground", field.disabled && "opacity-60")

  return (
    <div
      data-slot="date-range-picker"
      data-size={size}
      data-state={error ? "invalid" : undefined}
      className={cn("flex flex-col gap-1.5", className)}
    >
      <Popover.Root open={open} onOpenChange={handleOpenChange}>
        <Popover.Anchor asChild>
          <div className="flex flex-wrap items-end gap-2">
            <div className="flex flex-col gap-1">
              <label htmlFor={fromId} className={labelClass}>
                {messages.dateFrom}
              </label>
              <input
                id={fromId}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                maxLength={10}
                placeholder={placeholder}
                value={fromText}
                onChange={handleText("from")}
                onBlur={() => setBlurred((current) => ({ ...current, from: true }))}
                aria-describedby={describedBy}
                aria-invalid={field["aria-invalid"] ?? (fromBad || orderBad || undefined)}
                required={field.required}
                disabled={field.disabled}
                className={inputClass}
              />
            </div>
            <span
              aria-hidden="true"
              className={cn("flex items-center text-muted-foreground", size === "lg" ? "h-12" : "h-10")}
            >
              –
            </span>
            <div className="flex flex-col gap-1">
              <label htmlFor={toId} className={labelClass}>
                {messages.dateTo}
              </label>
              <input
                id={toId}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                maxLength={10}
                placeholder={placeholder}
                value={toText}
                onChange={handleText("to")}
                onBlur={() => setBlurred((current) => ({ ...current, to: true }))}
                aria-describedby={describedBy}
                aria-invalid={field["aria-invalid"] ?? (toBad || orderBad || undefined)}
                required={field.required}
                disabled={field.disabled}
                className={inputClass}
              />
            </div>
            <Popover.Trigger asChild>
              <Button
                data-slot="date-range-picker-trigger"
                variant="service"
                size={size}
                aria-label={messages.chooseDates}
                disabled={field.disabled}
                className={size === "lg" ? "w-12 px-0" : "w-10 px-0"}
              >
                <CalendarIcon size={18} />
              </Button>
            </Popover.Trigger>
          </div>
        </Popover.Anchor>
        <Popover.Portal>
          <Popover.Content
            ref={contentRef}
            data-slot="date-range-picker-calendar"
            aria-label={messages.chooseDates}
            align="start"
            sideOffset={8}
            collisionPadding={8}
            onOpenAutoFocus={(event) => {
              event.preventDefault()
              contentRef.current?.querySelector<HTMLButtonElement>('[data-date][tabindex="0"]')?.focus()
            }}
            className={cn(
              "z-popover flex flex-col gap-3 rounded-lg border border-border bg-surface p-3 text-foreground shadow-popover",
              "outline-none motion-safe:data-[state=open]:animate-popover-in sm:flex-row",
            )}
          >
            {presets.length > 0 ? (
              <div
                data-slot="date-range-picker-presets"
                className="grid grid-cols-2 gap-1 border-border pb-3 max-sm:border-b sm:flex sm:min-w-36 sm:flex-col sm:border-r sm:pb-0 sm:pr-3"
              >
                {presets.map((preset) => {
                  const range = presetRange(preset, today)
                  const active = range.from === value.from && range.to === value.to
                  return (
                    <button
                      key={preset}
                      type="button"
                      data-preset={preset}
                      aria-current={active ? "true" : undefined}
                      onClick={() => selectRange(range)}
                      className={cn(
                        "rounded-md px-3 py-2 text-left text-sm font-medium whitespace-nowrap focus-ring",
                        "transition-colors duration-150 motion-reduce:transition-none",
                        active ? "bg-primary-soft text-primary" : "hover:bg-surface-muted",
                      )}
                    >
                      {messages[presetMessages[preset]]}
                    </button>
                  )
                })}
              </div>
            ) : null}
            <div className="flex flex-col gap-2">
              <div className="flex items-center justify-between gap-2">
                <button
                  type="button"
                  aria-label={messages.previousMonth}
                  onClick={() => turnMonth(-1)}
                  className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-surface-muted hover:text-foreground focus-ring"
                >
                  <ChevronLeftIcon />
                </button>
                <div id={titleId} aria-live="polite" className="text-sm font-semibold">
                  {monthTitle}
                </div>
                <button
                  type="button"
                  aria-label={messages.nextMonth}
                  onClick={() => turnMonth(1)}
                  className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-surface-muted hover:text-foreground focus-ring"
                >
                  <ChevronRightIcon />
                </button>
              </div>
              <table
                role="grid"
                aria-labelledby={titleId}
                onKeyDown={handleGridKey}
                onMouseLeave={() => pendingFrom !== null && setHovered(null)}
                className="border-separate border-spacing-y-0.5"
              >
                <thead>
                  <tr>
                    {weekdays.map((weekday) => (
                      <th
                        key={weekday.long}
                        scope="col"
                        aria-label={weekday.long}
                        className="h-8 w-9 text-xs font-medium text-muted-foreground"
                      >
                        {weekday.short}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {weeks.map((week) => (
                    <tr key={week[0]}>
                      {week.map((date, column) => {
                        const parts = parseIsoDate(date)
                        const outside = parts?.month !== view.month
                        const inRange = isInRange(date, shownRange)
                        const edge = date === shownRange.from || date === shownRange.to
                        return (
                          <td
                            key={date}
                            role="gridcell"
                            aria-selected={inRange}
                            className={cn(
                              "p-0",
                              inRange && "bg-primary-soft",
                              inRange && (date === shownRange.from || column === 0) && "rounded-l-md",
                              inRange && (date === shownRange.to || column === 6) && "rounded-r-md",
                            )}
                          >
                            <button
                              type="button"
                              data-date={date}
                              data-outside={outside || undefined}
                              tabIndex={date === tabbable ? 0 : -1}
                              aria-label={format.date(date, "long")}
                              aria-current={date === today ? "date" : undefined}
                              onClick={() => pick(date)}
                              onMouseEnter={() => pendingFrom !== null && setHovered(date)}
                              onFocus={() => setFocused(date)}
                              className={cn(
                                calendarDayVariants({
                                  state: edge && inRange ? "edge" : inRange ? "inRange" : "idle",
                                  outside,
                                }),
                                date === today &&
                                  "after:absolute after:bottom-1 after:left-1/2 after:size-1 after:-translate-x-1/2 after:rounded-full after:bg-current",
                              )}
                            >
                              {parts?.day}
                            </button>
                          </td>
                        )
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {showError ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger-text">
          {errorText}
        </p>
      ) : null}
    </div>
  )
}
