import type { FastifyRequest } from "fastify"
import { HttpError } from "../../http/errors"
import { PASSWORD_MAX } from "../accounts/passwords"

/** Something@something, at most 254 characters (RFC 5321); spaces around it are forgiven. */
export const emailSchema = {
  type: "string",
  minLength: 3,
  maxLength: 254,
  pattern: "^\\s*[^\\s@]+@[^\\s@]+\\s*$",
} as const

/** Addresses are stored and compared trimmed and lowercased (the users table insists on lowercase). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/** A password to check at sign-in: none longer than PASSWORD_MAX can exist, and the cap bounds hashing work. */
export const signInPasswordSchema = { type: "string", minLength: 1, maxLength: PASSWORD_MAX } as const

/** The {hash}/{userId} pair of a mail link. */
export const linkProperties = {
  hash: { type: "string", minLength: 1, maxLength: 128, pattern: "^[A-Za-z0-9_-]+$" },
  userId: { type: "string", pattern: "^[0-9]{1,18}$" },
} as const

export const linkBodySchema = {
  type: "object",
  required: ["hash", "userId"],
  additionalProperties: false,
  properties: linkProperties,
} as const

export interface LinkBody {
  hash: string
  userId: string
}

export const tokenInvalid = () =>
  new HttpError(
    400,
    "TOKEN_INVALID",
    "This link is wrong, was already used or has expired. Ask for a new one.",
  )

/** The mail server failed: logged with its cause, answered with what the person can do. */
export function mailUnavailable(request: FastifyRequest, err: unknown): HttpError {
  request.log.error({ err }, "mail could not be sent")
  return new HttpError(
    503,
    "MAIL_UNAVAILABLE",
    "We could not send you the mail just now. Please try again in a few minutes.",
  )
}

/** Both engines report a unique-constraint violation with SQLSTATE 23505. */
export const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505"
