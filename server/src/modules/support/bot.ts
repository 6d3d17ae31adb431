/*
 * The support bot (contract/src/bot.ts, migration 0030): answers from our own FAQ, tutorials and API guides, with
 * no external AI service.
 *
 * - Knowledge: every public FAQ answer and tutorial (the content model) and every API guide (server/content/docs)
 *   is cut at its ## and ### headings into chunks (`chunksOf`, pure), stored with a weighted tsvector in the
 *   language's text-search configuration. `BotIndex.refresh` rebuilds them when the content changed (at start and
 *   by a job), under a table lock so two processes never interleave.
 * - Retrieval (`BotIndex.search`): the question's lexemes, each weighed by its inverse document frequency over
 *   the chunks (bot_term_stats; ts_rank_cd has none), words in more than COMMON_SHARE of the chunks dropped; a
 *   chunk scores the weights of the lexemes it holds, doubled in its title or heading. A GIN-indexed OR-query finds
 *   the candidates. Confidence is the share of the question's weight the best chunk covers (a question about
 *   something we never wrote of covers little). No full-text hit (a misspelt word, a language PostgreSQL cannot
 *   split): titles and headings by trigram similarity.
 * - Conversations (`SupportBot`): each question and its answer are stored with the passages quoted as they were,
 *   the confidence and the asker's verdict; published conversations are listed without who had them; questions
 *   not answered or not helped form the FAQ-gap report.
 */
import { createHash } from "node:crypto"
import {
  BOT_CONFIDENCE_THRESHOLD,
  BOT_MAX_PASSAGES,
  BOT_PAGE_SIZE,
  BOT_THREAD_MAX_MESSAGES,
  type BotGaps,
  type BotMessage,
  type BotPassage,
  type BotSource,
  type BotThread,
  type PublishedBotThreads,
} from "@manyhands/contract/bot"
import { articlePath, contentLanguage, type ArticleKind } from "@manyhands/contract/content"
import remarkGfm from "remark-gfm"
import remarkParse from "remark-parse"
import { unified } from "unified"
import type { Database, Queryable } from "../../db/database"
import { renderMarkdown } from "../content/render"
import { docPath } from "../docs/api-docs"
import { expandQuestion } from "./bot-synonyms"
import type { DocsTexts } from "../docs/docs-content"

export type SupportBotErrorCode = "BOT_THREAD_NOT_FOUND" | "BOT_THREAD_FULL"

export class SupportBotError extends Error {
  constructor(
    readonly code: SupportBotErrorCode,
    message: string,
  ) {
    super(message)
    this.name = "SupportBotError"
  }
}

// ---------------------------------------------------------------------------------------------------------
// Chunks

/** A page the bot may quote: its Markdown and the anchors of its ## and ### headings, in order. */
export interface SourceDocument {
  source: BotSource
  key: string
  language: string
  title: string
  path: string
  markdown: string
  anchors: readonly string[]
}

export interface Chunk {
  source: BotSource
  key: string
  language: string
  ordinal: number
  title: string
  heading: string | null
  path: string
  body: string
}

const markdownParser = unified().use(remarkParse).use(remarkGfm)

/** The parts of a Markdown syntax tree (mdast) read here. */
interface MarkdownNode {
  type: string
  value?: string
  depth?: number
  children?: MarkdownNode[]
}

/** The words a reader sees in a Markdown node; code blocks and raw HTML say nothing a question asks about. */
function textOf(node: MarkdownNode): string {
  if (node.type === "code" || node.type === "html") return ""
  if (typeof node.value === "string") return node.value
  const children = node.children ?? []
  const block = node.type === "list" || node.type === "table" || node.type === "blockquote"
  return children
    .map(textOf)
    .filter(Boolean)
    .join(block || node.type === "tableRow" ? (node.type === "tableRow" ? " · " : "\n") : "")
}

/** Cuts a page at its ## and ### headings: the introduction (if any text) and each section with text. */
export function chunksOf(document: SourceDocument): Chunk[] {
  const tree = markdownParser.parse(document.markdown) as MarkdownNode
  const sections: { heading: string | null; anchor: string | null; parts: string[] }[] = [
    { heading: null, anchor: null, parts: [] },
  ]
  let headings = 0
  for (const node of tree.children ?? []) {
    if (node.type === "heading" && (node.depth ?? 6) <= 3) {
      const anchor = document.anchors[headings] ?? null
      headings += 1
      sections.push({ heading: textOf(node).trim(), anchor, parts: [] })
    } else {
      const text = textOf(node).trim()
      if (text) sections.at(-1)!.parts.push(text)
    }
  }
  return sections
    .filter((section) => section.parts.length > 0)
    .map((section, ordinal) => ({
      source: document.source,
      key: document.key,
      language: document.language,
      ordinal,
      title: document.title,
      heading: section.heading,
      path: section.anchor ? `${document.path}#${section.anchor}` : document.path,
      body: section.parts.join("\n"),
    }))
}

/** A passage's quote: its text up to about `max` characters, cut at a sentence's (or else a word's) end. */
export function quoteOf(body: string, max = 600): string {
  const text = body.replace(/\s*\n\s*/g, " ").trim()
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const sentence = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("? "), cut.lastIndexOf("! "))
  if (sentence > max / 2) return cut.slice(0, sentence + 1)
  return `${cut.slice(0, cut.lastIndexOf(" ")).trimEnd()} …`
}

/** The docs' directives are for the docs page: a field link reads as its name, a sample line goes. */
function withoutDirectives(markdown: string): string {
  return markdown.replace(/^\{\{sample [^}]*\}\}\s*$/gm, "").replace(/\{\{field ([^}\s]+)\}\}/g, "`$1`")
}

// ---------------------------------------------------------------------------------------------------------
// The index and retrieval

/** A word in more than this share of a language's chunks is dropped from questions ("captcha", "api"). */
const COMMON_SHARE = 0.2
/** Each unknown word of a question (in no chunk at all) weighs this share of the rarest word against its confidence. */
const UNKNOWN_WORD_SHARE = 0.5
/** Trigram similarity of a title or heading to the question for the fallback to count. */
const TRIGRAM_MIN = 0.35
/** Passages after the best must score at least this share of its score. */
const RUNNER_UP_SHARE = 0.5

export interface Hit {
  chunkId: string
  source: BotSource
  key: string
  title: string
  heading: string | null
  path: string
  body: string
  score: number
}

export interface SearchResult {
  hits: Hit[]
  confidence: number
}

interface HitRow {
  id: string
  source: BotSource
  source_key: string
  title: string
  heading: string | null
  path: string
  body: string
  score: number
  matched: number
}

export class BotIndex {
  private fingerprint: string | null = null

  constructor(
    private readonly db: Database,
    private readonly docs: DocsTexts | null,
  ) {}

  /** What the chunks are built from: FAQ answers and tutorials that are public, and the API guides. */
  async documents(): Promise<SourceDocument[]> {
    const { rows } = await this.db.query<{
      kind: ArticleKind
      key: string
      language: string
      title: string
      slug: string
      markdown: string
      toc: { id: string }[]
    }>(
      `SELECT t.kind, a.key, t.language, t.title, t.slug, t.markdown, t.toc
       FROM article_translations t JOIN articles a ON a.id = t.article_id
       WHERE t.kind IN ('faq', 'tutorial')
         AND (t.status = 'published' OR (t.status = 'scheduled' AND t.publish_at <= now()))
       ORDER BY t.kind, a.key, t.language`,
    )
    const documents: SourceDocument[] = rows.map((row) => ({
      source: row.kind === "faq" ? "faq" : "tutorial",
      key: row.key,
      language: row.language,
      title: row.title,
      path: articlePath(row.kind, row.slug),
      markdown: row.markdown,
      anchors: row.toc.map((entry) => entry.id),
    }))
    for (const [slug, byLanguage] of this.docs?.guides ?? [])
      for (const [language, doc] of byLanguage) {
        const markdown = withoutDirectives(doc.markdown)
        // Only the headings' anchors: the code needs no colours here (every start reads every guide).
        const { toc } = await renderMarkdown(markdown, { highlight: false })
        documents.push({
          source: "docs",
          key: slug,
          language,
          title: doc.title,
          path: docPath(slug),
          markdown,
          anchors: toc.map((entry) => entry.id),
        })
      }
    return documents
  }

  /** Rebuilds the chunks when the public FAQ or tutorials changed since the last build; answers whether it did. */
  async refresh(): Promise<boolean> {
    const { rows } = await this.db.query<{ fingerprint: string }>(
      `SELECT count(*) || '/' || coalesce(max(updated_at)::text, '') AS fingerprint FROM article_translations
       WHERE kind IN ('faq', 'tutorial')
         AND (status = 'published' OR (status = 'scheduled' AND publish_at <= now()))`,
    )
    const fingerprint = rows[0]!.fingerprint
    if (fingerprint === this.fingerprint) return false
    await this.rebuild()
    this.fingerprint = fingerprint
    return true
  }

  async rebuild(): Promise<number> {
    const chunks = (await this.documents()).flatMap(chunksOf)
    await this.db.transaction(async (tx) => {
      // Another process rebuilding waits here rather than meeting half of this one's rows.
      await tx.query("LOCK TABLE bot_chunks IN EXCLUSIVE MODE")
      await tx.query("DELETE FROM bot_chunks")
      await tx.query("DELETE FROM bot_term_stats")
      for (let start = 0; start < chunks.length; start += 200)
        await insertChunks(tx, chunks.slice(start, start + 200))
      await tx.query(
        `INSERT INTO bot_term_stats (language, lexeme, chunks)
         SELECT c.language, w.lexeme, count(*) FROM bot_chunks c, unnest(tsvector_to_array(c.search)) AS w(lexeme)
         GROUP BY c.language, w.lexeme`,
      )
    })
    return chunks.length
  }

  /** The passages that best answer `question` in `language` (en or ru: the languages the FAQ is written in). */
  async search(question: string, language: string): Promise<SearchResult> {
    const { rows } = await this.db.query<HitRow & { weight: number; unknown: number; total: number }>(
      `WITH stats AS (
         SELECT greatest(count(*), 1)::float8 AS total FROM bot_chunks WHERE language = $1
       ), words AS (
         SELECT DISTINCT w.lexeme FROM unnest(to_tsvector(content_search_config($1), $2)) AS w
       ), terms AS (
         SELECT w.lexeme, coalesce(s.chunks, 0) AS chunks,
           ln((stats.total + 1) / (coalesce(s.chunks, 0) + 0.5)) AS idf
         FROM words w CROSS JOIN stats
         LEFT JOIN bot_term_stats s ON s.language = $1 AND s.lexeme = w.lexeme
       ), known AS (
         SELECT t.* FROM terms t, stats WHERE t.chunks > 0 AND t.chunks <= greatest(3, stats.total * $3)
       ), question AS (
         SELECT (SELECT string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''', ' | ')
                 FROM known)::tsquery AS query,
                (SELECT coalesce(sum(idf), 0) FROM known) AS weight,
                (SELECT count(*) FROM terms WHERE chunks = 0) AS unknown,
                (SELECT total FROM stats) AS total
       )
       SELECT c.id::text, c.source, c.source_key, c.title, c.heading, c.path, c.body,
         sum(k.idf * CASE WHEN 'A' = ANY(u.weights) THEN 2 ELSE 1 END)::float8 AS score,
         sum(k.idf)::float8 AS matched, min(question.weight)::float8 AS weight, min(question.unknown)::int AS unknown,
         min(question.total)::float8 AS total
       FROM question, bot_chunks c
       CROSS JOIN LATERAL unnest(c.search) AS u
       JOIN known k ON k.lexeme = u.lexeme
       WHERE c.language = $1 AND c.search @@ question.query
       GROUP BY c.id
       ORDER BY score DESC, c.id
       LIMIT 40`,
      [language, expandQuestion(question, language), COMMON_SHARE],
    )
    if (rows.length > 0) {
      const best = rows[0]!
      // A word in no chunk weighs a share of the rarest word's weight: it is likely what the question is about.
      const unknownWeight = UNKNOWN_WORD_SHARE * Math.log((best.total + 1) / 0.5)
      const confidence = best.matched / (best.weight + unknownWeight * best.unknown)
      return { hits: pick(rows), confidence: Math.min(1, Math.round(confidence * 100) / 100) }
    }
    const { rows: similar } = await this.db.query<HitRow>(
      `SELECT c.id::text, c.source, c.source_key, c.title, c.heading, c.path, c.body,
         word_similarity($2, c.title || ' ' || coalesce(c.heading, ''))::float8 AS score, 0 AS matched
       FROM bot_chunks c
       WHERE c.language = $1 AND word_similarity($2, c.title || ' ' || coalesce(c.heading, '')) >= $3
       ORDER BY score DESC, c.id LIMIT 6`,
      [language, question, TRIGRAM_MIN],
    )
    if (similar.length === 0) return { hits: [], confidence: 0 }
    return { hits: pick(similar), confidence: Math.round(similar[0]!.score * 80) / 100 }
  }
}

/** The best hit and up to two close runners-up, each from another page (the page links to the rest). */
function pick(rows: HitRow[]): Hit[] {
  const best = rows[0]!.score
  const pages = new Set<string>()
  const hits: Hit[] = []
  for (const row of rows) {
    if (hits.length === BOT_MAX_PASSAGES || row.score < best * RUNNER_UP_SHARE) break
    const page = `${row.source}/${row.source_key}`
    if (pages.has(page)) continue
    pages.add(page)
    hits.push({
      chunkId: row.id,
      source: row.source,
      key: row.source_key,
      title: row.title,
      heading: row.heading,
      path: row.path,
      body: row.body,
      score: row.score,
    })
  }
  return hits
}

async function insertChunks(tx: Queryable, chunks: Chunk[]) {
  if (chunks.length === 0) return
  const values: unknown[] = []
  const tuples = chunks.map((chunk, index) => {
    values.push(
      chunk.source,
      chunk.key,
      chunk.language,
      chunk.ordinal,
      chunk.title,
      chunk.heading,
      chunk.path,
      chunk.body,
    )
    const at = index * 8
    return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6}, $${at + 7}, $${at + 8})`
  })
  await tx.query(
    `INSERT INTO bot_chunks (source, source_key, language, ordinal, title, heading, path, body)
     VALUES ${tuples.join(", ")}`,
    values,
  )
}

// ---------------------------------------------------------------------------------------------------------
// Conversations

/** Who asks: a signed-in account, else the browser (a hash of its CSRF cookie, which every POST carries). */
export interface Asker {
  userId: string | null
  visitor: string | null
}

export function visitorKey(csrfToken: string | null): string | null {
  return csrfToken ? `v:${createHash("sha256").update(csrfToken).digest("base64url").slice(0, 32)}` : null
}

interface MessageRow {
  id: string
  question: string
  passages: BotPassage[]
  confidence: number
  answered: boolean
  helpful: boolean | null
  created_at: Date
}

const toMessage = (row: MessageRow): BotMessage => ({
  id: row.id,
  question: row.question,
  passages: row.passages,
  confidence: row.confidence,
  answered: row.answered,
  helpful: row.helpful,
  createdAt: row.created_at.toISOString(),
})

/** E-mail addresses and API keys people paste into questions stay out of published conversations. */
export function anonymise(text: string): string {
  return text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, "…@…")
    .replace(/\b[0-9a-f]{32}\b/gi, "…")
    .replace(/\b\d{6,}\b/g, "…")
}

export class SupportBot {
  constructor(
    private readonly db: Database,
    readonly index: BotIndex,
  ) {}

  async ask(
    asker: Asker,
    input: { question: string; language: string; threadId?: string },
  ): Promise<BotThread> {
    const question = input.question.trim().replace(/\s+/g, " ")
    const language = contentLanguage("faq", input.language)
    let threadId = input.threadId ?? null
    if (threadId) {
      const thread = await this.owned(asker, threadId)
      if (thread.messages.length >= BOT_THREAD_MAX_MESSAGES)
        throw new SupportBotError(
          "BOT_THREAD_FULL",
          `A conversation holds ${BOT_THREAD_MAX_MESSAGES} questions; start a new one.`,
        )
    }
    const result = question ? await this.index.search(question, language) : { hits: [], confidence: 0 }
    const answered = result.hits.length > 0 && result.confidence >= BOT_CONFIDENCE_THRESHOLD
    const passages: BotPassage[] = result.hits.map((hit) => ({
      source: hit.source,
      title: hit.title,
      heading: hit.heading,
      path: hit.path,
      quote: quoteOf(hit.body),
    }))
    await this.db.transaction(async (tx) => {
      if (!threadId) {
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO bot_threads (user_id, visitor, language) VALUES ($1, $2, $3) RETURNING id::text`,
          [asker.userId, asker.visitor, language],
        )
        threadId = rows[0]!.id
      }
      await tx.query(
        `INSERT INTO bot_messages (thread_id, question, passages, confidence, answered)
         VALUES ($1, $2, $3, $4, $5)`,
        [threadId, question || input.question, JSON.stringify(passages), result.confidence, answered],
      )
    })
    return this.owned(asker, threadId!)
  }

  /** One of the asker's conversations; another's answers as one that does not exist. */
  async owned(asker: Asker, id: string): Promise<BotThread> {
    const { rows } = await this.db.query<{
      id: string
      language: string
      published_at: Date | null
      created_at: Date
    }>(
      `SELECT id::text, language, published_at, created_at FROM bot_threads
       WHERE id = $1 AND ((user_id IS NOT NULL AND user_id = $2) OR (visitor IS NOT NULL AND visitor = $3))`,
      [id, asker.userId, asker.visitor],
    )
    const thread = rows[0]
    if (!thread) throw new SupportBotError("BOT_THREAD_NOT_FOUND", "There is no such conversation.")
    const { rows: messages } = await this.db.query<MessageRow>(
      `SELECT id::text, question, passages, confidence, answered, helpful, created_at
       FROM bot_messages WHERE thread_id = $1 ORDER BY id`,
      [id],
    )
    return {
      id: thread.id,
      language: thread.language,
      published: thread.published_at !== null,
      messages: messages.map(toMessage),
      createdAt: thread.created_at.toISOString(),
    }
  }

  async feedback(asker: Asker, threadId: string, messageId: string, helpful: boolean): Promise<BotThread> {
    await this.owned(asker, threadId)
    const { rows } = await this.db.query(
      `UPDATE bot_messages SET helpful = $3 WHERE id = $2 AND thread_id = $1 RETURNING id`,
      [threadId, messageId, helpful],
    )
    if (rows.length === 0) throw new SupportBotError("BOT_THREAD_NOT_FOUND", "There is no such answer.")
    return this.owned(asker, threadId)
  }

  async publish(asker: Asker, threadId: string, published: boolean): Promise<BotThread> {
    await this.owned(asker, threadId)
    await this.db.query(
      `UPDATE bot_threads SET published_at = CASE WHEN $2 THEN coalesce(published_at, now()) END WHERE id = $1`,
      [threadId, published],
    )
    return this.owned(asker, threadId)
  }

  async published(page = 0): Promise<PublishedBotThreads> {
    const { rows } = await this.db.query<{
      id: string
      language: string
      published_at: Date
      messages: { question: string; passages: BotPassage[]; answered: boolean }[]
      total: number
    }>(
      `SELECT t.id::text, t.language, t.published_at, count(*) OVER ()::int AS total,
         (SELECT coalesce(json_agg(json_build_object('question', m.question, 'passages', m.passages,
                   'answered', m.answered) ORDER BY m.id), '[]')
          FROM bot_messages m WHERE m.thread_id = t.id) AS messages
       FROM bot_threads t WHERE t.published_at IS NOT NULL
       ORDER BY t.published_at DESC, t.id DESC LIMIT $1 OFFSET $2`,
      [BOT_PAGE_SIZE, page * BOT_PAGE_SIZE],
    )
    return {
      records: rows.map((row) => ({
        id: row.id,
        language: row.language,
        publishedAt: row.published_at.toISOString(),
        messages: row.messages.map((message) => ({ ...message, question: anonymise(message.question) })),
      })),
      totalCount: rows[0]?.total ?? (page === 0 ? 0 : await this.publishedCount()),
      page,
      pageSize: BOT_PAGE_SIZE,
    }
  }

  private async publishedCount(): Promise<number> {
    const { rows } = await this.db.query<{ total: number }>(
      "SELECT count(*)::int AS total FROM bot_threads WHERE published_at IS NOT NULL",
    )
    return rows[0]!.total
  }

  /** The FAQ's gaps: questions of the last 90 days not answered or not helped, most asked first. */
  async gaps(now = new Date()): Promise<BotGaps> {
    const since = new Date(now.getTime() - 90 * 86_400_000)
    const { rows } = await this.db.query<{
      question: string
      language: string
      asked: number
      not_answered: number
      not_helpful: number
      last_asked_at: Date
      best_path: string | null
    }>(
      `SELECT min(m.question) AS question, t.language, count(*)::int AS asked,
         count(*) FILTER (WHERE NOT m.answered)::int AS not_answered,
         count(*) FILTER (WHERE m.helpful = false)::int AS not_helpful,
         max(m.created_at) AS last_asked_at,
         (array_agg(m.passages -> 0 ->> 'path' ORDER BY m.id DESC))[1] AS best_path
       FROM bot_messages m JOIN bot_threads t ON t.id = m.thread_id
       WHERE m.created_at >= $1 AND (NOT m.answered OR m.helpful = false)
       GROUP BY lower(m.question), t.language
       ORDER BY count(*) DESC, max(m.created_at) DESC
       LIMIT 100`,
      [since],
    )
    return {
      since: since.toISOString(),
      items: rows.map((row) => ({
        question: row.question,
        language: row.language,
        asked: row.asked,
        notAnswered: row.not_answered,
        notHelpful: row.not_helpful,
        lastAskedAt: row.last_asked_at.toISOString(),
        bestPath: row.best_path,
      })),
    }
  }
}
