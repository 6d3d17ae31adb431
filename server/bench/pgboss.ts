// The yardstick: bare pg-boss create → fetch → complete of no-op jobs on the same PostgreSQL.
import { randomBytes } from "node:crypto"
import { performance } from "node:perf_hooks"
import pg from "pg"
import PgBoss from "pg-boss"
import { sleep } from "./support"

export interface PgBossPlan {
  connectionString: string
  jobs: number
  /** Concurrent senders (like the customers' tasks in flight) and fetch-and-complete loops (like workers). */
  producers: number
  consumers: number
  poolSize: number
}

export interface PgBossResult {
  jobs: number
  elapsedMs: number
  /** From send's answer to the fetch that returned the job, ms (0 if the fetch came first). */
  sendToFetch: number[]
}

const QUEUE = "bench"

export async function timePgBoss(plan: PgBossPlan): Promise<PgBossResult> {
  const schema = `bench_pgboss_${randomBytes(4).toString("hex")}`
  const boss = new PgBoss({
    connectionString: plan.connectionString,
    schema,
    max: plan.poolSize,
    supervise: false,
    schedule: false,
  })
  boss.on("error", (failure) => console.error("pg-boss:", failure))
  await boss.start()
  try {
    await boss.createQueue(QUEUE)
    const sentAt = new Map<number, number>()
    const sendToFetch: number[] = []
    let sent = 0
    let completed = 0

    const producer = async () => {
      for (let n = sent++; n < plan.jobs; n = sent++) {
        await boss.send(QUEUE, { n })
        sentAt.set(n, performance.now())
      }
    }
    const consumer = async () => {
      while (completed < plan.jobs) {
        const [job] = await boss.fetch<{ n: number }>(QUEUE, { batchSize: 1 })
        if (!job) {
          await sleep(2)
          continue
        }
        const fetched = performance.now()
        sendToFetch.push(Math.max(0, fetched - (sentAt.get(job.data.n) ?? fetched)))
        await boss.complete(QUEUE, job.id)
        completed++
      }
    }

    const started = performance.now()
    await Promise.all([
      ...Array.from({ length: plan.producers }, producer),
      ...Array.from({ length: plan.consumers }, consumer),
    ])
    return { jobs: completed, elapsedMs: performance.now() - started, sendToFetch }
  } finally {
    await boss.stop({ graceful: false, wait: true })
    const admin = new pg.Client({ connectionString: plan.connectionString })
    await admin.connect()
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await admin.end()
  }
}
