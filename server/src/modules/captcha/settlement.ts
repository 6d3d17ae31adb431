import type { Queryable } from "../../db/database"
import { payReferralShares, reverseCustomerShare } from "../affiliate/shares"
import { type Currency, ledgerAccount, positiveAmount, resolvePending, transfer } from "../ledger/ledger"

/** The money fields of a task row. Every function here runs inside the transaction that changes the task. */
export interface TaskMoney {
  id: string
  customerId: string
  currency: Currency
  pricePerAnswer: number
  /**
   * The worker's pay per answer fixed when the task was created (the price version in force then, times a domain
   * rule's multiplier); absent or null on tasks older than that: the type's share of the price, as before.
   */
  workerPayPerAnswer?: number | null
  holdKey: string
}

const revenue = (tx: Queryable, currency: Currency) =>
  ledgerAccount(tx, { userId: null, purpose: "platform_revenue", currency })

const customerBalance = (tx: Queryable, userId: string, currency: Currency) =>
  ledgerAccount(tx, { userId, purpose: "customer_balance", currency })

/**
 * A task's hold: its most possible price, held from the customer's available balance for the platform's revenue
 * (EXCEEDS_CREDITS if short). Submission makes it with `ledger_transfer` in the statement that stores the task
 * (engine.ts), under the task's hold key; these are the accounts and the amount.
 */
export async function taskHold(
  tx: Queryable,
  task: Pick<TaskMoney, "customerId" | "currency" | "pricePerAnswer">,
  answers: number,
) {
  const amount = task.pricePerAnswer * answers
  positiveAmount(amount)
  return {
    debitAccountId: await customerBalance(tx, task.customerId, task.currency),
    creditAccountId: await revenue(tx, task.currency),
    amount,
    currency: task.currency,
  }
}

/** What a worker earns for one answer to the task: the pay fixed when it was made, or the type's share of its price. */
export const workerShare = (task: TaskMoney, workerSharePercent: number) =>
  task.workerPayPerAnswer ?? Math.floor((task.pricePerAnswer * workerSharePercent) / 100)

/**
 * An accepted answer: the customer is charged for `answers` answers (the rest of the hold is released) and
 * each answering worker is credited their share of one answer's price; referrers get their shares of both out
 * of the platform's cut (affiliate/shares.ts). Returns what each worker earned.
 */
export async function chargeTask(
  tx: Queryable,
  task: TaskMoney,
  {
    answers,
    workerSharePercent,
    paid,
    referrers,
  }: {
    answers: number
    workerSharePercent: number
    paid: PaidAnswer[]
    /** Referrers (null: none) already read in this transaction, by user id; the others are asked for. */
    referrers?: Map<string, string | null>
  },
): Promise<number> {
  const charged = task.pricePerAnswer * answers
  await resolvePending(tx, {
    key: `task:${task.id}:post`,
    pendingKey: task.holdKey,
    action: "post",
    amount: charged,
  })
  const share = workerShare(task, workerSharePercent)
  if (share > 0) {
    const platform = await revenue(tx, task.currency)
    for (const answer of paid) {
      await transfer(tx, {
        key: `task:${task.id}:pay:${answer.assignmentId}`,
        debitAccountId: platform,
        creditAccountId: await ledgerAccount(tx, {
          userId: answer.workerId,
          purpose: "worker_earnings",
          currency: task.currency,
        }),
        amount: share,
        currency: task.currency,
        memo: `Task ${task.id}`,
      })
    }
  }
  await payReferralShares(tx, task, { charged, workerPay: share, paid, known: referrers })
  return share
}

export interface PaidAnswer {
  workerId: string
  assignmentId: string
}

/** Unsolvable or expired: the whole hold goes back to the customer. */
export async function releaseTaskHold(tx: Queryable, task: TaskMoney) {
  await resolvePending(tx, { key: `task:${task.id}:void`, pendingKey: task.holdKey, action: "void" })
}

/**
 * A report of a wrong answer: a reversing transfer; the platform bears it (the worker keeps what was paid), and
 * the customer's referrer gives their share of the task back.
 */
export async function refundTask(tx: Queryable, task: TaskMoney, amount: number) {
  if (amount <= 0) return
  await transfer(tx, {
    key: `task:${task.id}:refund`,
    debitAccountId: await revenue(tx, task.currency),
    creditAccountId: await customerBalance(tx, task.customerId, task.currency),
    amount,
    currency: task.currency,
    memo: `Refund of task ${task.id}`,
  })
  await reverseCustomerShare(tx, task)
}
