/**
 * Prices as versions (contract/src/ops-prices.ts, migration 0034): the table of types × currencies with the
 * version in force and those scheduled, the preview of a proposal, scheduling and cancelling — each audited in
 * its transaction. The engine's catalogue reads the same versions (captcha/catalogue.ts).
 */
import { PRICE_CURRENCIES, type PriceCurrency } from "@manyhands/contract/statistics"
import type {
  PricePreview,
  PriceProposal,
  PriceRow,
  PriceSchedule,
  PriceTable,
  PriceVersion,
} from "@manyhands/contract/ops-prices"
import type { Database, Queryable } from "../../db/database"
import { MAX_PER_THOUSAND_MILLIS, perThousand } from "../captcha/prices"
import { recordStaffAction, type StaffActor } from "./audit"

export type PriceErrorCode =
  | "CAPTCHA_TYPE_NOT_FOUND"
  | "PRICE_INVALID"
  | "PRICE_TIME_PAST"
  | "PRICE_NOT_FOUND"
  | "PRICE_ALREADY_IN_FORCE"

export class PriceError extends Error {
  constructor(
    readonly code: PriceErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message)
    this.name = "PriceError"
  }
}

export const PRICE_STATUS: Record<PriceErrorCode, number> = {
  CAPTCHA_TYPE_NOT_FOUND: 404,
  PRICE_INVALID: 400,
  PRICE_TIME_PAST: 400,
  PRICE_NOT_FOUND: 404,
  PRICE_ALREADY_IN_FORCE: 409,
}

/** A scheduled time this far in the past still means "now" (the editor's clock, the request's travel). */
const PAST_TOLERANCE_MS = 60_000

/** "0.50" → 500 micro-units per task; "0" allowed when `zero`. */
function amountOf(text: string, field: string, zero: boolean): number {
  const match = /^(\d{1,4})(?:\.(\d{1,3}))?$/.exec(text.trim())
  const value = match ? Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0")) : NaN
  if (!Number.isFinite(value) || value > MAX_PER_THOUSAND_MILLIS || (!zero && value <= 0))
    throw new PriceError(
      "PRICE_INVALID",
      `${field} must be a number ${zero ? "from 0" : "above 0"} to 1000 with at most 3 decimals, like 0.50`,
      field,
    )
  return value
}

/** The checked amounts of a proposal, micro-units per task. */
function checkProposal(proposal: PriceProposal): { price: number; pay: number } {
  const price = amountOf(proposal.perThousand, "perThousand", false)
  const pay = amountOf(proposal.workerPerThousand, "workerPerThousand", true)
  if (pay > price)
    throw new PriceError("PRICE_INVALID", "workerPerThousand may not be above the price", "workerPerThousand")
  return { price, pay }
}

async function typeOf(db: Queryable, type: string, lock = false) {
  const { rows } = await db.query<{ code: string }>(
    `SELECT code FROM captcha_types WHERE code = $1${lock ? " FOR UPDATE" : ""}`,
    [type],
  )
  if (!rows[0]) throw new PriceError("CAPTCHA_TYPE_NOT_FOUND", `There is no captcha type ${type}.`, "type")
}

interface VersionRow {
  id: string
  type: string
  currency: PriceCurrency
  price: string
  pay: string
  effective_from: Date | string
  created_by: string | null
  created_at: Date | string
  in_force: boolean
}

const iso = (value: Date | string) => new Date(value).toISOString()

const versionOf = (row: VersionRow): PriceVersion => ({
  id: row.id,
  perThousand: perThousand(Number(row.price)),
  workerPerThousand: perThousand(Number(row.pay)),
  marginPerThousand: perThousand(Number(row.price) - Number(row.pay)),
  effectiveFrom: iso(row.effective_from),
  createdBy: row.created_by,
  createdAt: iso(row.created_at),
})

const VERSION_COLUMNS = `v.id::text, v.type, v.currency, v.price_per_task::text AS price,
  v.worker_pay_per_task::text AS pay, v.effective_from, u.email AS created_by, v.created_at`

/** Every type with, per currency, the version in force and the scheduled ones. */
export async function priceTable(db: Queryable): Promise<PriceTable> {
  const types = await db.query<{ code: string; kind: "image" | "token"; enabled: boolean }>(
    "SELECT code, kind, enabled FROM captcha_types ORDER BY position, code",
  )
  const versions = await db.query<VersionRow>(
    `SELECT ${VERSION_COLUMNS}, true AS in_force
       FROM captcha_prices c JOIN captcha_price_versions v ON v.id = c.version_id
       LEFT JOIN users u ON u.id = v.created_by
     UNION ALL
     SELECT ${VERSION_COLUMNS}, false
       FROM captcha_price_versions v LEFT JOIN users u ON u.id = v.created_by
      WHERE v.cancelled_at IS NULL AND v.effective_from > now()
     ORDER BY effective_from, id`,
  )
  const now = await db.query<{ now: Date | string }>("SELECT now()")
  const cells = new Map<string, { current: PriceVersion | null; scheduled: PriceVersion[] }>()
  for (const row of versions.rows) {
    const key = `${row.type} ${row.currency}`
    const cell = cells.get(key) ?? { current: null, scheduled: [] }
    if (row.in_force) cell.current = versionOf(row)
    else cell.scheduled.push(versionOf(row))
    cells.set(key, cell)
  }
  return {
    now: iso(now.rows[0]!.now),
    types: types.rows.map((type): PriceRow => ({
      type: type.code,
      kind: type.kind,
      enabled: type.enabled,
      currencies: PRICE_CURRENCIES.map((currency) => ({
        currency,
        ...(cells.get(`${type.code} ${currency}`) ?? { current: null, scheduled: [] }),
      })),
    })),
  }
}

/** Margin of the proposal, and yesterday's (UTC) tasks of the type and currency at the current and new price. */
export async function previewPrice(db: Queryable, proposal: PriceProposal): Promise<PricePreview> {
  const { price, pay } = checkProposal(proposal)
  await typeOf(db, proposal.type)
  const { rows } = await db.query<{ price: string | null; pay: string | null; day: string; tasks: number }>(
    `SELECT (SELECT price_per_task::text FROM captcha_prices WHERE type = $1 AND currency = $2) AS price,
            (SELECT worker_pay_per_task::text FROM captcha_prices WHERE type = $1 AND currency = $2) AS pay,
            to_char((now() AT TIME ZONE 'UTC')::date - 1, 'YYYY-MM-DD') AS day,
            (SELECT count(*)::int FROM captcha_tasks
              WHERE type = $1 AND currency = $2
                AND created_at >= ((now() AT TIME ZONE 'UTC')::date - 1) AT TIME ZONE 'UTC'
                AND created_at < ((now() AT TIME ZONE 'UTC')::date) AT TIME ZONE 'UTC') AS tasks`,
    [proposal.type, proposal.currency],
  )
  const row = rows[0]!
  const current = row.price === null ? null : Number(row.price)
  const currentPay = row.pay === null ? null : Number(row.pay)
  // Per task × tasks is micro-units; as currency units that is perThousand of (sum / 1000).
  const units = (perTask: number) => perThousand(Math.round((perTask * row.tasks) / 1000))
  return {
    currentPerThousand: current === null ? null : perThousand(current),
    currentWorkerPerThousand: currentPay === null ? null : perThousand(currentPay),
    marginPerThousand: perThousand(price - pay),
    currentMarginPerThousand:
      current === null || currentPay === null ? null : perThousand(current - currentPay),
    yesterday: {
      day: row.day,
      tasks: row.tasks,
      atCurrentPrice: units(current ?? 0),
      atNewPrice: units(price),
    },
  }
}

/** A new version from `effectiveFrom` (null: now); returns it. */
export async function schedulePrice(
  db: Database,
  actor: StaffActor,
  input: PriceSchedule,
): Promise<PriceVersion> {
  const { price, pay } = checkProposal(input)
  const at = input.effectiveFrom === null ? null : new Date(input.effectiveFrom)
  if (at !== null && at.getTime() < Date.now() - PAST_TOLERANCE_MS)
    throw new PriceError(
      "PRICE_TIME_PAST",
      "effectiveFrom is in the past: leave it empty for now",
      "effectiveFrom",
    )
  return db.transaction(async (tx) => {
    await typeOf(tx, input.type, true)
    const before = await tx.query<{ price: string; pay: string }>(
      "SELECT price_per_task::text AS price, worker_pay_per_task::text AS pay FROM captcha_prices WHERE type = $1 AND currency = $2",
      [input.type, input.currency],
    )
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO captcha_price_versions (type, currency, price_per_task, worker_pay_per_task, effective_from, created_by)
       VALUES ($1, $2, $3, $4, greatest(coalesce($5::timestamptz, now()), now()), $6) RETURNING id::text`,
      [input.type, input.currency, price, pay, at?.toISOString() ?? null, actor.id],
    )
    const id = rows[0]!.id
    const version = await tx.query<VersionRow>(
      `SELECT ${VERSION_COLUMNS}, v.effective_from <= now() AS in_force
         FROM captcha_price_versions v LEFT JOIN users u ON u.id = v.created_by WHERE v.id = $1`,
      [id],
    )
    const stored = version.rows[0]!
    const old = before.rows[0]
    await recordStaffAction(tx, actor, {
      action: "price.schedule",
      targetKind: "price",
      targetId: id,
      reason: input.reason?.trim() || null,
      details: {
        type: input.type,
        currency: input.currency,
        effectiveFrom: iso(stored.effective_from),
        before: old ? { pricePerTask: Number(old.price), workerPayPerTask: Number(old.pay) } : null,
        after: { pricePerTask: price, workerPayPerTask: pay },
      },
    })
    return versionOf(stored)
  })
}

/** Cancels a version not yet in force. */
export async function cancelPrice(db: Database, actor: StaffActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<VersionRow & { cancelled: boolean }>(
      `SELECT ${VERSION_COLUMNS}, v.effective_from <= now() AS in_force, v.cancelled_at IS NOT NULL AS cancelled
         FROM captcha_price_versions v LEFT JOIN users u ON u.id = v.created_by WHERE v.id = $1 FOR UPDATE OF v`,
      [id],
    )
    const row = rows[0]
    if (!row || row.cancelled) throw new PriceError("PRICE_NOT_FOUND", "There is no such scheduled price.")
    if (row.in_force)
      throw new PriceError(
        "PRICE_ALREADY_IN_FORCE",
        "This price is in force already: schedule a new one instead.",
      )
    await tx.query(
      "UPDATE captcha_price_versions SET cancelled_at = now(), cancelled_by = $2 WHERE id = $1",
      [id, actor.id],
    )
    await recordStaffAction(tx, actor, {
      action: "price.cancel",
      targetKind: "price",
      targetId: id,
      details: {
        type: row.type,
        currency: row.currency,
        effectiveFrom: iso(row.effective_from),
        pricePerTask: Number(row.price),
        workerPayPerTask: Number(row.pay),
      },
    })
  })
}
