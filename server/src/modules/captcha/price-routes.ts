import type { FastifyInstance } from "fastify"
import { PRICE_CURRENCIES } from "@manyhands/contract/statistics"
import {
  pricesApi,
  type AdminCaptchaType,
  type CaptchaPrice,
  type CaptchaPriceChange,
} from "@manyhands/contract/captcha"
import type { Database, Queryable } from "../../db/database"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { recordStaffAction, staffActor, type StaffActor } from "../ops/audit"
import { requireAdmin } from "../session/sessions"
import type { CaptchaEngine } from "./engine"
import { perThousand, pricePerTaskOf } from "./prices"

/*
 * Prices (CAPTCHA-API.md, "Settings and prices"): the public list of the enabled types' prices, and the
 * administrators' price list with its changes.
 */

export interface PriceRoutesOptions {
  engine: CaptchaEngine
  db: Database
}

interface AdminPriceRow {
  code: string
  kind: "image" | "token"
  enabled: boolean
  worker_share_percent: number
  deadline_seconds: number
  prices: Record<string, string> | null
}

/** The catalogue as stored (not the cached copy), for administrators. */
async function adminPriceList(db: Queryable, code: string | null): Promise<AdminCaptchaType[]> {
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

function parsePriceChange(change: CaptchaPriceChange): number | null {
  if (change.perThousand === undefined) return null
  const price = pricePerTaskOf(change.perThousand)
  if (price === null) {
    const message =
      "Give the price per 1,000 tasks as a number above 0 and at most 1000 with at most 3 decimals, like 0.50."
    throw new HttpError(400, "PRICE_INVALID", message, [{ field: "perThousand", message }])
  }
  return price
}

async function applyPriceChange(
  db: Database,
  actor: StaffActor,
  change: CaptchaPriceChange,
  price: number | null,
) {
  await db.transaction(async (tx) => {
    const found = await tx.query("SELECT 1 FROM captcha_types WHERE code = $1 FOR UPDATE", [change.type])
    if (found.rows.length === 0)
      throw new HttpError(404, "CAPTCHA_TYPE_NOT_FOUND", `There is no captcha type ${change.type}.`, [
        { field: "type", message: "unknown type" },
      ])
    if (change.workerSharePercent !== undefined)
      await tx.query("UPDATE captcha_types SET worker_share_percent = $2 WHERE code = $1", [
        change.type,
        change.workerSharePercent,
      ])
    // Prices are versions (migration 0034, ops/prices.ts): a change here is a new version in force now, the
    // worker's pay being the type's share of the price; a new share re-prices the pay of every currency.
    if (price !== null)
      await tx.query(
        `INSERT INTO captcha_price_versions (type, currency, price_per_task, worker_pay_per_task, effective_from)
         SELECT code, $2::text, $3::bigint, ($3::bigint * worker_share_percent) / 100, now()
           FROM captcha_types WHERE code = $1`,
        [change.type, change.currency, price],
      )
    if (change.workerSharePercent !== undefined)
      await tx.query(
        `INSERT INTO captcha_price_versions (type, currency, price_per_task, worker_pay_per_task, effective_from)
         SELECT p.type, p.currency, p.price_per_task, (p.price_per_task * $2::int) / 100, now()
           FROM captcha_prices p WHERE p.type = $1 AND NOT (p.currency = $3::text AND $4::boolean)`,
        [change.type, change.workerSharePercent, change.currency ?? "", price !== null],
      )
    if (change.enabled !== undefined)
      await tx.query("UPDATE captcha_types SET enabled = $2 WHERE code = $1", [change.type, change.enabled])
    // Audited as every staff change of a price (ops/audit.ts), in the same transaction.
    await recordStaffAction(tx, actor, {
      action: "price.change",
      targetKind: "captcha_type",
      targetId: change.type,
      details: { ...change, ...(price === null ? {} : { pricePerTask: price }) },
    })
  })
}

/** GET /api/v1/captcha/prices (public) and the administrators' GET and PUT /api/v2/admin/captcha-prices. */
export async function priceRoutes(fastify: FastifyInstance, { engine, db }: PriceRoutesOptions) {
  const app = api(fastify)
  app.route({
    ...routeOf(pricesApi.list),
    handler: async (_request, reply) => {
      const types = [...(await engine.catalogue.all()).values()].filter((type) => type.enabled)
      const prices = types.flatMap((type) =>
        PRICE_CURRENCIES.filter((currency) => type.prices[currency] !== undefined).map(
          (currency): CaptchaPrice => ({
            type: type.code,
            kind: type.kind,
            currency,
            perThousand: perThousand(type.prices[currency]!),
            deadlineSeconds: type.deadlineSeconds,
          }),
        ),
      )
      reply.header("cache-control", "public, max-age=60")
      return { prices }
    },
  })

  app.route({
    ...routeOf(pricesApi.adminList),
    handler: async (request) => {
      requireAdmin(request)
      return { types: await adminPriceList(db, null) }
    },
  })

  // One type per call: a price in one currency, the worker share, switching the type on or off, or several.
  app.route({
    ...routeOf(pricesApi.adminChange),
    handler: async (request) => {
      const admin = requireAdmin(request)
      const change = request.body
      const price = parsePriceChange(change)
      await applyPriceChange(db, staffActor(request, admin, "admin"), change, price)
      // This process charges the new price from the next submission; the others within the catalogue's TTL.
      engine.catalogue.forget()
      request.log.info({ by: admin.id, change }, "captcha price list changed")
      return (await adminPriceList(db, change.type))[0]!
    },
  })
}
