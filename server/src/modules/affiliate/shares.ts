import type { Config } from "../../config"
import type { Queryable } from "../../db/database"
import type { PaidAnswer, TaskMoney } from "../captcha/settlement"
import { accountBalance, type Currency, ledgerAccount, transfer } from "../ledger/ledger"

/*
 * Referrers' shares of a settled task (AFFILIATE.md "Where the money comes from"). Called by captcha/settlement.ts
 * inside the transaction that charges or refunds the task, so a share exists exactly when its task's money
 * moved. Every share is a transfer from platform_revenue to the referrer's partner_balance, mirrored by a row
 * of referral_earnings.
 */

export type AffiliateShares = Config["affiliateShares"]

/**
 * The percentages in force in this process. The settlement is called from the captcha engine, which carries no
 * configuration of its own; the affiliate plugin sets them from the config when the app is built (app.ts), and
 * until then they are the config's defaults.
 */
let current: AffiliateShares = { customerPercent: 10, workerPercent: 5 }

export function setAffiliateShares(shares: AffiliateShares) {
  for (const percent of [shares.customerPercent, shares.workerPercent])
    if (!Number.isInteger(percent) || percent < 0 || percent > 50)
      throw new RangeError(`An affiliate share is a whole per cent from 0 to 50 (got ${percent})`)
  current = { ...shares }
}

export const affiliateShares = (): AffiliateShares => ({ ...current })

export const customerShareKey = (taskId: string) => `referral:${taskId}:customer`
export const workerShareKey = (taskId: string, assignmentId: string) =>
  `referral:${taskId}:worker:${assignmentId}`
const customerRefundKey = (taskId: string) => `referral:${taskId}:customer:refund`

const revenue = (tx: Queryable, currency: Currency) =>
  ledgerAccount(tx, { userId: null, purpose: "platform_revenue", currency })

async function payShare(
  tx: Queryable,
  task: TaskMoney,
  share: {
    key: string
    referrerId: string
    referredId: string
    source: "customer" | "worker"
    amount: number
  },
) {
  const { transfer: made, result } = await transfer(tx, {
    key: share.key,
    debitAccountId: await revenue(tx, task.currency),
    creditAccountId: await ledgerAccount(tx, {
      userId: share.referrerId,
      purpose: "partner_balance",
      currency: task.currency,
    }),
    amount: share.amount,
    currency: task.currency,
    memo: `Referral share of task ${task.id}`,
  })
  if (result === "created")
    await tx.query(
      `INSERT INTO referral_earnings (referrer_id, referred_id, task_id, source, amount, currency, transfer_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [share.referrerId, share.referredId, task.id, share.source, share.amount, task.currency, made.id],
    )
}

/**
 * After a task's charge and its workers' pay: the customer's referrer gets customerPercent of the charge, each
 * paid worker's referrer workerPercent of that worker's pay (floors of micro-units). Together they never exceed
 * the platform's cut of the task (charge less workers' pay): the customer's share comes first, the workers'
 * shares take what is left, so the platform never loses money on a task by the programme.
 */
export async function payReferralShares(
  tx: Queryable,
  task: TaskMoney,
  {
    charged,
    workerPay,
    paid,
    known,
  }: {
    charged: number
    workerPay: number
    paid: PaidAnswer[]
    /** Referrers (null: none) the caller has read in this transaction, by user id: not asked for again. */
    known?: Map<string, string | null>
  },
) {
  const { customerPercent, workerPercent } = current
  if (customerPercent === 0 && workerPercent === 0) return
  const referrerOf = new Map(known)
  const unknown = [task.customerId, ...paid.map((answer) => answer.workerId)].filter(
    (id) => !referrerOf.has(id),
  )
  if (unknown.length > 0) {
    // referrer_id turns NULL when the referrer is deleted: nobody to pay then.
    const { rows } = await tx.query<{ id: string; referrer_id: string | null }>(
      "SELECT id::text, referrer_id::text FROM users WHERE id = ANY($1::bigint[])",
      [unknown],
    )
    for (const row of rows) referrerOf.set(row.id, row.referrer_id)
  }
  let room = charged - workerPay * paid.length

  const customerReferrer = referrerOf.get(task.customerId)
  if (customerReferrer) {
    const amount = Math.min(Math.floor((charged * customerPercent) / 100), Math.max(room, 0))
    if (amount > 0) {
      await payShare(tx, task, {
        key: customerShareKey(task.id),
        referrerId: customerReferrer,
        referredId: task.customerId,
        source: "customer",
        amount,
      })
      room -= amount
    }
  }
  for (const answer of paid) {
    const referrer = referrerOf.get(answer.workerId)
    if (!referrer) continue
    const amount = Math.min(Math.floor((workerPay * workerPercent) / 100), Math.max(room, 0))
    if (amount <= 0) continue
    await payShare(tx, task, {
      key: workerShareKey(task.id, answer.assignmentId),
      referrerId: referrer,
      referredId: answer.workerId,
      source: "worker",
      amount,
    })
    room -= amount
  }
}

/**
 * A refunded task: the customer's referrer gives the share of it back to platform_revenue. What the referrer
 * has meanwhile requested as a payout cannot come back; the platform bears that part, so the customer's refund
 * never fails for it. The workers keep their pay on a refund, and their referrers their shares.
 */
export async function reverseCustomerShare(tx: Queryable, task: TaskMoney) {
  const { rows } = await tx.query<{
    referrer_id: string | null
    referred_id: string | null
    amount: string
    account_id: string
  }>(
    `SELECT e.referrer_id::text, e.referred_id::text, e.amount::text, t.credit_account_id::text AS account_id
       FROM ledger_transfers t JOIN referral_earnings e ON e.transfer_id = t.id
      WHERE t.idempotency_key = $1`,
    [customerShareKey(task.id)],
  )
  const paid = rows[0]
  if (!paid) return
  // Locked before its balance is read, so that a payout request racing this refund cannot take the money in
  // between.
  await tx.query("SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE", [paid.account_id])
  const amount = Math.min(Number(paid.amount), (await accountBalance(tx, paid.account_id)).available)
  if (amount <= 0) return
  const { transfer: made, result } = await transfer(tx, {
    key: customerRefundKey(task.id),
    debitAccountId: paid.account_id,
    creditAccountId: await revenue(tx, task.currency),
    amount,
    currency: task.currency,
    memo: `Referral share of refunded task ${task.id}`,
  })
  if (result === "created")
    await tx.query(
      `INSERT INTO referral_earnings (referrer_id, referred_id, task_id, source, amount, currency, transfer_id)
       VALUES ($1, $2, $3, 'customer', $4, $5, $6)`,
      [paid.referrer_id, paid.referred_id, task.id, -amount, task.currency, made.id],
    )
}
