/*
 * Prices (issue 24, administrators): per captcha type and currency the customer's price and the worker's pay as
 * versions that take effect at a time. The price in force is the latest version whose time has come; a task keeps
 * the price it was created at. Amounts are per 1,000 tasks in currency units ("0.50"), as on the price list.
 */
import { PRICE_CURRENCIES } from "./statistics"
import { defineEndpoints, routeDatum } from "./endpoint"
import {
  DateTime,
  DateTimeInput,
  Id,
  IdParams,
  Nullable,
  StrictObject,
  StringEnum,
  Type,
  type Static,
} from "./schema"

const Amount = (description: string) =>
  Type.String({ maxLength: 20, pattern: "^[0-9]{1,4}(\\.[0-9]{1,3})?$", description })

export const PriceVersion = Type.Object({
  id: Id(),
  perThousand: Type.String({ description: "The customer's price per 1,000 tasks." }),
  workerPerThousand: Type.String({ description: "The worker's pay per 1,000 tasks." }),
  marginPerThousand: Type.String({ description: "Price minus pay, per 1,000 tasks." }),
  effectiveFrom: DateTime(),
  createdBy: Nullable(
    Type.String({ description: "The e-mail of who scheduled it; null for the first prices." }),
  ),
  createdAt: DateTime(),
})
export type PriceVersion = Static<typeof PriceVersion>

export const PriceCell = Type.Object({
  currency: StringEnum(PRICE_CURRENCIES),
  current: Nullable(PriceVersion),
  /** Versions not yet in force, soonest first. */
  scheduled: Type.Array(PriceVersion),
})
export type PriceCell = Static<typeof PriceCell>

export const PriceRow = Type.Object({
  type: Type.String(),
  kind: StringEnum(["image", "token"] as const),
  enabled: Type.Boolean(),
  currencies: Type.Array(PriceCell),
})
export type PriceRow = Static<typeof PriceRow>

export const PriceTable = Type.Object({ types: Type.Array(PriceRow), now: DateTime() })
export type PriceTable = Static<typeof PriceTable>

export const PriceProposal = StrictObject({
  type: Type.String({ minLength: 1, maxLength: 100 }),
  currency: StringEnum(PRICE_CURRENCIES),
  perThousand: Amount("The customer's price per 1,000 tasks, above 0 and at most 1000 (3 decimals)."),
  workerPerThousand: Amount("The worker's pay per 1,000 tasks, at most the price."),
})
export type PriceProposal = Static<typeof PriceProposal>

export const PriceSchedule = StrictObject({
  type: Type.String({ minLength: 1, maxLength: 100 }),
  currency: StringEnum(PRICE_CURRENCIES),
  perThousand: Amount("The customer's price per 1,000 tasks, above 0 and at most 1000 (3 decimals)."),
  workerPerThousand: Amount("The worker's pay per 1,000 tasks, at most the price."),
  effectiveFrom: Nullable(DateTimeInput(), { description: "When it takes effect; null: now." }),
  reason: Type.Optional(Type.String({ maxLength: 500, description: "Why, for the audit log." })),
})
export type PriceSchedule = Static<typeof PriceSchedule>

export const PricePreview = Type.Object({
  currentPerThousand: Nullable(Type.String()),
  currentWorkerPerThousand: Nullable(Type.String()),
  marginPerThousand: Type.String({ description: "The new price minus the new pay, per 1,000 tasks." }),
  currentMarginPerThousand: Nullable(Type.String()),
  yesterday: Type.Object({
    day: Type.String({ description: "The UTC day counted, YYYY-MM-DD." }),
    tasks: Type.Integer({ description: "Tasks of the type and currency created that day." }),
    atCurrentPrice: Type.String({ description: "tasks × the price in force now, in currency units." }),
    atNewPrice: Type.String({ description: "tasks × the new price, in currency units." }),
  }),
})
export type PricePreview = Static<typeof PricePreview>

const PRICE_ERRORS = [
  "NOT_SIGNED_IN",
  "FORBIDDEN",
  "CSRF_TOKEN_INVALID",
  "VALIDATION_FAILED",
  "CAPTCHA_TYPE_NOT_FOUND",
  "PRICE_INVALID",
] as const

export const opsPricesApi = defineEndpoints("ops-prices", {
  table: {
    method: "GET",
    path: "/api/v1/ops/prices",
    summary: "Every type's current and scheduled prices and worker pay per currency (administrators)",
    response: { 200: PriceTable },
    errors: ["NOT_SIGNED_IN", "FORBIDDEN"],
  },
  preview: {
    method: "POST",
    path: "/api/v1/ops/prices/preview",
    summary: "The margin of a proposed price and yesterday's volume at it and at the current price",
    body: PriceProposal,
    response: { 200: PricePreview },
    errors: [...PRICE_ERRORS],
  },
  schedule: {
    method: "POST",
    path: "/api/v1/ops/prices",
    summary: "Schedules a price and worker pay from a time, or now (audited)",
    body: PriceSchedule,
    response: { 201: PriceVersion },
    errors: [...PRICE_ERRORS, "PRICE_TIME_PAST"],
  },
  cancel: {
    method: "DELETE",
    path: "/api/v1/ops/prices/:id",
    summary: "Cancels a price not yet in force (audited)",
    params: IdParams,
    response: { 200: Type.Object({ id: Id() }) },
    errors: ["NOT_SIGNED_IN", "FORBIDDEN", "CSRF_TOKEN_INVALID", "PRICE_NOT_FOUND", "PRICE_ALREADY_IN_FORCE"],
  },
})

export const opsPricesRouteData = {
  priceTable: routeDatum(opsPricesApi.table),
}
