/*
 * Articles (docs/ARCHITECTURE.md "Content"): the blog, the software blog and tutorials on one model
 * (migration 0022). Editors create and save translations — each save renders the Markdown once
 * (render.ts) and keeps a revision — schedule, publish, unpublish, restore and compare revisions; readers list,
 * search and read what is public.
 *
 * Public means `status = 'published'`, or `status = 'scheduled'` with `publish_at` passed: visibility is computed
 * in every query, so a scheduled article appears at its second, whatever the job does. The job
 * (`content-publish`, every minute) then stores the change (status published, published_at = publish_at), so the
 * stored status catches up with what readers already see.
 *
 * Every change runs in one transaction; SQL is parameterised; refusals are ContentErrors (routes.ts maps
 * them to HTTP).
 */
import slugify from "@sindresorhus/slugify"
import {
  CONTENT_LANGUAGES,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  SLUG_MAX_LENGTH,
  SOURCE_LANGUAGE,
  contentLanguage,
  type ArticleIndex,
  type ArticleList,
  type ArticleListQuery,
  type ArticleKind,
  type ArticleSort,
  type ArticleSummary,
  type ArticleView,
  type ContentKind,
  type DiffLine,
  type EditorArticle,
  type EditorArticleList,
  type EditorListQuery,
  type EditorTranslation,
  type NewArticleBody,
  type Revision,
  type RevisionDiff,
  type RevisionSummary,
  type SaveArticleBody,
  type TocEntry,
} from "@manyhands/contract/content"
import type { SiteLanguage } from "@manyhands/contract/languages"
import { diffLines } from "diff"
import type { Database, Queryable } from "../../db/database"
import { renderMarkdown, type CalloutTitles, type Rendered } from "./render"

/** A feed's entry: the list's summary and the article's HTML. */
export type FeedEntry = ArticleSummary & { html: string }

/** An article in the sitemap: the address of each public translation (for hreflang). */
export interface SitemapDocument {
  kind: ArticleKind
  translations: { language: SiteLanguage; slug: string; updatedAt: string }[]
}

/** One article of the product's own content, as read from server/content/ (product-content.ts). */
export interface ProductArticle {
  kind: ArticleKind
  key: string
  tags: string[]
  /** Its publication date (the files' `published`). */
  published: Date
  translations: {
    language: SiteLanguage
    title: string
    slug: string
    description: string
    markdown: string
  }[]
}

/** What went wrong, for the routes to answer (routes.ts maps each code to its HTTP status). */
export type ContentErrorCode =
  | "ARTICLE_NOT_FOUND"
  | "TRANSLATION_NOT_FOUND"
  | "REVISION_NOT_FOUND"
  | "LANGUAGE_NOT_OFFERED"
  | "ARTICLE_SLUG_TAKEN"
  | "ARTICLE_KEY_TAKEN"
  | "ARTICLE_EDIT_CONFLICT"
  | "PUBLISH_AT_PAST"
  | "SEARCH_TOO_SHORT"

export class ContentError extends Error {
  override name = "ContentError"
  constructor(
    readonly code: ContentErrorCode,
    message: string,
  ) {
    super(message)
  }
}

// ---------------------------------------------------------------------------------------------------------
// SQL pieces (t: article_translations, a: articles, u: the author)

/** Public now: published, or scheduled with its time passed. */
const VISIBLE = "(t.status = 'published' OR (t.status = 'scheduled' AND t.publish_at <= now()))"
/** The status as readers see it: a scheduled translation whose time has come is published. */
const EFFECTIVE_STATUS =
  "CASE WHEN t.status = 'scheduled' AND t.publish_at <= now() THEN 'published' ELSE t.status END"
/** When it became public: what the publishing job will store as published_at. */
const SHOWN_AT =
  "CASE WHEN t.status = 'scheduled' AND t.publish_at <= now() THEN t.publish_at ELSE t.published_at END"
/** The latest revision of the English text. */
const SOURCE_LATEST = `(SELECT max(s.id) FROM article_revisions s WHERE s.article_id = t.article_id AND s.language = '${SOURCE_LANGUAGE}')`
/** A translation made from an older English text. */
const OUTDATED = `(t.language <> '${SOURCE_LANGUAGE}' AND t.source_revision IS NOT NULL AND t.source_revision < ${SOURCE_LATEST})`

const SUMMARY_COLUMNS = `t.article_id::text AS id, t.kind, t.language, t.slug, t.title, t.seo_description,
  left(t.plain_text, 400) AS text_start, a.cover_url, a.tags, u.display_name AS author_name,
  ${SHOWN_AT} AS shown_at, t.updated_at, t.reading_minutes, LEAST(t.views, 2147483647)::int AS views`
const SUMMARY_FROM = `article_translations t JOIN articles a ON a.id = t.article_id
  LEFT JOIN users u ON u.id = a.author_id`

interface SummaryRow {
  id: string
  kind: ContentKind
  language: SiteLanguage
  slug: string
  title: string
  seo_description: string | null
  text_start: string
  cover_url: string | null
  tags: string[]
  author_name: string | null
  shown_at: Date | string
  updated_at: Date | string
  reading_minutes: number
  views: number
}

interface ViewRow extends SummaryRow {
  html: string
  toc: TocEntry[]
  seo_title: string | null
  canonical: string | null
  outdated: boolean
}

interface TranslationRow {
  article_id: string
  language: SiteLanguage
  title: string
  slug: string
  markdown: string
  html: string
  toc: TocEntry[]
  reading_minutes: number
  status: EditorTranslation["status"]
  publish_at: Date | string | null
  published_at: Date | string | null
  seo_title: string | null
  seo_description: string | null
  canonical: string | null
  revision: string
  source_revision: string | null
  outdated: boolean
  views: number
  created_at: Date | string
  updated_at: Date | string
}

interface ArticleRow {
  id: string
  kind: ContentKind
  key: string
  tags: string[]
  cover_url: string | null
  author_id: string | null
  author_name: string | null
  created_at: Date | string
  updated_at: Date | string
}

interface RevisionRow {
  id: string
  article_id: string
  language: SiteLanguage
  author_id: string | null
  author_name: string | null
  created_at: Date | string
  title: string
  markdown: string
  restored_from: string | null
}

const iso = (value: Date | string) => new Date(value).toISOString()
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value))

/** The SEO description, or the start of the text cut at a word near 200 characters. */
export function describe(seoDescription: string | null, text: string): string {
  if (seoDescription?.trim()) return seoDescription.trim()
  const flat = text.replace(/\s+/g, " ").trim()
  if (flat.length <= 200) return flat
  const cut = flat.slice(0, 200)
  const space = cut.lastIndexOf(" ")
  return `${(space > 120 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, "")}…`
}

const toSummary = (row: SummaryRow): ArticleSummary => ({
  id: row.id,
  kind: row.kind,
  language: row.language,
  slug: row.slug,
  title: row.title,
  description: describe(row.seo_description, row.text_start),
  coverUrl: row.cover_url,
  tags: row.tags,
  author: { name: row.author_name },
  publishedAt: iso(row.shown_at),
  updatedAt: iso(row.updated_at),
  readingMinutes: row.reading_minutes,
  views: row.views,
})

const toRevisionSummary = (row: RevisionRow): RevisionSummary => ({
  id: row.id,
  language: row.language,
  author: row.author_id === null ? null : { id: row.author_id, name: row.author_name },
  createdAt: iso(row.created_at),
  title: row.title,
  characters: row.markdown.length,
  restoredFrom: row.restored_from,
})

/** A unique violation of one of the content's constraints, as the error it means. */
function uniqueViolation(error: unknown): ContentError | undefined {
  const { code, constraint } = error as { code?: string; constraint?: string }
  if (code !== "23505") return undefined
  if (constraint === "article_translations_kind_language_slug_key")
    return new ContentError(
      "ARTICLE_SLUG_TAKEN",
      "Another article of this kind has this slug in this language.",
    )
  if (constraint === "articles_kind_key_key")
    return new ContentError("ARTICLE_KEY_TAKEN", "Another article of this kind has this key.")
  return undefined
}

/** A slug made from a title: transliterated (Cyrillic …), lower case, at most 120 characters. */
export function slugFromTitle(title: string): string {
  const slug = slugify(title, { decamelize: false }).slice(0, SLUG_MAX_LENGTH).replace(/-+$/, "")
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) ? slug : "article"
}

/** `base`, or `base-2`, `base-3` … — the first not in `taken`. */
function firstFree(base: string, taken: Set<string>, maxLength: number): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const suffix = `-${n}`
    const candidate = `${base.slice(0, maxLength - suffix.length).replace(/-+$/, "")}${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The trimmed search, or undefined for none; SEARCH_TOO_SHORT under 3 characters (spec §5). */
export function searchText(q: string | undefined): string | undefined {
  const text = q?.trim()
  if (!text) return undefined
  if ([...text].length < SEARCH_MIN_LENGTH)
    throw new ContentError("SEARCH_TOO_SHORT", `Type at least ${SEARCH_MIN_LENGTH} characters to search.`)
  return [...text].slice(0, SEARCH_MAX_LENGTH).join("")
}

export interface ContentOptions {
  db: Database
  /** Callout titles in a language (the content namespace of locales/). */
  calloutTitles: (language: string) => CalloutTitles
}

/** A list query whose page and page size may be left out (1 and 20), as the HTTP defaults do. */
type Paging<Q extends { page: number; pageSize: number }> = Omit<Q, "page" | "pageSize"> & {
  page?: number
  pageSize?: number
}

/** The publishing job's queue (docs/ARCHITECTURE.md "Background jobs"). */
export const CONTENT_PUBLISH_JOB = "content-publish"

export class Content {
  private readonly db: Database

  constructor(private readonly options: ContentOptions) {
    this.db = options.db
  }

  /** Renders Markdown as a save does (also the editor's preview). */
  render(markdown: string, language: string): Promise<Rendered> {
    return renderMarkdown(markdown, { calloutTitles: this.options.calloutTitles(language) })
  }

  private offered(kind: ContentKind, language: SiteLanguage) {
    if (!CONTENT_LANGUAGES[kind].includes(language))
      throw new ContentError(
        "LANGUAGE_NOT_OFFERED",
        `This kind of article is written in ${CONTENT_LANGUAGES[kind].join(", ")} only.`,
      )
  }

  // -------------------------------------------------------------------------------------------------------
  // Editors

  /** The article of this kind with this key, as editorArticle; ARTICLE_NOT_FOUND when there is none. */
  async editorArticleByKey(kind: ContentKind, key: string): Promise<EditorArticle> {
    const { rows } = await this.db.query<{ id: string }>(
      "SELECT id::text AS id FROM articles WHERE kind = $1 AND key = $2",
      [kind, key],
    )
    if (!rows[0]) throw new ContentError("ARTICLE_NOT_FOUND", "No such article.")
    return this.editorArticle(kind, rows[0].id)
  }

  /** The article with every translation, as editors see it; ARTICLE_NOT_FOUND when it is not of this kind. */
  async editorArticle(kind: ContentKind, id: string, q: Queryable = this.db): Promise<EditorArticle> {
    const { rows } = await q.query<ArticleRow>(
      `SELECT a.id::text, a.kind, a.key, a.tags, a.cover_url, a.author_id::text, u.display_name AS author_name,
         a.created_at, a.updated_at
       FROM articles a LEFT JOIN users u ON u.id = a.author_id WHERE a.id = $1 AND a.kind = $2`,
      [id, kind],
    )
    const article = rows[0]
    if (!article) throw new ContentError("ARTICLE_NOT_FOUND", "No such article.")
    const translations = await q.query<TranslationRow>(
      `SELECT t.language, t.title, t.slug, t.markdown, t.html, t.toc, t.reading_minutes,
         ${EFFECTIVE_STATUS} AS status,
         CASE WHEN t.status = 'scheduled' AND t.publish_at > now() THEN t.publish_at END AS publish_at,
         ${SHOWN_AT} AS published_at, t.seo_title, t.seo_description, t.canonical,
         (SELECT max(r.id)::text FROM article_revisions r WHERE r.article_id = t.article_id AND r.language = t.language) AS revision,
         t.source_revision::text, ${OUTDATED} AS outdated, LEAST(t.views, 2147483647)::int AS views,
         t.created_at, t.updated_at
       FROM article_translations t WHERE t.article_id = $1
       ORDER BY t.language <> '${SOURCE_LANGUAGE}', t.language`,
      [id],
    )
    return {
      id: article.id,
      kind: article.kind,
      key: article.key,
      tags: article.tags,
      coverUrl: article.cover_url,
      author: article.author_id === null ? null : { id: article.author_id, name: article.author_name },
      languages: [...CONTENT_LANGUAGES[article.kind]],
      translations: translations.rows.map((row) => ({
        language: row.language,
        title: row.title,
        slug: row.slug,
        markdown: row.markdown,
        html: row.html,
        toc: row.toc,
        readingMinutes: row.reading_minutes,
        status: row.status,
        publishAt: isoOrNull(row.publish_at),
        publishedAt: isoOrNull(row.published_at),
        seoTitle: row.seo_title,
        seoDescription: row.seo_description,
        canonical: row.canonical,
        revision: row.revision,
        sourceRevision: row.source_revision,
        outdated: row.outdated,
        views: row.views,
        createdAt: iso(row.created_at),
        updatedAt: iso(row.updated_at),
      })),
      createdAt: iso(article.created_at),
      updatedAt: iso(article.updated_at),
    }
  }

  /** A new article with its first translation, a draft, and that translation's first revision. */
  async create(kind: ContentKind, editorId: string, body: NewArticleBody): Promise<EditorArticle> {
    this.offered(kind, body.language)
    const rendered = await this.render(body.markdown, body.language)
    try {
      return await this.db.transaction(async (tx) => {
        const slug = body.slug ?? (await this.freeSlug(tx, kind, body.language, slugFromTitle(body.title)))
        const key = body.key ?? (await this.freeKey(tx, kind, slug))
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO articles (kind, key, author_id, tags, cover_url) VALUES ($1, $2, $3, $4, $5) RETURNING id::text`,
          [kind, key, editorId, body.tags ?? [], body.coverUrl ?? null],
        )
        const id = rows[0]!.id
        // The first translation has no English revision to be made from.
        await this.insertTranslation(tx, kind, id, body.language, { ...body, slug }, rendered, null)
        await this.addRevision(tx, id, body.language, editorId, body.title, body.markdown, null)
        return this.editorArticle(kind, id, tx)
      })
    } catch (error) {
      throw uniqueViolation(error) ?? error
    }
  }

  /**
   * Saves one translation (creating it when the article lacks that language), re-rendered, with a new revision
   * when the title or the text changed, and the article's tags and cover when given.
   */
  async save(kind: ContentKind, id: string, editorId: string, body: SaveArticleBody): Promise<EditorArticle> {
    this.offered(kind, body.language)
    const rendered = await this.render(body.markdown, body.language)
    try {
      return await this.db.transaction(async (tx) => {
        await this.lockArticle(tx, kind, id)
        const { rows } = await tx.query<{
          title: string
          slug: string
          markdown: string
          seo_title: string | null
          seo_description: string | null
          canonical: string | null
          source_revision: string | null
          revision: string
        }>(
          `SELECT t.title, t.slug, t.markdown, t.seo_title, t.seo_description, t.canonical, t.source_revision::text,
             (SELECT max(r.id)::text FROM article_revisions r WHERE r.article_id = t.article_id AND r.language = t.language) AS revision
           FROM article_translations t WHERE t.article_id = $1 AND t.language = $2 FOR UPDATE`,
          [id, body.language],
        )
        const existing = rows[0]
        if (body.baseRevision !== undefined && (existing?.revision ?? null) !== body.baseRevision)
          throw new ContentError(
            "ARTICLE_EDIT_CONFLICT",
            "Someone saved this translation after you opened it. Reload it, then make your change again.",
          )
        const sourceRevision = await this.sourceRevisionFor(
          tx,
          id,
          body.language,
          body.sourceRevision,
          existing,
        )
        if (existing) {
          // A field left out keeps its value; null clears it.
          const kept = <T>(given: T | undefined, current: T) => (given === undefined ? current : given)
          await tx.query(
            `UPDATE article_translations SET title = $3, slug = $4, markdown = $5, html = $6, plain_text = $7,
               toc = $8, reading_minutes = $9, seo_title = $10, seo_description = $11, canonical = $12,
               source_revision = $13, updated_at = now()
             WHERE article_id = $1 AND language = $2`,
            [
              id,
              body.language,
              body.title,
              body.slug ?? existing.slug,
              body.markdown,
              rendered.html,
              rendered.plainText,
              JSON.stringify(rendered.toc),
              rendered.readingMinutes,
              kept(body.seoTitle, existing.seo_title),
              kept(body.seoDescription, existing.seo_description),
              kept(body.canonical, existing.canonical),
              sourceRevision,
            ],
          )
        } else {
          const slug = body.slug ?? (await this.defaultSlug(tx, kind, id, body.language, body.title))
          await this.insertTranslation(
            tx,
            kind,
            id,
            body.language,
            { ...body, slug },
            rendered,
            sourceRevision,
          )
        }
        if (!existing || existing.title !== body.title || existing.markdown !== body.markdown)
          await this.addRevision(tx, id, body.language, editorId, body.title, body.markdown, null)
        await tx.query(
          `UPDATE articles SET tags = COALESCE($2, tags), cover_url = CASE WHEN $3 THEN $4 ELSE cover_url END,
             updated_at = now() WHERE id = $1`,
          [id, body.tags ?? null, body.coverUrl !== undefined, body.coverUrl ?? null],
        )
        return this.editorArticle(kind, id, tx)
      })
    } catch (error) {
      throw uniqueViolation(error) ?? error
    }
  }

  /** Deletes the article, its translations and revisions. */
  async remove(kind: ContentKind, id: string): Promise<void> {
    const { rows } = await this.db.query("DELETE FROM articles WHERE id = $1 AND kind = $2 RETURNING id", [
      id,
      kind,
    ])
    if (rows.length === 0) throw new ContentError("ARTICLE_NOT_FOUND", "No such article.")
  }

  /** Public now; published_at stays the first publication's when there was one. */
  publish(kind: ContentKind, id: string, language: SiteLanguage): Promise<EditorArticle> {
    return this.changeStatus(
      kind,
      id,
      language,
      `status = 'published', published_at = COALESCE(${SHOWN_AT}, now()), publish_at = NULL`,
    )
  }

  /** Public at `publishAt` (which must be to come). */
  async schedule(
    kind: ContentKind,
    id: string,
    language: SiteLanguage,
    publishAt: string,
  ): Promise<EditorArticle> {
    const { rows } = await this.db.query<{ future: boolean }>("SELECT $1::timestamptz > now() AS future", [
      publishAt,
    ])
    if (!rows[0]?.future) throw new ContentError("PUBLISH_AT_PAST", "Choose a time to come.")
    return this.changeStatus(kind, id, language, "status = 'scheduled', publish_at = $3", [publishAt])
  }

  /** Back to draft, from published or scheduled. */
  unpublish(kind: ContentKind, id: string, language: SiteLanguage): Promise<EditorArticle> {
    return this.changeStatus(
      kind,
      id,
      language,
      // A scheduled translation already public keeps its publication time as published_at.
      `published_at = ${SHOWN_AT}, status = 'draft', publish_at = NULL`,
    )
  }

  private async changeStatus(
    kind: ContentKind,
    id: string,
    language: SiteLanguage,
    assignments: string,
    extra: unknown[] = [],
  ): Promise<EditorArticle> {
    return this.db.transaction(async (tx) => {
      await this.lockArticle(tx, kind, id)
      const { rows } = await tx.query(
        `UPDATE article_translations t SET ${assignments} WHERE t.article_id = $1 AND t.language = $2 RETURNING t.language`,
        [id, language, ...extra],
      )
      if (rows.length === 0)
        throw new ContentError("TRANSLATION_NOT_FOUND", "The article has no translation in this language.")
      return this.editorArticle(kind, id, tx)
    })
  }

  /** Revisions of the article (one language's, or all), newest first; the 500 latest. */
  async revisions(kind: ContentKind, id: string, language?: SiteLanguage): Promise<RevisionSummary[]> {
    await this.lockArticle(this.db, kind, id, false)
    const { rows } = await this.db.query<RevisionRow>(
      `${REVISION_SELECT} WHERE r.article_id = $1 AND ($2::text IS NULL OR r.language = $2)
       ORDER BY r.id DESC LIMIT 500`,
      [id, language ?? null],
    )
    return rows.map(toRevisionSummary)
  }

  /** One revision of the article, with its Markdown. */
  async revision(
    kind: ContentKind,
    id: string,
    revisionId: string,
    q: Queryable = this.db,
  ): Promise<Revision> {
    const { rows } = await q.query<RevisionRow>(
      `${REVISION_SELECT} JOIN articles a ON a.id = r.article_id WHERE r.id = $1 AND r.article_id = $2 AND a.kind = $3`,
      [revisionId, id, kind],
    )
    const row = rows[0]
    if (!row) throw new ContentError("REVISION_NOT_FOUND", "This article has no such revision.")
    return { ...toRevisionSummary(row), markdown: row.markdown }
  }

  /** Brings back a revision's title and text: re-rendered, as a new revision that names the one restored. */
  async restore(kind: ContentKind, id: string, revisionId: string, editorId: string): Promise<EditorArticle> {
    const old = await this.revision(kind, id, revisionId)
    const rendered = await this.render(old.markdown, old.language)
    return this.db.transaction(async (tx) => {
      await this.lockArticle(tx, kind, id)
      const { rows } = await tx.query(
        `UPDATE article_translations SET title = $3, markdown = $4, html = $5, plain_text = $6, toc = $7,
           reading_minutes = $8, updated_at = now()
         WHERE article_id = $1 AND language = $2 RETURNING language`,
        [
          id,
          old.language,
          old.title,
          old.markdown,
          rendered.html,
          rendered.plainText,
          JSON.stringify(rendered.toc),
          rendered.readingMinutes,
        ],
      )
      if (rows.length === 0)
        throw new ContentError("REVISION_NOT_FOUND", "This article has no such revision.")
      await this.addRevision(tx, id, old.language, editorId, old.title, old.markdown, revisionId)
      await tx.query("UPDATE articles SET updated_at = now() WHERE id = $1", [id])
      return this.editorArticle(kind, id, tx)
    })
  }

  /** The line changes from one revision to another (any two of the article's). */
  async diff(kind: ContentKind, id: string, fromId: string, toId: string): Promise<RevisionDiff> {
    const from = await this.revision(kind, id, fromId)
    const to = await this.revision(kind, id, toId)
    const lines = lineDiff(from.markdown, to.markdown)
    const { markdown: _from, ...fromSummary } = from
    const { markdown: _to, ...toSummary } = to
    return {
      from: fromSummary,
      to: toSummary,
      titleChanged: from.title !== to.title,
      added: lines.filter((line) => line.op === "added").length,
      removed: lines.filter((line) => line.op === "removed").length,
      lines,
    }
  }

  /** The editors' list: newest change first, filtered by a translation's language, status or freshness. */
  async editorList(kind: ContentKind, query: Paging<EditorListQuery>): Promise<EditorArticleList> {
    const { page = 1, pageSize = 20 } = query
    const q = searchText(query.q)
    const params = [
      kind,
      query.language ?? null,
      query.status ?? null,
      query.outdated === true,
      q ? `%${escapeLike(q)}%` : null,
    ]
    const where = `a.kind = $1
      AND ($2::text IS NULL AND $3::text IS NULL OR EXISTS (
        SELECT 1 FROM article_translations t WHERE t.article_id = a.id
          AND ($2::text IS NULL OR t.language = $2) AND ($3::text IS NULL OR ${EFFECTIVE_STATUS} = $3)))
      AND (NOT $4 OR EXISTS (SELECT 1 FROM article_translations t WHERE t.article_id = a.id AND ${OUTDATED}))
      AND ($5::text IS NULL OR a.key ILIKE $5 OR EXISTS (
        SELECT 1 FROM article_translations t WHERE t.article_id = a.id AND (t.title ILIKE $5 OR t.slug ILIKE $5)))`
    const total = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM articles a WHERE ${where}`,
      params,
    )
    const { rows } = await this.db.query<ArticleRow>(
      `SELECT a.id::text, a.kind, a.key, a.tags, a.author_id::text, u.display_name AS author_name, a.updated_at
       FROM articles a LEFT JOIN users u ON u.id = a.author_id WHERE ${where}
       ORDER BY a.updated_at DESC, a.id DESC LIMIT $6 OFFSET $7`,
      [...params, pageSize, (page - 1) * pageSize],
    )
    const ids = rows.map((row) => row.id)
    const translations = await this.db.query<TranslationRow>(
      `SELECT t.article_id::text, t.language, t.title, t.slug, ${EFFECTIVE_STATUS} AS status,
         CASE WHEN t.status = 'scheduled' AND t.publish_at > now() THEN t.publish_at END AS publish_at,
         ${SHOWN_AT} AS published_at, ${OUTDATED} AS outdated, t.updated_at
       FROM article_translations t WHERE t.article_id = ANY($1::bigint[])
       ORDER BY t.language <> '${SOURCE_LANGUAGE}', t.language`,
      [ids],
    )
    return {
      items: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        key: row.key,
        tags: row.tags,
        author: row.author_id === null ? null : { id: row.author_id, name: row.author_name },
        translations: translations.rows
          .filter((t) => t.article_id === row.id)
          .map((t) => ({
            language: t.language,
            title: t.title,
            slug: t.slug,
            status: t.status,
            publishAt: isoOrNull(t.publish_at),
            publishedAt: isoOrNull(t.published_at),
            outdated: t.outdated,
            updatedAt: iso(t.updated_at),
          })),
        updatedAt: iso(row.updated_at),
      })),
      total: total.rows[0]!.n,
      page,
      pageSize,
    }
  }

  // -------------------------------------------------------------------------------------------------------
  // Readers

  /** A public page of a kind in a language: tag, search (≥ 3 characters), sorting; stable for merging. */
  async list(kind: ContentKind, query: Paging<ArticleListQuery>): Promise<ArticleList> {
    const requested = query.language ?? SOURCE_LANGUAGE
    const language = contentLanguage(kind, requested)
    const q = searchText(query.q)
    const { page = 1, pageSize = 20 } = query
    const sort: ArticleSort = query.sort ?? (q ? "relevance" : "popular")
    const params: unknown[] = [kind, language, query.tag ?? null]
    let match = ""
    let rank = "0"
    if (q) {
      params.push(q, `%${escapeLike(q)}%`)
      // Stemmed words where the language has a stemmer (simple words otherwise), parts of words in titles, and
      // for languages without a stemmer parts of the text too (pg_trgm's indexes answer the ILIKEs).
      match = `AND (t.search @@ websearch_to_tsquery(content_search_config($2), $4) OR t.title ILIKE $5
        OR (content_search_config($2) = 'simple'::regconfig AND t.plain_text ILIKE $5))`
      rank =
        "ts_rank(t.search, websearch_to_tsquery(content_search_config($2), $4)) + similarity(t.title, $4)"
    }
    const where = `t.kind = $1 AND t.language = $2 AND ${VISIBLE} AND ($3::text IS NULL OR $3 = ANY(a.tags)) ${match}`
    const order =
      sort === "newest"
        ? `${SHOWN_AT} DESC, t.article_id DESC`
        : sort === "relevance" && q
          ? `${rank} DESC, ${SHOWN_AT} DESC, t.article_id DESC`
          : `t.views DESC, ${SHOWN_AT} DESC, t.article_id DESC`
    const total = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM article_translations t JOIN articles a ON a.id = t.article_id WHERE ${where}`,
      params,
    )
    const { rows } = await this.db.query<SummaryRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} WHERE ${where} ORDER BY ${order}
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, pageSize, (page - 1) * pageSize],
    )
    return {
      items: rows.map(toSummary),
      total: total.rows[0]!.n,
      page,
      pageSize,
      language,
      requestedLanguage: requested,
      sort,
      q: q ?? null,
      tag: query.tag ?? null,
    }
  }

  /** The list page's landing data. */
  async index(kind: ContentKind, requested: SiteLanguage = SOURCE_LANGUAGE): Promise<ArticleIndex> {
    const language = contentLanguage(kind, requested)
    const where = `t.kind = $1 AND t.language = $2 AND ${VISIBLE}`
    const [total, tags, latest, popular] = await Promise.all([
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM article_translations t WHERE ${where}`, [
        kind,
        language,
      ]),
      this.db.query<{ tag: string; count: number }>(
        `SELECT tag, count(*)::int AS count FROM article_translations t JOIN articles a ON a.id = t.article_id,
           unnest(a.tags) AS tag WHERE ${where} GROUP BY tag ORDER BY count DESC, tag LIMIT 50`,
        [kind, language],
      ),
      this.db.query<SummaryRow>(
        `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} WHERE ${where} ORDER BY ${SHOWN_AT} DESC, t.article_id DESC LIMIT 5`,
        [kind, language],
      ),
      this.db.query<SummaryRow>(
        `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} WHERE ${where}
         ORDER BY t.views DESC, ${SHOWN_AT} DESC, t.article_id DESC LIMIT 5`,
        [kind, language],
      ),
    ])
    return {
      language,
      requestedLanguage: requested,
      total: total.rows[0]!.n,
      tags: tags.rows,
      latest: latest.rows.map(toSummary),
      popular: popular.rows.map(toSummary),
    }
  }

  /**
   * One public article by slug: in the answer's language; a slug of another language's translation gives the
   * article in the asked language when it has one, else in the slug's language (English first).
   */
  async bySlug(
    kind: ContentKind,
    slug: string,
    requested: SiteLanguage = SOURCE_LANGUAGE,
  ): Promise<ArticleView> {
    const language = contentLanguage(kind, requested)
    const found = await this.db.query<{ article_id: string; language: SiteLanguage }>(
      `SELECT t.article_id::text, t.language FROM article_translations t
       WHERE t.kind = $1 AND t.slug = $2 AND ${VISIBLE}
       ORDER BY t.language = $3 DESC, t.language = '${SOURCE_LANGUAGE}' DESC, t.language LIMIT 1`,
      [kind, slug, language],
    )
    const hit = found.rows[0]
    if (!hit) throw new ContentError("ARTICLE_NOT_FOUND", "No such article.")
    const { rows } = await this.db.query<ViewRow>(
      `SELECT ${SUMMARY_COLUMNS}, t.html, t.toc, t.seo_title, t.canonical, ${OUTDATED} AS outdated
       FROM ${SUMMARY_FROM} WHERE t.article_id = $1 AND ${VISIBLE}
       ORDER BY t.language = $2 DESC, t.language = $3 DESC LIMIT 1`,
      [hit.article_id, language, hit.language],
    )
    const row = rows[0]!
    const [translations, related, previous, next] = await Promise.all([
      this.db.query<{ language: SiteLanguage; slug: string }>(
        `SELECT t.language, t.slug FROM article_translations t WHERE t.article_id = $1 AND ${VISIBLE} ORDER BY t.language`,
        [row.id],
      ),
      this.db.query<SummaryRow>(
        `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM}
         WHERE t.kind = $1 AND t.language = $2 AND ${VISIBLE} AND t.article_id <> $3 AND a.tags && $4::text[]
         ORDER BY cardinality(ARRAY(SELECT unnest(a.tags) INTERSECT SELECT unnest($4::text[]))) DESC,
           ${SHOWN_AT} DESC, t.article_id DESC LIMIT 3`,
        [kind, row.language, row.id, row.tags],
      ),
      this.neighbour(kind, row, "previous"),
      this.neighbour(kind, row, "next"),
    ])
    return {
      ...toSummary(row),
      language: row.language,
      requestedLanguage: requested,
      html: row.html,
      toc: row.toc,
      seoTitle: row.seo_title,
      seoDescription: row.seo_description,
      canonical: row.canonical,
      outdated: row.outdated,
      translations: translations.rows,
      related: related.rows.map(toSummary),
      previous,
      next,
    }
  }

  private async neighbour(kind: ContentKind, row: SummaryRow, which: "previous" | "next") {
    const [compare, direction] = which === "previous" ? ["<", "DESC"] : [">", "ASC"]
    // Compared with the article's own stored time (microseconds; a JavaScript Date would round it to ms).
    const { rows } = await this.db.query<{ slug: string; title: string }>(
      `WITH current AS (SELECT ${SHOWN_AT} AS at, t.article_id FROM article_translations t
         WHERE t.article_id = $3 AND t.language = $2)
       SELECT t.slug, t.title FROM article_translations t, current
       WHERE t.kind = $1 AND t.language = $2 AND ${VISIBLE}
         AND (${SHOWN_AT}, t.article_id) ${compare} (current.at, current.article_id)
       ORDER BY ${SHOWN_AT} ${direction}, t.article_id ${direction} LIMIT 1`,
      [kind, row.language, row.id],
    )
    return rows[0] ?? null
  }

  /** Counts a read of a public translation (the caller decides it is the reader's first within the hour). */
  async countView(kind: ContentKind, id: string, language: SiteLanguage): Promise<void> {
    const { rows } = await this.db.query(
      `UPDATE article_translations t SET views = views + 1
       WHERE t.article_id = $1 AND t.kind = $2 AND t.language = $3 AND ${VISIBLE} RETURNING t.article_id`,
      [id, kind, language],
    )
    if (rows.length === 0) throw new ContentError("ARTICLE_NOT_FOUND", "No such article.")
  }

  /** Is it a public translation (a read worth counting)? */
  async isPublic(kind: ContentKind, id: string, language: SiteLanguage): Promise<boolean> {
    const { rows } = await this.db.query(
      `SELECT 1 FROM article_translations t WHERE t.article_id = $1 AND t.kind = $2 AND t.language = $3 AND ${VISIBLE}`,
      [id, kind, language],
    )
    return rows.length > 0
  }

  /** The publishing job: scheduled translations whose time has come are stored as published. */
  async publishDue(): Promise<{ published: number }> {
    const { rows } = await this.db.query(
      `UPDATE article_translations SET status = 'published', published_at = publish_at, publish_at = NULL
       WHERE status = 'scheduled' AND publish_at <= now() RETURNING article_id`,
    )
    return { published: rows.length }
  }

  // -------------------------------------------------------------------------------------------------------
  // Helpers

  /** ARTICLE_NOT_FOUND unless the article exists in this kind; locks its row within a transaction. */
  // -------------------------------------------------------------------------------------------------------
  // Feeds and the sitemap

  /** The newest public articles of a kind in a language, with their HTML: a feed's entries. */
  async feed(kind: ContentKind, language: SiteLanguage, limit = 30): Promise<FeedEntry[]> {
    const { rows } = await this.db.query<SummaryRow & { html: string }>(
      `SELECT ${SUMMARY_COLUMNS}, t.html FROM ${SUMMARY_FROM}
       WHERE t.kind = $1 AND t.language = $2 AND ${VISIBLE}
       ORDER BY ${SHOWN_AT} DESC, t.article_id DESC LIMIT $3`,
      [kind, language, limit],
    )
    return rows.map((row) => ({ ...toSummary(row), html: row.html }))
  }

  /** Every public article with its public translations' slugs: the sitemap's documents. */
  async sitemapDocuments(): Promise<SitemapDocument[]> {
    const { rows } = await this.db.query<{
      id: string
      kind: ContentKind
      translations: { language: SiteLanguage; slug: string; updatedAt: string }[]
    }>(
      `SELECT t.article_id::text AS id, min(t.kind) AS kind,
         json_agg(json_build_object('language', t.language, 'slug', t.slug, 'updatedAt', t.updated_at)
           ORDER BY t.language) AS translations
       FROM article_translations t WHERE t.kind IN ('blog', 'software_blog', 'tutorial', 'faq') AND ${VISIBLE}
       GROUP BY t.article_id ORDER BY t.article_id`,
    )
    return rows.map((row) => ({
      kind: row.kind as ArticleKind,
      translations: row.translations.map((translation) => ({
        ...translation,
        updatedAt: new Date(translation.updatedAt).toISOString(),
      })),
    }))
  }

  // -------------------------------------------------------------------------------------------------------
  // Product content (server/content/, product-content.ts)

  /**
   * Brings one article of the product's own content in line with its files: created (published at its date)
   * when missing; a translation whose latest revision is the product's (no author) takes the file's text when
   * it differs, with a new revision; a translation an editor has saved since is left as the editor made it.
   * Two processes starting together take turns (a transaction-scoped advisory lock).
   */
  async syncProductArticle(article: ProductArticle): Promise<"created" | "updated" | "unchanged"> {
    for (const translation of article.translations) this.offered(article.kind, translation.language)
    const ordered = [...article.translations].sort(
      (a, b) => Number(b.language === SOURCE_LANGUAGE) - Number(a.language === SOURCE_LANGUAGE),
    )
    return this.db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('manyhands:product-content'))")
      let outcome: "created" | "updated" | "unchanged" = "unchanged"
      const found = await tx.query<{ id: string; edited: boolean }>(
        `SELECT a.id::text, EXISTS (SELECT 1 FROM article_revisions r WHERE r.article_id = a.id
           AND r.author_id IS NOT NULL) AS edited
         FROM articles a WHERE a.kind = $1 AND a.key = $2 FOR UPDATE`,
        [article.kind, article.key],
      )
      let id = found.rows[0]?.id
      if (id === undefined) {
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO articles (kind, key, author_id, tags, created_at, updated_at)
           VALUES ($1, $2, NULL, $3, $4, $4) RETURNING id::text`,
          [article.kind, article.key, article.tags, article.published],
        )
        id = rows[0]!.id
        outcome = "created"
      } else if (!found.rows[0]!.edited) {
        await tx.query("UPDATE articles SET tags = $2 WHERE id = $1 AND tags <> $2", [id, article.tags])
      }
      for (const translation of ordered) {
        const { rows } = await tx.query<{
          title: string
          slug: string
          markdown: string
          seo_description: string | null
          product_owned: boolean
        }>(
          `SELECT t.title, t.slug, t.markdown, t.seo_description,
             (SELECT r.author_id IS NULL FROM article_revisions r WHERE r.article_id = t.article_id
                AND r.language = t.language ORDER BY r.id DESC LIMIT 1) AS product_owned
           FROM article_translations t WHERE t.article_id = $1 AND t.language = $2`,
          [id, translation.language],
        )
        const existing = rows[0]
        /** A revision of the product's (no author) with the file's title and text. */
        const productRevision = () =>
          this.addRevision(tx, id, translation.language, null, translation.title, translation.markdown, null)
        const source =
          translation.language === SOURCE_LANGUAGE
            ? null
            : ((
                await tx.query<{ id: string | null }>(
                  `SELECT max(id)::text AS id FROM article_revisions WHERE article_id = $1 AND language = $2`,
                  [id, SOURCE_LANGUAGE],
                )
              ).rows[0]?.id ?? null)
        if (!existing) {
          const rendered = await this.render(translation.markdown, translation.language)
          await this.insertTranslation(
            tx,
            article.kind,
            id,
            translation.language,
            { ...translation, seoDescription: translation.description },
            rendered,
            source,
          )
          await tx.query(
            `UPDATE article_translations SET status = 'published', published_at = $3, created_at = $3, updated_at = $3
             WHERE article_id = $1 AND language = $2`,
            [id, translation.language, article.published],
          )
          await productRevision()
          if (outcome === "unchanged") outcome = "updated"
          continue
        }
        if (!existing.product_owned) continue
        const textChanged = existing.title !== translation.title || existing.markdown !== translation.markdown
        if (
          !textChanged &&
          existing.slug === translation.slug &&
          existing.seo_description === translation.description
        )
          continue
        const rendered = await this.render(translation.markdown, translation.language)
        await tx.query(
          `UPDATE article_translations SET title = $3, slug = $4, markdown = $5, html = $6, plain_text = $7, toc = $8,
             reading_minutes = $9, seo_description = $10, source_revision = COALESCE($11, source_revision),
             updated_at = now()
           WHERE article_id = $1 AND language = $2`,
          [
            id,
            translation.language,
            translation.title,
            translation.slug,
            translation.markdown,
            rendered.html,
            rendered.plainText,
            JSON.stringify(rendered.toc),
            rendered.readingMinutes,
            translation.description,
            source,
          ],
        )
        if (textChanged) await productRevision()
        if (outcome === "unchanged") outcome = "updated"
      }
      return outcome
    })
  }

  private async lockArticle(q: Queryable, kind: ContentKind, id: string, forUpdate = true) {
    const { rows } = await q.query(
      `SELECT id FROM articles WHERE id = $1 AND kind = $2${forUpdate ? " FOR UPDATE" : ""}`,
      [id, kind],
    )
    if (rows.length === 0) throw new ContentError("ARTICLE_NOT_FOUND", "No such article.")
  }

  private async freeSlug(q: Queryable, kind: ContentKind, language: string, base: string): Promise<string> {
    const { rows } = await q.query<{ slug: string }>(
      `SELECT slug FROM article_translations WHERE kind = $1 AND language = $2 AND (slug = $3 OR slug LIKE $4)`,
      [kind, language, base, `${base.slice(0, SLUG_MAX_LENGTH - 4)}%`],
    )
    return firstFree(base, new Set(rows.map((row) => row.slug)), SLUG_MAX_LENGTH)
  }

  private async freeKey(q: Queryable, kind: ContentKind, base: string): Promise<string> {
    const { rows } = await q.query<{ key: string }>(
      `SELECT key FROM articles WHERE kind = $1 AND (key = $2 OR key LIKE $3)`,
      [kind, base, `${base.slice(0, 150)}%`],
    )
    return firstFree(base, new Set(rows.map((row) => row.key)), 160)
  }

  /** A new translation's slug: another translation's (same address in every language) when free, else the title's. */
  private async defaultSlug(q: Queryable, kind: ContentKind, id: string, language: string, title: string) {
    const { rows } = await q.query<{ slug: string }>(
      `SELECT t.slug FROM article_translations t WHERE t.article_id = $1
         AND NOT EXISTS (SELECT 1 FROM article_translations o WHERE o.kind = t.kind AND o.language = $2 AND o.slug = t.slug)
       ORDER BY t.language <> '${SOURCE_LANGUAGE}' LIMIT 1`,
      [id, language],
    )
    return rows[0]?.slug ?? (await this.freeSlug(q, kind, language, slugFromTitle(title)))
  }

  /**
   * The English revision a translation is made from: null for English; the one named (it must be the article's);
   * when none is named, what it was, and for a new translation the current English revision.
   */
  private async sourceRevisionFor(
    q: Queryable,
    id: string,
    language: SiteLanguage,
    named: string | null | undefined,
    existing: { source_revision: string | null } | undefined,
  ): Promise<string | null> {
    if (language === SOURCE_LANGUAGE) return null
    if (named === null) return null
    if (named !== undefined) {
      const { rows } = await q.query(
        `SELECT 1 FROM article_revisions WHERE id = $1 AND article_id = $2 AND language = '${SOURCE_LANGUAGE}'`,
        [named, id],
      )
      if (rows.length === 0)
        throw new ContentError(
          "REVISION_NOT_FOUND",
          "sourceRevision is not a revision of this article's English text.",
        )
      return named
    }
    if (existing) return existing.source_revision
    const { rows } = await q.query<{ id: string | null }>(
      `SELECT max(id)::text AS id FROM article_revisions WHERE article_id = $1 AND language = '${SOURCE_LANGUAGE}'`,
      [id],
    )
    return rows[0]?.id ?? null
  }

  private async insertTranslation(
    q: Queryable,
    kind: ContentKind,
    id: string,
    language: SiteLanguage,
    body: {
      title: string
      slug: string
      markdown: string
      seoTitle?: string | null
      seoDescription?: string | null
      canonical?: string | null
    },
    rendered: Rendered,
    sourceRevision: string | null,
  ) {
    await q.query(
      `INSERT INTO article_translations (article_id, kind, language, title, slug, markdown, html, plain_text, toc,
         reading_minutes, seo_title, seo_description, canonical, source_revision)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        id,
        kind,
        language,
        body.title,
        body.slug,
        body.markdown,
        rendered.html,
        rendered.plainText,
        JSON.stringify(rendered.toc),
        rendered.readingMinutes,
        body.seoTitle ?? null,
        body.seoDescription ?? null,
        body.canonical ?? null,
        sourceRevision,
      ],
    )
  }

  private async addRevision(
    q: Queryable,
    id: string,
    language: string,
    editorId: string | null,
    title: string,
    markdown: string,
    restoredFrom: string | null,
  ) {
    await q.query(
      `INSERT INTO article_revisions (article_id, language, author_id, title, markdown, restored_from)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, language, editorId, title, markdown, restoredFrom],
    )
  }
}

const REVISION_SELECT = `SELECT r.id::text, r.article_id::text, r.language, r.author_id::text,
  u.display_name AS author_name, r.created_at, r.title, r.markdown, r.restored_from::text
  FROM article_revisions r LEFT JOIN users u ON u.id = r.author_id`

/**
 * Every line of both texts in order, marked same, added or removed, with its numbers (the diff library's
 * line diff). Texts too different to compare quickly (over 4,000 changed lines) are shown as all removed, then
 * all added.
 */
export function lineDiff(from: string, to: string): DiffLine[] {
  const withEnd = (text: string) => (text === "" || text.endsWith("\n") ? text : `${text}\n`)
  const changes = diffLines(withEnd(from), withEnd(to), { maxEditLength: 4000 }) ?? [
    { value: withEnd(from), removed: true, added: false, count: 0 },
    { value: withEnd(to), added: true, removed: false, count: 0 },
  ]
  const lines: DiffLine[] = []
  let fromLine = 1
  let toLine = 1
  for (const change of changes) {
    const texts = change.value.split("\n")
    texts.pop() // every value ends with a line end
    for (const text of texts) {
      if (change.added) lines.push({ op: "added", text, fromLine: null, toLine: toLine++ })
      else if (change.removed) lines.push({ op: "removed", text, fromLine: fromLine++, toLine: null })
      else lines.push({ op: "same", text, fromLine: fromLine++, toLine: toLine++ })
    }
  }
  return lines
}
