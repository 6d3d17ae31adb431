import { readFileSync } from "node:fs"
import { join } from "node:path"
import type { BotGaps, BotThread, PublishedBotThreads } from "@manyhands/contract/bot"
import type { FaqHelpfulness } from "@manyhands/contract/faq"
import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import { readDocsTexts } from "../src/modules/docs/docs-content"
import { anonymise, BotIndex, chunksOf, quoteOf } from "../src/modules/support/bot"
import { testBrowser, type TestBrowser } from "./browser"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

/*
 * The support bot answers from our own FAQ, tutorials and API guides (PostgreSQL full-text and trigrams, no external
 * AI), keeps each asker's conversation to them, publishes only what the asker chose, and reports the questions it
 * could not answer to staff. FAQ answers take "was this helpful" votes.
 */

interface Question {
  language: "en" | "ru"
  question: string
  /** A FAQ or tutorial key, or docs:<guide>. */
  expected: string
}
const readQuestions = () =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, "fixtures", "support-bot-questions.json"), "utf8"),
  ) as Question[]

const errorOf = (response: LightMyRequestResponse) => response.json<{ error: { code: string } }>().error

describe("cutting pages into chunks", () => {
  it("cuts at ## and ### headings with their anchors, leaves code out and keeps tables' cells", () => {
    const chunks = chunksOf({
      source: "faq",
      key: "refund",
      language: "en",
      title: "Refunds",
      path: "/support/faq/refund",
      markdown: [
        "A wrong answer costs you nothing.",
        "",
        "## How to report",
        "",
        "Call `reportbad` with the **task id**.",
        "",
        "```python",
        "solver.report(id, False)",
        "```",
        "",
        "### Limits",
        "",
        "| Reports | Window |",
        "| --- | --- |",
        "| 100 | a day |",
        "",
        "## Empty",
        "",
        "#### Deeper heading stays inside",
        "",
        "Text under it.",
      ].join("\n"),
      anchors: ["how-to-report", "limits", "empty"],
    })
    expect(chunks.map((chunk) => [chunk.heading, chunk.path])).toEqual([
      [null, "/support/faq/refund"],
      ["How to report", "/support/faq/refund#how-to-report"],
      ["Limits", "/support/faq/refund#limits"],
      ["Empty", "/support/faq/refund#empty"],
    ])
    expect(chunks[1]!.body).toBe("Call reportbad with the task id.")
    expect(chunks[2]!.body).toContain("100 · a day")
    expect(chunks[3]!.body).toBe("Deeper heading stays inside\nText under it.")
    expect(chunks.map((chunk) => chunk.ordinal)).toEqual([0, 1, 2, 3])
  })

  it("quotes a section up to a sentence's end and hides addresses and keys in published questions", () => {
    const long = `${"The first sentence is here. ".repeat(30)}`
    const quote = quoteOf(long, 100)
    expect(quote.length).toBeLessThanOrEqual(100)
    expect(quote.endsWith("here.")).toBe(true)
    expect(quoteOf("Short text.\nOn two lines.")).toBe("Short text. On two lines.")
    expect(anonymise("I am ann@example.com, key 0123456789abcdef0123456789abcdef, task 123456789")).toBe(
      "I am …@…, key …, task …",
    )
  })
})

describe.each(engines)("the support bot and FAQ votes on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let index: BotIndex

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine, { productContent: ["faq", "tutorial"] }))
    index = new BotIndex(db, readDocsTexts())
    await index.rebuild()
  }, 120_000)
  afterAll(() => stop())

  it("finds the expected page in its top 3 for at least 27 of the 30 fixed questions, in en and ru", async () => {
    const questions = readQuestions()
    expect(questions).toHaveLength(30)
    expect(new Set(questions.map((question) => question.language))).toEqual(new Set(["en", "ru"]))
    const misses: string[] = []
    for (const { language, question, expected } of questions) {
      const { hits } = await index.search(question, language)
      const keys = hits.map((hit) => (hit.source === "docs" ? `docs:${hit.key}` : hit.key))
      if (!keys.includes(expected)) misses.push(`${question} → ${keys.join(", ") || "nothing"} (${expected})`)
    }
    expect(misses.length, misses.join("\n")).toBeLessThanOrEqual(3)
  })

  it("answers a visitor with quoted passages, keeps the conversation theirs, and offers a ticket when unsure", async () => {
    const visitor = testBrowser(app, { ip: "10.23.0.1" })
    const asked = await visitor.post("/api/v1/support/bot/questions", {
      question: "How do I get my money back when a worker typed the captcha wrong?",
      language: "en",
    })
    expect(asked.statusCode, asked.body).toBe(201)
    const thread = asked.json<BotThread>()
    const first = thread.messages[0]!
    expect(first.answered).toBe(true)
    expect(first.confidence).toBeGreaterThanOrEqual(0.4)
    expect(first.passages.length).toBeGreaterThanOrEqual(1)
    expect(first.passages.length).toBeLessThanOrEqual(3)
    expect(first.passages[0]!.path).toMatch(/^\/support\/faq\/refund-for-a-wrong-answer(#|$)/)
    expect(first.passages[0]!.quote.length).toBeGreaterThan(40)

    // Something we never wrote about: not answered, so the page offers a ticket.
    const unknown = await visitor.post("/api/v1/support/bot/questions", {
      question: "What will the weather be in Lisbon tomorrow afternoon?",
      language: "en",
      threadId: thread.id,
    })
    expect(unknown.statusCode, unknown.body).toBe(201)
    const both = unknown.json<BotThread>()
    expect(both.id).toBe(thread.id)
    expect(both.messages).toHaveLength(2)
    expect(both.messages[1]!).toMatchObject({ answered: false })

    // Russian on the Russian page.
    const russian = await ok(
      visitor.post("/api/v1/support/bot/questions", {
        question: "Как вывести заработанные деньги?",
        language: "ru",
      }),
    )
    expect(russian.language).toBe("ru")
    expect(russian.messages[0]!.answered).toBe(true)

    // Another browser (its own security cookie: anonymous askers are told apart by it) neither reads nor continues it.
    const stranger = anotherBrowser(app, "10.23.0.2")
    expect(errorOf(await stranger.get(`/api/v1/support/bot/threads/${thread.id}`)).code).toBe(
      "BOT_THREAD_NOT_FOUND",
    )
    const continued = await stranger.post("/api/v1/support/bot/questions", {
      question: "And how much does it cost?",
      language: "en",
      threadId: thread.id,
    })
    expect(continued.statusCode).toBe(404)
    expect((await visitor.get(`/api/v1/support/bot/threads/${thread.id}`)).statusCode).toBe(200)

    // Bad input is a clear 400, never a 5xx.
    for (const body of [
      { question: "", language: "en" },
      { question: "x".repeat(1001), language: "en" },
      { question: "Hello", language: "xx" },
      { question: "Hello", language: "en", threadId: "abc" },
    ])
      expect((await visitor.post("/api/v1/support/bot/questions", body)).statusCode).toBe(400)

    // The verdict, publication (anonymised) and the gap report.
    const judged = await ok(
      visitor.post(`/api/v1/support/bot/threads/${thread.id}/messages/${first.id}/feedback`, {
        helpful: false,
      }),
    )
    expect(judged.messages[0]!.helpful).toBe(false)
    const emailed = await ok(
      visitor.post("/api/v1/support/bot/questions", {
        question: "My account ann@example.com says zero balance but I paid",
        language: "en",
        threadId: thread.id,
      }),
    )
    expect(emailed.messages).toHaveLength(3)
    expect(
      (await ok(visitor.post(`/api/v1/support/bot/threads/${thread.id}/publication`, { published: true })))
        .published,
    ).toBe(true)
    const listed = (await okGet<PublishedBotThreads>(visitor, "/api/v1/support/bot/published")).records.find(
      (record) => record.id === thread.id,
    )
    expect(listed?.messages.map((message) => message.question)).toEqual([
      "How do I get my money back when a worker typed the captcha wrong?",
      "What will the weather be in Lisbon tomorrow afternoon?",
      "My account …@… says zero balance but I paid",
    ])
    expect(JSON.stringify(listed)).not.toContain("10.23.0.1")

    expect((await visitor.get("/api/v1/support/bot/gaps")).statusCode).toBe(401)
    const moderator = testBrowser(app, { ip: "10.23.0.3" })
    await moderator.signIn("moderator@demo.manyhands.dev")
    const gaps = await okGet<BotGaps>(moderator, "/api/v1/support/bot/gaps")
    const questionsInGaps = gaps.items.map((gap) => gap.question)
    expect(questionsInGaps).toContain("What will the weather be in Lisbon tomorrow afternoon?")
    expect(questionsInGaps).toContain("How do I get my money back when a worker typed the captcha wrong?")
    expect(questionsInGaps).not.toContain("Как вывести заработанные деньги?")

    // Taken back: no longer listed.
    await ok(visitor.post(`/api/v1/support/bot/threads/${thread.id}/publication`, { published: false }))
    expect(
      (await okGet<PublishedBotThreads>(visitor, "/api/v1/support/bot/published")).records.some(
        (record) => record.id === thread.id,
      ),
    ).toBe(false)
  })

  it("takes one helpful vote per reader and FAQ answer and shows staff the tally", async () => {
    const { rows } = await db.query<{ id: string }>(
      "SELECT id::text FROM articles WHERE kind = 'faq' AND key = 'refund-for-a-wrong-answer'",
    )
    const id = rows[0]!.id
    const reader = testBrowser(app, { ip: "10.23.1.1" })
    await reader.get("/api/v1/faq/index")
    expect((await reader.post(`/api/v1/faq/${id}/helpful`, { helpful: false })).statusCode).toBe(204)
    expect((await reader.post(`/api/v1/faq/${id}/helpful`, { helpful: true })).statusCode).toBe(204)
    const other = anotherBrowser(app, "10.23.1.2")
    expect((await other.post(`/api/v1/faq/${id}/helpful`, { helpful: true })).statusCode).toBe(204)
    expect(errorOf(await reader.post("/api/v1/faq/999999999/helpful", { helpful: true })).code).toBe(
      "ARTICLE_NOT_FOUND",
    )
    expect((await reader.post(`/api/v1/faq/${id}/helpful`, { helpful: "yes" })).statusCode).toBe(400)
    const { rows: blog } = await db.query<{ id: string }>(
      "SELECT id::text FROM articles WHERE kind = 'blog' LIMIT 1",
    )
    if (blog[0])
      expect((await reader.post(`/api/v1/faq/${blog[0].id}/helpful`, { helpful: true })).statusCode).toBe(404)

    expect((await reader.get("/api/v1/editor/faq/helpfulness")).statusCode).toBe(401)
    const moderator = testBrowser(app, { ip: "10.23.1.3" })
    await moderator.signIn("moderator@demo.manyhands.dev")
    const tally = await okGet<FaqHelpfulness>(moderator, "/api/v1/editor/faq/helpfulness")
    expect(tally.items.find((item) => item.id === id)).toMatchObject({
      key: "refund-for-a-wrong-answer",
      audience: "customer",
      helpful: 2,
      notHelpful: 0,
    })
    expect(tally.items.length).toBeGreaterThanOrEqual(24)

    // The FAQ reads like the other kinds: an audience's answers by its tag.
    const customer = await okGet<{ items: { tags: string[] }[] }>(
      reader,
      "/api/v1/faq?tag=customer&pageSize=50",
    )
    expect(customer.items.length).toBeGreaterThanOrEqual(6)
    expect(customer.items.every((item) => item.tags[0] === "customer")).toBe(true)
  })
})

/** A test browser with a security (CSRF) cookie of its own: anonymous askers and voters are told apart by it. */
function anotherBrowser(app: FastifyInstance, ip: string) {
  const browser = testBrowser(app, { ip })
  const token = `other-browser-${ip}`
  browser.jar.set("mh_csrf", token)
  return {
    ...browser,
    post: (url: string, payload?: object) => browser.post(url, payload, { csrf: token }),
  }
}

async function ok(response: Promise<LightMyRequestResponse>): Promise<BotThread> {
  const answered = await response
  expect(answered.statusCode, answered.body).toBeLessThan(300)
  return answered.json<BotThread>()
}

async function okGet<T>(browser: TestBrowser, url: string): Promise<T> {
  const response = await browser.get(url)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<T>()
}
