import { setImmediate as nextTurn } from "node:timers/promises"
import PgBoss from "pg-boss"
import type { Database } from "../../db/database"

/*
 * Background work (docs/ARCHITECTURE.md, "Background jobs") on one job queue in the database: pg-boss, in the
 * `pgboss` schema, on PGlite and PostgreSQL alike (it runs its SQL through Database.execute).
 *
 * A periodic job of period P has one pg-boss queue. Time is cut into slots of P seconds from the epoch, by the
 * database's clock. Every process asks for the current slot's job in the middle of each slot (a throttled send:
 * the unique index on the slot lets the first ask create the job and the others find it there), and the queue
 * keeps at most one job waiting (pg-boss's "short" policy), so a slow run is not followed by a backlog. Any
 * process's loop may fetch the job (FOR UPDATE SKIP LOCKED: one of them gets it) and runs it once; a run that
 * throws is retried with exponential backoff, and a run whose process died is failed after `expireSeconds` by
 * pg-boss's maintenance and retried. Jobs, retries and outcomes (`output`: the pid that ran it, or the error)
 * are rows of pgboss.job, then pgboss.archive.
 */

export interface PeriodicJob {
  /** The period: at most one job per slot of this many seconds. */
  seconds: number
  /** Ask at once when registered; by default the first ask comes one period later. */
  immediately?: boolean
  /** Retries of a run that threw, after retryDelaySeconds × (1…2), × (2…4), … (pg-boss's backoff with jitter). */
  retryLimit?: number
  retryDelaySeconds?: number
  /** A run still active after this long counts as failed (its process died) and is retried. */
  expireSeconds?: number
}

/** One run; what it returns is stored with the job (with the pid of the process that ran it). */
export type JobHandler = () => Promise<Record<string, unknown> | void>

export interface JobsLogger {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface JobsOptions {
  db: Database
  log: JobsLogger
  /** How often each process's loop looks for due jobs (retries, jobs another process asked for). */
  pollSeconds: number
  /** How often one process expires jobs of dead processes and archives finished ones. */
  maintenanceSeconds: number
}

interface Queue {
  job: Required<Omit<PeriodicJob, "immediately">>
  handler: JobHandler
  timer: NodeJS.Timeout | undefined
  /** Wakes the loop: at once from its sleep between polls, or right after the fetch it is making. */
  wake: () => void
  woken: boolean
  sleeping: (() => void) | null
  loop: Promise<void>
  /** The periodic ask in flight. */
  asking: Promise<unknown> | null
  /** An ask of runSoon() in flight: further ones meanwhile are covered by the job it makes or finds waiting. */
  soon: Promise<unknown> | null
}

/** Milliseconds until the middle of the next slot of `periodMs` (by this process's clock). */
export function untilMidSlot(periodMs: number, now = Date.now()): number {
  const wait = periodMs / 2 - (now % periodMs)
  return wait > 0 ? wait : wait + periodMs
}

export class Jobs {
  private readonly boss: PgBoss
  private readonly queues = new Map<string, Queue>()
  /** Every query pg-boss has running, so that stop() returns only once none is left. */
  private readonly queries = new Set<Promise<unknown>>()
  private readonly registering = new Set<Promise<unknown>>()
  private started = false
  private stopping = false
  private closed = false

  constructor(private readonly options: JobsOptions) {
    const { db } = options
    const executeSql = (text: string, values?: unknown[]) => {
      if (this.closed) return Promise.reject(new Error("background jobs are stopped"))
      const query = db.execute(text, values)
      this.queries.add(query)
      const forget = () => this.queries.delete(query)
      query.then(forget, forget)
      return query
    }
    this.boss = new PgBoss({
      db: { executeSql },
      // Periods of seconds are throttled sends (above); pg-boss's cron has minutes only.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: options.maintenanceSeconds,
      // Finished jobs stay in pgboss.job for an hour, then a day in pgboss.archive.
      archiveCompletedAfterSeconds: 3600,
      deleteAfterDays: 1,
    })
    this.boss.on("error", (error) => options.log.warn({ err: error }, "job queue error"))
  }

  /**
   * Creates or updates pg-boss's schema. On PostgreSQL, processes starting together take turns (a lock held by
   * a transaction of their own while pg-boss works on other connections): pg-boss's own lock is taken inside its
   * create script, after that transaction has read the catalog, so the second process's `CREATE SCHEMA IF NOT
   * EXISTS pgboss` could still miss the schema the first had just committed and fail on pg_namespace's unique
   * index. Waiting before pg-boss looks means it finds the schema installed.
   */
  async start(): Promise<void> {
    if (this.options.db.engine === "postgres") {
      await this.options.db.transaction(async (tx) => {
        await tx.query("SELECT pg_advisory_xact_lock(hashtext('manyhands:job-schema'))")
        await this.boss.start()
      })
    } else {
      await this.boss.start()
    }
    this.started = true
  }

  /** Registers a periodic job: this process asks for it every period and runs it when its loop fetches it. */
  async every(name: string, job: PeriodicJob, handler: JobHandler): Promise<void> {
    if (!this.started) throw new Error("Jobs.start() first")
    if (this.stopping) return
    if (this.queues.has(name)) throw new Error(`The job ${name} is registered already`)
    const settings = {
      seconds: job.seconds,
      retryLimit: job.retryLimit ?? 2,
      retryDelaySeconds: job.retryDelaySeconds ?? Math.max(1, Math.ceil(job.seconds / 2)),
      expireSeconds: job.expireSeconds ?? Math.max(60, job.seconds * 2),
    }
    const registered = (async () => {
      const queue = {
        policy: "short" as const,
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: settings.expireSeconds,
      }
      // pg-boss's create_queue attaches a partition per queue: two processes creating queues at once can
      // deadlock, so creations take turns (a transaction-scoped advisory lock).
      await this.options.db.transaction(async (tx) => {
        await tx.query("SELECT pg_advisory_xact_lock(hashtext('manyhands:job-queues'))")
        await tx.query("SELECT pgboss.create_queue($1, $2)", [name, JSON.stringify(queue)])
      })
      // A queue made by an earlier version keeps nothing stale.
      await this.boss.updateQueue(name, { name, ...queue })
    })()
    this.registering.add(registered)
    try {
      await registered
    } finally {
      this.registering.delete(registered)
    }
    if (this.stopping) return
    const entry: Queue = {
      job: settings,
      handler,
      timer: undefined,
      woken: false,
      sleeping: null,
      wake: () => {
        entry.woken = true
        entry.sleeping?.()
      },
      loop: Promise.resolve(),
      asking: null,
      soon: null,
    }
    this.queues.set(name, entry)
    entry.loop = this.loop(name, entry)
    const tick = () => {
      void this.ask(name)
      entry.timer = setTimeout(tick, untilMidSlot(settings.seconds * 1000))
      entry.timer.unref()
    }
    entry.timer = setTimeout(tick, job.immediately ? 0 : settings.seconds * 1000)
    entry.timer.unref()
  }

  /** Asks for the current slot's job; wakes this process's loop when this ask created it. */
  async ask(name: string): Promise<string | null> {
    const entry = this.queues.get(name)
    if (!entry || this.stopping) return null
    const asked = this.boss.sendThrottled(name, {}, {}, entry.job.seconds)
    entry.asking = asked
    try {
      const id = await asked
      if (id) entry.wake()
      return id
    } catch (error) {
      this.options.log.warn({ err: error, job: name }, "could not ask for a background job")
      return null
    } finally {
      if (entry.asking === asked) entry.asking = null
    }
  }

  /**
   * A run as soon as possible, besides the periodic ones (e.g. a pingback to send): a job outside the slots,
   * coalesced with one already waiting.
   */
  runSoon(name: string): void {
    const entry = this.queues.get(name)
    if (!entry || this.stopping || entry.soon) return
    const asked = this.boss.send(name, {}).then(
      (id) => {
        if (id) entry.wake()
      },
      (error: unknown) =>
        this.options.log.warn({ err: error, job: name }, "could not ask for a background job"),
    )
    entry.soon = asked
    void asked.finally(() => {
      if (entry.soon === asked) entry.soon = null
    })
  }

  /** Fetches and runs this queue's jobs one at a time until stop(); sleeps pollSeconds when none is due. */
  private async loop(name: string, entry: Queue): Promise<void> {
    while (!this.stopping) {
      entry.woken = false
      let job: PgBoss.JobWithMetadata | undefined
      try {
        ;[job] = await this.boss.fetch(name, { includeMetadata: true })
      } catch (error) {
        this.options.log.warn({ err: error, job: name }, "could not fetch a background job")
      }
      if (job && this.stopping) {
        // Fetched while stopping: handed back to be retried, here after a restart or by another process.
        await this.boss
          .fail(name, job.id, { message: "the server stopped before the job ran" })
          .catch(() => undefined)
        break
      }
      if (job) {
        await this.run(name, entry, job)
        await nextTurn() // PGlite answers without yielding: let the event loop turn between jobs
        continue
      }
      if (entry.woken || this.stopping) continue
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollSeconds * 1000)
        timer.unref()
        entry.sleeping = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      entry.sleeping = null
    }
  }

  private async run(name: string, entry: Queue, job: PgBoss.JobWithMetadata): Promise<void> {
    try {
      const output = await entry.handler()
      await this.boss.complete(name, job.id, { pid: process.pid, ...output })
    } catch (error) {
      const retried = job.retryCount < job.retryLimit
      this.options.log.warn(
        { err: error, job: name, jobId: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit },
        retried ? "background job failed; it will be retried" : "background job failed; no retries left",
      )
      const failure =
        error instanceof Error ? { message: error.message, pid: process.pid } : { message: String(error) }
      await this.boss.fail(name, job.id, failure).catch((failed: unknown) => {
        this.options.log.error({ err: failed, job: name, jobId: job.id }, "could not record a failed job")
      })
    }
  }

  /** Stops asking and fetching, waits for the running jobs and pg-boss's queries. The database stays open. */
  async stop(): Promise<void> {
    if (this.stopping) return
    this.stopping = true
    await Promise.allSettled([...this.registering])
    for (const entry of this.queues.values()) {
      clearTimeout(entry.timer)
      entry.wake()
    }
    await Promise.allSettled(
      [...this.queues.values()].flatMap((entry) => [entry.loop, entry.asking, entry.soon]),
    )
    if (this.started) await this.boss.stop({ graceful: false, wait: true, close: false })
    while (this.queries.size > 0) await Promise.allSettled([...this.queries])
    this.closed = true
  }
}
