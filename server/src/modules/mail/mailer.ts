import type { FastifyBaseLogger } from "fastify"
import { createTransport, type Transporter } from "nodemailer"
import { escapeHtml } from "@manyhands/app/html"
import { canonicalUrl } from "@manyhands/app/sites"
import type { Config } from "../../config"
import type { Queryable } from "../../db/database"
import type { Translations } from "../../ssr/translations"

/** Mails the accounts module sends; their texts are locales/<language>/mail.json → <template>. */
export type MailTemplate =
  | "confirmEmail"
  | "accountExists"
  | "resetPassword"
  | "unlockAccount"
  | "passwordChanged"
  | "changeEmail"
  | "emailChangeNotice"
  | "changeWallet"
  | "twoFactorEnabled"
  | "twoFactorDisabled"
  | "accountDeleted"
  // Transfers between users (modules/transfers): the sender's confirmation link, the recipient's notice.
  | "moneyTransfer"
  | "moneyReceived"
  // Support tickets (modules/support): staff answered the customer; the customer wrote to the assignee.
  | "ticketReply"
  | "ticketMessage"

export interface MailMessage {
  to: string
  template: MailTemplate
  /** The reader's language; texts fall back to English. */
  language: string
  /** Site path of the mail's button, e.g. /auth/check_key/<hash>/<id>; made absolute for the language's site. */
  action?: string
  /** Values for {{placeholders}} in the texts. */
  params?: Record<string, string>
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
  close(): void
}

interface TemplateTexts {
  subject: string
  intro: string
  action?: string
  outro?: string
}

const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => params[name] ?? whole)

/** Builds subject, plain text and HTML of one mail in the reader's language. */
export function renderMail(translations: Translations, config: Config, message: MailMessage) {
  const texts = (language: string) =>
    translations.namespace(language, "mail") as Record<string, unknown> | undefined
  const own = texts(message.language)
  const english = texts("en")!
  const pick = <T>(key: string) => (own?.[key] ?? english[key]) as T
  // Field by field: a translation that lacks one text of a mail still gets the English one.
  const template = {
    ...(english[message.template] as TemplateTexts),
    ...(own?.[message.template] as Partial<TemplateTexts> | undefined),
  }
  const link = message.action ? canonicalUrl(message.language, message.action, config.origins) : undefined
  const params = { ...message.params, ...(link ? { link } : {}) }
  const subject = fill(template.subject, params)
  const paragraphs = [pick<string>("greeting"), fill(template.intro, params)]
  const after = [template.outro ? fill(template.outro, params) : null, pick<string>("signature")].filter(
    (line): line is string => Boolean(line),
  )
  const text = [
    ...paragraphs,
    ...(link && template.action ? [`${fill(template.action, params)}: ${link}`] : []),
    ...after,
  ].join("\n\n")
  const p = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`
  const button =
    link && template.action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(fill(template.action, params))}</a></p>` +
        p(pick<string>("linkHint")) +
        `<p style="margin:0 0 16px;word-break:break-all"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
      : ""
  const html = `<!doctype html><html lang="${escapeHtml(message.language)}"><body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#111;max-width:560px;margin:0 auto;padding:24px">${paragraphs.map(p).join("")}${button}${after.map(p).join("")}</body></html>`
  return { subject, text, html }
}

/**
 * Sends mail over SMTP when SMTP_URL is set; otherwise writes it to the mail_outbox table, which /dev/mail shows
 * in development, tests and the embedded demo (config.mailOutboxViewer), where the log says where to read each
 * kept mail.
 */
export function createMailer(
  config: Config,
  db: Queryable,
  translations: Translations,
  log?: Pick<FastifyBaseLogger, "info">,
): Mailer {
  const transport: Transporter | null = config.smtpUrl ? createTransport(config.smtpUrl) : null
  return {
    async send(message) {
      const { subject, text, html } = renderMail(translations, config, message)
      if (transport) {
        await transport.sendMail({ from: config.mailFrom, to: message.to, subject, text, html })
      } else {
        await db.query(
          `INSERT INTO mail_outbox (to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4)`,
          [message.to, subject, text, html],
        )
        if (config.mailOutboxViewer)
          log?.info(
            // Not the links: they hold single-use tokens, and logs travel further than the outbox.
            { to: message.to, subject },
            `mail kept in the outbox, not sent (no SMTP_URL): read it at ${config.origins.international}/dev/mail`,
          )
      }
    },
    close: () => transport?.close(),
  }
}
