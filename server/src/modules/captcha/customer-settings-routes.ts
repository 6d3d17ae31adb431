import type { FastifyInstance } from "fastify"
import {
  captchaSettingsApi,
  type CaptchaSettings,
  type CaptchaSettingsChange,
  type Currency,
} from "@manyhands/contract/captcha"
import type { Database, Queryable } from "../../db/database"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { requireCustomer } from "./access"
import { parseAllowedEntry } from "./ip-allow-list"
import { perThousand, pricePerTaskOf } from "./prices"
import { LANGUAGES } from "./task-types"

/*
 * The customer's captcha settings (CAPTCHA-API.md, "Settings and prices", "Settings and problem lists"): the
 * key's IP allow-list, "100 % recognition", the currency and the defaults of tasks sent with the key.
 */

/** The largest soft_id stored (a PostgreSQL integer). */
const MAX_SOFT_ID = 2_147_483_647

/** A checked change: micro-units and normalised values, ready for the UPDATE. */
interface SettingsChange {
  allowedIps?: string[]
  recognition?: { agree: number; maxAnswers: number } | null
  currency?: Currency
  defaultLanguage?: string | null
  defaultSoftId?: number | null
  maxBid?: number | null
}

async function readCustomerSettings(db: Queryable, userId: string): Promise<CaptchaSettings> {
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

function checkRecognition(recognition: CaptchaSettingsChange["recognition"], problems: Problem[]) {
  if (recognition && recognition.maxAnswers < recognition.agree)
    problems.push({
      code: "RECOGNITION_INVALID",
      field: "recognition.maxAnswers",
      message: `At most ${recognition.maxAnswers} answers cannot give ${recognition.agree} agreeing ones.`,
    })
}

function checkDefaults(
  defaults: NonNullable<CaptchaSettingsChange["defaults"]>,
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
function checkSettings(body: CaptchaSettingsChange): SettingsChange {
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
        throw new HttpError(409, "CURRENCY_CHANGE_BLOCKED", message, [{ field: "currency", message }])
      }
      if (change.maxBid === undefined) change.maxBid = null
    }
    const { sql, params } = settingsAssignments(change)
    if (sql.length > 0)
      await tx.query(`UPDATE users SET ${sql.join(", ")} WHERE id = $1`, [userId, ...params])
  })
}

/** GET and PUT /api/v2/captcha/settings, for customer and developer accounts. */
export async function customerSettingsRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = api(fastify)
  app.route({
    ...routeOf(captchaSettingsApi.settings),
    handler: async (request) => readCustomerSettings(db, requireCustomer(request).id),
  })

  app.route({
    ...routeOf(captchaSettingsApi.change),
    handler: async (request) => {
      const user = requireCustomer(request)
      const change = checkSettings(request.body)
      await changeCustomerSettings(db, user.id, change)
      return readCustomerSettings(db, user.id)
    },
  })
}
