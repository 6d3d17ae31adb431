/*
 * Support tickets (contract/src/support.ts, migration 0028). A customer opens a ticket with its first message,
 * pictures and the diagnostics they chose; staff (administrators and moderators) answer, add notes, change the
 * status and assign it. What a message does to the status is one pure function (nextStatus); every change is an
 * event of the ticket, written in the transaction that makes it. Services raise SupportError; routes map it.
 */
import {
  TICKETS_PAGE_SIZE,
  TICKETS_PER_DAY,
  TICKET_BODY_MIN_LENGTH,
  type ContextPart,
  type NewTicket,
  type NewTicketMessage,
  type Ticket,
  type TicketContext,
  type TicketQueue,
  type TicketQueueQuery,
  type TicketSla,
  type TicketStatus,
  type TicketSummary,
  type Tickets,
} from "@manyhands/contract/support"
import type { Database, Queryable } from "../../db/database"
import { picturesById } from "../catalog/catalog-pictures"
import { renderMarkdown } from "../content/render"
import { creditLateAnswers, ticketPlans, ticketPolicy } from "../enterprise/enterprise"
import { slaOf } from "./sla"

export type SupportErrorCode =
  | "TICKET_NOT_FOUND"
  | "TICKET_CLOSED"
  | "FORBIDDEN"
  | "NOT_STAFF"
  | "PICTURE_NOT_FOUND"
  | "VALIDATION_FAILED"
  | "RATE_LIMITED"

export class SupportError extends Error {
  constructor(
    readonly code: SupportErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message)
    this.name = "SupportError"
  }
}

/** Who is acting: the signed-in account, and whether it is staff. */
export interface Actor {
  id: string
  staff: boolean
}

export type TicketEvent =
  | { kind: "message"; by: "customer" | "staff" }
  | { kind: "note" }
  | { kind: "status"; to: TicketStatus; by: "customer" | "staff" }

/**
 * What an event does to a ticket's status, or a refusal. Spam stays spam; a closed ticket takes no customer
 * reply; the customer's reply reopens a resolved or waiting ticket (a new one stays new until staff answer);
 * staff's answer waits for the customer; a note changes nothing; the customer may only resolve.
 */
export function nextStatus(
  current: TicketStatus,
  event: TicketEvent,
): TicketStatus | "FORBIDDEN" | "TICKET_CLOSED" {
  if (event.kind === "note") return current
  if (event.kind === "status") {
    if (event.by === "staff") return event.to
    if (event.to !== "resolved") return "FORBIDDEN"
    return current === "spam" || current === "closed" ? "FORBIDDEN" : "resolved"
  }
  if (current === "spam") return "spam"
  if (event.by === "staff") return "waiting"
  if (current === "closed") return "TICKET_CLOSED"
  return current === "new" ? "new" : "open"
}

interface TicketRow {
  id: string
  user_id: string
  subject: string
  audience: TicketSummary["audience"]
  category: TicketSummary["category"]
  priority: TicketSummary["priority"]
  status: TicketStatus
  created_at: Date
  last_message_at: Date
  last_by: "customer" | "staff"
  context: TicketContext | null
  customer_email: string
  customer_name: string | null
  assignee_id: string | null
  assignee_email: string | null
  assignee_name: string | null
  total?: number
}

const TICKET_COLUMNS = `t.id::text, t.user_id::text, t.subject, t.audience, t.category, t.priority, t.status,
  t.created_at, t.last_message_at, t.last_by, t.context, c.email AS customer_email,
  c.display_name AS customer_name, t.assignee_id::text, a.email AS assignee_email, a.display_name AS assignee_name`
const TICKET_FROM = `support_tickets t JOIN users c ON c.id = t.user_id LEFT JOIN users a ON a.id = t.assignee_id`

const summaryOf = (row: TicketRow, staffView: boolean, sla: TicketSla | null = null): TicketSummary => ({
  id: row.id,
  subject: row.subject,
  audience: row.audience,
  category: row.category,
  priority: row.priority,
  status: row.status,
  createdAt: row.created_at.toISOString(),
  lastMessageAt: row.last_message_at.toISOString(),
  lastBy: row.last_by,
  customer: staffView ? { id: row.user_id, email: row.customer_email, name: row.customer_name } : null,
  assignee:
    staffView && row.assignee_id && row.assignee_email
      ? { id: row.assignee_id, email: row.assignee_email, name: row.assignee_name }
      : null,
  // The customer sees the target of a ticket under their enterprise plan (it names the plan).
  sla: staffView || sla?.plan ? sla : null,
})

/**
 * Tickets' response targets, from their status events, by ticket id: an enterprise plan's targets and hours for
 * a ticket opened while its customer had one (enterprise/enterprise.ts), support's defaults otherwise.
 */
async function slasOf(db: Queryable, rows: TicketRow[], now = new Date()): Promise<Map<string, TicketSla>> {
  if (rows.length === 0) return new Map()
  const { rows: events } = await db.query<{ ticket_id: string; at: Date; to_status: TicketStatus }>(
    `SELECT ticket_id::text, created_at AS at, to_status FROM support_ticket_events
      WHERE ticket_id = ANY($1::bigint[]) AND to_status IS NOT NULL ORDER BY id`,
    [rows.map((row) => row.id)],
  )
  const plans = await ticketPlans(
    db,
    rows.map((row) => row.id),
  )
  return new Map(
    rows.map((row) => {
      const plan = plans.get(row.id)
      const policy = ticketPolicy(plan)
      const sla = slaOf(
        row.priority,
        events
          .filter((event) => event.ticket_id === row.id)
          .map((event) => ({ at: event.at, to: event.to_status })),
        now,
        policy.calendar,
        policy.targets,
      )
      return [row.id, plan ? { ...sla, plan: { code: plan.plan, hours: plan.hours } } : sla]
    }),
  )
}

const notFound = () => new SupportError("TICKET_NOT_FOUND", "There is no such ticket of yours.")

/** How many API errors and failed pingbacks a ticket carries. */
const CONTEXT_ROWS = 10

export class SupportTickets {
  /** Rendered messages by their text (Markdown renders once). */
  private readonly rendered = new Map<string, Promise<string>>()

  constructor(private readonly db: Database) {}

  /** The account's diagnostics a new ticket would carry. */
  async context(userId: string, db: Queryable = this.db): Promise<TicketContext> {
    const { rows: balances } = await db.query<{ amount: string; currency: string }>(
      `SELECT (credits_posted - debits_posted - debits_pending)::text AS amount, currency FROM ledger_accounts
        WHERE user_id = $1 AND purpose = 'customer_balance' ORDER BY currency = 'USD' DESC, currency LIMIT 1`,
      [userId],
    )
    const { rows: errors } = await db.query<{ at: Date; endpoint: string; code: string }>(
      `SELECT at, endpoint, code FROM captcha_receiving_errors WHERE user_id = $1 ORDER BY id DESC LIMIT $2`,
      [userId, CONTEXT_ROWS],
    )
    const { rows: users } = await db.query<{ ips: string[] }>(
      "SELECT api_allowed_ips AS ips FROM users WHERE id = $1",
      [userId],
    )
    const { rows: pingbacks } = await db.query<{ at: Date; url: string; attempts: number }>(
      `SELECT d.created_at AS at, d.url, d.attempts FROM pingback_deliveries d
         JOIN captcha_tasks t ON t.id = d.task_id
        WHERE t.customer_id = $1 AND d.state = 'failed' ORDER BY d.id DESC LIMIT $2`,
      [userId, CONTEXT_ROWS],
    )
    return {
      balance: balances[0] ? { amount: balances[0].amount, currency: balances[0].currency } : null,
      recentErrors: errors.map((row) => ({
        at: row.at.toISOString(),
        endpoint: row.endpoint,
        code: row.code,
      })),
      allowedIps: users[0]?.ips ?? [],
      pingbackFailures: pingbacks.map((row) => ({
        at: row.at.toISOString(),
        url: row.url,
        attempts: row.attempts,
      })),
    }
  }

  /** Opens a ticket: its first message, pictures and the chosen diagnostics, in one transaction. */
  async create(userId: string, input: NewTicket): Promise<Ticket> {
    const subject = input.subject.trim()
    const body = input.body.trim()
    if ([...subject].length < 3)
      throw new SupportError("VALIDATION_FAILED", "subject is too short", "subject")
    if ([...body].length < TICKET_BODY_MIN_LENGTH)
      throw new SupportError(
        "VALIDATION_FAILED",
        `body must have at least ${TICKET_BODY_MIN_LENGTH} characters`,
        "body",
      )
    const id = await this.db.transaction(async (tx) => {
      // The account's row is the lock: two tickets at once count each other.
      await tx.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [userId])
      const { rows: today } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM support_tickets WHERE user_id = $1 AND created_at > now() - interval '1 day'`,
        [userId],
      )
      if (today[0]!.n >= TICKETS_PER_DAY)
        throw new SupportError(
          "RATE_LIMITED",
          `You have opened ${TICKETS_PER_DAY} tickets today: write in one of them, or open the next one tomorrow.`,
        )
      await checkPictures(tx, userId, input.attachmentIds)
      const context = input.include.length > 0 ? pick(await this.context(userId, tx), input.include) : null
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO support_tickets (user_id, audience, category, priority, subject, context)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text`,
        [userId, input.audience, input.category, input.priority, subject, context && JSON.stringify(context)],
      )
      const ticketId = rows[0]!.id
      await event(tx, ticketId, { kind: "created", actorId: userId, staff: false, to: "new" })
      await insertMessage(
        tx,
        ticketId,
        { authorId: userId, staff: false, internal: false, body },
        input.attachmentIds,
      )
      return ticketId
    })
    return this.ticket({ id: userId, staff: false }, id)
  }

  /** The account's own tickets, the latest message first. */
  async mine(userId: string, page = 0): Promise<Tickets> {
    const { rows } = await this.db.query<TicketRow>(
      `SELECT ${TICKET_COLUMNS}, count(*) OVER ()::int AS total FROM ${TICKET_FROM}
        WHERE t.user_id = $1 ORDER BY t.last_message_at DESC, t.id DESC LIMIT $2 OFFSET $3`,
      [userId, TICKETS_PAGE_SIZE, page * TICKETS_PAGE_SIZE],
    )
    return {
      records: rows.map((row) => summaryOf(row, false)),
      totalCount: rows[0]?.total ?? 0,
      page,
      pageSize: TICKETS_PAGE_SIZE,
    }
  }

  /** Staff's queue: a view (waiting by default), a status and an audience. */
  async queue(staffId: string, query: TicketQueueQuery): Promise<TicketQueue> {
    const page = query.page ?? 0
    const view = query.view ?? "waiting"
    const where = {
      waiting: "t.status IN ('new', 'open')",
      mine: "t.assignee_id = $5::bigint AND t.status NOT IN ('resolved', 'closed', 'spam')",
      unassigned: "t.assignee_id IS NULL AND t.status NOT IN ('resolved', 'closed', 'spam')",
      all: "true",
    }[view]
    const order = view === "all" ? "t.last_message_at DESC, t.id DESC" : "t.last_message_at, t.id"
    const { rows } = await this.db.query<TicketRow>(
      `SELECT ${TICKET_COLUMNS}, count(*) OVER ()::int AS total FROM ${TICKET_FROM}
        WHERE ${where} AND ($1::text IS NULL OR t.status = $1) AND ($2::text IS NULL OR t.audience = $2)
        ORDER BY ${order} LIMIT $3 OFFSET $4`,
      [
        query.status ?? null,
        query.audience ?? null,
        TICKETS_PAGE_SIZE,
        page * TICKETS_PAGE_SIZE,
        ...(view === "mine" ? [staffId] : []),
      ],
    )
    const staff = await staffList(this.db)
    const slas = await slasOf(this.db, rows)
    return {
      records: rows.map((row) => summaryOf(row, true, slas.get(row.id) ?? null)),
      totalCount: rows[0]?.total ?? 0,
      page,
      pageSize: TICKETS_PAGE_SIZE,
      staff,
    }
  }

  /** One ticket with its thread: the customer's own (without staff's notes), or any for staff. */
  async ticket(actor: Actor, id: string, db: Queryable = this.db): Promise<Ticket> {
    const row = await this.row(db, actor, id)
    const { rows: messages } = await db.query<{
      id: string
      name: string | null
      staff: boolean
      internal: boolean
      body: string
      created_at: Date
      attachments: string[]
    }>(
      `SELECT m.id::text, u.display_name AS name, m.staff, m.internal, m.body, m.created_at,
              ARRAY(SELECT attachment_id::text FROM support_message_attachments
                     WHERE message_id = m.id ORDER BY position) AS attachments
         FROM support_messages m LEFT JOIN users u ON u.id = m.author_id
        WHERE m.ticket_id = $1 AND ($2 OR NOT m.internal) ORDER BY m.id`,
      [id, actor.staff],
    )
    const pictures = await picturesById(
      db,
      messages.flatMap((message) => message.attachments),
    )
    const sla = (await slasOf(db, [row])).get(row.id) ?? null
    return {
      ...summaryOf(row, actor.staff, sla),
      context: row.context,
      messages: await Promise.all(
        messages.map(async (message) => ({
          id: message.id,
          author: { name: message.name, staff: message.staff },
          body: message.body,
          bodyHtml: await this.html(message.body),
          internal: message.internal,
          attachments: message.attachments.flatMap((picture) => pictures.get(picture) ?? []),
          createdAt: message.created_at.toISOString(),
        })),
      ),
      canReply: actor.staff || (row.status !== "closed" && row.status !== "spam"),
      staffView: actor.staff,
      staff: actor.staff ? await staffList(db) : [],
      title: row.subject,
    }
  }

  /**
   * Writes in a ticket. Returns the ticket and, for a mail, who should hear of it: the customer when staff
   * answered publicly, the assignee when the customer wrote.
   */
  async reply(
    actor: Actor,
    id: string,
    input: NewTicketMessage,
  ): Promise<{ ticket: Ticket; notify: { to: string; language: string; staff: boolean } | null }> {
    const internal = input.internal === true
    const body = input.body.trim()
    if (!body) throw new SupportError("VALIDATION_FAILED", "body must not be empty", "body")
    return this.db.transaction(async (tx) => {
      const row = await this.row(tx, actor, id, true)
      const by = actor.staff && row.user_id !== actor.id ? "staff" : "customer"
      // Staff writing in their own ticket write as its customer: no notes there.
      if (internal && by !== "staff") throw new SupportError("FORBIDDEN", "Only staff write internal notes.")
      const status = nextStatus(row.status, internal ? { kind: "note" } : { kind: "message", by })
      if (status === "TICKET_CLOSED")
        throw new SupportError(
          "TICKET_CLOSED",
          "This ticket is closed: open a new one, and mention this one.",
        )
      if (status === "FORBIDDEN") throw new SupportError(status, "This cannot be done to this ticket.")
      await checkPictures(tx, actor.id, input.attachmentIds)
      await insertMessage(
        tx,
        id,
        { authorId: actor.id, staff: by === "staff", internal, body },
        input.attachmentIds,
      )
      await event(tx, id, { kind: internal ? "note" : "message", actorId: actor.id, staff: by === "staff" })
      if (status !== row.status) {
        await event(tx, id, {
          kind: "status",
          actorId: actor.id,
          staff: by === "staff",
          from: row.status,
          to: status,
        })
        // A wait for staff may have ended late: an enterprise plan credits it now, with this change.
        await creditLateAnswers(tx, id)
      }
      if (!internal)
        await tx.query(
          "UPDATE support_tickets SET status = $2, last_message_at = now(), last_by = $3 WHERE id = $1",
          [id, status, by],
        )
      const notify = internal
        ? null
        : by === "staff"
          ? await mailTarget(tx, row.user_id, false)
          : row.assignee_id
            ? await mailTarget(tx, row.assignee_id, true)
            : null
      return { ticket: await this.ticket(actor, id, tx), notify }
    })
  }

  /** Staff set any status; the customer may resolve their own ticket. */
  async setStatus(actor: Actor, id: string, to: TicketStatus): Promise<Ticket> {
    return this.db.transaction(async (tx) => {
      const row = await this.row(tx, actor, id, true)
      const by = actor.staff ? "staff" : "customer"
      const status = nextStatus(row.status, { kind: "status", to, by })
      if (status === "FORBIDDEN" || status === "TICKET_CLOSED")
        throw new SupportError("FORBIDDEN", "You can only mark your ticket as resolved.")
      if (status !== row.status) {
        await tx.query("UPDATE support_tickets SET status = $2 WHERE id = $1", [id, status])
        await event(tx, id, {
          kind: "status",
          actorId: actor.id,
          staff: actor.staff,
          from: row.status,
          to: status,
        })
        await creditLateAnswers(tx, id)
      }
      return this.ticket(actor, id, tx)
    })
  }

  /** Staff assign a ticket to a staff account, or to nobody. */
  async assign(actor: Actor, id: string, assigneeId: string | null): Promise<Ticket> {
    if (!actor.staff) throw new SupportError("FORBIDDEN", "Only staff assign tickets.")
    return this.db.transaction(async (tx) => {
      await this.row(tx, actor, id, true)
      if (assigneeId !== null) {
        const { rows } = await tx.query(
          "SELECT 1 FROM users WHERE id = $1 AND roles && ARRAY['admin', 'moderator']::text[]",
          [assigneeId],
        )
        if (rows.length === 0)
          throw new SupportError("NOT_STAFF", "Tickets are assigned to administrators and moderators only.")
      }
      await tx.query("UPDATE support_tickets SET assignee_id = $2 WHERE id = $1", [id, assigneeId])
      await event(tx, id, { kind: "assigned", actorId: actor.id, staff: true, assigneeId })
      return this.ticket(actor, id, tx)
    })
  }

  /** The ticket's row if the actor may see it (locked for a change); else TICKET_NOT_FOUND, whoever's it is. */
  private async row(db: Queryable, actor: Actor, id: string, lock = false): Promise<TicketRow> {
    const { rows } = await db.query<TicketRow>(
      `SELECT ${TICKET_COLUMNS} FROM ${TICKET_FROM} WHERE t.id = $1 AND ($2 OR t.user_id = $3)
        ${lock ? "FOR UPDATE OF t" : ""}`,
      [id, actor.staff, actor.id],
    )
    if (!rows[0]) throw notFound()
    return rows[0]
  }

  private html(markdown: string): Promise<string> {
    let html = this.rendered.get(markdown)
    if (!html) {
      if (this.rendered.size > 500) this.rendered.clear()
      html = renderMarkdown(markdown).then((rendered) => rendered.html)
      html.catch(() => this.rendered.delete(markdown))
      this.rendered.set(markdown, html)
    }
    return html
  }
}

/** Administrators and moderators: who tickets are assigned to. */
async function staffList(db: Queryable) {
  const { rows } = await db.query<{ id: string; email: string; name: string | null }>(
    `SELECT id::text, email, display_name AS name FROM users
      WHERE roles && ARRAY['admin', 'moderator']::text[] ORDER BY email`,
  )
  return rows
}

/** Only the chosen parts of the diagnostics; the others are empty. */
function pick(context: TicketContext, parts: ContextPart[]): TicketContext {
  const chosen = new Set(parts)
  return {
    balance: chosen.has("balance") ? context.balance : null,
    recentErrors: chosen.has("recentErrors") ? context.recentErrors : [],
    allowedIps: chosen.has("allowedIps") ? context.allowedIps : [],
    pingbackFailures: chosen.has("pingbackFailures") ? context.pingbackFailures : [],
  }
}

/** Every picture must be one the writer uploaded. */
async function checkPictures(db: Queryable, userId: string, ids: string[]) {
  if (ids.length === 0) return
  const { rows } = await db.query<{ id: string }>(
    "SELECT id::text FROM content_attachments WHERE id = ANY($1::bigint[]) AND uploaded_by = $2",
    [ids, userId],
  )
  const missing = ids.filter((id) => !rows.some((row) => row.id === id))
  if (missing.length > 0)
    throw new SupportError(
      "PICTURE_NOT_FOUND",
      `No such picture of yours: ${missing.join(", ")}. Upload it again.`,
      "attachmentIds",
    )
}

async function insertMessage(
  tx: Queryable,
  ticketId: string,
  message: { authorId: string; staff: boolean; internal: boolean; body: string },
  attachmentIds: string[],
) {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO support_messages (ticket_id, author_id, staff, internal, body) VALUES ($1, $2, $3, $4, $5)
     RETURNING id::text`,
    [ticketId, message.authorId, message.staff, message.internal, message.body],
  )
  for (const [position, attachmentId] of attachmentIds.entries())
    await tx.query(
      "INSERT INTO support_message_attachments (message_id, attachment_id, position) VALUES ($1, $2, $3)",
      [rows[0]!.id, attachmentId, position],
    )
}

async function event(
  tx: Queryable,
  ticketId: string,
  entry: {
    kind: "created" | "message" | "note" | "status" | "assigned"
    actorId: string
    staff: boolean
    from?: TicketStatus
    to?: TicketStatus
    assigneeId?: string | null
  },
) {
  await tx.query(
    `INSERT INTO support_ticket_events (ticket_id, kind, actor_id, staff, from_status, to_status, assignee_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      ticketId,
      entry.kind,
      entry.actorId,
      entry.staff,
      entry.from ?? null,
      entry.to ?? null,
      entry.assigneeId ?? null,
    ],
  )
}

/** Where a ticket's mail goes: the account's address and interface language. */
async function mailTarget(db: Queryable, userId: string, staff: boolean) {
  const { rows } = await db.query<{ email: string; language: string | null }>(
    "SELECT email, interface_language AS language FROM users WHERE id = $1",
    [userId],
  )
  return rows[0] ? { to: rows[0].email, language: rows[0].language ?? "en", staff } : null
}
