import type { FastifyInstance } from "fastify"
import sanitizeHtml from "sanitize-html"
import { DISPLAY_NAME_MAX, userApi } from "@manyhands/contract/accounts"
import type { AccountDeps } from "../accounts/deps"
import { answerWith, HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { loadSignedInUser } from "../auth/schemas"
import { requireAdmin, requireUser } from "../session/sessions"
import { recordAuthEvent } from "../auth/events"
import { recordStaffAction, staffActor } from "../ops/audit"
import { OPS_USER_STATUS, OpsUserError, setUserRoles, userDetail } from "../ops/users-service"

const answerOpsUser = answerWith(OpsUserError, (error) => OPS_USER_STATUS[error.code])

/** Trimmed; an empty name means "none". */
function cleanDisplayName(name: string | null): string | null {
  const trimmed = name?.trim() ?? ""
  if ([...trimmed].length > DISPLAY_NAME_MAX) {
    const message = `Use at most ${DISPLAY_NAME_MAX} characters.`
    throw new HttpError(400, "DISPLAY_NAME_TOO_LONG", message, [{ field: "profile.displayName", message }])
  }
  return trimmed === "" ? null : trimmed
}

/** The canonical IANA name ("europe/berlin" → "Europe/Berlin"), or a 400 for anything Intl does not know. */
function canonicalTimeZone(name: string): string {
  let canonical: string | undefined
  try {
    canonical = new Intl.DateTimeFormat("en-US", { timeZone: name.trim() }).resolvedOptions().timeZone
  } catch {
    canonical = undefined
  }
  // Newer engines also take offsets such as "+01:00", which are no IANA names and ignore summer time.
  if (!canonical || /^[+-]/.test(canonical)) {
    const message = "Choose a time zone from the list, such as Europe/Berlin."
    throw new HttpError(400, "TIMEZONE_INVALID", message, [{ field: "profile.timezone", message }])
  }
  return canonical
}

/** Tags an administrator may use in a system message; everything else (scripts, styles, handlers) goes. */
export function sanitizeMessage(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      "p",
      "br",
      "strong",
      "b",
      "em",
      "i",
      "u",
      "a",
      "ul",
      "ol",
      "li",
      "h3",
      "h4",
      "blockquote",
      "code",
    ],
    allowedAttributes: { a: ["href", "title", "rel"] },
    allowedSchemes: ["https", "http", "mailto"],
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
  })
}

/** The current user (spec §7): read, change the interface language or user type, read system messages. */
export async function userRoutes(fastify: FastifyInstance, { db }: AccountDeps) {
  const app = api(fastify)
  app.route({
    ...routeOf(userApi.me),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store")
      return requireUser(request)
    },
  })

  app.route({
    ...routeOf(userApi.update),
    handler: async (request) => {
      const user = requireUser(request)
      const { interfaceLanguage, profile } = request.body
      if (profile?.userType && user.profile.userType && profile.userType !== user.profile.userType) {
        throw new HttpError(409, "USER_TYPE_ALREADY_SET", "Your account type is already chosen.")
      }
      const displayName =
        profile?.displayName === undefined ? undefined : cleanDisplayName(profile.displayName)
      const timezone = profile?.timezone === undefined ? undefined : canonicalTimeZone(profile.timezone)
      await db.query(
        `UPDATE users SET interface_language = coalesce($2, interface_language),
                          user_type = coalesce(user_type, $3),
                          display_name = CASE WHEN $4::boolean THEN $5 ELSE display_name END,
                          timezone = coalesce($6, timezone)
          WHERE id = $1`,
        [
          user.id,
          interfaceLanguage ?? null,
          profile?.userType ?? null,
          displayName !== undefined,
          displayName ?? null,
          timezone ?? null,
        ],
      )
      return loadSignedInUser(db, user.id)
    },
  })

  app.route({
    ...routeOf(userApi.setRoles),
    handler: async (request) => {
      const admin = requireAdmin(request)
      const { roles } = request.body
      const { id } = request.params
      // Audited, and refused when an administrator would remove their own administrator role (ops/users-service.ts).
      const changed = await answerOpsUser(async () =>
        roles
          ? setUserRoles(db, staffActor(request, admin, "admin"), id, roles)
          : userDetail(db, id).then(({ user }) => ({ id: user.id, email: user.email, roles: user.roles })),
      )
      request.log.info({ by: admin.id, roles: changed.roles }, "roles set")
      if (roles) await recordAuthEvent(db, request, changed.id, "roles_changed")
      return changed
    },
  })

  app.route({
    ...routeOf(userApi.readSystemMessage),
    handler: async (request) => {
      const user = requireUser(request)
      const { rows } = await db.query<{ id: string }>(
        `UPDATE system_messages SET read_at = coalesce(read_at, now())
          WHERE id = $1 AND user_id = $2 RETURNING id::text AS id`,
        [request.body.id, user.id],
      )
      if (rows.length === 0)
        throw new HttpError(404, "MESSAGE_NOT_FOUND", "There is no such message for you.")
      return { ok: true as const }
    },
  })

  app.route({
    ...routeOf(userApi.sendSystemMessage),
    handler: async (request, reply) => {
      const admin = requireAdmin(request)
      const message = Object.fromEntries(
        Object.entries(request.body.message).map(([language, html]) => [language, sanitizeMessage(html)]),
      )
      // The message and its audit row together (the console's broadcasts do the same: ops/messages.ts).
      const sent = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string; user_id: string }>(
          `INSERT INTO system_messages (user_id, message)
           SELECT id, $2 FROM users WHERE email = lower($1) RETURNING id::text AS id, user_id::text`,
          [request.body.email, JSON.stringify(message)],
        )
        const row = rows[0]
        if (!row) return null
        await recordStaffAction(tx, staffActor(request, admin, "admin"), {
          action: "system_message.send",
          // One user's message row (the console's broadcasts are "system_message" with their own ids).
          targetKind: "user_system_message",
          targetId: row.id,
          subjectUserId: row.user_id,
          details: { languages: Object.keys(message) },
        })
        return row
      })
      if (!sent) throw new HttpError(404, "USER_NOT_FOUND", `No user has the address ${request.body.email}.`)
      return reply.code(201).send({ id: sent.id })
    },
  })
}
