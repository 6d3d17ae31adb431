import type { FeedbackList } from "@manyhands/contract/feedback"
import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import { testBrowser } from "./browser"
import { newUser } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

/* Feedback on the service and the proxies: anyone sends it (with the CSRF token, a few an hour), staff read it. */

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; details?: { field: string }[] } }>().error

describe.each(engines)("feedback on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
  })
  afterAll(() => stop())

  it("takes feedback from a visitor and an account, refuses bad input, and shows it to staff only", async () => {
    const visitor = testBrowser(app, { ip: "10.4.0.1" })
    const sent = await visitor.post("/api/v1/feedback", {
      topic: "proxy",
      rating: 2,
      body: "The German proxies time out every evening.",
      contact: "  @proxyfan  ",
    })
    expect(sent.statusCode, sent.body).toBe(201)
    await newUser(db, "feedback-writer@example.com", "customer")
    const writer = testBrowser(app, { ip: "10.4.0.2" })
    await writer.signIn("feedback-writer@example.com")
    expect(
      (
        await writer.post("/api/v1/feedback", {
          topic: "proxy",
          rating: 5,
          body: "Fast and cheap, thank you!",
        })
      ).statusCode,
    ).toBe(201)

    const short = await visitor.post("/api/v1/feedback", { topic: "service", rating: 4, body: "ok" })
    expect(errorOf(short)).toMatchObject({ code: "VALIDATION_FAILED", details: [{ field: "body" }] })
    expect(
      (
        await visitor.post("/api/v1/feedback", {
          topic: "service",
          rating: 6,
          body: "Ten characters or more.",
        })
      ).statusCode,
    ).toBe(400)
    expect(
      (await visitor.post("/api/v1/feedback", { topic: "food", rating: 3, body: "Ten characters or more." }))
        .statusCode,
    ).toBe(400)
    expect(
      (
        await visitor.post(
          "/api/v1/feedback",
          { topic: "service", rating: 3, body: "Ten characters or more." },
          { csrf: null },
        )
      ).statusCode,
    ).toBe(403)

    expect(errorOf(await writer.get("/api/v1/feedback?topic=proxy")).code).toBe("FORBIDDEN")
    expect((await visitor.get("/api/v1/feedback?topic=proxy")).statusCode).toBe(401)
    const moderator = testBrowser(app, { ip: "10.4.0.3" })
    await moderator.signIn("moderator@demo.manyhands.dev")
    const list = (await moderator.get("/api/v1/feedback?topic=proxy")).json<FeedbackList>()
    expect(list).toMatchObject({ totalCount: 2, average: 3.5, ratingCounts: [0, 1, 0, 0, 1] })
    expect(list.records.map((entry) => [entry.rating, entry.contact, entry.account?.email ?? null])).toEqual([
      [5, null, "feedback-writer@example.com"],
      [2, "@proxyfan", null],
    ])
    expect((await moderator.get("/api/v1/feedback?topic=service")).json<FeedbackList>().totalCount).toBe(0)
  })

  it("takes 5 an hour from one address", async () => {
    const eager = testBrowser(app, { ip: "10.4.0.9" })
    const body = { topic: "service", rating: 4, body: "Good service overall, thanks." }
    for (let n = 0; n < 5; n++) expect((await eager.post("/api/v1/feedback", body)).statusCode).toBe(201)
    const sixth = await eager.post("/api/v1/feedback", body)
    expect(sixth.statusCode).toBe(429)
    expect(errorOf(sixth).code).toBe("RATE_LIMITED")
  })
})
