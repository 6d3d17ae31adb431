import { randomInt } from "node:crypto"
import { verify } from "@node-rs/argon2"
import type { Queryable } from "../../db/database"
import { hashPassword } from "./passwords"

/** Lowercase letters and digits without the look-alikes 0/o, 1/l/i, so codes survive being written down. */
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
const CODE_COUNT = 10
const CODE_LENGTH = 8

/** "ab3d ef7h", "AB3D-EF7H" and "ab3def7h" are the same code. */
const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, "")
const WELL_FORMED = new RegExp(`^[${ALPHABET}]{${CODE_LENGTH}}$`)

function newCode(): string {
  let code = ""
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)]
  return code
}

/**
 * Ten new recovery codes ("xxxx-xxxx", about 40 random bits each) for a user; the old ones stop working.
 * Only argon2id hashes are stored, so a leaked table does not give them away (ASVS 6.5.2).
 */
export async function createRecoveryCodes(db: Queryable, userId: string): Promise<string[]> {
  const codes = Array.from({ length: CODE_COUNT }, newCode)
  // Hash first: the slow part should not sit between the delete and the inserts.
  const hashes = await Promise.all(codes.map((code) => hashPassword(code)))
  await db.query("DELETE FROM recovery_codes WHERE user_id = $1", [userId])
  await db.query(`INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])`, [
    userId,
    hashes,
  ])
  return codes.map((code) => `${code.slice(0, 4)}-${code.slice(4)}`)
}

/**
 * Spends one of the user's unused recovery codes. The code is marked used in a statement that also checks
 * it was still unused, so two requests cannot both sign in with it.
 */
export async function useRecoveryCode(db: Queryable, userId: string, code: string): Promise<boolean> {
  const clean = normalise(code)
  if (!WELL_FORMED.test(clean)) return false
  const { rows } = await db.query<{ id: string; code_hash: string }>(
    "SELECT id::text AS id, code_hash FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL",
    [userId],
  )
  const checks = await Promise.all(rows.map((row) => verify(row.code_hash, clean).catch(() => false)))
  const match = rows[checks.indexOf(true)]
  if (!match) return false
  const spent = await db.query(
    "UPDATE recovery_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING 1",
    [match.id],
  )
  return spent.rows.length === 1
}

export async function recoveryCodesLeft(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    "SELECT count(*)::int AS count FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL",
    [userId],
  )
  return rows[0]?.count ?? 0
}
