import {
  PASSWORD_MAX as PASSWORD_MAX_LENGTH,
  PASSWORD_MIN as PASSWORD_MIN_LENGTH,
} from "@manyhands/contract/accounts"
/** The server's password limits (the contract): length only, no composition rules. */
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH }

/**
 * A loose shape check that catches typos (a missing "@" or domain); the confirmation mail is the real test.
 */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())
}

/**
 * What is wrong with a new password, as the server's error code (translated by common:errors.codes.*), or
 * null. Common passwords are only known to the server.
 */
export function passwordProblem(value: string): "PASSWORD_TOO_SHORT" | "PASSWORD_TOO_LONG" | null {
  // Count characters as the user sees them (code points), not UTF-16 units.
  const length = [...value].length
  if (length < PASSWORD_MIN_LENGTH) return "PASSWORD_TOO_SHORT"
  if (length > PASSWORD_MAX_LENGTH) return "PASSWORD_TOO_LONG"
  return null
}

/** A code from an authenticator app: 6 digits; spaces do not count. */
export function isAppCode(value: string): boolean {
  return /^\d{6}$/.test(value.replace(/\s/g, ""))
}

/** A recovery code: 8 letters and digits, written "xxxx-xxxx"; spaces and dashes do not count (as on the server). */
export function isRecoveryCode(value: string): boolean {
  return /^[a-z0-9]{8}$/i.test(value.replace(/[\s-]/g, ""))
}
