/*
 * The software catalogue (contract/src/catalog.ts): published programs by category, text and sorting, one
 * program's page with its reviews, reviews written by signed-in readers (pending until moderated, flagged for the
 * moderator), and a program's public usage through its soft_id. Services raise CatalogError; routes map it.
 */
import {
  CATALOG_PAGE_SIZE,
  MODERATION_PAGE_SIZE,
  CATALOG_SEARCH_MIN_LENGTH,
  RATING_PRIOR_WEIGHT,
  REVIEWS_PAGE_SIZE,
  STATISTICS_DEFAULT_DAYS,
  STATISTICS_MAX_DAYS,
  catalogLanguage,
  type CatalogLanguage,
  type ModerationReview,
  type ModerationReviews,
  type ReviewFlag as ContractReviewFlag,
  type NewSoftwareReview,
  type SoftwareCategory,
  type SoftwareItem,
  type SoftwareList,
  type SoftwareListQuery,
  type SoftwareReview,
  type SoftwareReviews,
  type SoftwareSorting,
  type SoftwareStatistics,
  type SoftwareSummary,
} from "@manyhands/contract/catalog"
import type { Database, Queryable } from "../../db/database"
import { renderMarkdown } from "../content/render"
import { DEMO_AUTHOR_EMAIL, type SeedCategory, type SeedItem } from "./catalog-content"
import { LOGO_URL_SQL, programPictures } from "./catalog-pictures"

export type CatalogErrorCode =
  | "SEARCH_TOO_SHORT"
  | "UNKNOWN_CATEGORY"
  | "SOFTWARE_NOT_FOUND"
  | "REVIEW_EXISTS"
  | "OWN_SOFTWARE"
  | "BAD_DATES"
  | "REVIEW_NOT_FOUND"
  | "NOT_THE_AUTHOR"
  | "ALREADY_ANSWERED"
  | "ALREADY_REPORTED"
  | "REASON_REQUIRED"
  | "VALIDATION_FAILED"
  | "SLUG_TAKEN"
  | "PICTURE_NOT_FOUND"
  | "NOTHING_CHANGED"
  | "REVISION_NOT_FOUND"
  | "RATE_LIMITED"

export class CatalogError extends Error {
  constructor(
    readonly code: CatalogErrorCode,
    message: string,
    /** The request's field the refusal is about, for the form to show it beside. */
    readonly field?: string,
  ) {
    super(message)
    this.name = "CatalogError"
  }
}

/** Why a moderator should look twice at a review when it is written (product-areas.md §2); REPORTED comes later. */
export type ReviewFlag = Exclude<ContractReviewFlag, "REPORTED">
/** Accounts younger than this are new; this many reviews of one program within a day are a burst. */
const NEW_ACCOUNT_DAYS = 7
const BURST_REVIEWS = 5
/** Trigram similarity above which two review texts are near-duplicates. */
const DUPLICATE_SIMILARITY = 0.8

interface SummaryRow {
  id: string
  slug: string
  name: string
  summary: string
  language: CatalogLanguage
  categories: string[]
  platforms: string[]
  pricing: string
  average: number | null
  count: number
  weighted: number
  usage30d: number
  logo_url: string | null
  published_at: Date | null
  updated_at: Date
  total: number
}

/**
 * The published programs with their text in a language (else English, else any), rating and usage: a FROM
 * clause for the list and the page. $1 is the language, $2 the prior's weight.
 */
const PROGRAMS = `
  (SELECT coalesce(avg(r.rating), 3)::float8 AS mean FROM software_reviews r
     JOIN software_items p ON p.id = r.software_id WHERE r.status = 'published' AND p.status = 'published') prior,
  software_items i
  JOIN LATERAL (SELECT language, summary, description FROM software_texts WHERE software_id = i.id
                 ORDER BY (language = $1) DESC, (language = 'en') DESC LIMIT 1) t ON true
  LEFT JOIN LATERAL (SELECT avg(rating)::float8 AS average, coalesce(sum(rating), 0)::float8 AS sum,
                            count(*)::int AS count
                       FROM software_reviews WHERE software_id = i.id AND status = 'published') r ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS tasks FROM captcha_tasks ct
                      WHERE i.soft_id IS NOT NULL AND ct.soft_id = i.soft_id
                        AND ct.created_at > now() - interval '30 days') u ON true`

const SUMMARY_COLUMNS = `i.id::text, i.slug, i.name, t.summary, t.language, i.platforms, i.pricing, i.published_at,
  i.updated_at, ${LOGO_URL_SQL} AS logo_url, r.average, r.count, (r.sum + $2 * prior.mean) / (r.count + $2) AS weighted, u.tasks AS usage30d,
  ARRAY(SELECT category FROM software_item_categories c WHERE c.software_id = i.id ORDER BY category) AS categories`

const ORDER: Record<SoftwareSorting, string> = {
  relevant: "weighted * ln(exp(1) + usage30d) DESC",
  popular: "usage30d DESC, weighted DESC",
  rating: "weighted DESC, count DESC",
  new: "published_at DESC NULLS LAST",
  updated: "updated_at DESC",
}

const round2 = (value: number) => Math.round(value * 100) / 100

function summaryOf(row: SummaryRow): SoftwareSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    summary: row.summary,
    categories: row.categories,
    platforms: row.platforms as SoftwareSummary["platforms"],
    pricing: row.pricing as SoftwareSummary["pricing"],
    rating: {
      average: row.average === null ? null : round2(Number(row.average)),
      count: row.count,
      weighted: round2(Number(row.weighted)),
    },
    usage30d: row.usage30d,
    logoUrl: row.logo_url,
    publishedAt: row.published_at ? row.published_at.toISOString() : null,
    updatedAt: row.updated_at.toISOString(),
  }
}

/** A LIKE pattern that finds `text` anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

interface ReviewRow {
  id: string
  rating: number
  body: string
  author: string | null
  verified_usage: boolean
  status: SoftwareReview["status"]
  created_at: Date
  reply_body: string | null
  reply_at: Date | null
  reject_reason: string | null
}

const REVIEW_COLUMNS = `r.id::text, r.rating, r.body, u.display_name AS author, r.verified_usage, r.status,
  r.created_at, r.reply_body, r.reply_at, r.reject_reason`

const reviewOf = (row: ReviewRow): SoftwareReview => ({
  id: row.id,
  rating: row.rating,
  body: row.body,
  author: row.author,
  verifiedUsage: row.verified_usage,
  status: row.status,
  createdAt: row.created_at.toISOString(),
  reply: row.reply_body && row.reply_at ? { body: row.reply_body, at: row.reply_at.toISOString() } : null,
  rejectReason: row.status === "rejected" ? row.reject_reason : null,
})

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

export class SoftwareCatalog {
  /** Rendered descriptions, by program, language and text (a changed text renders again). */
  private readonly rendered = new Map<string, Promise<string>>()

  constructor(private readonly db: Database) {}

  async categories(language: string | undefined): Promise<SoftwareCategory[]> {
    const lang = catalogLanguage(language)
    const { rows } = await this.db.query<{ slug: string; name: string; description: string; count: number }>(
      `SELECT c.slug, c.names->>$1 AS name, c.descriptions->>$1 AS description,
              (SELECT count(*)::int FROM software_item_categories ic JOIN software_items i ON i.id = ic.software_id
                WHERE ic.category = c.slug AND i.status = 'published') AS count
         FROM software_categories c ORDER BY c.position, c.slug`,
      [lang],
    )
    return rows
  }

  async list(query: SoftwareListQuery): Promise<SoftwareList> {
    const page = query.page ?? 0
    const sorting = query.sorting ?? "relevant"
    const text = query.text?.trim() || undefined
    if (text !== undefined && [...text].length < CATALOG_SEARCH_MIN_LENGTH)
      throw new CatalogError(
        "SEARCH_TOO_SHORT",
        `Type at least ${CATALOG_SEARCH_MIN_LENGTH} characters to search.`,
      )
    const categories = query.categories ? [...new Set(query.categories.split(","))] : null
    if (categories) {
      const { rows } = await this.db.query<{ slug: string }>(
        "SELECT slug FROM software_categories WHERE slug = ANY($1)",
        [categories],
      )
      const unknown = categories.filter((slug) => !rows.some((row) => row.slug === slug))
      if (unknown.length > 0)
        throw new CatalogError("UNKNOWN_CATEGORY", `No such category: ${unknown.join(", ")}`)
    }
    // With a text, relevant means the best match first: the name counts most, then the summary.
    const order = sorting === "relevant" && text ? "match DESC, weighted DESC" : ORDER[sorting]
    const { rows } = await this.db.query<SummaryRow>(
      `SELECT *, count(*) OVER ()::int AS total,
              similarity(name, $5::text) * 3 + similarity(summary, $5::text) AS match FROM (
         SELECT ${SUMMARY_COLUMNS}, t.description
           FROM ${PROGRAMS}
          WHERE i.status = 'published'
            AND ($3::text[] IS NULL OR EXISTS (SELECT 1 FROM software_item_categories c
                                                 WHERE c.software_id = i.id AND c.category = ANY($3)))
            AND ($4::text IS NULL OR i.name ILIKE $4 OR t.summary ILIKE $4 OR t.description ILIKE $4)) listed
        ORDER BY ${order}, name, id
        LIMIT $6 OFFSET $7`,
      [
        catalogLanguage(query.language),
        RATING_PRIOR_WEIGHT,
        categories,
        text === undefined ? null : containing(text),
        text ?? "",
        CATALOG_PAGE_SIZE,
        page * CATALOG_PAGE_SIZE,
      ],
    )
    let totalCount = rows[0]?.total ?? 0
    // A page past the end still says how many there are.
    if (rows.length === 0 && page > 0) totalCount = (await this.list({ ...query, page: 0 })).totalCount
    return { records: rows.map(summaryOf), totalCount, page, pageSize: CATALOG_PAGE_SIZE, sorting }
  }

  /** A published program by slug, with its rating, usage and text in `language`: its page. */
  private async published(slug: string, language: CatalogLanguage) {
    const { rows } = await this.db.query<
      SummaryRow & {
        description: string
        website: string | null
        soft_id: number | null
        owner_id: string | null
        author: string | null
      }
    >(
      `SELECT ${SUMMARY_COLUMNS}, 0 AS total, t.description, i.website, i.soft_id, i.owner_id::text,
              (SELECT display_name FROM users WHERE id = i.owner_id) AS author
         FROM ${PROGRAMS}
        WHERE i.status = 'published' AND i.slug = $3`,
      [language, RATING_PRIOR_WEIGHT, slug],
    )
    const row = rows[0]
    if (!row) throw new CatalogError("SOFTWARE_NOT_FOUND", "There is no such program in the catalogue.")
    return row
  }

  /** A published program by slug or id: what reviews and statistics need to know of it. */
  private async program(by: { slug: string } | { id: string }) {
    const { rows } = await this.db.query<{
      id: string
      slug: string
      name: string
      soft_id: number | null
      owner_id: string | null
    }>(
      `SELECT id::text, slug, name, soft_id, owner_id::text FROM software_items
        WHERE status = 'published' AND ${"slug" in by ? "slug = $1" : "id = $1::bigint"}`,
      ["slug" in by ? by.slug : by.id],
    )
    const row = rows[0]
    if (!row) throw new CatalogError("SOFTWARE_NOT_FOUND", "There is no such program in the catalogue.")
    return row
  }

  async item(slug: string, language: string | undefined, viewerId: string | null): Promise<SoftwareItem> {
    const lang = catalogLanguage(language)
    const row = await this.published(slug, lang)
    const { rows: counts } = await this.db.query<{ rating: number; n: number }>(
      `SELECT rating, count(*)::int AS n FROM software_reviews
        WHERE software_id = $1 AND status = 'published' GROUP BY rating`,
      [row.id],
    )
    const { rows: languages } = await this.db.query<{ language: CatalogLanguage }>(
      "SELECT language FROM software_texts WHERE software_id = $1 ORDER BY language",
      [row.id],
    )
    const mine = viewerId
      ? (
          await this.db.query<ReviewRow>(
            `SELECT ${REVIEW_COLUMNS} FROM software_reviews r JOIN users u ON u.id = r.user_id
              WHERE r.software_id = $1 AND r.user_id = $2`,
            [row.id, viewerId],
          )
        ).rows[0]
      : undefined
    return {
      ...summaryOf(row),
      descriptionHtml: await this.html(row.id, row.language, row.description),
      website: row.website,
      softId: row.soft_id,
      listedByManyhands: row.owner_id === null,
      author: row.owner_id ? (row.author ?? null) : null,
      ...(await programPictures(this.db, row.id)),
      language: row.language,
      myReview: mine ? reviewOf(mine) : null,
      canReview: viewerId !== null && !mine && row.owner_id !== viewerId,
      isAuthor: viewerId !== null && row.owner_id === viewerId,
      ratingCounts: [1, 2, 3, 4, 5].map((rating) => counts.find((c) => c.rating === rating)?.n ?? 0),
      title: row.name,
      description: row.summary,
      translations: languages.map(({ language }) => ({ language, slug: row.slug })),
    }
  }

  private html(id: string, language: string, markdown: string): Promise<string> {
    const key = `${id}:${language}:${markdown}`
    let html = this.rendered.get(key)
    if (!html) {
      if (this.rendered.size > 500) this.rendered.clear()
      html = renderMarkdown(markdown).then((rendered) => rendered.html)
      html.catch(() => this.rendered.delete(key))
      this.rendered.set(key, html)
    }
    return html
  }

  async reviews(slug: string, page = 0): Promise<SoftwareReviews> {
    const row = await this.program({ slug })
    const { rows } = await this.db.query<ReviewRow & { total: number }>(
      `SELECT ${REVIEW_COLUMNS}, count(*) OVER ()::int AS total
         FROM software_reviews r JOIN users u ON u.id = r.user_id
        WHERE r.software_id = $1 AND r.status = 'published'
        ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3`,
      [row.id, REVIEWS_PAGE_SIZE, page * REVIEWS_PAGE_SIZE],
    )
    // A page past the end still says how many there are.
    const totalCount =
      rows[0]?.total ??
      (page === 0
        ? 0
        : (
            await this.db.query<{ n: number }>(
              "SELECT count(*)::int AS n FROM software_reviews WHERE software_id = $1 AND status = 'published'",
              [row.id],
            )
          ).rows[0]!.n)
    return {
      records: rows.map(reviewOf),
      totalCount,
      page,
      pageSize: REVIEWS_PAGE_SIZE,
    }
  }

  /**
   * A signed-in reader's review: one per account and program, never the program's author's own; pending until
   * a moderator publishes it, with the flags that tell the moderator why to look twice.
   */
  async review(
    userId: string,
    softwareId: string,
    { rating, body }: Pick<NewSoftwareReview, "rating" | "body">,
    ip: string | null,
  ): Promise<SoftwareReview> {
    const item = await this.program({ id: softwareId })
    if (item.owner_id === userId)
      throw new CatalogError("OWN_SOFTWARE", "Authors cannot review their own program.")
    const text = body.trim()
    return this.db.transaction(async (tx) => {
      // One review per account and program, also when two arrive at once: the program's row is the lock.
      await tx.query("SELECT 1 FROM software_items WHERE id = $1 FOR UPDATE", [item.id])
      const { rows: existing } = await tx.query(
        "SELECT 1 FROM software_reviews WHERE software_id = $1 AND user_id = $2",
        [item.id, userId],
      )
      if (existing.length > 0)
        throw new CatalogError("REVIEW_EXISTS", "You have already reviewed this program.")
      const verified = await usedSoftId(tx, userId, item.soft_id)
      const flags = await flagsOf(tx, {
        userId,
        softwareId: item.id,
        ownerId: item.owner_id,
        body: text,
        ip,
        verified,
      })
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO software_reviews (software_id, user_id, rating, body, verified_usage, flags, ip)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text`,
        [item.id, userId, rating, text, verified, flags, ip],
      )
      return this.reviewById(tx, rows[0]!.id)
    })
  }

  /** A program's public usage through its soft_id per UTC day and captcha type, over [dateFrom, dateTo]. */
  async statistics(
    slug: string,
    { dateFrom, dateTo }: { dateFrom?: string | undefined; dateTo?: string | undefined },
    today = new Date(),
  ): Promise<SoftwareStatistics> {
    const item = await this.program({ slug })
    const to = dateTo ? new Date(`${dateTo}T00:00:00Z`) : new Date(`${isoDay(today)}T00:00:00Z`)
    const from = dateFrom
      ? new Date(`${dateFrom}T00:00:00Z`)
      : new Date(to.getTime() - (STATISTICS_DEFAULT_DAYS - 1) * 86_400_000)
    const days = Math.round((to.getTime() - from.getTime()) / 86_400_000) + 1
    if (Number.isNaN(days) || days < 1)
      throw new CatalogError("BAD_DATES", "dateFrom must be a date on or before dateTo.")
    if (days > STATISTICS_MAX_DAYS)
      throw new CatalogError("BAD_DATES", `At most ${STATISTICS_MAX_DAYS} days at once.`)
    const end = new Date(to.getTime() + 86_400_000)
    const params = [item.soft_id, from, end]
    const solveSeconds = "extract(epoch FROM ended_at - created_at)"
    const { rows: perDay } = await this.db.query<{
      day: string
      tasks: number
      solved: number
      unsolvable: number
      median: number | null
    }>(
      `SELECT to_char(date_trunc('day', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, count(*)::int AS tasks,
              count(*) FILTER (WHERE state = 'solved')::int AS solved,
              count(*) FILTER (WHERE state = 'unsolvable')::int AS unsolvable,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY ${solveSeconds}) FILTER (WHERE state = 'solved') AS median
         FROM captcha_tasks WHERE soft_id = $1 AND created_at >= $2 AND created_at < $3 GROUP BY 1 ORDER BY 1`,
      params,
    )
    const { rows: totals } = await this.db.query<{
      tasks: number
      solved: number
      unsolvable: number
      customers: number
      median: number | null
    }>(
      `SELECT count(*)::int AS tasks, count(*) FILTER (WHERE state = 'solved')::int AS solved,
              count(*) FILTER (WHERE state = 'unsolvable')::int AS unsolvable,
              count(DISTINCT customer_id)::int AS customers,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY ${solveSeconds}) FILTER (WHERE state = 'solved') AS median
         FROM captcha_tasks WHERE soft_id = $1 AND created_at >= $2 AND created_at < $3`,
      params,
    )
    const { rows: types } = await this.db.query<{
      type: string
      tasks: number
      solved: number
      unsolvable: number
    }>(
      `SELECT type, count(*)::int AS tasks, count(*) FILTER (WHERE state = 'solved')::int AS solved,
              count(*) FILTER (WHERE state = 'unsolvable')::int AS unsolvable
         FROM captcha_tasks WHERE soft_id = $1 AND created_at >= $2 AND created_at < $3
        GROUP BY type ORDER BY tasks DESC, type`,
      params,
    )
    const byDay = new Map(perDay.map((row) => [row.day, row]))
    const tenths = (value: number | null) => (value === null ? null : Math.round(Number(value) * 10) / 10)
    const total = totals[0]!
    return {
      slug: item.slug,
      name: item.name,
      dateFrom: isoDay(from),
      dateTo: isoDay(to),
      totals: {
        tasks: total.tasks,
        solved: total.solved,
        unsolvable: total.unsolvable,
        customers: total.customers,
        medianSolveSeconds: tenths(total.median),
      },
      days: Array.from({ length: days }, (_, index) => {
        const date = isoDay(new Date(from.getTime() + index * 86_400_000))
        const row = byDay.get(date)
        return {
          date,
          tasks: row?.tasks ?? 0,
          solved: row?.solved ?? 0,
          unsolvable: row?.unsolvable ?? 0,
          medianSolveSeconds: tenths(row?.median ?? null),
        }
      }),
      types,
    }
  }

  /** One review as the API shows it. */
  private async reviewById(db: Queryable, id: string): Promise<SoftwareReview> {
    const { rows } = await db.query<ReviewRow>(
      `SELECT ${REVIEW_COLUMNS} FROM software_reviews r JOIN users u ON u.id = r.user_id WHERE r.id = $1`,
      [id],
    )
    return reviewOf(rows[0]!)
  }

  /** A published review of a published program, locked for this transaction. */
  private async lockPublishedReview(tx: Queryable, softwareId: string, reviewId: string) {
    const { rows } = await tx.query<{ id: string; owner_id: string | null; reply_at: Date | null }>(
      `SELECT r.id::text, i.owner_id::text, r.reply_at FROM software_reviews r
         JOIN software_items i ON i.id = r.software_id
        WHERE r.id = $1 AND r.software_id = $2 AND r.status = 'published' AND i.status = 'published'
        FOR UPDATE OF r`,
      [reviewId, softwareId],
    )
    if (!rows[0])
      throw new CatalogError("REVIEW_NOT_FOUND", "There is no such published review of this program.")
    return rows[0]
  }

  /** The program's author answers a published review, once. */
  async reply(userId: string, softwareId: string, reviewId: string, body: string): Promise<SoftwareReview> {
    return this.db.transaction(async (tx) => {
      const review = await this.lockPublishedReview(tx, softwareId, reviewId)
      if (review.owner_id !== userId)
        throw new CatalogError("NOT_THE_AUTHOR", "Only the program's author can answer its reviews.")
      if (review.reply_at) throw new CatalogError("ALREADY_ANSWERED", "This review already has your answer.")
      await tx.query("UPDATE software_reviews SET reply_body = $2, reply_at = now() WHERE id = $1", [
        reviewId,
        body.trim(),
      ])
      return this.reviewById(tx, reviewId)
    })
  }

  /** A reader reports a published review: it goes back to the moderators' queue. Once per account and review. */
  async report(userId: string, softwareId: string, reviewId: string, reason: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.lockPublishedReview(tx, softwareId, reviewId)
      const { rows } = await tx.query(
        `INSERT INTO software_review_reports (review_id, user_id, reason) VALUES ($1, $2, $3)
         ON CONFLICT (review_id, user_id) DO NOTHING RETURNING id`,
        [reviewId, userId, reason.trim()],
      )
      if (rows.length === 0)
        throw new CatalogError("ALREADY_REPORTED", "You have already reported this review.")
    })
  }

  /** Reviews waiting for a first decision and reported ones, oldest first, with their flags and reports. */
  async moderationQueue(page = 0): Promise<ModerationReviews> {
    const { rows } = await this.db.query<
      ReviewRow & {
        total: number
        flags: ContractReviewFlag[]
        program_id: string
        slug: string
        name: string
        reviewer_id: string
        email: string
        registered_at: Date
        reports: { reason: string; at: string }[]
      }
    >(
      `SELECT ${REVIEW_COLUMNS}, count(*) OVER ()::int AS total, r.flags, i.id::text AS program_id, i.slug, i.name,
              u.id::text AS reviewer_id, u.email, u.created_at AS registered_at,
              coalesce((SELECT json_agg(json_build_object('reason', rr.reason, 'at', rr.created_at) ORDER BY rr.id)
                          FROM software_review_reports rr WHERE rr.review_id = r.id AND rr.resolved_at IS NULL),
                       '[]') AS reports
         FROM software_reviews r JOIN users u ON u.id = r.user_id JOIN software_items i ON i.id = r.software_id
        WHERE r.status = 'pending'
           OR EXISTS (SELECT 1 FROM software_review_reports rr WHERE rr.review_id = r.id AND rr.resolved_at IS NULL)
        ORDER BY r.created_at, r.id LIMIT $1 OFFSET $2`,
      [MODERATION_PAGE_SIZE, page * MODERATION_PAGE_SIZE],
    )
    return {
      records: rows.map((row): ModerationReview => ({
        review: reviewOf(row),
        program: { id: row.program_id, slug: row.slug, name: row.name },
        reviewer: {
          id: row.reviewer_id,
          email: row.email,
          displayName: row.author,
          registeredAt: row.registered_at.toISOString(),
        },
        flags: row.reports.length > 0 ? [...row.flags, "REPORTED"] : row.flags,
        reports: row.reports.map((report) => ({
          reason: report.reason,
          at: new Date(report.at).toISOString(),
        })),
      })),
      totalCount: rows[0]?.total ?? 0,
      page,
      pageSize: MODERATION_PAGE_SIZE,
    }
  }

  /**
   * A moderator's decision on a review: publish, reject (the reason is for its writer) or hide. Open reports are
   * resolved by it, and the decision is kept in the moderation log in the same transaction.
   */
  async decide(
    moderatorId: string,
    reviewId: string,
    decision: "publish" | "reject" | "hide",
    reason: string | undefined,
  ): Promise<SoftwareReview> {
    const why = reason?.trim() || null
    if (decision === "reject" && !why)
      throw new CatalogError("REASON_REQUIRED", "Say why the review is rejected: its writer reads it.")
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query("SELECT 1 FROM software_reviews WHERE id = $1 FOR UPDATE", [reviewId])
      if (rows.length === 0) throw new CatalogError("REVIEW_NOT_FOUND", "There is no such review.")
      const status = decision === "publish" ? "published" : decision === "reject" ? "rejected" : "hidden"
      await tx.query(
        `UPDATE software_reviews SET status = $2, reject_reason = $3, moderated_at = now(), moderated_by = $4
          WHERE id = $1`,
        [reviewId, status, decision === "reject" ? why : null, moderatorId],
      )
      await tx.query(
        "UPDATE software_review_reports SET resolved_at = now() WHERE review_id = $1 AND resolved_at IS NULL",
        [reviewId],
      )
      await tx.query(
        `INSERT INTO software_moderation_log (subject, subject_id, moderator_id, decision, reason)
         VALUES ('review', $1, $2, $3, $4)`,
        [reviewId, moderatorId, decision, why],
      )
      return this.reviewById(tx, reviewId)
    })
  }

  /** Every published program's page per language it is written in, for the sitemap. */
  async sitemapDocuments(): Promise<
    { translations: { language: string; path: string; updatedAt: string }[] }[]
  > {
    const { rows } = await this.db.query<{ slug: string; languages: string[]; updated_at: Date }>(
      `SELECT i.slug, array_agg(t.language ORDER BY t.language) AS languages, i.updated_at
         FROM software_items i JOIN software_texts t ON t.software_id = i.id
        WHERE i.status = 'published' GROUP BY i.id ORDER BY i.id`,
    )
    return rows.map((row) => ({
      translations: row.languages.map((language) => ({
        language,
        path: `/software/${row.slug}`,
        updatedAt: row.updated_at.toISOString(),
      })),
    }))
  }

  /**
   * Loads the seeded catalogue (catalog-content.ts): categories are kept up to date; a program not in the
   * database yet (by its folder) is added, published; one already there is left as authors and moderators made it.
   */
  async seed({ categories, items }: { categories: SeedCategory[]; items: SeedItem[] }): Promise<number> {
    return this.db.transaction(async (tx) => {
      for (const [position, category] of categories.entries())
        await tx.query(
          `INSERT INTO software_categories (slug, position, names, descriptions) VALUES ($1, $2, $3, $4)
           ON CONFLICT (slug) DO UPDATE SET position = $2, names = $3, descriptions = $4`,
          [category.slug, position, JSON.stringify(category.name), JSON.stringify(category.description)],
        )
      const { rows: owners } = await tx.query<{ id: string }>("SELECT id::text FROM users WHERE email = $1", [
        DEMO_AUTHOR_EMAIL,
      ])
      let added = 0
      for (const item of items) {
        const published = new Date(`${item.published}T09:00:00Z`)
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO software_items (slug, name, owner_id, soft_id, status, website, platforms, pricing, seed_key,
                                       created_at, published_at, updated_at)
           VALUES ($1, $2, $3, $4, 'published', $5, $6, $7, $1, $8, $8, $8)
           ON CONFLICT DO NOTHING RETURNING id::text`,
          [
            item.key,
            item.name,
            item.author === "developer" ? (owners[0]?.id ?? null) : null,
            item.softId,
            item.website,
            item.platforms,
            item.pricing,
            published,
          ],
        )
        const id = rows[0]?.id
        if (!id) continue
        added += 1
        for (const [language, texts] of Object.entries(item.texts))
          await tx.query(
            "INSERT INTO software_texts (software_id, language, summary, description) VALUES ($1, $2, $3, $4)",
            [id, language, texts.summary, texts.description],
          )
        for (const category of item.categories)
          await tx.query("INSERT INTO software_item_categories (software_id, category) VALUES ($1, $2)", [
            id,
            category,
          ])
      }
      return added
    })
  }
}

/** Whether the account sent tasks with this soft_id (the "verified usage" of a review). */
async function usedSoftId(db: Queryable, userId: string, softId: number | null): Promise<boolean> {
  if (softId === null) return false
  const { rows } = await db.query(
    "SELECT 1 FROM captcha_tasks WHERE customer_id = $1 AND soft_id = $2 LIMIT 1",
    [userId, softId],
  )
  return rows.length > 0
}

async function flagsOf(
  db: Queryable,
  review: {
    userId: string
    softwareId: string
    ownerId: string | null
    body: string
    ip: string | null
    verified: boolean
  },
): Promise<ReviewFlag[]> {
  const { rows } = await db.query<{
    new_account: boolean
    same_ip: boolean
    burst: boolean
    duplicate: boolean
  }>(
    `SELECT (SELECT created_at > now() - make_interval(days => $5) FROM users WHERE id = $1) AS new_account,
            ($3::bigint IS NOT NULL AND $4::text IS NOT NULL AND (
               EXISTS (SELECT 1 FROM sessions WHERE user_id = $3 AND ip = $4)
               OR EXISTS (SELECT 1 FROM auth_events WHERE user_id = $3 AND ip = $4))) AS same_ip,
            (SELECT count(*) FROM software_reviews WHERE software_id = $2 AND created_at > now() - interval '1 day')
              >= $6 - 1 AS burst,
            EXISTS (SELECT 1 FROM software_reviews WHERE similarity(body, $7) > $8) AS duplicate`,
    [
      review.userId,
      review.softwareId,
      review.ownerId,
      review.ip,
      NEW_ACCOUNT_DAYS,
      BURST_REVIEWS,
      review.body,
      DUPLICATE_SIMILARITY,
    ],
  )
  const found = rows[0]!
  const flags: ReviewFlag[] = []
  if (found.new_account) flags.push("NEW_ACCOUNT")
  if (found.same_ip) flags.push("SAME_IP_AS_AUTHOR")
  if (found.burst) flags.push("BURST")
  if (found.duplicate) flags.push("NEAR_DUPLICATE")
  if (!review.verified) flags.push("NO_USAGE")
  return flags
}
