import type { FastifyError, FastifyInstance } from "fastify"
import {
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS,
  profileApi,
  type CurrentUser,
  type DocumentKind,
  type DocumentStatus,
  type IdentityDocument,
} from "@manyhands/contract/accounts"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import type { AccountDeps } from "../accounts/deps"
import { requireUser } from "../session/sessions"

/** The first bytes each allowed type must start with: the Content-Type header alone proves nothing. */
const MAGIC: Record<string, { bytes: number[]; extension: string }> = {
  "image/jpeg": { bytes: [0xff, 0xd8, 0xff], extension: "jpg" },
  "image/png": { bytes: [0x89, 0x50, 0x4e, 0x47], extension: "png" },
  "application/pdf": { bytes: [0x25, 0x50, 0x44, 0x46], extension: "pdf" },
}
const CONTENT_TYPES = Object.keys(MAGIC)

const typeNotAllowed = () =>
  new HttpError(415, "FILE_TYPE_NOT_ALLOWED", "Upload a JPEG, PNG or PDF file.", [
    { field: "file", message: "Upload a JPEG, PNG or PDF file." },
  ])

/** The last path segment, without control characters, at most 200 characters; a default when empty. */
export function sanitizeFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? "").split(/[/\\]/).pop() ?? ""
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim()
  return [...(clean && clean !== "." && clean !== ".." ? clean : fallback)].slice(0, 200).join("")
}

interface DocumentRow {
  id: string
  kind: DocumentKind
  file_name: string
  content_type: string
  size: number
  status: DocumentStatus
  review_note: string | null
  created_at: Date | string
}

const DOCUMENT_COLUMNS = `id::text AS id, kind, file_name, content_type, octet_length(content) AS size, status,
  review_note, created_at`

const toDocument = (row: DocumentRow): IdentityDocument => ({
  id: row.id,
  kind: row.kind,
  fileName: row.file_name,
  contentType: row.content_type,
  size: Number(row.size),
  status: row.status,
  reviewNote: row.review_note,
  createdAt: new Date(row.created_at).toISOString(),
})

const isReviewer = (user: CurrentUser) => Boolean(user.permissions.moderator || user.permissions.admin)

const notFound = () => new HttpError(404, "DOCUMENT_NOT_FOUND", "There is no such document.")

/** Identity documents for payouts (/profile/docs) and their review by moderators. */
export async function documentRoutes(fastify: FastifyInstance, deps: AccountDeps) {
  const app = api(fastify)
  const { db } = deps

  app.route({
    ...routeOf(profileApi.documents),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const { rows } = await db.query<DocumentRow>(
        `SELECT ${DOCUMENT_COLUMNS} FROM identity_documents WHERE user_id = $1 ORDER BY id DESC`,
        [user.id],
      )
      reply.header("cache-control", "private, no-store")
      return { documents: rows.map(toDocument) }
    },
  })

  // Raw file bodies are accepted only by the upload route: its own plugin holds the parsers.
  await fastify.register(uploadRoute, deps)

  app.route({
    ...routeOf(profileApi.documentFile),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const { rows } = await db.query<{
        user_id: string
        file_name: string
        content_type: string
        content: Uint8Array
      }>(
        "SELECT user_id::text AS user_id, file_name, content_type, content FROM identity_documents WHERE id = $1",
        [request.params.id],
      )
      const row = rows[0]
      // Someone else's document answers as if it did not exist.
      if (!row || (row.user_id !== user.id && !isReviewer(user))) throw notFound()
      const fallback = row.file_name.replace(/[^\x20-\x7e]|["\\]/g, "_")
      return reply
        .header("content-type", row.content_type)
        .header(
          "content-disposition",
          `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(row.file_name)}`,
        )
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .send(Buffer.from(row.content))
    },
  })

  app.route({
    ...routeOf(profileApi.deleteDocument),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const { rows } = await db.query<{ status: string; deleted: boolean }>(
        `WITH doc AS (SELECT id, status FROM identity_documents WHERE id = $1 AND user_id = $2),
              gone AS (DELETE FROM identity_documents WHERE id IN (SELECT id FROM doc WHERE status = 'pending')
                       RETURNING id)
         SELECT doc.status, EXISTS (SELECT 1 FROM gone) AS deleted FROM doc`,
        [request.params.id, user.id],
      )
      const row = rows[0]
      if (!row) throw notFound()
      if (!row.deleted)
        throw new HttpError(409, "DOCUMENT_REVIEWED", "A reviewed document cannot be removed.")
      request.log.info({ userId: user.id, documentId: request.params.id, event: "document_deleted" })
      return reply.code(204).send()
    },
  })

  app.route({
    ...routeOf(profileApi.reviewDocument),
    handler: async (request) => {
      const user = requireUser(request)
      if (!isReviewer(user))
        throw new HttpError(403, "FORBIDDEN", "Only moderators and administrators review documents.")
      const note = request.body.note?.trim() || null
      const { rows } = await db.query<DocumentRow>(
        `UPDATE identity_documents SET status = $2, review_note = $3, reviewed_at = now()
          WHERE id = $1 RETURNING ${DOCUMENT_COLUMNS}`,
        [request.params.id, request.body.status, note],
      )
      if (!rows[0]) throw notFound()
      request.log.info({
        userId: user.id,
        documentId: request.params.id,
        event: `document_${request.body.status}`,
      })
      return toDocument(rows[0])
    },
  })
}

async function uploadRoute(fastify: FastifyInstance, { db }: AccountDeps) {
  const app = api(fastify)
  app.addContentTypeParser(
    CONTENT_TYPES,
    { parseAs: "buffer", bodyLimit: MAX_DOCUMENT_BYTES },
    (_request, body, done) => done(null, body),
  )
  // Fastify's own body errors, in the words of this API; everything else goes to the app's handler.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      throw new HttpError(413, "FILE_TOO_LARGE", "The file is larger than 5 MB.", [
        { field: "file", message: "The file is larger than 5 MB." },
      ])
    }
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") throw typeNotAllowed()
    throw error
  })

  app.route({
    ...routeOf(profileApi.uploadDocument),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const contentType = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase()
      const magic = MAGIC[contentType]
      const file = request.body
      if (
        !magic ||
        !Buffer.isBuffer(file) ||
        file.length < magic.bytes.length ||
        !magic.bytes.every((byte, index) => file[index] === byte)
      ) {
        throw typeNotAllowed()
      }
      const { kind } = request.query
      const fileName = sanitizeFileName(request.query.name, `${kind}.${magic.extension}`)
      const row = await db.transaction(async (tx) => {
        // The user row lock makes concurrent uploads count one after the other.
        await tx.query("SELECT id FROM users WHERE id = $1 FOR UPDATE", [user.id])
        // Rejected documents do not count: they cannot be removed, and the owner must be able to try again.
        const { rows: counted } = await tx.query<{ count: number }>(
          "SELECT count(*)::int AS count FROM identity_documents WHERE user_id = $1 AND status <> 'rejected'",
          [user.id],
        )
        if (counted[0]!.count >= MAX_DOCUMENTS) {
          throw new HttpError(
            409,
            "TOO_MANY_DOCUMENTS",
            `You can have at most ${MAX_DOCUMENTS} documents under review or approved; remove a pending one first.`,
          )
        }
        const { rows } = await tx.query<DocumentRow>(
          `INSERT INTO identity_documents (user_id, kind, file_name, content_type, content)
           VALUES ($1, $2, $3, $4, $5) RETURNING ${DOCUMENT_COLUMNS}`,
          [user.id, kind, fileName, contentType, file],
        )
        return rows[0]!
      })
      request.log.info({ userId: user.id, documentId: row.id, event: "document_uploaded" })
      return reply.code(201).send(toDocument(row))
    },
  })
}
