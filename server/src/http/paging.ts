/*
 * The one shape of a paged list in the JSON APIs: ?page=1&pageSize=20 in, { items, total, page, pageSize } out
 * (pages/src/customer/customer-data.ts `Page`).
 */

/** The query properties of a paged list: pages from 1, at most 100 items a page, 20 unless asked. */
export const pageQueryProperties = {
  page: { type: "integer", minimum: 1, maximum: 100_000, default: 1 },
  pageSize: { type: "integer", minimum: 1, maximum: 100, default: 20 },
} as const

/** The answer's schema: a page of `item`s, with any `extra` properties a list adds (its window, its sort). */
export const pageSchema = (item: object, extra: Record<string, object> = {}) =>
  ({
    type: "object",
    required: ["items", "total", "page", "pageSize", ...Object.keys(extra)],
    properties: {
      items: { type: "array", items: item },
      total: { type: "integer" },
      page: { type: "integer" },
      pageSize: { type: "integer" },
      ...extra,
    },
  }) as const
