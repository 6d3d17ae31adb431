import type { FastifyInstance } from "fastify"
import sanitizeHtml from "sanitize-html"
import { SITE_LANGUAGES } from "@manyhands/app/languages"
import type { Config } from "../../config"
import type { Database } from "../../db/database"
import { clearCookie } from "../../http/cookies"
import { HttpError } from "../../http/errors"
import { loadCurrentUser } from "../session/current-user"
import { requireUser, SESSION_COOKIE } from "../session/sessions"
import { endSession } from "../session/store"

const userTypes = ["developer", "customer", "worker"]

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
export async function userRoutes(app: FastifyInstance, { db, config }: { db: Database; config: Config }) {
  app.get("/api/v2/user", async (request, reply) => {
    reply.header("cache-control", "no-store")
    return requireUser(request)
  })

  app.put<{ Body: { interfaceLanguage?: string; profile?: { userType?: string } } }>(
    "/api/v2/user",
    {
      schema: {
        body: {
          type: "object",
          additionalProperties: false,
          minProperties: 1,
          properties: {
            interfaceLanguage: { enum: [...SITE_LANGUAGES] },
            profile: {
              type: "object",
              additionalProperties: false,
              minProperties: 1,
              properties: { userType: { enum: userTypes } },
            },
          },
        },
      },
    },
    async (request) => {
      const user = requireUser(request)
      const { interfaceLanguage, profile } = request.body
      if (profile?.userType && user.profile.userType && profile.userType !== user.profile.userType) {
        throw new HttpError(409, "USER_TYPE_ALREADY_SET", "Your account type is already chosen.")
      }
      await db.query(
        `UPDATE users SET interface_language = coalesce($2, interface_language),
                          user_type = coalesce(user_type, $3)
          WHERE id = $1`,
        [user.id, interfaceLanguage ?? null, profile?.userType ?? null],
      )
      return loadCurrentUser(db, user.id)
    },
  )

  app.put<{ Body: { id: string } }>(
    "/api/v2/user/system_message_read",
    {
      schema: {
        body: {
          type: "object",
          required: ["id"],
          additionalProperties: false,
          properties: { id: { type: "string", pattern: "^[0-9]{1,18}$" } },
        },
      },
    },
    async (request) => {
      const user = requireUser(request)
      const { rows } = await db.query<{ id: string }>(
        `UPDATE system_messages SET read_at = coalesce(read_at, now())
          WHERE id = $1 AND user_id = $2 RETURNING id::text AS id`,
        [request.body.id, user.id],
      )
      if (rows.length === 0)
        throw new HttpError(404, "MESSAGE_NOT_FOUND", "There is no such message for you.")
      return { ok: true }
    },
  )

  app.post<{ Body: { email: string; message: Record<string, string> } }>(
    "/api/v2/admin/system-messages",
    {
      schema: {
        body: {
          type: "object",
          required: ["email", "message"],
          additionalProperties: false,
          properties: {
            email: { type: "string", minLength: 3, maxLength: 254 },
            message: {
              type: "object",
              required: ["en"],
              minProperties: 1,
              propertyNames: { enum: [...SITE_LANGUAGES] },
              additionalProperties: { type: "string", minLength: 1, maxLength: 20_000 },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const admin = requireUser(request)
      if (!admin.permissions.admin) throw new HttpError(403, "FORBIDDEN", "Only administrators can do this.")
      const message = Object.fromEntries(
        Object.entries(request.body.message).map(([language, html]) => [language, sanitizeMessage(html)]),
      )
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO system_messages (user_id, message)
         SELECT id, $2 FROM users WHERE email = lower($1) RETURNING id::text AS id`,
        [request.body.email, JSON.stringify(message)],
      )
      if (!rows[0])
        throw new HttpError(404, "USER_NOT_FOUND", `No user has the address ${request.body.email}.`)
      return reply.code(201).send({ id: rows[0].id })
    },
  )

  // Spec §8 sends a session without a user here; it also serves the sign-out link.
  app.get("/auth/logout", async (request, reply) => {
    if (request.visitor.sessionToken) await endSession(db, request.visitor.sessionToken)
    clearCookie(reply, SESSION_COOKIE, { httpOnly: true, secure: config.secureCookies })
    return reply.header("cache-control", "no-store").redirect("/", 302)
  })
}
