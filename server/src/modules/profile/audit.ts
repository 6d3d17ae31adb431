import type { FastifyRequest } from "fastify"
import type { CurrentUser } from "@manyhands/contract/accounts"
import type { Mailer, MailTemplate } from "../mail/mailer"

/** "YYYY-MM-DD HH:MM" in UTC, as the notice mails show it. */
export const mailTime = (date = new Date()) => date.toISOString().slice(0, 16).replace("T", " ")

/**
 * A notice to the account's own address (password changed, 2FA on/off, deleted). The change has already
 * happened, so a failing mail server is logged rather than turned into an error answer.
 */
export async function notifyOwner(
  mailer: Mailer,
  request: FastifyRequest,
  user: CurrentUser,
  template: MailTemplate,
): Promise<void> {
  try {
    await mailer.send({
      to: user.email,
      template,
      language: user.interfaceLanguage,
      params: { email: user.email, time: mailTime() },
    })
  } catch (err) {
    request.log.error({ err, userId: user.id, template }, "notice mail failed")
  }
}
