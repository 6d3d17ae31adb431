import { randomBytes } from "node:crypto"
import sharp from "sharp"

/* Multipart forms and pictures for the upload tests. */

export type Part =
  { name: string; value: string } | { name: string; file: Buffer; filename: string; type: string }

/** A multipart/form-data body as a browser's FormData makes it. */
export function form(parts: Part[]) {
  const boundary = `----manyhands-test-${randomBytes(8).toString("hex")}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
      ("file" in part ? `; filename="${part.filename}"\r\nContent-Type: ${part.type}` : "") +
      "\r\n\r\n"
    chunks.push(Buffer.from(head), "file" in part ? part.file : Buffer.from(part.value), Buffer.from("\r\n"))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

export const filePart = (file: Buffer, filename: string, type: string): Part => ({
  name: "file",
  file,
  filename,
  type,
})

/** A solid picture of `width` × `height` in a format. */
export const picture = (width: number, height: number, format: "png" | "jpeg" | "gif" | "webp") =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer()
