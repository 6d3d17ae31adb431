/*
 * Enterprise support (spec §2 /support/enterprise; §7 POST /api/v2/user/enterprise_support/buy, GET
 * /api/v2/user/enterprise_support/pricing and /conditions by currency). Three plans with response targets per
 * severity (a ticket's priority), support hours (business hours or around the clock), named contacts and a price
 * per month in each currency of the balance. A plan is bought from the balance for ENTERPRISE_TERM_DAYS; the
 * tickets its customer opens while it runs get its targets instead of SLA_TARGET_MINUTES, see them on their own
 * tickets, and every answer that comes late credits the balance a share of the monthly price.
 *
 * Money is in ledger micro-units of the currency named beside it (integer minor units of the ledger: 500000000
 * USD is $500.00), as everywhere in the money API.
 *
 * Research (shared/reference/product-areas.md §3): Tyk's tiers go 9×5 → 24×7 with 1/3/5/10 named users; Kernel's
 * fastest answer is 15 minutes; Citus answers urgent 1 h, high 4 h, normal 1 business day, low 3 — which is
 * already everybody's default here (SLA_TARGET_MINUTES), so every plan is stricter than that.
 */
import { CURRENCIES, type Currency } from "./common"
import { defineEndpoints, routeDatum } from "./endpoint"
import { DateTime, Money, Nullable, StrictObject, StringEnum, Type, type Static } from "./schema"
import { SUPPORT_HOURS, type TICKET_PRIORITIES } from "./support"

export const ENTERPRISE_PLAN_CODES = ["business", "priority", "dedicated"] as const
export type EnterprisePlanCode = (typeof ENTERPRISE_PLAN_CODES)[number]

/** business: support's hours (SUPPORT_HOURS, Monday–Friday 09:00–18:00 UTC); 24x7: every minute of the week. */
export const ENTERPRISE_HOURS = ["business", "24x7"] as const
export type EnterpriseHours = (typeof ENTERPRISE_HOURS)[number]

/** What one purchase buys: 30 days. Buying again adds 30 days after the plan's (or the queued plans') end. */
export const ENTERPRISE_TERM_DAYS = 30
/** A late answer credits this share of the monthly price paid… */
export const SLA_CREDIT_PERCENT = 5
/** …up to this share of it per term (so a term never credits back more than half of what it cost). */
export const SLA_CREDIT_CAP_PERCENT = 50

export type SeverityTargets = Record<(typeof TICKET_PRIORITIES)[number], number>

export interface EnterprisePlanDefinition {
  code: EnterprisePlanCode
  hours: EnterpriseHours
  /** The first answer's target by severity, in minutes of the plan's hours. */
  targets: SeverityTargets
  /** People of the customer's company who may open tickets under the plan. */
  namedContacts: number
  /** The price of a term, micro-units per currency. */
  price: Record<Currency, number>
}

/**
 * The plans. Constants, not a table: they are the terms a customer accepted and the page, the conditions and the
 * server must all read the same numbers; a change of terms is a reviewed change of code (a subscription keeps the
 * plan code, currency and price it was bought with, so a later change never rewrites what was paid).
 */
export const ENTERPRISE_PLANS: readonly EnterprisePlanDefinition[] = [
  {
    code: "business",
    hours: "business",
    targets: { urgent: 30, high: 120, normal: 240, low: 540 },
    namedContacts: 3,
    price: { USD: 500_000_000, RUB: 45_000_000_000 },
  },
  {
    code: "priority",
    hours: "24x7",
    targets: { urgent: 30, high: 60, normal: 240, low: 540 },
    namedContacts: 5,
    price: { USD: 1_500_000_000, RUB: 135_000_000_000 },
  },
  {
    code: "dedicated",
    hours: "24x7",
    targets: { urgent: 15, high: 30, normal: 120, low: 240 },
    namedContacts: 10,
    price: { USD: 4_000_000_000, RUB: 360_000_000_000 },
  },
]

export const enterprisePlan = (code: EnterprisePlanCode): EnterprisePlanDefinition =>
  ENTERPRISE_PLANS.find((plan) => plan.code === code)!

/** The credit of one late answer under a plan bought for `price`. */
export const slaCreditOf = (price: number) => Math.floor((price * SLA_CREDIT_PERCENT) / 100)
/** The most a term credits back. */
export const slaCreditCapOf = (price: number) => Math.floor((price * SLA_CREDIT_CAP_PERCENT) / 100)

const CurrencyQuery = StrictObject({
  currency: Type.Optional(
    StringEnum(CURRENCIES, {
      description: "Default: the site's currency (RUB on the Russian site, else USD).",
    }),
  ),
})

const Targets = Type.Object(
  {
    urgent: Type.Integer(),
    high: Type.Integer(),
    normal: Type.Integer(),
    low: Type.Integer(),
  },
  {
    description:
      "The first answer's target by severity (the ticket's priority), in minutes of the plan's hours.",
  },
)

export const EnterprisePlan = Type.Object({
  code: StringEnum(ENTERPRISE_PLAN_CODES),
  hours: StringEnum(ENTERPRISE_HOURS),
  targets: Targets,
  namedContacts: Type.Integer(),
  price: Money("A term's price, micro-units of `currency`."),
  currency: StringEnum(CURRENCIES),
})
export type EnterprisePlan = Static<typeof EnterprisePlan>

/** GET …/pricing: the plans and their prices in one currency. */
export const EnterprisePricing = Type.Object({
  currency: StringEnum(CURRENCIES),
  termDays: Type.Integer(),
  plans: Type.Array(EnterprisePlan),
})
export type EnterprisePricing = Static<typeof EnterprisePricing>

/** GET …/conditions: the terms in one currency. */
export const EnterpriseConditions = Type.Object({
  currency: StringEnum(CURRENCIES),
  termDays: Type.Integer({ description: "What one purchase buys; it is not renewed by itself." }),
  businessHours: Type.Object(
    {
      days: Type.Array(Type.Integer(), { description: "0 Sunday … 6 Saturday." }),
      from: Type.Integer({ description: "Hour of the day, UTC." }),
      to: Type.Integer(),
      timeZone: Type.Literal("UTC"),
    },
    { description: "The hours of `business` plans (and of tickets without a plan)." },
  ),
  slaCredit: Type.Object({
    percentPerMiss: Type.Integer({ description: "Of the term's price, per answer later than its target." }),
    capPercent: Type.Integer({ description: "The most one term credits back, of its price." }),
    description: Type.String(),
  }),
  plans: Type.Array(
    Type.Object({
      ...EnterprisePlan.properties,
      creditPerMiss: Money("Micro-units of `currency`."),
      creditCap: Money("Micro-units of `currency`."),
    }),
  ),
})
export type EnterpriseConditions = Static<typeof EnterpriseConditions>

export const EnterpriseSubscription = Type.Object({
  id: Type.String(),
  plan: StringEnum(ENTERPRISE_PLAN_CODES),
  currency: StringEnum(CURRENCIES),
  price: Money("What was paid, micro-units of `currency`."),
  startsAt: DateTime(),
  endsAt: DateTime(),
  /** What late answers credited back in this term so far. */
  credited: Money("Micro-units of `currency`."),
})
export type EnterpriseSubscription = Static<typeof EnterpriseSubscription>

/** GET /api/v2/user/enterprise_support: the caller's plan now and the terms bought after it. */
export const MyEnterpriseSupport = Type.Object({
  current: Nullable(EnterpriseSubscription),
  upcoming: Type.Array(EnterpriseSubscription),
})
export type MyEnterpriseSupport = Static<typeof MyEnterpriseSupport>

export const ENTERPRISE_KEY_PATTERN = "^[!-~]{1,100}$"

export const BuyEnterpriseSupport = StrictObject({
  plan: StringEnum(ENTERPRISE_PLAN_CODES),
  currency: StringEnum(CURRENCIES),
  idempotencyKey: Type.String({
    pattern: ENTERPRISE_KEY_PATTERN,
    description:
      "Chosen by the page before the first attempt (1–100 printable ASCII characters) and sent again on retries: " +
      "one key, one charge.",
  }),
})
export type BuyEnterpriseSupport = Static<typeof BuyEnterpriseSupport>

export const EnterprisePurchase = Type.Object({
  subscription: EnterpriseSubscription,
  /** This key was used before: nothing was charged again, the first purchase is answered. */
  replayed: Type.Boolean(),
  /** The balance of `currency` left after it, micro-units. */
  balance: Money("Micro-units of the subscription's currency."),
})
export type EnterprisePurchase = Static<typeof EnterprisePurchase>

export const enterpriseApi = defineEndpoints("enterprise", {
  pricing: {
    method: "GET",
    path: "/api/v2/user/enterprise_support/pricing",
    summary: "The enterprise support plans with their prices in a currency",
    public: true,
    querystring: CurrencyQuery,
    response: { 200: EnterprisePricing },
  },
  conditions: {
    method: "GET",
    path: "/api/v2/user/enterprise_support/conditions",
    summary:
      "The terms of enterprise support: targets per severity, hours, SLA credits and the term, in a currency",
    public: true,
    querystring: CurrencyQuery,
    response: { 200: EnterpriseConditions },
  },
  mine: {
    method: "GET",
    path: "/api/v2/user/enterprise_support",
    summary: "The signed-in account's enterprise plan now and the terms bought after it",
    response: { 200: MyEnterpriseSupport },
    errors: ["NOT_SIGNED_IN"],
  },
  buy: {
    method: "POST",
    path: "/api/v2/user/enterprise_support/buy",
    summary: "Buys a term of an enterprise plan from the balance",
    description:
      "Charges the balance of `currency` the plan's price in one ledger transfer and starts the plan now, or " +
      "after the terms already bought. The same `idempotencyKey` again answers the first purchase without a " +
      "second charge (with other fields: 409 IDEMPOTENCY_KEY_REUSED). A balance short of the price answers " +
      "402 INSUFFICIENT_BALANCE and charges nothing.",
    body: BuyEnterpriseSupport,
    response: { 200: EnterprisePurchase },
    errors: [
      "NOT_SIGNED_IN",
      "CSRF_TOKEN_INVALID",
      "VALIDATION_FAILED",
      "INSUFFICIENT_BALANCE",
      "IDEMPOTENCY_KEY_REUSED",
    ],
  },
})

export const enterpriseRouteData = {
  enterprisePricing: routeDatum(enterpriseApi.pricing),
}

/** Support's business hours as the conditions state them. */
export const BUSINESS_HOURS = {
  days: [...SUPPORT_HOURS.days],
  from: SUPPORT_HOURS.from,
  to: SUPPORT_HOURS.to,
  timeZone: "UTC" as const,
}
