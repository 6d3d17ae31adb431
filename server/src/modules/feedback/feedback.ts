/*
 * Feedback on the service and the proxies (contract/src/feedback.ts, migration 0029): stored as written (trimmed),
 * read by staff newest first with the topic's average rating. Refusals are FeedbackErrors; routes map them.
 */
import {
  FEEDBACK_MIN_LENGTH,
  FEEDBACK_PAGE_SIZE,
  type FeedbackEntry,
  type FeedbackList,
  type FeedbackTopic,
  type NewFeedback,
} from "@manyhands/contract/feedback"
import type { Database } from "../../db/database"

export class FeedbackError extends Error {
  constructor(
    readonly code: "VALIDATION_FAILED",
    message: string,
    readonly field: string,
  ) {
    super(message)
    this.name = "FeedbackError"
  }
}

export class Feedback {
  constructor(private readonly db: Database) {}

  async send(
    input: NewFeedback,
    from: { userId: string | null; language: string; ip: string | null },
  ): Promise<{ id: string; createdAt: string }> {
    const body = input.body.trim()
    if ([...body].length < FEEDBACK_MIN_LENGTH)
      throw new FeedbackError(
        "VALIDATION_FAILED",
        `Write at least ${FEEDBACK_MIN_LENGTH} characters.`,
        "body",
      )
    const contact = input.contact?.trim() || null
    const { rows } = await this.db.query<{ id: string; created_at: Date }>(
      `INSERT INTO feedback (topic, rating, body, contact, user_id, language, ip)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text, created_at`,
      [input.topic, input.rating, body, contact, from.userId, from.language, from.ip],
    )
    return { id: rows[0]!.id, createdAt: rows[0]!.created_at.toISOString() }
  }

  async list(topic: FeedbackTopic, page = 0): Promise<FeedbackList> {
    const { rows } = await this.db.query<{
      id: string
      topic: FeedbackTopic
      rating: number
      body: string
      contact: string | null
      user_id: string | null
      email: string | null
      language: string
      created_at: Date
      total: number
    }>(
      `SELECT f.id::text, f.topic, f.rating, f.body, f.contact, f.user_id::text, u.email, f.language, f.created_at,
              count(*) OVER ()::int AS total
         FROM feedback f LEFT JOIN users u ON u.id = f.user_id
        WHERE f.topic = $1 ORDER BY f.id DESC LIMIT $2 OFFSET $3`,
      [topic, FEEDBACK_PAGE_SIZE, page * FEEDBACK_PAGE_SIZE],
    )
    const { rows: ratings } = await this.db.query<{ rating: number; n: number }>(
      "SELECT rating, count(*)::int AS n FROM feedback WHERE topic = $1 GROUP BY rating",
      [topic],
    )
    const ratingCounts = [1, 2, 3, 4, 5].map((stars) => ratings.find((row) => row.rating === stars)?.n ?? 0)
    const count = ratingCounts.reduce((sum, n) => sum + n, 0)
    const average =
      count === 0
        ? null
        : Math.round((ratingCounts.reduce((sum, n, i) => sum + n * (i + 1), 0) / count) * 100) / 100
    return {
      records: rows.map((row): FeedbackEntry => ({
        id: row.id,
        topic: row.topic,
        rating: row.rating,
        body: row.body,
        contact: row.contact,
        account: row.user_id && row.email ? { id: row.user_id, email: row.email } : null,
        language: row.language,
        createdAt: row.created_at.toISOString(),
      })),
      totalCount: rows[0]?.total ?? (page === 0 ? 0 : count),
      page,
      pageSize: FEEDBACK_PAGE_SIZE,
      average,
      ratingCounts,
    }
  }
}
