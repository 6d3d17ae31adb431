import type { CurrentUser } from "@manyhands/contract/accounts"
import type { FastifyRequest } from "fastify"
import type { Queryable } from "../../db/database"
import { HttpError } from "../../http/errors"
import { loadCurrentUser } from "../session/current-user"

/*
 * Helpers of the auth and profile routes. Their request and answer schemas are @manyhands/contract/accounts.
 */

/** Addresses are stored and compared trimmed and lowercased (the users table insists on lowercase). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase()

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

/**
 * The user an answer signs in or shows; an account deleted meanwhile answers as a session without its user
 * does (400 ERROR_EMPTY_USER), never as an empty user.
 */
export async function loadSignedInUser(db: Queryable, userId: string): Promise<CurrentUser> {
  const user = await loadCurrentUser(db, userId)
  if (!user) throw new HttpError(400, "ERROR_EMPTY_USER", "The account of this session no longer exists.")
  return user
}
