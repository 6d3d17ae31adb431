import type { FastifyInstance } from "fastify"
import { escapeHtml } from "@manyhands/app/html"
import { HttpError } from "../../http/errors"
import type { AccountDeps } from "../accounts/deps"
import { normaliseEmail } from "../auth/schemas"
import type { DemoAnswer } from "../demos/challenges"
import { checkLedger } from "../ledger/ledger"
import { seedPlayer } from "../play/play"
import { mailSettled } from "../mail/background"
import { startSession } from "../session/sessions"

interface OutboxRow {
  id: string
  to: string
  subject: string
  text: string
  html: string
  createdAt: Date | string
}

const OUTBOX_PAGE_SIZE = 50

/** Mail text as HTML: escaped, with its web addresses clickable. */
export function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join("")
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"])

/**
 * The outbox viewer (config.mailOutboxViewer): the mail the outbox mailer kept instead of sending it (SMTP_URL
 * unset). Outside production, and in the embedded demo (`npm start`), where only this machine may read it.
 */
export async function mailboxRoutes(app: FastifyInstance, { db, config, mailer }: AccountDeps) {
  if (config.env === "production")
    app.addHook("onRequest", async (request) => {
      if (!LOOPBACK.has(request.socket.remoteAddress ?? ""))
        throw new HttpError(404, "NOT_FOUND", `Nothing at ${request.method} ${request.url.split("?")[0]}`)
    })
  const outbox = async (to: string | undefined) => {
    // Mail the answer did not wait for (reminders) is in the outbox before anyone reads it.
    await mailSettled(mailer)
    const { rows } = await db.query<OutboxRow>(
      `SELECT id::text AS id, to_address AS "to", subject, text_body AS text, html_body AS html,
              created_at AS "createdAt"
         FROM mail_outbox WHERE $1::text IS NULL OR to_address = $1
        ORDER BY mail_outbox.id DESC LIMIT ${OUTBOX_PAGE_SIZE}`,
      [to ?? null],
    )
    return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }))
  }

  // End-to-end tests read the links of the mails they caused from here.
  app.get<{ Querystring: { to?: string } }>(
    "/dev/mail.json",
    {
      schema: {
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: { to: { type: "string", minLength: 1, maxLength: 254 } },
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store")
      return {
        mails: await outbox(request.query.to === undefined ? undefined : normaliseEmail(request.query.to)),
      }
    },
  )

  app.get("/dev/mail", async (_request, reply) => {
    const mails = await outbox(undefined)
    const items = mails
      .map(
        (mail) => `<article style="border-top:1px solid #ccc;padding:12px 0">
<h2 style="font-size:16px;margin:0 0 4px">${escapeHtml(mail.subject)}</h2>
<p style="margin:0 0 8px;color:#555">To ${escapeHtml(mail.to)} · <time datetime="${mail.createdAt}">${mail.createdAt}</time></p>
<pre style="white-space:pre-wrap;font-family:inherit;margin:0">${linkify(mail.text)}</pre>
</article>`,
      )
      .join("\n")
    const body =
      mails.length > 0 ? items : "<p>No mail yet. Sign up or ask for a password reminder to see one here.</p>"
    return reply
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox · Manyhands</title></head>` +
          `<body style="font-family:Arial,sans-serif;max-width:800px;margin:0 auto;padding:24px">` +
          `<h1 style="font-size:20px">Outbox: the newest ${OUTBOX_PAGE_SIZE} mails</h1>` +
          `<p>Mail is kept here instead of being sent, because SMTP_URL is not set.</p>${body}</body></html>`,
      )
  })
}

/**
 * Development and test helpers, never mounted in production: sign in as a demo user without a password, and see
 * the ledger.
 */
export async function devRoutes(app: FastifyInstance, { db, config }: AccountDeps) {
  app.post<{ Body: { email: string } }>(
    "/dev/session",
    {
      schema: {
        body: {
          type: "object",
          required: ["email"],
          additionalProperties: false,
          properties: { email: { type: "string", maxLength: 254 } },
        },
      },
    },
    async (request, reply) => {
      const { rows } = await db.query<{ id: string }>(
        "SELECT id::text AS id FROM users WHERE email = lower($1)",
        [request.body.email],
      )
      if (!rows[0])
        throw new HttpError(404, "USER_NOT_FOUND", `No user has the address ${request.body.email}.`)
      await startSession(db, request, reply, config, rows[0].id)
      return { ok: true }
    },
  )

  // End-to-end tests compare what screens show with the ledger: its reconciliation and one user's accounts.
  app.get<{ Querystring: { email: string } }>(
    "/dev/ledger.json",
    {
      schema: {
        querystring: {
          type: "object",
          required: ["email"],
          additionalProperties: false,
          properties: { email: { type: "string", minLength: 1, maxLength: 254 } },
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store")
      const { rows } = await db.query<{ purpose: string; currency: string; posted: string; pending: string }>(
        `SELECT a.purpose, a.currency, (a.credits_posted - a.debits_posted)::text AS posted,
                (a.credits_pending - a.debits_pending)::text AS pending
           FROM ledger_accounts a JOIN users u ON u.id = a.user_id
          WHERE u.email = $1 ORDER BY a.purpose, a.currency`,
        [normaliseEmail(request.query.email)],
      )
      return {
        ...(await checkLedger(db)),
        accounts: rows.map((row) => ({ ...row, posted: Number(row.posted), pending: Number(row.pending) })),
      }
    },
  )

  // Tests that solve the demo captchas by hand (and scripted workers) read a challenge's answer here: what a person
  // sees in the picture. Never in production (this plugin is not registered there).
  app.get<{ Params: { id: string } }>(
    "/dev/captcha-demo/:id/answer",
    {
      schema: {
        params: {
          type: "object",
          required: ["id"],
          additionalProperties: false,
          properties: { id: { type: "string", pattern: "^[0-9a-f]{32}$" } },
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store")
      const { rows } = await db.query<{ answer: DemoAnswer }>(
        "SELECT answer FROM demo_challenges WHERE id = $1",
        [request.params.id],
      )
      if (!rows[0]) throw new HttpError(404, "CHALLENGE_NOT_FOUND", "No demo challenge has this id.")
      return rows[0].answer
    },
  )

  // Tests that train a new worker read a check or training task's known answer here, as a person would work it out
  // from the picture. Never in production (this plugin is not registered there).
  app.get<{ Params: { id: string } }>(
    "/dev/assignments/:id/answer",
    {
      schema: {
        params: {
          type: "object",
          required: ["id"],
          additionalProperties: false,
          properties: { id: { type: "string", pattern: "^[0-9]{1,18}$" } },
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store")
      const { rows } = await db.query<{ answer: unknown }>(
        `SELECT g.answers -> 0 AS answer FROM task_assignments a JOIN gold_tasks g ON g.id = a.gold_task_id
          WHERE a.id = $1`,
        [request.params.id],
      )
      if (!rows[0]) throw new HttpError(404, "ASSIGNMENT_NOT_FOUND", "No check or training task has this id.")
      return rows[0].answer
    },
  )

  // The play-and-earn journey meets other players: workers with this week's XP from check answers, placed in this
  // week's leagues as a first XP places anyone (the bronze league with room nearest their volume).
  app.post<{ Body: { xp: number[] } }>(
    "/dev/play/rivals",
    {
      schema: {
        body: {
          type: "object",
          required: ["xp"],
          additionalProperties: false,
          properties: {
            xp: { type: "array", maxItems: 40, items: { type: "integer", minimum: 1, maximum: 10_000 } },
          },
        },
      },
    },
    async (request) => {
      const ids: string[] = []
      for (const xp of request.body.xp)
        ids.push(
          await db.transaction(async (tx) => {
            const { rows } = await tx.query<{ id: string }>(
              `INSERT INTO users (email, password_hash, user_type, email_confirmed_at, display_name)
               VALUES ('rival-' || gen_random_uuid() || '@example.com', 'x', 'worker', now(),
                       'Rival ' || (SELECT count(*) + 1 FROM users WHERE email LIKE 'rival-%'))
               RETURNING id::text`,
            )
            const id = rows[0]!.id
            const { rows: answered } = await tx.query<{ id: string }>(
              `INSERT INTO task_assignments (gold_task_id, worker_id, state, lease_until, correct, answered_at)
               SELECT id, $1, 'answered', now(), true, now() FROM gold_tasks WHERE NOT training ORDER BY id LIMIT 1
               RETURNING id::text`,
              [id],
            )
            if (!answered[0]) throw new HttpError(409, "NO_CHECK_TASKS", "This database has no check tasks.")
            await seedPlayer(tx, id, answered[0].id, xp)
            return id
          }),
        )
      return { ids }
    },
  )
}
