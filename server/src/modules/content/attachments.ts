/*
 * Editors' pictures (contract/src/attachments.ts, migration 0023): what a file is comes from its bytes — the
 * magic numbers of JPEG, PNG, GIF and WebP, then a decode by sharp — never from its name or declared type. A
 * picture is turned upright (EXIF orientation), stripped of every piece of metadata (sharp writes none unless
 * asked) and stored as WebP copies in the database, served publicly at /media/{id}/{hash}-{width}.webp.
 *
 * Refusals are AttachmentErrors (attachment-routes.ts maps them to HTTP); SQL is parameterised; a picture and
 * its copies change in one transaction.
 */
import { createHash } from "node:crypto"
import {
  ATTACHMENT_ERROR_MESSAGES,
  ATTACHMENT_WIDTHS,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENT_PIXELS,
  MAX_ATTACHMENT_SIDE,
  attachmentMarkdown,
  mediaPath,
  type Attachment,
  type AttachmentErrorCode,
  type AttachmentList,
  type AttachmentListQuery,
  type AttachmentOriginalType,
} from "@manyhands/contract/attachments"
import sharp, { type SharpOptions } from "sharp"
import type { Database, Queryable } from "../../db/database"

/** What the service refuses; signing in and roles are the routes' business. */
export type AttachmentServiceErrorCode = Exclude<AttachmentErrorCode, "NOT_SIGNED_IN" | "FORBIDDEN">

export class AttachmentError extends Error {
  override name = "AttachmentError"
  constructor(
    readonly code: AttachmentServiceErrorCode,
    message: string = ATTACHMENT_ERROR_MESSAGES[code],
  ) {
    super(message)
  }
}

// ---------------------------------------------------------------------------------------------------------
// Pictures: pure functions

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0))

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte)

/** The type of a picture by its first bytes, or null for anything else (SVG, text, PDF …). */
export function detectImageType(bytes: Uint8Array): AttachmentOriginalType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg"
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png"
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif"
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp"
  return null
}

/** sharp's name of the decoder each type must be read by. */
const SHARP_FORMATS: Record<AttachmentOriginalType, string> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
}

/** The widths of the copies of a picture `width` pixels wide: those of ATTACHMENT_WIDTHS that fit, or its own. */
export function variantWidths(width: number): number[] {
  const fitting = ATTACHMENT_WIDTHS.filter((candidate) => candidate <= width)
  return fitting.length > 0 ? fitting : [width]
}

/** The first 16 hexadecimal digits of the sha256 of `bytes`: the picture's part of its copies' addresses. */
export function contentHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 16)
}

export interface ImageVariant {
  width: number
  height: number
  /** WebP. */
  content: Buffer
}

export interface ProcessedImage {
  originalType: AttachmentOriginalType
  /** Narrowest first. */
  variants: ImageVariant[]
  /** Of the largest copy. */
  hash: string
}

/**
 * How every upload is decoded: upright by its EXIF orientation; a damaged or truncated file fails (failOn
 * "error"); more pixels than allowed fail before decoding. `pages: 1`: of an animated GIF or WebP only the first
 * frame is read, so the copies are still pictures.
 */
const DECODE: SharpOptions = {
  autoOrient: true,
  failOn: "error",
  limitInputPixels: MAX_ATTACHMENT_PIXELS,
  pages: 1,
}

const WEBP_QUALITY = 80

const unreadable = () => new AttachmentError("IMAGE_UNREADABLE")

/**
 * Checks an upload by its bytes and makes its WebP copies. FILE_TOO_LARGE over MAX_ATTACHMENT_BYTES,
 * FILE_TYPE_NOT_ALLOWED unless it starts like a JPEG, PNG, GIF or WebP, IMAGE_UNREADABLE when sharp cannot
 * decode it as that type or it is over MAX_ATTACHMENT_SIDE pixels a side or MAX_ATTACHMENT_PIXELS in all.
 * sharp writes no metadata (EXIF, XMP, IPTC, ICC) unless told to: the copies carry none; colours are sRGB.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > MAX_ATTACHMENT_BYTES) throw new AttachmentError("FILE_TOO_LARGE")
  const originalType = detectImageType(bytes)
  if (!originalType) throw new AttachmentError("FILE_TYPE_NOT_ALLOWED")
  let size: { width: number; height: number }
  try {
    const metadata = await sharp(bytes, DECODE).metadata()
    if (metadata.format !== SHARP_FORMATS[originalType]) throw unreadable()
    size = metadata.autoOrient
  } catch {
    throw unreadable()
  }
  const { width, height } = size
  if (
    !(width > 0 && height > 0) ||
    width > MAX_ATTACHMENT_SIDE ||
    height > MAX_ATTACHMENT_SIDE ||
    width * height > MAX_ATTACHMENT_PIXELS
  )
    throw unreadable()
  const variants: ImageVariant[] = []
  // One copy at a time: a large picture's decoded pixels are held once, not three times.
  for (const target of variantWidths(width)) {
    try {
      const { data, info } = await sharp(bytes, DECODE)
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true })
      if (!variants.some((variant) => variant.width === info.width))
        variants.push({ width: info.width, height: info.height, content: data })
    } catch {
      throw unreadable()
    }
  }
  variants.sort((a, b) => a.width - b.width)
  return { originalType, variants, hash: contentHash(variants.at(-1)!.content) }
}

/** Whether an If-None-Match header names `etag` (or is `*`); weak validators match too (RFC 9110 §13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag)
}

// ---------------------------------------------------------------------------------------------------------
// The service

interface AttachmentRow {
  id: string
  file_name: string
  original_type: AttachmentOriginalType
  alt: string
  hash: string
  bytes: number
  width: number
  height: number
  uploader_id: string | null
  uploader_name: string | null
  created_at: Date | string
  widths: number[]
}

const COLUMNS = `a.id::text AS id, a.file_name, a.original_type, a.alt, a.hash, a.bytes, a.width, a.height,
  a.uploaded_by::text AS uploader_id, u.display_name AS uploader_name, a.created_at,
  ARRAY(SELECT v.width FROM content_attachment_variants v WHERE v.attachment_id = a.id ORDER BY v.width) AS widths`
const FROM = "content_attachments a LEFT JOIN users u ON u.id = a.uploaded_by"

function toAttachment(row: AttachmentRow): Attachment {
  const widths = row.widths.map(Number).sort((a, b) => a - b)
  const variants = widths.map((width) => ({ width, url: mediaPath(row.id, row.hash, width) }))
  const url = mediaPath(row.id, row.hash, Number(row.width))
  return {
    id: row.id,
    fileName: row.file_name,
    contentType: "image/webp",
    originalType: row.original_type,
    bytes: Number(row.bytes),
    width: Number(row.width),
    height: Number(row.height),
    alt: row.alt,
    url,
    variants,
    markdown: attachmentMarkdown(row.alt, url),
    uploadedBy: row.uploader_id === null ? null : { id: row.uploader_id, name: row.uploader_name },
    createdAt: new Date(row.created_at).toISOString(),
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`)

const notFound = () => new AttachmentError("ATTACHMENT_NOT_FOUND")

/** A new picture or a replacement: the file as uploaded. */
export interface AttachmentUpload {
  /** Already cleaned (sanitizeFileName). */
  fileName: string
  bytes: Buffer
}

export class Attachments {
  private readonly db: Database

  constructor({ db }: { db: Database }) {
    this.db = db
  }

  /** Newest first; `q` matches part of the file name or the alternative text. */
  async list(query: Partial<AttachmentListQuery>): Promise<AttachmentList> {
    const { page = 1, pageSize = 20 } = query
    const q = query.q?.trim()
    const pattern = q ? `%${escapeLike(q)}%` : null
    const where = "($1::text IS NULL OR a.file_name ILIKE $1 OR a.alt ILIKE $1)"
    const total = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM content_attachments a WHERE ${where}`,
      [pattern],
    )
    const { rows } = await this.db.query<AttachmentRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY a.id DESC LIMIT $2 OFFSET $3`,
      [pattern, pageSize, (page - 1) * pageSize],
    )
    return { items: rows.map(toAttachment), total: total.rows[0]!.n, page, pageSize }
  }

  /** ATTACHMENT_NOT_FOUND when there is no such picture. */
  async get(id: string, db: Queryable = this.db): Promise<Attachment> {
    const { rows } = await db.query<AttachmentRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE a.id = $1`, [id])
    if (!rows[0]) throw notFound()
    return toAttachment(rows[0])
  }

  async create(uploaderId: string, upload: AttachmentUpload & { alt: string }): Promise<Attachment> {
    const image = await processImage(upload.bytes)
    return this.db.transaction(async (tx) => {
      const largest = image.variants.at(-1)!
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO content_attachments (file_name, original_type, alt, hash, bytes, width, height, uploaded_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text AS id`,
        [
          upload.fileName,
          image.originalType,
          upload.alt,
          image.hash,
          largest.content.length,
          largest.width,
          largest.height,
          uploaderId,
        ],
      )
      const id = rows[0]!.id
      await insertVariants(tx, id, image.variants)
      return this.get(id, tx)
    })
  }

  /** A new file for a picture: same id and alternative text, new copies (and so new addresses). */
  async replace(id: string, uploaderId: string, upload: AttachmentUpload): Promise<Attachment> {
    // Nothing to decode for a picture that is not there.
    await this.get(id)
    const image = await processImage(upload.bytes)
    return this.db.transaction(async (tx) => {
      const largest = image.variants.at(-1)!
      const { rows } = await tx.query<{ id: string }>(
        `UPDATE content_attachments SET file_name = $2, original_type = $3, hash = $4, bytes = $5, width = $6,
           height = $7, uploaded_by = $8, updated_at = now()
         WHERE id = $1 RETURNING id::text AS id`,
        [
          id,
          upload.fileName,
          image.originalType,
          image.hash,
          largest.content.length,
          largest.width,
          largest.height,
          uploaderId,
        ],
      )
      if (!rows[0]) throw notFound()
      await tx.query("DELETE FROM content_attachment_variants WHERE attachment_id = $1", [id])
      await insertVariants(tx, id, image.variants)
      return this.get(id, tx)
    })
  }

  async updateAlt(id: string, alt: string): Promise<Attachment> {
    const { rows } = await this.db.query<{ id: string }>(
      "UPDATE content_attachments SET alt = $2, updated_at = now() WHERE id = $1 RETURNING id::text AS id",
      [id, alt],
    )
    if (!rows[0]) throw notFound()
    return this.get(id)
  }

  /** Deletes a picture and its copies. */
  async remove(id: string): Promise<void> {
    const { rows } = await this.db.query("DELETE FROM content_attachments WHERE id = $1 RETURNING id", [id])
    if (rows.length === 0) throw notFound()
  }

  /** The bytes of one copy (WebP) when the picture, its current hash and the width all match; else null. */
  async variant(id: string, hash: string, width: number): Promise<Buffer | null> {
    const { rows } = await this.db.query<{ content: Uint8Array }>(
      `SELECT v.content FROM content_attachment_variants v JOIN content_attachments a ON a.id = v.attachment_id
       WHERE a.id = $1 AND a.hash = $2 AND v.width = $3`,
      [id, hash, width],
    )
    return rows[0] ? Buffer.from(rows[0].content) : null
  }
}

async function insertVariants(tx: Queryable, id: string, variants: ImageVariant[]) {
  for (const variant of variants)
    await tx.query(
      `INSERT INTO content_attachment_variants (attachment_id, width, height, content) VALUES ($1, $2, $3, $4)`,
      [id, variant.width, variant.height, variant.content],
    )
}
