import { randomBytes, timingSafeEqual } from "node:crypto"
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import type { CurrentUser } from "@manyhands/app/render-contract"
import type { Config } from "../../config"
import type { Database } from "../../db/database"
import { clearCookie, cookieName, requestCookies, setCookie } from "../../http/cookies"
import { HttpError } from "../../http/errors"
import { refuseIfBanned } from "../ops/users-bans"
import { loadCurrentUser } from "./current-user"
import { createSession, endSession, findSession, SESSION_ABSOLUTE_MS } from "./store"

export const SESSION_COOKIE = "mh_session"
export const CSRF_COOKIE = "mh_csrf"
export const CSRF_HEADER = "x-csrf-token"

/** Who is asking: the session (if any), its user and the CSRF token of this browser. */
export interface Visitor {
  cookies: Record<string, string>
  sessionToken: string | null
  /** A session exists but its user was deleted (spec §8 ERROR_EMPTY_USER). */
  emptyUser: boolean
  user: CurrentUser | null
  csrfToken: string | null
}

declare module "fastify" {
  interface FastifyRequest {
    visitor: Visitor
  }
  interface FastifyContextConfig {
    /** The route's caller proves itself otherwise (a payment provider's signed webhook): no CSRF header. */
    csrfExempt?: boolean
  }
}

/** Paths a browser may POST to without the CSRF header: reports that must work when the app is broken. */
const CSRF_EXEMPT = new Set(["/api/v1/client-errors"])
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"])

const sameToken = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * Server-side sessions and CSRF defence for every route. The CSRF token is a random value in an HttpOnly
 * cookie that the page also carries in its initial state; a state-changing API call must echo it in the
 * x-csrf-token header, which another site cannot read or set.
 */
export function installSessions(app: FastifyInstance, { db, config }: { db: Database; config: Config }) {
  app.decorateRequest("visitor", null as unknown as Visitor)
  app.addHook("onRequest", async (request) => {
    const cookies = requestCookies(request)
    const visitor: Visitor = {
      cookies,
      sessionToken: null,
      emptyUser: false,
      user: null,
      csrfToken: cookies[cookieName(CSRF_COOKIE, config.secureCookies)] ?? null,
    }
    request.visitor = visitor
    if (request.url.startsWith("/assets/") || request.url.startsWith("/media/")) return
    const token = cookies[cookieName(SESSION_COOKIE, config.secureCookies)]
    if (token) {
      const session = await findSession(db, token)
      if (session) {
        visitor.sessionToken = token
        visitor.user = session.user_id ? await loadCurrentUser(db, session.user_id) : null
        visitor.emptyUser = !visitor.user
      }
    }
    const path = request.url.split("?")[0] ?? ""
    if (SAFE_METHODS.has(request.method) || CSRF_EXEMPT.has(path)) return
    if (request.routeOptions.config?.csrfExempt === true) return
    // An API key in the Authorization or x-api-key header and no session cookie: nothing another site could ride
    // on (a browser never adds these headers to a cross-site request by itself).
    if (!token && /^Bearer\s/i.test(request.headers.authorization ?? "")) return
    if (!token && typeof request.headers["x-api-key"] === "string") return
    // Unknown API addresses answer 404 whatever the headers.
    if (request.routeOptions.url === "/api/*") return
    if (!path.startsWith("/api/") && !path.startsWith("/dev/")) return
    const sent = request.headers[CSRF_HEADER]
    if (typeof sent !== "string" || !visitor.csrfToken || !sameToken(sent, visitor.csrfToken)) {
      throw new HttpError(
        403,
        "CSRF_TOKEN_INVALID",
        "This request lacks the page's security token. Reload the page and try again.",
      )
    }
  })
}

/** The CSRF token of this browser, issuing one (in a cookie) on its first page. */
export function ensureCsrfToken(request: FastifyRequest, reply: FastifyReply, config: Config): string {
  if (request.visitor.csrfToken) return request.visitor.csrfToken
  const token = randomBytes(32).toString("base64url")
  setCookie(reply, CSRF_COOKIE, token, { httpOnly: true, secure: config.secureCookies })
  request.visitor.csrfToken = token
  return token
}

/**
 * Signs a user in on this browser: a new session token every time (no fixation); a session the browser
 * had before is ended.
 */
export async function startSession(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  userId: string,
) {
  // An administrator's ban keeps the account out, whichever way it signs in (ops/users-bans.ts).
  await refuseIfBanned(db, userId)
  if (request.visitor.sessionToken) await endSession(db, request.visitor.sessionToken)
  const token = await createSession(db, userId, {
    userAgent: request.headers["user-agent"],
    ip: request.ip,
  })
  await db.query("UPDATE users SET last_login_at = now() WHERE id = $1", [userId])
  setCookie(reply, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: config.secureCookies,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  })
}

/** The signed-in user, or a 401 / 400 ERROR_EMPTY_USER answer. */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (request.visitor.emptyUser)
    throw new HttpError(400, "ERROR_EMPTY_USER", "The account of this session no longer exists.")
  if (!request.visitor.user) throw new HttpError(401, "NOT_SIGNED_IN", "Sign in to use this.")
  return request.visitor.user
}

/** The signed-in user, who must be an administrator (403 FORBIDDEN otherwise). */
export function requireAdmin(request: FastifyRequest): CurrentUser {
  const user = requireUser(request)
  if (!user.permissions.admin) throw new HttpError(403, "FORBIDDEN", "Only administrators can do this.")
  return user
}

/** The signed-in user, who must be an administrator or a moderator (403 FORBIDDEN otherwise). */
export function requireStaff(request: FastifyRequest): CurrentUser {
  const user = requireUser(request)
  if (!user.permissions.admin && !user.permissions.moderator)
    throw new HttpError(403, "FORBIDDEN", "Only administrators and moderators can do this.")
  return user
}

/** The signed-in user, who must be a moderator (spec §6: the moderation page is moderator-only). */
export function requireModerator(request: FastifyRequest): CurrentUser {
  const user = requireUser(request)
  if (!user.permissions.moderator) throw new HttpError(403, "FORBIDDEN", "Only moderators can do this.")
  return user
}

/** The signed-in user, who must have a worker account (403 WORKER_ACCOUNT_REQUIRED otherwise). */
export function requireWorker(
  request: FastifyRequest,
  message = "This belongs to worker accounts.",
): CurrentUser {
  const user = requireUser(request)
  if (user.profile.userType !== "worker") throw new HttpError(403, "WORKER_ACCOUNT_REQUIRED", message)
  return user
}

/** Removes the session cookie from the browser (the session itself is ended by the caller). */
export function clearSessionCookie(reply: FastifyReply, config: Config) {
  clearCookie(reply, SESSION_COOKIE, { httpOnly: true, secure: config.secureCookies })
}
