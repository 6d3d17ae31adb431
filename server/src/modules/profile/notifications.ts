import type { FastifyInstance } from "fastify"
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TOPICS,
  profileApi,
  type NotificationChoices as Choices,
  type NotificationSettings,
} from "@manyhands/contract/accounts"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import type { AccountDeps } from "../accounts/deps"
import { requireUser } from "../session/sessions"

/** Everything on, except news by mail (opt-in); security mail cannot be turned off. */
export function defaultNotificationSettings(): NotificationSettings {
  const settings = Object.fromEntries(
    NOTIFICATION_TOPICS.map((topic) => [topic, { email: true, site: true }]),
  ) as NotificationSettings
  settings.news.email = false
  return settings
}

/** The user's stored choices over the defaults; unknown stored keys are ignored. */
export function mergeNotificationSettings(choices: Choices): NotificationSettings {
  const settings = defaultNotificationSettings()
  for (const topic of NOTIFICATION_TOPICS) {
    for (const channel of NOTIFICATION_CHANNELS) {
      const choice = choices[topic]?.[channel]
      if (typeof choice === "boolean") settings[topic][channel] = choice
    }
  }
  settings.security.email = true
  return settings
}

/** Notification settings by topic and channel (/profile/notif). */
export async function notificationRoutes(fastify: FastifyInstance, { db }: AccountDeps) {
  const app = api(fastify)
  const storedChoices = async (userId: string) => {
    const { rows } = await db.query<{ settings: Choices }>(
      "SELECT notification_settings AS settings FROM users WHERE id = $1",
      [userId],
    )
    return rows[0]?.settings ?? {}
  }

  app.route({
    ...routeOf(profileApi.notifications),
    handler: async (request) => {
      const user = requireUser(request)
      return { settings: mergeNotificationSettings(await storedChoices(user.id)) }
    },
  })

  // Takes all or part of the settings: missing entries keep their earlier value.
  app.route({
    ...routeOf(profileApi.updateNotifications),
    handler: async (request) => {
      const user = requireUser(request)
      const { settings } = request.body
      if (settings.security?.email === false) {
        const message = "Security notices are always sent by mail."
        throw new HttpError(400, "SECURITY_MAIL_REQUIRED", message, [
          { field: "settings.security.email", message },
        ])
      }
      // Only what the user chose is stored, so a later change of a default reaches everyone else.
      const choices: Choices = { ...(await storedChoices(user.id)) }
      for (const topic of NOTIFICATION_TOPICS) {
        const given = settings[topic]
        if (given) choices[topic] = { ...choices[topic], ...given }
      }
      delete choices.security?.email
      await db.query("UPDATE users SET notification_settings = $2 WHERE id = $1", [
        user.id,
        JSON.stringify(choices),
      ])
      return { settings: mergeNotificationSettings(choices) }
    },
  })
}
