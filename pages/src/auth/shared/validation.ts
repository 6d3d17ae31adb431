import type { Translate } from "../../blocks"
import { isEmail, PASSWORD_MIN_LENGTH, passwordProblem } from "../../forms"

/** The client check of an email field, in words (t of the auth namespace). */
export function emailError(t: Translate, value: string): string | undefined {
  if (!value.trim()) return t("validation.emailRequired")
  if (!isEmail(value)) return t("validation.emailInvalid")
  return undefined
}

/**
 * The client check of a new password: the server's own messages (common:errors.codes.*) for the rules both
 * sides know; only the server knows the list of common passwords.
 */
export function newPasswordError(common: Translate, value: string): string | undefined {
  const problem = passwordProblem(value)
  return problem ? common(`errors.codes.${problem}`) : undefined
}

/** The live hint under a new password: how far from the minimum, then a word of advice. */
export function newPasswordHint(t: (key: string, options: { length: number }) => string, value: string) {
  const length = [...value].length
  return length >= PASSWORD_MIN_LENGTH
    ? t("passwordHint.fine", { length })
    : t("passwordHint.short", { length })
}
