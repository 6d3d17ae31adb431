import type { Database } from "../../db/database"

/*
 * What polls read, kept in this process's memory while it stays true (issue 27): a client polls res.php or
 * getTaskResult every few seconds for a task that is still waiting, and each poll used to read the key's owner
 * and the task from the database.
 *
 * - The owner of an API key (by the key's SHA-256): dropped when the users row changes in a column the API
 *   reads, or goes (migration 0040: NOTIFY api_clients, the user id).
 * - A task that is waiting: dropped when its state changes, or it goes (NOTIFY captcha_task_state, the id);
 *   never trusted past its deadline (the database path then ends it).
 *
 * Every process hears every change (PostgreSQL LISTEN), and its own before the change's statement or transaction
 * returns (also when a test or a script changes a row by SQL), so a poll after it never gets the old answer. An
 * empty message means messages may have been lost (the listening connection was replaced): everything is
 * dropped. A read that began before a change is not kept after it (`since`). Entries also age out after
 * `ttlMs`, and the oldest go first past `maxEntries`.
 */

export interface PollCacheOptions {
  ttlMs: number
  maxEntries: number
  now?: () => number
}

interface Entry<T> {
  value: T
  storedAt: number
}

/** A bounded map whose entries age out; the oldest go first past `maxEntries`. */
class Kept<T> {
  private readonly entries = new Map<string, Entry<T>>()

  constructor(private readonly options: Required<PollCacheOptions>) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (this.options.now() - entry.storedAt < this.options.ttlMs) return entry.value
    this.entries.delete(key)
    return undefined
  }

  set(key: string, value: T) {
    this.entries.delete(key)
    this.entries.set(key, { value, storedAt: this.options.now() })
    if (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!)
  }

  delete(key: string) {
    this.entries.delete(key)
  }

  deleteWhere(test: (value: T) => boolean) {
    for (const [key, entry] of this.entries) if (test(entry.value)) this.entries.delete(key)
  }

  clear() {
    this.entries.clear()
  }
}

/** The key owner's columns as authenticate() needs them; `bannedUntil` in ms since the epoch. */
export interface KeptClient<Row> {
  userId: string
  row: Row
  bannedUntil: number | null
}

export interface WaitingTask {
  customerId: string
  deadlineAt: number
}

export class PollCache<Row> {
  /** Counts the changes heard: a read passes the count from before it (`mark`) to `keep…`. */
  private changes = 0
  /** The count at the last user change or loss of messages: a client read before it is not kept. */
  private clientsChangedAt = 0
  /** The count at which each task last changed (the most recent `maxEntries`), and at the last loss. */
  private readonly taskChangedAt = new Map<string, number>()
  private clearedAt = 0
  /**
   * The count of the latest task change `taskChangedAt` let go of: a task it no longer names may have changed as
   * late as this, so a read from before it is not kept for such a task.
   */
  private forgottenAt = 0
  private readonly options: Required<PollCacheOptions>
  private readonly clients: Kept<KeptClient<Row>>
  private readonly waiting: Kept<WaitingTask>
  private readonly stops: (() => Promise<void>)[] = []

  constructor(options: PollCacheOptions) {
    this.options = { now: Date.now, ...options }
    this.clients = new Kept(this.options)
    this.waiting = new Kept(this.options)
  }

  /** The change count before a read, to pass to `keep…` with what it read. */
  get mark(): number {
    return this.changes
  }

  client(keyHash: string): KeptClient<Row> | undefined {
    return this.clients.get(keyHash)
  }

  /** A waiting task of this customer, known to be waiting until its deadline (not past it). */
  waitingTask(taskId: string, customerId: string): WaitingTask | undefined {
    const task = this.waiting.get(taskId)
    if (!task || task.customerId !== customerId || task.deadlineAt <= this.options.now()) return undefined
    return task
  }

  keepClient(keyHash: string, client: KeptClient<Row>, since: number) {
    if (since >= this.clientsChangedAt) this.clients.set(keyHash, client)
  }

  keepWaiting(taskId: string, task: WaitingTask, since: number) {
    if (since >= this.clearedAt && since >= (this.taskChangedAt.get(taskId) ?? this.forgottenAt))
      this.waiting.set(taskId, task)
  }

  /** A user's row changed: their keys are read again (user changes are rare; reads under way are not kept). */
  userChanged(userId: string) {
    this.clientsChangedAt = ++this.changes
    this.clients.deleteWhere((client) => client.userId === userId)
  }

  taskChanged(taskId: string) {
    this.waiting.delete(taskId)
    this.taskChangedAt.delete(taskId)
    this.taskChangedAt.set(taskId, ++this.changes)
    if (this.taskChangedAt.size > this.options.maxEntries) {
      const [oldest, changedAt] = this.taskChangedAt.entries().next().value!
      this.taskChangedAt.delete(oldest)
      this.forgottenAt = changedAt
    }
  }

  /** Messages may have been lost: nothing kept is trusted, nor any read under way. */
  clear() {
    this.clearedAt = this.clientsChangedAt = ++this.changes
    this.taskChangedAt.clear()
    this.clients.clear()
    this.waiting.clear()
  }

  /** Hears the database's changes (migration 0040). */
  async connect(db: Database) {
    if (!db.listen) return
    this.stops.push(
      await db.listen("api_clients", (userId) => (userId ? this.userChanged(userId) : this.clear()), {
        ownCommits: true,
      }),
      await db.listen("captcha_task_state", (taskId) => (taskId ? this.taskChanged(taskId) : this.clear()), {
        ownCommits: true,
      }),
    )
  }

  async close() {
    for (const stop of this.stops.splice(0)) await stop()
  }
}
