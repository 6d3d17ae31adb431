import { hashPassword } from "../modules/accounts/passwords"
import { ledgerAccount, transfer } from "../modules/ledger/ledger"
import type { Database } from "./database"

/** Demo accounts of the embedded demo database (the README lists them); never seeded into PostgreSQL. */
export const DEMO_PASSWORD = "manyhands-demo"
export const demoUsers: { email: string; userType: string | null; roles: string[] }[] = [
  { email: "admin@demo.manyhands.dev", userType: "customer", roles: ["admin"] },
  { email: "moderator@demo.manyhands.dev", userType: "worker", roles: ["moderator"] },
  { email: "customer@demo.manyhands.dev", userType: "customer", roles: [] },
  { email: "developer@demo.manyhands.dev", userType: "developer", roles: [] },
  { email: "worker@demo.manyhands.dev", userType: "worker", roles: [] },
  { email: "newcomer@demo.manyhands.dev", userType: null, roles: [] },
]

/** $25.00 of promotional credit for the demo customer and developer (ledger micro-units). */
const DEMO_CREDIT = 25_000_000
const DEMO_CREDIT_EMAILS = ["customer@demo.manyhands.dev", "developer@demo.manyhands.dev"]

const welcome = {
  en: "<p>Welcome to Manyhands! Your demo account is ready: explore the site, and close this message when you have read it.</p>",
  ru: "<p>Добро пожаловать в Manyhands! Демо-аккаунт готов: осмотритесь на сайте и закройте это сообщение, когда прочитаете его.</p>",
}

/**
 * Fills a new database with demo data (the captcha catalogue comes with the migrations). Runs once per database: the
 * `demo_seeded_at` setting records it, so data an operator later edits or removes stays that way.
 * Returns whether it seeded now.
 */
export async function seed(
  db: Database,
  // Known passwords belong only in the embedded demo database, never on a real server.
  { demoAccounts = db.engine === "pglite" }: { demoAccounts?: boolean } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx.query(
      "INSERT INTO app_settings (key, value) VALUES ('demo_seeded_at', to_jsonb(now())) ON CONFLICT (key) DO NOTHING RETURNING key",
    )
    if (inserted.rows.length === 0) return false
    if (!demoAccounts) return true
    const passwordHash = await hashPassword(DEMO_PASSWORD)
    for (const user of demoUsers) {
      await tx.query(
        `INSERT INTO users (email, password_hash, user_type, roles, email_confirmed_at)
         VALUES ($1, $2, $3, $4, now())
         ON CONFLICT (email) DO NOTHING`,
        [user.email, passwordHash, user.userType, user.roles],
      )
    }
    // Demo customers start with promotional credit: a ledger transfer, like any other money.
    const promo = await ledgerAccount(tx, { userId: null, purpose: "promotional_credit", currency: "USD" })
    for (const email of DEMO_CREDIT_EMAILS) {
      const { rows } = await tx.query<{ id: string }>("SELECT id::text AS id FROM users WHERE email = $1", [
        email,
      ])
      if (!rows[0]) continue
      const balance = await ledgerAccount(tx, {
        userId: rows[0].id,
        purpose: "customer_balance",
        currency: "USD",
      })
      await transfer(tx, {
        key: `demo-credit:${email}`,
        debitAccountId: promo,
        creditAccountId: balance,
        amount: DEMO_CREDIT,
        currency: "USD",
        memo: "Demo credit",
      })
    }
    await tx.query(
      `INSERT INTO system_messages (user_id, message) SELECT id, $2 FROM users WHERE email = $1`,
      ["customer@demo.manyhands.dev", JSON.stringify(welcome)],
    )
    return true
  })
}
