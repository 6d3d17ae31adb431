import { useId } from "react"
import {
  Button,
  ButtonGroup,
  Card,
  CardBody,
  DateRangePicker,
  Field,
  type DatePreset,
  type DateRange,
} from "@manyhands/design-system"
import type { RangeProblem } from "./days"

/** What a date window says, in the words of the page that shows it. */
export interface DateWindowTexts {
  /** The label of the two fields. */
  label: string
  /** Under the fields: which days they take. */
  hint: string
  /** Under the fields, why the range in them is not shown. */
  problems: Record<RangeProblem, string>
}

/** Buttons for the last few days (today included), before the fields. */
export interface LastDaysButtons {
  /** Names the group of buttons. */
  label: string
  /** The buttons in order: how many days each shows, and its name. */
  options: readonly { days: number; label: string }[]
  /** The days of the button the shown window is, or null. */
  active: number | null
  onPick: (days: number) => void
}

export interface DateWindowProps {
  /** The range in the fields (maybe one that was refused). */
  value: DateRange
  /** Called with a complete range (not yet checked against the page's limits), or two empty strings. */
  onChange: (range: DateRange) => void
  today: string
  /** Why the range in the fields is not shown, or null. */
  problem: RangeProblem | null
  texts: DateWindowTexts
  /** Buttons for the last few days beside the fields. */
  lastDays?: LastDaysButtons
  /** The calendar's own shortcuts. @default none */
  calendarPresets?: readonly DatePreset[]
}

/** A translation function of the page's own namespace. */
type Translate = (key: string, values?: { max: number }) => string

/**
 * The texts of a window with buttons for the last days, where a namespace keeps them under `window.*` (statistics
 * and partner do): `custom`, `customHint`, one per problem, `presetsLabel` and `presets.last<days>`.
 */
export function windowTexts(t: Translate, maxDays: number, presets: readonly number[]) {
  const texts: DateWindowTexts = {
    label: t("window.custom"),
    hint: t("window.customHint", { max: maxDays }),
    problems: {
      invalidDate: t("window.invalidDate"),
      order: t("window.order"),
      tooLong: t("window.tooLong", { max: maxDays }),
    },
  }
  return {
    texts,
    /** The name of the buttons' group and of each button. */
    presets: {
      label: t("window.presetsLabel"),
      options: presets.map((days) => ({ days, label: t(`window.presets.last${days}`) })),
    },
  }
}

/**
 * The window of days of a page, in a card: two fields for any days (and buttons for the last few), with the page's
 * reason when it will not show the range typed.
 */
export function DateWindow({
  value,
  onChange,
  today,
  problem,
  texts,
  lastDays,
  calendarPresets = [],
}: DateWindowProps) {
  return (
    <Card>
      <CardBody className={lastDays ? "flex flex-wrap items-start gap-x-8 gap-y-4" : undefined}>
        {lastDays ? <LastDays {...lastDays} /> : null}
        <Field label={texts.label} hint={texts.hint} error={problem ? texts.problems[problem] : undefined}>
          <DateRangePicker
            value={value}
            onChange={onChange}
            today={today}
            presets={calendarPresets}
            // The Field above says what is wrong, in this page's words.
            errorMessages={{ "invalid-date": texts.problems.invalidDate, order: texts.problems.order }}
          />
        </Field>
      </CardBody>
    </Card>
  )
}

function LastDays({ label, options, active, onPick }: LastDaysButtons) {
  const labelId = useId()
  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium text-foreground">
        {label}
      </span>
      <ButtonGroup aria-labelledby={labelId}>
        {options.map(({ days, label: name }) => (
          <Button
            key={days}
            variant={active === days ? "primary" : "primary-light"}
            aria-pressed={active === days}
            onClick={() => onPick(days)}
          >
            {name}
          </Button>
        ))}
      </ButtonGroup>
    </div>
  )
}
