/*
 * The product's own articles (docs/ARCHITECTURE.md "Content"): blog articles, software-blog articles and tutorials
 * written for Manyhands, kept as Markdown files in server/content/ and loaded into the database at every start —
 * on PGlite and on a PostgreSQL server alike, not only with the demo data. A file's text replaces the database's
 * while no editor has saved that translation since; an editor's change is never overwritten.
 *
 *   server/content/<kind folder>/<key>/<language>.md      kind folders: blog, software-blog, tutorials, faq
 *
 * Each file starts with YAML front matter: title, slug, description (the SEO description), tags, published
 * (a date). A file that breaks a rule stops the start with its path and the rule: the content ships with the
 * code, so a mistake is the developer's to fix before it lands (server/test/product-content.test.ts reads every
 * file).
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import {
  ARTICLE_KINDS,
  CONTENT_LANGUAGES,
  MARKDOWN_MAX_LENGTH,
  MAX_TAGS,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  SOURCE_LANGUAGE,
  TITLE_MAX_LENGTH,
  type ArticleKind,
} from "@manyhands/contract/content"
import type { SiteLanguage } from "@manyhands/contract/languages"
import { parse as parseYaml } from "yaml"
import { serverRoot } from "../../paths"
import type { Content, ProductArticle } from "./content"

export const productContentDir = join(serverRoot, "content")

/** The folder of each kind under server/content/. */
export const KIND_FOLDERS: Record<ArticleKind, string> = {
  blog: "blog",
  software_blog: "software-blog",
  tutorial: "tutorials",
  faq: "faq",
}

/** A content file that breaks a rule: names the file and the rule. */
export class ProductContentError extends Error {
  override name = "ProductContentError"
}

const slugPattern = new RegExp(SLUG_PATTERN)
const DESCRIPTION_MAX_LENGTH = 400

/** Splits `---\nyaml\n---\nbody` into its two parts. */
export function frontMatter(text: string, file: string): { data: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text)
  if (!match) throw new ProductContentError(`${file}: no front matter (--- … ---) at its start`)
  let data: unknown
  try {
    // Dates stay strings: the `published` rule below checks their form.
    data = parseYaml(match[1]!, { schema: "core" })
  } catch (error) {
    throw new ProductContentError(`${file}: the front matter is not YAML (${(error as Error).message})`)
  }
  if (typeof data !== "object" || data === null || Array.isArray(data))
    throw new ProductContentError(`${file}: the front matter must be a map of fields`)
  return { data: data as Record<string, unknown>, body: match[2]!.trim() + "\n" }
}

function text(data: Record<string, unknown>, field: string, max: number, file: string): string {
  const value = data[field]
  if (typeof value !== "string" || value.trim() === "")
    throw new ProductContentError(`${file}: "${field}" is missing or not text`)
  if ([...value].length > max)
    throw new ProductContentError(`${file}: "${field}" is longer than ${max} characters`)
  return value.trim()
}

interface ParsedFile {
  language: SiteLanguage
  title: string
  slug: string
  description: string
  markdown: string
  tags: string[]
  published: string
}

function parseFile(kind: ArticleKind, key: string, language: string, path: string): ParsedFile {
  const file = path.slice(serverRoot.length)
  if (!(CONTENT_LANGUAGES[kind] as readonly string[]).includes(language))
    throw new ProductContentError(
      `${file}: this kind is written in ${CONTENT_LANGUAGES[kind].join(", ")} only (not ${language})`,
    )
  const { data, body } = frontMatter(readFileSync(path, "utf8"), file)
  const unknown = Object.keys(data).filter(
    (field) => !["title", "slug", "description", "tags", "published"].includes(field),
  )
  if (unknown.length > 0) throw new ProductContentError(`${file}: unknown field(s) ${unknown.join(", ")}`)
  const slug = text(data, "slug", SLUG_MAX_LENGTH, file)
  if (!slugPattern.test(slug))
    throw new ProductContentError(`${file}: the slug "${slug}" is not lower-case words with single hyphens`)
  const tags = data.tags
  if (
    !Array.isArray(tags) ||
    tags.length === 0 ||
    tags.length > MAX_TAGS ||
    !tags.every((tag) => typeof tag === "string" && slugPattern.test(tag) && tag.length <= 40)
  )
    throw new ProductContentError(
      `${file}: "tags" must be 1 to ${MAX_TAGS} lower-case words with hyphens, as [api, pingback]`,
    )
  const published = String(data.published ?? "")
  if (!/^\d{4}-\d{2}-\d{2}$/.test(published) || Number.isNaN(Date.parse(`${published}T00:00:00Z`)))
    throw new ProductContentError(`${file}: "published" must be a date such as 2026-05-14`)
  if (body.trim() === "") throw new ProductContentError(`${file}: the text is empty`)
  if (body.length > MARKDOWN_MAX_LENGTH)
    throw new ProductContentError(`${file}: the text is longer than ${MARKDOWN_MAX_LENGTH} characters`)
  return {
    language: language as SiteLanguage,
    title: text(data, "title", TITLE_MAX_LENGTH, file),
    slug,
    description: text(data, "description", DESCRIPTION_MAX_LENGTH, file),
    markdown: body,
    tags: tags as string[],
    published,
  }
}

/**
 * Every article under `dir`, checked: the source language (English) present unless the article is in one language
 * only, tags and date the same in every language (they belong to the article), slugs unique per kind and language.
 */
export function readProductContent(dir = productContentDir): ProductArticle[] {
  const articles: ProductArticle[] = []
  for (const kind of ARTICLE_KINDS) {
    const kindDir = join(dir, KIND_FOLDERS[kind])
    let keys: string[]
    try {
      keys = readdirSync(kindDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    } catch {
      continue
    }
    const slugs = new Map<string, string>()
    for (const key of keys) {
      const folder = join(kindDir, key)
      if (!slugPattern.test(key) || key.length > 160)
        throw new ProductContentError(
          `${folder}: a folder name is the article's key: lower-case words with hyphens`,
        )
      const files = readdirSync(folder)
        .filter((name) => name.endsWith(".md"))
        .sort()
      const parsed = files.map((name) => parseFile(kind, key, name.slice(0, -3), join(folder, name)))
      // English is the source; an article written in one language only (an old Russian post) is its own.
      const source =
        parsed.find((file) => file.language === SOURCE_LANGUAGE) ??
        (parsed.length === 1 ? parsed[0] : undefined)
      if (!source)
        throw new ProductContentError(
          `${folder}: no ${SOURCE_LANGUAGE}.md (the source language of an article in several languages)`,
        )
      for (const file of parsed) {
        if (file.tags.join() !== source.tags.join() || file.published !== source.published)
          throw new ProductContentError(
            `${folder}/${file.language}.md: tags and published must be those of ${source.language}.md`,
          )
        const taken = slugs.get(`${file.language}/${file.slug}`)
        if (taken)
          throw new ProductContentError(
            `${folder}/${file.language}.md: the slug ${file.slug} is ${taken}'s too`,
          )
        slugs.set(`${file.language}/${file.slug}`, key)
      }
      articles.push({
        kind,
        key,
        tags: source.tags,
        published: new Date(`${source.published}T09:00:00Z`),
        translations: parsed.map(({ language, title, slug, description, markdown }) => ({
          language,
          title,
          slug,
          description,
          markdown,
        })),
      })
    }
  }
  return articles
}

export interface ProductContentLog {
  warn(details: object, message: string): void
}

/**
 * Loads every article of `articles` (see Content.syncProductArticle). One that cannot be stored (an editor's
 * article took its slug) is logged and skipped; the others still load.
 */
export async function loadProductContent(
  content: Content,
  articles: ProductArticle[],
  log: ProductContentLog,
): Promise<{ created: number; updated: number; unchanged: number; failed: number }> {
  const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 }
  for (const article of articles) {
    try {
      counts[await content.syncProductArticle(article)]++
    } catch (error) {
      counts.failed++
      log.warn({ err: error, kind: article.kind, key: article.key }, "product article not loaded")
    }
  }
  return counts
}
