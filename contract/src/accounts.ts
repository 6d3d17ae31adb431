/*
 * The accounts API (server/ACCOUNTS-API.md): the signed-in user, sign-up and sign-in with the links of account
 * mails, the profile and its security settings, identity documents, and the visitor tracker and health check.
 * Every non-GET call of a browser sends the page's `x-csrf-token`.
 */
import { defineEndpoints, routeDatum } from "./endpoint"
import { SITE_LANGUAGES, type SiteLanguage } from "./languages"
import { PAYOUT_METHOD_NAMES } from "./payouts"
import {
  NoContent,
  DateTime,
  Id,
  IdParams,
  Money,
  Nullable,
  StrictObject,
  StringEnum,
  Type,
  type Static,
} from "./schema"

export const USER_TYPES = ["developer", "customer", "worker"] as const
export type UserType = (typeof USER_TYPES)[number]

export const ROLES = ["admin", "moderator"] as const
export type Role = (typeof ROLES)[number]

/** A new password has at least this many characters (and is not one of the most common, nor the address). */
export const PASSWORD_MIN = 8
/** Long passphrases are welcome (ASVS 6.2.9 asks for at least 64); the cap only bounds hashing work. */
export const PASSWORD_MAX = 256
/** Longest display name (after trimming); longer ones are refused with DISPLAY_NAME_TOO_LONG. */
export const DISPLAY_NAME_MAX = 100

export const NOTIFICATION_TOPICS = ["security", "payments", "tickets", "news", "product"] as const
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number]
export const NOTIFICATION_CHANNELS = ["email", "site"] as const
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number]

export const DOCUMENT_KINDS = ["passport", "id_card", "driving_licence", "proof_of_address"] as const
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]
export const DOCUMENT_STATUSES = ["pending", "approved", "rejected"] as const
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number]
/** The types an identity document may have (its first bytes must agree with the Content-Type). */
export const DOCUMENT_CONTENT_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const
/** The largest document file: 5 MB. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024
/** Documents under review or approved one account may have; rejected ones do not count. */
export const MAX_DOCUMENTS = 10

/** A 204 answer: no body (documented without content; `reply.code(204).send()` in the handler). */

/** The refusals of every call that needs a signed-in user. */
const SIGNED_IN = ["NOT_SIGNED_IN", "ERROR_EMPTY_USER"] as const
/** The refusals of a new password. */
const PASSWORD_PROBLEMS = ["PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG", "PASSWORD_TOO_COMMON"] as const

// ---------------------------------------------------------------------------------------------------------
// The signed-in user

export const SystemMessage = Type.Object({
  id: Type.String(),
  message: Type.Record(Type.String(), Type.String(), {
    description: "Sanitised HTML by language code; English is always present (spec §3).",
  }),
})
export type SystemMessage = Static<typeof SystemMessage>

/** GET /api/v2/user (spec §3): the signed-in user, with the oldest unread system message. */
export const CurrentUser = Type.Object({
  id: Type.String(),
  email: Type.String(),
  profile: Type.Object({
    userType: Nullable(StringEnum(USER_TYPES), { description: "null until the user chose one." }),
    systemMessage: Nullable(SystemMessage),
    displayName: Nullable(Type.String()),
    timezone: Type.String({ description: "IANA time zone, UTC by default (spec §9)." }),
    payoutWallet: Nullable(Type.String(), {
      description: "Where payouts go; changed only through a confirmation mail.",
    }),
    twoFactorEnabled: Type.Boolean(),
  }),
  interfaceLanguage: Type.String(),
  balance: Type.Object({
    amount: Money("Micro-units (millionths) of the account currency: 25000000 is 25.00."),
  }),
  permissions: Type.Object(
    { admin: Type.Optional(Type.Boolean()), moderator: Type.Optional(Type.Boolean()) },
    { description: "Keyed by role name: { admin: true }." },
  ),
  analyticsData: Type.Object({
    daysSinceRegistration: Type.Integer(),
    daysSinceLastPayment: Nullable(Type.Integer(), { description: "null: never." }),
    daysSinceLastUse: Nullable(Type.Integer()),
    earnedOnCaptcha: Money("Micro-units."),
    spentOnCaptcha: Money("Micro-units."),
  }),
})
export type CurrentUser = Static<typeof CurrentUser>

/** PUT /api/v2/user: only the fields that change. */
export const UserUpdate = StrictObject(
  {
    interfaceLanguage: Type.Optional(StringEnum(SITE_LANGUAGES)),
    profile: Type.Optional(
      StrictObject(
        {
          userType: Type.Optional(StringEnum(USER_TYPES)),
          // Lengths are checked after trimming (DISPLAY_NAME_MAX); "" or null removes the name.
          displayName: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
          timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        },
        { minProperties: 1 },
      ),
    ),
  },
  { minProperties: 1 },
)
export type UserUpdate = Static<typeof UserUpdate>

/** PUT /api/v2/admin/users/:id. */
export const UserRoles = Type.Object({
  id: Type.String(),
  email: Type.String(),
  roles: Type.Array(StringEnum(ROLES)),
})
export type UserRoles = Static<typeof UserRoles>

/** A system message by language code; English is required. */
export const SystemMessageText = Type.Unsafe<Partial<Record<SiteLanguage, string>> & { en: string }>({
  type: "object",
  required: ["en"],
  minProperties: 1,
  propertyNames: { enum: [...SITE_LANGUAGES] },
  additionalProperties: { type: "string", minLength: 1, maxLength: 20_000 },
  description: "HTML by language code (sanitised on arrival); English is required.",
})

export const userApi = defineEndpoints("user", {
  me: {
    method: "GET",
    path: "/api/v2/user",
    summary: "The signed-in user",
    description:
      "`ERROR_EMPTY_USER` (400): the session's account no longer exists (spec §8); the browser then signs out.",
    response: { 200: CurrentUser },
    errors: SIGNED_IN,
  },
  update: {
    method: "PUT",
    path: "/api/v2/user",
    summary: "Change the interface language, the account type (once), the display name or the time zone",
    body: UserUpdate,
    response: { 200: CurrentUser },
    errors: [...SIGNED_IN, "USER_TYPE_ALREADY_SET", "DISPLAY_NAME_TOO_LONG", "TIMEZONE_INVALID"],
  },
  setRoles: {
    method: "PUT",
    path: "/api/v2/admin/users/:id",
    summary: "Set a user's roles (administrators)",
    params: IdParams,
    body: StrictObject(
      { roles: Type.Optional(Type.Array(StringEnum(ROLES), { uniqueItems: true })) },
      { minProperties: 1 },
    ),
    response: { 200: UserRoles },
    errors: [...SIGNED_IN, "FORBIDDEN", "OWN_ADMIN_ROLE", "USER_NOT_FOUND"],
  },
  readSystemMessage: {
    method: "PUT",
    path: "/api/v2/user/system_message_read",
    summary: "Mark a system message read",
    body: StrictObject({ id: Id() }),
    response: { 200: Type.Object({ ok: Type.Literal(true) }) },
    errors: [...SIGNED_IN, "MESSAGE_NOT_FOUND"],
  },
  sendSystemMessage: {
    method: "POST",
    path: "/api/v2/admin/system-messages",
    summary: "Leave a system message for a user (administrators)",
    body: StrictObject({
      email: Type.String({ minLength: 3, maxLength: 254 }),
      message: SystemMessageText,
    }),
    response: { 201: Type.Object({ id: Type.String() }) },
    errors: [...SIGNED_IN, "FORBIDDEN", "USER_NOT_FOUND"],
  },
})

// ---------------------------------------------------------------------------------------------------------
// Sign-up, sign-in and the links of account mails

/** Something@something, at most 254 characters (RFC 5321); spaces around it are forgiven. */
export const Email = () =>
  Type.String({ minLength: 3, maxLength: 254, pattern: "^\\s*[^\\s@]+@[^\\s@]+\\s*$" })

/** A password to check: none longer than PASSWORD_MAX can exist, and the cap bounds hashing work. */
export const SignInPassword = () => Type.String({ minLength: 1, maxLength: PASSWORD_MAX })

/** A new password: bounded here, its rules checked in code (PASSWORD_TOO_LONG, not a schema error). */
export const NewPassword = () => Type.String({ minLength: 1, maxLength: 4096 })

/** A 6-digit TOTP code, or a recovery code "xxxx-xxxx" (spaces and case forgiven). */
export const SecondFactorCode = () => Type.String({ minLength: 1, maxLength: 32 })

/** The {hash}/{userId} pair of a mail link. */
const linkProperties = {
  hash: Type.String({ minLength: 1, maxLength: 128, pattern: "^[A-Za-z0-9_-]+$" }),
  userId: Id(),
}
export const LinkBody = StrictObject(linkProperties)
export type LinkBody = Static<typeof LinkBody>

export const RegisterBody = StrictObject({
  email: Email(),
  password: NewPassword(),
  userType: Type.Optional(StringEnum(USER_TYPES)),
  acceptTerms: Type.Optional(Type.Boolean({ description: "Must be true (TERMS_NOT_ACCEPTED otherwise)." })),
  language: Type.Optional(Type.String({ maxLength: 10 })),
  timezone: Type.Optional(Type.String({ maxLength: 64 })),
})
export type RegisterBody = Static<typeof RegisterBody>

/** Signed in: a new session cookie came with the answer. */
export const SignedIn = Type.Object({ status: Type.Literal("signed-in"), user: CurrentUser })
export type SignedIn = Static<typeof SignedIn>

/** POST /api/v2/auth/login: signed in, or a second step is needed (the `mh_2fa` challenge cookie, 5 min). */
export const SignInAnswer = Type.Union([SignedIn, Type.Object({ status: Type.Literal("two-factor") })])
export type SignInAnswer = Static<typeof SignInAnswer>

const sent = Type.Object({ status: Type.Literal("sent") })

/** POST /api/v2/auth/edit-purse/check: the wallet a link sets, and the one in force (null when unset). */
export const WalletChangeCheck = Type.Object({
  method: StringEnum(PAYOUT_METHOD_NAMES),
  wallet: Type.String(),
  currentMethod: Nullable(StringEnum(PAYOUT_METHOD_NAMES), {
    description: "null also for a wallet saved before payout methods existed.",
  }),
  currentWallet: Nullable(Type.String()),
})
export type WalletChangeCheck = Static<typeof WalletChangeCheck>

/** POST /api/v2/auth/edit-purse: the method and wallet stored after the decision (they change together). */
export const WalletChangeAnswer = Type.Object({
  status: StringEnum(["changed", "cancelled"]),
  method: Nullable(StringEnum(PAYOUT_METHOD_NAMES)),
  wallet: Nullable(Type.String()),
})
export type WalletChangeAnswer = Static<typeof WalletChangeAnswer>

export const authApi = defineEndpoints("auth", {
  register: {
    method: "POST",
    path: "/api/v2/auth/register",
    summary: "Create an account; a confirmation mail follows",
    description:
      "The same answer when the address already has an account (that address then gets the `accountExists` mail). " +
      "Attribution is read from the visitor cookies.",
    public: true,
    body: RegisterBody,
    response: {
      202: Type.Object({ status: Type.Literal("confirmation-sent"), email: Type.String() }),
    },
    errors: ["TERMS_NOT_ACCEPTED", ...PASSWORD_PROBLEMS, "RATE_LIMITED", "MAIL_UNAVAILABLE"],
  },
  confirmEmail: {
    method: "POST",
    path: "/api/v2/auth/confirm-email",
    summary: "Confirm the address with the mailed link; signs in",
    public: true,
    body: LinkBody,
    response: { 200: Type.Object({ status: Type.Literal("confirmed"), user: CurrentUser }) },
    errors: ["TOKEN_INVALID"],
  },
  resendConfirmation: {
    method: "POST",
    path: "/api/v2/auth/confirm-email/resend",
    summary: "Send the confirmation mail again (whatever the address)",
    public: true,
    body: StrictObject({ email: Email() }),
    response: { 202: sent },
    errors: ["RATE_LIMITED"],
  },
  login: {
    method: "POST",
    path: "/api/v2/auth/login",
    summary: "Sign in with address and password",
    description:
      "Only failures count: per place (the browser's `mh_device` cookie if it signed in to the account before, " +
      "else the IP address) and account, with a wait that grows (429 `RATE_LIMITED`, Retry-After); after many " +
      "failures from many places the account is locked for unknown browsers (423 `ACCOUNT_LOCKED`, Retry-After) " +
      "and its owner gets the `unlockAccount` mail. A success sets `mh_device`.",
    public: true,
    body: StrictObject({ email: Email(), password: SignInPassword() }),
    response: { 200: SignInAnswer },
    errors: [
      "INVALID_CREDENTIALS",
      "EMAIL_NOT_CONFIRMED",
      "RATE_LIMITED",
      "ACCOUNT_LOCKED",
      "ACCOUNT_SUSPENDED",
    ],
  },
  loginTwoFactor: {
    method: "POST",
    path: "/api/v2/auth/login/two-factor",
    summary: "The second sign-in step: a code of the authenticator app or a recovery code",
    public: true,
    body: StrictObject({ code: SecondFactorCode() }),
    response: { 200: SignedIn },
    errors: ["TWO_FACTOR_CHALLENGE_MISSING", "TWO_FACTOR_CODE_INVALID", "RATE_LIMITED"],
  },
  unlock: {
    method: "POST",
    path: "/api/v2/auth/unlock",
    summary: "Lift a sign-in lock with the mailed link; this browser is remembered as the owner's",
    public: true,
    body: LinkBody,
    response: { 200: Type.Object({ status: Type.Literal("unlocked"), email: Type.String() }) },
    errors: ["TOKEN_INVALID"],
  },
  logout: {
    method: "POST",
    path: "/api/v2/auth/logout",
    summary: "Sign out: the session ends on the server",
    public: true,
    response: { 204: NoContent("Signed out.") },
  },
  remind: {
    method: "POST",
    path: "/api/v2/auth/remind",
    summary: "Mail a password reset link (whatever the address)",
    public: true,
    body: StrictObject({ email: Email() }),
    response: { 202: sent },
    errors: ["RATE_LIMITED"],
  },
  resetPasswordCheck: {
    method: "POST",
    path: "/api/v2/auth/reset-password/check",
    summary: "Check a password reset link without spending it",
    public: true,
    body: LinkBody,
    response: { 200: Type.Object({ email: Type.String() }) },
    errors: ["TOKEN_INVALID"],
  },
  resetPassword: {
    method: "POST",
    path: "/api/v2/auth/reset-password",
    summary: "Set a new password with the mailed link; every session ends",
    public: true,
    body: StrictObject({ ...linkProperties, password: NewPassword() }),
    response: { 200: Type.Object({ status: Type.Literal("changed") }) },
    errors: ["TOKEN_INVALID", ...PASSWORD_PROBLEMS],
  },
  changeEmail: {
    method: "POST",
    path: "/api/v2/auth/change-email",
    summary: "Confirm or cancel an address change with the link mailed to the new address",
    public: true,
    body: StrictObject({ ...linkProperties, status: StringEnum(["confirm", "cancel"]) }),
    response: {
      200: Type.Object({ status: StringEnum(["changed", "cancelled"]), email: Type.String() }),
    },
    errors: ["TOKEN_INVALID", "EMAIL_TAKEN"],
  },
  undoEmailChange: {
    method: "POST",
    path: "/api/v2/auth/delete-email",
    summary: "Undo an address change with the link mailed to the old address; every session ends",
    public: true,
    body: LinkBody,
    response: { 200: Type.Object({ status: Type.Literal("removed"), email: Type.String() }) },
    errors: ["TOKEN_INVALID", "EMAIL_TAKEN"],
  },
  walletChangeCheck: {
    method: "POST",
    path: "/api/v2/auth/edit-purse/check",
    summary: "Check a payout wallet change link without spending it",
    public: true,
    body: LinkBody,
    response: { 200: WalletChangeCheck },
    errors: ["TOKEN_INVALID"],
  },
  walletChange: {
    method: "POST",
    path: "/api/v2/auth/edit-purse",
    summary: "Confirm or cancel a payout wallet change with the mailed link",
    public: true,
    body: StrictObject({ ...linkProperties, action: StringEnum(["confirm", "cancel"]) }),
    response: { 200: WalletChangeAnswer },
    errors: ["TOKEN_INVALID"],
  },
})

// ---------------------------------------------------------------------------------------------------------
// The profile: security settings, sessions, two-factor authentication, API key, notifications, documents

export const ProfileSession = Type.Object({
  id: Type.String(),
  current: Type.Boolean({ description: "The session of the browser that asks." }),
  userAgent: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  createdAt: DateTime(),
  lastSeenAt: DateTime(),
})
export type ProfileSession = Static<typeof ProfileSession>

/** GET /api/v2/profile/sessions: the sessions that would still let someone in, newest first. */
export const SessionsData = Type.Object({ sessions: Type.Array(ProfileSession) })
export type SessionsData = Static<typeof SessionsData>

/** GET /api/v2/profile/two-factor. */
export const TwoFactorData = Type.Object({
  enabled: Type.Boolean(),
  enabledAt: Nullable(DateTime()),
  recoveryCodesLeft: Type.Integer(),
})
export type TwoFactorData = Static<typeof TwoFactorData>

/** POST /api/v2/profile/two-factor/setup: the secret of the authenticator entry, not yet in force. */
export const TwoFactorSetup = Type.Object({
  secret: Type.String({ description: "Base32, for typing into the app." }),
  otpauthUrl: Type.String(),
  qrSvg: Type.String({ description: "The otpauth URL as a QR code (SVG markup)." }),
})
export type TwoFactorSetup = Static<typeof TwoFactorSetup>

export const RecoveryCodes = Type.Object({
  recoveryCodes: Type.Array(Type.String(), { description: "Each works once; the old ones stop working." }),
})
export type RecoveryCodes = Static<typeof RecoveryCodes>

/** GET /api/v2/profile/api-key; `hint` is the last 4 characters of the key. */
export const ApiKeyData = Type.Object({
  exists: Type.Boolean(),
  hint: Nullable(Type.String()),
  createdAt: Nullable(DateTime()),
})
export type ApiKeyData = Static<typeof ApiKeyData>

/** POST /api/v2/profile/api-key: the only answer that holds the whole key. */
export const NewApiKey = Type.Object({
  key: Type.String({ description: "32 lowercase hexadecimal digits; the old key stops working." }),
  hint: Type.String(),
  createdAt: DateTime(),
})
export type NewApiKey = Static<typeof NewApiKey>

const Channels = Type.Object({ email: Type.Boolean(), site: Type.Boolean() })

/** Every topic (NOTIFICATION_TOPICS) by channel (NOTIFICATION_CHANNELS); security mail is always on. */
export const NotificationSettings = Type.Object({
  security: Channels,
  payments: Channels,
  tickets: Channels,
  news: Channels,
  product: Channels,
})
export type NotificationSettings = Static<typeof NotificationSettings>

/** GET and PUT /api/v2/profile/notifications. */
export const NotificationsData = Type.Object({ settings: NotificationSettings })
export type NotificationsData = Static<typeof NotificationsData>

const ChannelChoices = StrictObject({
  email: Type.Optional(Type.Boolean()),
  site: Type.Optional(Type.Boolean()),
})

/** The settings a PUT changes: all or part; missing entries keep their earlier value. */
export const NotificationChoices = StrictObject({
  security: Type.Optional(ChannelChoices),
  payments: Type.Optional(ChannelChoices),
  tickets: Type.Optional(ChannelChoices),
  news: Type.Optional(ChannelChoices),
  product: Type.Optional(ChannelChoices),
})
export type NotificationChoices = Static<typeof NotificationChoices>

export const IdentityDocument = Type.Object({
  id: Type.String(),
  kind: StringEnum(DOCUMENT_KINDS),
  fileName: Type.String(),
  contentType: Type.String(),
  size: Type.Integer({ description: "Bytes." }),
  status: StringEnum(DOCUMENT_STATUSES),
  reviewNote: Nullable(Type.String()),
  createdAt: DateTime(),
})
export type IdentityDocument = Static<typeof IdentityDocument>

/** GET /api/v2/profile/documents, newest first. */
export const DocumentsData = Type.Object({ documents: Type.Array(IdentityDocument) })
export type DocumentsData = Static<typeof DocumentsData>

const REAUTH = ["PASSWORD_WRONG", "RATE_LIMITED"] as const

export const profileApi = defineEndpoints("profile", {
  changePassword: {
    method: "POST",
    path: "/api/v2/profile/password",
    summary: "Change the password (with the current one), optionally ending the other sessions",
    body: StrictObject({
      currentPassword: SignInPassword(),
      newPassword: NewPassword(),
      endOtherSessions: Type.Boolean(),
    }),
    response: { 200: Type.Object({ endedSessions: Type.Integer() }) },
    errors: [...SIGNED_IN, ...REAUTH, ...PASSWORD_PROBLEMS],
  },
  changeEmail: {
    method: "POST",
    path: "/api/v2/profile/email",
    summary: "Ask for a new sign-in address; it changes once the mailed link is followed",
    description: "The same answer when the new address is taken (that address then gets `accountExists`).",
    body: StrictObject({ newEmail: Email(), password: SignInPassword() }),
    response: { 202: Type.Object({ status: Type.Literal("confirmation-sent"), email: Type.String() }) },
    errors: [...SIGNED_IN, "EMAIL_UNCHANGED", ...REAUTH, "MAIL_UNAVAILABLE"],
  },
  changeWallet: {
    method: "POST",
    path: "/api/v2/profile/wallet",
    summary: "Ask for a new payout method and wallet; they change once the mailed link is followed",
    body: StrictObject({
      method: StringEnum(PAYOUT_METHOD_NAMES),
      wallet: Type.String({ maxLength: 1000 }),
      password: SignInPassword(),
    }),
    response: { 202: Type.Object({ status: Type.Literal("confirmation-sent") }) },
    errors: [...SIGNED_IN, "WALLET_INVALID", ...REAUTH, "MAIL_UNAVAILABLE"],
  },
  sessions: {
    method: "GET",
    path: "/api/v2/profile/sessions",
    summary: "Where the account is signed in, newest first",
    response: { 200: SessionsData },
    errors: SIGNED_IN,
  },
  endSession: {
    method: "DELETE",
    path: "/api/v2/profile/sessions/:id",
    summary: "End one session (ending this browser's signs it out)",
    params: IdParams,
    response: { 204: NoContent("Ended.") },
    errors: [...SIGNED_IN, "SESSION_NOT_FOUND"],
  },
  endOtherSessions: {
    method: "POST",
    path: "/api/v2/profile/sessions/end-others",
    summary: "End every session but this browser's",
    response: { 200: Type.Object({ ended: Type.Integer() }) },
    errors: SIGNED_IN,
  },
  twoFactor: {
    method: "GET",
    path: "/api/v2/profile/two-factor",
    summary: "Whether two-factor authentication is on, and the recovery codes left",
    response: { 200: TwoFactorData },
    errors: SIGNED_IN,
  },
  twoFactorSetup: {
    method: "POST",
    path: "/api/v2/profile/two-factor/setup",
    summary: "Start setting up two-factor authentication: a new secret and its QR code",
    body: StrictObject({ password: SignInPassword() }),
    response: { 200: TwoFactorSetup },
    errors: [...SIGNED_IN, "TWO_FACTOR_ALREADY_ENABLED", ...REAUTH],
  },
  twoFactorEnable: {
    method: "POST",
    path: "/api/v2/profile/two-factor/enable",
    summary: "Turn two-factor authentication on with a first code; answers the recovery codes",
    body: StrictObject({ code: SecondFactorCode() }),
    response: { 200: RecoveryCodes },
    errors: [
      ...SIGNED_IN,
      "TWO_FACTOR_ALREADY_ENABLED",
      "TWO_FACTOR_NOT_SET_UP",
      "TWO_FACTOR_CODE_INVALID",
      "RATE_LIMITED",
    ],
  },
  twoFactorDisable: {
    method: "POST",
    path: "/api/v2/profile/two-factor/disable",
    summary: "Turn two-factor authentication off (password and a code)",
    body: StrictObject({ password: SignInPassword(), code: SecondFactorCode() }),
    response: { 204: NoContent("Turned off.") },
    errors: [...SIGNED_IN, "TWO_FACTOR_NOT_ENABLED", ...REAUTH, "TWO_FACTOR_CODE_INVALID"],
  },
  recoveryCodes: {
    method: "POST",
    path: "/api/v2/profile/two-factor/recovery-codes",
    summary: "New recovery codes (password and a code); the old ones stop working",
    body: StrictObject({ password: SignInPassword(), code: SecondFactorCode() }),
    response: { 200: RecoveryCodes },
    errors: [...SIGNED_IN, "TWO_FACTOR_NOT_ENABLED", ...REAUTH, "TWO_FACTOR_CODE_INVALID"],
  },
  apiKey: {
    method: "GET",
    path: "/api/v2/profile/api-key",
    summary: "Whether the account has a captcha API key, its last characters and age",
    response: { 200: ApiKeyData },
    errors: SIGNED_IN,
  },
  createApiKey: {
    method: "POST",
    path: "/api/v2/profile/api-key",
    summary: "A new captcha API key, shown this once; the old one stops working",
    response: { 200: NewApiKey },
    errors: SIGNED_IN,
  },
  notifications: {
    method: "GET",
    path: "/api/v2/profile/notifications",
    summary: "Notification settings by topic and channel",
    response: { 200: NotificationsData },
    errors: SIGNED_IN,
  },
  updateNotifications: {
    method: "PUT",
    path: "/api/v2/profile/notifications",
    summary: "Change notification settings (all or part); answers all of them",
    body: StrictObject({ settings: NotificationChoices }),
    response: { 200: NotificationsData },
    errors: [...SIGNED_IN, "SECURITY_MAIL_REQUIRED"],
  },
  documents: {
    method: "GET",
    path: "/api/v2/profile/documents",
    summary: "The user's identity documents, newest first",
    response: { 200: DocumentsData },
    errors: SIGNED_IN,
  },
  uploadDocument: {
    method: "POST",
    path: "/api/v2/profile/documents",
    summary: "Upload an identity document",
    description:
      "The body is the file itself (not JSON): `Content-Type` image/jpeg, image/png or application/pdf, at most 5 MB.",
    querystring: StrictObject({
      kind: StringEnum(DOCUMENT_KINDS),
      name: Type.Optional(Type.String({ maxLength: 1000, description: "The file's name." })),
    }),
    response: { 201: IdentityDocument },
    errors: [...SIGNED_IN, "FILE_TYPE_NOT_ALLOWED", "FILE_TOO_LARGE", "TOO_MANY_DOCUMENTS"],
  },
  documentFile: {
    method: "GET",
    path: "/api/v2/profile/documents/:id/file",
    summary: "The file of a document (its owner, moderators and administrators)",
    params: IdParams,
    response: {
      // Bytes, sent as they are (Fastify serialises no Buffer).
      200: Type.Unsafe<Uint8Array>({
        type: "string",
        format: "binary",
        description: "The file as an attachment, with its own Content-Type (JPEG, PNG or PDF).",
      }),
    },
    errors: [...SIGNED_IN, "DOCUMENT_NOT_FOUND"],
  },
  deleteDocument: {
    method: "DELETE",
    path: "/api/v2/profile/documents/:id",
    summary: "Remove a document that is still pending",
    params: IdParams,
    response: { 204: NoContent("Removed.") },
    errors: [...SIGNED_IN, "DOCUMENT_NOT_FOUND", "DOCUMENT_REVIEWED"],
  },
  reviewDocument: {
    method: "PUT",
    path: "/api/v2/moderation/documents/:id",
    summary: "Approve or reject a document (moderators and administrators)",
    params: IdParams,
    body: StrictObject({
      status: StringEnum(["approved", "rejected"]),
      note: Type.Optional(Type.String({ maxLength: 1000 })),
    }),
    response: { 200: IdentityDocument },
    errors: [...SIGNED_IN, "FORBIDDEN", "DOCUMENT_NOT_FOUND"],
  },
  deleteAccount: {
    method: "POST",
    path: "/api/v2/profile/delete",
    summary: "Delete the account (password, and a code when 2FA is on); signs out",
    body: StrictObject({ password: SignInPassword(), code: Type.Optional(SecondFactorCode()) }),
    response: { 204: NoContent("Deleted and signed out.") },
    errors: [...SIGNED_IN, ...REAUTH, "TWO_FACTOR_CODE_INVALID"],
  },
})

// ---------------------------------------------------------------------------------------------------------
// Visitors and health

const short = (options: { minLength?: number } = {}) => Type.String({ maxLength: 500, ...options })

/** A referral visit ({from, source, unique}) or UTM tracking parameters. */
export const TrackerEvent = Type.Unsafe<
  | { type: "referral"; data: { from: string; source: string; unique: boolean } }
  | {
      type: "utm"
      data: Partial<Record<"utm_source" | "utm_medium" | "utm_campaign" | "utm_id" | "utm_content", string>>
    }
>({
  oneOf: [
    StrictObject({
      type: Type.Unsafe<"referral">({ const: "referral" }),
      data: StrictObject({ from: short({ minLength: 1 }), source: short(), unique: Type.Boolean() }),
    }),
    StrictObject({
      type: Type.Unsafe<"utm">({ const: "utm" }),
      data: StrictObject(
        {
          utm_source: Type.Optional(short()),
          utm_medium: Type.Optional(short()),
          utm_campaign: Type.Optional(short()),
          utm_id: Type.Optional(short()),
          utm_content: Type.Optional(short()),
        },
        { minProperties: 1 },
      ),
    }),
  ],
})
export type TrackerEvent = Static<typeof TrackerEvent>

/** A render error of the browser (spec §8); it only goes to the log. */
export const ClientError = StrictObject({
  kind: StringEnum(["fallback", "recoverable"]),
  message: Type.String({ maxLength: 1000 }),
  stack: Type.Optional(Type.String({ maxLength: 4000 })),
  componentStack: Type.Optional(Type.String({ maxLength: 4000 })),
  url: Type.String({ maxLength: 2000 }),
})
export type ClientError = Static<typeof ClientError>

export const visitorsApi = defineEndpoints("visitors", {
  track: {
    method: "POST",
    path: "/api/v1/event-tracker",
    summary: "Record a referral visit or UTM parameters, for attribution reports",
    public: true,
    body: TrackerEvent,
    response: { 201: Type.Object({ ok: Type.Literal(true) }) },
    errors: ["RATE_LIMITED"],
  },
  clientError: {
    method: "POST",
    path: "/api/v1/client-errors",
    summary: "Report a render error of the browser (to the log)",
    public: true,
    body: ClientError,
    response: { 204: NoContent("Logged.") },
    errors: ["RATE_LIMITED"],
  },
})

export const Health = Type.Object({
  status: StringEnum(["ok", "error"]),
  database: StringEnum(["up", "down"]),
  engine: StringEnum(["pglite", "postgres"]),
})
export type Health = Static<typeof Health>

export const healthApi = defineEndpoints("health", {
  check: {
    method: "GET",
    path: "/healthz",
    summary: "200 while the database answers, 503 otherwise (for load balancers and monitors)",
    public: true,
    response: { 200: Health, 503: Health },
  },
})

/** The accounts screens' route data (app/routes/profile.json): the first answer is preloaded with the page. */
export const accountsRouteData = {
  sessions: routeDatum(profileApi.sessions),
  twoFactor: routeDatum(profileApi.twoFactor),
  apiKey: routeDatum(profileApi.apiKey),
  notifications: routeDatum(profileApi.notifications),
  documents: routeDatum(profileApi.documents),
}
