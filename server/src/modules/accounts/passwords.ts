import { hash, verify } from "@node-rs/argon2"
import { readFileSync } from "node:fs"
import { join } from "node:path"
// The lengths a new password may have are part of the API contract (screens check them too).
import { PASSWORD_MAX, PASSWORD_MIN } from "@manyhands/contract/accounts"
import { serverRoot } from "../../paths"

/** OWASP's argon2id parameters: 19 MiB, two passes, one lane (ASVS 11.4.2, RFC 9106). */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

let common: Set<string> | undefined
/** The shipped list of the most common passwords (server/data/common-passwords.txt), read once. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(join(serverRoot, "data/common-passwords.txt"), "utf8")
      .split("\n")
      .filter((line) => line && !line.startsWith("#")),
  )
  return common
}

export type PasswordProblem = "PASSWORD_TOO_SHORT" | "PASSWORD_TOO_LONG" | "PASSWORD_TOO_COMMON"

/**
 * Why a new password is refused, or null. No composition rules (ASVS 6.2.5): length, and not one of the
 * most common passwords, nor the account's own address.
 */
export function passwordProblem(password: string, email?: string): PasswordProblem | null {
  const length = [...password].length
  if (length < PASSWORD_MIN) return "PASSWORD_TOO_SHORT"
  if (length > PASSWORD_MAX) return "PASSWORD_TOO_LONG"
  const lower = password.toLowerCase()
  if (commonPasswords().has(lower) || (email && lower === email.toLowerCase())) return "PASSWORD_TOO_COMMON"
  return null
}

export const PASSWORD_MESSAGES: Record<PasswordProblem, string> = {
  PASSWORD_TOO_SHORT: `Use at least ${PASSWORD_MIN} characters.`,
  PASSWORD_TOO_LONG: `Use at most ${PASSWORD_MAX} characters.`,
  PASSWORD_TOO_COMMON: "This password is too common; choose one that is harder to guess.",
}

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS)

/** Constant work whether or not the account exists: a dummy hash is checked when there is none. */
let dummyHash: Promise<string> | undefined
export async function verifyPassword(passwordHash: string | null | undefined, password: string) {
  if (!passwordHash) {
    dummyHash ??= hashPassword("no account has this password")
    await verify(await dummyHash, password)
    return false
  }
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}
