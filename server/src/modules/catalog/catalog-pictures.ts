/*
 * Programs' logos and screenshots: pictures of the content platform's attachment store (content/attachments.ts),
 * linked to a program in software_pictures and shown as their WebP copies.
 */
import { mediaPath } from "@manyhands/contract/attachments"
import type { SoftwarePicture } from "@manyhands/contract/catalog"
import type { Queryable } from "../../db/database"

interface PictureRow {
  id: string
  hash: string
  width: number
  height: number
  alt: string
  widths: number[]
}

const toPicture = (row: PictureRow): SoftwarePicture => ({
  id: row.id,
  url: mediaPath(row.id, row.hash, row.width),
  variants: row.widths.map((width) => ({ width, url: mediaPath(row.id, row.hash, width) })),
  width: row.width,
  height: row.height,
  alt: row.alt,
})

/** The pictures with these ids that exist, by id. */
export async function picturesById(db: Queryable, ids: string[]): Promise<Map<string, SoftwarePicture>> {
  if (ids.length === 0) return new Map()
  const { rows } = await db.query<PictureRow>(
    `SELECT a.id::text, a.hash, a.width, a.height, a.alt,
            ARRAY(SELECT v.width FROM content_attachment_variants v WHERE v.attachment_id = a.id
                   ORDER BY v.width) AS widths
       FROM content_attachments a WHERE a.id = ANY($1::bigint[])`,
    [ids],
  )
  return new Map(rows.map((row) => [row.id, toPicture(row)]))
}

/** A program's linked pictures: its logo's id and its screenshots' ids in order. */
export async function pictureIdsOf(
  db: Queryable,
  softwareId: string,
): Promise<{ logoId: string | null; screenshotIds: string[] }> {
  const { rows } = await db.query<{ attachment_id: string; role: "logo" | "screenshot" }>(
    `SELECT attachment_id::text, role FROM software_pictures WHERE software_id = $1 ORDER BY position, attachment_id`,
    [softwareId],
  )
  return {
    logoId: rows.find((row) => row.role === "logo")?.attachment_id ?? null,
    screenshotIds: rows.filter((row) => row.role === "screenshot").map((row) => row.attachment_id),
  }
}

/** The logo and screenshots of a program, as shown. */
export async function programPictures(
  db: Queryable,
  softwareId: string,
): Promise<{ logo: SoftwarePicture | null; screenshots: SoftwarePicture[] }> {
  const { logoId, screenshotIds } = await pictureIdsOf(db, softwareId)
  const found = await picturesById(db, logoId ? [logoId, ...screenshotIds] : screenshotIds)
  return {
    logo: (logoId && found.get(logoId)) || null,
    screenshots: screenshotIds.flatMap((id) => found.get(id) ?? []),
  }
}

/** SQL for a program's (alias i) logo's smallest copy as a /media/ path, or null. */
export const LOGO_URL_SQL = `(SELECT '/media/' || a.id || '/' || a.hash || '-' ||
    (SELECT min(v.width) FROM content_attachment_variants v WHERE v.attachment_id = a.id) || '.webp'
    FROM software_pictures sp JOIN content_attachments a ON a.id = sp.attachment_id
   WHERE sp.software_id = i.id AND sp.role = 'logo')`
