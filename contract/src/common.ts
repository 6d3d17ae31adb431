/*
 * Shapes every area shares, declared once: the error envelope of every JSON API and the paged list.
 */
import { StrictObject, Type, type Static, type TSchema } from "./schema"

/** The one error shape of every JSON API: { "error": { "code", "message", "details"? } }. */
export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: "Stable, machine-readable: VALIDATION_FAILED, NOT_FOUND, …" }),
      message: Type.String({ description: "For people, in the request's language where translated." }),
      details: Type.Optional(
        Type.Unknown({ description: "VALIDATION_FAILED: [{ field, message }] for each refused field." }),
      ),
    }),
  },
  { title: "ErrorEnvelope" },
)
export type ErrorEnvelope = Static<typeof ErrorEnvelope>

/** The query properties of a paged list: pages from 1, at most 100 items a page, 20 unless asked. */
export const pageQueryProperties = {
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
}

/** ?page=&pageSize= alone. */
export const PageQuery = StrictObject(pageQueryProperties)
export type PageQuery = Static<typeof PageQuery>

/** A page of `item`s: { items, total, page, pageSize }, with any `extra` properties a list adds (its window, its sort). */
export function Page<T extends TSchema, E extends Record<string, TSchema> = Record<never, never>>(
  item: T,
  extra: E = {} as E,
) {
  return Type.Object({
    items: Type.Array(item),
    total: Type.Integer({ description: "Items in all pages." }),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    ...extra,
  })
}

/**
 * A page of `item`s in the spec's catalogue words (§3: `records`, `totalCount`; §9: pages from 0), with any
 * `extra` properties a list adds.
 */
export function Records<T extends TSchema, E extends Record<string, TSchema> = Record<never, never>>(
  item: T,
  extra: E = {} as E,
) {
  return Type.Object({
    records: Type.Array(item),
    totalCount: Type.Integer({ description: "Records in all pages." }),
    page: Type.Integer({ description: "From 0." }),
    pageSize: Type.Integer(),
    ...extra,
  })
}

/** The answer type of a paged list. */
export interface Page<T> {
  items: T[]
  total: number
  page: number
  pageSize: number
}

/** The currencies of balances and prices: US dollars and Russian roubles (amounts in micro-units). */
export const CURRENCIES = ["USD", "RUB"] as const
export type Currency = (typeof CURRENCIES)[number]
