/*
 * The money API (server/MONEY.md, server/CRYPTO.md): payment providers and the limits of a top-up, top-ups and
 * their history, the per-day history, the providers' webhooks, the sandbox provider's checkout, the balance
 * history, and crypto invoices. Money is in ledger micro-units (millionths of the currency: 25000000 USD is
 * $25.00); coin amounts are decimal strings ("0.00038462").
 */
import { Page, pageQueryProperties } from "./common"
import { defineEndpoints, routeDatum } from "./endpoint"
import {
  DateTime,
  Day,
  Id,
  IdParams,
  Money,
  Nullable,
  StrictObject,
  StringEnum,
  Type,
  type Static,
} from "./schema"

/** The paged list type, for code that reads the money lists with their items (`Page<Payment>`). */
export type { Page } from "./common"

/** The currencies of balances and top-ups. */
import { CURRENCIES } from "./common"

export { CURRENCIES, type Currency } from "./common"

/** "cancelled": the payer gave it up before paying (POST /api/v2/payments/:id/cancel). */
export const PAYMENT_STATUSES = ["pending", "succeeded", "failed", "expired", "cancelled"] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/**
 * What moved the balance: a top-up, a redeemed code, a transfer either way, a captcha refund, proxy traffic bought,
 * or another credit.
 */
export const MOVEMENT_KINDS = [
  "topUp",
  "voucher",
  "promoCode",
  "transferIn",
  "transferOut",
  "refund",
  "proxyTraffic",
  "adjustment",
] as const
export type MovementKind = (typeof MOVEMENT_KINDS)[number]

/** The balance history's filter groups (?type=): a transfer either way, a voucher or a promo code. */
export const MOVEMENT_TYPES = ["topUp", "transfer", "code", "refund", "purchase", "adjustment"] as const
export type MovementType = (typeof MOVEMENT_TYPES)[number]

/** A payment's statuses ("cancelled" also for a transfer its sender withdrew). */
export const MOVEMENT_STATUSES = ["pending", "succeeded", "failed", "expired", "cancelled"] as const
export type MovementStatus = (typeof MOVEMENT_STATUSES)[number]

/** What the payer decides on the sandbox provider's checkout. */
export const SANDBOX_OUTCOMES = ["succeed", "fail", "pending"] as const
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number]

/** The per-day history's window without dates (today and the 29 days before), and the longest it answers. */
export const DAY_HISTORY_DEFAULT_DAYS = 30
export const DAY_HISTORY_MAX_DAYS = 366

/** Amounts of this API: micro-units of the currency they are in. */
const Micros = (description = "Micro-units of the currency (millionths: 25000000 is 25.00).") =>
  Money(description)

// ---------------------------------------------------------------------------------------------------------
// Providers and top-ups

export const PaymentProvider = Type.Object({
  shortname: Type.String({
    description: 'As in /pay/{shortname}: "sandbox", "card" (Stripe), "crypto-btc", …',
  }),
  kind: StringEnum(["redirect"] as const, {
    description: "redirect: the payer continues on the provider's page (redirectUrl).",
  }),
  currencies: Type.Array(StringEnum(CURRENCIES)),
})
export type PaymentProvider = Static<typeof PaymentProvider>

export const TopUpLimits = Type.Object({ min: Micros(), max: Micros() })
export type TopUpLimits = Static<typeof TopUpLimits>

/** GET /api/v2/payments/providers */
export const ProvidersData = Type.Object({
  providers: Type.Array(PaymentProvider),
  limits: Type.Object(
    { USD: TopUpLimits, RUB: TopUpLimits },
    { description: "The smallest and largest top-up per currency." },
  ),
})
export type ProvidersData = Static<typeof ProvidersData>

/**
 * The bonus of the discount campaign in force when a payment was made (server/MONEY.md "Discount campaigns"):
 * credited to the balance, apart from the amount paid, when the payment succeeds.
 */
export const PaymentBonus = Type.Object({
  campaignId: Type.String(),
  percent: Type.Integer(),
  amount: Micros("Micro-units: floor(amount × percent / 100)."),
})
export type PaymentBonus = Static<typeof PaymentBonus>

const Bonus = (description: string) => Nullable(PaymentBonus, { description })

/** Where a payer who left the provider's page goes back to pay (server/MONEY.md "Continuing or cancelling"). */
const CheckoutUrl = (prefix = "") =>
  Nullable(Type.String(), {
    description:
      `${prefix}While it is pending and can still be paid: the provider's checkout to continue on (the sandbox's ` +
      "page, the crypto invoice, Stripe Checkout). Null once it is final, after payableUntil, or where the " +
      "checkout is not known (card payments started before it was kept).",
  })

const PayableUntil = (prefix = "") =>
  Nullable(DateTime(), {
    description:
      `${prefix}When the provider's checkout closes (the sandbox's day, Stripe's session, the crypto quote); ` +
      "null when not known.",
  })

/** POST /api/v2/payments → 201 */
export const CreatedPayment = Type.Object({
  id: Type.String(),
  redirectUrl: Type.String({ description: "Where to send the browser next: the provider's checkout page." }),
  bonus: Bonus("The discount campaign's bonus this payment brings when it succeeds."),
})
export type CreatedPayment = Static<typeof CreatedPayment>

/** One top-up as the user's history shows it. */
export const Payment = Type.Object({
  id: Type.String(),
  provider: Type.String(),
  amount: Micros(),
  currency: StringEnum(CURRENCIES),
  status: StringEnum(PAYMENT_STATUSES),
  createdAt: DateTime(),
  completedAt: Nullable(DateTime("When it succeeded, failed, expired or was cancelled; null while pending.")),
  reference: Nullable(Type.String(), {
    description: "The provider's own id of the payment (the receipt's).",
  }),
  bonus: Bonus(
    "The campaign's bonus it was promised: credited if it succeeds, nothing if it fails, expires or is cancelled.",
  ),
  checkoutUrl: CheckoutUrl(),
  payableUntil: PayableUntil(),
})
export type Payment = Static<typeof Payment>

/** One row of GET /api/v2/balance/history (server/MONEY.md "Balance history"). */
export const Movement = Type.Object({
  id: Type.String({ description: "Unique in the history: `${kind}:${sourceId}`." }),
  kind: StringEnum(MOVEMENT_KINDS),
  sourceId: Type.String({
    description:
      "The id of what it is: the payment, voucher, promo code redemption, transfer, captcha task or ledger transfer.",
  }),
  amount: Micros("Signed micro-units: positive adds to the balance, negative takes from it (or would)."),
  currency: StringEnum(CURRENCIES),
  status: StringEnum(MOVEMENT_STATUSES),
  createdAt: DateTime("When it started (a top-up, a transfer sent) or happened."),
  completedAt: Nullable(DateTime("When it reached its final state; null while pending.")),
  provider: Nullable(Type.String(), { description: "Top-ups: the provider's shortname." }),
  reference: Nullable(Type.String(), {
    description:
      "Top-ups: the provider's reference; vouchers: the code's last four characters; promo codes: the code; " +
      "refunds: the captcha task's id; proxy traffic: the pool.",
  }),
  counterparty: Nullable(Type.Object({ id: Nullable(Type.String()), email: Nullable(Type.String()) }), {
    description: "Transfers: the other side (e-mail masked as on the transfer page).",
  }),
  note: Nullable(Type.String(), {
    description:
      "Transfers: the sender's note; refunds: the captcha type; proxy traffic: the gigabytes bought; adjustments: " +
      "the ledger memo.",
  }),
  bonus: Bonus("Top-ups: the discount campaign's bonus, credited apart when the payment succeeded."),
  ledgerTransferId: Nullable(Type.String(), {
    description: "The ledger transfer that moved the money; null while nothing moved.",
  }),
  checkoutUrl: CheckoutUrl("Top-ups: "),
  payableUntil: PayableUntil("Top-ups: "),
})
export type Movement = Static<typeof Movement>

/** One day of GET /api/v2/payments/history-day. */
export const SummaryDay = Type.Object({
  date: Day("The day (UTC), YYYY-MM-DD."),
  toppedUp: Micros("Credited to the balance by top-ups."),
  spent: Micros("Captcha charges to the balance less refunds."),
  earned: Micros("Task payments to the worker earnings."),
})
export type SummaryDay = Static<typeof SummaryDay>

/** GET /api/v2/payments/history-day: one row per day with any movement, newest first. */
export const DaySummary = Type.Object({
  currency: StringEnum(CURRENCIES),
  days: Type.Array(SummaryDay),
})
export type DaySummary = Static<typeof DaySummary>

/** GET /api/v2/payments/sandbox/:checkoutId */
export const SandboxCheckout = Type.Object({
  checkoutId: Type.String(),
  amount: Micros(),
  currency: StringEnum(CURRENCIES),
  status: StringEnum(PAYMENT_STATUSES),
  returnUrl: Type.String({
    description: "Where the payer returns to: /pay/ok or /pay/error with ?payment=.",
  }),
})
export type SandboxCheckout = Static<typeof SandboxCheckout>

const CheckoutParams = StrictObject({ checkoutId: Type.String({ pattern: "^[A-Za-z0-9_-]{32}$" }) })

export const paymentsApi = defineEndpoints("payments", {
  providers: {
    method: "GET",
    path: "/api/v2/payments/providers",
    summary: "The enabled payment providers and the limits of a top-up",
    response: { 200: ProvidersData },
    public: true,
  },
  create: {
    method: "POST",
    path: "/api/v2/payments",
    summary: "Start a top-up: records a pending payment and answers where the payer continues",
    description:
      "Crypto invoices are created the same way, with provider crypto-btc, crypto-bch or crypto-usdt-tron in USD.",
    body: StrictObject({
      provider: Type.String({ minLength: 1, maxLength: 40 }),
      // Ranges and currencies are checked by the service, with messages naming the limits.
      amount: Type.Integer({ description: "Micro-units of the currency, whole cents, within its limits." }),
      currency: Type.String({ minLength: 1, maxLength: 10 }),
    }),
    response: { 201: CreatedPayment },
    errors: [
      "NOT_SIGNED_IN",
      "PAYMENT_PROVIDER_UNKNOWN",
      "CURRENCY_NOT_SUPPORTED",
      "AMOUNT_OUT_OF_RANGE",
      "AMOUNT_NOT_WHOLE_CENTS",
      "PAYMENT_PROVIDER_UNAVAILABLE",
      "RATE_LIMITED",
    ],
  },
  list: {
    method: "GET",
    path: "/api/v2/payments",
    summary: "The user's top-ups, newest first",
    querystring: StrictObject({
      ...pageQueryProperties,
      status: Type.Optional(StringEnum(PAYMENT_STATUSES)),
    }),
    response: { 200: Page(Payment) },
    errors: ["NOT_SIGNED_IN"],
  },
  payment: {
    method: "GET",
    path: "/api/v2/payments/:id",
    summary: "One of the user's top-ups (the /pay/ok and /pay/error pages follow it)",
    params: IdParams,
    response: { 200: Payment },
    errors: ["NOT_SIGNED_IN", "PAYMENT_NOT_FOUND"],
  },
  cancel: {
    method: "POST",
    path: "/api/v2/payments/:id/cancel",
    summary: "Give up one of the user's pending top-ups: its checkout is closed and nothing is charged",
    description:
      "The provider's checkout is closed first, so it cannot be paid afterwards; the payment becomes `cancelled`, " +
      "an event in its history. Cancelling a cancelled payment answers it again. 409 `PAYMENT_NOT_PENDING` " +
      "(`details.status`) for one already paid, failed or expired (also when the provider says so only now), " +
      "409 `PAYMENT_IN_PROGRESS` when money for it is already on its way.",
    params: IdParams,
    response: { 200: Payment },
    errors: [
      "NOT_SIGNED_IN",
      "PAYMENT_NOT_FOUND",
      "PAYMENT_NOT_PENDING",
      "PAYMENT_IN_PROGRESS",
      "PAYMENT_PROVIDER_UNAVAILABLE",
    ],
  },
  historyDay: {
    method: "GET",
    path: "/api/v2/payments/history-day",
    summary: "Per day: what was topped up, spent on captchas and earned",
    description:
      `The last ${DAY_HISTORY_DEFAULT_DAYS} days unless asked, at most ${DAY_HISTORY_MAX_DAYS}; in the user's ` +
      "currency unless asked. `format=csv` answers the same days as a `text/csv` download.",
    querystring: StrictObject({
      dateFrom: Type.Optional(Day()),
      dateTo: Type.Optional(Day()),
      currency: Type.Optional(
        StringEnum(CURRENCIES, { description: "The user's own currency unless asked." }),
      ),
      format: StringEnum(["json", "csv"] as const, { default: "json" }),
    }),
    response: { 200: DaySummary },
    errors: ["NOT_SIGNED_IN", "DATE_INVALID", "DATE_RANGE_INVALID", "DATE_RANGE_TOO_LONG"],
  },
  webhook: {
    method: "POST",
    path: "/api/v2/payments/webhooks/:provider",
    summary: "A payment provider's signed event about one of its payments",
    description:
      "The body is taken as the provider sent it (any content type): the signature is over its exact bytes. " +
      "Also events about no payment of ours are answered `received`.",
    params: StrictObject({ provider: Type.String({ maxLength: 40 }) }),
    response: { 200: Type.Object({ received: Type.Boolean() }) },
    errors: ["PAYMENT_PROVIDER_UNKNOWN", "WEBHOOK_REFUSED"],
    public: true,
  },
  sandboxCheckout: {
    method: "GET",
    path: "/api/v2/payments/sandbox/:checkoutId",
    summary: "The sandbox provider's checkout of a payment (while the sandbox is enabled)",
    description: "No sign-in: the checkout id is unguessable.",
    params: CheckoutParams,
    response: { 200: SandboxCheckout },
    errors: ["SANDBOX_CHECKOUT_NOT_FOUND"],
    public: true,
  },
  sandboxComplete: {
    method: "POST",
    path: "/api/v2/payments/sandbox/:checkoutId/complete",
    summary: 'The sandbox "bank" decides a checkout; its signed webhook reaches the webhook endpoint',
    description: "No sign-in: the checkout id is unguessable. `pending` leaves the payment undecided.",
    params: CheckoutParams,
    body: StrictObject({ outcome: StringEnum(SANDBOX_OUTCOMES) }),
    response: { 200: Type.Object({ returnUrl: Type.String() }) },
    errors: [
      "SANDBOX_CHECKOUT_NOT_FOUND",
      "SANDBOX_CHECKOUT_EXPIRED",
      "SANDBOX_CHECKOUT_DECIDED",
      "SANDBOX_CHECKOUT_CANCELLED",
    ],
    public: true,
  },
})

// ---------------------------------------------------------------------------------------------------------
// The balance history

export const balanceApi = defineEndpoints("balance", {
  history: {
    method: "GET",
    path: "/api/v2/balance/history",
    summary: "Everything that moved the user's balance but captcha charges, newest first",
    querystring: StrictObject({
      ...pageQueryProperties,
      type: Type.Optional(StringEnum(MOVEMENT_TYPES)),
      status: Type.Optional(StringEnum(MOVEMENT_STATUSES)),
    }),
    response: { 200: Page(Movement) },
    errors: ["NOT_SIGNED_IN"],
  },
})

// ---------------------------------------------------------------------------------------------------------
// Crypto invoices (server/CRYPTO.md): created as every top-up is, POST /api/v2/payments with the coin's provider

export const CRYPTO_COINS = ["btc", "bch", "usdt-tron"] as const
export type CryptoCoin = (typeof CRYPTO_COINS)[number]

export const CRYPTO_SYMBOLS = ["BTC", "BCH", "USDT"] as const
export type CryptoSymbol = (typeof CRYPTO_SYMBOLS)[number]

/**
 * waiting: nothing seen yet; seen: the whole amount is on its way, confirming; underpaid: less than the amount
 * has arrived; paid: credited; expired: the quote ended without the amount (anything that came is in review);
 * cancelled: the payer gave it up (anything that comes later is in review).
 */
export const CRYPTO_INVOICE_STATES = ["waiting", "seen", "underpaid", "paid", "expired", "cancelled"] as const
export type CryptoInvoiceState = (typeof CRYPTO_INVOICE_STATES)[number]

/**
 * Why a person should look: money outside the quote (late_payment), an expired invoice with less than asked
 * (underpaid), more than asked on a paid one (overpaid), or a credited payment the chain no longer shows
 * (reversed: a double spend or a reorganisation).
 */
export const CRYPTO_REVIEWS = ["late_payment", "underpaid", "overpaid", "reversed"] as const
export type CryptoReview = (typeof CRYPTO_REVIEWS)[number]

export const CryptoCurrency = Type.Object({
  coin: StringEnum(CRYPTO_COINS),
  provider: Type.String({ description: "The payment provider's shortname: crypto-btc, crypto-bch, …" }),
  symbol: StringEnum(CRYPTO_SYMBOLS),
  network: Type.String({ description: '"Bitcoin", "Bitcoin Cash", "TRON (TRC-20)".' }),
  decimals: Type.Integer(),
  enabled: Type.Boolean({ description: "False when the server has no key for it." }),
  confirmations: Type.Integer({ description: "Confirmations before an invoice is paid." }),
  quoteMinutes: Type.Integer({ description: "How long a quote holds." }),
  rate: Nullable(Type.String(), {
    description: "USD per coin now; null when the coin is off or the rate source has none.",
  }),
})
export type CryptoCurrency = Static<typeof CryptoCurrency>

/** GET /api/v2/crypto/currencies */
export const CryptoCurrenciesData = Type.Object({
  currencies: Type.Array(CryptoCurrency),
  limits: Type.Object(
    { min: Money(), max: Money() },
    { description: "The smallest and largest crypto top-up, USD micro-units." },
  ),
})
export type CryptoCurrenciesData = Static<typeof CryptoCurrenciesData>

/** GET /api/v2/crypto/invoices/:paymentId */
export const CryptoInvoice = Type.Object({
  paymentId: Type.String(),
  coin: StringEnum(CRYPTO_COINS),
  provider: Type.String(),
  symbol: StringEnum(CRYPTO_SYMBOLS),
  network: Type.String(),
  usdAmount: Money("The top-up, USD micro-units."),
  address: Type.String({ description: "Where to send the coins: a fresh address for this invoice only." }),
  coinAmount: Type.String({ description: 'Coins to send, a decimal string ("0.00038462").' }),
  rate: Type.String({ description: "The quoted USD per coin." }),
  uri: Type.String({
    description: "What the QR code holds: a BIP-21 style URI for BTC and BCH, the bare address for TRON.",
  }),
  qrSvg: Type.String({ description: "The QR code as an SVG document." }),
  createdAt: DateTime(),
  expiresAt: DateTime("When the quote ends."),
  serverTime: DateTime("The server's clock, so the countdown does not depend on the browser's."),
  state: StringEnum(CRYPTO_INVOICE_STATES),
  received: Type.String(),
  remaining: Type.String({ description: "Still to send (0 once covered)." }),
  overpaid: Nullable(Type.String(), {
    description: "Coins beyond the amount on a paid invoice; null when none.",
  }),
  confirmations: Type.Integer({ description: "The fewest confirmations among the payments counted." }),
  requiredConfirmations: Type.Integer(),
  review: Type.Array(StringEnum(CRYPTO_REVIEWS)),
  transactions: Type.Array(
    Type.Object({
      txid: Type.String(),
      amount: Type.String(),
      confirmations: Type.Integer(),
      counted: Type.Boolean(),
    }),
  ),
})
export type CryptoInvoice = Static<typeof CryptoInvoice>

export const cryptoApi = defineEndpoints("crypto", {
  currencies: {
    method: "GET",
    path: "/api/v2/crypto/currencies",
    summary: "Every coin, on or off, with its rate, confirmations and quote time; the USD limits of a top-up",
    response: { 200: CryptoCurrenciesData },
    public: true,
  },
  invoice: {
    method: "GET",
    path: "/api/v2/crypto/invoices/:paymentId",
    summary: "One of the user's crypto invoices (by its payment id), as its page follows it",
    params: StrictObject({ paymentId: Id() }),
    response: { 200: CryptoInvoice },
    errors: ["NOT_SIGNED_IN", "CRYPTO_INVOICE_NOT_FOUND"],
  },
})

/** The money screens' route data (app/routes/money.json, crypto.json): the first answer is preloaded with the page. */
export const moneyRouteData = {
  paymentProviders: routeDatum(paymentsApi.providers),
  balanceHistory: routeDatum(balanceApi.history),
  paymentDays: routeDatum(paymentsApi.historyDay),
  cryptoCurrencies: routeDatum(cryptoApi.currencies),
}
