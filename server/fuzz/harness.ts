/*
 * Runs fuzz cases (generator.ts) against a real app: a fresh database of one engine (PGlite or PostgreSQL),
 * migrated and seeded with the demo accounts, the API answering through `app.inject`. The identities a case
 * may take: signed-in browsers of a customer, a worker and an administrator (session cookie and CSRF token),
 * the customer's and the worker's API keys, a malformed key. Each case comes from its own random client
 * address, so the per-IP limits answer 429 only when one case asks for it, and the handlers are reached.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { CSRF, testBrowser, type TestBrowser } from "../test/browser"
import { giveApiKey, giveCredit, userId } from "../test/captcha-fixtures"
import type { TestEngine } from "../test/databases"
import { startTestApp } from "../test/test-app"
import { describeCase, fuzzCase, surfaceOf, type FuzzCase, type Identity, type Operation } from "./generator"

const ACCOUNTS = {
  customer: "customer@demo.manyhands.dev",
  worker: "worker@demo.manyhands.dev",
  admin: "admin@demo.manyhands.dev",
} as const
const CUSTOMER_KEY = "0123456789abcdef0123456789abcdef"
const WORKER_KEY = "fedcba9876543210fedcba9876543210"

/** A request that has not answered after this long counts as a failure (long polls are kept short). */
const CASE_TIMEOUT_MS = 45_000

export interface CaseOutcome {
  fuzz: FuzzCase
  status: number | "timeout"
  /** The start of the answer, for 5xx. */
  answer?: string
  /** The error the server logged for a 5xx. */
  error?: string
}

export interface FuzzTarget {
  app: FastifyInstance
  surface: Operation[]
  engine: string
  run(fuzz: FuzzCase): Promise<CaseOutcome>
  stop(): Promise<void>
}

export async function startFuzzTarget(engine: TestEngine): Promise<FuzzTarget> {
  const { app, db, logs, stop } = await startTestApp(engine)
  const documentResponse = await app.inject({ method: "GET", url: "/api/openapi.json" })
  if (documentResponse.statusCode !== 200)
    throw new Error(`/api/openapi.json answered ${documentResponse.statusCode}`)
  const surface = surfaceOf(documentResponse.json())
  const browsers = {} as Record<keyof typeof ACCOUNTS, TestBrowser>

  /** Puts the identities back as they were: a case may have logged out, changed a key or the like. */
  async function restore(which: Identity | "all") {
    for (const role of Object.keys(ACCOUNTS) as (keyof typeof ACCOUNTS)[]) {
      if (which !== "all" && which !== role) continue
      browsers[role] = testBrowser(app)
      const signedIn = await browsers[role].signIn(ACCOUNTS[role])
      if (signedIn.statusCode !== 200) throw new Error(`signing in ${ACCOUNTS[role]}: ${signedIn.statusCode}`)
    }
    if (which === "all" || which === "customerKey" || which === "customer") {
      await giveApiKey(db, ACCOUNTS.customer, CUSTOMER_KEY)
      await db.query("UPDATE users SET api_allowed_ips = '{}' WHERE email = $1", [ACCOUNTS.customer])
    }
    if (which === "all" || which === "workerKey" || which === "worker") {
      await giveApiKey(db, ACCOUNTS.worker, WORKER_KEY)
      await db.query("UPDATE users SET api_allowed_ips = '{}' WHERE email = $1", [ACCOUNTS.worker])
    }
  }
  await restore("all")
  await giveCredit(db, await userId(db, ACCOUNTS.customer), 100_000_000)

  const cookieOf = (role: keyof typeof ACCOUNTS) =>
    [...browsers[role].jar].map(([name, value]) => `${name}=${value}`).join("; ")

  function headersFor(fuzz: FuzzCase): Record<string, string> {
    const headers: Record<string, string> = { "user-agent": "manyhands-fuzz", ...fuzz.headers }
    switch (fuzz.identity) {
      case "customer":
      case "worker":
      case "admin":
        headers.cookie = cookieOf(fuzz.identity)
        headers["x-csrf-token"] = CSRF
        break
      case "wrongCsrf":
        headers.cookie = cookieOf("customer")
        headers["x-csrf-token"] = "forged"
        break
      case "customerKey":
        if (!/[?&]key=/.test(fuzz.url) && !(typeof fuzz.body === "string" && fuzz.body.includes("clientKey")))
          headers["x-api-key"] = CUSTOMER_KEY
        break
      case "workerKey":
        headers.authorization = `Bearer ${WORKER_KEY}`
        break
      case "badKey":
        headers.authorization = "Bearer not-a-key"
        headers["x-api-key"] = "not-a-key\u00ff"
        break
      case "none":
        // A browser that has not signed in: the page's CSRF token, no session.
        headers.cookie = `mh_csrf=${CSRF}`
        headers["x-csrf-token"] = CSRF
        break
    }
    return headers
  }

  /** Operations that can end or change the identities (sign-out, keys, passwords, sessions, accounts). */
  const disturbs = (fuzz: FuzzCase, response: LightMyRequestResponse) =>
    fuzz.method !== "GET" &&
    response.statusCode < 300 &&
    /\/auth\/|\/profile\/|\/admin\/users|\/two-factor|\/api-key|\/captcha\/settings/.test(fuzz.operation)

  /** The error the app logged for a request from this address (its message and where it was thrown). */
  const loggedError = (remoteAddress: string) => {
    const ids = new Set<string>()
    for (const line of logs) {
      const entry = JSON.parse(line) as {
        reqId?: string
        req?: { remoteAddress?: string }
        err?: { message?: string; stack?: string }
      }
      if (entry.req?.remoteAddress === remoteAddress && entry.reqId) ids.add(entry.reqId)
      if (!entry.err || !entry.reqId || !ids.has(entry.reqId)) continue
      const at = entry.err.stack?.split("\n").find((frame) => frame.includes("/server/src/"))
      return `${entry.err.message ?? "?"}${at ? ` ${at.trim()}` : ""}`.slice(0, 400)
    }
    return undefined
  }

  let clientNumber = 0
  async function run(fuzz: FuzzCase): Promise<CaseOutcome> {
    // A different documentation-range address per case: per-IP limits meet only the case that asks for them.
    const n = clientNumber++
    const remoteAddress = `198.18.${(n >> 8) & 0xff}.${n & 0xff}`
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), CASE_TIMEOUT_MS)
    })
    try {
      const response = await Promise.race([
        app.inject({
          method: fuzz.method as "GET",
          url: fuzz.url,
          headers: headersFor(fuzz),
          remoteAddress,
          ...(fuzz.body === undefined ? {} : { payload: fuzz.body }),
        }),
        timeout,
      ])
      if (response === "timeout") return { fuzz, status: "timeout" }
      if (disturbs(fuzz, response)) await restore("all")
      const failed = response.statusCode >= 500
      return {
        fuzz,
        status: response.statusCode,
        ...(failed ? { answer: response.body.slice(0, 300), error: loggedError(remoteAddress) } : {}),
      }
    } finally {
      clearTimeout(timer)
      // The request log of a long run would fill the memory; errors are looked up above first.
      if (logs.length > 1000) logs.splice(0, logs.length - 200)
    }
  }

  return { app, surface, engine: engine.name, run, stop }
}

export interface FuzzSummary {
  seed: number
  tried: number
  byClass: Record<"2xx" | "3xx" | "4xx" | "5xx", number>
  /** Answers by operation and status, to see which handlers the cases reach. */
  byOperation: Record<string, Record<string, number>>
  /** Every 5xx and every request that did not answer. */
  failures: CaseOutcome[]
  seconds: number
}

/**
 * Cases `from`…`from + count - 1` of the seed, `concurrency` at a time (in order of their index). `onProgress`
 * hears every case's outcome.
 */
export async function runFuzz(
  target: FuzzTarget,
  options: {
    seed: number
    count: number
    from?: number
    concurrency?: number
    onOutcome?: (outcome: CaseOutcome, done: number) => void
  },
): Promise<FuzzSummary> {
  const started = performance.now()
  const { seed, count, from = 0, concurrency = 4 } = options
  const summary: FuzzSummary = {
    seed,
    tried: 0,
    byClass: { "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0 },
    byOperation: {},
    failures: [],
    seconds: 0,
  }
  let next = from
  const worker = async () => {
    while (next < from + count) {
      const fuzz = fuzzCase(target.surface, seed, next++)
      const outcome = await target.run(fuzz)
      summary.tried++
      const statuses = (summary.byOperation[fuzz.operation] ??= {})
      statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1
      if (outcome.status === "timeout") summary.failures.push(outcome)
      else {
        const klass = `${Math.floor(outcome.status / 100)}xx` as keyof FuzzSummary["byClass"]
        summary.byClass[klass] = (summary.byClass[klass] ?? 0) + 1
        if (outcome.status >= 500) summary.failures.push(outcome)
      }
      options.onOutcome?.(outcome, summary.tried)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker))
  summary.failures.sort((a, b) => a.fuzz.index - b.fuzz.index)
  summary.seconds = (performance.now() - started) / 1000
  return summary
}

/** A failure for people: the case, what the server answered, and how to run it again. */
export const describeFailure = (outcome: CaseOutcome) =>
  `${describeCase(outcome.fuzz)}\n    → ${outcome.status}${outcome.answer ? ` ${outcome.answer}` : ""}` +
  (outcome.error ? `\n    logged: ${outcome.error}` : "")
