import { createHash, randomBytes } from "node:crypto"
import type { FastifyInstance } from "fastify"
import { profileApi } from "@manyhands/contract/accounts"
import { api, routeOf } from "../../http/routes"
import type { AccountDeps } from "../accounts/deps"
import { requireUser } from "../session/sessions"
import { recordAuthEvent } from "../auth/events"

/**
 * The captcha API key (2captcha format: 32 lowercase hex digits). It is random and long, so a fast
 * SHA-256 is enough to store it (ASVS 11.4.1 allows this for high-entropy secrets); it is shown only once.
 */
export async function apiKeyRoutes(fastify: FastifyInstance, { db }: AccountDeps) {
  const app = api(fastify)
  app.route({
    ...routeOf(profileApi.apiKey),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const { rows } = await db.query<{ hint: string | null; created_at: Date | string | null }>(
        "SELECT api_key_hint AS hint, api_key_created_at AS created_at FROM users WHERE id = $1",
        [user.id],
      )
      const row = rows[0]!
      reply.header("cache-control", "no-store")
      return {
        exists: row.hint !== null,
        hint: row.hint,
        createdAt: row.created_at ? new Date(row.created_at).toISOString() : null,
      }
    },
  })

  app.route({
    ...routeOf(profileApi.createApiKey),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const key = randomBytes(16).toString("hex")
      const hint = key.slice(-4)
      // Replacing the hash is what makes the old key stop working.
      const { rows } = await db.query<{ created_at: Date | string }>(
        `UPDATE users SET api_key_hash = $2, api_key_hint = $3, api_key_prefix = $4, api_key_created_at = now()
          WHERE id = $1 RETURNING api_key_created_at AS created_at`,
        // The first 8 digits let staff find the account by the start of a key (ops/users-service.ts).
        [user.id, createHash("sha256").update(key).digest(), hint, key.slice(0, 8)],
      )
      await recordAuthEvent(db, request, user.id, "api_key_created")
      reply.header("cache-control", "no-store")
      return { key, hint, createdAt: new Date(rows[0]!.created_at).toISOString() }
    },
  })
}
