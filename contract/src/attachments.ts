/*
 * Pictures for the content editors (docs/ARCHITECTURE.md "Content"): editors (admins and moderators) upload
 * JPEG, PNG, GIF and WebP pictures to paste into the Markdown of the blog, the software blog and tutorials.
 *
 * The server checks what a file is by its bytes (never its name or declared type), decodes it, turns it upright
 * (EXIF orientation), drops every piece of metadata and stores WebP copies at the widths of ATTACHMENT_WIDTHS
 * that are not wider than the picture. The copies are public at `/media/{id}/{hash}-{width}.webp` (`mediaPath`):
 * the hash changes with the picture, so the addresses can be cached for good, and a replaced picture gets new
 * ones (the old ones answer 404).
 */
import { Page, pageQueryProperties } from "./common"
import { defineEndpoints } from "./endpoint"
import {
  DateTime,
  Id,
  IdParams,
  NoContent,
  Nullable,
  StrictObject,
  StringEnum,
  Type,
  type Static,
} from "./schema"

// ---------------------------------------------------------------------------------------------------------
// Rules shared by the server and the pages

/** The largest file an editor may upload: 10 MiB (FILE_TOO_LARGE beyond). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024

/** The largest picture the server decodes: at most 12,000 pixels a side and 40 megapixels (IMAGE_UNREADABLE). */
export const MAX_ATTACHMENT_SIDE = 12_000
export const MAX_ATTACHMENT_PIXELS = 40_000_000

/**
 * The widths of the WebP copies, ascending: those not wider than the picture; a picture narrower than the first
 * has one copy at its own width.
 */
export const ATTACHMENT_WIDTHS = [480, 960, 1600] as const

/** The longest alternative text, in characters. */
export const ATTACHMENT_ALT_MAX_LENGTH = 300

/** What an editor may upload, recognised by the file's first bytes. SVG is never accepted (it may carry scripts). */
export const ATTACHMENT_ORIGINAL_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const
export type AttachmentOriginalType = (typeof ATTACHMENT_ORIGINAL_TYPES)[number]

/** What is served: every copy is WebP. */
export const ATTACHMENT_CONTENT_TYPE = "image/webp"

/**
 * The error codes of the attachments API besides VALIDATION_FAILED, with their English messages (the server
 * answers these; pages may show them).
 */
export const ATTACHMENT_ERROR_MESSAGES = {
  NOT_SIGNED_IN: "Sign in first.",
  FORBIDDEN: "Only editors (administrators and moderators) can do this.",
  ATTACHMENT_NOT_FOUND: "There is no such picture.",
  FILE_TYPE_NOT_ALLOWED: "Upload a JPEG, PNG, GIF or WebP picture.",
  FILE_TOO_LARGE: "The file is larger than 10 MB.",
  IMAGE_UNREADABLE:
    "This picture could not be read: it is damaged, or larger than 12,000 pixels a side or 40 megapixels.",
} as const
export type AttachmentErrorCode = keyof typeof ATTACHMENT_ERROR_MESSAGES

/** The public address of a picture's copy: /media/{id}/{hash}-{width}.webp (not under /api). */
export const MEDIA_PATH = "/media/:id/:file"
export function mediaPath(id: string, hash: string, width: number): string {
  return `/media/${id}/${hash}-${width}.webp`
}
/** The `:file` of MEDIA_PATH: the content hash (16 hexadecimal digits) and the copy's width. */
export const MEDIA_FILE_PATTERN = /^([0-9a-f]{16})-([1-9][0-9]{0,4})\.webp$/

/** Markdown text that shows a picture: `![alt](url)`, the characters Markdown would read in the alt escaped. */
export function attachmentMarkdown(alt: string, url: string): string {
  const text = alt
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\\[\]*_`<>&~|]/g, (character) => `\\${character}`)
  return `![${text}](${url})`
}

// ---------------------------------------------------------------------------------------------------------
// Answers

export const AttachmentVariant = Type.Object({
  width: Type.Integer({ minimum: 1 }),
  url: Type.String({ description: "A site path: /media/{id}/{hash}-{width}.webp." }),
})
export type AttachmentVariant = Static<typeof AttachmentVariant>

export const Attachment = Type.Object({
  id: Id(),
  fileName: Type.String({ description: "The uploaded file's name (its last path segment, cleaned)." }),
  contentType: Type.Literal(ATTACHMENT_CONTENT_TYPE, { description: "What every copy is served as." }),
  originalType: StringEnum(ATTACHMENT_ORIGINAL_TYPES, { description: "What the uploaded file was." }),
  bytes: Type.Integer({ description: "The size of the largest copy (url)." }),
  width: Type.Integer({ description: "Of the largest copy (url), in pixels, upright." }),
  height: Type.Integer({ description: "Of the largest copy (url), in pixels, upright." }),
  alt: Type.String({ description: "The alternative text; may be empty." }),
  url: Type.String({ description: "The largest copy's site path." }),
  variants: Type.Array(AttachmentVariant, { description: "Every copy, narrowest first: srcset." }),
  markdown: Type.String({ description: "Ready to paste: ![alt](url)." }),
  uploadedBy: Nullable(Type.Object({ id: Id(), name: Nullable(Type.String()) }), {
    description: "Who uploaded the current picture; null once that account is gone.",
  }),
  createdAt: DateTime(),
})
export type Attachment = Static<typeof Attachment>

export const AttachmentList = Page(Attachment)
export type AttachmentList = Static<typeof AttachmentList>

// ---------------------------------------------------------------------------------------------------------
// Requests

export const AttachmentListQuery = StrictObject({
  ...pageQueryProperties,
  q: Type.Optional(
    Type.String({ maxLength: 100, description: "Part of the file name or the alternative text." }),
  ),
})
export type AttachmentListQuery = Static<typeof AttachmentListQuery>

const Alt = (description: string) => Type.String({ maxLength: ATTACHMENT_ALT_MAX_LENGTH, description })

const FilePart = Type.Unsafe<Blob>({
  description: `The picture: JPEG, PNG, GIF or WebP, at most ${MAX_ATTACHMENT_BYTES} bytes (10 MiB).`,
  contentMediaType: "application/octet-stream",
})

/** The form of an upload: the picture in the part `file`, and an optional `alt`. */
export const AttachmentUploadForm = StrictObject({
  file: FilePart,
  alt: Type.Optional(Alt("The alternative text (default: empty).")),
})
export type AttachmentUploadForm = Static<typeof AttachmentUploadForm>

/** The form of a replacement: the new picture in the part `file`. */
export const AttachmentReplaceForm = StrictObject({ file: FilePart })
export type AttachmentReplaceForm = Static<typeof AttachmentReplaceForm>

/** A multipart/form-data body (Fastify validates the form's fields, OpenAPI documents the media type). */
const multipart = <T extends typeof AttachmentUploadForm | typeof AttachmentReplaceForm>(form: T) =>
  Type.Unsafe<Static<T>>({ content: { "multipart/form-data": { schema: form } } })

/**
 * A picture as pages show it (a program's logo, a ticket's screenshot): its largest copy, every copy narrowest
 * first, its size and alternative text.
 */
export const Picture = Type.Object({
  id: Type.String(),
  url: Type.String({ description: "The largest copy's site path." }),
  variants: Type.Array(AttachmentVariant, { description: "Every copy, narrowest first: srcset." }),
  width: Type.Integer(),
  height: Type.Integer(),
  alt: Type.String(),
})
export type Picture = Static<typeof Picture>

/** The body of a picture upload by any signed-in account: the form of the editors' uploads. */
export const PictureUploadBody = multipart(AttachmentUploadForm)

/** What a picture upload refuses, besides signing in, CSRF and limits. */
export const PICTURE_UPLOAD_ERRORS = [
  "VALIDATION_FAILED",
  "FILE_TYPE_NOT_ALLOWED",
  "FILE_TOO_LARGE",
  "IMAGE_UNREADABLE",
] as const

/** An upload's description for the API documentation. */
export const PICTURE_UPLOAD_DESCRIPTION =
  "multipart/form-data with the picture in the part `file` and an optional `alt`, checked and stored as the " +
  "editors' pictures are: JPEG, PNG, GIF or WebP by its bytes (415 FILE_TYPE_NOT_ALLOWED otherwise), at most " +
  "10 MiB (413 FILE_TOO_LARGE), decodable (422 IMAGE_UNREADABLE); re-encoded as WebP without metadata."

export const AttachmentUpdateBody = StrictObject({ alt: Alt("The new alternative text (may be empty).") })
export type AttachmentUpdateBody = Static<typeof AttachmentUpdateBody>

// ---------------------------------------------------------------------------------------------------------
// Endpoints

const EDITOR_ERRORS = ["NOT_SIGNED_IN", "FORBIDDEN"] as const
const FILE_ERRORS = ["FILE_TYPE_NOT_ALLOWED", "FILE_TOO_LARGE", "IMAGE_UNREADABLE"] as const
const BASE = "/api/v1/editor/articles/attachments"

const UPLOAD_DESCRIPTION =
  "multipart/form-data. The file is recognised by its bytes, whatever its name or Content-Type: anything but " +
  "JPEG, PNG, GIF or WebP (SVG too) is 415 FILE_TYPE_NOT_ALLOWED; over 10 MiB 413 FILE_TOO_LARGE; bytes that do " +
  "not decode, or a picture over 12,000 pixels a side or 40 megapixels, 422 IMAGE_UNREADABLE. The picture is " +
  "turned upright by its EXIF orientation, its metadata dropped, and stored as WebP copies 480, 960 and 1600 " +
  "pixels wide (those not wider than the picture; its own width when narrower than 480). Of an animated GIF or " +
  "WebP only the first frame is kept."

/** Editors' pictures (admins and moderators), shared by the blog, the software blog and tutorials. */
export const contentAttachmentsApi = defineEndpoints("content-attachments", {
  list: {
    method: "GET",
    path: BASE,
    summary: "The editors' pictures, newest first",
    querystring: AttachmentListQuery,
    response: { 200: AttachmentList },
    errors: [...EDITOR_ERRORS],
  },
  upload: {
    method: "PUT",
    path: BASE,
    summary: "Uploads a picture for articles",
    description: UPLOAD_DESCRIPTION,
    body: multipart(AttachmentUploadForm),
    response: { 201: Attachment },
    errors: [...EDITOR_ERRORS, ...FILE_ERRORS],
  },
  get: {
    method: "GET",
    path: `${BASE}/:id`,
    summary: "One picture",
    params: IdParams,
    response: { 200: Attachment },
    errors: [...EDITOR_ERRORS, "ATTACHMENT_NOT_FOUND"],
  },
  update: {
    method: "PUT",
    path: `${BASE}/:id`,
    summary: "Changes a picture's alternative text",
    params: IdParams,
    body: AttachmentUpdateBody,
    response: { 200: Attachment },
    errors: [...EDITOR_ERRORS, "ATTACHMENT_NOT_FOUND"],
  },
  replace: {
    method: "POST",
    path: `${BASE}/:id`,
    summary: "Replaces a picture's file, keeping its id and alternative text",
    description:
      `${UPLOAD_DESCRIPTION} The copies get new addresses (the hash in them changes with the picture); the ` +
      "old ones answer 404, so replace the picture's address in the articles using it.",
    params: IdParams,
    body: multipart(AttachmentReplaceForm),
    response: { 200: Attachment },
    errors: [...EDITOR_ERRORS, "ATTACHMENT_NOT_FOUND", ...FILE_ERRORS],
  },
  remove: {
    method: "DELETE",
    path: `${BASE}/:id`,
    summary: "Deletes a picture and its copies (their addresses answer 404)",
    params: IdParams,
    response: { 204: NoContent("Deleted.") },
    errors: [...EDITOR_ERRORS, "ATTACHMENT_NOT_FOUND"],
  },
})
