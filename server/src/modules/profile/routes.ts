import type { FastifyInstance } from "fastify"
import type { AccountDeps } from "../accounts/deps"
import { apiKeyRoutes } from "./api-key"
import { deleteRoutes } from "./delete"
import { documentRoutes } from "./documents"
import { notificationRoutes } from "./notifications"
import { securityRoutes } from "./security"
import { sessionRoutes } from "./sessions"
import { twoFactorRoutes } from "./two-factor"

/** The signed-in user's profile and security settings (ACCOUNTS-API.md, "Current user and profile"). */
export async function profileRoutes(app: FastifyInstance, deps: AccountDeps) {
  await app.register(securityRoutes, deps)
  await app.register(sessionRoutes, deps)
  await app.register(twoFactorRoutes, deps)
  await app.register(apiKeyRoutes, deps)
  await app.register(notificationRoutes, deps)
  await app.register(documentRoutes, deps)
  await app.register(deleteRoutes, deps)
}
