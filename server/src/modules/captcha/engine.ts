import { createHash } from "node:crypto"
import type { FastifyBaseLogger } from "fastify"
import type { Config } from "../../config"
import type { Database, Queryable } from "../../db/database"
import { TaskSignal } from "../dispatch/signal"
import type { Jobs } from "../jobs/jobs"
import { WorkerQueue } from "../dispatch/queue"
import {
  accountBalance,
  type Currency,
  LedgerError,
  ledgerAccount,
  ledgerFailure,
  type OutcomeRow,
  transferOutcome,
} from "../ledger/ledger"
import { DomainRuleSet } from "../ops/domains-rules"
import { Catalogue } from "./catalogue"
import {
  claimIdempotencyKey,
  findIdempotentTask,
  pruneIdempotencyKeys,
  submissionFingerprint,
} from "./idempotency"
import { isIpAllowed } from "./ip-allow-list"
import { isRegisteredPingback, PINGBACK_JOB, schedulePingbacks } from "./pingback"
import { type KeptClient, PollCache } from "./poll-cache"
import { perThousand } from "./prices"
import { purgeReceivingErrors } from "./receiving-errors"
import { refundTask, taskHold } from "./settlement"
import { TEXT_ANSWER_TYPES, type NewTask } from "./task-types"
import { endUnsolved, lockTask, TASK_COLUMNS, taskMoney, type TaskRow } from "./tasks"

declare module "fastify" {
  interface FastifyInstance {
    /** The captcha engine of this server (tests and benchmarks reach the queue through it). */
    captchaEngine: CaptchaEngine
  }
}

/** A refusal of the captcha API, carrying the legacy code (the v2 routes map it to their error id). */
export class ApiRefusal extends Error {
  constructor(
    readonly code: string,
    message: string = code,
    /** The owner of the key when the key itself was right (ERROR_IP_NOT_ALLOWED), for their error list. */
    readonly userId?: string,
  ) {
    super(message)
    this.name = "ApiRefusal"
  }
}

/**
 * A report of a task that was already reported (ERROR_DUPLICATE_REPORT): nothing is changed. `previous` is the
 * verdict recorded first; the APIs answer a repeat of the same verdict and a changed verdict differently.
 */
export class RepeatedReport extends ApiRefusal {
  constructor(readonly previous: "good" | "bad") {
    super("ERROR_DUPLICATE_REPORT", "This task was already reported")
    this.name = "RepeatedReport"
  }
}

/** ERROR_NO_SLOT_AVAILABLE because the task's price is above the customer's maximum bid (ERROR: 1001 counts these). */
export class MaxBidRefusal extends ApiRefusal {
  constructor(message: string) {
    super("ERROR_NO_SLOT_AVAILABLE", message)
    this.name = "MaxBidRefusal"
  }
}

/** Why a report was not recorded (ERROR_REPORT_NOT_RECORDED), for the customer area to say it in words. */
export type ReportRefusalReason = "not_solved" | "too_late" | "agreed" | "not_believed"

/** ERROR_REPORT_NOT_RECORDED with its reason; the protocols answer it as any ApiRefusal of that code. */
export class ReportRefusal extends ApiRefusal {
  constructor(
    readonly reason: ReportRefusalReason,
    message: string,
  ) {
    super("ERROR_REPORT_NOT_RECORDED", message)
    this.name = "ReportRefusal"
  }
}

/** The customer's defaults for tasks sent with their key (captcha settings), used where a task sets none. */
export interface TaskDefaults {
  /** Workers' language pool of image tasks. */
  language: string | null
  softId: number | null
  /** Micro-units per task: image tasks whose price per answer is higher are refused (ERROR_NO_SLOT_AVAILABLE). */
  maxBid: number | null
}

/** The owner of an API key, as the captcha API needs them. */
export interface ApiClient {
  userId: string
  currency: Currency
  /** "100 % recognition": agreeing answers needed and answers at most; null = off. */
  recognition: { agree: number; maxAnswers: number } | null
  /** Absent = no defaults (a client made by hand); authenticate() and clientFor() always set them. */
  defaults?: TaskDefaults
}

export interface ClientRow {
  id: string
  user_type: string | null
  currency: Currency
  allowed: string[]
  agree: number | null
  max_answers: number
  default_language: string | null
  default_soft_id: number | null
  max_bid: string | null
  /** Until when an administrator's ban holds (migration 0035), ms since the epoch (Infinity: for ever); null: none. */
  banned_until_ms: number | string | null
}

/** How long polls trust what they kept without hearing of a change, and how many keys and tasks at most. */
const POLL_CACHE_MS = 60_000
const POLL_CACHE_ENTRIES = 100_000

/** The columns of users an ApiClient is made of: read with the key lookup, no query more. */
const CLIENT_COLUMNS = `id::text, user_type, currency, api_allowed_ips AS allowed, recognition_agree AS agree,
  recognition_max_answers AS max_answers, default_language, default_soft_id, max_bid::text,
  (extract(epoch FROM banned_until) * 1000)::float8 AS banned_until_ms`

const clientOf = (row: ClientRow): ApiClient => ({
  userId: row.id,
  currency: row.currency,
  recognition: row.agree ? { agree: row.agree, maxAnswers: Math.max(row.agree, row.max_answers) } : null,
  defaults: {
    language: row.default_language,
    softId: row.default_soft_id,
    maxBid: row.max_bid === null ? null : Number(row.max_bid),
  },
})

export type TaskResult =
  | { state: "processing" }
  | {
      state: "ready"
      type: string
      params: Record<string, unknown>
      solution: Record<string, unknown>
      /** Micro-units of `currency`. */
      cost: number
      currency: Currency
      createTime: number
      endTime: number
      solveCount: number
      ip: string
    }
  | { state: "failed"; code: string }

/** Reports are taken this long after submission (captcha-api §1.7). */
export const REPORT_WINDOW_MS = 15 * 60 * 1000
/** A customer who complains about more than this share of recent tasks is not believed (§1.6). */
const REPORT_MAX_SHARE = 0.4
/**
 * The sweep (deadlines, leases) runs once a second; receiving errors older than 30 days and idempotency keys
 * older than 24 h are deleted hourly.
 */
export const SWEEP_JOB = "captcha-sweep"
const SWEEP_SECONDS = 1
export const PURGE_JOB = "captcha-receiving-errors-purge"
const PURGE_SECONDS = 60 * 60

const seconds = (value: Date | string) => Math.floor(new Date(value).getTime() / 1000)
const normaliseIp = (ip: string) => ip.replace(/^::ffff:/, "")

export interface EngineOptions {
  db: Database
  config: Config
  log: FastifyBaseLogger
  /** The background jobs: the sweep, the purge and the pingbacks run on them. */
  jobs: Jobs
}

/**
 * The captcha engine of one server process: the customer side (submit, result, report, balance) here,
 * the worker side in the dispatch queue, and the background jobs (deadlines, leases, pingbacks).
 */
export class CaptchaEngine {
  readonly catalogue: Catalogue
  /** Manual domain rules (issue 24), cached; applied in submit(). */
  readonly domainRules: DomainRuleSet
  readonly signal = new TaskSignal()
  /** API keys' owners and waiting tasks, for polls (poll-cache.ts). */
  readonly polls = new PollCache<ClientRow>({ ttlMs: POLL_CACHE_MS, maxEntries: POLL_CACHE_ENTRIES })
  readonly workers: WorkerQueue
  private readonly db: Database
  private readonly config: Config
  private readonly log: FastifyBaseLogger
  private readonly jobs: Jobs
  private sweeping: Promise<void> | null = null

  constructor({ db, config, log, jobs }: EngineOptions) {
    this.db = db
    this.config = config
    this.log = log
    this.jobs = jobs
    this.catalogue = new Catalogue(db)
    this.domainRules = new DomainRuleSet(db)
    this.workers = new WorkerQueue({
      db,
      catalogue: this.catalogue,
      signal: this.signal,
      afterCommit: (taskId, pingback = true) => {
        // This process hears its own change before it answers; other processes by NOTIFY (migration 0040).
        if (taskId) this.polls.taskChanged(taskId)
        // A delivery round asks the database for due pingbacks: only when this change may have queued one.
        if (pingback) this.kick()
      },
    })
  }

  async start() {
    await this.signal.connect(this.db)
    await this.polls.connect(this.db)
    await this.jobs.every(SWEEP_JOB, { seconds: SWEEP_SECONDS, retryDelaySeconds: 1 }, () => this.sweep())
    await this.jobs.every(PURGE_JOB, { seconds: PURGE_SECONDS, retryDelaySeconds: 60 }, async () => ({
      deleted: await purgeReceivingErrors(this.db),
      idempotencyKeys: await pruneIdempotencyKeys(this.db),
    }))
    await schedulePingbacks(this.jobs, { db: this.db, allowPrivate: this.config.pingbackAllowPrivate })
  }

  /** The jobs stop first (the app's preClose); a sweep a test started may still be running. */
  async close() {
    await this.sweeping?.catch(() => undefined)
    await this.signal.close()
    await this.polls.close()
  }

  /** Something happened that a pingback may wait for: a delivery round as soon as possible. */
  private kick() {
    this.jobs.runSoon(PINGBACK_JOB)
  }

  async authenticate(key: unknown, ip: string): Promise<ApiClient> {
    if (typeof key !== "string" || !/^[0-9a-f]{32}$/i.test(key))
      throw new ApiRefusal("ERROR_WRONG_USER_KEY", "The key must be 32 hexadecimal digits")
    const hash = createHash("sha256").update(key.toLowerCase()).digest()
    const kept = await this.keyOwner(hash)
    if (!kept) throw new ApiRefusal("ERROR_KEY_DOES_NOT_EXIST", "No account has this key")
    const row = kept.row
    // An administrator banned the account (ops/users-service.ts): its key is refused until the ban ends.
    if (kept.bannedUntil !== null && kept.bannedUntil > Date.now())
      throw new ApiRefusal("ERROR_ACCOUNT_SUSPENDED", "This account is suspended by an administrator", row.id)
    if (!isIpAllowed(row.allowed, normaliseIp(ip)))
      throw new ApiRefusal("ERROR_IP_NOT_ALLOWED", `The key may not be used from ${normaliseIp(ip)}`, row.id)
    return clientOf(row)
  }

  /**
   * The owner of an API key, by the key's SHA-256 (as the profile stores it); null when no account has it. Polls
   * and workers' calls come every few seconds with the same key: it is read once, until the row changes
   * (poll-cache.ts). The caller applies the ban, the allow-list and the account type.
   */
  async keyOwner(hash: Buffer): Promise<KeptClient<ClientRow> | null> {
    const keyHash = hash.toString("hex")
    const kept = this.polls.client(keyHash)
    if (kept) return kept
    const since = this.polls.mark
    const { rows } = await this.db.query<ClientRow>(
      `SELECT ${CLIENT_COLUMNS} FROM users WHERE api_key_hash = $1`,
      [hash],
    )
    const found = rows[0]
    if (!found) return null
    const owner = {
      userId: found.id,
      row: found,
      bannedUntil: found.banned_until_ms === null ? null : Number(found.banned_until_ms),
    }
    this.polls.keepClient(keyHash, owner, since)
    return owner
  }

  /**
   * The client of a signed-in customer, as authenticate() would give it for their key (settings and defaults)
   * but without the key and its IP allow-list: for the site's own calls, such as the test page's submission.
   */
  async clientFor(userId: string): Promise<ApiClient> {
    const { rows } = await this.db.query<ClientRow>(`SELECT ${CLIENT_COLUMNS} FROM users WHERE id = $1`, [
      userId,
    ])
    if (!rows[0]) throw new ApiRefusal("ERROR_KEY_DOES_NOT_EXIST", "No such account")
    return clientOf(rows[0])
  }

  /**
   * Stores a task and holds its price, in one transaction; waiting workers are woken once it commits.
   * The customer's defaults fill in the language (image tasks) and soft_id a task does not set itself.
   * Refusals: ERROR_METHOD_CALL (type switched off), ERROR_NO_SLOT_AVAILABLE (an image task priced above the
   * customer's maximum bid: MaxBidRefusal; too many waiting tasks), ERROR_ZERO_BALANCE, ERROR_BAD_PARAMETERS
   * (unregistered pingback address; an idempotency key used for another submission), ERROR_DOMAIN_NOT_ALLOWED
   * and ERROR_PROXY_REQUIRED (a manual domain rule; its customer reason is the message).
   * With an idempotency key the customer used for the same submission in the last 24 hours, the answer is that
   * task (`repeated`), nothing stored or held again; the key is taken in the task's transaction (idempotency.ts).
   */
  async submit(
    client: ApiClient,
    task: NewTask,
    options: {
      api: "classic" | "v2"
      pingbackUrl?: string | undefined
      softId?: number | undefined
      ip: string
      idempotencyKey?: string | undefined
    },
  ): Promise<{ id: string; repeated?: true }> {
    const key = options.idempotencyKey
    const fingerprint = key === undefined ? null : submissionFingerprint(task, options)
    // A retry of a committed submission is answered before the checks below, which may have changed since.
    if (key !== undefined) {
      const earlier = await findIdempotentTask(this.db, client.userId, key, fingerprint!)
      if (earlier !== null) return { id: earlier, repeated: true }
    }
    const type = await this.catalogue.get(task.type)
    const basePrice = type?.prices[client.currency]
    if (!type || !type.enabled || !basePrice)
      throw new ApiRefusal("ERROR_METHOD_CALL", `${task.type} is not accepted at the moment`)
    // Manual domain rules (ops/domains-rules.ts): the most specific enabled, unexpired rule for the page's host
    // and this type, from the in-memory set (no query). Read before the transaction, as the catalogue is.
    const rule = await this.domainRules.match(task.params.websiteURL, task.type)
    if (rule?.action === "block")
      throw new ApiRefusal(
        "ERROR_DOMAIN_NOT_ALLOWED",
        rule.customerReason ?? "Captchas from this domain are not accepted",
      )
    if (rule?.action === "require_proxy" && (task.params.proxyAddress ?? "") === "")
      throw new ApiRefusal(
        "ERROR_PROXY_REQUIRED",
        rule.customerReason ??
          "Tasks from this domain need your proxy: send proxyType, proxyAddress and proxyPort",
      )
    // The price the task is charged and the worker's pay: the versions in force now, times a rule's multiplier.
    const multiplier = rule?.action === "price_multiplier" ? (rule.priceMultiplier ?? 1) : 1
    const price = Math.max(1, Math.round(basePrice * multiplier))
    const basePay = type.workerPay[client.currency] ?? Math.floor((basePrice * type.workerSharePercent) / 100)
    const workerPay = Math.min(price, Math.floor(basePay * multiplier))
    const defaults = client.defaults
    const maxBid = defaults?.maxBid ?? null
    if (type.kind === "image" && maxBid !== null && price > maxBid)
      throw new MaxBidRefusal(
        `${task.type} costs ${perThousand(price)} ${client.currency} per 1,000, above your maximum bid of ` +
          `${perThousand(maxBid)} ${client.currency}`,
      )
    const language = type.kind === "image" ? (task.language ?? defaults?.language ?? null) : null
    const softId = options.softId ?? defaults?.softId ?? null
    if (options.pingbackUrl && !(await isRegisteredPingback(this.db, client.userId, options.pingbackUrl)))
      throw new ApiRefusal(
        "ERROR_BAD_PARAMETERS",
        "The pingback address is not registered: add it first with res.php?action=add_pingback",
      )
    const consensus = client.recognition && TEXT_ANSWER_TYPES.includes(task.type) ? client.recognition : null
    const agree = consensus?.agree ?? 1
    const maxAnswers = consensus?.maxAnswers ?? 1

    // A change to the task heard from here on keeps it out of the poll cache below.
    const since = this.polls.mark
    const store = async (tx: Queryable) => {
      // First, so that a concurrent duplicate waits here until this one ends, then finds its task.
      const claim = key === undefined ? null : await claimIdempotencyKey(tx, client.userId, key, fingerprint!)
      if (claim?.earlier) return { id: claim.id, repeated: true as const }
      const hold = await taskHold(
        tx,
        { customerId: client.userId, currency: client.currency, pricePerAnswer: price },
        maxAnswers,
      )
      const notify = this.signal.notification(this.db.engine)
      // One statement (issue 27): the customer's room for one more waiting task checked, the task stored with its
      // files, its price held (ledger_transfer, migrations/0041) and waiting workers told (PostgreSQL: other
      // processes hear it at commit). No row: no room.
      let rows: (OutcomeRow & { task_id: string; task_deadline_at: Date | string })[]
      try {
        ;({ rows } = await tx.query<OutcomeRow & { task_id: string; task_deadline_at: Date | string }>(
          `WITH room AS (
             SELECT count(*) < $20 AS free FROM (
               SELECT 1 FROM captcha_tasks WHERE customer_id = $1 AND state = 'open' AND wanted > 0 LIMIT $20) w),
           next AS (SELECT coalesce($15::bigint, nextval('captcha_task_ids')) AS id FROM room WHERE free),
           task AS (
             INSERT INTO captcha_tasks (id, customer_id, type, kind, params, language, api, wanted, agree_needed,
                                        max_answers, currency, price_per_answer, hold_key, pingback_url, soft_id,
                                        client_ip, deadline_at, worker_pay_per_answer, domain_rule_id, human_only,
                                        min_worker_rating)
             SELECT next.id, $1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, 'task:' || next.id || ':hold', $11, $12,
                    $13, now() + make_interval(secs => $14), $16, $17, $18, $19
               FROM next
             RETURNING id, hold_key, deadline_at),
           files AS (
             INSERT INTO captcha_task_files (task_id, name, mime, data)
             SELECT task.id, f.name, f.mime, f.data FROM task, unnest($21::text[], $22::text[], $23::bytea[]) AS f (name, mime, data)),
           hold AS (
             SELECT h.* FROM task, ledger_transfer(task.hold_key, $24, $25, $26, $9, true, 'Task ' || task.id) AS h)
           SELECT task.id::text AS task_id, task.deadline_at AS task_deadline_at, hold.*,
                  CASE WHEN $27::text IS NOT NULL THEN pg_notify($27, $28) END AS announced
             FROM task, hold`,
          [
            client.userId,
            task.type,
            type.kind,
            JSON.stringify(task.params),
            language,
            options.api,
            agree,
            maxAnswers,
            client.currency,
            price,
            options.pingbackUrl ?? null,
            softId,
            normaliseIp(options.ip),
            type.deadlineSeconds,
            claim?.id ?? null,
            workerPay,
            rule?.id ?? null,
            rule?.action === "human_only",
            rule?.action === "min_skill" ? rule.minRating : null,
            this.config.maxWaitingTasks,
            task.files.map((file) => file.name),
            task.files.map((file) => file.mime),
            task.files.map((file) => file.data),
            hold.debitAccountId,
            hold.creditAccountId,
            hold.amount,
            notify?.[0] ?? null,
            notify?.[1] ?? null,
          ],
        ))
      } catch (error) {
        const failure = ledgerFailure(error, {})
        if (failure instanceof LedgerError && failure.code === "EXCEEDS_CREDITS")
          throw new ApiRefusal("ERROR_ZERO_BALANCE", "The balance is too low for this task")
        throw failure
      }
      const created = rows[0]
      if (!created)
        throw new ApiRefusal("ERROR_NO_SLOT_AVAILABLE", "Too many of your tasks are waiting for a worker")
      transferOutcome(created, { key: created.idempotency_key, currency: client.currency })
      return { id: created.task_id, deadlineAt: new Date(created.task_deadline_at).getTime() }
    }
    // With an idempotency key two statements (the key, then the task), in one transaction; without one, the task's
    // statement is atomic on its own and needs no BEGIN and COMMIT (two round trips fewer). A ledger account not
    // yet kept by the process is looked up (or made) by a statement of its own before it, either way.
    const stored = key === undefined ? await store(this.db) : await this.db.transaction(store)
    if (stored.repeated) return stored
    // The new task waits: its first polls are answered from memory, as later ones are (poll-cache.ts).
    this.polls.keepWaiting(stored.id, { customerId: client.userId, deadlineAt: stored.deadlineAt }, since)
    this.signal.wake()
    return { id: stored.id }
  }

  /** The customer's own task; an open task past its deadline ends here if the sweep has not ended it yet. */
  async result(client: ApiClient, id: string): Promise<TaskResult> {
    // A task known to be waiting is answered from memory until its state changes (poll-cache.ts).
    if (/^\d{1,18}$/.test(id) && this.polls.waitingTask(id, client.userId)) return { state: "processing" }
    const since = this.polls.mark
    let task = await this.ownTask(client, id)
    if (task.state === "open" && new Date(task.deadline_at).getTime() <= Date.now()) {
      await this.expire(task.id)
      task = await this.ownTask(client, id)
    }
    if (task.state === "open") {
      const deadlineAt = new Date(task.deadline_at).getTime()
      this.polls.keepWaiting(task.id, { customerId: client.userId, deadlineAt }, since)
      return { state: "processing" }
    }
    if (task.state === "unsolvable")
      return { state: "failed", code: task.error_code ?? "ERROR_CAPTCHA_UNSOLVABLE" }
    return {
      state: "ready",
      type: task.type,
      params: task.params,
      solution: task.solution ?? {},
      cost: Number(task.charged),
      currency: task.currency,
      createTime: seconds(task.created_at),
      endTime: seconds(task.ended_at ?? task.created_at),
      solveCount: task.solve_count,
      ip: task.client_ip ?? "",
    }
  }

  private async ownTask(client: ApiClient, id: string): Promise<TaskRow> {
    if (!/^\d{1,18}$/.test(id)) throw new ApiRefusal("ERROR_WRONG_ID_FORMAT", "The task id must be a number")
    const { rows } = await this.db.query<TaskRow>(
      `SELECT ${TASK_COLUMNS} FROM captcha_tasks WHERE id = $1 AND customer_id = $2`,
      [id, client.userId],
    )
    if (!rows[0]) throw new ApiRefusal("ERROR_WRONG_CAPTCHA_ID", "You have no task with this id")
    return rows[0]
  }

  /**
   * reportgood / reportbad. A bad report within 15 minutes refunds the customer (a reversing transfer), counts
   * as the worker's mistake and lowers their rating; a good one raises it. One report per task.
   */
  async report(client: ApiClient, id: string, verdict: "good" | "bad"): Promise<void> {
    const own = await this.ownTask(client, id)
    if (own.report) throw new RepeatedReport(own.report)
    if (own.state !== "solved") throw new ReportRefusal("not_solved", "Only solved tasks can be reported")
    if (Date.now() - new Date(own.created_at).getTime() > REPORT_WINDOW_MS)
      throw new ReportRefusal("too_late", "Reports are taken for 15 minutes after submission")
    if (own.agree_needed > 1)
      throw new ReportRefusal("agreed", "Answers agreed by several workers cannot be reported")
    if (verdict === "bad") {
      const recent = await this.db.query<{ tasks: number; bad: number }>(
        `SELECT count(*)::int AS tasks, count(*) FILTER (WHERE report = 'bad')::int AS bad FROM (
           SELECT report FROM captcha_tasks WHERE customer_id = $1 AND state = 'solved'
            ORDER BY id DESC LIMIT 100) recent`,
        [client.userId],
      )
      const { tasks, bad } = recent.rows[0]!
      if (tasks >= 10 && (bad + 1) / tasks > REPORT_MAX_SHARE)
        throw new ReportRefusal("not_believed", "You report too many of your recent tasks")
    }
    await this.db.transaction(async (tx) => {
      const task = await lockTask(tx, id)
      if (!task) throw new ApiRefusal("ERROR_WRONG_CAPTCHA_ID", "You have no task with this id")
      if (task.report) throw new RepeatedReport(task.report)
      await tx.query(
        "UPDATE captcha_tasks SET report = $2, reported_at = now(), refunded = $3 WHERE id = $1",
        [id, verdict, verdict === "bad"],
      )
      if (verdict === "bad") await refundTask(tx, taskMoney(task), Number(task.charged))
      await this.workers.recordReport(tx, task, verdict)
    })
  }

  /** What the key's owner can spend now, holds deducted. */
  async balance(client: ApiClient): Promise<{ amount: number; currency: Currency }> {
    const account = await ledgerAccount(this.db, {
      userId: client.userId,
      purpose: "customer_balance",
      currency: client.currency,
    })
    return { amount: (await accountBalance(this.db, account)).available, currency: client.currency }
  }

  /** Ends one task whose deadline passed. */
  async expire(id: string): Promise<void> {
    const ended = await this.db.transaction(async (tx) => {
      const task = await lockTask(tx, id)
      if (!task || task.state !== "open" || new Date(task.deadline_at).getTime() > Date.now()) return false
      return endUnsolved(tx, task, task.solve_count > 0 ? "ERROR_BAD_DUPLICATES" : "ERROR_CAPTCHA_UNSOLVABLE")
    })
    if (ended) {
      this.polls.taskChanged(id)
      this.kick()
    }
  }

  /**
   * One round of the sweep (the SWEEP_JOB, and tests): tasks past their deadline, leases that ran out. A round
   * already running in this process is handed back instead of a second one. A failure is thrown (the job retries).
   */
  sweep(): Promise<void> {
    this.sweeping ??= (async () => {
      try {
        const due = await this.db.query<{ id: string }>(
          "SELECT id::text FROM captcha_tasks WHERE state = 'open' AND deadline_at <= now() ORDER BY deadline_at LIMIT 200",
        )
        for (const { id } of due.rows) await this.expire(id)
        await this.workers.expireLeases()
      } finally {
        this.sweeping = null
      }
    })()
    return this.sweeping
  }
}
