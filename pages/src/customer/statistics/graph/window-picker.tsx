/*
 * The window of days of the graph: what the API takes. The picker is the shared DateWindow (../shared/date-window)
 * with the statistics texts.
 */

/** The longest window the API draws (GET /api/v2/statistics/graph refuses more). */
export const MAX_DAYS = 92
/** The API's window without dates: today and the 6 days before. */
export const DEFAULT_DAYS = 7
/** The buttons above the fields: the last 7, 30 and 90 days (today included); up to 92 in the fields. */
export const PRESETS = [7, 30, 90] as const
