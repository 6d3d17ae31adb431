import { randomBytes } from "node:crypto"
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { loadConfig } from "../src/config"
import { hitLimit, resetLimit } from "../src/modules/accounts/rate-limits"
import { AbuseGuard } from "../src/modules/captcha/abuse"
import { LimitStore, LimitStoreError } from "../src/modules/limits/store"

const redisUrl = process.env.REDIS_URL

describe("abuse counters in memory (the embedded default)", () => {
  let store: LimitStore
  beforeEach(async () => {
    vi.useFakeTimers({ now: 1_000_000 })
    store = await LimitStore.open({})
  })
  afterEach(() => vi.useRealTimers())

  it("suspends a key whose submissions are refused for a long queue more than 3x the accepted ones (1003)", async () => {
    const guard = new AbuseGuard(store, { refusals: 4, noSlotBlockMs: 30_000 })
    await guard.submitted("u", "accepted")
    await guard.submitted("u", "accepted")
    for (let i = 0; i < 6; i++) await guard.submitted("u", "no_slot")
    expect(await guard.submission("u")).toBeNull() // 6 refusals are not more than 3 x 2 accepted
    await guard.submitted("u", "no_slot")
    expect(await guard.submission("u")).toEqual({ code: "ERROR: 1003", until: Date.now() + 30_000 })
    vi.advanceTimersByTime(30_001)
    expect(await guard.submission("u")).toBeNull()
  })

  it("counts refusals per minute only (1002)", async () => {
    const guard = new AbuseGuard(store, { refusals: 3 })
    await guard.submitted("u", "zero_balance")
    await guard.submitted("u", "zero_balance")
    vi.advanceTimersByTime(61_000)
    await guard.submitted("u", "zero_balance")
    expect(await guard.submission("u")).toBeNull()
    await guard.submitted("u", "zero_balance")
    await guard.submitted("u", "zero_balance")
    expect((await guard.submission("u"))?.code).toBe("ERROR: 1002")
  })

  it("suspends submissions after a storm of maximum-bid refusals (1001)", async () => {
    const guard = new AbuseGuard(store, { refusals: 3, lowBidBlockMs: 600_000 })
    await guard.submitted("u", "low_bid")
    await guard.submitted("u", "low_bid")
    await guard.submitted("u", "no_slot")
    expect(await guard.submission("u")).toBeNull()
    await guard.submitted("u", "low_bid")
    expect(await guard.submission("u")).toEqual({ code: "ERROR: 1001", until: Date.now() + 600_000 })
    vi.advanceTimersByTime(600_001)
    expect(await guard.submission("u")).toBeNull()
  })

  it("answers MAX_USER_TURN past the submissions of a window until the block ends", async () => {
    const guard = new AbuseGuard(store, { turnSubmissions: 3, turnWindowMs: 3000, turnBlockMs: 10_000 })
    for (let i = 0; i < 3; i++) expect(await guard.submission("u")).toBeNull()
    expect(await guard.submission("u")).toEqual({ code: "MAX_USER_TURN", until: Date.now() + 10_000 })
    expect(await guard.submission("other")).toBeNull()
    vi.advanceTimersByTime(9_000)
    expect((await guard.submission("u"))?.code).toBe("MAX_USER_TURN")
    vi.advanceTimersByTime(1_001)
    expect(await guard.submission("u")).toBeNull()
  })

  it("bans an IP at its 5th unknown key for 10 minutes (1004), and lets polls grow with submissions (1005)", async () => {
    const guard = new AbuseGuard(store, { pollBase: 2, pollPerTask: 1 })
    for (let i = 0; i < 4; i++) await guard.unknownKey("10.0.0.1")
    expect(await guard.ipBan("10.0.0.1")).toBeNull()
    await guard.unknownKey("10.0.0.1")
    expect(await guard.ipBan("10.0.0.1")).toEqual({ code: "ERROR: 1004", until: Date.now() + 600_000 })
    expect(await guard.ipBan("10.0.0.2")).toBeNull()
    vi.advanceTimersByTime(600_001)
    expect(await guard.ipBan("10.0.0.1")).toBeNull()

    await guard.submitted("u", "accepted")
    for (let i = 0; i < 3; i++) expect(await guard.poll("u")).toBeNull() // base 2 + 1 for the task
    expect((await guard.poll("u"))?.code).toBe("ERROR: 1005")
  })

  it("account limits: the attempt past the limit is refused with the seconds left; a reset forgets", async () => {
    const limit = { max: 2, windowMs: 60_000 }
    expect((await hitLimit(store, "k", limit)).allowed).toBe(true)
    expect((await hitLimit(store, "k", limit)).allowed).toBe(true)
    expect(await hitLimit(store, "k", limit)).toEqual({ allowed: false, retryAfter: 60 })
    vi.advanceTimersByTime(30_000)
    expect(await hitLimit(store, "k", limit)).toEqual({ allowed: false, retryAfter: 30 })
    await resetLimit(store, "k", limit)
    expect((await hitLimit(store, "k", limit)).allowed).toBe(true)
  })
})

describe("the limit store's configuration", () => {
  it("takes only redis:// addresses and a plain prefix", () => {
    expect(() => loadConfig({ NODE_ENV: "test", REDIS_URL: "http://127.0.0.1:6379" })).toThrow(/REDIS_URL/)
    expect(() => loadConfig({ NODE_ENV: "test", REDIS_PREFIX: "a b" })).toThrow(/REDIS_PREFIX/)
    expect(loadConfig({ NODE_ENV: "test", REDIS_URL: "redis://127.0.0.1:6379/2" }).redisUrl).toBe(
      "redis://127.0.0.1:6379/2",
    )
  })

  it("refuses to start on a Redis that does not answer, naming REDIS_URL", async () => {
    await expect(LimitStore.open({ redisUrl: "redis://127.0.0.1:1" })).rejects.toThrow(LimitStoreError)
    await expect(LimitStore.open({ redisUrl: "redis://127.0.0.1:1" })).rejects.toThrow(/REDIS_URL/)
  })
})

// Two stores on one Redis stand for two server processes; a third opened later, for a restarted one.
describe.runIf(redisUrl)("abuse counters on Redis (REDIS_URL)", () => {
  const prefix = `test-${randomBytes(6).toString("hex")}:`
  const stores: LimitStore[] = []
  const open = async () => {
    const store = await LimitStore.open({ redisUrl, prefix })
    stores.push(store)
    return store
  }
  afterAll(async () => {
    const redis = stores[0]?.redis
    if (redis) {
      const keys = await redis.keys(`${prefix}*`)
      if (keys.length > 0) await redis.del(...keys)
    }
    await Promise.all(stores.map((store) => store.close()))
  })

  it("counts MAX_USER_TURN and the 1004 ban across processes, and keeps them across a restart", async () => {
    const limits = { turnSubmissions: 10, turnWindowMs: 60_000, turnBlockMs: 60_000, badKeys: 5 }
    const a = new AbuseGuard(await open(), limits)
    const b = new AbuseGuard(await open(), limits)
    // 6 + 5 submissions: neither process alone passes 10.
    for (let i = 0; i < 6; i++) expect(await a.submission("u1")).toBeNull()
    for (let i = 0; i < 4; i++) expect(await b.submission("u1")).toBeNull()
    expect((await b.submission("u1"))?.code).toBe("MAX_USER_TURN")
    expect((await a.submission("u1"))?.code).toBe("MAX_USER_TURN")

    for (let i = 0; i < 3; i++) await a.unknownKey("192.0.2.7")
    await b.unknownKey("192.0.2.7")
    expect(await a.ipBan("192.0.2.7")).toBeNull()
    await b.unknownKey("192.0.2.7")
    const ban = await a.ipBan("192.0.2.7")
    expect(ban?.code).toBe("ERROR: 1004")
    expect(ban!.until - Date.now()).toBeGreaterThan(590_000)

    const restarted = new AbuseGuard(await open(), limits)
    expect((await restarted.ipBan("192.0.2.7"))?.code).toBe("ERROR: 1004")
    expect((await restarted.submission("u1"))?.code).toBe("MAX_USER_TURN")
    expect(await restarted.submission("u2")).toBeNull()
  })

  it("shares refusal storms and poll allowances (1002, 1005) between processes", async () => {
    const limits = { refusals: 4, pollBase: 3, pollPerTask: 2 }
    const a = new AbuseGuard(await open(), limits)
    const b = new AbuseGuard(await open(), limits)
    await a.submitted("u3", "zero_balance")
    await b.submitted("u3", "zero_balance")
    await a.submitted("u3", "zero_balance")
    expect(await b.submission("u3")).toBeNull()
    await b.submitted("u3", "zero_balance")
    expect((await a.submission("u3"))?.code).toBe("ERROR: 1002")

    await a.submitted("u4", "accepted") // allowance 3 + 2
    for (let i = 0; i < 5; i++) expect(await (i % 2 ? a : b).poll("u4")).toBeNull()
    expect((await a.poll("u4"))?.code).toBe("ERROR: 1005")
    expect((await b.poll("u4"))?.code).toBe("ERROR: 1005")
  })

  it("account limits hold across processes", async () => {
    const limit = { max: 3, windowMs: 60_000 }
    const [a, b] = [await open(), await open()]
    expect((await hitLimit(a, "login:x", limit)).allowed).toBe(true)
    expect((await hitLimit(b, "login:x", limit)).allowed).toBe(true)
    expect((await hitLimit(a, "login:x", limit)).allowed).toBe(true)
    const refused = await hitLimit(b, "login:x", limit)
    expect(refused.allowed).toBe(false)
    expect(refused.retryAfter).toBeGreaterThan(55)
    await resetLimit(a, "login:x", limit)
    expect((await hitLimit(b, "login:x", limit)).allowed).toBe(true)
  })
})
