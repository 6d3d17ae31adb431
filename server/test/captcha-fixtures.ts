import { createHash, randomBytes } from "node:crypto"
import { deflateSync } from "node:zlib"
import type { Queryable } from "../src/db/database"
import type { NewTask } from "../src/modules/captcha/task-types"

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(data: Buffer): number {
  let c = 0xffffffff
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, "latin1"), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A valid grey PNG of this size (noise rows, so it is not tiny), made without an image library. */
export function pngImage(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 0, 0, 0, 0], 8) // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height)
  for (let i = 0; i < rows.length; i++) rows[i] = i % (width + 1) === 0 ? 0 : (i * 7919) % 251
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ])
}

/** A 60×20 captcha-sized PNG. */
export const PNG = pngImage(60, 20)

export const imageTask = (extra: Partial<NewTask> = {}): NewTask => ({
  type: "ImageToTextTask",
  params: {},
  files: [{ name: "body", mime: "image/png", data: PNG }],
  language: null,
  ...extra,
})

export async function userId(db: Queryable, email: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>("SELECT id::text FROM users WHERE email = $1", [email])
  if (!rows[0]) throw new Error(`No user ${email}`)
  return rows[0].id
}

/** Gives the account a new API key (stored as the profile stores it: SHA-256 only) and returns the key. */
export async function giveApiKey(db: Queryable, email: string): Promise<string> {
  const key = randomBytes(16).toString("hex")
  await db.query("UPDATE users SET api_key_hash = $2, api_key_hint = $3 WHERE email = $1", [
    email,
    createHash("sha256").update(key).digest(),
    key.slice(-4),
  ])
  return key
}

/** A new account of this type; returns its id. */
export async function newUser(
  db: Queryable,
  email: string,
  userType: "customer" | "worker",
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, user_type, email_confirmed_at) VALUES ($1, 'x', $2, now())
     RETURNING id::text`,
    [email, userType],
  )
  return rows[0]!.id
}
