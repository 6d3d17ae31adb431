import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs"
import { join } from "node:path"

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError"
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/**
 * PGlite corrupts a data folder that two processes open at once (electric-sql/pglite#323), so the folder
 * gets an exclusive lock file holding the owner's pid. A lock left by a dead process is taken over.
 * Returns the function that releases it.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, "manyhands.lock")
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx")
      writeSync(fd, `${process.pid}\n`)
      closeSync(fd)
      return () => {
        try {
          if (Number(readFileSync(file, "utf8")) === process.pid) unlinkSync(file)
        } catch {
          // already gone
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
      const owner = Number(readFileSync(file, "utf8").trim())
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new DataDirLockedError(
          `Another Manyhands process (pid ${owner}) is using the database in ${dir}; stop it or set DATA_DIR to another folder.`,
        )
      }
      unlinkSync(file) // stale: its owner is gone
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}: another process keeps taking the lock.`)
}
