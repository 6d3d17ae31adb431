/*
 * Editors' pictures (contract/src/attachments.ts): the API under /api/v1/editor/articles/attachments for admins
 * and moderators, and the public copies at /media/{id}/{hash}-{width}.webp. Thin: who may call and what the
 * form holds, then the service (attachments.ts), whose AttachmentErrors become HTTP answers here.
 */
import multipart from "@fastify/multipart"
import {
  MAX_ATTACHMENT_BYTES,
  MEDIA_FILE_PATTERN,
  MEDIA_PATH,
  contentAttachmentsApi,
  type Picture,
} from "@manyhands/contract/attachments"
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify"
import type { Database } from "../../db/database"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { UnsafeTextError, unsafeTextAt } from "../../http/safe-text"
import { sanitizeFileName } from "../profile/documents"
import { AttachmentError, Attachments, etagMatches, type AttachmentServiceErrorCode } from "./attachments"
import { requireUser } from "../session/sessions"
import { requireEditor } from "./routes"

const STATUS: Record<AttachmentServiceErrorCode, number> = {
  ATTACHMENT_NOT_FOUND: 404,
  FILE_TYPE_NOT_ALLOWED: 415,
  FILE_TOO_LARGE: 413,
  IMAGE_UNREADABLE: 422,
}

/** The file's own refusals name the form's `file` part, so a form can show them beside it. */
const FILE_CODES = new Set<string>(["FILE_TYPE_NOT_ALLOWED", "FILE_TOO_LARGE", "IMAGE_UNREADABLE"])

const toHttp = (error: AttachmentError) =>
  new HttpError(
    STATUS[error.code],
    error.code,
    error.message,
    FILE_CODES.has(error.code) ? [{ field: "file", message: error.message }] : undefined,
  )

/** Runs a service call, answering its AttachmentError with the code's HTTP status. */
async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof AttachmentError) throw toHttp(error)
    throw error
  }
}

const invalid = (field: string, message: string) =>
  new HttpError(400, "VALIDATION_FAILED", field ? `${field} ${message}` : message, [{ field, message }])

/** Room for the form's boundaries, part headers and `alt` around the file. */
const FORM_OVERHEAD = 64 * 1024

/**
 * busboy's limits for an upload: the file up to MAX_ATTACHMENT_BYTES (FILE_TOO_LARGE beyond), one file, a few
 * short fields — so a form, whatever its framing, is at most about MAX_ATTACHMENT_BYTES + FORM_OVERHEAD.
 */
const FORM_LIMITS = {
  fileSize: MAX_ATTACHMENT_BYTES,
  files: 1,
  fields: 4,
  parts: 6,
  fieldNameSize: 100,
  fieldSize: 4 * 1024,
  headerPairs: 20,
}

const notAForm = () => invalid("file", "must be sent as multipart/form-data, in the part `file`")

const tooLarge = () => toHttp(new AttachmentError("FILE_TOO_LARGE"))

/** What reading the form may throw, as the API's answers: too large, or a form that is not well made. */
function formRefusal(error: unknown): HttpError {
  if (error instanceof HttpError) return error
  const code = (error as { code?: unknown }).code
  if (code === "FST_REQ_FILE_TOO_LARGE") return tooLarge()
  if (code === "FST_FILES_LIMIT") return invalid("file", "must be a single file")
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
    return invalid("", "The form has too many parts: send `file` and, for an upload, `alt`.")
  return invalid("", `The form could not be read: ${(error as Error).message}`)
}

/** The file name each upload's `file` part came with. */
const fileNames = new WeakMap<FastifyRequest, string>()

/**
 * A multipart form as the request body, before the route's schema validates it: `file` as its bytes (a Buffer),
 * every other part as its text. A part sent twice, a truncated field and every busboy refusal are 400
 * VALIDATION_FAILED; a file over MAX_ATTACHMENT_BYTES, or a body declared larger than any form may be, 413.
 */
async function readForm(request: FastifyRequest) {
  if (!request.isMultipart()) return
  if (Number(request.headers["content-length"]) > MAX_ATTACHMENT_BYTES + FORM_OVERHEAD) throw tooLarge()
  const body: Record<string, unknown> = {}
  try {
    for await (const part of request.parts({ limits: FORM_LIMITS })) {
      if (Object.hasOwn(body, part.fieldname)) throw invalid(part.fieldname, "must be sent once")
      if (part.type === "file") {
        const data = await part.toBuffer()
        // An empty file input of a browser form: no file at all.
        if (part.filename === "" && data.length === 0) continue
        body[part.fieldname] = data
        if (part.fieldname === "file") fileNames.set(request, part.filename)
      } else {
        if (part.fieldnameTruncated || part.valueTruncated) throw invalid(part.fieldname, "is too long")
        body[part.fieldname] = part.value
      }
    }
  } catch (error) {
    throw formRefusal(error)
  }
  // The app checks every body for text the database cannot store before this hook made this one.
  const unsafe = unsafeTextAt(body, "")
  if (unsafe !== null) throw new UnsafeTextError(unsafe.slice(1))
  request.body = body
}

/** The uploaded file of a validated form: bytes, not empty, with its cleaned name. */
function uploadedFile(request: FastifyRequest): { bytes: Buffer; fileName: string } {
  // Only a form's body was validated by the route's schema (any other body, or none, was not).
  if (!request.isMultipart()) throw notAForm()
  const { file } = request.body as { file?: unknown }
  if (!Buffer.isBuffer(file)) throw invalid("file", "must be a file (multipart/form-data, the part `file`)")
  if (file.length === 0) throw invalid("file", "is empty")
  return { bytes: file, fileName: sanitizeFileName(fileNames.get(request), "picture") }
}

export async function contentAttachmentRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const attachments = new Attachments({ db })
  const app = api(fastify)
  const endpoints = contentAttachmentsApi

  app.route({
    ...routeOf(endpoints.list),
    handler: (request) => {
      requireEditor(request)
      return answer(() => attachments.list(request.query))
    },
  })
  app.route({
    ...routeOf(endpoints.get),
    handler: (request) => {
      requireEditor(request)
      return answer(() => attachments.get(request.params.id))
    },
  })
  app.route({
    ...routeOf(endpoints.update),
    handler: (request) => {
      requireEditor(request)
      return answer(() => attachments.updateAlt(request.params.id, request.body.alt.trim()))
    },
  })
  app.route({
    ...routeOf(endpoints.remove),
    handler: async (request, reply) => {
      const user = requireEditor(request)
      await answer(() => attachments.remove(request.params.id))
      request.log.info({ userId: user.id, attachmentId: request.params.id, event: "attachment_deleted" })
      return reply.code(204).send()
    },
  })

  // Multipart forms are read by the upload routes only: their own plugin holds the parser.
  await fastify.register(uploadRoutes, { attachments })

  // The copies, public: the address names the picture's content, so it may be cached for good.
  fastify.get<{ Params: { id: string; file: string } }>(MEDIA_PATH, async (request, reply) => {
    const { id, file } = request.params
    const match = MEDIA_FILE_PATTERN.exec(file)
    if (!match || !/^[0-9]{1,18}$/.test(id)) throw mediaNotFound(request)
    const [, hash, width] = match as unknown as [string, string, string]
    const content = await attachments.variant(id, hash, Number(width))
    if (!content) throw mediaNotFound(request)
    const etag = `"${hash}-${width}"`
    reply
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("etag", etag)
      .header("x-content-type-options", "nosniff")
      // Pictures of public articles: other sites and feed readers may show them.
      .header("cross-origin-resource-policy", "cross-origin")
    if (etagMatches(request.headers["if-none-match"], etag)) return reply.code(304).send()
    return reply.type("image/webp").send(content)
  })
  // Any other address under /media/ is a 404 too, never a page of the app.
  fastify.all("/media/*", async (request) => {
    throw mediaNotFound(request)
  })
}

const mediaNotFound = (request: FastifyRequest) =>
  new HttpError(404, "NOT_FOUND", `Nothing at ${request.method} ${request.url.split("?")[0]}`)

/** The body limit of a route that takes a picture form. */
export const PICTURE_FORM_BODY_LIMIT = MAX_ATTACHMENT_BYTES + FORM_OVERHEAD

/**
 * Makes an encapsulated plugin's routes take picture forms (multipart/form-data, the picture in `file`): who may
 * upload is settled by `authorize` before a byte of the form is read, then the form becomes the body, and
 * Fastify's own body refusals are answered in this API's words.
 */
export async function takePictureForms(
  fastify: FastifyInstance,
  authorize: (request: FastifyRequest) => unknown,
) {
  await fastify.register(multipart, { limits: FORM_LIMITS })
  fastify.addHook("preValidation", async (request) => {
    authorize(request)
  })
  fastify.addHook("preValidation", readForm)
  fastify.setErrorHandler((error: FastifyError) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") throw tooLarge()
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") throw notAForm()
    throw error
  })
}

/** A validated picture form's file and alternative text, ready for Attachments.create. */
export function uploadedPicture(request: FastifyRequest): { bytes: Buffer; fileName: string; alt: string } {
  return { ...uploadedFile(request), alt: (request.body as { alt?: string }).alt?.trim() ?? "" }
}

/**
 * A picture upload any signed-in account may make (a program's logo, a ticket's screenshot) at `endpoint`: stored
 * as the editors' pictures are, at most `perHour` an hour per account, answered as a Picture.
 */
export async function userPictureUploads(
  fastify: FastifyInstance,
  {
    db,
    endpoint,
    name,
    perHour,
  }: { db: Database; endpoint: Parameters<typeof routeOf>[0]; name: string; perHour: number },
) {
  await fastify.register(async (pictures) => {
    await takePictureForms(pictures, requireUser)
    const attachments = new Attachments({ db })
    pictures.route({
      ...routeOf(endpoint),
      bodyLimit: PICTURE_FORM_BODY_LIMIT,
      config: {
        rateLimit: {
          max: perHour,
          timeWindow: 60 * 60 * 1000,
          hook: "preHandler" as const,
          keyGenerator: (request: FastifyRequest) => `${name}:${request.visitor.user?.id ?? request.ip}`,
        },
      },
      handler: async (request, reply) => {
        const user = requireUser(request)
        const stored = await answer(() => attachments.create(user.id, uploadedPicture(request)))
        const picture: Picture = {
          id: stored.id,
          url: stored.url,
          variants: stored.variants,
          width: stored.width,
          height: stored.height,
          alt: stored.alt,
        }
        request.log.info({ userId: user.id, attachmentId: stored.id, event: `${name}_uploaded` })
        return reply.code(201).send(picture)
      },
    })
  })
}

async function uploadRoutes(fastify: FastifyInstance, { attachments }: { attachments: Attachments }) {
  const app = api(fastify)
  await takePictureForms(fastify, requireEditor)
  const bodyLimit = PICTURE_FORM_BODY_LIMIT
  const rateLimit = { max: 60, timeWindow: 60_000 }

  app.route({
    ...routeOf(contentAttachmentsApi.upload),
    bodyLimit,
    config: { rateLimit },
    handler: async (request, reply) => {
      const user = requireEditor(request)
      const created = await answer(() => attachments.create(user.id, uploadedPicture(request)))
      request.log.info({ userId: user.id, attachmentId: created.id, event: "attachment_uploaded" })
      return reply.code(201).send(created)
    },
  })
  app.route({
    ...routeOf(contentAttachmentsApi.replace),
    bodyLimit,
    config: { rateLimit },
    handler: async (request) => {
      const user = requireEditor(request)
      const { bytes, fileName } = uploadedFile(request)
      const replaced = await answer(() =>
        attachments.replace(request.params.id, user.id, { fileName, bytes }),
      )
      request.log.info({ userId: user.id, attachmentId: replaced.id, event: "attachment_replaced" })
      return replaced
    },
  })
}
