import type { TaskState } from "../../customer-data"
import { isDay } from "../shared/days"

export const TASK_STATES: readonly TaskState[] = ["open", "solved", "unsolvable"]

/** The filters of the uploads list as the address keeps them (?type=&state=&dateFrom=&dateTo=&page=). */
export interface Filters {
  page: number
  /** A captcha type code, or "" for all. */
  type: string
  state: TaskState | ""
  /** YYYY-MM-DD, both or neither. */
  dateFrom: string
  dateTo: string
}

export const NO_FILTERS: Filters = { page: 1, type: "", state: "", dateFrom: "", dateTo: "" }

/** The filters in the address; anything that is not a known value is left out (an edited address). */
export function readFilters(params: URLSearchParams, types: readonly string[]): Filters {
  const page = Number(params.get("page"))
  const type = params.get("type") ?? ""
  const state = params.get("state") ?? ""
  const dateFrom = params.get("dateFrom") ?? ""
  const dateTo = params.get("dateTo") ?? ""
  const datesValid = isDay(dateFrom) && isDay(dateTo) && dateFrom <= dateTo
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    type: types.includes(type) ? type : "",
    state: (TASK_STATES as readonly string[]).includes(state) ? (state as TaskState) : "",
    dateFrom: datesValid ? dateFrom : "",
    dateTo: datesValid ? dateTo : "",
  }
}

/** The filters as query parameters, in one order, leaving out what is not set: "" when nothing is. */
export function filterParams(filters: Filters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.type) params.set("type", filters.type)
  if (filters.state) params.set("state", filters.state)
  if (filters.dateFrom && filters.dateTo) {
    params.set("dateFrom", filters.dateFrom)
    params.set("dateTo", filters.dateTo)
  }
  if (filters.page > 1) params.set("page", String(filters.page))
  return params
}

/** Whether anything narrows the list (the page number does not). */
export function isFiltered(filters: Filters): boolean {
  return Boolean(filters.type || filters.state || filters.dateFrom)
}
