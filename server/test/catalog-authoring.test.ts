import type {
  ModerationSubmissions,
  MySoftware,
  NewSoftware,
  SoftwareDraft,
  SoftwareItem,
  SoftwareList,
  SoftwarePicture,
} from "@manyhands/contract/catalog"
import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import { ok, signedInBrowser, testBrowser, type TestBrowser } from "./browser"
import { engines } from "./databases"
import { filePart, form, picture } from "./multipart"
import { startTestApp } from "./test-app"

/*
 * Authors' programs in the software catalogue: adding one (a draft, or pending), its soft_id handed out, its
 * pictures from the attachment store, the moderators' queue of new programs, revisions and reported programs,
 * and their decisions — a published program keeps its approved text until a revision is published.
 */

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; details?: { field: string }[] } }>().error

const program = (name: string, overrides: Partial<NewSoftware> = {}): NewSoftware => ({
  name,
  texts: {
    en: {
      summary: `${name} solves captchas for you.`,
      description: `## ${name}\n\nSet the server to Manyhands.`,
    },
  },
  categories: ["libraries"],
  platforms: ["linux", "windows"],
  pricing: "open-source",
  website: "https://example.com/tool",
  logoId: null,
  screenshotIds: [],
  submit: true,
  ...overrides,
})

describe.each(engines)("authors' programs and their moderation on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let author: TestBrowser
  let moderator: TestBrowser
  let reader: TestBrowser

  const signedIn = (email: string, ip: string, create = true) => signedInBrowser(app, db, email, ip, create)
  const uploadLogo = async (as: TestBrowser) => {
    const { payload, contentType } = form([
      filePart(await picture(640, 640, "png"), "logo.png", "image/png"),
      { name: "alt", value: "The tool's logo" },
    ])
    return as.upload("/api/v1/catalog/pictures", payload, contentType, "PUT")
  }
  const queue = (as = moderator) => ok<ModerationSubmissions>(as.get("/api/v1/catalog/moderation/items"))
  const decide = (id: string, decision: string, reason?: string, kind = "items") =>
    moderator.post(`/api/v1/catalog/moderation/${kind}/${id}`, { decision, ...(reason ? { reason } : {}) })

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    author = await signedIn("author@example.com", "10.2.0.1")
    reader = await signedIn("reader@example.com", "10.2.0.2")
    moderator = await signedIn("moderator@demo.manyhands.dev", "10.2.0.3", false)
  })
  afterAll(() => stop())

  it("adds a program as a draft or for review, hands out its soft_id, and refuses bad input beside its field", async () => {
    const logo = await ok<SoftwarePicture>(uploadLogo(author), 201)
    expect(logo.url).toMatch(/^\/media\/\d+\/[0-9a-f]{16}-480\.webp$/)
    expect((await app.inject({ method: "GET", url: logo.url })).statusCode).toBe(200)
    const signedOut = testBrowser(app, { ip: "10.2.0.9" })
    expect((await uploadLogo(signedOut)).statusCode).toBe(401)

    const draft = await ok<SoftwareDraft>(
      author.post("/api/v1/catalog/software", program("Parser Pro 2", { logoId: logo.id, submit: false })),
      201,
    )
    expect(draft).toMatchObject({ slug: "parser-pro-2", status: "draft", rejectReason: null, revision: null })
    expect(draft.softId).toBeGreaterThanOrEqual(10001)
    expect(draft.fields.logo?.id).toBe(logo.id)
    expect(draft.fields.texts.ru).toBeNull()
    // Not public, not waiting for a moderator.
    expect(
      (await app.inject({ method: "GET", url: "/api/v1/catalog/software/parser-pro-2" })).statusCode,
    ).toBe(404)
    expect((await queue()).records.some((record) => record.program.id === draft.id)).toBe(false)
    // The next program gets the next soft_id.
    const second = await ok<SoftwareDraft>(
      author.post("/api/v1/catalog/software", program("Second Tool")),
      201,
    )
    expect(second.softId).toBe(draft.softId! + 1)

    const refused = [
      [program("Parser Pro 2"), 409, "SLUG_TAKEN", "slug"],
      [program("Other", { categories: ["no-such-category"] }), 400, "UNKNOWN_CATEGORY", undefined],
      [program("Other", { website: "ftp://example.com" }), 400, "VALIDATION_FAILED", "website"],
      [program("   "), 400, "VALIDATION_FAILED", "name"],
      [program("!!!"), 400, "VALIDATION_FAILED", "slug"],
    ] as const
    for (const [body, status, code, field] of refused) {
      const response = await author.post("/api/v1/catalog/software", body)
      expect(response.statusCode, response.body).toBe(status)
      expect(errorOf(response).code).toBe(code)
      if (field) expect(errorOf(response).details?.[0]?.field).toBe(field)
    }
    // Another account's picture is not theirs to use.
    const foreign = await ok<SoftwarePicture>(uploadLogo(reader), 201)
    const borrowed = await author.post(
      "/api/v1/catalog/software",
      program("Borrowed", { logoId: foreign.id }),
    )
    expect(errorOf(borrowed).code).toBe("PICTURE_NOT_FOUND")
    // Signed out, or without the CSRF token: nothing is added.
    expect((await signedOut.post("/api/v1/catalog/software", program("Anonymous"))).statusCode).toBe(401)
    expect(
      (await author.post("/api/v1/catalog/software", program("Forged"), { csrf: "forged" })).statusCode,
    ).toBe(403)

    const mine = await ok<MySoftware>(author.get("/api/v1/catalog/mine"))
    expect(mine.records.map((record) => [record.slug, record.status])).toEqual([
      ["second-tool", "pending"],
      ["parser-pro-2", "draft"],
    ])
    // Only its author (or a moderator) opens the editor.
    expect(errorOf(await reader.get("/api/v1/catalog/software/parser-pro-2/draft")).code).toBe(
      "NOT_THE_AUTHOR",
    )
    await ok(moderator.get("/api/v1/catalog/software/parser-pro-2/draft"))
  })

  it("queues submitted programs oldest first; a rejection's reason reaches the author, a resubmission is published", async () => {
    expect((await reader.get("/api/v1/catalog/moderation/items")).statusCode).toBe(403)
    const draft = await ok<SoftwareDraft>(author.get("/api/v1/catalog/software/parser-pro-2/draft"))
    const { submit: _, ...unchanged } = program("Parser Pro 2", { logoId: draft.fields.logo!.id })
    const sent = await ok<SoftwareDraft>(
      author.send("PUT", `/api/v1/catalog/software/${draft.id}`, { ...unchanged, submit: true }),
    )
    expect(sent.status).toBe("pending")
    const queued = (await queue()).records.filter((record) => record.kind === "item")
    expect(queued.map((record) => record.program.slug)).toEqual(["second-tool", "parser-pro-2"])
    const entry = queued[1]!
    expect(entry.author).toMatchObject({ email: "author@example.com" })
    expect(entry.changes.map((change) => change.field)).toEqual([
      "name",
      "texts.en.summary",
      "texts.en.description",
      "categories",
      "platforms",
      "pricing",
      "website",
      "logo",
    ])
    expect(entry.changes.every((change) => change.before === null)).toBe(true)

    expect(errorOf(await decide(entry.id, "reject")).code).toBe("REASON_REQUIRED")
    await ok(decide(entry.id, "reject", "Tell readers where to get it."))
    const rejected = (await ok<MySoftware>(author.get("/api/v1/catalog/mine"))).records.find(
      (record) => record.id === entry.id,
    )
    expect(rejected).toMatchObject({ status: "rejected", rejectReason: "Tell readers where to get it." })

    await ok(
      author.send("PUT", `/api/v1/catalog/software/${entry.id}`, {
        ...unchanged,
        texts: { en: { ...unchanged.texts.en, description: "Get it from example.com/tool." } },
        submit: true,
      }),
    )
    const again = (await queue()).records.find((record) => record.id === entry.id)!
    await ok(decide(again.id, "publish"))
    const page = await ok<SoftwareItem>(
      app.inject({ method: "GET", url: "/api/v1/catalog/software/parser-pro-2" }),
    )
    expect(page).toMatchObject({ listedByManyhands: false, author: null, softId: draft.softId })
    expect(page.logo?.id).toBe(draft.fields.logo!.id)
    const listed = await ok<SoftwareList>(
      app.inject({ method: "GET", url: "/api/v1/catalog/software?text=parser" }),
    )
    expect(listed.records[0]).toMatchObject({
      slug: "parser-pro-2",
      logoUrl: expect.stringMatching(/-480\.webp$/),
    })
    const { rows } = await db.query<{ decision: string; reason: string | null }>(
      "SELECT decision, reason FROM software_moderation_log WHERE subject = 'item' AND subject_id = $1 ORDER BY id",
      [entry.id],
    )
    expect(rows).toEqual([
      { decision: "reject", reason: "Tell readers where to get it." },
      { decision: "publish", reason: null },
    ])
  })

  it("keeps a published program's text while an edit waits as a revision the moderator sees as a diff", async () => {
    const draft = await ok<SoftwareDraft>(author.get("/api/v1/catalog/software/parser-pro-2/draft"))
    const fields = {
      name: draft.fields.name,
      texts: { en: draft.fields.texts.en },
      categories: draft.fields.categories,
      platforms: draft.fields.platforms,
      pricing: draft.fields.pricing,
      website: draft.fields.website,
      logoId: draft.fields.logo!.id,
      screenshotIds: [],
      submit: true,
    }
    const url = `/api/v1/catalog/software/${draft.id}`
    expect(errorOf(await author.send("PUT", url, fields)).code).toBe("NOTHING_CHANGED")
    expect(errorOf(await reader.send("PUT", url, { ...fields, name: "Mine now" })).code).toBe(
      "NOT_THE_AUTHOR",
    )
    const edited = await ok<SoftwareDraft>(
      author.send("PUT", url, {
        ...fields,
        texts: { en: { ...fields.texts.en, summary: "Now with proxies." } },
      }),
    )
    expect(edited).toMatchObject({ status: "published", revision: { status: "pending" } })
    expect(edited.fields.texts.en.summary).toBe("Now with proxies.")
    const live = () =>
      ok<SoftwareItem>(app.inject({ method: "GET", url: "/api/v1/catalog/software/parser-pro-2" }))
    expect((await live()).summary).toBe("Parser Pro 2 solves captchas for you.")

    const revision = (await queue()).records.find((record) => record.kind === "revision")!
    expect(revision.program.slug).toBe("parser-pro-2")
    expect(revision.changes).toEqual([
      {
        field: "texts.en.summary",
        before: "Parser Pro 2 solves captchas for you.",
        after: "Now with proxies.",
      },
    ])
    await ok(decide(revision.id, "reject", "Say which proxies.", "revisions"))
    expect(
      (await ok<SoftwareDraft>(author.get("/api/v1/catalog/software/parser-pro-2/draft"))).revision,
    ).toMatchObject({ status: "rejected", rejectReason: "Say which proxies." })
    expect((await decide(revision.id, "publish", undefined, "revisions")).statusCode).toBe(404)

    await ok(
      author.send("PUT", url, {
        ...fields,
        texts: { en: { ...fields.texts.en, summary: "Now with HTTP and SOCKS5 proxies." } },
      }),
    )
    const second = (await queue()).records.find((record) => record.kind === "revision")!
    await ok(decide(second.id, "publish", undefined, "revisions"))
    expect((await live()).summary).toBe("Now with HTTP and SOCKS5 proxies.")
    expect(
      (await ok<SoftwareDraft>(author.get("/api/v1/catalog/software/parser-pro-2/draft"))).revision,
    ).toBeNull()
  })

  it("takes a reader's report of a program once; keeping it resolves the reports, hiding takes it down", async () => {
    const page = await ok<SoftwareItem>(
      app.inject({ method: "GET", url: "/api/v1/catalog/software/parser-pro-2" }),
    )
    const url = `/api/v1/catalog/software/${page.id}/report`
    expect((await reader.post(url, { reason: "The download link is broken." })).statusCode).toBe(204)
    expect(errorOf(await reader.post(url, { reason: "Still broken." })).code).toBe("ALREADY_REPORTED")
    expect(
      errorOf(await reader.post("/api/v1/catalog/software/999999/report", { reason: "Gone?" })).code,
    ).toBe("SOFTWARE_NOT_FOUND")
    const reported = (await queue()).records.find((record) => record.kind === "report")!
    expect(reported).toMatchObject({
      id: page.id,
      changes: [],
      reports: [{ reason: "The download link is broken." }],
    })
    await ok(decide(reported.id, "publish"))
    expect((await queue()).records.some((record) => record.kind === "report")).toBe(false)
    await ok(decide(page.id, "hide"))
    expect(
      (await app.inject({ method: "GET", url: "/api/v1/catalog/software/parser-pro-2" })).statusCode,
    ).toBe(404)
  })

  it("lets one account add 5 programs in 24 hours", async () => {
    const busy = await signedIn("busy-author@example.com", "10.2.0.4")
    for (const n of [1, 2, 3, 4, 5])
      await ok(busy.post("/api/v1/catalog/software", program(`Busy tool ${n}`, { submit: false })), 201)
    const sixth = await busy.post("/api/v1/catalog/software", program("Busy tool 6", { submit: false }))
    expect(sixth.statusCode).toBe(429)
    expect(errorOf(sixth).code).toBe("RATE_LIMITED")
  })
})
