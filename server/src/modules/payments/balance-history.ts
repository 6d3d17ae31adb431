import type { Page } from "@manyhands/contract"
import {
  MOVEMENT_KINDS,
  type Movement,
  type MovementKind,
  type MovementStatus,
  type MovementType,
} from "@manyhands/contract/money"
import type { Queryable } from "../../db/database"
import { bonusOf } from "../discounts/discounts"
import type { Currency } from "../ledger/ledger"
import { maskEmail } from "../transfers/transfers"
import { payableSql } from "./payments"

/*
 * The history of a customer balance (MONEY.md "Balance history"): every movement of money into or out of it
 * except the captcha charges themselves (those are the uploads statistics and the daily summary), newest first.
 * Top-ups and transfers are listed from their own tables, so a payment still pending or a transfer awaiting its
 * mailed confirmation is there with its state; every row that moved money names its ledger transfer. Any other
 * posted transfer to or from the balance (a credit by the platform) is listed as an adjustment, so nothing that
 * changed the balance is missing. The rows are Movement of @manyhands/contract/money.
 */

/** The kinds of each of the filter's groups: a transfer either way, a voucher or a promo code. */
const KINDS_OF_TYPE: Record<MovementType, MovementKind[]> = {
  topUp: ["topUp"],
  transfer: ["transferIn", "transferOut"],
  code: ["voucher", "promoCode"],
  refund: ["refund"],
  purchase: ["proxyTraffic"],
  adjustment: ["adjustment"],
}

/** Ledger keys of the movements listed from their own tables (and task charges, which are not listed). */
const KNOWN_KEY_PREFIXES = [
  "payment:%",
  "payment-bonus:%",
  "voucher:%",
  "promo:%",
  "user-transfer:%",
  "task:%",
  "proxy:buy:%",
]

// One row shape for every branch; $1 is the user, $2 the kinds wanted, $3 KNOWN_KEY_PREFIXES.
const MOVEMENTS = `
  SELECT 'topUp' AS kind, p.id AS source_id, p.amount, p.currency,
         p.status, p.created_at, p.completed_at, p.provider, p.provider_payment_id AS reference,
         NULL::bigint AS counterparty_user, p.discount_campaign_id, p.bonus_percent, NULL::text AS note,
         lt.id AS ledger_id, CASE WHEN ${payableSql("p")} THEN p.checkout_url END AS checkout_url, p.payable_until
    FROM payments p
    LEFT JOIN ledger_transfers lt ON lt.idempotency_key = 'payment:' || p.provider || ':' || p.provider_payment_id
   WHERE p.user_id = $1 AND 'topUp' = ANY($2::text[])
  UNION ALL
  SELECT 'voucher', v.id, v.amount, v.currency, 'succeeded', v.redeemed_at, v.redeemed_at, NULL, v.last4,
         NULL, NULL, NULL, NULL, lt.id, NULL, NULL
    FROM vouchers v LEFT JOIN ledger_transfers lt ON lt.idempotency_key = 'voucher:' || v.id
   WHERE v.redeemed_by = $1 AND v.status = 'redeemed' AND 'voucher' = ANY($2::text[])
  UNION ALL
  SELECT 'promoCode', r.id, r.amount, r.currency, 'succeeded', r.created_at, r.created_at, NULL, c.code,
         NULL, NULL, NULL, NULL, lt.id, NULL, NULL
    FROM promo_redemptions r JOIN promo_codes c ON c.id = r.promo_code_id
    LEFT JOIN ledger_transfers lt ON lt.idempotency_key = 'promo:' || c.id || ':' || r.user_id
   WHERE r.user_id = $1 AND 'promoCode' = ANY($2::text[])
  UNION ALL
  SELECT 'transferOut', t.id, -t.amount, t.currency,
         CASE t.status WHEN 'awaiting_confirmation' THEN 'pending' WHEN 'completed' THEN 'succeeded' ELSE t.status END,
         t.created_at, t.decided_at, NULL, NULL, t.recipient_id, NULL, NULL, t.note, lt.id, NULL, NULL
    FROM user_transfers t LEFT JOIN ledger_transfers lt ON lt.idempotency_key = 'user-transfer:' || t.id
   WHERE t.sender_id = $1 AND 'transferOut' = ANY($2::text[])
  UNION ALL
  SELECT 'transferIn', t.id, t.amount, t.currency, 'succeeded', t.decided_at, t.decided_at, NULL, NULL,
         t.sender_id, NULL, NULL, t.note, lt.id, NULL, NULL
    FROM user_transfers t LEFT JOIN ledger_transfers lt ON lt.idempotency_key = 'user-transfer:' || t.id
   WHERE t.recipient_id = $1 AND t.status = 'completed' AND 'transferIn' = ANY($2::text[])
  UNION ALL
  SELECT 'refund', ct.id, lt.amount, lt.currency, 'succeeded', lt.created_at, lt.created_at, NULL, ct.id::text,
         NULL, NULL, NULL, ct.type, lt.id, NULL, NULL
    FROM captcha_tasks ct JOIN ledger_transfers lt ON lt.idempotency_key = 'task:' || ct.id || ':refund'
   WHERE ct.customer_id = $1 AND ct.refunded AND 'refund' = ANY($2::text[])
  UNION ALL
  SELECT 'proxyTraffic', pp.id, -pp.amount, pp.currency, 'succeeded', pp.created_at, pp.created_at, NULL, pp.pool,
         NULL, NULL, NULL, pp.gigabytes::text, lt.id, NULL, NULL
    FROM proxy_purchases pp JOIN ledger_transfers lt ON lt.idempotency_key = 'proxy:buy:' || pp.id
   WHERE pp.user_id = $1 AND 'proxyTraffic' = ANY($2::text[])
  UNION ALL
  SELECT 'adjustment', lt.id, CASE WHEN lt.credit_account_id = a.id THEN lt.amount ELSE -lt.amount END,
         lt.currency, 'succeeded', lt.created_at, lt.created_at, NULL, NULL, NULL, NULL, NULL, lt.memo, lt.id, NULL, NULL
    FROM ledger_accounts a
    -- Each side through its own partial index of posted transfers (a task's hold and charge are not posted).
    JOIN LATERAL (
      SELECT * FROM ledger_transfers WHERE credit_account_id = a.id AND kind = 'posted'
      UNION ALL
      SELECT * FROM ledger_transfers WHERE debit_account_id = a.id AND kind = 'posted'
    ) lt ON true
   WHERE a.user_id = $1 AND a.purpose = 'customer_balance'
     AND NOT lt.idempotency_key LIKE ANY($3::text[]) AND 'adjustment' = ANY($2::text[])`

interface MovementRow {
  kind: MovementKind
  source_id: string
  amount: string
  currency: Currency
  status: MovementStatus
  created_at: Date | string
  completed_at: Date | string | null
  provider: string | null
  reference: string | null
  counterparty_id: string | null
  counterparty_email: string | null
  discount_campaign_id: string | null
  bonus_percent: number | null
  note: string | null
  ledger_id: string | null
  /** Top-ups that may still be paid: their provider's checkout. */
  checkout_url: string | null
  payable_until: Date | string | null
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

function toMovement(row: MovementRow): Movement {
  const amount = Number(row.amount)
  const transfer = row.kind === "transferIn" || row.kind === "transferOut"
  return {
    id: `${row.kind}:${row.source_id}`,
    kind: row.kind,
    sourceId: row.source_id,
    amount,
    currency: row.currency,
    status: row.status,
    createdAt: iso(row.created_at)!,
    completedAt: iso(row.completed_at),
    provider: row.provider,
    reference: row.reference,
    counterparty: transfer
      ? {
          id: row.counterparty_id,
          email: row.counterparty_email === null ? null : maskEmail(row.counterparty_email),
        }
      : null,
    note: row.note,
    bonus:
      row.discount_campaign_id === null || row.bonus_percent === null
        ? null
        : {
            campaignId: row.discount_campaign_id,
            percent: row.bonus_percent,
            amount: bonusOf(amount, row.bonus_percent),
          },
    ledgerTransferId: row.ledger_id,
    checkoutUrl: row.checkout_url,
    payableUntil: iso(row.payable_until),
  }
}

/** One page of the user's balance history, newest first, optionally of one type and one status. */
export async function balanceHistory(
  db: Queryable,
  userId: string,
  {
    page,
    pageSize,
    type,
    status,
  }: { page: number; pageSize: number; type?: MovementType; status?: MovementStatus },
): Promise<Page<Movement>> {
  const kinds = type ? KINDS_OF_TYPE[type] : [...MOVEMENT_KINDS]
  const filtered = `SELECT * FROM (${MOVEMENTS}) m WHERE ($4::text IS NULL OR m.status = $4)`
  const params = [userId, kinds, KNOWN_KEY_PREFIXES, status ?? null]
  const [items, count] = await Promise.all([
    db.query<MovementRow>(
      `SELECT m.kind, m.source_id::text, m.amount::text, m.currency, m.status, m.created_at, m.completed_at,
              m.provider, m.reference, m.counterparty_user::text AS counterparty_id, u.email AS counterparty_email,
              m.discount_campaign_id::text, m.bonus_percent, m.note, m.ledger_id::text,
              m.checkout_url, m.payable_until
         FROM (${filtered}) m LEFT JOIN users u ON u.id = m.counterparty_user
        ORDER BY m.created_at DESC, m.kind, m.source_id DESC LIMIT $5 OFFSET $6`,
      [...params, pageSize, (page - 1) * pageSize],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM (${filtered}) m`, params),
  ])
  return { items: items.rows.map(toMovement), total: count.rows[0]!.total, page, pageSize }
}
