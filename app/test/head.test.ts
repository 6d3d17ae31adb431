import { describe, expect, it } from "vitest"
import { documentTitle, headTags, sitemapXml } from "../src/head"
import { noticeVariant, siteNotices } from "../src/notices"
import { languageFallback, pathWithinLanguage } from "../src/page-location"
import type { PageEntry } from "../src/route-table"
import { siteForHost, type SiteOrigins } from "../src/sites"

const origins: SiteOrigins = {
  international: "https://manyhands.dev",
  russian: "https://manyhands.ru",
  chinese: "https://manyhands.cn",
}
const page = (path: string, languages: string[], extra: Partial<PageEntry> = {}): PageEntry => ({
  path,
  screen: "X",
  guard: "public",
  languages,
  data: [],
  namespaces: [],
  title: "t",
  description: "d",
  ...extra,
})

describe("head tags", () => {
  const base = {
    title: "Jobs <at> Manyhands",
    description: 'Say "hi"',
    path: "/jobs",
    language: "zh",
    languages: ["en", "ru", "zh", "de"],
    origins,
    status: 200,
  }

  it("names the brand after a title that does not name it, once", () => {
    expect(headTags({ ...base, title: "Dashboard", entry: undefined })).toContain(
      "<title>Dashboard — Manyhands</title>",
    )
    expect(documentTitle("Сводка")).toBe("Сводка — Manyhands")
    expect(documentTitle("Training — worker cabinet — Manyhands")).toBe(
      "Training — worker cabinet — Manyhands",
    )
  })

  it("escapes the title and description and links canonical plus hreflang alternates", () => {
    const html = headTags({ ...base, entry: page("/jobs", ["en", "ru", "zh"]) })
    expect(html).toContain("<title>Jobs &lt;at&gt; Manyhands</title>")
    expect(html).toContain('content="Say &quot;hi&quot;"')
    expect(html).toContain('<link rel="canonical" href="https://manyhands.dev/zh/jobs">')
    expect(html.match(/rel="alternate"/g)).toHaveLength(4)
    expect(html).toContain('hreflang="ru" href="https://manyhands.ru/jobs"')
    expect(html).toContain('hreflang="x-default" href="https://manyhands.dev/jobs"')
    expect(html).not.toContain('hreflang="de"')
  })

  it("keeps missing and protected pages out of search engines", () => {
    for (const [entry, status] of [
      [page("*", ["en"], { status: 404 }), 404],
      [page("/select-role", ["en"], { guard: "login-no-type" }), 200],
      [undefined, 500],
    ] as const) {
      const html = headTags({ ...base, entry, status })
      expect(html).toContain('<meta name="robots" content="noindex">')
      expect(html).not.toContain("canonical")
    }
  })
})

describe("sitemap.xml", () => {
  const table = [
    page("/", ["en", "ru", "zh"]),
    page("/privacy-policy", ["en"]),
    page("/select-role", ["en", "ru"], { guard: "login" }),
    page("*", ["en", "ru"], { status: 404 }),
    page("/blog/:slug", ["en"]),
  ]

  it("lists the canonical addresses on its own site, each with its alternates", () => {
    const xml = sitemapXml(table, origins.international, ["en", "ru", "zh"], origins)
    expect([...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1])).toEqual([
      "https://manyhands.dev/",
      "https://manyhands.dev/zh",
      "https://manyhands.dev/privacy-policy",
    ])
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="ru" href="https://manyhands.ru/"/>')
    const russian = sitemapXml(table, origins.russian, ["en", "ru", "zh"], origins)
    expect([...russian.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1])).toEqual(["https://manyhands.ru/"])
  })
})

describe("language fallback", () => {
  const international = siteForHost("manyhands.dev", origins)
  it("sends a page missing in the language to its English address, keeping the query", () => {
    const where = { site: international, origins, language: "de", basename: "/de" }
    expect(
      languageFallback(where, page("/about", ["en", "ru"]), new URL("https://manyhands.dev/de/about?x=1")),
    ).toBe("https://manyhands.dev/about?x=1")
    expect(
      languageFallback(where, page("/about", ["en", "de"]), new URL("https://manyhands.dev/de/about")),
    ).toBeNull()
    expect(pathWithinLanguage("/de", "/de")).toBe("/")
    // A page without English (an old Russian-only article) goes to its own language's site.
    expect(
      languageFallback(
        { site: international, origins, language: "en", basename: "" },
        page("/blog/vyplaty-rabotnikam", ["ru"]),
        new URL("https://manyhands.dev/blog/vyplaty-rabotnikam?from=feed"),
      ),
    ).toBe("https://manyhands.ru/blog/vyplaty-rabotnikam?from=feed")
  })
})

describe("site notices", () => {
  const translations = (language: string) => ({
    common: {
      notices: {
        dismiss: `${language}:close`,
        languageBanner: { message: `${language}:banner`, action: `${language}:read` },
        pageLanguage: { message: `${language}:not-in-mine`, action: `${language}:home` },
        international: { message: `${language}:intl`, action: `${language}:go` },
      },
    },
  })
  const input = {
    origins,
    language: "ru",
    path: "/about",
    entry: page("/about", ["en", "ru", "de"]),
    cookies: {},
    available: ["en", "de", "ru"],
    reader: "ru",
    translations,
  }
  const russian = siteForHost("manyhands.ru", origins)

  it("offers a non-Russian reader of the Russian site the page in their language", () => {
    const { languageBanner, internationalNotice } = siteNotices({
      ...input,
      site: russian,
      acceptLanguage: "de-DE,de;q=0.9",
    })
    expect(languageBanner).toEqual({
      language: "de",
      message: "de:banner",
      action: "de:read",
      dismiss: "de:close",
      href: "https://manyhands.dev/de/about",
    })
    expect(internationalNotice).toBeUndefined()
  })

  it("falls back to English when the page or language is missing, and stays away once closed", () => {
    expect(siteNotices({ ...input, site: russian, acceptLanguage: "fr" }).languageBanner?.href).toBe(
      "https://manyhands.dev/about",
    )
    expect(
      siteNotices({
        ...input,
        site: russian,
        acceptLanguage: "fr",
        cookies: { language_banner: "dismissed" },
      }),
    ).toEqual({})
  })

  it("offers Russian readers of the Russian site the international version until they close it", () => {
    expect(
      siteNotices({ ...input, site: russian, acceptLanguage: "ru-RU" }).internationalNotice,
    ).toMatchObject({
      message: "ru:intl",
      href: "https://manyhands.dev/about",
    })
    expect(
      siteNotices({
        ...input,
        site: russian,
        acceptLanguage: "ru",
        cookies: { foreigner_notice: "dismissed" },
      }),
    ).toEqual({})
    expect(
      siteNotices({ ...input, site: siteForHost("manyhands.dev", origins), acceptLanguage: "fr" }),
    ).toEqual({})
  })

  it("tells a reader whose language the page is not written in, in their language, and leads to their home page", () => {
    const international = siteForHost("manyhands.dev", origins)
    const english = { ...input, site: international, acceptLanguage: "de", language: "en" }
    expect(
      siteNotices({ ...english, entry: page("/about", ["en", "ru"]), reader: "de" }).pageLanguageNotice,
    ).toEqual({
      language: "de",
      message: "de:not-in-mine",
      action: "de:home",
      dismiss: "de:close",
      href: "https://manyhands.dev/de",
    })
    // Written in the reader's language (they chose English), the same language, or the 404 page: nothing.
    expect(siteNotices({ ...english, entry: page("/about", ["en", "de"]), reader: "de" })).toEqual({})
    expect(siteNotices({ ...english, entry: page("/about", ["en"]), reader: "en" })).toEqual({})
    expect(siteNotices({ ...english, entry: { ...page("/x", ["en"]), status: 404 }, reader: "de" })).toEqual(
      {},
    )
  })
})

describe("the variant of an anonymous page (the server's page cache keys on it)", () => {
  const translations = (language: string) => ({ common: { notices: { dismiss: `${language}:close` } } })
  const sites = ["manyhands.dev", "manyhands.ru", "manyhands.cn"].map((host) => siteForHost(host, origins))
  const acceptLanguages = [
    "",
    "ru",
    "ru-RU,ru;q=0.9",
    "uk",
    "de-DE,de;q=0.8",
    "fr",
    "en-US,en;q=0.5",
    "zh",
    "*",
  ]
  const cookieSets: Record<string, string>[] = [
    {},
    { language_banner: "dismissed" },
    { foreigner_notice: "dismissed" },
    { language_banner: "dismissed", foreigner_notice: "dismissed" },
    { language_banner: "other", unrelated: "1" },
  ]

  it("is equal only where the notices are equal: every site × Accept-Language × cookies", () => {
    for (const site of sites) {
      const seen = new Map<string, string>()
      for (const acceptLanguage of acceptLanguages)
        for (const cookies of cookieSets) {
          const input = { site, acceptLanguage, cookies, available: ["en", "de", "ru", "zh"] }
          const notices = JSON.stringify(
            siteNotices({
              ...input,
              origins,
              language: site.defaultLanguage,
              path: "/about",
              entry: page("/about", ["en", "ru", "de", "zh"]),
              reader: site.defaultLanguage,
              translations,
            }),
          )
          const variant = noticeVariant(input)
          if (seen.has(variant))
            expect(notices, `${site.kind} ${acceptLanguage} ${variant}`).toBe(seen.get(variant))
          else seen.set(variant, notices)
        }
      // Different visitors do share a page: the variant is not the raw header.
      expect(seen.size).toBeLessThan(acceptLanguages.length * cookieSets.length)
    }
  })
})

describe("articles in the head and the sitemap", () => {
  const entry = page("/blog/:slug", ["en", "ru"], { document: "blogArticle" })
  const article = {
    title: "Pingbacks explained",
    seoTitle: "Pingbacks: answers without polling",
    description: "The start of the text.",
    seoDescription: null,
    language: "ru",
    translations: [
      { language: "en", slug: "pingbacks-explained" },
      { language: "ru", slug: "chto-takoe-pingbeki" },
    ],
  }

  it("takes the title, description, canonical and hreflang from the article, each language at its own slug", () => {
    const head = headTags({
      title: "Article not found",
      description: "Route description",
      path: "/blog/chto-takoe-pingbeki",
      entry,
      language: "ru",
      languages: ["en", "ru", "de"],
      origins,
      status: 200,
      document: article,
    })
    expect(head).toContain("<title>Pingbacks: answers without polling — Manyhands</title>")
    expect(head).toContain('<meta name="description" content="The start of the text.">')
    expect(head).toContain('<link rel="canonical" href="https://manyhands.ru/blog/chto-takoe-pingbeki">')
    expect(head).toContain(
      '<link rel="alternate" hreflang="en" href="https://manyhands.dev/blog/pingbacks-explained">',
    )
    expect(head).toContain(
      '<link rel="alternate" hreflang="x-default" href="https://manyhands.dev/blog/pingbacks-explained">',
    )
    // Only the languages the article is written in, not every language of the route.
    expect(head.match(/hreflang=/g)).toHaveLength(3)
  })

  it("lists each public translation on its own site with its date and alternates", () => {
    const documents = [
      {
        translations: [
          { language: "en", path: "/blog/pingbacks-explained", updatedAt: "2026-05-14T09:00:00.000Z" },
          { language: "ru", path: "/blog/chto-takoe-pingbeki", updatedAt: "2026-05-15T09:00:00.000Z" },
        ],
      },
    ]
    const international = sitemapXml([], origins.international, ["en", "ru"], origins, documents)
    expect(international).toContain("<loc>https://manyhands.dev/blog/pingbacks-explained</loc>")
    expect(international).toContain("<lastmod>2026-05-14T09:00:00.000Z</lastmod>")
    expect(international).not.toContain("<loc>https://manyhands.ru/")
    expect(international).toContain(
      '<xhtml:link rel="alternate" hreflang="ru" href="https://manyhands.ru/blog/chto-takoe-pingbeki"/>',
    )
    const russian = sitemapXml([], origins.russian, ["en", "ru"], origins, documents)
    expect(russian).toContain("<loc>https://manyhands.ru/blog/chto-takoe-pingbeki</loc>")
    expect(russian.match(/<url>/g)).toHaveLength(1)
  })
})
