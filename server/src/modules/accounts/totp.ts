import { createHmac, randomBytes, timingSafeEqual } from "node:crypto"
import type { Queryable } from "../../db/database"

/** RFC 6238 parameters every authenticator app understands: HMAC-SHA1, 6 digits, 30 s steps. */
export const TOTP_DIGITS = 6
export const TOTP_STEP_SECONDS = 30
/** Codes of the previous and next step are accepted too, for clocks that are a little off. */
const TOTP_WINDOW = 1

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

/** RFC 4648 base32 without padding (the form otpauth:// secrets take). */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0
  let value = 0
  let out = ""
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31]
  return out
}

/** Reads a base32 secret; case, spaces and padding are forgiven since people copy them by hand. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, "")
  const out: number[] = []
  let bits = 0
  let value = 0
  for (const char of clean) {
    const index = BASE32.indexOf(char)
    if (index < 0) throw new Error(`Not a base32 secret: unexpected "${char}"`)
    value = ((value << 5) | index) & 0xffff
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** A new secret: 160 random bits (RFC 4226 recommends the HMAC-SHA1 output size), base32. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20))
}

/** The address an authenticator app reads from the QR code (Key Uri Format). */
export function totpUri(secret: string, email: string): string {
  // "@" may stand in a URI path; apps show the label as written.
  const label = `Manyhands:${encodeURIComponent(email).replace(/%40/g, "@")}`
  const query = new URLSearchParams({
    secret,
    issuer: "Manyhands",
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  })
  return `otpauth://totp/${label}?${query.toString()}`
}

/** RFC 4226 HOTP with a chosen number of digits (the RFC 6238 test vectors use 8). */
export function hotp(key: Uint8Array, counter: number, digits: number): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const mac = createHmac("sha1", key).update(message).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const binary = mac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** digits).padStart(digits, "0")
}

const stepOf = (timeMs: number) => Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS)

/** The 6-digit code of a base32 secret at a moment (what the authenticator app shows). */
export function totpCode(secret: string, timeMs: number): string {
  return hotp(base32Decode(secret), stepOf(timeMs), TOTP_DIGITS)
}

const sameCode = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * Checks a code against the current step ±1 and spends it: the step is recorded on the user in the same
 * statement that checks it is newer than the last one used, so a code (or an older one) works only once,
 * even when two requests race.
 */
export async function verifyTotp(
  db: Queryable,
  userId: string,
  secret: string,
  code: string,
  nowMs = Date.now(),
): Promise<boolean> {
  if (!/^[0-9]{6}$/.test(code)) return false
  const key = base32Decode(secret)
  const now = stepOf(nowMs)
  let matched: number | null = null
  // Every candidate is compared (no early exit), so timing says nothing about which step matched.
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (sameCode(hotp(key, step, TOTP_DIGITS), code) && matched === null) matched = step
  }
  if (matched === null) return false
  const { rows } = await db.query(
    `UPDATE users SET totp_last_step = $2
      WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING 1`,
    [userId, matched],
  )
  return rows.length === 1
}
