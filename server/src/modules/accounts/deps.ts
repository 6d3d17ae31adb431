import type { Config } from "../../config"
import type { Database } from "../../db/database"
import type { Mailer } from "../mail/mailer"

/** What the account modules (auth, profile, user) are registered with. */
export interface AccountDeps {
  db: Database
  config: Config
  mailer: Mailer
}
