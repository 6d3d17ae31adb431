/*
 * Authors' programs (contract/src/catalog.ts, /software/add, /software/{slug}/edit) and their moderation
 * (/software/moderation). A new program is a draft or pending; a moderator publishes it, rejects it with a reason
 * its author reads, or hides it. An edit of a published program is a pending revision: the live page keeps the
 * approved fields until a moderator publishes the revision. Readers report programs into the same queue. Every
 * decision is kept in software_moderation_log, in the transaction that makes it.
 */
import {
  MODERATION_PAGE_SIZE,
  SOFTWARE_ADDS_PER_DAY,
  SOFTWARE_FIELDS,
  slugOf,
  type ModerationSubmission,
  type ModerationSubmissions,
  type MySoftware,
  type MySoftwareItem,
  type NewSoftware,
  type SoftwareChange,
  type SoftwareDraft,
  type SoftwareEdit,
  type SoftwareField,
} from "@manyhands/contract/catalog"
import type { Database, Queryable } from "../../db/database"
import { CatalogError } from "./catalog"
import { pictureIdsOf, picturesById } from "./catalog-pictures"

/** A program's editable fields, pictures by id: what a revision keeps. */
export type ProgramFields = Omit<SoftwareEdit, "submit">

type Status = SoftwareDraft["status"]

interface ItemRow {
  id: string
  slug: string
  name: string
  status: Status
  soft_id: number | null
  owner_id: string | null
  reject_reason: string | null
  created_at: Date
  updated_at: Date
}

const ITEM_COLUMNS = `i.id::text, i.slug, i.name, i.status, i.soft_id, i.owner_id::text, i.reject_reason,
  i.created_at, i.updated_at`

interface RevisionRow {
  id: string
  status: "pending" | "published" | "rejected"
  reject_reason: string | null
  created_at: Date
  fields: ProgramFields
}

const invalid = (field: string, message: string) =>
  new CatalogError("VALIDATION_FAILED", `${field} ${message}`, field)

/** Trimmed fields, a Russian text only when it has a summary, a website that is an http(s) address. */
function normalised(input: ProgramFields): ProgramFields {
  const text = (texts: { summary: string; description: string }) => ({
    summary: texts.summary.trim(),
    description: texts.description.trim(),
  })
  const ru = input.texts.ru ? text(input.texts.ru) : null
  const website = input.website?.trim() || null
  if (website !== null) {
    const url = URL.canParse(website) ? new URL(website) : null
    if (!url || (url.protocol !== "https:" && url.protocol !== "http:"))
      throw invalid("website", "must be an http:// or https:// address")
  }
  const fields: ProgramFields = {
    name: input.name.trim(),
    texts: { en: text(input.texts.en), ru: ru && (ru.summary || ru.description) ? ru : null },
    categories: [...input.categories],
    platforms: [...input.platforms],
    pricing: input.pricing,
    website,
    logoId: input.logoId,
    screenshotIds: [...input.screenshotIds],
  }
  if ([...fields.name].length < 2) throw invalid("name", "must have at least 2 characters")
  if (!fields.texts.en.summary) throw invalid("texts.en.summary", "must not be empty")
  if (fields.texts.ru && !fields.texts.ru.summary)
    throw invalid("texts.ru.summary", "must not be empty when the Russian description is given")
  if (fields.logoId !== null && fields.screenshotIds.includes(fields.logoId))
    throw invalid("screenshotIds", "must not hold the logo")
  return fields
}

/** A program's fields as they are in the database. */
async function currentFields(db: Queryable, id: string): Promise<ProgramFields> {
  const { rows } = await db.query<{
    name: string
    platforms: ProgramFields["platforms"]
    pricing: ProgramFields["pricing"]
    website: string | null
    texts: Record<string, { summary: string; description: string }>
    categories: string[]
  }>(
    `SELECT i.name, i.platforms, i.pricing, i.website,
            coalesce((SELECT json_object_agg(language, json_build_object('summary', summary,
                                                                         'description', description))
                        FROM software_texts WHERE software_id = i.id), '{}') AS texts,
            ARRAY(SELECT category FROM software_item_categories WHERE software_id = i.id ORDER BY category)
              AS categories
       FROM software_items i WHERE i.id = $1`,
    [id],
  )
  const row = rows[0]!
  return {
    name: row.name,
    texts: { en: row.texts.en ?? { summary: "", description: "" }, ru: row.texts.ru ?? null },
    categories: row.categories,
    platforms: row.platforms,
    pricing: row.pricing,
    website: row.website,
    ...(await pictureIdsOf(db, id)),
  }
}

/** Writes a program's fields (its texts, categories and pictures replaced). */
async function writeFields(tx: Queryable, id: string, fields: ProgramFields) {
  await tx.query(
    `UPDATE software_items SET name = $2, platforms = $3, pricing = $4, website = $5, updated_at = now()
      WHERE id = $1`,
    [id, fields.name, fields.platforms, fields.pricing, fields.website],
  )
  await tx.query("DELETE FROM software_texts WHERE software_id = $1", [id])
  for (const [language, texts] of Object.entries(fields.texts))
    if (texts)
      await tx.query(
        "INSERT INTO software_texts (software_id, language, summary, description) VALUES ($1, $2, $3, $4)",
        [id, language, texts.summary, texts.description],
      )
  await tx.query("DELETE FROM software_item_categories WHERE software_id = $1", [id])
  for (const category of fields.categories)
    await tx.query("INSERT INTO software_item_categories (software_id, category) VALUES ($1, $2)", [
      id,
      category,
    ])
  await tx.query("DELETE FROM software_pictures WHERE software_id = $1", [id])
  // A picture deleted from the store since the revision was written is left out.
  const pictures = [
    ...(fields.logoId ? [{ id: fields.logoId, role: "logo", position: 0 }] : []),
    ...fields.screenshotIds.map((picture, position) => ({ id: picture, role: "screenshot", position })),
  ]
  for (const picture of pictures)
    await tx.query(
      `INSERT INTO software_pictures (software_id, attachment_id, role, position)
       SELECT $1, id, $3, $4 FROM content_attachments WHERE id = $2`,
      [id, picture.id, picture.role, picture.position],
    )
}

/** Every category must exist. */
async function checkCategories(db: Queryable, categories: string[]) {
  const { rows } = await db.query<{ slug: string }>(
    "SELECT slug FROM software_categories WHERE slug = ANY($1)",
    [categories],
  )
  const unknown = categories.filter((slug) => !rows.some((row) => row.slug === slug))
  if (unknown.length > 0)
    throw new CatalogError("UNKNOWN_CATEGORY", `No such category: ${unknown.join(", ")}`)
}

/** Every picture must be the author's own upload or already one of this program's. */
async function checkPictures(
  db: Queryable,
  userId: string,
  softwareId: string | null,
  fields: ProgramFields,
) {
  const ids = [...(fields.logoId ? [fields.logoId] : []), ...fields.screenshotIds]
  if (ids.length === 0) return
  const { rows } = await db.query<{ id: string }>(
    `SELECT a.id::text FROM content_attachments a
      WHERE a.id = ANY($1::bigint[])
        AND (a.uploaded_by = $2 OR EXISTS (SELECT 1 FROM software_pictures sp
                                            WHERE sp.attachment_id = a.id AND sp.software_id = $3))`,
    [ids, userId, softwareId],
  )
  const missing = ids.filter((id) => !rows.some((row) => row.id === id))
  if (missing.length > 0)
    throw new CatalogError(
      "PICTURE_NOT_FOUND",
      `No such picture of yours: ${missing.join(", ")}. Upload it again.`,
      fields.logoId && missing.includes(fields.logoId) ? "logoId" : "screenshotIds",
    )
}

/** Two sets of fields as a moderator compares them: each field as text. */
function asText(
  fields: ProgramFields | null,
  urls: Map<string, string>,
): Record<SoftwareField, string | null> {
  const value = (text: string | null | undefined) => (text ? text : null)
  const list = (items: string[] | undefined) => value(items?.join(", "))
  return {
    name: value(fields?.name),
    "texts.en.summary": value(fields?.texts.en.summary),
    "texts.en.description": value(fields?.texts.en.description),
    "texts.ru.summary": value(fields?.texts.ru?.summary),
    "texts.ru.description": value(fields?.texts.ru?.description),
    categories: list(fields?.categories),
    platforms: list(fields?.platforms),
    pricing: value(fields?.pricing),
    website: value(fields?.website),
    logo: value(fields?.logoId ? (urls.get(fields.logoId) ?? null) : null),
    screenshots: value(fields?.screenshotIds.flatMap((id) => urls.get(id) ?? []).join(" ")),
  }
}

/** The fields that differ between `before` (null: a new program) and `after`. */
async function changesOf(
  db: Queryable,
  before: ProgramFields | null,
  after: ProgramFields,
): Promise<SoftwareChange[]> {
  const ids = [before, after].flatMap((fields) =>
    fields ? [...(fields.logoId ? [fields.logoId] : []), ...fields.screenshotIds] : [],
  )
  const pictures = await picturesById(db, [...new Set(ids)])
  const urls = new Map([...pictures].map(([id, picture]) => [id, picture.variants[0]?.url ?? picture.url]))
  const was = asText(before, urls)
  const is = asText(after, urls)
  return SOFTWARE_FIELDS.filter((field) => was[field] !== is[field]).map((field) => ({
    field,
    before: was[field],
    after: is[field],
  }))
}

const sameFields = (a: ProgramFields, b: ProgramFields) => {
  const sorted = (fields: ProgramFields) => ({
    ...fields,
    categories: [...fields.categories].sort(),
    platforms: [...fields.platforms].sort(),
  })
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b))
}

const revisionState = (row: RevisionRow | undefined): SoftwareDraft["revision"] =>
  row && (row.status === "pending" || row.status === "rejected")
    ? {
        id: row.id,
        status: row.status,
        rejectReason: row.status === "rejected" ? row.reject_reason : null,
        createdAt: row.created_at.toISOString(),
      }
    : null

/** A program as its author's list shows it. */
const summaryFrom = ({
  item,
  latest,
}: {
  item: ItemRow
  latest: RevisionRow | undefined
}): MySoftwareItem => ({
  id: item.id,
  slug: item.slug,
  name: item.name,
  status: item.status,
  softId: item.soft_id,
  rejectReason: item.status === "rejected" ? item.reject_reason : null,
  revision: revisionState(latest),
  updatedAt: item.updated_at.toISOString(),
})

export class SoftwareAuthoring {
  constructor(private readonly db: Database) {}

  /** Adds a program for its author: a draft, or pending for the moderators; its soft_id is handed out now. */
  async create(userId: string, input: NewSoftware): Promise<SoftwareDraft> {
    const fields = normalised(input)
    const slug = input.slug ?? slugOf(fields.name)
    if (slug.length < 3) throw invalid("slug", "must be chosen: at least 3 Latin letters or digits")
    return this.db.transaction(async (tx) => {
      await checkCategories(tx, fields.categories)
      await checkPictures(tx, userId, null, fields)
      // The author's row is the lock: two adds at once count each other.
      await tx.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [userId])
      const { rows: today } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM software_items
          WHERE owner_id = $1 AND created_at > now() - interval '1 day'`,
        [userId],
      )
      if (today[0]!.n >= SOFTWARE_ADDS_PER_DAY)
        throw new CatalogError(
          "RATE_LIMITED",
          `You have added ${SOFTWARE_ADDS_PER_DAY} programs today; add the next one tomorrow.`,
        )
      const { rows: taken } = await tx.query("SELECT 1 FROM software_items WHERE slug = $1", [slug])
      if (taken.length > 0)
        throw new CatalogError(
          "SLUG_TAKEN",
          `The address /software/${slug} is taken: choose another.`,
          "slug",
        )
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO software_items (slug, name, owner_id, soft_id, status, pricing, submitted_at)
         VALUES ($1, $2, $3, nextval('software_soft_ids'), $4, $5, CASE WHEN $4 = 'pending' THEN now() END)
         RETURNING id::text`,
        [slug, fields.name, userId, input.submit ? "pending" : "draft", fields.pricing],
      )
      const id = rows[0]!.id
      await writeFields(tx, id, fields)
      return this.draftOf(tx, id)
    })
  }

  /** The author's programs, newest first. */
  async mine(userId: string): Promise<MySoftware> {
    const { rows } = await this.db.query<{ id: string }>(
      "SELECT id::text FROM software_items WHERE owner_id = $1 ORDER BY id DESC LIMIT 100",
      [userId],
    )
    return { records: await Promise.all(rows.map((row) => this.summaryOf(this.db, row.id))) }
  }

  /** A program as its author edits it (a moderator may read it too). */
  async draft(viewer: { id: string; editor: boolean }, slug: string): Promise<SoftwareDraft> {
    const { rows } = await this.db.query<{ id: string; owner_id: string | null }>(
      "SELECT id::text, owner_id::text FROM software_items WHERE slug = $1",
      [slug],
    )
    const row = rows[0]
    if (!row) throw new CatalogError("SOFTWARE_NOT_FOUND", "There is no such program in the catalogue.")
    if (row.owner_id !== viewer.id && !viewer.editor)
      throw new CatalogError("NOT_THE_AUTHOR", "Only the program's author can edit it.")
    return this.draftOf(this.db, row.id)
  }

  /**
   * The author's edit. A program not published yet changes in place (pending again when submitted, else a
   * draft); a published or hidden one gets a pending revision (one at a time: a newer edit replaces it).
   */
  async edit(userId: string, softwareId: string, input: SoftwareEdit): Promise<SoftwareDraft> {
    const fields = normalised(input)
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<ItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM software_items i WHERE i.id = $1 FOR UPDATE`,
        [softwareId],
      )
      const item = rows[0]
      if (!item) throw new CatalogError("SOFTWARE_NOT_FOUND", "There is no such program in the catalogue.")
      if (item.owner_id !== userId)
        throw new CatalogError("NOT_THE_AUTHOR", "Only the program's author can edit it.")
      await checkCategories(tx, fields.categories)
      await checkPictures(tx, userId, item.id, fields)
      if (item.status === "published" || item.status === "hidden") {
        if (sameFields(fields, await currentFields(tx, item.id)))
          throw new CatalogError("NOTHING_CHANGED", "Nothing differs from the published program.")
        await tx.query("DELETE FROM software_revisions WHERE software_id = $1 AND status = 'pending'", [
          item.id,
        ])
        await tx.query(
          "INSERT INTO software_revisions (software_id, author_id, fields) VALUES ($1, $2, $3)",
          [item.id, userId, JSON.stringify(fields)],
        )
      } else {
        await writeFields(tx, item.id, fields)
        await tx.query(
          `UPDATE software_items SET status = $2, submitted_at = CASE WHEN $2 = 'pending' THEN now() END,
                  reject_reason = CASE WHEN $2 = 'pending' THEN NULL ELSE reject_reason END
            WHERE id = $1`,
          [item.id, input.submit ? "pending" : "draft"],
        )
      }
      return this.draftOf(tx, item.id)
    })
  }

  /** A reader reports a published program: it goes to the moderators' queue. Once per account and program. */
  async report(userId: string, softwareId: string, reason: string): Promise<void> {
    const { rows } = await this.db.query<{ id: string }>(
      `INSERT INTO software_reports (software_id, user_id, reason)
       SELECT id, $2, $3 FROM software_items WHERE id = $1 AND status = 'published'
       ON CONFLICT (software_id, user_id) DO NOTHING RETURNING id::text`,
      [softwareId, userId, reason.trim()],
    )
    if (rows.length > 0) return
    const { rows: published } = await this.db.query(
      "SELECT 1 FROM software_items WHERE id = $1 AND status = 'published'",
      [softwareId],
    )
    if (published.length === 0)
      throw new CatalogError("SOFTWARE_NOT_FOUND", "There is no such program in the catalogue.")
    throw new CatalogError("ALREADY_REPORTED", "You have already reported this program.")
  }

  /** New programs, revisions and reported programs, oldest first, with what each changes. */
  async queue(page = 0): Promise<ModerationSubmissions> {
    const { rows } = await this.db.query<{
      kind: ModerationSubmission["kind"]
      id: string
      software_id: string
      at: Date
      total: number
    }>(
      `SELECT *, count(*) OVER ()::int AS total FROM (
         SELECT 'item' AS kind, id::text, id::text AS software_id, submitted_at AS at
           FROM software_items WHERE status = 'pending'
         UNION ALL
         SELECT 'revision', id::text, software_id::text, created_at FROM software_revisions WHERE status = 'pending'
         UNION ALL
         SELECT 'report', i.id::text, i.id::text, min(r.created_at)
           FROM software_reports r JOIN software_items i ON i.id = r.software_id
          WHERE r.resolved_at IS NULL AND i.status = 'published' GROUP BY i.id) queued
        ORDER BY at, kind, id LIMIT $1 OFFSET $2`,
      [MODERATION_PAGE_SIZE, page * MODERATION_PAGE_SIZE],
    )
    const records: ModerationSubmission[] = []
    for (const row of rows) {
      const { rows: items } = await this.db.query<
        ItemRow & { email: string | null; display_name: string | null; registered_at: Date | null }
      >(
        `SELECT ${ITEM_COLUMNS}, u.email, u.display_name, u.created_at AS registered_at
           FROM software_items i LEFT JOIN users u ON u.id = i.owner_id WHERE i.id = $1`,
        [row.software_id],
      )
      const item = items[0]!
      const current = await currentFields(this.db, item.id)
      let changes: SoftwareChange[] = []
      if (row.kind === "item") changes = await changesOf(this.db, null, current)
      if (row.kind === "revision") {
        const { rows: revisions } = await this.db.query<{ fields: ProgramFields }>(
          "SELECT fields FROM software_revisions WHERE id = $1",
          [row.id],
        )
        changes = await changesOf(this.db, current, revisions[0]!.fields)
      }
      const { rows: reports } = await this.db.query<{ reason: string; at: Date }>(
        `SELECT reason, created_at AS at FROM software_reports WHERE software_id = $1 AND resolved_at IS NULL
          ORDER BY id`,
        [item.id],
      )
      records.push({
        kind: row.kind,
        id: row.id,
        program: { id: item.id, slug: item.slug, name: item.name, status: item.status, softId: item.soft_id },
        author:
          item.owner_id && item.email && item.registered_at
            ? {
                id: item.owner_id,
                email: item.email,
                displayName: item.display_name,
                registeredAt: item.registered_at.toISOString(),
              }
            : null,
        submittedAt: row.at.toISOString(),
        changes,
        reports: reports.map((report) => ({ reason: report.reason, at: report.at.toISOString() })),
      })
    }
    return { records, totalCount: rows[0]?.total ?? 0, page, pageSize: MODERATION_PAGE_SIZE }
  }

  /** A moderator's decision on a program: publish, reject (with a reason) or hide; open reports are resolved. */
  async decideItem(
    moderatorId: string,
    id: string,
    decision: "publish" | "reject" | "hide",
    reason: string | undefined,
  ): Promise<MySoftwareItem> {
    const why = reason?.trim() || null
    if (decision === "reject" && !why)
      throw new CatalogError("REASON_REQUIRED", "Say why the program is rejected: its author reads it.")
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query("SELECT 1 FROM software_items WHERE id = $1 FOR UPDATE", [id])
      if (rows.length === 0) throw new CatalogError("SOFTWARE_NOT_FOUND", "There is no such program.")
      const status = decision === "publish" ? "published" : decision === "reject" ? "rejected" : "hidden"
      await tx.query(
        `UPDATE software_items SET status = $2, reject_reason = $3, moderated_at = now(), moderated_by = $4,
                published_at = CASE WHEN $2 = 'published' THEN coalesce(published_at, now()) ELSE published_at END,
                updated_at = CASE WHEN $2 = 'published' AND status <> 'published' THEN now() ELSE updated_at END
          WHERE id = $1`,
        [id, status, decision === "reject" ? why : null, moderatorId],
      )
      await tx.query(
        "UPDATE software_reports SET resolved_at = now() WHERE software_id = $1 AND resolved_at IS NULL",
        [id],
      )
      await tx.query(
        `INSERT INTO software_moderation_log (subject, subject_id, moderator_id, decision, reason)
         VALUES ('item', $1, $2, $3, $4)`,
        [id, moderatorId, decision, why],
      )
      return this.summaryOf(tx, id)
    })
  }

  /** Publishes a pending revision onto its program, or rejects it with a reason its author reads. */
  async decideRevision(
    moderatorId: string,
    id: string,
    decision: "publish" | "reject",
    reason: string | undefined,
  ): Promise<MySoftwareItem> {
    const why = reason?.trim() || null
    if (decision === "reject" && !why)
      throw new CatalogError("REASON_REQUIRED", "Say why the edit is rejected: its author reads it.")
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ software_id: string; fields: ProgramFields }>(
        `SELECT software_id::text, fields FROM software_revisions WHERE id = $1 AND status = 'pending'
            FOR UPDATE`,
        [id],
      )
      const revision = rows[0]
      if (!revision) throw new CatalogError("REVISION_NOT_FOUND", "There is no such edit waiting.")
      if (decision === "publish") await writeFields(tx, revision.software_id, revision.fields)
      await tx.query(
        `UPDATE software_revisions SET status = $2, reject_reason = $3, decided_at = now(), decided_by = $4
          WHERE id = $1`,
        [
          id,
          decision === "publish" ? "published" : "rejected",
          decision === "reject" ? why : null,
          moderatorId,
        ],
      )
      await tx.query(
        `INSERT INTO software_moderation_log (subject, subject_id, moderator_id, decision, reason)
         VALUES ('revision', $1, $2, $3, $4)`,
        [id, moderatorId, decision, why],
      )
      return this.summaryOf(tx, revision.software_id)
    })
  }

  private async latestRevision(db: Queryable, softwareId: string): Promise<RevisionRow | undefined> {
    const { rows } = await db.query<RevisionRow>(
      `SELECT id::text, status, reject_reason, created_at, fields FROM software_revisions
        WHERE software_id = $1 ORDER BY id DESC LIMIT 1`,
      [softwareId],
    )
    return rows[0]
  }

  /** A program's row and its latest revision: what its author's views are made of. */
  private async itemOf(
    db: Queryable,
    id: string,
  ): Promise<{ item: ItemRow; latest: RevisionRow | undefined }> {
    const { rows } = await db.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM software_items i WHERE i.id = $1`, [
      id,
    ])
    return { item: rows[0]!, latest: await this.latestRevision(db, id) }
  }

  private async summaryOf(db: Queryable, id: string): Promise<MySoftwareItem> {
    return summaryFrom(await this.itemOf(db, id))
  }

  private async draftOf(db: Queryable, id: string): Promise<SoftwareDraft> {
    const { item, latest } = await this.itemOf(db, id)
    const summary = summaryFrom({ item, latest })
    const fields = latest?.status === "pending" ? latest.fields : await currentFields(db, id)
    const pictures = await picturesById(db, [
      ...(fields.logoId ? [fields.logoId] : []),
      ...fields.screenshotIds,
    ])
    return {
      id: item.id,
      slug: item.slug,
      status: item.status,
      softId: item.soft_id,
      rejectReason: summary.rejectReason,
      fields: {
        name: fields.name,
        texts: { en: fields.texts.en, ru: fields.texts.ru ?? null },
        categories: fields.categories,
        platforms: fields.platforms,
        pricing: fields.pricing,
        website: fields.website,
        logo: (fields.logoId && pictures.get(fields.logoId)) || null,
        screenshots: fields.screenshotIds.flatMap((picture) => pictures.get(picture) ?? []),
      },
      revision: summary.revision,
      createdAt: item.created_at.toISOString(),
      updatedAt: item.updated_at.toISOString(),
    }
  }
}
