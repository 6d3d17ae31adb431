/*
 * "Was this helpful?" under FAQ answers (contract/src/faq.ts, migration 0030): one vote per reader and answer,
 * changed by voting again; staff read the tally, least helpful first. The answers themselves are content
 * (kind faq: server/src/modules/content).
 */
import { faqAudienceOf, type FaqHelpfulness } from "@manyhands/contract/faq"
import type { Database } from "../../db/database"

export class FaqError extends Error {
  constructor(
    readonly code: "ARTICLE_NOT_FOUND",
    message: string,
  ) {
    super(message)
    this.name = "FaqError"
  }
}

export class FaqVotes {
  constructor(private readonly db: Database) {}

  /** Stores a reader's vote on a public FAQ answer (refused for anything else). */
  async vote(articleId: string, voter: string, language: string, helpful: boolean): Promise<void> {
    const { rows } = await this.db.query(
      `INSERT INTO faq_votes (article_id, voter, language, helpful)
       SELECT a.id, $2, $3, $4 FROM articles a
       WHERE a.id = $1 AND a.kind = 'faq' AND EXISTS (
         SELECT 1 FROM article_translations t WHERE t.article_id = a.id
           AND (t.status = 'published' OR (t.status = 'scheduled' AND t.publish_at <= now())))
       ON CONFLICT (article_id, voter)
         DO UPDATE SET helpful = excluded.helpful, language = excluded.language, created_at = now()
       RETURNING article_id`,
      [articleId, voter, language, helpful],
    )
    if (rows.length === 0) throw new FaqError("ARTICLE_NOT_FOUND", "There is no such FAQ answer.")
  }

  async helpfulness(): Promise<FaqHelpfulness> {
    const { rows } = await this.db.query<{
      id: string
      key: string
      title: string
      tags: string[]
      helpful: number
      not_helpful: number
    }>(
      `SELECT a.id::text, a.key, a.tags,
         coalesce((SELECT t.title FROM article_translations t WHERE t.article_id = a.id
                   ORDER BY t.language <> 'en', t.language LIMIT 1), a.key) AS title,
         count(v.*) FILTER (WHERE v.helpful)::int AS helpful,
         count(v.*) FILTER (WHERE NOT v.helpful)::int AS not_helpful
       FROM articles a LEFT JOIN faq_votes v ON v.article_id = a.id
       WHERE a.kind = 'faq'
       GROUP BY a.id
       ORDER BY count(v.*) FILTER (WHERE NOT v.helpful) - count(v.*) FILTER (WHERE v.helpful), a.key`,
    )
    return {
      items: rows.map((row) => ({
        id: row.id,
        key: row.key,
        title: row.title,
        audience: faqAudienceOf(row.tags),
        helpful: row.helpful,
        notHelpful: row.not_helpful,
      })),
    }
  }
}
