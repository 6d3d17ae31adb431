import { randomUUID } from "node:crypto"
import type { Database, Queryable } from "../../db/database"

const CHANNEL = "captcha_tasks"

/** How a wait ended: woken by a signal (with how many waiters it has passed through), or by its timer. */
export type WaitEnd = { woken: true; hops: number } | { woken: false }

/**
 * Wakes workers waiting for a task. Within a process a queue of waiters; across processes on a PostgreSQL
 * server a NOTIFY sent in the transaction that made the task available (delivered at commit) and heard by
 * every process's LISTEN connection. One signal wakes one waiter, not all of them (no thundering herd); a
 * waiter that finds nothing for itself passes the signal on until every waiter has had it once. Waiters
 * also wake on a slow backstop timer, so a lost signal only delays.
 */
export class TaskSignal {
  private readonly waiters: ((end: WaitEnd) => void)[] = []
  private stopListening: (() => Promise<void>) | null = null
  /** Marks this process's own notifications, which it has already acted on. */
  private readonly id = randomUUID()

  /** Hears other processes' tasks (PostgreSQL server only). */
  async connect(db: Database) {
    if (db.listen)
      this.stopListening = await db.listen(CHANNEL, (from) => {
        if (from !== this.id) this.wake()
      })
  }

  /** Inside the transaction that opens work: other processes hear it once it commits. */
  async announce(tx: Queryable, engine: Database["engine"]) {
    const notify = this.notification(engine)
    if (notify) await tx.query("SELECT pg_notify($1, $2)", notify)
  }

  /**
   * pg_notify's channel and payload for a statement that opens work and announces it itself (submission's), or
   * null where no other process listens (PGlite: this process is the only one).
   */
  notification(engine: Database["engine"]): [string, string] | null {
    return engine === "postgres" ? [CHANNEL, this.id] : null
  }

  /** After a commit in this process: `count` tasks became available. */
  wake(count = 1) {
    for (let i = 0; i < count && this.waiters.length > 0; i++) this.waiters.shift()!({ woken: true, hops: 0 })
  }

  /** A woken waiter found nothing it may take: the next one tries, until each waiter has had its turn. */
  passOn(hops: number) {
    if (hops + 1 < this.waiters.length) this.waiters.shift()!({ woken: true, hops: hops + 1 })
  }

  /** Resolves on a wake-up, after `ms`, or when `abort` fires. */
  wait(ms: number, abort?: AbortSignal): Promise<WaitEnd> {
    return new Promise((resolve) => {
      const done = (end: WaitEnd) => {
        clearTimeout(timer)
        const at = this.waiters.indexOf(done)
        if (at !== -1) this.waiters.splice(at, 1)
        abort?.removeEventListener("abort", stop)
        resolve(end)
      }
      const stop = () => done({ woken: false })
      const timer = setTimeout(stop, ms)
      this.waiters.push(done)
      abort?.addEventListener("abort", stop, { once: true })
    })
  }

  async close() {
    for (const waiter of this.waiters.splice(0)) waiter({ woken: false })
    await this.stopListening?.()
  }
}
