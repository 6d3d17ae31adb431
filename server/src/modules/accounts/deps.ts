import type { Config } from "../../config"
import type { Database } from "../../db/database"
import type { Mailer } from "../mail/mailer"
import type { LimitStore } from "../limits/store"

/** What the account modules (auth, profile, user) are registered with. */
export interface AccountDeps {
  db: Database
  config: Config
  mailer: Mailer
  /** Where the account limits count (LIMITS.md). */
  limits: LimitStore
}
