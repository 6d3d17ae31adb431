import type {
  ModerationReviews,
  SoftwareCategories,
  SoftwareItem,
  SoftwareList,
  SoftwareReview,
  SoftwareReviews,
  SoftwareStatistics,
} from "@manyhands/contract/catalog"
import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import { readCatalogContent, type SeedItem } from "../src/modules/catalog/catalog-content"
import { SoftwareCatalog } from "../src/modules/catalog/catalog"
import { testBrowser } from "./browser"
import { giveCredit, imageTask, newUser, userId } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

/*
 * The software catalogue's server side: the seeded programs, the list (categories, text from 3 characters,
 * sortings, paging from 0), a program's page, reviews and their rules, and the public usage through soft_id.
 * The tests' own programs live in their own category, so the seeded catalogue does not move their figures.
 */

const TEST_CATEGORY = {
  slug: "test-kit",
  name: { en: "Test kit", ru: "Тестовый набор" },
  description: { en: "Programs of the tests.", ru: "Программы тестов." },
}

const item = (key: string, softId: number, overrides: Partial<SeedItem> = {}): SeedItem => ({
  key,
  name: key.replace(/-/g, " "),
  categories: [TEST_CATEGORY.slug],
  platforms: ["linux"],
  pricing: "free",
  website: null,
  softId,
  author: "manyhands",
  published: "2026-06-01",
  texts: {
    en: { summary: `The ${key} summary.`, description: `## About\n\nThe ${key} description, 100% honest.` },
    ru: { summary: `Описание ${key}.`, description: `## О программе\n\nОписание ${key}.` },
  },
  ...overrides,
})

const errorOf = (response: LightMyRequestResponse) =>
  (response.json() as { error: { code: string } }).error.code

describe.each(engines)("the software catalogue on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  const seeded = readCatalogContent()

  const get = async <T>(url: string) => {
    const response = await app.inject({ method: "GET", url })
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200)
    return response.json<T>()
  }
  const listOf = (query: string) => get<SoftwareList>(`/api/v1/catalog/software?categories=test-kit&${query}`)
  const names = (list: SoftwareList) => list.records.map((record) => record.slug)

  /** Tasks sent with a soft_id by a customer, `daysAgo` old, solved after `seconds` (or unsolvable). */
  async function tasksWith(
    customer: string,
    softId: number,
    count: number,
    { daysAgo = 0, seconds = 10 as number | null } = {},
  ) {
    const client = await app.captchaEngine.clientFor(customer)
    for (let n = 0; n < count; n++) {
      const { id } = await app.captchaEngine.submit(client, imageTask(), {
        api: "v2",
        ip: "127.0.0.1",
        softId,
      })
      await db.query(
        `UPDATE captcha_tasks SET created_at = now() - make_interval(days => $2), wanted = 0,
                state = CASE WHEN $3::int IS NULL THEN 'unsolvable' ELSE 'solved' END,
                ended_at = now() - make_interval(days => $2) + make_interval(secs => coalesce($3::int, 60))
          WHERE id = $1`,
        [id, daysAgo, seconds],
      )
    }
  }

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    await new SoftwareCatalog(db).seed({
      categories: [...seeded.categories, TEST_CATEGORY],
      items: [
        item("alpha-solver", 4901, { published: "2026-03-01" }),
        item("beta-scraper", 4902, { published: "2026-04-01", pricing: "paid" }),
        item("gamma-bot", 4903, { published: "2026-05-01" }),
        item("delta-kit", 4904, {
          published: "2026-07-01",
          author: "developer",
          texts: {
            en: {
              summary: "Finds 100%_literal text.",
              description: "Delta's words: percent signs and more.",
            },
            ru: { summary: "Дельта по-русски.", description: "Слова дельты." },
          },
        }),
      ],
    })
  })
  afterAll(() => stop())

  it("loads the seeded catalogue: every program of server/content/software, published, in its categories", async () => {
    expect(seeded.items.length).toBeGreaterThanOrEqual(15)
    const { categories } = await get<SoftwareCategories>("/api/v1/catalog/categories?language=ru")
    for (const category of seeded.categories)
      expect(categories.find((found) => found.slug === category.slug)).toMatchObject({
        name: category.name.ru,
        count: seeded.items.filter((seed) => seed.categories.includes(category.slug)).length,
      })
    const all = await get<SoftwareList>("/api/v1/catalog/software")
    expect(all.totalCount).toBe(seeded.items.length + 4)
    expect(all).toMatchObject({ page: 0, pageSize: 12, sorting: "relevant" })
    expect(all.records).toHaveLength(12)
    const second = await get<SoftwareList>("/api/v1/catalog/software?page=1")
    expect(new Set([...names(all), ...names(second)]).size).toBe(all.records.length + second.records.length)
    // Loading again adds nothing and changes nothing.
    expect(await new SoftwareCatalog(db).seed(seeded)).toBe(0)
  })

  it("filters by category and by text from 3 characters, taken literally, in the name, summary or description", async () => {
    expect(names(await listOf("sorting=new"))).toEqual([
      "delta-kit",
      "gamma-bot",
      "beta-scraper",
      "alpha-solver",
    ])
    expect(names(await listOf("text=scrap"))).toEqual(["beta-scraper"])
    expect(names(await listOf("text=100%25_")).sort()).toEqual(["delta-kit"])
    expect(names(await listOf("text=percent"))).toEqual(["delta-kit"])
    expect(names(await listOf("text=%D0%B4%D0%B5%D0%BB%D1%8C%D1%82&language=ru"))).toEqual(["delta-kit"])
    const short = await app.inject({ method: "GET", url: "/api/v1/catalog/software?text=ab" })
    expect(short.statusCode).toBe(400)
    expect(errorOf(short)).toBe("SEARCH_TOO_SHORT")
    const unknown = await app.inject({
      method: "GET",
      url: "/api/v1/catalog/software?categories=nothing-here",
    })
    expect(errorOf(unknown)).toBe("UNKNOWN_CATEGORY")
    const malformed = await app.inject({
      method: "GET",
      url: "/api/v1/catalog/software?page=-1&sorting=best",
    })
    expect(malformed.statusCode).toBe(400)
    // A page past the end is empty and still counts.
    expect(await listOf("page=3")).toMatchObject({ records: [], totalCount: 4, page: 3 })
  })

  it("sorts popular by real usage through soft_id, rating by a Bayesian average, updated by the last change", async () => {
    const customer = await userId(db, "customer@demo.manyhands.dev")
    await tasksWith(customer, 4903, 3)
    await tasksWith(customer, 4902, 1)
    await tasksWith(customer, 4901, 2, { daysAgo: 40 })
    const popular = await listOf("sorting=popular")
    expect(names(popular).slice(0, 2)).toEqual(["gamma-bot", "beta-scraper"])
    expect(popular.records[0]!.usage30d).toBe(3)

    // Eight 5s against one 5 (and two 1s elsewhere, so the catalogue's mean is not 5): the same raw mean, but the
    // many count for more.
    const ids = Object.fromEntries(popular.records.map((record) => [record.slug, record.id]))
    const reviewers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => newUser(db, `rater${n}@example.com`, "customer")),
    )
    const rate = (slug: string, rating: number, who: string[]) =>
      db.query(
        `INSERT INTO software_reviews (software_id, user_id, rating, body, status)
         SELECT $1, unnest($2::bigint[]), $3, 'A review long enough for the rule.', 'published'`,
        [ids[slug], who, rating],
      )
    await rate("beta-scraper", 5, reviewers)
    await rate("alpha-solver", 5, reviewers.slice(0, 1))
    await rate("delta-kit", 1, reviewers.slice(0, 2))
    const rated = await listOf("sorting=rating")
    expect(names(rated)).toEqual(["beta-scraper", "alpha-solver", "gamma-bot", "delta-kit"])
    expect(rated.records[1]!.rating).toMatchObject({ average: 5, count: 1 })
    expect(rated.records[1]!.rating.weighted).toBeLessThan(rated.records[0]!.rating.weighted)

    await db.query("UPDATE software_items SET updated_at = now() WHERE slug = 'alpha-solver'")
    expect(names(await listOf("sorting=updated"))[0]).toBe("alpha-solver")
  })

  it("shows a program in the reader's language (English where it has no text) with its author; hidden ones are not found", async () => {
    const ru = await get<SoftwareItem>("/api/v1/catalog/software/delta-kit?language=ru")
    expect(ru).toMatchObject({ language: "ru", summary: "Дельта по-русски.", softId: 4904, canReview: false })
    const { rows: developer } = await db.query<{ display_name: string | null }>(
      "SELECT display_name FROM users WHERE email = 'developer@demo.manyhands.dev'",
    )
    expect(ru).toMatchObject({ listedByManyhands: false, author: developer[0]!.display_name })
    // An author without a display name is still an author, not Manyhands.
    const anonymous = await newUser(db, "nameless-author@example.com", "customer")
    await db.query("UPDATE software_items SET owner_id = $1 WHERE slug = 'beta-scraper'", [anonymous])
    expect(await get<SoftwareItem>("/api/v1/catalog/software/beta-scraper")).toMatchObject({
      listedByManyhands: false,
      author: null,
    })
    await db.query("UPDATE software_items SET owner_id = NULL WHERE slug = 'beta-scraper'")
    const en = await get<SoftwareItem>("/api/v1/catalog/software/alpha-solver?language=de")
    expect(en).toMatchObject({
      language: "en",
      listedByManyhands: true,
      author: null,
      logo: null,
      screenshots: [],
    })
    expect(en.descriptionHtml).toContain("<h2")
    expect(en.descriptionHtml).toContain("100% honest")
    await db.query("UPDATE software_items SET status = 'hidden' WHERE slug = 'gamma-bot'")
    const hidden = await app.inject({ method: "GET", url: "/api/v1/catalog/software/gamma-bot" })
    expect(hidden.statusCode).toBe(404)
    expect(errorOf(hidden)).toBe("SOFTWARE_NOT_FOUND")
    expect((await listOf("sorting=new")).totalCount).toBe(3)
    await db.query("UPDATE software_items SET status = 'published' WHERE slug = 'gamma-bot'")
  })

  it("takes one review per account, never the author's, pending until published, verified by the soft_id's tasks", async () => {
    const program = await get<SoftwareItem>("/api/v1/catalog/software/gamma-bot")
    const url = `/api/v1/catalog/software/${program.id}/reviews`
    const body = {
      softwareId: program.id,
      rating: 5,
      body: "Solves every captcha my scraper meets, quickly.",
    }

    // Signed out, no CSRF header, a short text, another program's id.
    expect((await app.inject({ method: "POST", url, payload: body })).statusCode).toBe(403)
    const customer = testBrowser(app, { ip: "10.0.0.7" })
    expect((await customer.signIn("customer@demo.manyhands.dev")).statusCode).toBe(200)
    expect((await customer.post(url, body, { csrf: null })).statusCode).toBe(403)
    const short = await customer.post(url, { ...body, body: "Good." })
    expect(short.statusCode).toBe(400)
    expect(errorOf(short)).toBe("VALIDATION_FAILED")
    expect(errorOf(await customer.post(url, { ...body, softwareId: "999999" }))).toBe("VALIDATION_FAILED")
    expect(
      errorOf(
        await customer.post("/api/v1/catalog/software/999999/reviews", { ...body, softwareId: "999999" }),
      ),
    ).toBe("SOFTWARE_NOT_FOUND")

    // The demo customer sent tasks with gamma-bot's soft_id: verified usage.
    const created = await customer.post(url, body)
    expect(created.statusCode, created.body).toBe(201)
    const review = created.json<SoftwareReview>()
    expect(review).toMatchObject({ rating: 5, status: "pending", verifiedUsage: true, reply: null })
    expect(errorOf(await customer.post(url, body))).toBe("REVIEW_EXISTS")
    // Pending: not in the list, but on the reviewer's own view of the page.
    expect((await get<SoftwareReviews>(`/api/v1/catalog/software/gamma-bot/reviews`)).records).toEqual([])
    const seen = await customer.get("/api/v1/catalog/software/gamma-bot")
    expect(seen.json<SoftwareItem>()).toMatchObject({
      canReview: false,
      myReview: { id: review.id, status: "pending" },
    })

    // A new account that never used the program, writing the same words: flagged for the moderator.
    const newcomer = testBrowser(app, { ip: "10.0.0.8" })
    await newUser(db, "newreviewer@example.com", "customer")
    expect((await newcomer.signIn("newreviewer@example.com")).statusCode).toBe(200)
    expect((await newcomer.get("/api/v1/catalog/software/gamma-bot")).json<SoftwareItem>().canReview).toBe(
      true,
    )
    const copied = (await newcomer.post(url, { ...body, rating: 1 })).json<SoftwareReview>()
    expect(copied.verifiedUsage).toBe(false)
    const { rows } = await db.query<{ flags: string[] }>("SELECT flags FROM software_reviews WHERE id = $1", [
      copied.id,
    ])
    expect(rows[0]!.flags.sort()).toEqual(["NEAR_DUPLICATE", "NEW_ACCOUNT", "NO_USAGE"])

    // The author cannot review their own program.
    const author = testBrowser(app, { ip: "10.0.0.9" })
    expect((await author.signIn("developer@demo.manyhands.dev")).statusCode).toBe(200)
    const delta = await get<SoftwareItem>("/api/v1/catalog/software/delta-kit")
    const own = await author.post(`/api/v1/catalog/software/${delta.id}/reviews`, {
      softwareId: delta.id,
      rating: 5,
      body: "My own program is the best one there is.",
    })
    expect(own.statusCode).toBe(403)
    expect(errorOf(own)).toBe("OWN_SOFTWARE")

    // Published by a moderator (issue 22's moderation comes next): listed, newest first, counted in the rating.
    await db.query("UPDATE software_reviews SET status = 'published' WHERE id = ANY($1::bigint[])", [
      [review.id, copied.id],
    ])
    const listed = await get<SoftwareReviews>("/api/v1/catalog/software/gamma-bot/reviews?page=0")
    expect(listed.records.map((each) => each.id)).toEqual([copied.id, review.id])
    expect(listed.totalCount).toBe(2)
    const after = await get<SoftwareItem>("/api/v1/catalog/software/gamma-bot")
    expect(after.rating).toMatchObject({ average: 3, count: 2 })
    expect(after.ratingCounts).toEqual([1, 0, 0, 0, 1])
  })

  it("lets moderators publish, reject with a reason and hide reviews, keeps every decision, and takes reports and the author's answer once", async () => {
    const program = await get<SoftwareItem>("/api/v1/catalog/software/delta-kit")
    const reviewers = await Promise.all(
      [1, 2].map(async (n) => {
        await newUser(db, `moderated${n}@example.com`, "customer")
        const browser = testBrowser(app, { ip: `10.0.1.${n}` })
        expect((await browser.signIn(`moderated${n}@example.com`)).statusCode).toBe(200)
        return browser
      }),
    )
    const url = `/api/v1/catalog/software/${program.id}/reviews`
    const first = (
      await reviewers[0]!.post(url, {
        softwareId: program.id,
        rating: 4,
        body: "Delta kit saved me an afternoon of work.",
      })
    ).json<SoftwareReview>()
    const second = (
      await reviewers[1]!.post(url, {
        softwareId: program.id,
        rating: 1,
        body: "Spam spam spam, buy cheap followers here!",
      })
    ).json<SoftwareReview>()

    // Only administrators and moderators see the queue.
    expect((await reviewers[0]!.get("/api/v1/catalog/moderation/reviews")).statusCode).toBe(403)
    const moderator = testBrowser(app, { ip: "10.0.1.9" })
    expect((await moderator.signIn("moderator@demo.manyhands.dev")).statusCode).toBe(200)
    const queue = (await moderator.get("/api/v1/catalog/moderation/reviews")).json<ModerationReviews>()
    const ours = queue.records.filter((record) => record.program.slug === "delta-kit")
    expect(ours.map((record) => record.review.id)).toEqual([first.id, second.id])
    expect(ours[0]!.flags).toEqual(expect.arrayContaining(["NEW_ACCOUNT", "NO_USAGE"]))
    expect(ours[0]!.reviewer.email).toBe("moderated1@example.com")

    // A rejection needs its reason, which its writer then reads.
    const decide = (id: string, body: object) =>
      moderator.post(`/api/v1/catalog/moderation/reviews/${id}`, body)
    const bare = await decide(second.id, { decision: "reject" })
    expect(bare.statusCode).toBe(400)
    expect(errorOf(bare)).toBe("REASON_REQUIRED")
    expect((await decide(second.id, { decision: "reject", reason: "Advertising." })).json()).toMatchObject({
      status: "rejected",
      rejectReason: "Advertising.",
    })
    const seen = (await reviewers[1]!.get("/api/v1/catalog/software/delta-kit")).json<SoftwareItem>()
    expect(seen.myReview).toMatchObject({ status: "rejected", rejectReason: "Advertising." })
    expect((await decide(first.id, { decision: "publish" })).json()).toMatchObject({ status: "published" })
    expect((await decide("999999", { decision: "publish" })).statusCode).toBe(404)

    // A reader reports the published review once: it is back in the queue with the report.
    const reportUrl = `${url}/${first.id}/report`
    expect(
      (await reviewers[1]!.post(reportUrl, { reason: "This reads like the author wrote it." })).statusCode,
    ).toBe(204)
    expect(errorOf(await reviewers[1]!.post(reportUrl, { reason: "Again." }))).toBe("ALREADY_REPORTED")
    expect(
      errorOf(await reviewers[1]!.post(`${url}/${second.id}/report`, { reason: "Not published." })),
    ).toBe("REVIEW_NOT_FOUND")
    const reported = (await moderator.get("/api/v1/catalog/moderation/reviews")).json<ModerationReviews>()
    expect(reported.records.find((record) => record.review.id === first.id)).toMatchObject({
      flags: expect.arrayContaining(["REPORTED"]),
      reports: [{ reason: "This reads like the author wrote it." }],
    })
    // Kept after all: the report is resolved and the review leaves the queue.
    await decide(first.id, { decision: "publish" })
    const after = (await moderator.get("/api/v1/catalog/moderation/reviews")).json<ModerationReviews>()
    expect(after.records.some((record) => record.review.id === first.id)).toBe(false)
    const { rows: log } = await db.query<{ decision: string; reason: string | null }>(
      "SELECT decision, reason FROM software_moderation_log WHERE subject = 'review' AND subject_id = ANY($1::bigint[]) ORDER BY id",
      [[first.id, second.id]],
    )
    expect(log).toEqual([
      { decision: "reject", reason: "Advertising." },
      { decision: "publish", reason: null },
      { decision: "publish", reason: null },
    ])

    // Only the program's author answers, and once.
    const replyUrl = `${url}/${first.id}/reply`
    expect(errorOf(await reviewers[1]!.post(replyUrl, { body: "Thanks!" }))).toBe("NOT_THE_AUTHOR")
    const author = testBrowser(app, { ip: "10.0.1.10" })
    expect((await author.signIn("developer@demo.manyhands.dev")).statusCode).toBe(200)
    expect((await author.post(replyUrl, { body: "Glad it helped!" })).json()).toMatchObject({
      reply: { body: "Glad it helped!" },
    })
    expect(errorOf(await author.post(replyUrl, { body: "And again." }))).toBe("ALREADY_ANSWERED")
    const listed = await get<SoftwareReviews>("/api/v1/catalog/software/delta-kit/reviews")
    expect(listed.records.find((record) => record.id === first.id)?.reply?.body).toBe("Glad it helped!")
    expect(listed.records.some((record) => record.id === second.id)).toBe(false)
  })

  it("answers a program's public usage per UTC day and captcha type, the last 7 days by default", async () => {
    const customer = await newUser(db, "statsuser@example.com", "customer")
    await giveCredit(db, customer, 5_000_000)
    await tasksWith(customer, 4904, 2, { seconds: 8 })
    await tasksWith(customer, 4904, 1, { seconds: 20 })
    await tasksWith(customer, 4904, 1, { seconds: null })
    await tasksWith(customer, 4904, 2, { daysAgo: 3, seconds: 30 })
    await tasksWith(customer, 4904, 1, { daysAgo: 9, seconds: 30 })
    const stats = await get<SoftwareStatistics>("/api/v2/software/statistics/delta-kit/public")
    expect(stats.days).toHaveLength(7)
    expect(stats.totals).toEqual({ tasks: 6, solved: 5, unsolvable: 1, customers: 1, medianSolveSeconds: 20 })
    expect(stats.days.at(-1)).toMatchObject({ tasks: 4, solved: 3, unsolvable: 1, medianSolveSeconds: 8 })
    expect(stats.days.at(-4)).toMatchObject({ tasks: 2, solved: 2, medianSolveSeconds: 30 })
    expect(stats.types).toEqual([{ type: "ImageToTextTask", tasks: 6, solved: 5, unsolvable: 1 }])

    const wide = await get<SoftwareStatistics>(
      `/api/v2/software/statistics/delta-kit/public?dateFrom=${stats.days[0]!.date.slice(0, 8)}01&dateTo=${stats.dateTo}`,
    )
    expect(wide.totals.tasks).toBeGreaterThanOrEqual(6)
    const backwards = await app.inject({
      method: "GET",
      url: `/api/v2/software/statistics/delta-kit/public?dateFrom=${stats.dateTo}&dateTo=${stats.dateFrom}`,
    })
    expect(errorOf(backwards)).toBe("BAD_DATES")
    const tooLong = await app.inject({
      method: "GET",
      url: "/api/v2/software/statistics/delta-kit/public?dateFrom=2025-01-01&dateTo=2026-01-01",
    })
    expect(tooLong.statusCode).toBe(400)
    const notADate = await app.inject({
      method: "GET",
      url: "/api/v2/software/statistics/delta-kit/public?dateFrom=yesterday",
    })
    expect(notADate.statusCode).toBe(400)
    expect(
      (await app.inject({ method: "GET", url: "/api/v2/software/statistics/nothing/public" })).statusCode,
    ).toBe(404)
  })
})
