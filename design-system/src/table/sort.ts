export type SortDirection = "ascending" | "descending"

/** Which column a table is sorted by, and which way. */
export interface TableSort {
  /** The `key` of the column. */
  column: string
  direction: SortDirection
}

/** What a column sorts by: numbers and bigints by value, dates by time, text by the locale's collation. */
export type SortValue = string | number | bigint | boolean | Date | null | undefined

/** The part of a column definition that sorting reads. */
export interface SortableColumn<Row> {
  key: string
  /** The value to sort by; defaults to `row[key]`. */
  sortValue?: (row: Row) => SortValue
}

const collators = new Map<string, Intl.Collator>()
function collator(locale: string): Intl.Collator {
  let found = collators.get(locale)
  if (!found)
    collators.set(locale, (found = new Intl.Collator(locale, { numeric: true, sensitivity: "base" })))
  return found
}

const isEmpty = (value: SortValue) =>
  value === null ||
  value === undefined ||
  value === "" ||
  (value instanceof Date && Number.isNaN(value.getTime()))

/**
 * Compares two sort values ascending. Empty values (null, undefined, "", invalid dates) compare equal to each
 * other; callers put them last.
 */
export function compareSortValues(a: SortValue, b: SortValue, locale = "en"): number {
  const left = a instanceof Date ? a.getTime() : typeof a === "boolean" ? Number(a) : a
  const right = b instanceof Date ? b.getTime() : typeof b === "boolean" ? Number(b) : b
  if (
    (typeof left === "number" || typeof left === "bigint") &&
    (typeof right === "number" || typeof right === "bigint")
  ) {
    return left < right ? -1 : left > right ? 1 : 0
  }
  return collator(locale).compare(String(left ?? ""), String(right ?? ""))
}

/**
 * A sorted copy of `rows` for a table's `sort` state: stable (equal rows keep their order), empty values
 * last in either direction. Tables sort nothing themselves; call this in the `onSortChange` handler (or sort
 * on the server) and pass the result as `rows`.
 */
export function sortRows<Row>(
  rows: readonly Row[],
  columns: readonly SortableColumn<Row>[],
  sort: TableSort | null | undefined,
  locale = "en",
): Row[] {
  const copy = [...rows]
  if (!sort) return copy
  const column = columns.find((candidate) => candidate.key === sort.column)
  if (!column) return copy
  const read = column.sortValue ?? ((row: Row) => (row as Record<string, unknown>)[column.key] as SortValue)
  const sign = sort.direction === "descending" ? -1 : 1
  const keyed = copy.map((row, index) => ({ row, index, value: read(row) }))
  keyed.sort((a, b) => {
    const aEmpty = isEmpty(a.value)
    const bEmpty = isEmpty(b.value)
    if (aEmpty || bEmpty) return aEmpty === bEmpty ? a.index - b.index : aEmpty ? 1 : -1
    return sign * compareSortValues(a.value, b.value, locale) || a.index - b.index
  })
  return keyed.map((entry) => entry.row)
}
