// Simulated customers (in.php + res.php polling) and workers (worker API claim + answer) over real HTTP.
// Runs in a child process of the benchmark by default (the customers' and workers' machines), or inline.
import { Agent } from "node:http"
import { performance } from "node:perf_hooks"
import { httpRequest, jsonObject as json, sleep } from "./support"

export interface ClientPlan {
  baseUrl: string
  /** Each task is submitted with the next key in turn, so every key stays under the per-key limits. */
  customerKeys: string[]
  workerKeys: string[]
  /** Tasks to take through their whole lifecycle. */
  tasks: number
  /** Tasks kept going at once, each one submitted, then polled until ready (a closed loop). */
  concurrency: number
  /** Pause before each res.php poll, drawn from this range. */
  pollMs: [number, number]
  claimWaitSeconds: number
  imageBase64: string
  /** Prefix of the markers sent as textinstructions, to recognise the task in the worker's offer. */
  runId: string
}

export interface ClientResult {
  completed: number
  failed: number
  elapsedMs: number
  /** CPU time of the clients' process during the run (user + system), ms. */
  cpuMs: number
  /** Per completed task, ms. Offers that arrived before the in.php answer count as 0. */
  submitToOffer: number[]
  /** Per completed task: from the answer's HTTP response to the first res.php that said OK (0 if earlier). */
  answerToResult: number[]
  /** in.php, claim (when it carried an offer), answer and res.php response times, ms. */
  submitLatency: number[]
  claimLatency: number[]
  answerLatency: number[]
  pollLatency: number[]
  polls: number
  /** Offers without a benchmark marker (gold tasks) and empty claims. */
  foreignOffers: number
  emptyClaims: number
  /** Refusals and unexpected answers by code, e.g. "in.php ERROR_NO_SLOT_AVAILABLE". */
  errors: Record<string, number>
}

interface Track {
  submitted?: number
  offered?: number
  answered?: number
  resultSeen?: number
}

interface Offer {
  assignmentId: string
  params: Record<string, unknown>
}

const agent = new Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 1024 })
const http = (base: URL, ...rest: ["GET" | "POST", string, Record<string, string>, string?]) =>
  httpRequest(agent, base, ...rest)

/** The offer in a claim answer: the offer itself, `{ offer }`, or nothing (204, `{ offer: null }`). */
function offerOf(status: number, text: string): Offer | null {
  if (status === 204 || text === "") return null
  const body = json(text)
  const candidate = body && "offer" in body ? body.offer : body
  if (!candidate || typeof candidate !== "object") return null
  const offer = candidate as Partial<Offer>
  if (typeof offer.assignmentId !== "string" && typeof offer.assignmentId !== "number") return null
  return { assignmentId: String(offer.assignmentId), params: offer.params ?? {} }
}

export async function runClients(plan: ClientPlan): Promise<ClientResult> {
  const base = new URL(plan.baseUrl)
  const tracks = new Map<string, Track>()
  const result: ClientResult = {
    completed: 0,
    failed: 0,
    elapsedMs: 0,
    cpuMs: 0,
    submitToOffer: [],
    answerToResult: [],
    submitLatency: [],
    claimLatency: [],
    answerLatency: [],
    pollLatency: [],
    polls: 0,
    foreignOffers: 0,
    emptyClaims: 0,
    errors: {},
  }
  const error = (where: string, code: string) => {
    const key = `${where} ${code.slice(0, 80)}`
    result.errors[key] = (result.errors[key] ?? 0) + 1
  }
  const form = { "content-type": "application/x-www-form-urlencoded" }
  let next = 0

  /** in.php; the task id, or null when refused for good. */
  async function submit(key: string, marker: string): Promise<string | null> {
    const body = new URLSearchParams({
      key,
      method: "base64",
      body: plan.imageBase64,
      textinstructions: marker,
      json: "1",
    }).toString()
    for (let attempt = 0; attempt < 1000; attempt++) {
      const started = performance.now()
      const answer = await http(base, "POST", "/in.php", form, body)
      result.submitLatency.push(performance.now() - started)
      const parsed = json(answer.text)
      if (parsed?.status === 1) return String(parsed.request)
      const code = String(parsed?.request ?? `HTTP ${answer.status} ${answer.text}`)
      error("in.php", code)
      if (code !== "ERROR_NO_SLOT_AVAILABLE") return null
      await sleep(5)
    }
    return null
  }

  /** res.php until the answer is there; whether it came. */
  async function poll(key: string, id: string, track: Track): Promise<boolean> {
    const path = `/res.php?${new URLSearchParams({ key, action: "get", id, json: "1" })}`
    for (;;) {
      await sleep(plan.pollMs[0] + Math.random() * (plan.pollMs[1] - plan.pollMs[0]))
      const started = performance.now()
      const answer = await http(base, "GET", path, {})
      const now = performance.now()
      result.pollLatency.push(now - started)
      result.polls++
      const parsed = json(answer.text)
      if (parsed?.status === 1) {
        track.resultSeen = now
        return true
      }
      if (parsed?.request === "CAPCHA_NOT_READY") continue
      error("res.php", String(parsed?.request ?? `HTTP ${answer.status} ${answer.text}`))
      return false
    }
  }

  async function customerSlot() {
    for (let n = next++; n < plan.tasks; n = next++) {
      const key = plan.customerKeys[n % plan.customerKeys.length]!
      const marker = `${plan.runId}-${n}`
      const track: Track = {}
      tracks.set(marker, track)
      const id = await submit(key, marker)
      track.submitted = performance.now()
      if (id === null || !(await poll(key, id, track))) {
        result.failed++
        continue
      }
      result.completed++
      result.submitToOffer.push(Math.max(0, (track.offered ?? track.submitted) - track.submitted))
      result.answerToResult.push(Math.max(0, track.resultSeen! - (track.answered ?? track.resultSeen!)))
    }
  }

  let stopping = false
  async function worker(key: string) {
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" }
    const claimBody = JSON.stringify({ waitSeconds: plan.claimWaitSeconds })
    while (!stopping) {
      const started = performance.now()
      const claim = await http(base, "POST", "/api/v1/worker/claim", headers, claimBody)
      const offer = claim.status < 300 ? offerOf(claim.status, claim.text) : null
      if (claim.status >= 300) {
        error("claim", `HTTP ${claim.status} ${claim.text}`)
        await sleep(50)
        continue
      }
      if (!offer) {
        result.emptyClaims++
        continue
      }
      const offered = performance.now()
      result.claimLatency.push(offered - started)
      const marker = offer.params.comment ?? offer.params.textinstructions
      const track = typeof marker === "string" ? tracks.get(marker) : undefined
      if (track) track.offered = offered
      else result.foreignOffers++
      const answerPath = `/api/v1/worker/assignments/${encodeURIComponent(offer.assignmentId)}/answer`
      const answered = await http(
        base,
        "POST",
        answerPath,
        headers,
        JSON.stringify({ solution: { text: "abc12" } }),
      )
      const now = performance.now()
      result.answerLatency.push(now - offered)
      if (answered.status >= 300) error("answer", `HTTP ${answered.status} ${answered.text}`)
      else if (track) track.answered = now
    }
  }

  const started = performance.now()
  const cpu = process.cpuUsage()
  const workers = plan.workerKeys.map((key) => worker(key))
  const customers = Array.from({ length: plan.concurrency }, customerSlot)
  await Promise.all(customers)
  result.elapsedMs = performance.now() - started
  const used = process.cpuUsage(cpu)
  result.cpuMs = (used.user + used.system) / 1000
  // Workers waiting in a long poll return within claimWaitSeconds; that tail is not timed.
  stopping = true
  await Promise.all(workers)
  agent.destroy()
  return result
}

// As a child process: one plan in, one result out.
if (process.argv.includes("--bench-clients") && process.send) {
  // The benchmark stopped (Ctrl-C, a failure): stop too.
  process.once("disconnect", () => process.exit(0))
  process.once("message", (plan: ClientPlan) => {
    runClients(plan).then(
      (result) => process.send!(result, () => process.exit(0)),
      (failure: unknown) => {
        console.error(failure)
        process.exit(1)
      },
    )
  })
}
