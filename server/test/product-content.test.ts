import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CONTENT_LANGUAGES, OLD_BLOG_SLUGS } from "@manyhands/contract/content"
import type { Database } from "../src/db/database"
import { Content } from "../src/modules/content/content"
import {
  KIND_FOLDERS,
  ProductContentError,
  loadProductContent,
  readProductContent,
} from "../src/modules/content/product-content"
import { ENGLISH_CALLOUT_TITLES } from "../src/modules/content/render"
import { newUser } from "./captcha-fixtures"
import { engines } from "./databases"

/*
 * The product's own articles (server/content/, product-content.ts): every file is valid and loads; loading again
 * changes nothing; a changed file updates its translation with a new revision unless an editor saved it since.
 */

const silent = { warn: () => {} }
const contentOf = (db: Database) => new Content({ db, calloutTitles: () => ENGLISH_CALLOUT_TITLES })

/** A content folder of its own: `files` maps "blog/key/en.md" to the file's text. */
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "manyhands-content-"))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

const file = (fields: Record<string, string>, body: string) =>
  `---\n${Object.entries(fields)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n")}\n---\n\n${body}\n`

const en = (body = "Pingbacks tell you when an answer is ready.\n\n## How\n\nRegister an address.") =>
  file(
    {
      title: "Pingbacks explained",
      slug: "pingbacks-explained",
      description: "What a pingback is.",
      tags: "[pingback, api]",
      published: "2026-05-14",
    },
    body,
  )
const ru = (body = "Пингбэк сообщает, что ответ готов.\n\n## Как\n\nЗарегистрируйте адрес.") =>
  file(
    {
      title: "Что такое пингбэки",
      slug: "chto-takoe-pingbeki",
      description: "Что такое пингбэк.",
      tags: "[pingback, api]",
      published: "2026-05-14",
    },
    body,
  )

describe("the product's content files", () => {
  const articles = readProductContent()

  it("hold at least 12 blog articles, 6 software-blog articles and 12 tutorials, each in every language of its kind", () => {
    const count = (kind: string) => articles.filter((article) => article.kind === kind).length
    expect(count("blog")).toBeGreaterThanOrEqual(12)
    expect(count("software_blog")).toBeGreaterThanOrEqual(6)
    expect(count("tutorial")).toBeGreaterThanOrEqual(12)
    const oldSlugs = new Map<string, string>(
      Object.entries(OLD_BLOG_SLUGS).flatMap(([language, slugs]) =>
        slugs.map((slug) => [slug, language] as const),
      ),
    )
    for (const article of articles) {
      // Spec §2: the old blog articles of the fixed lists are in their one language only.
      const only = article.kind === "blog" ? oldSlugs.get(article.key) : undefined
      expect(
        article.translations.map((translation) => translation.language).sort(),
        `${article.kind}/${article.key}`,
      ).toEqual(only ? [only] : [...CONTENT_LANGUAGES[article.kind]].sort())
      if (only) expect(article.translations[0]!.slug).toBe(article.key)
    }
    for (const slug of oldSlugs.keys())
      expect(
        articles.some((article) => article.kind === "blog" && article.key === slug),
        slug,
      ).toBe(true)
  })

  it("are real articles: several sections, no placeholder text, Russian written in Russian", () => {
    for (const article of articles)
      for (const translation of article.translations) {
        const where = `${KIND_FOLDERS[article.kind]}/${article.key}/${translation.language}.md`
        expect(translation.markdown.match(/^## /gm)?.length ?? 0, where).toBeGreaterThanOrEqual(2)
        expect(translation.markdown, where).not.toMatch(/lorem ipsum|TODO|TBD|\bxxx\b/i)
        expect(translation.markdown.split(/\s+/).length, where).toBeGreaterThan(250)
        if (translation.language === "ru") expect(translation.title, where).toMatch(/[а-яё]/i)
      }
  })

  it("names the file and the rule when a file is wrong", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ "blog/no-front/en.md": "# Title\n\ntext" }, /blog\/no-front\/en\.md: no front matter/],
      [
        { "blog/bad-slug/en.md": en().replace("slug: pingbacks-explained", "slug: Pingbacks_Explained") },
        /bad-slug\/en\.md: the slug "Pingbacks_Explained"/,
      ],
      [
        { "blog/german/en.md": en(), "blog/german/de.md": en() },
        /german\/de\.md: this kind is written in en, ru/,
      ],
      [
        { "blog/dates/en.md": en(), "blog/dates/ru.md": ru().replace("2026-05-14", "2026-05-15") },
        /dates\/ru\.md: tags and published must be those of en\.md/,
      ],
      [
        { "blog/one/en.md": en(), "blog/two/en.md": en() },
        /two\/en\.md: the slug pingbacks-explained is one's too/,
      ],
      [{ "tutorials/extra/en.md": en().replace("tags:", "author: me\ntags:") }, /unknown field\(s\) author/],
      [{ "tutorials/when/en.md": en().replace("2026-05-14", "May 14") }, /"published" must be a date/],
    ]
    // One language alone is an article of its own (an old Russian-only post).
    const single = folder({ "blog/only-ru/ru.md": ru() })
    try {
      expect(
        readProductContent(single).map((article) => article.translations.map((t) => t.language)),
      ).toEqual([["ru"]])
    } finally {
      rmSync(single, { recursive: true })
    }
    for (const [files, message] of cases) {
      const dir = folder(files)
      try {
        expect(() => readProductContent(dir)).toThrowError(ProductContentError)
        expect(() => readProductContent(dir)).toThrowError(message)
      } finally {
        rmSync(dir, { recursive: true })
      }
    }
  })
})

describe.each(engines)("loading the product's content on $name", (engine) => {
  let db: Database
  let drop: () => Promise<void>
  let content: Content
  let editorId: string

  beforeAll(async () => {
    ;({ db, drop } = await engine.create("migrated"))
    content = contentOf(db)
    editorId = await newUser(db, "editor@example.com", "customer")
  })
  afterAll(() => drop())

  it("publishes new articles at their date, then keeps a changed file's text unless an editor saved it since", async () => {
    const dir = folder({ "blog/pingbacks-explained/en.md": en(), "blog/pingbacks-explained/ru.md": ru() })
    try {
      expect(await loadProductContent(content, readProductContent(dir), silent)).toEqual({
        created: 1,
        updated: 0,
        unchanged: 0,
        failed: 0,
      })
      const listed = await content.list("blog", { language: "ru" })
      expect(listed.items.map((item) => [item.title, item.publishedAt, item.tags])).toEqual([
        ["Что такое пингбэки", "2026-05-14T09:00:00.000Z", ["pingback", "api"]],
      ])
      const page = await content.bySlug("blog", "pingbacks-explained", "en")
      expect(page.toc).toEqual([{ depth: 2, id: "how", text: "How" }])
      expect(page.outdated).toBe(false)
      expect(page.author.name).toBeNull()
      // Nothing changed: nothing written.
      expect((await loadProductContent(content, readProductContent(dir), silent)).unchanged).toBe(1)
      expect(await content.revisions("blog", page.id)).toHaveLength(2)

      // The English file changes: a new revision; the Russian one, unchanged, now lags behind.
      writeFileSync(
        join(dir, "blog/pingbacks-explained/en.md"),
        en("Pingbacks call you back.\n\n## How\n\nSee below."),
      )
      expect((await loadProductContent(content, readProductContent(dir), silent)).updated).toBe(1)
      expect((await content.bySlug("blog", "pingbacks-explained", "en")).html).toContain(
        "Pingbacks call you back.",
      )
      expect((await content.bySlug("blog", "chto-takoe-pingbeki", "ru")).outdated).toBe(true)
      expect(await content.revisions("blog", page.id, "en")).toHaveLength(2)

      // An editor saves the English text; the file's next change leaves the editor's text alone.
      await content.save("blog", page.id, editorId, {
        language: "en",
        title: "Pingbacks explained",
        markdown: "The editor's text.\n\n## How\n\nIt works.",
      })
      writeFileSync(join(dir, "blog/pingbacks-explained/en.md"), en("A third text.\n\n## How\n\nAgain."))
      expect((await loadProductContent(content, readProductContent(dir), silent)).unchanged).toBe(1)
      expect((await content.bySlug("blog", "pingbacks-explained", "en")).html).toContain("The editor's text.")
    } finally {
      rmSync(dir, { recursive: true })
    }
  })

  it("skips an article whose slug an editor's article took, and loads the others", async () => {
    await content.create("tutorial", editorId, {
      language: "en",
      title: "Taken",
      key: "editors-own",
      slug: "pingbacks-explained",
      markdown: "An editor's tutorial.",
    })
    const dir = folder({
      "tutorials/pingbacks-explained/en.md": en(),
      "tutorials/other-one/en.md": en().replace("slug: pingbacks-explained", "slug: other-one"),
    })
    const warnings: object[] = []
    try {
      const loaded = await loadProductContent(content, readProductContent(dir), {
        warn: (details) => warnings.push(details),
      })
      expect(loaded).toMatchObject({ created: 1, failed: 1 })
      expect(warnings).toEqual([expect.objectContaining({ kind: "tutorial", key: "pingbacks-explained" })])
    } finally {
      rmSync(dir, { recursive: true })
    }
  })

  it.runIf(engine.name === "pglite")(
    "loads every article of server/content, each readable in its languages",
    async () => {
      const articles = readProductContent()
      const loaded = await loadProductContent(content, articles, silent)
      expect(loaded).toEqual({ created: articles.length, updated: 0, unchanged: 0, failed: 0 })
      for (const article of articles)
        for (const translation of article.translations) {
          const page = await content.bySlug(article.kind, translation.slug, translation.language)
          expect([page.title, page.language]).toEqual([translation.title, translation.language])
          expect(page.toc.length).toBeGreaterThanOrEqual(2)
        }
    },
  )
})
