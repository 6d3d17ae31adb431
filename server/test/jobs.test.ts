import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import { Jobs, untilMidSlot } from "../src/modules/jobs/jobs"
import { engines } from "./databases"

const waitFor = async (condition: () => boolean | Promise<boolean>, timeoutMs = 15_000) => {
  const until = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > until) throw new Error("condition not met in time")
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

interface JobRow {
  state: string
  retry_count: number
  singleton_on: Date | null
  output: Record<string, unknown> | null
}

describe("untilMidSlot", () => {
  it("waits for the middle of the next slot", () => {
    expect(untilMidSlot(1000, 10_000)).toBe(500)
    expect(untilMidSlot(1000, 10_499)).toBe(1)
    expect(untilMidSlot(1000, 10_500)).toBe(1000)
    expect(untilMidSlot(1000, 10_900)).toBe(600)
    expect(untilMidSlot(3_600_000, 3_600_000 + 1_800_001)).toBe(3_599_999)
  })
})

describe.each(engines)("background jobs on $name", (engine) => {
  let db: Database
  let drop: () => Promise<void>
  const problems: { details: object; message: string }[] = []
  const log = {
    warn: (details: object, message: string) => problems.push({ details, message }),
    error: (details: object, message: string) => problems.push({ details, message }),
  }
  const jobsOf = async (name: string) =>
    (
      await db.query<JobRow>(
        `SELECT state, retry_count, singleton_on, output FROM pgboss.job WHERE name = $1
         UNION ALL SELECT state, retry_count, singleton_on, output FROM pgboss.archive WHERE name = $1
         ORDER BY singleton_on NULLS LAST`,
        [name],
      )
    ).rows

  beforeAll(async () => {
    ;({ db, drop } = await engine.create())
  })
  afterAll(() => drop())

  it("runs a periodic job once per slot although two processes' queues ask for it", async () => {
    // Two Jobs on one database stand for two server processes: each asks every second and polls.
    const runs: string[] = []
    const [one, two] = ["one", "two"].map(
      () => new Jobs({ db, log, pollSeconds: 1, maintenanceSeconds: 3600 }),
    ) as [Jobs, Jobs]
    await one.start()
    await two.start()
    const started = Date.now()
    try {
      for (const [label, jobs] of [["one", one] as const, ["two", two] as const])
        await jobs.every("tick", { seconds: 1, immediately: true }, async () => {
          runs.push(label)
          return { label }
        })
      await waitFor(async () => (await jobsOf("tick")).filter((job) => job.state === "completed").length >= 4)
    } finally {
      await Promise.all([one.stop(), two.stop()])
    }
    const elapsedSlots = Math.ceil((Date.now() - started) / 1000) + 1
    const jobs = await jobsOf("tick")
    const slots = jobs.map((job) => new Date(job.singleton_on!).getTime())
    // One job per slot of one second, each run once, by one of the two.
    expect(new Set(slots).size).toBe(slots.length)
    expect(slots.every((slot) => slot % 1000 === 0)).toBe(true)
    expect(jobs.every((job) => job.state === "completed")).toBe(true)
    expect(runs).toHaveLength(jobs.length)
    expect(jobs.length).toBeLessThanOrEqual(elapsedSlots)
    expect(jobs.map((job) => job.output!.label).sort()).toEqual([...runs].sort())
    expect(problems).toEqual([])
  })

  it("retries a run that throws, with growing delays, and keeps the outcome in the database", async () => {
    const calls: { at: number; startAfter: number | null }[] = []
    const jobs = new Jobs({ db, log, pollSeconds: 1, maintenanceSeconds: 3600 })
    await jobs.start()
    try {
      await jobs.every(
        "flaky",
        { seconds: 3600, immediately: true, retryLimit: 2, retryDelaySeconds: 1 },
        async () => {
          const { rows } = await db.query<{ start_after: Date }>(
            "SELECT start_after FROM pgboss.job WHERE name = 'flaky' AND state = 'active'",
          )
          calls.push({ at: Date.now(), startAfter: new Date(rows[0]!.start_after).getTime() })
          if (calls.length < 3) throw new Error(`flaky failure ${calls.length}`)
          return { calls: calls.length }
        },
      )
      await waitFor(async () => (await jobsOf("flaky"))[0]?.state === "completed")
    } finally {
      await jobs.stop()
    }
    expect(calls).toHaveLength(3)
    // pg-boss's backoff: retryDelay × 2^(n-1) × (1 + random) after the n-th failure.
    const delays = [1, 2].map((n) => (calls[n]!.startAfter! - calls[n - 1]!.at) / 1000)
    expect(delays[0]).toBeGreaterThanOrEqual(0.9)
    expect(delays[0]).toBeLessThanOrEqual(2.2)
    expect(delays[1]).toBeGreaterThanOrEqual(1.9)
    expect(delays[1]).toBeLessThanOrEqual(4.2)
    const [job] = await jobsOf("flaky")
    expect(job).toMatchObject({ state: "completed", retry_count: 2, output: { calls: 3, pid: process.pid } })
    expect(problems.map((problem) => problem.message)).toEqual([
      "background job failed; it will be retried",
      "background job failed; it will be retried",
    ])
    expect(problems.map((problem) => (problem.details as { err: Error }).err.message)).toEqual([
      "flaky failure 1",
      "flaky failure 2",
    ])
    problems.length = 0
  })

  it("stops after the running job ends, and then asks and runs nothing more", async () => {
    let release!: () => void
    const running = new Promise<void>((resolve) => (release = resolve))
    let began = false
    let calls = 0
    const jobs = new Jobs({ db, log, pollSeconds: 1, maintenanceSeconds: 3600 })
    await jobs.start()
    await jobs.every("slow", { seconds: 1, immediately: true }, async () => {
      calls++
      began = true
      await running
    })
    await waitFor(() => began)
    let stopped = false
    const stopping = jobs.stop().then(() => (stopped = true))
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(stopped).toBe(false)
    release()
    await stopping
    const [job] = await jobsOf("slow")
    expect(job).toMatchObject({ state: "completed" })
    const count = (await jobsOf("slow")).length
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect((await jobsOf("slow")).length).toBe(count)
    expect(calls).toBe(1)
    jobs.runSoon("slow")
    expect(await jobs.ask("slow")).toBe(null)
    expect(problems).toEqual([])
  })
})
