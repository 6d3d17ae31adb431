export {
  DateRangePicker,
  calendarDayVariants,
  type DateRangePickerProps,
  type DateRangeError,
} from "./date-range-picker"
// The calendar maths stays internal (generic names); only what an app needs to share the picker's ranges.
export {
  datePresets,
  isValidIsoDate,
  presetRange,
  todayIsoDate,
  type DatePreset,
  type DateRange,
} from "./dates"
