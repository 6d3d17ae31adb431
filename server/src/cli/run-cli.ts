import { ConfigError } from "../config"
import { DataDirLockedError } from "../db/lock"
import { MigrationChangedError } from "../db/migrate"

/** Runs a command-line task; problems a person can fix print as one line. */
export async function runCli(task: () => Promise<void>) {
  try {
    await task()
  } catch (error) {
    if (
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      error instanceof MigrationChangedError
    )
      console.error(`manyhands: ${error.message}`)
    else console.error(error)
    process.exitCode = 1
  }
}
