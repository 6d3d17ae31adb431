import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import { type ApiClient, ApiRefusal, type CaptchaEngine } from "../src/modules/captcha/engine"
import { parseV2Task } from "../src/modules/captcha/parse-v2"
import { WorkerRefusal } from "../src/modules/dispatch/queue"
import { checkLedger, ledgerAccount } from "../src/modules/ledger/ledger"
import { giveApiKey, giveCredit, newUser, pngImage, userId } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

// A 24 × 12 PNG: big enough for the image checks (over 100 bytes), small enough to store often.
const PNG = pngImage(24, 12).toString("base64")
const IMAGE = "ImageToTextTask"
const TOKEN = "TurnstileTask"
const TEXTS = ["abc", "xyz"] as const
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36"
/** The three customers: demo customer (plain), demo developer (100 % recognition), a third with little money. */
const CUSTOMER_EMAILS = ["customer@demo.manyhands.dev", "developer@demo.manyhands.dev", "thrifty@example.com"]
const RECOGNITION_CUSTOMER = 1
const THRIFTY = 2
const WORKER_EMAILS = ["worker@demo.manyhands.dev", "worker2@example.com", "worker3@example.com"]
const LATE_CODES = ["LEASE_EXPIRED", "TASK_ENDED", "ASSIGNMENT_CLOSED"]
/** Reports: at most this share of a customer's last 100 solved tasks may be bad (engine.ts, captcha-api §1.6). */
const REPORT_MAX_SHARE = 0.4

const tasks = {
  image: parseV2Task({ type: IMAGE, body: PNG }, {}),
  token: parseV2Task(
    {
      type: "TurnstileTaskProxyless",
      websiteURL: "https://example.com/login",
      websiteKey: "0x4AAAAAAAB1cdEfGhIjk",
    },
    {},
  ),
}

const arbitraryOp = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ op: fc.constant("submit" as const), customer: fc.nat(2), token: fc.boolean() }),
  },
  {
    weight: 6,
    arbitrary: fc.record({ op: fc.constant("claim" as const), worker: fc.nat(2), tokens: fc.boolean() }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant("answer" as const),
      pick: fc.nat(30),
      text: fc.constantFrom(...TEXTS),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("skip" as const),
      pick: fc.nat(30),
      reason: fc.constantFrom("skip" as const, "not_a_captcha" as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant("expireLease" as const), pick: fc.nat(30), sweep: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("expireDeadline" as const),
      pick: fc.nat(30),
      via: fc.constantFrom("sweep" as const, "result" as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("report" as const),
      pick: fc.nat(30),
      verdict: fc.constantFrom("good" as const, "bad" as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("lateAnswer" as const), pick: fc.nat(30) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("result" as const), pick: fc.nat(30) }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant("grant" as const), amount: fc.integer({ min: 100, max: 600 }) }),
  },
)
type Op = typeof arbitraryOp extends fc.Arbitrary<infer T> ? T : never

const arbitraryRecognition = fc.constantFrom(
  { agree: 2, maxAnswers: 2 },
  { agree: 2, maxAnswers: 3 },
  { agree: 3, maxAnswers: 3 },
)
type Recognition = { agree: number; maxAnswers: number }

interface ModelTask {
  id: string
  customer: number
  type: string
  price: number
  agree: number
  maxAnswers: number
  answers: { worker: number; text: string }[]
  notACaptcha: number
  /** Workers who were ever given the task: none of them gets it again. */
  holders: Set<number>
  state: "open" | "solved" | "unsolvable"
  errorCode: string | null
  charged: number
  report: "good" | "bad" | null
}

interface ModelAssignment {
  id: string
  worker: number
  task: ModelTask
  /** lapsed: the lease ran out but no sweep has closed it yet. */
  state: "active" | "lapsed" | "closed"
}

interface ModelCustomer {
  posted: number
  held: number
  /** Solved tasks, for the share of bad reports. */
  solved: { id: string; report: "good" | "bad" | null }[]
}

interface Run {
  clients: ApiClient[]
  customers: ModelCustomer[]
  earnings: number[]
  tasks: ModelTask[]
  assignments: ModelAssignment[]
}

const refusalCode = async (work: Promise<unknown>): Promise<string | null> => {
  try {
    await work
  } catch (error) {
    if (error instanceof ApiRefusal || error instanceof WorkerRefusal) return error.code
    throw error
  }
  return null
}

const pickFrom = <T>(items: T[], pick: number): T | undefined => items[pick % Math.max(items.length, 1)]

const largestAgreement = (task: ModelTask) =>
  Math.max(0, ...TEXTS.map((text) => task.answers.filter((answer) => answer.text === text).length))

/** Answers the task still needs: agreeing ones, bounded by the answers it may still take. */
const stillNeeded = (task: ModelTask) =>
  Math.max(0, Math.min(task.agree - largestAgreement(task), task.maxAnswers - task.answers.length))

const solutionOf = (type: string, text: string) =>
  type === IMAGE ? { text } : { token: `token-${text}-0123456789`, userAgent: USER_AGENT }

describe.each(engines)("the captcha engine on $name", (engine) => {
  let db: Database
  let stop: () => Promise<void>
  let captcha: CaptchaEngine
  const keys: string[] = []
  const customerIds: string[] = []
  const customerAccounts: string[] = []
  const workerIds: string[] = []
  const workerAccounts: string[] = []

  /** The demo accounts exist already; the others are made here. */
  const account = (email: string, userType: "customer" | "worker") =>
    email.endsWith("@demo.manyhands.dev") ? userId(db, email) : newUser(db, email, userType)

  beforeAll(async () => {
    const started = await startTestApp(engine)
    ;({ db, stop } = started)
    captcha = started.app.captchaEngine
    for (const email of CUSTOMER_EMAILS) {
      const id = await account(email, "customer")
      customerIds.push(id)
      keys.push(await giveApiKey(db, email))
      customerAccounts.push(
        await ledgerAccount(db, { userId: id, purpose: "customer_balance", currency: "USD" }),
      )
    }
    // Two image tasks' worth: zero-balance refusals come soon, grants top it up now and then.
    await giveCredit(db, customerIds[THRIFTY]!, 1000)
    for (const email of WORKER_EMAILS) {
      const id = await account(email, "worker")
      workerIds.push(id)
      workerAccounts.push(
        await ledgerAccount(db, { userId: id, purpose: "worker_earnings", currency: "USD" }),
      )
    }
  })
  afterAll(() => stop())

  /**
   * Two rounds: a round the one-second timer already started may have looked for due tasks before our change,
   * and sweep() hands back that round instead of starting another.
   */
  const sweepFully = async (run?: Run) => {
    await captcha.sweep()
    await captcha.sweep()
    for (const assignment of run?.assignments ?? [])
      if (assignment.state === "lapsed") assignment.state = "closed"
  }

  const balances = async (accounts: string[]) => {
    const { rows } = await db.query<{ id: string; posted: string; held: string }>(
      `SELECT id::text, (credits_posted - debits_posted)::text AS posted, debits_pending::text AS held
         FROM ledger_accounts WHERE id = ANY($1::bigint[])`,
      [accounts],
    )
    const byId = new Map(rows.map((row) => [row.id, { posted: Number(row.posted), held: Number(row.held) }]))
    return accounts.map((account) => byId.get(account)!)
  }

  /** Ends whatever an earlier run (or a shrunk one) left open, and reads the model's starting point. */
  const startRun = async (recognition: Recognition): Promise<Run> => {
    await db.query("UPDATE captcha_tasks SET deadline_at = now() - interval '1 second' WHERE state = 'open'")
    await db.query(
      "UPDATE task_assignments SET lease_until = now() - interval '1 second' WHERE state = 'active'",
    )
    await sweepFully()
    const open = await db.query("SELECT 1 FROM captcha_tasks WHERE state = 'open'")
    expect(open.rows).toHaveLength(0)
    await db.query("UPDATE users SET recognition_agree = $2, recognition_max_answers = $3 WHERE id = $1", [
      customerIds[RECOGNITION_CUSTOMER],
      recognition.agree,
      recognition.maxAnswers,
    ])
    const clients = await Promise.all(keys.map((key) => captcha.authenticate(key, "127.0.0.1")))
    const customers: ModelCustomer[] = []
    for (const [index, balance] of (await balances(customerAccounts)).entries()) {
      const { rows } = await db.query<{ id: string; report: "good" | "bad" | null }>(
        "SELECT id::text, report FROM captcha_tasks WHERE customer_id = $1 AND state = 'solved'",
        [customerIds[index]],
      )
      customers.push({ ...balance, solved: rows })
    }
    const earnings = (await balances(workerAccounts)).map((balance) => balance.posted)
    return { clients, customers, earnings, tasks: [], assignments: [] }
  }

  const endTask = (run: Run, task: ModelTask, outcome: { solvedBy?: string; errorCode?: string }) => {
    const customer = run.customers[task.customer]!
    customer.held -= task.price * task.maxAnswers
    for (const assignment of run.assignments)
      if (assignment.task === task && assignment.state !== "closed") assignment.state = "closed"
    if (outcome.errorCode) {
      task.state = "unsolvable"
      task.errorCode = outcome.errorCode
      return
    }
    task.state = "solved"
    task.charged = task.price * task.answers.length
    customer.posted -= task.charged
    customer.solved.push(task)
  }

  const submit = async (run: Run, { customer, token }: { customer: number; token: boolean }) => {
    const client = run.clients[customer]!
    const task = token ? tasks.token : tasks.image
    const price = (await captcha.catalogue.get(task.type))!.prices.USD!
    const recognition = client.recognition && !token ? client.recognition : { agree: 1, maxAnswers: 1 }
    const balance = run.customers[customer]!
    const affordable = balance.posted - balance.held >= price * recognition.maxAnswers
    let id = ""
    const code = await refusalCode(
      captcha.submit(client, task, { api: "v2", ip: "127.0.0.1" }).then((created) => (id = created.id)),
    )
    expect(code).toBe(affordable ? null : "ERROR_ZERO_BALANCE")
    if (!affordable) return
    balance.held += price * recognition.maxAnswers
    run.tasks.push({
      id,
      customer,
      type: task.type,
      price,
      ...recognition,
      answers: [],
      notACaptcha: 0,
      holders: new Set(),
      state: "open",
      errorCode: null,
      charged: 0,
      report: null,
    })
  }

  const claim = async (run: Run, { worker, tokens }: { worker: number; tokens: boolean }) => {
    const offer = await captcha.workers.claim(workerIds[worker]!, {
      waitMs: 0,
      ...(tokens ? { types: [IMAGE, TOKEN] } : {}),
    })
    const takeable = (task: ModelTask) =>
      task.state === "open" && !task.holders.has(worker) && (tokens || task.type === IMAGE)
    if (!offer) {
      // Nothing offered: then no task this worker may take wants a worker.
      const { rows } = await db.query<{ id: string; wanted: number }>(
        "SELECT id::text, wanted FROM captcha_tasks WHERE id = ANY($1::bigint[]) AND wanted > 0",
        [run.tasks.filter(takeable).map((task) => task.id)],
      )
      expect(rows).toEqual([])
      return
    }
    const { rows } = await db.query<{ task_id: string }>(
      "SELECT task_id::text FROM task_assignments WHERE id = $1",
      [offer.assignmentId],
    )
    const task = run.tasks.find((candidate) => candidate.id === rows[0]?.task_id)
    expect(task && takeable(task), `offer of task ${rows[0]?.task_id} to worker ${worker}`).toBe(true)
    expect(offer.type).toBe(task!.type)
    if (task!.type === IMAGE) expect(offer.files.map((file) => file.data)).toEqual([PNG])
    task!.holders.add(worker)
    run.assignments.push({ id: offer.assignmentId, worker, task: task!, state: "active" })
  }

  const answer = async (run: Run, { pick, text }: { pick: number; text: string }) => {
    const assignment = pickFrom(
      run.assignments.filter((candidate) => candidate.state === "active"),
      pick,
    )
    if (!assignment) return
    const { task, worker } = assignment
    const outcome = await captcha.workers.answer(
      workerIds[worker]!,
      assignment.id,
      solutionOf(task.type, text),
    )
    assignment.state = "closed"
    task.answers.push({ worker, text })
    const share = Math.floor(
      (task.price * (await captcha.catalogue.get(task.type))!.workerSharePercent) / 100,
    )
    let earned = 0
    if (largestAgreement(task) >= task.agree) {
      endTask(run, task, {})
      for (const paid of task.answers) run.earnings[paid.worker]! += share
      earned = share
    } else if (task.answers.length >= task.maxAnswers) {
      endTask(run, task, { errorCode: "ERROR_BAD_DUPLICATES" })
    }
    expect(outcome).toMatchObject({ accepted: true, earned })
  }

  const skip = async (run: Run, { pick, reason }: { pick: number; reason: "skip" | "not_a_captcha" }) => {
    const assignment = pickFrom(
      run.assignments.filter((candidate) => candidate.state === "active"),
      pick,
    )
    if (!assignment) return
    await captcha.workers.skip(workerIds[assignment.worker]!, assignment.id, reason)
    assignment.state = "closed"
    if (reason === "not_a_captcha" && ++assignment.task.notACaptcha >= 2)
      endTask(run, assignment.task, { errorCode: "ERROR_CAPTCHA_UNSOLVABLE" })
  }

  const expireLease = async (run: Run, { pick, sweep }: { pick: number; sweep: boolean }) => {
    const assignment = pickFrom(
      run.assignments.filter((candidate) => candidate.state === "active"),
      pick,
    )
    if (!assignment) return
    await db.query("UPDATE task_assignments SET lease_until = now() - interval '1 second' WHERE id = $1", [
      assignment.id,
    ])
    assignment.state = "lapsed"
    if (sweep) await sweepFully(run)
  }

  const expireDeadline = async (run: Run, { pick, via }: { pick: number; via: "sweep" | "result" }) => {
    const task = pickFrom(
      run.tasks.filter((candidate) => candidate.state === "open"),
      pick,
    )
    if (!task) return
    await db.query("UPDATE captcha_tasks SET deadline_at = now() - interval '1 second' WHERE id = $1", [
      task.id,
    ])
    const errorCode = task.answers.length > 0 ? "ERROR_BAD_DUPLICATES" : "ERROR_CAPTCHA_UNSOLVABLE"
    endTask(run, task, { errorCode })
    if (via === "sweep") await sweepFully(run)
    else
      expect(await captcha.result(run.clients[task.customer]!, task.id)).toEqual({
        state: "failed",
        code: errorCode,
      })
  }

  const tooManyBadReports = (customer: ModelCustomer) => {
    const recent = [...customer.solved].sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1)).slice(0, 100)
    const bad = recent.filter((task) => task.report === "bad").length
    return recent.length >= 10 && (bad + 1) / recent.length > REPORT_MAX_SHARE
  }

  const report = async (run: Run, { pick, verdict }: { pick: number; verdict: "good" | "bad" }) => {
    const task = pickFrom(run.tasks, pick)
    if (!task) return
    const customer = run.customers[task.customer]!
    const expected = task.report
      ? "ERROR_DUPLICATE_REPORT"
      : task.state !== "solved" || task.agree > 1 || (verdict === "bad" && tooManyBadReports(customer))
        ? "ERROR_REPORT_NOT_RECORDED"
        : null
    expect(await refusalCode(captcha.report(run.clients[task.customer]!, task.id, verdict))).toBe(expected)
    if (expected) return
    task.report = verdict
    if (verdict === "bad") customer.posted += task.charged
  }

  const lateAnswer = async (run: Run, { pick }: { pick: number }) => {
    const assignment = pickFrom(
      run.assignments.filter((candidate) => candidate.state !== "active"),
      pick,
    )
    if (!assignment) return
    const code = await refusalCode(
      captcha.workers.answer(
        workerIds[assignment.worker]!,
        assignment.id,
        solutionOf(assignment.task.type, "abc"),
      ),
    )
    if (assignment.state === "closed") expect(code).toBe("ASSIGNMENT_CLOSED")
    else expect(LATE_CODES).toContain(code)
    assignment.state = "closed"
  }

  const result = async (run: Run, { pick }: { pick: number }) => {
    const task = pickFrom(run.tasks, pick)
    if (!task) return
    const seen = await captcha.result(run.clients[task.customer]!, task.id)
    if (task.state === "open") expect(seen).toEqual({ state: "processing" })
    else if (task.state === "unsolvable") expect(seen).toEqual({ state: "failed", code: task.errorCode })
    else {
      const agreed = TEXTS.find(
        (text) => task.answers.filter((answer) => answer.text === text).length >= task.agree,
      )!
      expect(seen).toMatchObject({
        state: "ready",
        cost: task.charged,
        currency: "USD",
        solveCount: task.answers.length,
        solution: task.type === IMAGE ? { text: agreed } : { token: solutionOf(TOKEN, agreed).token },
      })
    }
  }

  const perform = async (run: Run, action: Op) => {
    switch (action.op) {
      case "submit":
        return submit(run, action)
      case "claim":
        return claim(run, action)
      case "answer":
        return answer(run, action)
      case "skip":
        return skip(run, action)
      case "expireLease":
        return expireLease(run, action)
      case "expireDeadline":
        return expireDeadline(run, action)
      case "report":
        return report(run, action)
      case "lateAnswer":
        return lateAnswer(run, action)
      case "result":
        return result(run, action)
      case "grant":
        await giveCredit(db, customerIds[THRIFTY]!, action.amount)
        run.customers[THRIFTY]!.posted += action.amount
    }
  }

  /** The money and queue invariants, over every task in the database; failures are listed, not thrown one by one. */
  const invariantProblems = async (): Promise<string[]> => {
    const problems = (await checkLedger(db)).problems
    const overdrawn = await db.query<{ id: string }>(
      `SELECT id::text FROM ledger_accounts WHERE purpose IN ('customer_balance', 'worker_earnings')
          AND credits_posted - debits_posted - debits_pending < 0`,
    )
    for (const { id } of overdrawn.rows) problems.push(`account ${id} is overdrawn`)
    const twice = await db.query<{ task_id: string; worker_id: string }>(
      `SELECT task_id::text, worker_id::text FROM task_assignments WHERE task_id IS NOT NULL
        GROUP BY task_id, worker_id HAVING count(*) > 1`,
    )
    for (const row of twice.rows) problems.push(`worker ${row.worker_id} has task ${row.task_id} twice`)
    const { rows } = await db.query<{
      id: string
      state: string
      charged: string
      wanted: number
      max_answers: number
      hold: string | null
      full_hold: string
      posts: number
      voids: number
      post_amount: string | null
      active: number
      answered: number
    }>(
      `SELECT t.id::text, t.state, t.charged::text, t.wanted, t.max_answers, h.amount::text AS hold,
              (t.price_per_answer * t.max_answers)::text AS full_hold,
              (SELECT count(*) FROM ledger_transfers r WHERE r.pending_id = h.id AND r.kind = 'post_pending')::int AS posts,
              (SELECT count(*) FROM ledger_transfers r WHERE r.pending_id = h.id AND r.kind = 'void_pending')::int AS voids,
              (SELECT max(r.amount)::text FROM ledger_transfers r WHERE r.pending_id = h.id AND r.kind = 'post_pending')
                AS post_amount,
              (SELECT count(*) FROM task_assignments a WHERE a.task_id = t.id AND a.state = 'active')::int AS active,
              (SELECT count(*) FROM task_assignments a WHERE a.task_id = t.id AND a.state = 'answered')::int AS answered
         FROM captcha_tasks t
         LEFT JOIN ledger_transfers h ON h.idempotency_key = 'task:' || t.id || ':hold' AND h.kind = 'pending'`,
    )
    for (const task of rows) {
      const name = `task ${task.id} (${task.state})`
      if (task.hold !== task.full_hold) problems.push(`${name}: hold ${task.hold}, not ${task.full_hold}`)
      const resolutions = { open: [0, 0], solved: [1, 0], unsolvable: [0, 1] }[task.state] ?? [-1, -1]
      if (task.posts !== resolutions[0] || task.voids !== resolutions[1])
        problems.push(`${name}: ${task.posts} posts and ${task.voids} voids of its hold`)
      if (task.charged !== (task.post_amount ?? "0"))
        problems.push(`${name}: charged ${task.charged}, posted ${task.post_amount}`)
      if (task.wanted + task.active > task.max_answers)
        problems.push(
          `${name}: wanted ${task.wanted} + ${task.active} active > ${task.max_answers} answers at most`,
        )
      if (task.wanted + task.active + task.answered > task.max_answers)
        problems.push(
          `${name}: wanted ${task.wanted} + ${task.active} active + ${task.answered} answered > ${task.max_answers}`,
        )
      if (task.state !== "open" && task.wanted + task.active > 0)
        problems.push(`${name}: still wants ${task.wanted} workers and has ${task.active} active`)
    }
    return problems
  }

  /** The database against the model: every task's state and charge, every customer's and worker's money. */
  const modelProblems = async (run: Run): Promise<string[]> => {
    const problems: string[] = []
    const { rows } = await db.query<{
      id: string
      state: string
      charged: string
      error_code: string | null
      wanted: number
      active: number
    }>(
      `SELECT t.id::text, t.state, t.charged::text, t.error_code, t.wanted,
              (SELECT count(*) FROM task_assignments a WHERE a.task_id = t.id AND a.state = 'active')::int AS active
         FROM captcha_tasks t WHERE t.id = ANY($1::bigint[])`,
      [run.tasks.map((task) => task.id)],
    )
    const stored = new Map(rows.map((row) => [row.id, row]))
    for (const task of run.tasks) {
      const row = stored.get(task.id)
      const seen = `${row?.state}/${row?.charged}/${row?.error_code}`
      const expected = `${task.state}/${task.charged}/${task.errorCode}`
      if (seen !== expected) problems.push(`task ${task.id}: ${seen}, expected ${expected}`)
      // A task that still needs answers either wants a worker or has one at it: it is never stranded.
      if (row && task.state === "open" && row.wanted + row.active < stillNeeded(task))
        problems.push(
          `task ${task.id}: needs ${stillNeeded(task)}, wants ${row.wanted} with ${row.active} active`,
        )
    }
    for (const [index, balance] of (await balances(customerAccounts)).entries()) {
      const model = run.customers[index]!
      if (balance.posted !== model.posted || balance.held !== model.held)
        problems.push(
          `customer ${index}: posted ${balance.posted} held ${balance.held}, expected ${model.posted} / ${model.held}`,
        )
    }
    for (const [index, balance] of (await balances(workerAccounts)).entries())
      if (balance.posted !== run.earnings[index])
        problems.push(`worker ${index}: earned ${balance.posted}, expected ${run.earnings[index]}`)
    return problems
  }

  // The catalogue is cached for ten seconds; a reload inside a claim's or an answer's transaction used to wait
  // for PGlite's only connection forever. Worker 1 long-polls while the cache lapses and worker 0's lease runs out.
  it("claims and answers without waiting forever when the catalogue cache lapses", async () => {
    const run = await startRun({ agree: 2, maxAnswers: 2 })
    await submit(run, { customer: 0, token: false })
    await claim(run, { worker: 0, tokens: false })
    const waiting = captcha.workers.claim(workerIds[1]!, { waitMs: 10_000 })
    captcha.catalogue.forget()
    await expireLease(run, { pick: 0, sweep: true })
    const offer = await waiting
    expect(offer?.type).toBe(IMAGE)
    captcha.catalogue.forget()
    const outcome = await captcha.workers.answer(workerIds[1]!, offer!.assignmentId, { text: "abc" })
    expect(outcome.earned).toBeGreaterThan(0)
    expect(await invariantProblems()).toEqual([])
  }, 20_000)

  // The property: random interleavings of submit, claim, answer, expiry, skip and report; after each
  // command the ledger reconciles, nobody is overdrawn, every hold is posted or voided at most once (solved:
  // one post of what was charged, unsolvable: one void), no worker has a task twice, no task wants more
  // workers than it may take answers, and every customer's and worker's money matches a simple model.
  it("keeps the money and the queue right under random interleavings of the whole task life", async () => {
    let steps = 0
    await fc.assert(
      fc.asyncProperty(
        arbitraryRecognition,
        fc.array(arbitraryOp, { minLength: 10, maxLength: 40, size: "max" }),
        async (recognition, ops) => {
          const run = await startRun(recognition)
          for (const [index, action] of ops.entries()) {
            await perform(run, action)
            steps += 1
            const problems = [...(await invariantProblems()), ...(await modelProblems(run))]
            expect(problems, `after step ${index}: ${JSON.stringify(action)}`).toEqual([])
          }
        },
      ),
      {
        numRuns: 15,
        examples: [
          // Solved, reported bad (refund), answered again after the end.
          [
            { agree: 2, maxAnswers: 3 },
            [
              { op: "submit", customer: 0, token: false },
              { op: "claim", worker: 0, tokens: false },
              { op: "answer", pick: 0, text: "abc" },
              { op: "report", pick: 0, verdict: "bad" },
              { op: "lateAnswer", pick: 0 },
            ],
          ],
          // 100 % recognition: two answers disagree, the third agrees with one; a lapsed lease in between.
          [
            { agree: 2, maxAnswers: 3 },
            [
              { op: "submit", customer: 1, token: false },
              { op: "claim", worker: 0, tokens: false },
              { op: "claim", worker: 1, tokens: false },
              { op: "answer", pick: 0, text: "abc" },
              { op: "expireLease", pick: 0, sweep: false },
              { op: "lateAnswer", pick: 1 },
              { op: "claim", worker: 2, tokens: false },
              { op: "answer", pick: 0, text: "abc" },
              { op: "result", pick: 0 },
            ],
          ],
          // The thrifty customer runs dry; a token task expires with its worker still at it.
          [
            { agree: 2, maxAnswers: 2 },
            [
              { op: "submit", customer: 2, token: false },
              { op: "submit", customer: 2, token: false },
              { op: "submit", customer: 2, token: true },
              { op: "submit", customer: 0, token: true },
              { op: "claim", worker: 1, tokens: true },
              { op: "expireDeadline", pick: 0, via: "result" },
              { op: "lateAnswer", pick: 0 },
            ],
          ],
        ],
      },
    )
    expect(steps).toBeGreaterThan(100)
  }, 120_000)
})
