import { DEMO_SITE_KEYS, DEMO_WIDGET_TYPES } from "@manyhands/contract/captcha-demo"
import type { AnswerOutcome, Offer } from "@manyhands/contract/worker"
import type { Database, Queryable } from "../../db/database"
import { normaliseSolution, sameAnswer } from "../captcha/answers"
import { awardAnswer, boostPay, clawBack, xpCountsSql, type XpCounts } from "../play/play"
import type { Catalogue, CatalogueType } from "../captcha/catalogue"
import { chargeTask, type PaidAnswer, workerShare } from "../captcha/settlement"
import { TaskInputError } from "../captcha/task-types"
import { endUnsolved, lockTask, markSolved, TASK_COLUMNS, taskMoney, type TaskRow } from "../captcha/tasks"
import type { TaskSignal, WaitEnd } from "./signal"
import {
  changeRating,
  countAnswer,
  countAnswerSql,
  firstStatus,
  reviewStanding,
  skillStatus,
  suspendedSince,
  type SkillStatus,
} from "./standing"

/*
 * Dispatch: the queue side of the worker API (shapes in @manyhands/contract/worker). The worker's own figures
 * (stats, mistakes, training) are read in worker-figures.ts.
 */

/** A refusal of the worker API: HTTP status, code and a message for the worker. */
export class WorkerRefusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = "WorkerRefusal"
  }
}

/** Share of offers that are gold tasks (captcha quality control, labelling.md §6). */
export const GOLD_SHARE = 0.03
/** The longest a claim waits for work, and how often a waiting claim looks again without a signal. */
const MAX_WAIT_MS = 30_000
const BACKSTOP_MS = 5_000
/** Shorter empty waits are not worth a row (a worker's software polling without waiting). */
const MIN_RECORDED_WAIT_MS = 1_000
/** Two workers saying "not a captcha" end the task as unsolvable. */
const NOT_A_CAPTCHA_LIMIT = 2

interface AssignmentRow {
  id: string
  task_id: string | null
  gold_task_id: string | null
  worker_id: string
  state: string
  expired: boolean
}

/**
 * What settling an answer to a customer's task asks about the people it pays, read in the statement that locks
 * the answer (issue 27: three statements fewer per answer): the customer's and the worker's referrers (null: none),
 * whether the worker has a booster that has not ended, and what the worker's XP for it depends on.
 */
export interface AnswerFacts {
  referrers: Map<string, string | null>
  boosted: boolean
  xpCounts: XpCounts
}

// The referrers, the booster and the XP counts of the answer's worker (a) and its task's customer (t).
const ANSWER_FACTS = `(SELECT referrer_id::text FROM users WHERE id = t.customer_id::bigint) AS f_customer_referrer,
  (SELECT referrer_id::text FROM users WHERE id = a.worker_id) AS f_worker_referrer,
  EXISTS (SELECT 1 FROM play_boosters WHERE user_id = a.worker_id AND ended_at IS NULL) AS f_boosted,
  CASE WHEN t.id IS NOT NULL THEN (SELECT row_to_json(c) FROM (${xpCountsSql("a.worker_id", "t.type")}) c) END AS f_xp`

interface Plan {
  /** The catalogue, read before any transaction: a read inside one deadlocks PGlite (one connection). */
  types: Map<string, CatalogueType>
  real: string[]
  /** Of `real`: token types taken only for our demo widgets (tasks carrying a demo's site key). */
  demoOnly: string[]
  training: string[]
  goldTypes: string[]
  languages: string[]
}

/** An answer given to a customer's task (its assignment), in the order given. */
interface TaskAnswer {
  id: string
  worker_id: string
  answer: Record<string, unknown>
}

/** The worker side of dispatch: claims with SKIP LOCKED, leases, answers, skips, and the money of an answer. */
export class WorkerQueue {
  private readonly db: Database
  private readonly catalogue: Catalogue
  private readonly signal: TaskSignal
  /**
   * After a commit in this process: `taskId`, a task whose state may have changed in it; `pingback`, whether the
   * change may have queued a pingback (unknown: assumed so).
   */
  private readonly afterCommit: (taskId?: string, pingback?: boolean) => void
  /** Tests set it to 0 or 1 to make the mix deterministic. */
  goldShare = GOLD_SHARE

  constructor(options: {
    db: Database
    catalogue: Catalogue
    signal: TaskSignal
    afterCommit: (taskId?: string, pingback?: boolean) => void
  }) {
    this.db = options.db
    this.catalogue = options.catalogue
    this.signal = options.signal
    this.afterCommit = options.afterCommit
  }

  /**
   * The next task for this worker, waiting up to `waitMs` for one (long poll). Image types are offered by
   * default; token types only when the worker's software lists them in `types`, or, with `demoWidgets`, the
   * token tasks for our demo widgets, which a person solves in the cabinet.
   */
  async claim(
    workerId: string,
    {
      waitMs,
      types,
      demoWidgets = false,
      abort,
    }: { waitMs: number; types?: string[]; demoWidgets?: boolean; abort?: AbortSignal },
  ): Promise<Offer | null> {
    const requestedAt = new Date()
    const until = requestedAt.getTime() + Math.min(Math.max(waitMs, 0), MAX_WAIT_MS)
    const plan = await this.plan(workerId, types, demoWidgets)
    let woken: WaitEnd = { woken: false }
    for (;;) {
      // A worker who left must not take a task: it would sit out a lease, and never come back to them.
      if (abort?.aborted) return await this.recordWait(workerId, plan, requestedAt)
      const offer = await this.tryClaim(workerId, plan, requestedAt)
      // The task that woke us was not for us (type, language, already ours once): another waiter tries.
      if (!offer && woken.woken) this.signal.passOn(woken.hops)
      const left = until - Date.now()
      if (offer) return offer
      if (left <= 0) return await this.recordWait(workerId, plan, requestedAt)
      woken = await this.signal.wait(Math.min(left, BACKSTOP_MS), abort)
    }
  }

  /**
   * A claim that waited and got nothing: the worker's idle time, for the public load and waiting-time figures
   * (statistics/rollup.ts). Claims that did not wait (waitMs 0, a quick look) are not idle time.
   */
  private async recordWait(workerId: string, plan: Plan, requestedAt: Date): Promise<null> {
    const types = [...plan.real, ...plan.training]
    if (Date.now() - requestedAt.getTime() >= MIN_RECORDED_WAIT_MS && types.length > 0)
      await this.db.query(
        "INSERT INTO worker_waits (worker_id, types, started_at, ended_at) VALUES ($1, $2, $3, now())",
        [workerId, types, requestedAt],
      )
    return null
  }

  private async plan(workerId: string, types: string[] | undefined, demoWidgets: boolean): Promise<Plan> {
    const catalogue = await this.catalogue.all()
    const unknown = (types ?? []).filter((type) => !catalogue.has(type))
    if (unknown.length > 0)
      throw new WorkerRefusal(400, "UNKNOWN_TYPE", `Unknown task types: ${unknown.join(", ")}`)
    const listed = (type: CatalogueType) => (types ? types.includes(type.code) : type.kind === "image")
    const demoOnly = (type: CatalogueType) =>
      demoWidgets && !listed(type) && DEMO_WIDGET_TYPES.includes(type.code)
    const wanted = [...catalogue.values()].filter(
      (type: CatalogueType) => type.enabled && (listed(type) || demoOnly(type)),
    )
    // The worker's standing per type, their languages and the types with training tasks: one statement.
    const { rows: read } = await this.db.query<{
      skills: { type: string; status: SkillStatus }[]
      languages: string[] | null
      training: string[]
    }>(
      `SELECT coalesce((SELECT json_agg(json_build_object('type', type, 'status', status))
                          FROM worker_skills WHERE worker_id = $1), '[]'::json) AS skills,
              (SELECT worker_languages FROM users WHERE id = $1) AS languages,
              ARRAY(SELECT DISTINCT type FROM gold_tasks WHERE training AND enabled) AS training`,
      [workerId],
    )
    const status = new Map(read[0]!.skills.map((row) => [row.type, row.status]))
    const hasTraining = new Set(read[0]!.training)
    const plan: Plan = {
      types: catalogue,
      real: [],
      demoOnly: [],
      training: [],
      goldTypes: [],
      languages: [],
    }
    // Real work only of the types open to the worker (active); training tasks of the types they are in training
    // for come first. A suspended type gives neither: the worker retrains on purpose (trainingClaim).
    for (const type of wanted) {
      const standing = status.get(type.code) ?? firstStatus(type.code, hasTraining.has(type.code))
      if (standing === "active") {
        plan.real.push(type.code)
        if (demoOnly(type)) plan.demoOnly.push(type.code)
        if (type.kind === "image") plan.goldTypes.push(type.code)
      } else if (standing === "training" && type.kind === "image" && hasTraining.has(type.code))
        plan.training.push(type.code)
    }
    plan.languages = read[0]!.languages ?? []
    return plan
  }

  private async tryClaim(workerId: string, plan: Plan, requestedAt: Date): Promise<Offer | null> {
    if (plan.training.length > 0) {
      const offer = await this.offerGold(workerId, plan.training, true, requestedAt)
      if (offer) return offer
    }
    if (plan.goldTypes.length > 0 && Math.random() < this.goldShare) {
      const offer = await this.offerGold(workerId, plan.goldTypes, false, requestedAt)
      if (offer) return offer
    }
    if (plan.real.length === 0) return null
    // One statement, so no transaction around it: the task picked and its count of wanted answers lowered, the
    // assignment made with the lease of the task's type, and the task's files (base64) read.
    const leases = plan.real.map((type) => plan.types.get(type)!.leaseSeconds)
    const { rows } = await this.db.query<{
      assignment_id: string
      lease_until: Date | string
      type: string
      kind: "image" | "token"
      params: Record<string, unknown>
      language: string | null
      files: { name: string; mime: string; data: string }[]
    }>(
      `WITH picked AS (
         SELECT id FROM captcha_tasks t
          WHERE state = 'open' AND wanted > 0 AND type = ANY($2) AND deadline_at > now()
            AND (language IS NULL OR language = ANY($3))
            AND (NOT (type = ANY($4))
                 OR coalesce(params->>'websiteKey', params->>'gt', params->>'captchaId',
                             params->'initParameters'->>'captcha_id') = ANY($5))
            AND NOT EXISTS (SELECT 1 FROM task_assignments a WHERE a.task_id = t.id AND a.worker_id = $1)
            -- A manual domain rule (min_skill) keeps the task for workers rated at least this in its type.
            AND (t.min_worker_rating IS NULL
                 OR t.min_worker_rating <= coalesce((SELECT s.rating FROM worker_skills s
                                                      WHERE s.worker_id = $1 AND s.type = t.type), 100))
          ORDER BY price_per_answer DESC, id
          LIMIT 1 FOR UPDATE SKIP LOCKED),
       taken AS (
         UPDATE captcha_tasks t SET wanted = t.wanted - 1 FROM picked WHERE t.id = picked.id
         RETURNING t.id, t.type, t.kind, t.params, t.language, t.deadline_at),
       assigned AS (
         INSERT INTO task_assignments (task_id, worker_id, lease_until, requested_at)
         SELECT taken.id, $1, least(now() + make_interval(secs => lease.seconds), taken.deadline_at),
                least($6::timestamptz, now())
           FROM taken JOIN unnest($2::text[], $7::int[]) AS lease (type, seconds) ON lease.type = taken.type
         RETURNING id, lease_until)
       SELECT assigned.id::text AS assignment_id, assigned.lease_until, taken.type, taken.kind, taken.params,
              taken.language,
              (SELECT coalesce(json_agg(json_build_object('name', f.name, 'mime', f.mime,
                                                          'data', translate(encode(f.data, 'base64'), chr(10), ''))
                                        ORDER BY f.name), '[]'::json)
                 FROM captcha_task_files f WHERE f.task_id = taken.id) AS files
         FROM taken, assigned`,
      [workerId, plan.real, plan.languages, plan.demoOnly, DEMO_SITE_KEYS, requestedAt, leases],
    )
    const task = rows[0]
    if (!task) return null
    return {
      assignmentId: task.assignment_id,
      type: task.type,
      kind: task.kind,
      params: task.params,
      language: task.language,
      files: task.files,
      leaseUntil: new Date(task.lease_until).toISOString(),
    } satisfies Offer
  }

  /**
   * A gold (or training) task of these types this worker has not had yet (training: not yet got right, or not
   * since `since` — the suspension a retraining follows —, else since the type was closed to them).
   */
  private async offerGold(
    workerId: string,
    types: string[],
    training: boolean,
    requestedAt: Date | null = null,
    since: Date | null = null,
  ): Promise<Offer | null> {
    const { rows } = await this.db.query<{
      id: string
      type: string
      params: Record<string, unknown>
      files: { name: string; mime: string; data: string }[]
      language: string | null
    }>(
      `SELECT g.id::text, g.type, g.params, g.files, g.language FROM gold_tasks g
        WHERE g.enabled AND g.training = $3 AND g.type = ANY($2)
          AND NOT EXISTS (SELECT 1 FROM task_assignments a
                           WHERE a.gold_task_id = g.id AND a.worker_id = $1
                             AND (NOT $3 OR a.state = 'active'
                                  OR (a.correct AND a.answered_at >= coalesce($4::timestamptz,
                                        (SELECT s.suspended_at FROM worker_skills s
                                          WHERE s.worker_id = $1 AND s.type = g.type AND s.status <> 'active'),
                                        '-infinity'))))
        ORDER BY random() LIMIT 1`,
      [workerId, types, training, since],
    )
    const gold = rows[0]
    if (!gold) return null
    const lease = (await this.catalogue.get(gold.type))!.leaseSeconds
    const assignment = await this.db.query<{ id: string; lease_until: Date | string }>(
      `INSERT INTO task_assignments (gold_task_id, worker_id, lease_until, requested_at)
       VALUES ($1, $2, now() + make_interval(secs => $3), least($4::timestamptz, now()))
       RETURNING id::text, lease_until`,
      [gold.id, workerId, lease, requestedAt],
    )
    return {
      assignmentId: assignment.rows[0]!.id,
      type: gold.type,
      kind: "image",
      params: gold.params,
      language: gold.language,
      files: gold.files,
      leaseUntil: new Date(assignment.rows[0]!.lease_until).toISOString(),
    }
  }

  /**
   * The worker's active assignment, locked; refusals for someone else's or closed ones. `withTask`: its customer's
   * task too (none for a gold task), locked after it in the same statement, as an answer needs both.
   */
  private async lockAssignment(
    tx: Queryable,
    workerId: string,
    assignmentId: string,
    withTask = false,
  ): Promise<AssignmentRow & { task?: TaskRow; facts?: AnswerFacts }> {
    if (!/^\d{1,18}$/.test(assignmentId))
      throw new WorkerRefusal(404, "ASSIGNMENT_NOT_FOUND", "No such assignment")
    // A CTE, so that the assignment is locked before its task.
    const { rows } = await tx.query<Record<string, unknown>>(
      `WITH a AS (
         SELECT id, task_id, gold_task_id, worker_id, state, lease_until < now() AS expired
           FROM task_assignments WHERE id = $1 AND worker_id = $2 FOR UPDATE)
       SELECT a.id::text AS a_id, a.task_id::text AS a_task_id, a.gold_task_id::text AS a_gold_task_id,
              a.worker_id::text AS a_worker_id, a.state AS a_state, a.expired AS a_expired
              ${withTask ? `, ${ANSWER_FACTS}, t.* FROM a LEFT JOIN LATERAL (SELECT ${TASK_COLUMNS} FROM captcha_tasks WHERE id = a.task_id FOR UPDATE) t ON true` : "FROM a"}`,
      [assignmentId, workerId],
    )
    const found = rows[0]
    if (!found) throw new WorkerRefusal(404, "ASSIGNMENT_NOT_FOUND", "No such assignment of yours")
    const {
      a_id,
      a_task_id,
      a_gold_task_id,
      a_worker_id,
      a_state,
      a_expired,
      f_customer_referrer,
      f_worker_referrer,
      f_boosted,
      f_xp,
      ...task
    } = found
    const row: AssignmentRow & { task?: TaskRow; facts?: AnswerFacts } = {
      id: a_id as string,
      task_id: a_task_id as string | null,
      gold_task_id: a_gold_task_id as string | null,
      worker_id: a_worker_id as string,
      state: a_state as string,
      expired: a_expired as boolean,
    }
    if (withTask && a_task_id !== null) {
      row.task = task as unknown as TaskRow
      row.facts = {
        referrers: new Map([
          [row.task.customer_id, f_customer_referrer as string | null],
          [row.worker_id, f_worker_referrer as string | null],
        ]),
        boosted: f_boosted as boolean,
        xpCounts: f_xp as XpCounts,
      }
    }
    if (row.state !== "active")
      throw new WorkerRefusal(409, "ASSIGNMENT_CLOSED", `This assignment is already ${row.state}`)
    return row
  }

  /**
   * A worker's answer. Gold and training answers are checked against the known answers; a customer's task
   * is solved (charged, worker paid) at once, or — with 100 % recognition — when enough answers agree.
   */
  async answer(workerId: string, assignmentId: string, raw: unknown): Promise<AnswerOutcome> {
    let woke = false
    let taskId: string | undefined
    // Only a customer's task that asked for one has a pingback to deliver when it ends.
    let pingback = false
    // Read before the transaction: a reload inside it would wait for PGlite's only connection forever.
    const types = await this.catalogue.all()
    const outcome = await this.db.transaction(async (tx) => {
      const assignment = await this.lockAssignment(tx, workerId, assignmentId, true)
      if (assignment.expired) {
        await this.returnToQueue(tx, assignment, "expired")
        woke = true
        return new WorkerRefusal(
          409,
          "LEASE_EXPIRED",
          "The time for this task ran out; it went to another worker",
        )
      }
      if (assignment.gold_task_id) return this.answerGold(tx, assignment, raw)
      taskId = assignment.task_id!
      const task = assignment.task!
      pingback = task.pingback_url !== null
      if (task.state !== "open") {
        await tx.query("UPDATE task_assignments SET state = 'expired' WHERE id = $1", [assignment.id])
        return new WorkerRefusal(409, "TASK_ENDED", "This task has already ended")
      }
      const solution = this.validAnswer(task.type, task.params, raw)
      // One statement: this answer recorded, the task's count of answers and the worker's raised, and every answer
      // of the task read back (the others from before the statement, this one from its RETURNING).
      const { rows: answers } = await tx.query<TaskAnswer>(
        `WITH mine AS (
           UPDATE task_assignments SET state = 'answered', answer = $2, answered_at = now() WHERE id = $1
           RETURNING id, worker_id, answer),
         counted AS (UPDATE captcha_tasks SET solve_count = solve_count + 1 WHERE id = $3),
         accuracy AS (${countAnswerSql("answered", "$4", "$5", "$6")})
         SELECT id::text, worker_id::text, answer FROM (
           SELECT id, worker_id, answer FROM task_assignments WHERE task_id = $3 AND state = 'answered'
           UNION ALL SELECT id, worker_id, answer FROM mine) AS answers
         ORDER BY id`,
        [assignment.id, JSON.stringify(solution), task.id, workerId, task.type, task.language ?? ""],
      )
      // Scored before the task settles: an agreement that judges this very answer wrong takes its XP back.
      const facts = assignment.facts!
      const xp = await awardAnswer(tx, {
        userId: workerId,
        assignmentId: assignment.id,
        type: task.type,
        kind: "answer",
        correct: null,
        counts: facts.xpCounts,
      })
      const result = await this.settle(tx, { ...task, solve_count: task.solve_count + 1 }, answers, types, {
        worker: workerId,
        facts,
      })
      woke = result.reopened
      return {
        accepted: true as const,
        earned: result.paid.has(assignment.id) ? result.share : 0,
        currency: task.currency,
        ...(xp ? { xp: { ...xp, bonus: result.bonuses.get(assignment.id) ?? 0 } } : {}),
      }
    })
    if (woke) this.signal.wake()
    this.afterCommit(taskId, pingback)
    if (outcome instanceof WorkerRefusal) throw outcome
    return outcome
  }

  private validAnswer(type: string, params: Record<string, unknown>, raw: unknown) {
    try {
      return normaliseSolution(type, params, raw)
    } catch (error) {
      if (error instanceof TaskInputError) throw new WorkerRefusal(400, "BAD_ANSWER", error.message)
      throw error
    }
  }

  private async answerGold(tx: Queryable, assignment: AssignmentRow, raw: unknown): Promise<AnswerOutcome> {
    const { rows } = await tx.query<{
      type: string
      params: Record<string, unknown>
      answers: Record<string, unknown>[]
      training: boolean
      language: string | null
    }>("SELECT type, params, answers, training, language FROM gold_tasks WHERE id = $1", [
      assignment.gold_task_id,
    ])
    const gold = rows[0]!
    const solution = this.validAnswer(gold.type, gold.params, raw)
    const correct = gold.answers.some((known) => sameAnswer(gold.type, gold.params, solution, known))
    await tx.query(
      "UPDATE task_assignments SET state = 'answered', answer = $2, correct = $3, answered_at = now() WHERE id = $1",
      [assignment.id, JSON.stringify(solution), correct],
    )
    const workerId = assignment.worker_id
    if (!gold.training)
      await countAnswer(tx, {
        workerId,
        type: gold.type,
        language: gold.language,
        field: correct ? "gold_correct" : "gold_wrong",
      })
    if (!correct)
      await tx.query(
        `INSERT INTO worker_mistakes (worker_id, assignment_id, source, given, expected)
         VALUES ($1, $2, 'gold', $3, $4)`,
        [workerId, assignment.id, JSON.stringify(solution), JSON.stringify(gold.answers[0] ?? null)],
      )
    await reviewStanding(tx, workerId, gold.type)
    const xp = await awardAnswer(tx, {
      userId: workerId,
      assignmentId: assignment.id,
      type: gold.type,
      kind: gold.training ? "training" : "check",
      correct,
    })
    // Training tells the worker the right answer; a check task mixed into real work stays unrecognisable.
    const expected = gold.answers[0] ?? {}
    return {
      accepted: true,
      earned: 0,
      currency: "USD",
      ...(gold.training ? { training: { correct, expected } } : {}),
      ...(xp ? { xp } : {}),
    }
  }

  /**
   * After an answer to a customer's task: solved when enough answers agree (one, normally), unsolvable when
   * the most answers allowed disagree, otherwise open for more workers.
   */
  private async settle(
    tx: Queryable,
    task: TaskRow,
    answers: TaskAnswer[],
    types: Map<string, CatalogueType>,
    /** What the answer's lock read about the customer and the answering worker. */
    known: { worker: string; facts: AnswerFacts },
  ): Promise<{ paid: Set<string>; share: number; reopened: boolean; bonuses: Map<string, number> }> {
    const groups: (typeof answers)[] = []
    for (const answer of answers) {
      const group = groups.find((members) =>
        sameAnswer(task.type, task.params, members[0]!.answer, answer.answer),
      )
      if (group) group.push(answer)
      else groups.push([answer])
    }
    const best = groups.reduce((a, b) => (b.length > a.length ? b : a), [])
    if (best.length >= task.agree_needed) {
      const type = types.get(task.type)!
      const paid: PaidAnswer[] = answers.map((answer) => ({
        workerId: answer.worker_id,
        assignmentId: answer.id,
      }))
      const charged = Number(task.price_per_answer) * answers.length
      const money = taskMoney(task)
      await markSolved(tx, task, {
        solution: best[0]!.answer,
        solvedBy: best[0]!.worker_id,
        charged,
        earned: workerShare(money, type.workerSharePercent),
      })
      const share = await chargeTask(tx, money, {
        answers: answers.length,
        workerSharePercent: type.workerSharePercent,
        paid,
        referrers: known.facts.referrers,
      })
      if (task.agree_needed > 1) {
        const agreeing = best.map((answer) => answer.id)
        await tx.query(
          "UPDATE task_assignments SET correct = (id = ANY($2::bigint[])) WHERE task_id = $1 AND state = 'answered'",
          [task.id, agreeing],
        )
        // The answers the agreement judged wrong give their XP back.
        for (const answer of answers)
          if (!agreeing.includes(answer.id)) await clawBack(tx, answer.worker_id, answer.id)
      }
      // A running booster adds its per cent to each paid answer (play-and-earn).
      const bonuses = new Map<string, number>()
      if (share > 0)
        for (const answer of answers)
          bonuses.set(
            answer.id,
            await boostPay(tx, {
              workerId: answer.worker_id,
              assignmentId: answer.id,
              share,
              currency: task.currency,
              ...(answer.worker_id === known.worker ? { running: known.facts.boosted } : {}),
            }),
          )
      return { paid: new Set(answers.map((answer) => answer.id)), share, reopened: false, bonuses }
    }
    if (answers.length >= task.max_answers) {
      await endUnsolved(tx, task, "ERROR_BAD_DUPLICATES")
      return { paid: new Set(), share: 0, reopened: false, bonuses: new Map() }
    }
    const { rows } = await tx.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM task_assignments WHERE task_id = $1 AND state = 'active'",
      [task.id],
    )
    const active = rows[0]!.n
    const wanted = Math.max(
      0,
      Math.min(task.agree_needed - best.length, task.max_answers - answers.length) - active,
    )
    await tx.query("UPDATE captcha_tasks SET wanted = $2 WHERE id = $1", [task.id, wanted])
    if (wanted > 0) await this.signal.announce(tx, this.db.engine)
    return { paid: new Set(), share: 0, reopened: wanted > 0, bonuses: new Map() }
  }

  /** Skipping or "not a captcha": the task goes back to the queue for someone else. */
  async skip(workerId: string, assignmentId: string, reason: "skip" | "not_a_captcha"): Promise<void> {
    let taskId: string | undefined
    await this.db.transaction(async (tx) => {
      const assignment = await this.lockAssignment(tx, workerId, assignmentId)
      taskId = assignment.task_id ?? undefined
      // Past its lease the task is no longer this worker's to judge: it just goes back, as the sweep would.
      const late = assignment.expired
      await this.returnToQueue(
        tx,
        assignment,
        late ? "expired" : reason === "skip" ? "skipped" : "not_a_captcha",
      )
      if (late || reason !== "not_a_captcha" || !assignment.task_id) return
      const { rows } = await tx.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM task_assignments WHERE task_id = $1 AND state = 'not_a_captcha'",
        [assignment.task_id],
      )
      if (rows[0]!.n >= NOT_A_CAPTCHA_LIMIT) {
        const task = (await lockTask(tx, assignment.task_id))!
        await endUnsolved(tx, task, "ERROR_CAPTCHA_UNSOLVABLE")
      }
    })
    this.signal.wake()
    this.afterCommit(taskId)
  }

  /**
   * An offer the worker never saw (their long poll was gone when it came): it is undone, so the task goes
   * back to the queue and may still come to this worker later.
   */
  async release(workerId: string, assignmentId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const assignment = await this.lockAssignment(tx, workerId, assignmentId)
      await tx.query("DELETE FROM task_assignments WHERE id = $1", [assignment.id])
      if (assignment.task_id) {
        await tx.query("UPDATE captcha_tasks SET wanted = wanted + 1 WHERE id = $1 AND state = 'open'", [
          assignment.task_id,
        ])
        await this.signal.announce(tx, this.db.engine)
      }
    })
    this.signal.wake()
  }

  private async returnToQueue(tx: Queryable, assignment: AssignmentRow, state: string) {
    await tx.query("UPDATE task_assignments SET state = $2 WHERE id = $1", [assignment.id, state])
    if (assignment.task_id) {
      await tx.query("UPDATE captcha_tasks SET wanted = wanted + 1 WHERE id = $1 AND state = 'open'", [
        assignment.task_id,
      ])
      await this.signal.announce(tx, this.db.engine)
    }
  }

  /** The worker is still at it: the lease of the active assignment is renewed (never past the deadline). */
  async heartbeat(workerId: string, assignmentId?: string): Promise<{ leaseUntil: string | null }> {
    if (!assignmentId) return { leaseUntil: null }
    return this.db.transaction(async (tx) => {
      const assignment = await this.lockAssignment(tx, workerId, assignmentId)
      if (assignment.expired) throw new WorkerRefusal(409, "LEASE_EXPIRED", "The time for this task ran out")
      const { rows: limits } = await tx.query<{ lease_seconds: number; deadline_at: Date | string | null }>(
        `SELECT c.lease_seconds, t.deadline_at FROM task_assignments a
           LEFT JOIN captcha_tasks t ON t.id = a.task_id
           LEFT JOIN gold_tasks g ON g.id = a.gold_task_id
           JOIN captcha_types c ON c.code = coalesce(t.type, g.type)
          WHERE a.id = $1`,
        [assignment.id],
      )
      const { rows } = await tx.query<{ lease_until: Date | string }>(
        `UPDATE task_assignments
            SET lease_until = least(now() + make_interval(secs => $2), coalesce($3::timestamptz, 'infinity'))
          WHERE id = $1 RETURNING lease_until`,
        [assignment.id, limits[0]!.lease_seconds, limits[0]!.deadline_at],
      )
      return { leaseUntil: new Date(rows[0]!.lease_until).toISOString() }
    })
  }

  /** Leases that ran out: the tasks go back to the queue. */
  async expireLeases(): Promise<void> {
    const { rows } = await this.db.transaction((tx) =>
      tx.query<{ id: string }>(
        `WITH expired AS (
           UPDATE task_assignments SET state = 'expired'
            WHERE state = 'active' AND lease_until < now() RETURNING task_id),
         counts AS (SELECT task_id, count(*)::int AS n FROM expired WHERE task_id IS NOT NULL GROUP BY task_id)
         UPDATE captcha_tasks t SET wanted = t.wanted + counts.n FROM counts
          WHERE t.id = counts.task_id AND t.state = 'open'
         RETURNING t.id::text`,
      ),
    )
    if (rows.length > 0) {
      await this.signal.announce(this.db, this.db.engine)
      this.signal.wake(rows.length)
    }
  }

  /** A customer's report on a solved task: the worker who solved it gains or loses standing. */
  async recordReport(tx: Queryable, task: TaskRow, verdict: "good" | "bad") {
    const { rows } = await tx.query<{ id: string; worker_id: string; answer: unknown }>(
      `SELECT a.id::text, a.worker_id::text, a.answer FROM task_assignments a
         JOIN captcha_tasks t ON t.id = a.task_id AND t.solved_by = a.worker_id
        WHERE a.task_id = $1 AND a.state = 'answered'`,
      [task.id],
    )
    const solver = rows[0]
    if (!solver) return
    await tx.query("UPDATE task_assignments SET correct = $2 WHERE id = $1", [solver.id, verdict === "good"])
    await countAnswer(tx, {
      workerId: solver.worker_id,
      type: task.type,
      language: task.language,
      field: verdict === "good" ? "reported_good" : "reported_bad",
    })
    await changeRating(tx, solver.worker_id, task.type, verdict)
    if (verdict === "bad") {
      await tx.query(
        `INSERT INTO worker_mistakes (worker_id, assignment_id, source, given) VALUES ($1, $2, 'report', $3)
         ON CONFLICT (assignment_id) DO NOTHING`,
        [solver.worker_id, solver.id, JSON.stringify(solver.answer)],
      )
      await clawBack(tx, solver.worker_id, solver.id)
      await reviewStanding(tx, solver.worker_id, task.type)
    }
  }

  /**
   * A training task of this type that the worker has not answered right yet; null when the type is open to the
   * worker already, has no training tasks, or none is left. A worker suspended from the type retrains: tasks
   * they answered right before the suspension come again.
   */
  async trainingClaim(workerId: string, type: string): Promise<Offer | null> {
    const catalogued = await this.catalogue.get(type)
    if (!catalogued) throw new WorkerRefusal(400, "UNKNOWN_TYPE", `Unknown task type: ${type}`)
    if (!catalogued.enabled || catalogued.kind !== "image") return null
    const status = await skillStatus(this.db, workerId, type)
    if (status === "active") return null
    const since = await suspendedSince(this.db, workerId, type)
    return this.offerGold(workerId, [type], true, null, since)
  }
}
