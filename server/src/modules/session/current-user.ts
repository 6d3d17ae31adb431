import type { CurrentUser } from "@manyhands/app/render-contract"
import type { Queryable } from "../../db/database"

interface UserRow {
  id: string
  email: string
  user_type: CurrentUser["profile"]["userType"]
  roles: string[]
  interface_language: string
  display_name: string | null
  timezone: string
  payout_wallet: string | null
  two_factor: boolean
  days: number
  days_since_use: number | null
  balance: string | null
  message_id: string | null
  message: Record<string, string> | null
}

/** The signed-in user as GET /api/v2/user answers it (spec §3), with the oldest unread system message. */
export async function loadCurrentUser(db: Queryable, userId: string): Promise<CurrentUser | null> {
  const { rows } = await db.query<UserRow>(
    `SELECT u.id::text AS id, u.email, u.user_type, u.roles, u.interface_language, u.display_name,
            u.timezone, u.payout_wallet, u.totp_enabled_at IS NOT NULL AS two_factor,
            floor(extract(epoch FROM now() - u.created_at) / 86400)::int AS days,
            floor(extract(epoch FROM now() - u.last_login_at) / 86400)::int AS days_since_use,
            (b.credits_posted - b.debits_posted - b.debits_pending)::text AS balance,
            m.id::text AS message_id, m.message
       FROM users u
       LEFT JOIN LATERAL (
         SELECT id, message FROM system_messages
          WHERE user_id = u.id AND read_at IS NULL ORDER BY id LIMIT 1
       ) m ON true
       LEFT JOIN ledger_accounts b
         ON b.user_id = u.id AND b.purpose = 'customer_balance' AND b.currency = 'USD'
      WHERE u.id = $1`,
    [userId],
  )
  const row = rows[0]
  if (!row) return null
  return {
    id: row.id,
    email: row.email,
    profile: {
      userType: row.user_type,
      systemMessage: row.message_id && row.message ? { id: row.message_id, message: row.message } : null,
      displayName: row.display_name,
      timezone: row.timezone,
      payoutWallet: row.payout_wallet,
      twoFactorEnabled: row.two_factor,
    },
    interfaceLanguage: row.interface_language,
    // What the customer can spend now: the USD balance less its holds. Payments and captcha earnings come
    // with the captcha engine and money issues.
    balance: { amount: Number(row.balance ?? 0) },
    permissions: Object.fromEntries(row.roles.map((role) => [role, true])),
    analyticsData: {
      daysSinceRegistration: row.days,
      daysSinceLastPayment: null,
      daysSinceLastUse: row.days_since_use,
      earnedOnCaptcha: 0,
      spentOnCaptcha: 0,
    },
  }
}
