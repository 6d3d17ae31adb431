import { randomBytes } from "node:crypto"
import type { FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import type { Database } from "../src/db/database"
import { PollCache } from "../src/modules/captcha/poll-cache"
import { giveApiKey, pngImage, solveImage, userId } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

describe("PollCache", () => {
  const client = (userId: string) => ({ userId, row: { id: userId }, bannedUntil: null })

  it("keeps a waiting task for its customer until its deadline, and forgets it when it changes", () => {
    let now = 1000
    const cache = new PollCache<{ id: string }>({ ttlMs: 60_000, maxEntries: 10, now: () => now })
    cache.keepWaiting("7", { customerId: "c1", deadlineAt: 2000 }, cache.mark)
    expect(cache.waitingTask("7", "c1")).toEqual({ customerId: "c1", deadlineAt: 2000 })
    expect(cache.waitingTask("7", "someone else")).toBeUndefined()
    now = 2000
    expect(cache.waitingTask("7", "c1")).toBeUndefined()
    now = 1000
    cache.taskChanged("7")
    expect(cache.waitingTask("7", "c1")).toBeUndefined()
  })

  it("does not keep what was read before a change to it, or before messages were lost", () => {
    const cache = new PollCache<{ id: string }>({ ttlMs: 60_000, maxEntries: 10 })
    const before = cache.mark
    cache.taskChanged("7")
    cache.keepWaiting("7", { customerId: "c1", deadlineAt: Date.now() + 60_000 }, before)
    expect(cache.waitingTask("7", "c1")).toBeUndefined()
    // Another task's change does not matter.
    cache.keepWaiting("8", { customerId: "c1", deadlineAt: Date.now() + 60_000 }, before)
    expect(cache.waitingTask("8", "c1")).toBeDefined()

    const beforeUser = cache.mark
    cache.userChanged("u2")
    cache.keepClient("hash-of-u1", client("u1"), beforeUser)
    expect(cache.client("hash-of-u1")).toBeUndefined()
    cache.keepClient("hash-of-u1", client("u1"), cache.mark)
    expect(cache.client("hash-of-u1")).toBeDefined()
    cache.userChanged("u1")
    expect(cache.client("hash-of-u1")).toBeUndefined()

    const beforeLoss = cache.mark
    cache.clear()
    expect(cache.waitingTask("8", "c1")).toBeUndefined()
    cache.keepWaiting("9", { customerId: "c1", deadlineAt: Date.now() + 60_000 }, beforeLoss)
    expect(cache.waitingTask("9", "c1")).toBeUndefined()
  })

  it("does not keep a read from before a change it no longer remembers", () => {
    const cache = new PollCache<{ id: string }>({ ttlMs: 60_000, maxEntries: 2 })
    const deadline = { customerId: "c1", deadlineAt: Date.now() + 60_000 }
    const before = cache.mark
    cache.taskChanged("1")
    // Two later changes push task 1's change out of the remembered ones.
    cache.taskChanged("2")
    cache.taskChanged("3")
    cache.keepWaiting("1", deadline, before)
    expect(cache.waitingTask("1", "c1")).toBeUndefined()
    // A read that began after every forgotten change is kept.
    cache.keepWaiting("1", deadline, cache.mark)
    expect(cache.waitingTask("1", "c1")).toBeDefined()
  })

  it("ages entries out and holds at most maxEntries", () => {
    let now = 0
    const cache = new PollCache<{ id: string }>({ ttlMs: 100, maxEntries: 2, now: () => now })
    for (const id of ["1", "2", "3"])
      cache.keepWaiting(id, { customerId: "c", deadlineAt: 10_000 }, cache.mark)
    expect(["1", "2", "3"].map((id) => cache.waitingTask(id, "c") !== undefined)).toEqual([false, true, true])
    now = 100
    expect(cache.waitingTask("3", "c")).toBeUndefined()
  })
})

describe.each(engines)("polls answered from memory on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let workerId: string
  const key = randomBytes(16).toString("hex")

  const poll = async (id: string, remoteAddress = "127.0.0.1") =>
    (await app.inject({ url: `/res.php?key=${key}&action=get&id=${id}`, remoteAddress })).body
  const submit = async () => {
    const image = pngImage()
    const response = await app.inject({
      method: "POST",
      url: "/in.php",
      payload: new URLSearchParams({ key, method: "base64", body: image.toString("base64") }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    })
    expect(response.body).toMatch(/^OK\|\d+$/)
    return { id: response.body.slice(3), image }
  }

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    await db.query("UPDATE gold_tasks SET enabled = false")
    workerId = await userId(db, "worker@demo.manyhands.dev")
    await giveApiKey(db, "customer@demo.manyhands.dev", key)
  })
  afterAll(() => stop())

  it("answers polls of a waiting task without the database, and the answer once a worker gives it", async () => {
    const { id, image } = await submit()
    expect(await poll(id)).toBe("CAPCHA_NOT_READY")
    const queries = vi.spyOn(db, "query")
    try {
      for (let n = 0; n < 5; n++) expect(await poll(id)).toBe("CAPCHA_NOT_READY")
      expect(queries).not.toHaveBeenCalled()
      await solveImage(app.captchaEngine, workerId, image, "fr3sh")
      expect(await poll(id)).toBe("OK|fr3sh")
    } finally {
      queries.mockRestore()
    }
  })

  it("hears a deadline moved and an allow-list changed by SQL before the statement returns", async () => {
    const { id } = await submit()
    expect(await poll(id)).toBe("CAPCHA_NOT_READY")
    await db.query("UPDATE captcha_tasks SET deadline_at = now() - interval '1 second' WHERE id = $1", [id])
    expect(await poll(id)).toBe("ERROR_CAPTCHA_UNSOLVABLE")

    const other = await submit()
    expect(await poll(other.id)).toBe("CAPCHA_NOT_READY")
    await db.query(
      "UPDATE users SET api_allowed_ips = '{10.1.2.3}' WHERE email = 'customer@demo.manyhands.dev'",
    )
    try {
      expect(await poll(other.id)).toBe("ERROR_IP_NOT_ALLOWED")
      expect(await poll(other.id, "10.1.2.3")).toBe("CAPCHA_NOT_READY")
    } finally {
      await db.query("UPDATE users SET api_allowed_ips = '{}' WHERE email = 'customer@demo.manyhands.dev'")
    }
    expect(await poll(other.id)).toBe("CAPCHA_NOT_READY")
  })
})
