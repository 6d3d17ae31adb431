import { EventEmitter } from "node:events"
import type { Database, Queryable } from "../../db/database"

const CHANNEL = "captcha_tasks"

/**
 * Wakes workers waiting for a task. Within a process an event; across processes on a PostgreSQL server a
 * NOTIFY sent in the transaction that made the task available (delivered at commit) and heard by every
 * process's LISTEN connection. Waiters also wake on a slow backstop timer, so a lost signal only delays.
 */
export class TaskSignal {
  private readonly events = new EventEmitter()
  private stopListening: (() => Promise<void>) | null = null

  constructor() {
    this.events.setMaxListeners(0)
  }

  /** Hears other processes' tasks (PostgreSQL server only). */
  async connect(db: Database) {
    if (db.listen) this.stopListening = await db.listen(CHANNEL, () => this.wake())
  }

  /** Inside the transaction that opens work: other processes hear it once it commits. */
  async announce(tx: Queryable, engine: Database["engine"]) {
    if (engine === "postgres") await tx.query("SELECT pg_notify($1, '')", [CHANNEL])
  }

  /** After a commit in this process. */
  wake() {
    this.events.emit("task")
  }

  /** Resolves on the next wake-up, after `ms`, or when `abort` fires. */
  wait(ms: number, abort?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.events.off("task", done)
        abort?.removeEventListener("abort", done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      this.events.on("task", done)
      abort?.addEventListener("abort", done, { once: true })
    })
  }

  async close() {
    this.events.emit("task")
    await this.stopListening?.()
  }
}
