import type { FastifyInstance } from "fastify"
import { HttpError } from "../../http/errors"
import type { AccountDeps } from "../accounts/deps"
import { requireUser } from "../session/sessions"

export const NOTIFICATION_TOPICS = ["security", "payments", "tickets", "news", "product"] as const
export const NOTIFICATION_CHANNELS = ["email", "site"] as const

type Topic = (typeof NOTIFICATION_TOPICS)[number]
type Channel = (typeof NOTIFICATION_CHANNELS)[number]
export type NotificationSettings = Record<Topic, Record<Channel, boolean>>
type Choices = Partial<Record<Topic, Partial<Record<Channel, boolean>>>>

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

const channelsSchema = {
  type: "object",
  additionalProperties: false,
  properties: Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, { type: "boolean" }])),
}
const settingsSchema = {
  type: "object",
  additionalProperties: false,
  properties: Object.fromEntries(NOTIFICATION_TOPICS.map((topic) => [topic, channelsSchema])),
}
const answerSchema = {
  type: "object",
  required: ["settings"],
  properties: { settings: settingsSchema },
}

/** Notification settings by topic and channel (/profile/notif). */
export async function notificationRoutes(app: FastifyInstance, { db }: AccountDeps) {
  const storedChoices = async (userId: string) => {
    const { rows } = await db.query<{ settings: Choices }>(
      "SELECT notification_settings AS settings FROM users WHERE id = $1",
      [userId],
    )
    return rows[0]?.settings ?? {}
  }

  app.get(
    "/api/v2/profile/notifications",
    { schema: { response: { 200: answerSchema } } },
    async (request) => {
      const user = requireUser(request)
      return { settings: mergeNotificationSettings(await storedChoices(user.id)) }
    },
  )

  // Takes all or part of the settings: missing entries keep their earlier value.
  app.put<{ Body: { settings: Choices } }>(
    "/api/v2/profile/notifications",
    {
      schema: {
        body: {
          type: "object",
          required: ["settings"],
          additionalProperties: false,
          properties: { settings: settingsSchema },
        },
        response: { 200: answerSchema },
      },
    },
    async (request) => {
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
  )
}
