/*
 * Support tickets (spec §2 /support, /support/tickets, /support/tickets/new, /support/tickets/{id}; §3 the cached
 * kind "support tickets"). A signed-in account opens a ticket with Markdown text and pictures, pre-filled with its
 * own diagnostics (recent API errors, balance, IP allow-list, failed pingbacks) it may leave out; staff
 * (administrators and moderators) answer from a queue, with internal notes and assignment. Every change is an
 * event of the ticket (SLA targets are computed from them later).
 */
import { PICTURE_UPLOAD_DESCRIPTION, PICTURE_UPLOAD_ERRORS, Picture, PictureUploadBody } from "./attachments"
import { Records } from "./common"
import { defineEndpoints, routeDatum } from "./endpoint"
import { DateTime, Nullable, StrictObject, StringEnum, Type, type Static } from "./schema"

export const TICKET_AUDIENCES = ["customer", "developer", "worker"] as const
export const TICKET_CATEGORIES = ["api", "payments", "solving", "account", "workers", "other"] as const
export const TICKET_PRIORITIES = ["low", "normal", "high", "urgent"] as const
/**
 * new: nobody from staff answered yet; open: the customer wrote last; waiting: staff answered, waiting for the
 * customer; on_hold: staff park it; resolved: answered (a reply from the customer reopens it); closed: done (a
 * reply is refused: open a new ticket); spam: stays spam whatever anyone writes.
 */
export const TICKET_STATUSES = ["new", "open", "waiting", "on_hold", "resolved", "closed", "spam"] as const
export type TicketStatus = (typeof TICKET_STATUSES)[number]
/** What the customer may set themselves: that their question is answered. */
export const CUSTOMER_STATUSES = ["resolved"] as const

export const TICKET_SUBJECT_MAX_LENGTH = 150
export const TICKET_BODY_MIN_LENGTH = 10
export const TICKET_BODY_MAX_LENGTH = 20_000
export const TICKET_MAX_ATTACHMENTS = 5
export const TICKETS_PAGE_SIZE = 20
/** Tickets one account may open in 24 hours (429 RATE_LIMITED beyond). */
export const TICKETS_PER_DAY = 10

/**
 * Support's working hours (UTC): Monday to Friday, 09:00–18:00. Response targets count only these minutes, and only
 * while a ticket waits for staff (new or open).
 */
export const SUPPORT_HOURS = { days: [1, 2, 3, 4, 5], from: 9, to: 18 } as const
/** The first answer's target by priority, in business minutes: 1 h, 4 h, 1 and 3 working days. */
export const SLA_TARGET_MINUTES = { urgent: 60, high: 240, normal: 540, low: 1620 } as const

const IdString = Type.String({ pattern: "^[1-9][0-9]{0,17}$", description: "A decimal id." })

/** The account's own diagnostics a ticket carries, so staff need not ask. */
export const TicketContext = Type.Object({
  balance: Nullable(
    Type.Object({ amount: Type.String({ description: "Micro-units." }), currency: Type.String() }),
  ),
  /** The last API errors the account's key got (in.php, res.php, API v2), newest first. */
  recentErrors: Type.Array(Type.Object({ at: DateTime(), endpoint: Type.String(), code: Type.String() })),
  /** The addresses the API key may be used from (empty: any). */
  allowedIps: Type.Array(Type.String()),
  /** Pingbacks that could not be delivered, newest first. */
  pingbackFailures: Type.Array(Type.Object({ at: DateTime(), url: Type.String(), attempts: Type.Integer() })),
})
export type TicketContext = Static<typeof TicketContext>
export const CONTEXT_PARTS = ["balance", "recentErrors", "allowedIps", "pingbackFailures"] as const
export type ContextPart = (typeof CONTEXT_PARTS)[number]

export const TicketPicture = Picture
export type TicketPicture = Picture

export const TicketMessage = Type.Object({
  id: Type.String(),
  author: Type.Object({
    /** The writer's display name; null: none set (shown as the customer or as Manyhands support). */
    name: Nullable(Type.String()),
    staff: Type.Boolean(),
  }),
  /** Markdown as written, and rendered (sanitised). */
  body: Type.String(),
  bodyHtml: Type.String(),
  /** A staff note the customer never sees. */
  internal: Type.Boolean(),
  attachments: Type.Array(TicketPicture),
  createdAt: DateTime(),
})
export type TicketMessage = Static<typeof TicketMessage>

/** Where a ticket stands against its response target (computed from its events when read). */
export const TicketSla = Type.Object({
  targetMinutes: Type.Integer({ description: "The target for its priority, in business minutes." }),
  /** Since when it waits for staff; null: it does not (answered, on hold, done). */
  waitingSince: Nullable(DateTime()),
  /** When the answer is due; null when it does not wait. */
  dueAt: Nullable(DateTime()),
  /** The answer is overdue now. */
  breached: Type.Boolean(),
  /** Earlier waits of this ticket that ran over the target. */
  missedBefore: Type.Integer(),
  /**
   * The enterprise plan (contract/src/enterprise.ts) whose targets and hours these are: the customer had it
   * when they opened the ticket. Absent: support's default targets over business hours.
   */
  plan: Type.Optional(
    Type.Object({
      code: Type.String({ description: "business, priority or dedicated." }),
      hours: StringEnum(["business", "24x7"] as const),
    }),
  ),
})
export type TicketSla = Static<typeof TicketSla>

const Person = Type.Object({ id: Type.String(), email: Type.String(), name: Nullable(Type.String()) })

export const TicketSummary = Type.Object({
  id: Type.String(),
  subject: Type.String(),
  audience: StringEnum(TICKET_AUDIENCES),
  category: StringEnum(TICKET_CATEGORIES),
  priority: StringEnum(TICKET_PRIORITIES),
  status: StringEnum(TICKET_STATUSES),
  createdAt: DateTime(),
  /** The last message the customer can see. */
  lastMessageAt: DateTime(),
  /** Who wrote last (of the messages the customer sees): the customer, or staff. */
  lastBy: StringEnum(["customer", "staff"]),
  /** Staff only (null for the customer): who opened it and who handles it. */
  customer: Nullable(Person),
  assignee: Nullable(Person),
  /** The response target: for staff, and for the customer of a ticket under an enterprise plan (else null). */
  sla: Nullable(TicketSla),
})
export type TicketSummary = Static<typeof TicketSummary>

export const Ticket = Type.Object({
  ...TicketSummary.properties,
  /** The diagnostics the customer chose to send; null: none. */
  context: Nullable(TicketContext),
  messages: Type.Array(TicketMessage),
  /** The reader may write (closed and spam tickets take no more messages from the customer). */
  canReply: Type.Boolean(),
  /** The reader is staff: notes, statuses and assignment are theirs. */
  staffView: Type.Boolean(),
  /** For staff: the administrators and moderators to assign it to (empty for the customer). */
  staff: Type.Array(Person),
  /** The page's document (app/src/head.ts): the tab shows the subject; a ticket not the reader's answers 404. */
  title: Type.String(),
})
export type Ticket = Static<typeof Ticket>

export const Tickets = Records(TicketSummary)
export type Tickets = Static<typeof Tickets>

const Body = Type.String({
  minLength: 1,
  maxLength: TICKET_BODY_MAX_LENGTH,
  description: `Markdown, at least ${TICKET_BODY_MIN_LENGTH} characters for a new ticket.`,
})
const AttachmentIds = Type.Array(IdString, {
  maxItems: TICKET_MAX_ATTACHMENTS,
  uniqueItems: true,
  description: "Pictures the writer uploaded (PUT /api/v1/support/attachments).",
})

export const NewTicket = StrictObject({
  audience: StringEnum(TICKET_AUDIENCES),
  category: StringEnum(TICKET_CATEGORIES),
  priority: StringEnum(TICKET_PRIORITIES),
  subject: Type.String({ minLength: 3, maxLength: TICKET_SUBJECT_MAX_LENGTH }),
  body: Body,
  attachmentIds: AttachmentIds,
  /** Which of the account's diagnostics go with it (each may be left out). */
  include: Type.Array(StringEnum(CONTEXT_PARTS), { uniqueItems: true }),
})
export type NewTicket = Static<typeof NewTicket>

export const NewTicketMessage = StrictObject({
  body: Body,
  attachmentIds: AttachmentIds,
  /** Staff only: a note the customer never sees (the status stays). */
  internal: Type.Optional(Type.Boolean()),
})
export type NewTicketMessage = Static<typeof NewTicketMessage>

export const TicketStatusChange = StrictObject({ status: StringEnum(TICKET_STATUSES) })
export const TicketAssignment = StrictObject({
  assigneeId: Nullable(IdString, { description: "A staff account, or null to leave it unassigned." }),
})

export const TicketIdParams = StrictObject({ id: IdString })
const PageProperty = {
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, default: 0, description: "From 0." })),
}
export const MyTicketsQuery = StrictObject(PageProperty)
export const QUEUE_VIEWS = ["waiting", "mine", "unassigned", "all"] as const
export const TicketQueueQuery = StrictObject({
  ...PageProperty,
  view: Type.Optional(
    StringEnum(QUEUE_VIEWS, {
      description:
        "waiting (default): new and open tickets, oldest first; mine: assigned to me and not done; " +
        "unassigned: not done and nobody's; all: every ticket, newest first.",
    }),
  ),
  status: Type.Optional(StringEnum(TICKET_STATUSES)),
  audience: Type.Optional(StringEnum(TICKET_AUDIENCES)),
})
export type TicketQueueQuery = Static<typeof TicketQueueQuery>

export const TicketQueue = Records(TicketSummary, {
  /** Administrators and moderators, to assign tickets to. */
  staff: Type.Array(Person),
})
export type TicketQueue = Static<typeof TicketQueue>

const TICKET_ERRORS = ["NOT_SIGNED_IN", "TICKET_NOT_FOUND"] as const
const CHANGE_ERRORS = ["NOT_SIGNED_IN", "CSRF_TOKEN_INVALID", "TICKET_NOT_FOUND"] as const

export const supportApi = defineEndpoints("support", {
  context: {
    method: "GET",
    path: "/api/v1/support/context",
    summary: "The signed-in account's diagnostics a new ticket would carry",
    response: { 200: TicketContext },
    errors: ["NOT_SIGNED_IN"],
  },
  create: {
    method: "POST",
    path: "/api/v1/support/tickets",
    summary: "Opens a ticket with its first message, pictures and the chosen diagnostics",
    body: NewTicket,
    response: { 201: Ticket },
    errors: ["NOT_SIGNED_IN", "CSRF_TOKEN_INVALID", "VALIDATION_FAILED", "PICTURE_NOT_FOUND", "RATE_LIMITED"],
  },
  mine: {
    method: "GET",
    path: "/api/v1/support/tickets",
    summary: "The signed-in account's tickets, the latest message first",
    querystring: MyTicketsQuery,
    response: { 200: Tickets },
    errors: ["NOT_SIGNED_IN"],
  },
  ticket: {
    method: "GET",
    path: "/api/v1/support/tickets/:id",
    summary: "One ticket with its thread (the customer's own, or any for staff; notes for staff only)",
    params: TicketIdParams,
    response: { 200: Ticket },
    errors: [...TICKET_ERRORS],
  },
  reply: {
    method: "POST",
    path: "/api/v1/support/tickets/:id/messages",
    summary: "Writes in a ticket: the customer's reply reopens a resolved ticket; staff answer or add a note",
    description:
      "A closed ticket takes no reply from the customer (409 TICKET_CLOSED: open a new one); a spam ticket stays " +
      "spam. Staff's public answer sets it waiting for the customer and mails them.",
    params: TicketIdParams,
    body: NewTicketMessage,
    response: { 200: Ticket },
    errors: [...CHANGE_ERRORS, "VALIDATION_FAILED", "PICTURE_NOT_FOUND", "TICKET_CLOSED", "FORBIDDEN"],
  },
  setStatus: {
    method: "POST",
    path: "/api/v1/support/tickets/:id/status",
    summary: "Changes a ticket's status (staff: any; the customer: resolved)",
    params: TicketIdParams,
    body: TicketStatusChange,
    response: { 200: Ticket },
    errors: [...CHANGE_ERRORS, "FORBIDDEN"],
  },
  assign: {
    method: "POST",
    path: "/api/v1/support/tickets/:id/assign",
    summary: "Assigns a ticket to a staff account, or to nobody (staff)",
    params: TicketIdParams,
    body: TicketAssignment,
    response: { 200: Ticket },
    errors: [...CHANGE_ERRORS, "FORBIDDEN", "NOT_STAFF"],
  },
  queue: {
    method: "GET",
    path: "/api/v1/support/queue",
    summary: "Staff's queue of tickets by view, status and audience",
    querystring: TicketQueueQuery,
    response: { 200: TicketQueue },
    errors: ["NOT_SIGNED_IN", "FORBIDDEN"],
  },
  uploadPicture: {
    method: "PUT",
    path: "/api/v1/support/attachments",
    summary: "Uploads a picture (a screenshot) for a ticket (any signed-in account)",
    description: PICTURE_UPLOAD_DESCRIPTION,
    body: PictureUploadBody,
    response: { 201: TicketPicture },
    errors: ["NOT_SIGNED_IN", "CSRF_TOKEN_INVALID", ...PICTURE_UPLOAD_ERRORS, "RATE_LIMITED"],
  },
})

export const supportRouteData = {
  supportTickets: routeDatum(supportApi.mine),
  supportTicket: routeDatum(supportApi.ticket, (params) => supportApi.ticket.url({ id: params.id ?? "0" })),
  supportContext: routeDatum(supportApi.context),
  supportQueue: routeDatum(supportApi.queue),
}
