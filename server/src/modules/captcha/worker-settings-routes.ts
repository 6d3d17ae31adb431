import type { FastifyInstance } from "fastify"
import { workerSettingsApi, type WorkerSettings } from "@manyhands/contract/captcha"
import type { Database } from "../../db/database"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { requireWorker } from "../session/sessions"
import { LANGUAGES } from "./task-types"

/*
 * The worker's settings (CAPTCHA-API.md, "Settings and prices"): the languages of the text tasks they take.
 */

const WORKER_ONLY = "Worker settings belong to worker accounts."

function checkLanguages(languages: string[]) {
  languages.forEach((code, index) => {
    if (LANGUAGES.includes(code)) return
    const message = `${JSON.stringify(code)} is not a language code of the captcha API (en, ru, es, …).`
    throw new HttpError(400, "LANGUAGE_UNKNOWN", message, [{ field: `languages.${index}`, message }])
  })
}

/** GET and PUT /api/v2/worker/settings, for worker accounts. */
export async function workerSettingsRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const read = async (userId: string): Promise<WorkerSettings> => {
    const { rows } = await db.query<{ languages: string[] }>(
      "SELECT worker_languages AS languages FROM users WHERE id = $1",
      [userId],
    )
    return { languages: rows[0]!.languages, available: LANGUAGES }
  }

  const app = api(fastify)
  app.route({
    ...routeOf(workerSettingsApi.settings),
    handler: async (request) => read(requireWorker(request, WORKER_ONLY).id),
  })

  app.route({
    ...routeOf(workerSettingsApi.settingsChange),
    handler: async (request) => {
      const user = requireWorker(request, WORKER_ONLY)
      checkLanguages(request.body.languages)
      await db.query("UPDATE users SET worker_languages = $2 WHERE id = $1", [
        user.id,
        request.body.languages,
      ])
      return read(user.id)
    },
  })
}
