/*
 * Browser push notifications (spec §2 /kb/send-push-notification): a signed-in account turns them on per browser
 * (Web Push with the server's VAPID key) for answers to its support tickets and for a low balance, and sees and
 * removes the browsers that have them. The browser's push subscription (its push service's endpoint and the keys
 * that encrypt for it) is stored per account; the server signs every push with its VAPID key.
 */
import { defineEndpoints } from "./endpoint"
import { DateTime, Money, NoContent, Nullable, StrictObject, StringEnum, Type, type Static } from "./schema"

/** What a browser may be told about: staff answered one of the account's tickets; the balance fell low. */
export const PUSH_TOPICS = ["ticketReplies", "lowBalance"] as const
export type PushTopic = (typeof PUSH_TOPICS)[number]

/** Browsers one account may have (a new one beyond replaces the one subscribed longest ago). */
export const PUSH_MAX_DEVICES = 20
/** Subscriptions one account may store an hour (429 RATE_LIMITED beyond). */
export const PUSH_SUBSCRIBES_PER_HOUR = 30
export const PUSH_ENDPOINT_MAX_LENGTH = 2048
/** The low-balance alert's default threshold: 1.00 of the account's currency, in micro-units. */
export const PUSH_DEFAULT_LOW_BALANCE = 1_000_000
/** The highest threshold a browser may set: 100,000.00 of the currency. */
export const PUSH_MAX_LOW_BALANCE = 100_000_000_000

export const PushKey = Type.Object({
  /** Push is configured (a VAPID key pair); false: the server sends none (the page says so). */
  enabled: Type.Boolean(),
  /** The VAPID public key, base64url (an uncompressed P-256 point): pushManager.subscribe's applicationServerKey. */
  publicKey: Nullable(Type.String()),
})
export type PushKey = Static<typeof PushKey>

const Base64Url = (description: string) =>
  Type.String({ minLength: 1, maxLength: 200, pattern: "^[A-Za-z0-9_-]+={0,2}$", description })

export const PushSubscriptionInput = StrictObject({
  /** PushSubscription.endpoint: the push service's address for this browser (https). */
  endpoint: Type.String({ minLength: 1, maxLength: PUSH_ENDPOINT_MAX_LENGTH }),
  keys: StrictObject({
    p256dh: Base64Url("The browser's P-256 public key (65 bytes, uncompressed), base64url."),
    auth: Base64Url("The browser's authentication secret (16 bytes), base64url."),
  }),
  topics: Type.Array(StringEnum(PUSH_TOPICS), { uniqueItems: true, maxItems: PUSH_TOPICS.length }),
  lowBalanceBelow: Type.Integer({
    minimum: 0,
    maximum: PUSH_MAX_LOW_BALANCE,
    description: "Alert once when the balance falls below this (micro-units of the account's currency).",
  }),
})
export type PushSubscriptionInput = Static<typeof PushSubscriptionInput>

export const PushDevice = Type.Object({
  id: Type.String(),
  /** The endpoint, so a browser finds its own subscription among the account's. */
  endpoint: Type.String(),
  /** The push service's host (fcm.googleapis.com, updates.push.services.mozilla.com, web.push.apple.com …). */
  service: Type.String(),
  /** The browser's User-Agent when it subscribed, shortened; null: none sent. */
  userAgent: Nullable(Type.String()),
  topics: Type.Array(StringEnum(PUSH_TOPICS)),
  lowBalanceBelow: Money("Micro-units of the account's currency."),
  currency: Type.String(),
  createdAt: DateTime(),
  /** The last push the push service accepted; null: none yet. */
  lastSuccessAt: Nullable(DateTime()),
  /** Pushes refused in a row since the last accepted one. */
  failures: Type.Integer(),
})
export type PushDevice = Static<typeof PushDevice>

export const PushDevices = Type.Object({
  records: Type.Array(PushDevice),
  /** The account's currency: low-balance thresholds are in it. */
  currency: Type.String(),
})
export type PushDevices = Static<typeof PushDevices>

export const PushDeviceParams = StrictObject({
  id: Type.String({ pattern: "^[1-9][0-9]{0,17}$", description: "A decimal id." }),
})

export const pushApi = defineEndpoints("push", {
  key: {
    method: "GET",
    path: "/api/v1/push/key",
    summary: "The server's VAPID public key for pushManager.subscribe (or that push is off)",
    public: true,
    response: { 200: PushKey },
  },
  devices: {
    method: "GET",
    path: "/api/v1/push/subscriptions",
    summary: "The signed-in account's browsers with push notifications on",
    response: { 200: PushDevices },
    errors: ["NOT_SIGNED_IN"],
  },
  subscribe: {
    method: "PUT",
    path: "/api/v1/push/subscriptions",
    summary: "Stores this browser's push subscription, its topics and low-balance threshold",
    description:
      "The subscription is keyed by its endpoint: sending it again updates the topics (and moves it to the " +
      "signed-in account, if the browser was another's). The endpoint must be an https address.",
    body: PushSubscriptionInput,
    response: { 200: PushDevice },
    errors: ["NOT_SIGNED_IN", "CSRF_TOKEN_INVALID", "VALIDATION_FAILED", "PUSH_DISABLED", "RATE_LIMITED"],
  },
  unsubscribe: {
    method: "DELETE",
    path: "/api/v1/push/subscriptions/:id",
    summary: "Removes one of the account's push subscriptions",
    params: PushDeviceParams,
    response: { 204: NoContent("Removed.") },
    errors: ["NOT_SIGNED_IN", "CSRF_TOKEN_INVALID", "PUSH_SUBSCRIPTION_NOT_FOUND"],
  },
})
