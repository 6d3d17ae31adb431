import type { CurrentUser } from "@manyhands/app/render-contract"
import type { FastifyInstance, FastifyRequest } from "fastify"
import type { Config } from "../../config"
import type { Database, Queryable } from "../../db/database"
import { HttpError } from "../../http/errors"
import type { Currency } from "../ledger/ledger"
import { requireUser } from "../session/sessions"
import { requireCustomer } from "./access"
import type { CaptchaEngine } from "./engine"
import { parseAllowedEntry } from "./ip-allow-list"
import {
  addPingbackAddress,
  listPingbackAddresses,
  MAX_ADDRESSES_PER_USER,
  pingbackAttempts,
  PingbackRefused,
  removePingbackAddress,
} from "./pingback"
import { perThousand, pricePerTaskOf } from "./prices"
import { problemRoutes } from "./problem-routes"
import { LANGUAGES } from "./task-types"

export { normaliseIpLiteral } from "./ip-allow-list"
export { perThousand, pricePerTaskOf } from "./prices"

/*
 * The captcha settings of customers (key IP allow-list, "100 % recognition", currency, task defaults,
 * pingback addresses, recent tasks, and the problem lists of problem-routes.ts), of workers (languages), and
 * the administrators' price list (CAPTCHA-API.md, "Settings and prices", "Settings and problem lists").
 */

export interface CaptchaSettingsOptions {
  engine: CaptchaEngine
  db: Database
  /** pingbackAllowPrivate comes from here; without it private and loopback addresses are refused. */
  config?: Pick<Config, "pingbackAllowPrivate">
}

const CURRENCIES: Currency[] = ["USD", "RUB"]
const MAX_ALLOWED_IPS = 50
const MAX_WORKER_LANGUAGES = 10
/** The largest soft_id stored (a PostgreSQL integer). */
const MAX_SOFT_ID = 2_147_483_647

// ---------------------------------------------------------------------------------------------------------
// Who may call

const field = (name: string, message: string) => [{ field: name, message }]

function requireWorker(request: FastifyRequest): CurrentUser {
  const user = requireUser(request)
  if (user.profile.userType !== "worker")
    throw new HttpError(403, "WORKER_ACCOUNT_REQUIRED", "Worker settings belong to worker accounts.")
  return user
}

function requireAdmin(request: FastifyRequest): CurrentUser {
  const user = requireUser(request)
  if (!user.permissions.admin) throw new HttpError(403, "FORBIDDEN", "Only administrators can do this.")
  return user
}

// ---------------------------------------------------------------------------------------------------------
// Values

const isoTime = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

// ---------------------------------------------------------------------------------------------------------
// Customer settings

interface TaskDefaultsView {
  language: string | null
  softId: number | null
  /** Per 1,000 tasks, a decimal in the currency ("1.20"). */
  maxBid: string | null
}

interface CustomerSettings {
  allowedIps: string[]
  recognition: { agree: number; maxAnswers: number } | null
  currency: Currency
  defaults: TaskDefaultsView
  languageOptions: string[]
}

/** The body of PUT, as the schema lets it through; `languageOptions` (GET only) is accepted and ignored. */
interface SettingsBody {
  allowedIps?: string[]
  recognition?: { agree: number; maxAnswers: number } | null
  currency?: Currency
  defaults?: { language?: string | null; softId?: unknown; maxBid?: unknown }
  languageOptions?: unknown
}

/** A checked change: micro-units and normalised values, ready for the UPDATE. */
interface SettingsChange {
  allowedIps?: string[]
  recognition?: { agree: number; maxAnswers: number } | null
  currency?: Currency
  defaultLanguage?: string | null
  defaultSoftId?: number | null
  maxBid?: number | null
}

const recognitionSchema = {
  type: ["object", "null"],
  required: ["agree", "maxAnswers"],
  additionalProperties: false,
  properties: {
    agree: { type: "integer", minimum: 2, maximum: 5 },
    maxAnswers: { type: "integer", minimum: 2, maximum: 5 },
  },
} as const

const customerSettingsSchema = {
  type: "object",
  required: ["allowedIps", "recognition", "currency", "defaults", "languageOptions"],
  properties: {
    allowedIps: { type: "array", items: { type: "string" } },
    recognition: recognitionSchema,
    currency: { enum: CURRENCIES },
    defaults: {
      type: "object",
      required: ["language", "softId", "maxBid"],
      properties: {
        language: { type: ["string", "null"] },
        softId: { type: ["integer", "null"] },
        maxBid: { type: ["string", "null"] },
      },
    },
    languageOptions: { type: "array", items: { type: "string" } },
  },
} as const

async function readCustomerSettings(db: Queryable, userId: string): Promise<CustomerSettings> {
  const { rows } = await db.query<{
    allowed: string[]
    agree: number | null
    max_answers: number
    currency: Currency
    default_language: string | null
    default_soft_id: number | null
    max_bid: string | null
  }>(
    `SELECT api_allowed_ips AS allowed, recognition_agree AS agree, recognition_max_answers AS max_answers,
            currency, default_language, default_soft_id, max_bid::text
       FROM users WHERE id = $1`,
    [userId],
  )
  const row = rows[0]!
  return {
    allowedIps: row.allowed,
    recognition:
      row.agree === null ? null : { agree: row.agree, maxAnswers: Math.max(row.agree, row.max_answers) },
    currency: row.currency,
    defaults: {
      language: row.default_language,
      softId: row.default_soft_id,
      maxBid: row.max_bid === null ? null : perThousand(Number(row.max_bid)),
    },
    languageOptions: LANGUAGES,
  }
}

/** One thing wrong with a change: the field it is about, a code and a sentence for the customer. */
interface Problem {
  code: string
  field: string
  message: string
}

const blank = (value: unknown) => value === null || (typeof value === "string" && value.trim() === "")
/** A number or a string of at most 20 characters as trimmed text; null for anything else. */
const scalarText = (value: unknown) =>
  typeof value === "number"
    ? String(value)
    : typeof value === "string" && value.length <= 20
      ? value.trim()
      : null

function checkAllowedIps(given: string[], problems: Problem[]): string[] {
  const addresses: string[] = []
  given.forEach((text, index) => {
    const entry = parseAllowedEntry(text)
    if (entry.error !== undefined)
      problems.push({ code: "IP_ADDRESS_INVALID", field: `allowedIps.${index}`, message: entry.error })
    else if (!addresses.includes(entry.value)) addresses.push(entry.value)
  })
  return addresses
}

function checkRecognition(recognition: SettingsBody["recognition"], problems: Problem[]) {
  if (recognition && recognition.maxAnswers < recognition.agree)
    problems.push({
      code: "RECOGNITION_INVALID",
      field: "recognition.maxAnswers",
      message: `At most ${recognition.maxAnswers} answers cannot give ${recognition.agree} agreeing ones.`,
    })
}

function checkDefaults(
  defaults: NonNullable<SettingsBody["defaults"]>,
  change: SettingsChange,
  problems: Problem[],
) {
  const { language, softId, maxBid } = defaults
  if (language !== undefined) {
    const code = language === null || language.trim() === "" ? null : language.trim().toLowerCase()
    if (code === null || LANGUAGES.includes(code)) change.defaultLanguage = code
    else
      problems.push({
        code: "LANGUAGE_UNKNOWN",
        field: "defaults.language",
        message: `${JSON.stringify(language)} is not a language code of the captcha API (en, ru, es, …); leave it empty for any language.`,
      })
  }
  if (softId !== undefined) {
    const text = scalarText(softId)
    if (blank(softId)) change.defaultSoftId = null
    else if (text !== null && /^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_SOFT_ID)
      change.defaultSoftId = Number(text)
    else
      problems.push({
        code: "SOFT_ID_INVALID",
        field: "defaults.softId",
        message: `The soft_id must be a whole number from 1 to ${MAX_SOFT_ID}; leave it empty for none.`,
      })
  }
  if (maxBid !== undefined) {
    const text = scalarText(maxBid)
    const price = blank(maxBid) || text === null ? null : pricePerTaskOf(text)
    if (blank(maxBid) || price !== null) change.maxBid = price
    else
      problems.push({
        code: "MAX_BID_INVALID",
        field: "defaults.maxBid",
        message:
          "Give the maximum bid per 1,000 tasks as a number above 0 and at most 1000 with at most 3 decimals, " +
          "like 1.20; leave it empty for no limit.",
      })
  }
}

/** The checked change, or 400 with every problem found: one `details` entry per field. */
function checkSettings(body: SettingsBody): SettingsChange {
  const problems: Problem[] = []
  const change: SettingsChange = {}
  if (body.allowedIps) change.allowedIps = checkAllowedIps(body.allowedIps, problems)
  checkRecognition(body.recognition, problems)
  if (body.recognition !== undefined) change.recognition = body.recognition
  if (body.currency) change.currency = body.currency
  if (body.defaults) checkDefaults(body.defaults, change, problems)
  if (problems.length === 0) return change
  const code = problems.every((problem) => problem.code === problems[0]!.code)
    ? problems[0]!.code
    : "SETTINGS_INVALID"
  throw new HttpError(
    400,
    code,
    problems.map((problem) => problem.message).join(" "),
    problems.map(({ field: name, message }) => ({ field: name, message })),
  )
}

/** The column assignments of a change, numbered from $2 ($1 is the user). */
function settingsAssignments(change: SettingsChange): { sql: string[]; params: unknown[] } {
  const sql: string[] = []
  const params: unknown[] = []
  const assign = (column: string, value: unknown) => {
    params.push(value)
    sql.push(`${column} = $${params.length + 1}`)
  }
  if (change.allowedIps) assign("api_allowed_ips", change.allowedIps)
  if (change.recognition === null) assign("recognition_agree", null)
  if (change.recognition) {
    assign("recognition_agree", change.recognition.agree)
    assign("recognition_max_answers", change.recognition.maxAnswers)
  }
  if (change.currency) assign("currency", change.currency)
  if (change.defaultLanguage !== undefined) assign("default_language", change.defaultLanguage)
  if (change.defaultSoftId !== undefined) assign("default_soft_id", change.defaultSoftId)
  if (change.maxBid !== undefined) assign("max_bid", change.maxBid)
  return { sql, params }
}

/**
 * Applies a change in one transaction. The user's row is locked first: a new task's foreign key needs a
 * key-share lock on it, so no task can open between the check for open tasks and the currency change. A
 * maximum bid is an amount of the old currency: a currency change drops it unless the change sets a new one.
 */
async function changeCustomerSettings(db: Database, userId: string, change: SettingsChange) {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ currency: Currency }>(
      "SELECT currency FROM users WHERE id = $1 FOR UPDATE",
      [userId],
    )
    if (change.currency && change.currency !== rows[0]!.currency) {
      const open = await tx.query(
        "SELECT 1 FROM captcha_tasks WHERE customer_id = $1 AND state = 'open' LIMIT 1",
        [userId],
      )
      if (open.rows.length > 0) {
        const message =
          "The currency can change once none of your tasks is still open; try again in a few minutes."
        throw new HttpError(409, "CURRENCY_CHANGE_BLOCKED", message, field("currency", message))
      }
      if (change.maxBid === undefined) change.maxBid = null
    }
    const { sql, params } = settingsAssignments(change)
    if (sql.length > 0)
      await tx.query(`UPDATE users SET ${sql.join(", ")} WHERE id = $1`, [userId, ...params])
  })
}

function customerSettingsRoutes(app: FastifyInstance, db: Database) {
  app.get(
    "/api/v2/captcha/settings",
    { schema: { response: { 200: customerSettingsSchema } } },
    async (request) => readCustomerSettings(db, requireCustomer(request).id),
  )

  app.put<{ Body: SettingsBody }>(
    "/api/v2/captcha/settings",
    {
      schema: {
        body: {
          type: "object",
          additionalProperties: false,
          minProperties: 1,
          properties: {
            allowedIps: {
              type: "array",
              maxItems: MAX_ALLOWED_IPS,
              items: { type: "string", maxLength: 64 },
            },
            recognition: recognitionSchema,
            currency: { enum: CURRENCIES },
            defaults: {
              type: "object",
              additionalProperties: false,
              properties: {
                language: { type: ["string", "null"], maxLength: 16 },
                // Numbers or strings (a form's text): checked by checkDefaults, with a message for each.
                softId: {},
                maxBid: {},
              },
            },
            languageOptions: { type: "array" },
          },
        },
        response: { 200: customerSettingsSchema },
      },
    },
    async (request) => {
      const user = requireCustomer(request)
      const change = checkSettings(request.body)
      await changeCustomerSettings(db, user.id, change)
      return readCustomerSettings(db, user.id)
    },
  )
}

// ---------------------------------------------------------------------------------------------------------
// Pingback addresses and delivery logs

const addressesSchema = {
  type: "object",
  required: ["addresses"],
  properties: { addresses: { type: "array", items: { type: "string" } } },
} as const

const sameUrl = (a: string, b: string) => {
  try {
    return new URL(a).href === new URL(b).href
  } catch {
    return a === b
  }
}

function pingbackRoutes(app: FastifyInstance, db: Database, allowPrivate: boolean) {
  app.get(
    "/api/v2/captcha/pingbacks",
    { schema: { response: { 200: addressesSchema } } },
    async (request) => ({
      addresses: await listPingbackAddresses(db, requireCustomer(request).id),
    }),
  )

  app.post<{ Body: { url: string } }>(
    "/api/v2/captcha/pingbacks",
    {
      schema: {
        body: {
          type: "object",
          required: ["url"],
          additionalProperties: false,
          properties: { url: { type: "string", minLength: 1, maxLength: 2000 } },
        },
        response: { 200: addressesSchema },
      },
    },
    async (request) => {
      const user = requireCustomer(request)
      const { url } = request.body
      const known = await listPingbackAddresses(db, user.id)
      if (known.length >= MAX_ADDRESSES_PER_USER && !known.some((address) => sameUrl(address, url)))
        throw new HttpError(
          409,
          "TOO_MANY_PINGBACK_ADDRESSES",
          `You already have ${MAX_ADDRESSES_PER_USER} pingback addresses, the most allowed; remove one first.`,
        )
      try {
        await addPingbackAddress(db, user.id, url, { allowPrivate })
      } catch (error) {
        if (!(error instanceof PingbackRefused)) throw error
        throw new HttpError(400, "PINGBACK_URL_REFUSED", error.message, field("url", error.message))
      }
      return { addresses: await listPingbackAddresses(db, user.id) }
    },
  )

  app.delete<{ Querystring: { url: string } }>(
    "/api/v2/captcha/pingbacks",
    {
      schema: {
        querystring: {
          type: "object",
          required: ["url"],
          additionalProperties: false,
          properties: { url: { type: "string", minLength: 1, maxLength: 2000 } },
        },
        response: {
          200: {
            type: "object",
            required: ["removed", "addresses"],
            properties: { removed: { type: "integer" }, ...addressesSchema.properties },
          },
        },
      },
    },
    async (request) => {
      const user = requireCustomer(request)
      const removed = await removePingbackAddress(db, user.id, request.query.url)
      if (removed === 0 && request.query.url !== "all")
        throw new HttpError(404, "PINGBACK_ADDRESS_NOT_FOUND", "This pingback address is not registered.")
      return { removed, addresses: await listPingbackAddresses(db, user.id) }
    },
  )

  app.get<{ Params: { id: string } }>(
    "/api/v2/captcha/tasks/:id/pingback",
    {
      schema: {
        params: { type: "object", properties: { id: { type: "string", pattern: "^[0-9]{1,18}$" } } },
        response: {
          200: {
            type: "object",
            required: ["taskId", "url", "state", "attempts"],
            properties: {
              taskId: { type: "string" },
              url: { type: ["string", "null"] },
              state: { type: ["string", "null"], enum: ["pending", "delivered", "failed", null] },
              attempts: {
                type: "array",
                items: {
                  type: "object",
                  required: ["at", "durationMs"],
                  properties: {
                    at: { type: "string" },
                    status: { type: "integer" },
                    error: { type: "string" },
                    durationMs: { type: "integer" },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const user = requireCustomer(request)
      const { id } = request.params
      const { rows } = await db.query<{
        url: string | null
        state: "pending" | "delivered" | "failed" | null
      }>(
        `SELECT coalesce(d.url, t.pingback_url) AS url, d.state FROM captcha_tasks t
           LEFT JOIN pingback_deliveries d ON d.task_id = t.id
          WHERE t.id = $1 AND t.customer_id = $2`,
        [id, user.id],
      )
      if (!rows[0]) throw new HttpError(404, "TASK_NOT_FOUND", "You have no task with this id.")
      return { taskId: id, ...rows[0], attempts: await pingbackAttempts(db, user.id, id) }
    },
  )
}

// ---------------------------------------------------------------------------------------------------------
// Recent tasks

interface TaskListRow {
  id: string
  type: string
  state: "open" | "solved" | "unsolvable"
  charged: string
  currency: Currency
  created_at: Date | string
  ended_at: Date | string | null
  report: "good" | "bad" | null
  refunded: boolean
}

const taskListSchema = {
  type: "object",
  required: ["tasks", "next"],
  properties: {
    tasks: {
      type: "array",
      items: {
        type: "object",
        required: ["id", "type", "state", "cost", "currency", "createdAt", "endedAt", "report", "refunded"],
        properties: {
          id: { type: "string" },
          type: { type: "string" },
          state: { enum: ["open", "solved", "unsolvable"] },
          cost: { type: "integer" },
          currency: { enum: CURRENCIES },
          createdAt: { type: "string" },
          endedAt: { type: ["string", "null"] },
          report: { type: ["string", "null"], enum: ["good", "bad", null] },
          refunded: { type: "boolean" },
        },
      },
    },
    next: { type: ["string", "null"] },
  },
} as const

function taskListRoutes(app: FastifyInstance, db: Database) {
  app.get<{ Querystring: { limit: number; before?: string } }>(
    "/api/v2/captcha/tasks",
    {
      schema: {
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: {
            limit: { type: "integer", minimum: 1, maximum: 100, default: 20 },
            before: { type: "string", pattern: "^[0-9]{1,18}$" },
          },
        },
        response: { 200: taskListSchema },
      },
    },
    async (request) => {
      const user = requireCustomer(request)
      const { limit, before } = request.query
      // Newest first along the (customer_id, id DESC) index; one row more tells whether a next page exists.
      const { rows } = await db.query<TaskListRow>(
        `SELECT id::text, type, state, charged::text, currency, created_at, ended_at, report, refunded
           FROM captcha_tasks WHERE customer_id = $1 AND ($2::bigint IS NULL OR id < $2::bigint)
          ORDER BY id DESC LIMIT $3`,
        [user.id, before ?? null, limit + 1],
      )
      const page = rows.slice(0, limit)
      return {
        tasks: page.map((row) => ({
          id: row.id,
          type: row.type,
          state: row.state,
          cost: Number(row.charged),
          currency: row.currency,
          createdAt: isoTime(row.created_at)!,
          endedAt: isoTime(row.ended_at),
          report: row.report,
          refunded: row.refunded,
        })),
        next: rows.length > limit ? page[page.length - 1]!.id : null,
      }
    },
  )
}

// ---------------------------------------------------------------------------------------------------------
// Prices: public list and administration

function publicPriceRoutes(app: FastifyInstance, engine: CaptchaEngine) {
  app.get(
    "/api/v1/captcha/prices",
    {
      schema: {
        response: {
          200: {
            type: "object",
            required: ["prices"],
            properties: {
              prices: {
                type: "array",
                items: {
                  type: "object",
                  required: ["type", "kind", "currency", "perThousand", "deadlineSeconds"],
                  properties: {
                    type: { type: "string" },
                    kind: { enum: ["image", "token"] },
                    currency: { enum: CURRENCIES },
                    perThousand: { type: "string" },
                    deadlineSeconds: { type: "integer" },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (_request, reply) => {
      const types = [...(await engine.catalogue.all()).values()].filter((type) => type.enabled)
      const prices = types.flatMap((type) =>
        CURRENCIES.filter((currency) => type.prices[currency] !== undefined).map((currency) => ({
          type: type.code,
          kind: type.kind,
          currency,
          perThousand: perThousand(type.prices[currency]!),
          deadlineSeconds: type.deadlineSeconds,
        })),
      )
      reply.header("cache-control", "public, max-age=60")
      return { prices }
    },
  )
}

interface AdminPriceRow {
  code: string
  kind: "image" | "token"
  enabled: boolean
  worker_share_percent: number
  deadline_seconds: number
  prices: Record<string, string> | null
}

interface PriceChange {
  type: string
  currency?: Currency
  perThousand?: string
  workerSharePercent?: number
  enabled?: boolean
}

const adminTypeSchema = {
  type: "object",
  required: ["type", "kind", "enabled", "workerSharePercent", "deadlineSeconds", "prices"],
  properties: {
    type: { type: "string" },
    kind: { enum: ["image", "token"] },
    enabled: { type: "boolean" },
    workerSharePercent: { type: "integer" },
    deadlineSeconds: { type: "integer" },
    prices: { type: "object", properties: { USD: { type: "string" }, RUB: { type: "string" } } },
  },
} as const

/** The catalogue as stored (not the cached copy), for administrators. */
async function adminPriceList(db: Queryable, code: string | null) {
  const { rows } = await db.query<AdminPriceRow>(
    `SELECT t.code, t.kind, t.enabled, t.worker_share_percent, t.deadline_seconds,
            (SELECT jsonb_object_agg(p.currency, p.price_per_task::text) FROM captcha_prices p
              WHERE p.type = t.code) AS prices
       FROM captcha_types t WHERE $1::text IS NULL OR t.code = $1 ORDER BY t.position, t.code`,
    [code],
  )
  return rows.map((row) => ({
    type: row.code,
    kind: row.kind,
    enabled: row.enabled,
    workerSharePercent: row.worker_share_percent,
    deadlineSeconds: row.deadline_seconds,
    prices: Object.fromEntries(
      Object.entries(row.prices ?? {}).map(([currency, price]) => [currency, perThousand(Number(price))]),
    ),
  }))
}

function parsePriceChange(change: PriceChange): number | null {
  if (change.perThousand === undefined) return null
  const price = pricePerTaskOf(change.perThousand)
  if (price === null) {
    const message =
      "Give the price per 1,000 tasks as a number above 0 and at most 1000 with at most 3 decimals, like 0.50."
    throw new HttpError(400, "PRICE_INVALID", message, field("perThousand", message))
  }
  return price
}

async function applyPriceChange(db: Database, change: PriceChange, price: number | null) {
  await db.transaction(async (tx) => {
    const found = await tx.query("SELECT 1 FROM captcha_types WHERE code = $1 FOR UPDATE", [change.type])
    if (found.rows.length === 0)
      throw new HttpError(
        404,
        "CAPTCHA_TYPE_NOT_FOUND",
        `There is no captcha type ${change.type}.`,
        field("type", "unknown type"),
      )
    if (price !== null)
      await tx.query(
        `INSERT INTO captcha_prices (type, currency, price_per_task) VALUES ($1, $2, $3)
         ON CONFLICT (type, currency) DO UPDATE SET price_per_task = EXCLUDED.price_per_task, updated_at = now()`,
        [change.type, change.currency, price],
      )
    if (change.workerSharePercent !== undefined)
      await tx.query("UPDATE captcha_types SET worker_share_percent = $2 WHERE code = $1", [
        change.type,
        change.workerSharePercent,
      ])
    if (change.enabled !== undefined)
      await tx.query("UPDATE captcha_types SET enabled = $2 WHERE code = $1", [change.type, change.enabled])
  })
}

function adminPriceRoutes(app: FastifyInstance, engine: CaptchaEngine, db: Database) {
  app.get(
    "/api/v2/admin/captcha-prices",
    {
      schema: {
        response: {
          200: {
            type: "object",
            required: ["types"],
            properties: { types: { type: "array", items: adminTypeSchema } },
          },
        },
      },
    },
    async (request) => {
      requireAdmin(request)
      return { types: await adminPriceList(db, null) }
    },
  )

  // One type per call: a price in one currency, the worker share, switching the type on or off, or several.
  app.put<{ Body: PriceChange }>(
    "/api/v2/admin/captcha-prices",
    {
      schema: {
        body: {
          type: "object",
          required: ["type"],
          additionalProperties: false,
          minProperties: 2,
          dependencies: { currency: ["perThousand"], perThousand: ["currency"] },
          properties: {
            type: { type: "string", minLength: 1, maxLength: 100 },
            currency: { enum: CURRENCIES },
            perThousand: { type: "string", maxLength: 20 },
            workerSharePercent: { type: "integer", minimum: 0, maximum: 100 },
            enabled: { type: "boolean" },
          },
        },
        response: { 200: adminTypeSchema },
      },
    },
    async (request) => {
      const admin = requireAdmin(request)
      const change = request.body
      const price = parsePriceChange(change)
      await applyPriceChange(db, change, price)
      // This process charges the new price from the next submission; the others within the catalogue's TTL.
      engine.catalogue.forget()
      request.log.info({ by: admin.id, change }, "captcha price list changed")
      return (await adminPriceList(db, change.type))[0]!
    },
  )
}

// ---------------------------------------------------------------------------------------------------------
// Worker settings

const workerSettingsSchema = {
  type: "object",
  required: ["languages", "available"],
  properties: {
    languages: { type: "array", items: { type: "string" } },
    available: { type: "array", items: { type: "string" } },
  },
} as const

function checkLanguages(languages: string[]) {
  languages.forEach((code, index) => {
    if (LANGUAGES.includes(code)) return
    const message = `${JSON.stringify(code)} is not a language code of the captcha API (en, ru, es, …).`
    throw new HttpError(400, "LANGUAGE_UNKNOWN", message, field(`languages.${index}`, message))
  })
}

function workerSettingsRoutes(app: FastifyInstance, db: Database) {
  const read = async (userId: string) => {
    const { rows } = await db.query<{ languages: string[] }>(
      "SELECT worker_languages AS languages FROM users WHERE id = $1",
      [userId],
    )
    return { languages: rows[0]!.languages, available: LANGUAGES }
  }

  app.get(
    "/api/v2/worker/settings",
    { schema: { response: { 200: workerSettingsSchema } } },
    async (request) => read(requireWorker(request).id),
  )

  app.put<{ Body: { languages: string[]; available?: unknown } }>(
    "/api/v2/worker/settings",
    {
      schema: {
        body: {
          type: "object",
          required: ["languages"],
          additionalProperties: false,
          properties: {
            languages: {
              type: "array",
              minItems: 1,
              maxItems: MAX_WORKER_LANGUAGES,
              uniqueItems: true,
              items: { type: "string", maxLength: 8 },
            },
            // GET only: a screen that sends the settings back as it got them is not refused for it.
            available: { type: "array" },
          },
        },
        response: { 200: workerSettingsSchema },
      },
    },
    async (request) => {
      const user = requireWorker(request)
      checkLanguages(request.body.languages)
      await db.query("UPDATE users SET worker_languages = $2 WHERE id = $1", [
        user.id,
        request.body.languages,
      ])
      return read(user.id)
    },
  )
}

/** Customers' captcha settings, workers' settings and administrators' prices. */
export async function captchaSettingsRoutes(
  app: FastifyInstance,
  { engine, db, config }: CaptchaSettingsOptions,
) {
  customerSettingsRoutes(app, db)
  pingbackRoutes(app, db, config?.pingbackAllowPrivate ?? false)
  taskListRoutes(app, db)
  publicPriceRoutes(app, engine)
  adminPriceRoutes(app, engine, db)
  workerSettingsRoutes(app, db)
  problemRoutes(app, db)
}
