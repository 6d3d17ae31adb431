import { oneOf, type FilterParams } from "../../../blocks"
import { TASK_STATES, type TaskState } from "@manyhands/contract/captcha"
import { isDay } from "../shared/days"

/** The filters of the uploads list as the address keeps them (?type=&state=&dateFrom=&dateTo=, beside the page). */
export interface Filters {
  /** A captcha type code, or "" for all. */
  type: string
  state: TaskState | ""
  /** YYYY-MM-DD, both or neither. */
  dateFrom: string
  dateTo: string
}

/** The filters in the address, of the captcha types known; the dates only as a valid pair, in one order. */
export function uploadFilterParams(types: readonly string[]): FilterParams<Filters> {
  return {
    names: ["type", "state", "dateFrom", "dateTo"],
    read: (params) => {
      const dateFrom = params.get("dateFrom") ?? ""
      const dateTo = params.get("dateTo") ?? ""
      const datesValid = isDay(dateFrom) && isDay(dateTo) && dateFrom <= dateTo
      return {
        type: oneOf(types, params.get("type")),
        state: oneOf(TASK_STATES, params.get("state")),
        dateFrom: datesValid ? dateFrom : "",
        dateTo: datesValid ? dateTo : "",
      }
    },
    write: ({ type, state, dateFrom, dateTo }) => ({
      type,
      state,
      ...(dateFrom && dateTo ? { dateFrom, dateTo } : {}),
    }),
  }
}

/** Whether anything narrows the list (the page number does not). */
export function isFiltered(filters: Filters): boolean {
  return Boolean(filters.type || filters.state || filters.dateFrom)
}
