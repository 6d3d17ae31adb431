/*
 * Browser push notifications (contract/src/push.ts, migration 0032; the page /kb/send-push-notification explains
 * them to users and developers). A browser subscribes through its push service (pushManager.subscribe with our
 * VAPID public key) and hands us the subscription: the endpoint and the keys to encrypt for. To notify it we
 * encrypt the payload for those keys (RFC 8291, aes128gcm), sign a short JWT for the endpoint's origin with the
 * VAPID private key (RFC 8292: `Authorization: vapid t=<jwt>, k=<public key>`) and POST it to the endpoint; the
 * push service wakes the browser's service worker (app/public/push-sw.js), which shows it.
 *
 * web-push builds the request: `generateRequestDetails` is the first half of its `sendNotification` (the
 * encryption and the VAPID headers). The POST is ours, because `sendNotification` always speaks TLS and the tests'
 * stand-in push service (allowed only outside production: `allowLoopback`) is plain HTTP on 127.0.0.1; one code
 * path for both means the tests run exactly what production runs, with our own timeout.
 *
 * A push never fails what caused it: a staff answer is stored and answered whatever the push service says, and
 * failures are logged. A 404 or 410 from the push service means the browser dropped the subscription (it was
 * turned off, or the site's data cleared): the row goes.
 */
import { createPublicKey } from "node:crypto"
import { request as httpRequest } from "node:http"
import { request as httpsRequest } from "node:https"
import {
  PUSH_MAX_DEVICES,
  type PushDevice,
  type PushDevices,
  type PushKey,
  type PushSubscriptionInput,
  type PushTopic,
} from "@manyhands/contract/push"
import webPush from "web-push"
import type { Database, Queryable } from "../../db/database"
import type { Translations } from "../../ssr/translations"
import type { PushConfig } from "./push-config"

export type PushErrorCode = "VALIDATION_FAILED" | "PUSH_DISABLED" | "PUSH_SUBSCRIPTION_NOT_FOUND"

export class PushError extends Error {
  constructor(
    readonly code: PushErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message)
    this.name = "PushError"
  }
}

export interface PushLogger {
  info(details: object, message: string): void
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

/** What the service worker shows: a title, a line of text, and the site path a click opens. */
export interface PushMessage {
  title: string
  body: string
  url: string
  /** Notifications with one tag replace each other on the device (one per ticket, one low-balance alert). */
  tag: string
}

/** app_settings key of the VAPID key pair made when the configuration has none. */
export const VAPID_SETTING = "push_vapid_keys"
/** How long a push service keeps a push for an offline browser: a day for answers, half a day for the balance. */
const TICKET_TTL_SECONDS = 24 * 60 * 60
const LOW_BALANCE_TTL_SECONDS = 12 * 60 * 60
/** A push service that has not answered in this long is given up on (logged). */
const SEND_TIMEOUT_MS = 10_000

interface SubscriptionRow {
  id: string
  user_id: string
  endpoint: string
  p256dh: string
  auth: string
  user_agent: string | null
  ticket_replies: boolean
  low_balance: boolean
  low_balance_below: string
  currency: string
  created_at: Date
  last_success_at: Date | null
  failures: number
}

const COLUMNS = `s.id::text, s.user_id::text, s.endpoint, s.p256dh, s.auth, s.user_agent, s.ticket_replies,
  s.low_balance, s.low_balance_below::text, u.currency, s.created_at, s.last_success_at, s.failures`

const toDevice = (row: SubscriptionRow): PushDevice => ({
  id: row.id,
  endpoint: row.endpoint,
  service: new URL(row.endpoint).host,
  userAgent: row.user_agent,
  topics: [
    ...(row.ticket_replies ? (["ticketReplies"] as const) : []),
    ...(row.low_balance ? (["lowBalance"] as const) : []),
  ],
  lowBalanceBelow: Number(row.low_balance_below),
  currency: row.currency,
  createdAt: row.created_at.toISOString(),
  lastSuccessAt: row.last_success_at?.toISOString() ?? null,
  failures: row.failures,
})

/** base64url, with or without padding, as bytes; null when it is not. */
function base64Url(text: string): Buffer | null {
  const bare = text.replace(/={1,2}$/, "")
  if (!/^[A-Za-z0-9_-]+$/.test(bare) || bare.length % 4 === 1) return null
  return Buffer.from(bare, "base64url")
}

/** A point on P-256 (uncompressed, 65 bytes): node refuses coordinates that are not on the curve. */
function isP256Point(bytes: Buffer): boolean {
  if (bytes.length !== 65 || bytes[0] !== 4) return false
  try {
    createPublicKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: bytes.subarray(1, 33).toString("base64url"),
        y: bytes.subarray(33).toString("base64url"),
      },
      format: "jwk",
    })
    return true
  } catch {
    return false
  }
}

/**
 * The endpoint as stored: an https address (a push service), or — with `allowLoopback`, outside production — an
 * http address on this machine (the tests' stand-in). Never credentials in it.
 */
export function checkEndpoint(endpoint: string, allowLoopback: boolean): string {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    throw new PushError("VALIDATION_FAILED", "The endpoint must be an https address.", "endpoint")
  }
  const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)
  const allowed = url.protocol === "https:" || (allowLoopback && url.protocol === "http:" && loopback)
  if (!allowed || url.username || url.password)
    throw new PushError("VALIDATION_FAILED", "The endpoint must be an https address.", "endpoint")
  return url.href
}

/** A balance in the reader's language: "$0.42", "0,42 ₽". */
function money(microUnits: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: "currency", currency }).format(microUnits / 1_000_000)
  } catch {
    return `${(microUnits / 1_000_000).toFixed(2)} ${currency}`
  }
}

/** {{name}} in a text. */
const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => params[name] ?? whole)

export class PushNotifications {
  private keys: { publicKey: string; privateKey: string } | null = null
  /** Pushes on their way, so that close() lets them finish. */
  private readonly sending = new Set<Promise<unknown>>()

  constructor(
    private readonly options: {
      db: Database
      config: PushConfig
      translations: Translations
      log: PushLogger
    },
  ) {}

  /** Takes the configured key pair, or the stored one (made on the first start) when allowed. */
  async start(): Promise<void> {
    const { config, log } = this.options
    if (config.vapid) {
      this.keys = config.vapid
      return
    }
    if (!config.generateKeys) {
      log.warn(
        {},
        "Push notifications are off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys)",
      )
      return
    }
    // A database that cannot answer yet (not migrated, down) does not stop the start: the first use tries again.
    await this.loadKeys().catch((error: unknown) =>
      log.warn({ err: error }, "the push keys were not loaded; the first use tries again"),
    )
  }

  /** The generated key pair: every process makes one; the first to store it wins and all use that one. */
  private async loadKeys(): Promise<void> {
    const { db } = this.options
    const made = webPush.generateVAPIDKeys()
    await db.query(
      "INSERT INTO app_settings (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING",
      [VAPID_SETTING, JSON.stringify(made)],
    )
    const { rows } = await db.query<{ value: { publicKey: string; privateKey: string } }>(
      "SELECT value FROM app_settings WHERE key = $1",
      [VAPID_SETTING],
    )
    this.keys = rows[0]!.value
  }

  /** Loads generated keys the start could not (see start); a no-op once they are there or when push is off. */
  private async ready(): Promise<void> {
    if (!this.keys && !this.options.config.vapid && this.options.config.generateKeys) await this.loadKeys()
  }

  /** What pushManager.subscribe needs. */
  async key(): Promise<PushKey> {
    await this.ready()
    return { enabled: this.keys !== null, publicKey: this.keys?.publicKey ?? null }
  }

  /** The account's browsers, and its currency (thresholds are in it). */
  async list(userId: string): Promise<PushDevices> {
    const { rows } = await this.options.db.query<{ currency: string }>(
      "SELECT currency FROM users WHERE id = $1",
      [userId],
    )
    return { records: await this.devices(userId), currency: rows[0]?.currency ?? "USD" }
  }

  async devices(userId: string, db: Queryable = this.options.db): Promise<PushDevice[]> {
    const { rows } = await db.query<SubscriptionRow>(
      `SELECT ${COLUMNS} FROM push_subscriptions s JOIN users u ON u.id = s.user_id
        WHERE s.user_id = $1 ORDER BY s.id`,
      [userId],
    )
    return rows.map(toDevice)
  }

  /**
   * Stores a browser's subscription for the account (or updates it: same endpoint, new keys or topics). A new
   * browser beyond PUSH_MAX_DEVICES replaces the one subscribed longest ago.
   */
  async subscribe(
    userId: string,
    input: PushSubscriptionInput,
    userAgent: string | undefined,
  ): Promise<PushDevice> {
    await this.ready()
    if (!this.keys)
      throw new PushError("PUSH_DISABLED", "Push notifications are not configured on this server.")
    const endpoint = checkEndpoint(input.endpoint, this.options.config.allowLoopback)
    const p256dh = base64Url(input.keys.p256dh)
    if (!p256dh || !isP256Point(p256dh))
      throw new PushError(
        "VALIDATION_FAILED",
        "keys.p256dh must be a P-256 public key (65 bytes).",
        "keys.p256dh",
      )
    const auth = base64Url(input.keys.auth)
    if (!auth || auth.length !== 16)
      throw new PushError("VALIDATION_FAILED", "keys.auth must be 16 bytes.", "keys.auth")
    const topics = new Set<PushTopic>(input.topics)
    return this.options.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO push_subscriptions
           (user_id, endpoint, p256dh, auth, user_agent, ticket_replies, low_balance, low_balance_below)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (endpoint) DO UPDATE SET
           user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
           user_agent = EXCLUDED.user_agent, ticket_replies = EXCLUDED.ticket_replies,
           low_balance = EXCLUDED.low_balance, low_balance_below = EXCLUDED.low_balance_below,
           -- A new threshold or owner starts a new watch of the balance.
           low_balance_alerted_at = CASE
             WHEN push_subscriptions.user_id = EXCLUDED.user_id
              AND push_subscriptions.low_balance_below = EXCLUDED.low_balance_below
             THEN push_subscriptions.low_balance_alerted_at END,
           updated_at = now()
         RETURNING id::text`,
        [
          userId,
          endpoint,
          p256dh.toString("base64url"),
          auth.toString("base64url"),
          userAgent ? userAgent.slice(0, 200) : null,
          topics.has("ticketReplies"),
          topics.has("lowBalance"),
          input.lowBalanceBelow,
        ],
      )
      const id = rows[0]!.id
      await tx.query(
        `DELETE FROM push_subscriptions WHERE user_id = $1 AND id <> $2 AND id NOT IN (
           SELECT id FROM push_subscriptions WHERE user_id = $1 AND id <> $2 ORDER BY id DESC LIMIT $3)`,
        [userId, id, PUSH_MAX_DEVICES - 1],
      )
      return (await this.devices(userId, tx)).find((device) => device.id === id)!
    })
  }

  /** Removes one of the account's subscriptions; another account's answers as a missing one. */
  async unsubscribe(userId: string, id: string): Promise<void> {
    const { rows } = await this.options.db.query(
      "DELETE FROM push_subscriptions WHERE id = $1 AND user_id = $2 RETURNING id",
      [id, userId],
    )
    if (rows.length === 0) throw new PushError("PUSH_SUBSCRIPTION_NOT_FOUND", "No such push subscription.")
  }

  /**
   * Staff answered the account's ticket: each of its browsers with the topic is told, in the background (the
   * answer does not wait for push services).
   */
  notifyTicketReply(userId: string, ticket: { id: string; subject: string }): void {
    this.track(
      (async () => {
        const rows = await this.subscriptions("s.user_id = $1 AND s.ticket_replies", [userId])
        await Promise.all(
          rows.map((row) => {
            const texts = this.texts(row.language, "ticketReply", { id: ticket.id, subject: ticket.subject })
            return this.deliver(
              row,
              { ...texts, url: `/support/tickets/${ticket.id}`, tag: `ticket-${ticket.id}` },
              { TTL: TICKET_TTL_SECONDS, topic: `ticket-${ticket.id}` },
            )
          }),
        )
      })(),
    )
  }

  /**
   * One look at the balances of the accounts whose browsers asked for low-balance alerts (the PUSH_LOW_BALANCE_JOB,
   * and tests). A browser is alerted once per dip: the alert marks it (low_balance_alerted_at), and only a balance
   * back at or above its threshold clears the mark. Both changes are conditional updates, so two runs at once
   * (two processes) alert once. The balance is what the account can spend: posted credits less posted and
   * pending debits (holds of tasks not yet settled), in the account's own currency.
   */
  async checkLowBalances(): Promise<{ alerted: number; rearmed: number }> {
    await this.ready()
    if (!this.keys) return { alerted: 0, rearmed: 0 }
    const balances = `
      SELECT s.id, s.low_balance_below AS below,
             coalesce(a.credits_posted - a.debits_posted - a.debits_pending, 0) AS balance
        FROM push_subscriptions s
        JOIN users u ON u.id = s.user_id
        LEFT JOIN ledger_accounts a
          ON a.user_id = s.user_id AND a.purpose = 'customer_balance' AND a.currency = u.currency
       WHERE s.low_balance`
    const rearmed = await this.options.db.query(
      `UPDATE push_subscriptions s SET low_balance_alerted_at = NULL
         FROM (${balances}) b
        WHERE s.id = b.id AND s.low_balance_alerted_at IS NOT NULL AND b.balance >= b.below
        RETURNING s.id`,
    )
    const { rows: alerted } = await this.options.db.query<{ id: string; balance: string }>(
      `UPDATE push_subscriptions s SET low_balance_alerted_at = now()
         FROM (${balances}) b
        WHERE s.id = b.id AND s.low_balance_alerted_at IS NULL AND b.balance < b.below
        RETURNING s.id::text, b.balance::text`,
    )
    if (alerted.length > 0) {
      const balanceOf = new Map(alerted.map((row) => [row.id, Number(row.balance)]))
      const rows = await this.subscriptions("s.id = ANY($1::bigint[])", [alerted.map((row) => row.id)])
      await Promise.all(
        rows.map((row) => {
          const amount = (value: number) => money(value, row.currency, row.language)
          const texts = this.texts(row.language, "lowBalance", {
            balance: amount(balanceOf.get(row.id) ?? 0),
            threshold: amount(Number(row.low_balance_below)),
          })
          return this.deliver(
            row,
            { ...texts, url: "/addbalance", tag: "low-balance" },
            { TTL: LOW_BALANCE_TTL_SECONDS, topic: "low-balance" },
          )
        }),
      )
    }
    return { alerted: alerted.length, rearmed: rearmed.rows.length }
  }

  /** Waits for the pushes on their way (tests; the app's close). */
  async idle(): Promise<void> {
    while (this.sending.size > 0) await Promise.allSettled([...this.sending])
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.catch((err: unknown) => this.options.log.error({ err }, "push notifications failed"))
    this.sending.add(tracked)
    void tracked.finally(() => this.sending.delete(tracked))
  }

  private async subscriptions(
    where: string,
    values: unknown[],
  ): Promise<(SubscriptionRow & { language: string })[]> {
    await this.ready()
    if (!this.keys) return []
    const { rows } = await this.options.db.query<SubscriptionRow & { language: string | null }>(
      `SELECT ${COLUMNS}, u.interface_language AS language
         FROM push_subscriptions s JOIN users u ON u.id = s.user_id WHERE ${where} ORDER BY s.id`,
      values,
    )
    return rows.map((row) => ({ ...row, language: row.language ?? "en" }))
  }

  /** A notification's title and text in the reader's language (English where the language has none). */
  private texts(language: string, kind: "ticketReply" | "lowBalance", params: Record<string, string>) {
    type Texts = { notifications?: Record<string, { title: string; body: string }> }
    const { translations } = this.options
    const own = (translations.namespace(language, "push") as Texts | undefined)?.notifications?.[kind]
    const english = (translations.namespace("en", "push") as Texts).notifications![kind]!
    return { title: fill(own?.title ?? english.title, params), body: fill(own?.body ?? english.body, params) }
  }

  /**
   * Encrypts and posts one push. Accepted: the row's last success. 404/410: the subscription is gone, the row
   * too. Anything else: counted and logged (a push is not retried: the next event sends the next one).
   */
  private async deliver(
    row: SubscriptionRow,
    message: PushMessage,
    options: { TTL: number; topic: string },
  ): Promise<"sent" | "gone" | "failed"> {
    const { db, log, config } = this.options
    let status: number
    try {
      const details = webPush.generateRequestDetails(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(message),
        {
          vapidDetails: { subject: config.subject, ...this.keys! },
          TTL: options.TTL,
          topic: options.topic,
          urgency: "normal",
          contentEncoding: "aes128gcm",
        },
      )
      status = await post(details)
    } catch (err) {
      log.warn({ err, subscriptionId: row.id, userId: row.user_id }, "a push could not be sent")
      status = 0
    }
    if (status >= 200 && status < 300) {
      await db.query("UPDATE push_subscriptions SET last_success_at = now(), failures = 0 WHERE id = $1", [
        row.id,
      ])
      return "sent"
    }
    if (status === 404 || status === 410) {
      await db.query("DELETE FROM push_subscriptions WHERE id = $1", [row.id])
      log.info(
        { subscriptionId: row.id, userId: row.user_id, status },
        "a push subscription expired: removed",
      )
      return "gone"
    }
    await db.query(
      "UPDATE push_subscriptions SET last_failure_at = now(), failures = failures + 1 WHERE id = $1",
      [row.id],
    )
    if (status !== 0)
      log.warn({ subscriptionId: row.id, userId: row.user_id, status }, "a push service refused a push")
    return "failed"
  }
}

/** Posts web-push's request; answers the status (the body is read and dropped). */
function post(details: webPush.RequestDetails): Promise<number> {
  const url = new URL(details.endpoint)
  const request = url.protocol === "https:" ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: details.method,
        headers: details.headers as Record<string, string | number>,
        timeout: SEND_TIMEOUT_MS,
      },
      (response) => {
        response.resume()
        response.on("end", () => resolve(response.statusCode ?? 0))
        response.on("error", reject)
      },
    )
    sent.on("timeout", () => sent.destroy(new Error("the push service did not answer in time")))
    sent.on("error", reject)
    sent.end(details.body ?? undefined)
  })
}
