/*
 * The operations console's users (issue 24, admins only): find an account by id, e-mail, API-key prefix or IP
 * address; read its roles, balances, tasks, money and sign-ins; ban and unban it, end its sessions, reset its
 * two-factor sign-in, adjust a balance by a ledger transfer. Every change leaves a row of the staff audit log
 * (ops-audit.ts). Roles are set through `userApi.setRoles` (accounts.ts).
 */
import { ROLES, USER_TYPES } from "./accounts"
import { CURRENCIES, Page, pageQueryProperties } from "./common"
import { defineEndpoints, routeDatum } from "./endpoint"
import {
  DateTime,
  DateTimeInput,
  IdParams,
  Nullable,
  StrictObject,
  StringEnum,
  Text,
  Type,
  type Static,
} from "./schema"

/** Longest reason of a ban, an unban, a session end or an adjustment; and of the 2FA reset's note. */
export const OPS_REASON_MAX = 1000
/** Longest search text. */
export const USER_SEARCH_MAX = 200
/** The largest balance adjustment: 100,000 units of the currency, in micro-units. */
export const MAX_ADJUSTMENT = 100_000_000_000

/** What a search text was taken as. */
export const USER_MATCHES = ["id", "email", "apiKeyPrefix", "ip"] as const
export type UserMatch = (typeof USER_MATCHES)[number]

/** The balances an administrator may adjust. */
export const ADJUSTABLE_ACCOUNTS = ["customer_balance", "worker_earnings", "partner_balance"] as const
export type AdjustableAccount = (typeof ADJUSTABLE_ACCOUNTS)[number]

/** What an administrator checked before resetting someone's two-factor sign-in. */
export const IDENTITY_CHECKS = [
  "email_control",
  "payment_details",
  "account_history",
  "document",
  "video_call",
] as const
export type IdentityCheck = (typeof IDENTITY_CHECKS)[number]

const Ban = Type.Object({
  id: Type.String(),
  reason: Type.String(),
  /** null: until an administrator lifts it. */
  expiresAt: Nullable(DateTime()),
  createdAt: DateTime(),
  bannedBy: Nullable(Type.String({ description: "The administrator's e-mail." })),
  liftedAt: Nullable(DateTime()),
  liftedBy: Nullable(Type.String()),
  liftReason: Nullable(Type.String()),
})
export type UserBan = Static<typeof Ban>

/** One account of a search. */
export const UserSummary = Type.Object({
  id: Type.String(),
  email: Type.String(),
  displayName: Nullable(Type.String()),
  userType: Nullable(StringEnum(USER_TYPES)),
  roles: Type.Array(StringEnum(ROLES)),
  createdAt: DateTime(),
  lastLoginAt: Nullable(DateTime()),
  /** The ban in force, if any. */
  bannedUntil: Nullable(DateTime(), {
    description: "The end of the ban in force; null when none, or forever.",
  }),
  bannedForever: Type.Boolean(),
  apiKeyPrefix: Nullable(Type.String()),
  /** Why this account is in the answer. */
  matchedBy: Nullable(StringEnum(USER_MATCHES)),
})
export type UserSummary = Static<typeof UserSummary>

const Balance = Type.Object({
  purpose: Type.String(),
  currency: StringEnum(CURRENCIES),
  posted: Type.Integer({ description: "Micro-units." }),
  available: Type.Integer({ description: "Posted less holds." }),
})

export const UserDetail = Type.Object({
  user: UserSummary,
  emailConfirmed: Type.Boolean(),
  twoFactor: Type.Boolean(),
  currency: StringEnum(CURRENCIES),
  interfaceLanguage: Type.String(),
  apiKeyHint: Nullable(Type.String({ description: "The key's last 4 digits." })),
  balances: Type.Array(Balance),
  bans: Type.Array(Ban),
  tasks: Type.Array(
    Type.Object({
      id: Type.String(),
      type: Type.String(),
      state: Type.String(),
      charged: Type.Integer(),
      currency: StringEnum(CURRENCIES),
      createdAt: DateTime(),
    }),
  ),
  payments: Type.Array(
    Type.Object({
      id: Type.String(),
      provider: Type.String(),
      amount: Type.Integer(),
      currency: StringEnum(CURRENCIES),
      status: Type.String(),
      createdAt: DateTime(),
    }),
  ),
  payouts: Type.Array(
    Type.Object({
      id: Type.String(),
      amount: Type.Integer(),
      method: Type.String(),
      status: Type.String(),
      createdAt: DateTime(),
    }),
  ),
  sessions: Type.Array(
    Type.Object({
      id: Type.String(),
      ip: Nullable(Type.String()),
      userAgent: Nullable(Type.String()),
      createdAt: DateTime(),
      lastSeenAt: DateTime(),
    }),
  ),
  logins: Type.Array(
    Type.Object({
      id: Type.String(),
      kind: Type.String(),
      ip: Nullable(Type.String()),
      userAgent: Nullable(Type.String()),
      at: DateTime(),
    }),
  ),
})
export type UserDetail = Static<typeof UserDetail>

/** The live figures of the console's home. */
export const OpsOverview = Type.Object({
  usersToday: Type.Integer({ description: "Accounts registered since 00:00 UTC." }),
  usersTotal: Type.Integer(),
  openPayouts: Type.Integer({ description: "Payout requests waiting for a decision." }),
  bannedNow: Type.Integer(),
  staffActionsToday: Type.Integer(),
})
export type OpsOverview = Static<typeof OpsOverview>

const Reason = Text(OPS_REASON_MAX)
const ADMIN_ERRORS = ["NOT_SIGNED_IN", "FORBIDDEN"] as const

export const opsUsersApi = defineEndpoints("opsUsers", {
  search: {
    method: "GET",
    path: "/api/v2/admin/users",
    summary: "Find accounts by id, e-mail (part of it), API-key prefix or IP address; newest first",
    querystring: StrictObject({
      q: Type.Optional(Type.String({ maxLength: USER_SEARCH_MAX })),
      ...pageQueryProperties,
    }),
    response: { 200: Page(UserSummary) },
    errors: ADMIN_ERRORS,
  },
  detail: {
    method: "GET",
    path: "/api/v2/admin/users/:id",
    summary: "One account for administrators: roles, balances, recent tasks, money, sessions and sign-ins",
    params: IdParams,
    response: { 200: UserDetail },
    errors: [...ADMIN_ERRORS, "USER_NOT_FOUND"],
  },
  ban: {
    method: "POST",
    path: "/api/v2/admin/users/:id/ban",
    summary: "Ban an account: its API key is refused, its sessions end, it cannot sign in",
    params: IdParams,
    body: StrictObject({
      reason: Reason,
      expiresAt: Nullable(DateTimeInput("When the ban ends by itself; null: until lifted.")),
    }),
    response: { 200: UserDetail },
    errors: [...ADMIN_ERRORS, "USER_NOT_FOUND", "OWN_ACCOUNT", "ALREADY_BANNED", "EXPIRY_IN_PAST"],
  },
  unban: {
    method: "POST",
    path: "/api/v2/admin/users/:id/unban",
    summary: "Lift the ban in force",
    params: IdParams,
    body: StrictObject({ reason: Reason }),
    response: { 200: UserDetail },
    errors: [...ADMIN_ERRORS, "USER_NOT_FOUND", "NOT_BANNED"],
  },
  endSessions: {
    method: "POST",
    path: "/api/v2/admin/users/:id/sessions/end",
    summary: "Sign the account out everywhere",
    params: IdParams,
    body: StrictObject({ reason: Reason }),
    response: { 200: Type.Object({ ended: Type.Integer() }) },
    errors: [...ADMIN_ERRORS, "USER_NOT_FOUND"],
  },
  resetTwoFactor: {
    method: "POST",
    path: "/api/v2/admin/users/:id/two-factor/reset",
    summary: "Turn off two-factor sign-in after checking the owner's identity",
    params: IdParams,
    body: StrictObject({
      checks: Type.Array(StringEnum(IDENTITY_CHECKS), { minItems: 1, uniqueItems: true }),
      note: Reason,
    }),
    response: { 200: UserDetail },
    errors: [...ADMIN_ERRORS, "USER_NOT_FOUND", "TWO_FACTOR_NOT_ENABLED"],
  },
  adjustBalance: {
    method: "POST",
    path: "/api/v2/admin/users/:id/balance-adjustments",
    summary: "Credit or debit a balance by one ledger transfer, with a reason and an idempotency key",
    params: IdParams,
    body: StrictObject({
      account: StringEnum(ADJUSTABLE_ACCOUNTS),
      currency: StringEnum(CURRENCIES),
      direction: StringEnum(["credit", "debit"] as const),
      amount: Type.Integer({ minimum: 1, maximum: MAX_ADJUSTMENT, description: "Micro-units." }),
      reason: Reason,
      idempotencyKey: Type.String({ minLength: 8, maxLength: 100, pattern: "^[A-Za-z0-9_-]+$" }),
    }),
    response: {
      200: Type.Object({
        transferId: Type.String(),
        repeated: Type.Boolean({ description: "The key was used before: nothing moved again." }),
        balance: Type.Integer({ description: "The account's posted balance after it." }),
      }),
    },
    errors: [...ADMIN_ERRORS, "USER_NOT_FOUND", "EXCEEDS_BALANCE", "IDEMPOTENCY_KEY_REUSED"],
  },
  overview: {
    method: "GET",
    path: "/api/v2/admin/overview",
    summary: "Live figures for the operations console's home",
    response: { 200: OpsOverview },
    errors: ADMIN_ERRORS,
  },
})

/** The console's route data (app/routes/admin.json). */
export const opsUsersRouteData = {
  adminUsers: routeDatum(opsUsersApi.search),
  adminUser: routeDatum(opsUsersApi.detail, (params) => opsUsersApi.detail.url({ id: params.id ?? "0" })),
  adminOverview: routeDatum(opsUsersApi.overview),
}
