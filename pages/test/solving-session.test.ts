/*
 * The worker cabinet's solving loop (SolvingSession) against an in-memory API whose calls the test settles one by
 * one, with Vitest's fake clock: offers from the long poll, the answer and the next claim together, the hand-off
 * from one task to the next, lease renewal, and answers kept through a lost connection.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { ApiFailure } from "../src/shell-context"
import {
  CLAIM_WAIT_SECONDS,
  SolvingSession,
  isNetworkFailure,
  type KeptAnswer,
  type ShownTask,
} from "../src/worker/cabinet/solving-session"

type ShellApi = ConstructorParameters<typeof SolvingSession>[0]
type Offer = ShownTask["offer"]

const KEPT_KEY = "manyhands:cabinet:kept-answers"
const T0 = Date.parse("2026-03-01T12:00:00.000Z")

/** sessionStorage in memory. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>()
  get length() {
    return this.items.size
  }
  clear() {
    this.items.clear()
  }
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value))
  }
}

interface Call {
  method: string
  url: string
  body: unknown
  settled: boolean
  resolve: (value: unknown) => void
  reject: (failure: unknown) => void
}

/** The shell's API client as a list of requests the test answers (or leaves hanging). */
function fakeApi() {
  const calls: Call[] = []
  const api: ShellApi = {
    get: (url) => Promise.reject(new Error(`unexpected GET ${url}`)),
    upload: (method, url) => Promise.reject(new Error(`unexpected upload ${method} ${url}`)),
    send: <T>(method: string, url: string, body?: unknown) =>
      new Promise<T>((resolve, reject) => {
        calls.push({
          method,
          url,
          body,
          settled: false,
          resolve: resolve as (value: unknown) => void,
          reject,
        })
      }),
  }
  const matching = (pattern: RegExp) => calls.filter((call) => pattern.test(call.url))
  return {
    api,
    calls,
    /** Every request to an address like `pattern`, settled or not. */
    all: matching,
    /** The one open request to an address like `pattern`. */
    open(pattern: RegExp): Call {
      const open = matching(pattern).filter((call) => !call.settled)
      if (open.length !== 1) throw new Error(`${open.length} open requests to ${pattern}`)
      return open[0]!
    },
    async resolve(pattern: RegExp, value: unknown) {
      const call = this.open(pattern)
      call.settled = true
      call.resolve(value)
      await flush()
    },
    async reject(pattern: RegExp, failure: unknown) {
      const call = this.open(pattern)
      call.settled = true
      call.reject(failure)
      await flush()
    },
  }
}

const CLAIM = /\/worker\/claim$/
const HEARTBEAT = /\/worker\/heartbeat$/
const answerOf = (id: string) => new RegExp(`/assignments/${id}/answer$`)
const skipOf = (id: string) => new RegExp(`/assignments/${id}/skip$`)
const notACaptchaOf = (id: string) => new RegExp(`/assignments/${id}/not-a-captcha$`)

/** Lets settled promises run their handlers (no time passes). */
async function flush() {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}

const advance = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms)
  await flush()
}

function offer(assignmentId: string, leaseMs = 30_000, type = "ImageToTextTask"): Offer {
  return {
    assignmentId,
    type,
    kind: "image",
    params: {},
    language: null,
    files: [],
    leaseUntil: new Date(Date.now() + leaseMs).toISOString(),
  }
}

const accepted = (earned = 1_000, currency = "USD") => ({ accepted: true, earned, currency })
const offline = () => new ApiFailure("No connection", "FETCH_ERROR", undefined)
const refused = (code: string, status: number, message = `refused: ${code}`) =>
  new ApiFailure(message, code, status)

let storage: MemoryStorage
let win: EventTarget & { sessionStorage: Storage }

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(T0)
  storage = new MemoryStorage()
  win = Object.assign(new EventTarget(), { sessionStorage: storage as Storage })
  vi.stubGlobal("window", win)
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** A connected session, started, with the first claim answered by `first` (when given). */
async function running(first?: Offer) {
  const server = fakeApi()
  const session = new SolvingSession(server.api)
  session.connect()
  session.start()
  if (first) await server.resolve(CLAIM, first)
  return { server, session, state: () => session.getSnapshot() }
}

describe("isNetworkFailure", () => {
  it("tells a lost connection from a refusal of the server", () => {
    expect(isNetworkFailure(new ApiFailure("down", "FETCH_ERROR", undefined))).toBe(true)
    expect(isNetworkFailure(new ApiFailure("slow", "TIMEOUT_ERROR", 0))).toBe(true)
    expect(isNetworkFailure(new ApiFailure("no status", "SOMETHING", undefined))).toBe(true)
    expect(isNetworkFailure(new TypeError("Failed to fetch"))).toBe(true)
    expect(isNetworkFailure(refused("BAD_ANSWER", 400))).toBe(false)
    expect(isNetworkFailure(refused("LEASE_EXPIRED", 409))).toBe(false)
    expect(isNetworkFailure(new ApiFailure("Server error", undefined, 500))).toBe(false)
  })
})

describe("SolvingSession: offers", () => {
  it("claims the cabinet's types with a long poll and shows the offer that comes", async () => {
    const { server, session, state } = await running()
    expect(state()).toMatchObject({ running: true, waiting: true, task: null })
    expect(state().announcement?.what).toBe("started")
    const claim = server.open(CLAIM)
    expect(claim.method).toBe("POST")
    expect(claim.body).toMatchObject({ waitSeconds: CLAIM_WAIT_SECONDS })
    expect((claim.body as { types: string[] }).types).toEqual(
      expect.arrayContaining(["ImageToTextTask", "GridTask", "AudioTask"]),
    )
    expect(CLAIM_WAIT_SECONDS).toBeLessThan(15) // below the API client's 15 s timeout

    await server.resolve(CLAIM, offer("a1", 45_000, "GridTask"))
    const task = state().task
    expect(task?.offer.assignmentId).toBe("a1")
    expect(task).toMatchObject({ leaseUntil: T0 + 45_000, leaseTotal: 45_000, sending: false, error: null })
    expect(state().waiting).toBe(false)
    expect(state().announcement).toMatchObject({ what: "newTask", type: "GridTask" })
    // One task at a time: nothing more is claimed while it is on screen.
    expect(server.all(CLAIM)).toHaveLength(1)
    session.disconnect()
  })

  it("gives a lease that cannot be read a minute", async () => {
    const { state } = await running({ ...offer("a1"), leaseUntil: "not a date" })
    expect(state().task).toMatchObject({ leaseUntil: T0 + 60_000, leaseTotal: 60_000 })
  })

  it("waits a second before claiming again after an empty claim that came back at once", async () => {
    const { server } = await running()
    await server.resolve(CLAIM, null)
    expect(server.all(CLAIM)).toHaveLength(1)
    await advance(999)
    expect(server.all(CLAIM)).toHaveLength(1)
    await advance(1)
    expect(server.all(CLAIM)).toHaveLength(2)
  })

  it("claims again at once after an empty long poll", async () => {
    const { server, state } = await running()
    await advance(CLAIM_WAIT_SECONDS * 1000)
    await server.resolve(CLAIM, null)
    expect(server.all(CLAIM)).toHaveLength(2)
    expect(state().waiting).toBe(true)
  })

  it("waits as long as a 429 asks (2 s when it does not say) before the next claim", async () => {
    const { server, state } = await running()
    await server.reject(CLAIM, new ApiFailure("Too many", "RATE_LIMITED", 429, {}, 5))
    await advance(4_999)
    expect(server.all(CLAIM)).toHaveLength(1)
    await advance(1)
    expect(server.all(CLAIM)).toHaveLength(2)
    await server.reject(CLAIM, new ApiFailure("Too many", "RATE_LIMITED", 429))
    await advance(1_999)
    expect(server.all(CLAIM)).toHaveLength(2)
    await advance(1)
    expect(server.all(CLAIM)).toHaveLength(3)
    expect(state().running).toBe(true)
    expect(state().notices).toEqual([])
  })

  it("stops with a notice when the server refuses to give tasks", async () => {
    const { server, state } = await running()
    await server.reject(CLAIM, refused("FORBIDDEN", 403, "Your account is suspended"))
    expect(state()).toMatchObject({ running: false, waiting: false, task: null })
    expect(state().notices).toEqual([
      { id: expect.any(Number), kind: "failed", message: "Your account is suspended" },
    ])
    expect(state().announcement?.what).toBe("failed")
    await advance(10_000)
    expect(server.all(CLAIM)).toHaveLength(1)
  })

  it("gives back an offer that comes after the worker stopped", async () => {
    const { server, session, state } = await running()
    session.stop()
    expect(state()).toMatchObject({ running: false, waiting: false })
    expect(state().announcement?.what).toBe("stopped")
    await server.resolve(CLAIM, offer("a1"))
    expect(state().task).toBeNull()
    expect(server.all(skipOf("a1"))).toHaveLength(1)
  })

  it("gives back the task on screen when stopped, and when unmounted", async () => {
    const { server, session, state } = await running(offer("a1"))
    session.stop()
    expect(state().task).toBeNull()
    expect(server.open(skipOf("a1")).method).toBe("POST")

    session.start()
    expect(state().running).toBe(true)
    await server.resolve(CLAIM, offer("a2"))
    session.disconnect()
    expect(state().running).toBe(false)
    expect(server.all(skipOf("a2"))).toHaveLength(1)
    const before = server.calls.length
    await advance(60_000)
    expect(server.calls).toHaveLength(before)
  })

  it("stops watching the connection when unmounted", async () => {
    const { server, session, state } = await running()
    await server.reject(CLAIM, offline())
    session.disconnect()
    expect(state().offline).toBe(true)
    win.dispatchEvent(new Event("online"))
    await advance(60_000)
    expect(server.calls).toHaveLength(1)
  })

  it("does not claim after an unmount that came during a pause between claims", async () => {
    const { server, session } = await running()
    await server.resolve(CLAIM, null) // the next claim waits a second
    session.disconnect()
    await advance(5_000)
    expect(server.all(CLAIM)).toHaveLength(1)
  })

  it("skips a task, or reports it as not a captcha, and claims the next", async () => {
    const { server, session, state } = await running(offer("a1"))
    session.skip()
    expect(server.open(skipOf("a1")).method).toBe("POST")
    expect(state()).toMatchObject({ task: null, waiting: true })
    expect(state().announcement?.what).toBe("skipped")
    await server.resolve(CLAIM, offer("a2"))
    session.skip("notACaptcha")
    expect(server.all(notACaptchaOf("a2"))).toHaveLength(1)
    expect(server.all(skipOf("a2"))).toHaveLength(0)
    expect(server.all(CLAIM)).toHaveLength(3)
  })

  it("goes offline when a skip cannot be sent, and not when the server refuses it", async () => {
    const { server, session, state } = await running(offer("a1"))
    session.skip()
    await server.reject(skipOf("a1"), refused("ASSIGNMENT_CLOSED", 409))
    expect(state().offline).toBe(false)
    await server.resolve(CLAIM, offer("a2"))
    session.skip()
    await server.reject(skipOf("a2"), offline())
    expect(state().offline).toBe(true)
  })

  it("tells listeners of every change until they unsubscribe", async () => {
    const { server, session } = await running()
    const listener = vi.fn()
    const unsubscribe = session.subscribe(listener)
    await server.resolve(CLAIM, offer("a1"))
    expect(listener).toHaveBeenCalled()
    const snapshot = session.getSnapshot()
    expect(session.getSnapshot()).toBe(snapshot) // stable between changes (useSyncExternalStore)
    unsubscribe()
    listener.mockClear()
    session.skip()
    expect(listener).not.toHaveBeenCalled()
    expect(session.getSnapshot()).not.toBe(snapshot)
  })

  it("sends through the API client it was last given", async () => {
    const { server, session } = await running(offer("a1"))
    const other = fakeApi()
    session.setApi(other.api)
    session.submit({ text: "abc" })
    expect(other.all(answerOf("a1"))).toHaveLength(1)
    expect(server.all(answerOf("a1"))).toHaveLength(0)
  })
})

describe("SolvingSession: answers and hand-off", () => {
  it("sends the answer with the next claim and counts what it earned", async () => {
    const { server, session, state } = await running(offer("a1"))
    session.submit({ text: "abc" })
    expect(state().task).toMatchObject({ sending: true })
    expect(server.open(answerOf("a1")).body).toEqual({ solution: { text: "abc" } })
    expect(server.all(CLAIM)).toHaveLength(2)
    // A second press while it is on its way does nothing.
    session.submit({ text: "abd" })
    session.skip()
    expect(server.all(answerOf("a1"))).toHaveLength(1)
    expect(server.all(skipOf("a1"))).toHaveLength(0)

    await server.resolve(answerOf("a1"), accepted(2_500, "USD"))
    expect(state()).toMatchObject({ answered: 1, earned: 2_500, currency: "USD" })
    expect(state().announcement?.what).toBe("sent")
  })

  it("keeps the answered task on screen until the next one comes", async () => {
    const { server, session, state } = await running(offer("a1"))
    session.submit({ text: "abc" })
    await server.resolve(answerOf("a1"), accepted())
    expect(state().task?.offer.assignmentId).toBe("a1")
    expect(state().task?.sending).toBe(true)
    expect(state().waiting).toBe(false)
    await advance(1_000)
    await server.resolve(CLAIM, offer("a2"))
    expect(state().task?.offer.assignmentId).toBe("a2")
    expect(state().task?.sending).toBe(false)
    // The hand-off timer was cleared: the new task stays.
    await advance(5_000)
    expect(state().task?.offer.assignmentId).toBe("a2")
  })

  it("shows the waiting screen when no task came within the hand-off", async () => {
    const { server, session, state } = await running(offer("a1"))
    session.submit({ text: "abc" })
    await server.resolve(answerOf("a1"), accepted())
    await advance(1_499)
    expect(state().task?.offer.assignmentId).toBe("a1")
    await advance(1)
    expect(state()).toMatchObject({ task: null, waiting: true })
    expect(server.all(CLAIM)).toHaveLength(2) // the claim already out is not doubled
    await server.resolve(CLAIM, offer("a2"))
    expect(state().task?.offer.assignmentId).toBe("a2")
  })

  it("holds a task that came before the answer's verdict until the verdict", async () => {
    const { server, session, state } = await running(offer("a1"))
    session.submit({ text: "abc" })
    await server.resolve(CLAIM, offer("a2"))
    expect(state().task?.offer.assignmentId).toBe("a1")
    await server.resolve(answerOf("a1"), accepted())
    expect(state().task?.offer.assignmentId).toBe("a2")
    expect(state().announcement).toMatchObject({ what: "newTask" })
    expect(server.all(CLAIM)).toHaveLength(2)
  })

  it("leaves a refused answer on screen with the server's words, and sends the fix", async () => {
    const { server, session, state } = await running(offer("a1"))
    session.submit({ text: "ab" })
    await server.reject(answerOf("a1"), refused("BAD_ANSWER", 400, "At least 3 characters"))
    expect(state().task).toMatchObject({ sending: false, error: "At least 3 characters" })
    session.clearError()
    expect(state().task?.error).toBeNull()

    // The task claimed with the refused answer waits; the fix claims nothing more.
    await server.resolve(CLAIM, offer("a2"))
    expect(state().task?.offer.assignmentId).toBe("a1")
    session.submit({ text: "abc" })
    expect(server.all(CLAIM)).toHaveLength(2)
    expect(server.open(answerOf("a1")).body).toEqual({ solution: { text: "abc" } })
    await server.resolve(answerOf("a1"), accepted())
    expect(state().task?.offer.assignmentId).toBe("a2")
    expect(state().answered).toBe(1)
  })

  it("gives the task back when its answer is refused after the worker stopped", async () => {
    const { server, session, state } = await running(offer("a1"))
    session.submit({ text: "ab" })
    session.stop()
    expect(server.all(skipOf("a1"))).toHaveLength(0) // an answer on its way is not given back
    await server.reject(answerOf("a1"), refused("BAD_ANSWER", 400))
    expect(server.all(skipOf("a1"))).toHaveLength(1)
    expect(state().task).toBeNull()
  })

  it("still counts an answer accepted after the worker stopped", async () => {
    const { server, session, state } = await running(offer("a1"))
    session.submit({ text: "abc" })
    session.stop()
    await server.resolve(answerOf("a1"), accepted(700))
    expect(state()).toMatchObject({ running: false, task: null, answered: 1, earned: 700 })
  })

  it.each([
    ["LEASE_EXPIRED", 409, "timeRanOut"],
    ["ASSIGNMENT_CLOSED", 409, "taskClosed"],
    ["TASK_ENDED", 409, "taskClosed"],
    ["ASSIGNMENT_NOT_FOUND", 404, "taskClosed"],
  ])("moves on when the answer comes too late (%s)", async (code, status, kind) => {
    const { server, session, state } = await running(offer("a1", 30_000, "TextCaptchaTask"))
    session.submit({ text: "abc" })
    await server.reject(answerOf("a1"), refused(code, status))
    expect(state().task).toBeNull()
    expect(state().waiting).toBe(true)
    expect(state().notices[0]).toMatchObject({ kind, type: "TextCaptchaTask" })
    expect(state().answered).toBe(0)
    if (kind === "timeRanOut") expect(state().announcement?.what).toBe("timeRanOut")
  })

  it("tells a training answer's verdict", async () => {
    const { server, session, state } = await running(offer("a1"))
    session.submit({ text: "abc" })
    await server.resolve(answerOf("a1"), {
      ...accepted(0),
      training: { correct: false, expected: { text: "abd" } },
    })
    expect(state().notices[0]).toMatchObject({
      kind: "training",
      type: "ImageToTextTask",
      correct: false,
      expected: { text: "abd" },
    })
  })

  it("ignores an earning that is not a number", async () => {
    const { server, session, state } = await running(offer("a1"))
    session.submit({ text: "abc" })
    await server.resolve(answerOf("a1"), { accepted: true, earned: Number.NaN, currency: "" })
    expect(state()).toMatchObject({ answered: 1, earned: 0, currency: null })
  })
})

describe("SolvingSession: leases", () => {
  it("renews the lease when less than 10 s are left and the worker is at it", async () => {
    const { server, session, state } = await running(offer("a1", 30_000))
    await advance(15_000)
    session.activity()
    await advance(5_000) // 10 s left: not yet
    expect(server.all(HEARTBEAT)).toHaveLength(0)
    await advance(1_000)
    expect(server.open(HEARTBEAT).body).toEqual({ assignmentId: "a1" })
    await server.resolve(HEARTBEAT, { leaseUntil: new Date(T0 + 90_000).toISOString() })
    expect(state().task).toMatchObject({ leaseUntil: T0 + 90_000, leaseTotal: 30_000 })
    await advance(10_000)
    expect(server.all(HEARTBEAT)).toHaveLength(1)
  })

  it("renews one at a time, at most every 3 s", async () => {
    const { server, session, state } = await running(offer("a1", 30_000))
    await advance(15_000)
    session.activity()
    await advance(6_000)
    expect(server.all(HEARTBEAT)).toHaveLength(1)
    await advance(3_000) // the renewal has not come back yet
    expect(server.all(HEARTBEAT)).toHaveLength(1)
    await server.resolve(HEARTBEAT, { leaseUntil: new Date(T0 + 28_000).toISOString() })
    await advance(1_000) // 4 s after the first: again
    expect(server.all(HEARTBEAT)).toHaveLength(2)
    await server.resolve(HEARTBEAT, { leaseUntil: new Date(T0 + 29_000).toISOString() })
    expect(state().task?.leaseUntil).toBe(T0 + 29_000)
    await advance(2_000) // 2 s left, but renewed 2 s ago
    expect(server.all(HEARTBEAT)).toHaveLength(2)
    await advance(1_000)
    expect(server.all(HEARTBEAT)).toHaveLength(3)
  })

  it("does not renew for a worker who is away, and pauses when the lease runs out", async () => {
    const { server, state } = await running(offer("a1", 30_000))
    await advance(29_999)
    expect(server.all(HEARTBEAT)).toHaveLength(0)
    expect(state().task?.offer.assignmentId).toBe("a1")
    await advance(1)
    expect(server.all(skipOf("a1"))).toHaveLength(1) // given back
    expect(state()).toMatchObject({ running: false, task: null })
    expect(state().notices[0]?.kind).toBe("paused")
    expect(state().announcement?.what).toBe("paused")
    await advance(60_000)
    expect(server.all(CLAIM)).toHaveLength(1)
  })

  it("clears the pause notice when the worker starts again", async () => {
    const { server, session, state } = await running(offer("a1", 25_000))
    await advance(25_000)
    expect(state().notices.map((n) => n.kind)).toEqual(["paused"])
    session.start()
    expect(state().notices).toEqual([])
    expect(server.all(CLAIM)).toHaveLength(2)
  })

  it("moves on to the next task when the server will not extend the lease of a worker at it", async () => {
    const { server, session, state } = await running(offer("a1", 30_000, "GridTask"))
    await advance(20_000)
    session.activity()
    await advance(1_000)
    await server.resolve(HEARTBEAT, { leaseUntil: null })
    expect(server.all(skipOf("a1"))).toHaveLength(1)
    expect(state()).toMatchObject({ running: true, task: null, waiting: true })
    expect(state().notices[0]).toMatchObject({ kind: "timeRanOut", type: "GridTask" })
    expect(server.all(CLAIM)).toHaveLength(2)
  })

  it("moves on when the renewal says the assignment is over", async () => {
    const { server, session, state } = await running(offer("a1", 30_000))
    await advance(20_000)
    session.activity()
    await advance(1_000)
    await server.reject(HEARTBEAT, refused("LEASE_EXPIRED", 409))
    expect(state().task).toBeNull()
    expect(state().announcement?.what).toBe("timeRanOut")
    expect(server.all(CLAIM)).toHaveLength(2)
  })

  it("goes offline when the renewal cannot be sent", async () => {
    const { server, session, state } = await running(offer("a1", 30_000))
    await advance(20_000)
    session.activity()
    await advance(1_000)
    await server.reject(HEARTBEAT, offline())
    expect(state()).toMatchObject({ offline: true, running: true })
    expect(state().task?.offer.assignmentId).toBe("a1")
  })

  it("keeps the task when the renewal is refused for another reason", async () => {
    const { server, session, state } = await running(offer("a1", 30_000))
    await advance(20_000)
    session.activity()
    await advance(1_000)
    await server.reject(HEARTBEAT, refused("INTERNAL", 500))
    expect(state().task?.offer.assignmentId).toBe("a1")
    expect(state().offline).toBe(false)
  })

  it("does not run out the lease of a task whose answer is on its way", async () => {
    const { server, session, state } = await running(offer("a1", 5_000))
    session.submit({ text: "abc" })
    await advance(10_000)
    expect(server.all(skipOf("a1"))).toHaveLength(0)
    expect(state().running).toBe(true)
    expect(state().task?.offer.assignmentId).toBe("a1")
  })
})

describe("SolvingSession: offline", () => {
  it("keeps an answer through a lost connection and sends it again when the server answers", async () => {
    const { server, session, state } = await running(offer("a1", 30_000, "AudioTask"))
    session.submit({ text: "hello" })
    await server.reject(answerOf("a1"), offline())
    const kept: KeptAnswer = {
      assignmentId: "a1",
      type: "AudioTask",
      solution: { text: "hello" },
      leaseUntil: T0 + 30_000,
    }
    expect(state()).toMatchObject({ offline: true, waiting: false, task: null, kept: [kept] })
    expect(state().announcement?.what).toBe("offline")
    expect(JSON.parse(storage.getItem(KEPT_KEY) ?? "null")).toEqual([kept])
    await server.reject(CLAIM, offline())

    // Tried again every 4 s.
    await advance(3_999)
    expect(server.all(answerOf("a1"))).toHaveLength(1)
    await advance(1)
    expect(server.open(answerOf("a1")).body).toEqual({ solution: { text: "hello" } })
    await server.resolve(answerOf("a1"), accepted(900))
    expect(state()).toMatchObject({ offline: false, kept: [], answered: 1, earned: 900, waiting: true })
    expect(state().notices[0]).toMatchObject({ kind: "keptSent", type: "AudioTask" })
    expect(storage.getItem(KEPT_KEY)).toBeNull()
    // Back online, the loop claims again.
    expect(server.all(CLAIM)).toHaveLength(3)
  })

  it("shows the next task that came with the answer, and sends the kept answer once anything gets through", async () => {
    const { server, session, state } = await running(offer("a1"))
    session.submit({ text: "abc" })
    await server.resolve(CLAIM, offer("a2"))
    await server.reject(answerOf("a1"), offline())
    expect(state().task?.offer.assignmentId).toBe("a2")
    expect(state()).toMatchObject({ offline: true, kept: [{ assignmentId: "a1" }] })
    session.skip()
    expect(server.all(CLAIM)).toHaveLength(2) // no claims while offline
    await server.resolve(skipOf("a2"), null)
    // Without waiting for the next retry.
    expect(server.all(answerOf("a1"))).toHaveLength(2)
    expect(state().offline).toBe(false)
    expect(server.all(CLAIM)).toHaveLength(3)
  })

  it("tells of an answer kept after its task left the screen", async () => {
    const { server, session, state } = await running(offer("a1"))
    session.submit({ text: "abc" })
    session.stop()
    await server.reject(CLAIM, offline())
    expect(state().announcement?.what).toBe("offline")
    await server.reject(answerOf("a1"), offline())
    expect(state()).toMatchObject({ task: null, kept: [{ assignmentId: "a1" }] })
    expect(state().announcement?.what).toBe("kept")
  })

  it("claims nothing while offline, and claims again once the server answers", async () => {
    const { server, state } = await running()
    await server.reject(CLAIM, new TypeError("Failed to fetch"))
    expect(state()).toMatchObject({ offline: true, waiting: false })
    await advance(3_000)
    expect(server.calls).toHaveLength(1)
    await advance(1_000)
    expect(server.open(HEARTBEAT).body).toEqual({})
    await server.reject(HEARTBEAT, offline()) // still down
    expect(state().offline).toBe(true)
    await advance(4_000)
    await server.resolve(HEARTBEAT, { leaseUntil: null })
    expect(state()).toMatchObject({ offline: false, waiting: true })
    expect(state().announcement?.what).toBe("online")
    expect(server.all(CLAIM)).toHaveLength(2)
  })

  it("tries at once when the browser says it is back online", async () => {
    const { server, state } = await running()
    await server.reject(CLAIM, offline())
    win.dispatchEvent(new Event("online"))
    await flush()
    await server.resolve(HEARTBEAT, { leaseUntil: null })
    expect(state().offline).toBe(false)
  })

  it("drops a kept answer whose lease ran out before the connection came back", async () => {
    const { server, session, state } = await running(offer("a1", 10_000))
    session.submit({ text: "abc" })
    await server.reject(answerOf("a1"), offline())
    await server.reject(CLAIM, offline())
    await advance(4_000)
    await server.reject(answerOf("a1"), offline()) // lease not over: kept
    expect(state().kept).toHaveLength(1)
    await advance(8_000)
    await server.reject(answerOf("a1"), offline()) // 12 s: over
    expect(state().kept).toEqual([])
    expect(storage.getItem(KEPT_KEY)).toBeNull()
    expect(state().notices[0]).toMatchObject({ kind: "keptLost", type: "ImageToTextTask" })
    expect(state().announcement?.what).toBe("keptLost")
    expect(state().offline).toBe(true)
  })

  it.each([
    ["BAD_ANSWER", 400, "keptRefused"],
    ["LEASE_EXPIRED", 409, "keptLost"],
  ])("drops a kept answer the server refuses (%s)", async (code, status, kind) => {
    const { server, session, state } = await running(offer("a1"))
    session.submit({ text: "abc" })
    await server.reject(answerOf("a1"), offline())
    await server.reject(CLAIM, offline())
    await advance(4_000)
    await server.reject(answerOf("a1"), refused(code, status, "No such word"))
    expect(state()).toMatchObject({ kept: [], offline: false, answered: 0 })
    expect(state().notices[0]?.kind).toBe(kind)
    if (kind === "keptRefused") expect(state().notices[0]).toMatchObject({ message: "No such word" })
  })

  it("sends answers kept before a reload as soon as it is mounted, and ignores what it cannot read", async () => {
    const saved = [
      { assignmentId: "k1", type: "GridTask", solution: { click: [1, 4] }, leaseUntil: T0 + 20_000 },
      { assignmentId: 7, type: "GridTask", solution: {}, leaseUntil: T0 },
      { assignmentId: "k2", type: "GridTask", solution: {}, leaseUntil: "soon" },
      null,
      "k3",
    ]
    storage.setItem(KEPT_KEY, JSON.stringify(saved))
    const server = fakeApi()
    const session = new SolvingSession(server.api)
    session.connect()
    expect(session.getSnapshot().kept.map((k) => k.assignmentId)).toEqual(["k1"])
    expect(session.getSnapshot().running).toBe(false)
    expect(server.calls).toHaveLength(1)
    expect(server.open(answerOf("k1")).body).toEqual({ solution: { click: [1, 4] } })
    session.connect() // mounting twice does not send twice
    expect(server.calls).toHaveLength(1)
    await server.resolve(answerOf("k1"), accepted(300))
    expect(session.getSnapshot()).toMatchObject({ kept: [], answered: 1, earned: 300 })
    expect(storage.getItem(KEPT_KEY)).toBeNull()
  })

  it.each(["{not json", '{"assignmentId":"k1"}', "42"])("starts with nothing kept from %j", (text) => {
    storage.setItem(KEPT_KEY, text)
    const server = fakeApi()
    const session = new SolvingSession(server.api)
    session.connect()
    expect(session.getSnapshot().kept).toEqual([])
    expect(server.calls).toHaveLength(0)
  })

  it("keeps answers in memory when the browser refuses storage", async () => {
    const refusing = Object.defineProperty(new EventTarget(), "sessionStorage", {
      get: () => {
        throw new DOMException("denied", "SecurityError")
      },
    })
    vi.stubGlobal("window", refusing)
    const { server, session, state } = await running(offer("a1"))
    session.submit({ text: "abc" })
    await server.reject(answerOf("a1"), offline())
    expect(state().kept).toHaveLength(1)
    expect(storage.length).toBe(0)
  })

  it("shows at most three notices, the newest first, until dismissed", async () => {
    const saved = ["k1", "k2", "k3", "k4"].map((assignmentId, i) => ({
      assignmentId,
      type: `Type${i + 1}`,
      solution: { text: assignmentId },
      leaseUntil: T0 + 60_000,
    }))
    storage.setItem(KEPT_KEY, JSON.stringify(saved))
    const server = fakeApi()
    const session = new SolvingSession(server.api)
    session.connect()
    for (const { assignmentId } of saved) await server.resolve(answerOf(assignmentId), accepted(100))
    const notices = session.getSnapshot().notices
    expect(notices.map((n) => (n.kind === "keptSent" ? n.type : n.kind))).toEqual(["Type4", "Type3", "Type2"])
    expect(new Set(notices.map((n) => n.id)).size).toBe(3)
    expect(session.getSnapshot()).toMatchObject({ answered: 4, earned: 400 })
    session.dismiss(notices[1]!.id)
    expect(session.getSnapshot().notices.map((n) => n.id)).toEqual([notices[0]!.id, notices[2]!.id])
  })
})
