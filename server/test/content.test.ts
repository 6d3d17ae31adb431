import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type {
  ArticleIndex,
  ArticleList,
  ArticleView,
  EditorArticle,
  EditorArticleList,
  RevisionDiff,
  RevisionList,
} from "@manyhands/contract/content"
import type { Database } from "../src/db/database"
import { loadConfig } from "../src/config"
import { Content } from "../src/modules/content/content"
import { ENGLISH_CALLOUT_TITLES } from "../src/modules/content/render"
import { testBrowser, type TestBrowser } from "./browser"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

/*
 * The content API (contract/src/content.ts) through HTTP on a migrated database of each engine: editors write,
 * revise, schedule and publish; readers list, search and read; everyone else is kept out of the editor API.
 */

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; message: string; details?: { field: string }[] } }>().error

describe.each(engines)("content on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let editor: TestBrowser
  let moderator: TestBrowser
  let customer: TestBrowser
  let visitor: TestBrowser
  let adminId: string

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    editor = testBrowser(app, { ip: "10.19.0.1" })
    moderator = testBrowser(app, { ip: "10.19.0.2" })
    customer = testBrowser(app, { ip: "10.19.0.3" })
    visitor = testBrowser(app, { ip: "10.19.0.4" })
    expect((await editor.signIn("admin@demo.manyhands.dev")).statusCode).toBe(200)
    expect((await moderator.signIn("moderator@demo.manyhands.dev")).statusCode).toBe(200)
    expect((await customer.signIn("customer@demo.manyhands.dev")).statusCode).toBe(200)
    const { rows } = await db.query<{ id: string }>("SELECT id::text FROM users WHERE email = $1", [
      "admin@demo.manyhands.dev",
    ])
    adminId = rows[0]!.id
  })
  afterAll(() => stop?.())

  /** Creates and (unless `draft`) publishes an article through the editor API. */
  async function write(
    base: string,
    fields: Record<string, unknown>,
    { draft = false, as = editor }: { draft?: boolean; as?: TestBrowser } = {},
  ): Promise<EditorArticle> {
    const created = await as.post(`${base}/new`, { language: "en", markdown: "", ...fields })
    expect(created.statusCode, created.body).toBe(201)
    const article = created.json<EditorArticle>()
    if (draft) return article
    const language = (fields.language as string | undefined) ?? "en"
    const published = await as.post(`${base}/${article.id}/publish`, { language })
    expect(published.statusCode, published.body).toBe(200)
    return published.json<EditorArticle>()
  }

  it("keeps customers and visitors out of every editor API, and lets admins and moderators in", async () => {
    const calls: [string, string, object?][] = [
      ["GET", "/api/v1/editor/articles"],
      ["POST", "/api/v1/editor/articles/new", { language: "en", title: "x", markdown: "x" }],
      ["GET", "/api/v1/editor/articles/1"],
      ["PUT", "/api/v1/editor/articles/1", { language: "en", title: "x", markdown: "x" }],
      ["DELETE", "/api/v1/editor/articles/1"],
      ["POST", "/api/v1/editor/articles/1/publish", { language: "en" }],
      ["POST", "/api/v1/editor/articles/1/schedule", { language: "en", publishAt: "2999-01-01T00:00:00Z" }],
      ["POST", "/api/v1/editor/articles/1/unpublish", { language: "en" }],
      ["GET", "/api/v1/editor/articles/1/revisions"],
      ["GET", "/api/v1/editor/articles/1/revisions/1"],
      ["POST", "/api/v1/editor/articles/1/revisions/1/restore"],
      ["GET", "/api/v1/editor/articles/1/diff?from=1&to=2"],
      ["GET", "/api/v1/editor/tutorials"],
      ["POST", "/api/v1/editor/tutorials/new", { language: "en", title: "x", markdown: "x" }],
      ["GET", "/api/v1/editor/catalog/articles"],
      ["POST", "/api/v1/editor/catalog/articles/new", { language: "en", title: "x", markdown: "x" }],
      ["POST", "/api/v1/editor/preview", { markdown: "# x" }],
      ["POST", "/api/v1/editor/clean-html", { html: "<p>x</p>" }],
    ]
    for (const [method, url, body] of calls) {
      const asCustomer = await customer.send(method as "GET", url, body)
      expect([url, asCustomer.statusCode, errorOf(asCustomer).code]).toEqual([url, 403, "FORBIDDEN"])
      const signedOut = await visitor.send(method as "GET", url, body)
      expect([url, signedOut.statusCode, errorOf(signedOut).code]).toEqual([url, 401, "NOT_SIGNED_IN"])
    }
    expect((await moderator.get("/api/v1/editor/articles")).statusCode).toBe(200)
    expect((await editor.get("/api/v1/editor/tutorials")).statusCode).toBe(200)
    const preview = await moderator.post("/api/v1/editor/preview", {
      markdown: "## Hello\n\n> [!NOTE]\n> Text\n\n<script>alert(1)</script>",
      language: "ru",
    })
    expect(preview.statusCode).toBe(200)
    expect(preview.json()).toEqual({
      html: '<h2 id="hello">Hello</h2>\n<div class="callout callout-note" role="note"><p class="callout-title">Примечание</p><p>Text</p></div>\n',
      toc: [{ depth: 2, id: "hello", text: "Hello" }],
      readingMinutes: 1,
    })
  })

  it("keeps a revision of every save, diffs two and restores one", async () => {
    const base = "/api/v1/editor/articles"
    const created = await moderator.post(`${base}/new`, {
      language: "en",
      title: "Pingbacks explained",
      markdown: "## How\n\nWe call your URL.\n\n```bash\ncurl -d id=1 https://example.com\n```",
      tags: ["pingback", "api"],
    })
    expect(created.statusCode, created.body).toBe(201)
    const article = created.json<EditorArticle>()
    expect(article).toMatchObject({
      kind: "blog",
      key: "pingbacks-explained",
      tags: ["pingback", "api"],
      languages: ["en", "ru"],
      author: { id: expect.any(String) },
    })
    const [en] = article.translations
    expect(en).toMatchObject({
      language: "en",
      slug: "pingbacks-explained",
      status: "draft",
      outdated: false,
    })
    expect(en!.html).toContain('<h2 id="how">How</h2>')
    expect(en!.html).toContain('data-language="bash"')
    expect(en!.toc).toEqual([{ depth: 2, id: "how", text: "How" }])

    const first = en!.revision
    const saved = await editor.send("PUT", `${base}/${article.id}`, {
      language: "en",
      title: "Pingbacks explained",
      markdown:
        "## How\n\nWe call your URL once the answer is ready.\n\n```bash\ncurl -d id=1 https://example.com\n```",
      baseRevision: first,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const second = saved.json<EditorArticle>().translations[0]!.revision
    expect(second).not.toBe(first)

    // A save with nothing changed in the title or the text keeps the revision; tags still change.
    const same = await editor.send("PUT", `${base}/${article.id}`, {
      language: "en",
      title: "Pingbacks explained",
      markdown:
        "## How\n\nWe call your URL once the answer is ready.\n\n```bash\ncurl -d id=1 https://example.com\n```",
      tags: ["pingback"],
    })
    expect(same.json<EditorArticle>()).toMatchObject({
      tags: ["pingback"],
      translations: [{ revision: second }],
    })

    // The editor pages address an article by its key.
    const byKey = await editor.get(`${base}/by-key/${article.key}`)
    expect([byKey.statusCode, byKey.json<EditorArticle>().id]).toEqual([200, article.id])
    const noKey = await editor.get(`${base}/by-key/no-such-key`)
    expect([noKey.statusCode, errorOf(noKey).code]).toEqual([404, "ARTICLE_NOT_FOUND"])

    // A save from an older revision than the current one is refused: someone else saved meanwhile.
    const stale = await editor.send("PUT", `${base}/${article.id}`, {
      language: "en",
      title: "Mine",
      markdown: "x",
      baseRevision: first,
    })
    expect([stale.statusCode, errorOf(stale).code]).toEqual([409, "ARTICLE_EDIT_CONFLICT"])

    const revisions = (await editor.get(`${base}/${article.id}/revisions?language=en`)).json<RevisionList>()
    expect(revisions.items.map((item) => item.id)).toEqual([second, first])
    expect(revisions.items[1]).toMatchObject({
      language: "en",
      title: "Pingbacks explained",
      restoredFrom: null,
    })

    const diff = await editor.get(`${base}/${article.id}/diff?from=${first}&to=${second}`)
    expect(diff.statusCode, diff.body).toBe(200)
    const changes = diff.json<RevisionDiff>()
    expect(changes).toMatchObject({ titleChanged: false, added: 1, removed: 1 })
    expect(changes.lines.filter((line) => line.op !== "same")).toEqual([
      { op: "removed", text: "We call your URL.", fromLine: 3, toLine: null },
      { op: "added", text: "We call your URL once the answer is ready.", fromLine: null, toLine: 3 },
    ])

    const restored = await editor.post(`${base}/${article.id}/revisions/${first}/restore`)
    expect(restored.statusCode, restored.body).toBe(200)
    const now = restored.json<EditorArticle>().translations[0]!
    expect(now.markdown).toBe("## How\n\nWe call your URL.\n\n```bash\ncurl -d id=1 https://example.com\n```")
    expect(now.html).toContain("<p>We call your URL.</p>")
    const after = (await editor.get(`${base}/${article.id}/revisions`)).json<RevisionList>().items
    expect(after).toHaveLength(3)
    expect(after[0]).toMatchObject({ restoredFrom: first, author: { id: adminId } })

    // A revision of another article, or of another kind's addresses, is not this article's.
    const other = await write(base, { title: "Another article", markdown: "x" }, { draft: true })
    const foreign = await editor.get(`${base}/${other.id}/revisions/${first}`)
    expect([foreign.statusCode, errorOf(foreign).code]).toEqual([404, "REVISION_NOT_FOUND"])
    const wrongKind = await editor.get(`/api/v1/editor/tutorials/${article.id}`)
    expect([wrongKind.statusCode, errorOf(wrongKind).code]).toEqual([404, "ARTICLE_NOT_FOUND"])
    expect((await editor.send("DELETE", `${base}/${other.id}`)).statusCode).toBe(204)
    expect((await editor.get(`${base}/${other.id}`)).statusCode).toBe(404)
  })

  it("publishes a scheduled article at its time, not before, and the job stores it", async () => {
    const base = "/api/v1/editor/tutorials"
    const article = await write(base, { title: "Solving reCAPTCHA v2", markdown: "Steps." }, { draft: true })
    const past = await editor.post(`${base}/${article.id}/schedule`, {
      language: "en",
      publishAt: new Date(Date.now() - 60_000).toISOString(),
    })
    expect([past.statusCode, errorOf(past).code]).toEqual([400, "PUBLISH_AT_PAST"])
    const publishAt = new Date(Date.now() + 3_600_000).toISOString()
    const scheduled = await editor.post(`${base}/${article.id}/schedule`, { language: "en", publishAt })
    expect(scheduled.statusCode, scheduled.body).toBe(200)
    expect(scheduled.json<EditorArticle>().translations[0]).toMatchObject({ status: "scheduled", publishAt })

    const isPublic = async () => {
      const bySlug = await visitor.get("/api/v1/tutorials/by-slug/solving-recaptcha-v2")
      const list = (await visitor.get("/api/v1/tutorials?sort=newest")).json<ArticleList>()
      const listed = list.items.some((item) => item.id === article.id)
      expect(listed).toBe(bySlug.statusCode === 200)
      return listed
    }
    expect(await isPublic()).toBe(false)
    // Time passes: the publication time is now a second ago.
    await db.query(
      "UPDATE article_translations SET publish_at = now() - interval '1 second' WHERE article_id = $1",
      [article.id],
    )
    expect(await isPublic()).toBe(true)
    const view = (await visitor.get("/api/v1/tutorials/by-slug/solving-recaptcha-v2")).json<ArticleView>()
    const { rows } = await db.query<{ publish_at: Date }>(
      "SELECT publish_at FROM article_translations WHERE article_id = $1",
      [article.id],
    )
    expect(view.publishedAt).toBe(rows[0]!.publish_at.toISOString())
    // Editors see it as published already; the job then stores it so.
    const editorView = (await editor.get(`${base}/${article.id}`)).json<EditorArticle>()
    expect(editorView.translations[0]).toMatchObject({ status: "published", publishAt: null })
    const content = new Content({ db, calloutTitles: () => ENGLISH_CALLOUT_TITLES })
    expect(await content.publishDue()).toEqual({ published: 1 })
    expect(await content.publishDue()).toEqual({ published: 0 })
    const stored = await db.query<{ status: string; published_at: Date; publish_at: Date | null }>(
      "SELECT status, published_at, publish_at FROM article_translations WHERE article_id = $1",
      [article.id],
    )
    expect(stored.rows[0]).toEqual({
      status: "published",
      published_at: rows[0]!.publish_at,
      publish_at: null,
    })
    expect(await isPublic()).toBe(true)

    const unpublished = await editor.post(`${base}/${article.id}/unpublish`, { language: "en" })
    expect(unpublished.json<EditorArticle>().translations[0]).toMatchObject({ status: "draft" })
    expect(await isPublic()).toBe(false)
    const noRu = await editor.post(`${base}/${article.id}/publish`, { language: "ru" })
    expect([noRu.statusCode, errorOf(noRu).code]).toEqual([404, "TRANSLATION_NOT_FOUND"])
  })

  it("answers in en or ru, and in English for other languages (spec §5), with hreflang translations", async () => {
    const base = "/api/v1/editor/catalog/articles"
    const article = await write(base, {
      title: "XEvil and Manyhands",
      markdown: "How to connect the software.",
      tags: ["software"],
    })
    const ru = await editor.send("PUT", `${base}/${article.id}`, {
      language: "ru",
      title: "XEvil и Manyhands",
      markdown: "Как подключить программу.",
    })
    expect(ru.statusCode, ru.body).toBe(200)
    const ruTranslation = ru.json<EditorArticle>().translations.find((t) => t.language === "ru")!
    // Same address in both languages by default.
    expect(ruTranslation).toMatchObject({ slug: "xevil-and-manyhands", status: "draft", outdated: false })
    expect(ruTranslation.sourceRevision).toBe(article.translations[0]!.revision)

    // The Russian draft is not public: a Russian reader gets the English article, marked as such.
    const beforeRu = (
      await visitor.get("/api/v1/catalog/articles/by-slug/xevil-and-manyhands?language=ru")
    ).json<ArticleView>()
    expect(beforeRu).toMatchObject({
      language: "en",
      requestedLanguage: "ru",
      translations: [{ language: "en" }],
    })
    await editor.post(`${base}/${article.id}/publish`, { language: "ru" })
    const inRussian = (
      await visitor.get("/api/v1/catalog/articles/by-slug/xevil-and-manyhands?language=ru")
    ).json<ArticleView>()
    expect(inRussian).toMatchObject({ language: "ru", title: "XEvil и Manyhands", outdated: false })
    expect(inRussian.translations).toEqual([
      { language: "en", slug: "xevil-and-manyhands" },
      { language: "ru", slug: "xevil-and-manyhands" },
    ])
    for (const language of ["de", "ja", "zh", "uk"]) {
      const view = (
        await visitor.get(`/api/v1/catalog/articles/by-slug/xevil-and-manyhands?language=${language}`)
      ).json<ArticleView>()
      expect([view.language, view.requestedLanguage, view.title]).toEqual([
        "en",
        language,
        "XEvil and Manyhands",
      ])
      const list = (await visitor.get(`/api/v1/catalog/articles?language=${language}`)).json<ArticleList>()
      expect([list.language, list.requestedLanguage]).toEqual(["en", language])
      const index = (
        await visitor.get(`/api/v1/catalog/articles/index?language=${language}`)
      ).json<ArticleIndex>()
      expect(index).toMatchObject({ language: "en", requestedLanguage: language, total: 1 })
      expect(index.tags).toEqual([{ tag: "software", count: 1 }])
    }
    const ruList = (await visitor.get("/api/v1/catalog/articles?language=ru")).json<ArticleList>()
    expect(ruList.items.map((item) => item.title)).toEqual(["XEvil и Manyhands"])
    // Other kinds keep their own articles.
    expect((await visitor.get("/api/v1/articles/by-slug/xevil-and-manyhands")).statusCode).toBe(404)
    const unknown = await visitor.get("/api/v1/articles/by-slug/no-such-article")
    expect([unknown.statusCode, errorOf(unknown).code]).toEqual([404, "ARTICLE_NOT_FOUND"])

    // Translation freshness: the English text changes, the Russian one lags behind until marked up to date.
    const changed = await editor.send("PUT", `${base}/${article.id}`, {
      language: "en",
      title: "XEvil and Manyhands",
      markdown: "How to connect the software, step by step.",
    })
    const latestEn = changed.json<EditorArticle>().translations.find((t) => t.language === "en")!.revision
    expect(changed.json<EditorArticle>().translations.find((t) => t.language === "ru")!.outdated).toBe(true)
    const lagging = (
      await visitor.get("/api/v1/catalog/articles/by-slug/xevil-and-manyhands?language=ru")
    ).json<ArticleView>()
    expect(lagging.outdated).toBe(true)
    const outdatedList = (await editor.get(`${base}?outdated=true`)).json<EditorArticleList>()
    expect(outdatedList.items.map((item) => item.id)).toEqual([article.id])
    const updated = await editor.send("PUT", `${base}/${article.id}`, {
      language: "ru",
      title: "XEvil и Manyhands",
      markdown: "Как подключить программу, шаг за шагом.",
      sourceRevision: latestEn,
    })
    expect(updated.json<EditorArticle>().translations.find((t) => t.language === "ru")!.outdated).toBe(false)
    expect((await editor.get(`${base}?outdated=true`)).json<EditorArticleList>().total).toBe(0)

    // Languages the kind is not written in are refused to editors.
    const german = await editor.send("PUT", `${base}/${article.id}`, {
      language: "de",
      title: "x",
      markdown: "x",
    })
    expect([german.statusCode, errorOf(german).code]).toEqual([400, "LANGUAGE_NOT_OFFERED"])
  })

  it("serves RSS and Atom feeds of each kind in the language of the site asked", async () => {
    const base = "/api/v1/editor/tutorials"
    const article = await write(base, {
      title: "Feeds & <escapes>",
      slug: "feeds-and-escapes",
      markdown: "Text with ]]> inside.\n\n## Part",
      tags: ["feeds"],
    })
    await editor.send("PUT", `${base}/${article.id}`, {
      language: "ru",
      title: "Ленты",
      slug: "lenty",
      markdown: "Русский текст.",
    })
    await editor.post(`${base}/${article.id}/publish`, { language: "ru" })
    // The test app's sites: the defaults (startTestApp).
    const { origins } = loadConfig({ NODE_ENV: "test" })
    const feed = (path: string, origin: string) =>
      app.inject({ url: path, headers: { host: new URL(origin).host } })

    const rss = await feed("/h/rss.xml", origins.international)
    expect(rss.statusCode).toBe(200)
    expect(rss.headers["content-type"]).toBe("application/rss+xml; charset=utf-8")
    expect(rss.body).toContain("<title>Feeds &amp; &lt;escapes&gt;</title>")
    expect(rss.body).toContain(`<link>${origins.international}/h/feeds-and-escapes</link>`)
    // "]]>" in the HTML cannot end the CDATA section early.
    expect(rss.body).toContain("]]]]><![CDATA[>")
    expect(rss.body).not.toContain("Ленты")

    const atom = await feed("/h/atom.xml", origins.russian)
    expect(atom.headers["content-type"]).toBe("application/atom+xml; charset=utf-8")
    expect(atom.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="ru">')
    expect(atom.body).toContain(`<link href="${origins.russian}/h/lenty" rel="alternate" type="text/html"/>`)
    expect(atom.body).not.toContain("Feeds &amp;")
    // A draft is in no feed.
    await editor.post(`${base}/${article.id}/unpublish`, { language: "ru" })
    expect((await feed("/h/atom.xml", origins.russian)).body).not.toContain("/h/lenty")
  })

  it("searches stemmed in English and Russian, by parts of titles, and refuses fewer than 3 characters", async () => {
    const base = "/api/v1/editor/articles"
    await write(base, {
      title: "Refunds for wrong answers",
      markdown: "When a worker answers wrongly, report the answer and the money is returned.",
      tags: ["refunds"],
    })
    const solving = await write(base, {
      title: "Solving hCaptcha quickly",
      markdown: "Workers solve images in seconds.",
      tags: ["hcaptcha", "refunds"],
    })
    const ruArticle = await write(base, {
      title: "Возвраты за неверные ответы",
      markdown: "x",
      tags: ["refunds"],
    })
    await editor.send("PUT", `${base}/${ruArticle.id}`, {
      language: "ru",
      title: "Возвраты за неверные ответы",
      markdown: "Если работник ответил неверно, пожалуйтесь на ответ — деньги вернутся на баланс.",
    })
    await editor.post(`${base}/${ruArticle.id}/publish`, { language: "ru" })

    const search = async (q: string, language = "en") => {
      const response = await visitor.get(`/api/v1/articles?language=${language}&q=${encodeURIComponent(q)}`)
      expect(response.statusCode, response.body).toBe(200)
      return response.json<ArticleList>().items.map((item) => item.title)
    }
    // Stemming: "refunded answer" finds "Refunds … answers"; "returned" is found in the text.
    expect(await search("refunded answer")).toContain("Refunds for wrong answers")
    expect(await search("money returning")).toEqual(["Refunds for wrong answers"])
    // Part of a word in a title.
    expect(await search("hCapt")).toEqual(["Solving hCaptcha quickly"])
    // Russian: "возврат неверного ответа" matches "Возвраты за неверные ответы" and its text.
    expect(await search("возврат неверного ответа", "ru")).toEqual(["Возвраты за неверные ответы"])
    expect(await search("баланса", "ru")).toEqual(["Возвраты за неверные ответы"])
    expect(await search("ВОЗВРА", "ru")).toEqual(["Возвраты за неверные ответы"])
    // Characters that mean something to LIKE or to tsquery are plain text.
    expect(await search("%%%")).toEqual([])
    expect(await search("a & | ! : * ( )")).toEqual([])

    for (const q of ["ab", "  ab  ", "ре", "検索", "验证"]) {
      const response = await visitor.get(`/api/v1/articles?language=ru&q=${encodeURIComponent(q)}`)
      expect([q, response.statusCode, errorOf(response).code]).toEqual([q, 400, "SEARCH_TOO_SHORT"])
    }
    expect((await visitor.get("/api/v1/articles?q=")).statusCode).toBe(200)

    // Tags, related articles, neighbours.
    const tagged = (await visitor.get("/api/v1/articles?tag=hcaptcha")).json<ArticleList>()
    expect(tagged.items.map((item) => item.id)).toEqual([solving.id])
    const view = (await visitor.get("/api/v1/articles/by-slug/solving-hcaptcha-quickly")).json<ArticleView>()
    expect(view.related.map((item) => item.title)).toEqual(
      expect.arrayContaining(["Refunds for wrong answers", "Возвраты за неверные ответы"]),
    )
    expect(view.previous?.slug).toBe("refunds-for-wrong-answers")
    expect(view.next?.slug).toBe("vozvraty-za-nevernye-otvety")
  })

  it("searches Japanese and Chinese by trigrams (languages without a stemmer)", async () => {
    const content = new Content({ db, calloutTitles: () => ENGLISH_CALLOUT_TITLES })
    const landing = async (language: "ja" | "zh", title: string, markdown: string) => {
      const article = await content.create("landing", adminId, {
        language: "en",
        title: "A landing page",
        markdown: "x",
      })
      await content.save("landing", article.id, adminId, { language, title, markdown, slug: article.key })
      await content.publish("landing", article.id, language)
    }
    await landing("zh", "验证码识别服务", "我们的工人在几秒钟内识别图片验证码。")
    await landing("zh", "价格与付款", "按识别的验证码付费。")
    await landing("ja", "キャプチャ認識サービス", "作業者が数秒で画像を認識します。")
    const titles = async (language: string, q: string) =>
      (await content.list("landing", { language: language as "ja", q })).items.map((item) => item.title)
    expect(await titles("zh", "识别服")).toEqual(["验证码识别服务"])
    // In the text, not the title.
    expect(await titles("zh", "按识别")).toEqual(["价格与付款"])
    expect((await titles("zh", "验证码")).sort()).toEqual(["价格与付款", "验证码识别服务"].sort())
    expect(await titles("ja", "認識サ")).toEqual(["キャプチャ認識サービス"])
    expect(await titles("ja", "数秒で")).toEqual(["キャプチャ認識サービス"])
    expect(await titles("ja", "识别服")).toEqual([])
    await expect(content.list("landing", { language: "zh", q: "验证" })).rejects.toMatchObject({
      code: "SEARCH_TOO_SHORT",
    })
  })

  it("counts reads once per reader and hour, and sorts by them (popular is the default)", async () => {
    const base = "/api/v1/editor/articles"
    const quiet = await write(base, { title: "A quiet article", markdown: "x" })
    const loud = await write(base, { title: "A much read article", markdown: "x" })
    for (let reader = 0; reader < 3; reader++) {
      const browser = testBrowser(app, { ip: `10.19.1.${reader}` })
      for (let again = 0; again < 2; again++) {
        const counted = await browser.post(`/api/v1/articles/${loud.id}/views`, { language: "en" })
        expect(counted.statusCode, counted.body).toBe(204)
      }
    }
    expect((await visitor.post(`/api/v1/articles/${quiet.id}/views`, { language: "en" })).statusCode).toBe(
      204,
    )
    const draft = await write(base, { title: "A draft", markdown: "x" }, { draft: true })
    const hidden = await visitor.post(`/api/v1/articles/${draft.id}/views`, { language: "en" })
    expect([hidden.statusCode, errorOf(hidden).code]).toEqual([404, "ARTICLE_NOT_FOUND"])

    const popular = (await visitor.get("/api/v1/articles?pageSize=2")).json<ArticleList>()
    expect(popular.sort).toBe("popular")
    expect(popular.items.map((item) => [item.title, item.views])).toEqual([
      ["A much read article", 3],
      ["A quiet article", 1],
    ])
    // Pages merge without repeats or gaps.
    const all = (await visitor.get("/api/v1/articles?pageSize=100")).json<ArticleList>()
    const paged: string[] = []
    for (let page = 1; page <= Math.ceil(all.total / 2); page++)
      paged.push(
        ...(await visitor.get(`/api/v1/articles?pageSize=2&page=${page}`))
          .json<ArticleList>()
          .items.map((i) => i.id),
      )
    expect(paged).toEqual(all.items.map((item) => item.id))
    const index = (await visitor.get("/api/v1/articles/index")).json<ArticleIndex>()
    expect(index.popular[0]!.title).toBe("A much read article")
    expect(index.total).toBe(all.total)
  })

  it("refuses bad input with 400 naming the field, never a 5xx", async () => {
    const base = "/api/v1/editor/articles"
    const bad: [string, string, object | undefined, string][] = [
      ["POST", `${base}/new`, { language: "en", title: "", markdown: "x" }, "title"],
      ["POST", `${base}/new`, { language: "xx", title: "x", markdown: "x" }, "language"],
      ["POST", `${base}/new`, { language: "en", title: "x", markdown: "x", slug: "Not A Slug" }, "slug"],
      [
        "POST",
        `${base}/new`,
        { language: "en", title: "x", markdown: "x", tags: Array(11).fill("a") },
        "tags",
      ],
      [
        "POST",
        `${base}/new`,
        { language: "en", title: "x", markdown: "x", coverUrl: "javascript:x" },
        "coverUrl",
      ],
      ["POST", `${base}/new`, { language: "en", title: "x", markdown: "x", extra: 1 }, "extra"],
      ["GET", `${base}/abc`, undefined, "id"],
      ["GET", `${base}?status=gone`, undefined, "status"],
      ["POST", `${base}/1/schedule`, { language: "en", publishAt: "tomorrow" }, "publishAt"],
      ["GET", `${base}/1/diff?from=1`, undefined, "to"],
    ]
    for (const [method, url, body, field] of bad) {
      const response = await editor.send(method as "GET", url, body)
      expect([url, response.statusCode, errorOf(response).code]).toEqual([url, 400, "VALIDATION_FAILED"])
      expect(
        errorOf(response)
          .details?.map((detail) => detail.field)
          .join(","),
      ).toContain(field)
    }
    for (const url of [
      "/api/v1/articles?language=xx",
      "/api/v1/articles?sort=random",
      "/api/v1/articles?page=0",
      `/api/v1/articles?q=${"x".repeat(101)}`,
      "/api/v1/tutorials/index?extra=1",
    ]) {
      const response = await visitor.get(url)
      expect([url, response.statusCode]).toEqual([url, 400])
    }
    await write(base, { title: "Taken slug", markdown: "x" }, { draft: true })
    const taken = await editor.post(`${base}/new`, {
      language: "en",
      title: "x",
      markdown: "x",
      slug: "taken-slug",
    })
    expect([taken.statusCode, errorOf(taken).code]).toEqual([409, "ARTICLE_SLUG_TAKEN"])
    // Without a slug of its own, a title already used gets the next free one.
    const second = await write(base, { title: "Taken slug", markdown: "x" }, { draft: true })
    expect([second.key, second.translations[0]!.slug]).toEqual(["taken-slug-2", "taken-slug-2"])
    const key = await editor.post(`${base}/new`, {
      language: "en",
      title: "y",
      markdown: "x",
      key: "taken-slug",
    })
    expect([key.statusCode, errorOf(key).code]).toEqual([409, "ARTICLE_KEY_TAKEN"])
    const missing = await editor.send("PUT", `${base}/999999`, { language: "en", title: "x", markdown: "x" })
    expect([missing.statusCode, errorOf(missing).code]).toEqual([404, "ARTICLE_NOT_FOUND"])
  })
})
