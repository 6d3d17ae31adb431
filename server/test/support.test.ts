import type { Ticket, TicketContext, TicketPicture, TicketQueue, Tickets } from "@manyhands/contract/support"
import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import { nextStatus } from "../src/modules/support/tickets"
import { ok, signedInBrowser, testBrowser, type TestBrowser } from "./browser"
import { engines } from "./databases"
import { filePart, form, picture } from "./multipart"
import { startTestApp } from "./test-app"

/*
 * Support tickets: what messages and status changes do to a ticket (one pure function), and the API on each
 * engine — opening a ticket with a picture and chosen diagnostics, who sees what (never another's ticket, never
 * staff's notes), replies, reopening, closing and spam, assignment, the staff queue, mails and the event log.
 */

describe("a ticket's status", () => {
  it("follows messages and changes: spam stays spam, a closed ticket takes no reply, a reply reopens", () => {
    expect(nextStatus("new", { kind: "message", by: "customer" })).toBe("new")
    expect(nextStatus("new", { kind: "message", by: "staff" })).toBe("waiting")
    expect(nextStatus("waiting", { kind: "message", by: "customer" })).toBe("open")
    expect(nextStatus("resolved", { kind: "message", by: "customer" })).toBe("open")
    expect(nextStatus("on_hold", { kind: "message", by: "customer" })).toBe("open")
    expect(nextStatus("closed", { kind: "message", by: "customer" })).toBe("TICKET_CLOSED")
    expect(nextStatus("closed", { kind: "message", by: "staff" })).toBe("waiting")
    expect(nextStatus("spam", { kind: "message", by: "customer" })).toBe("spam")
    expect(nextStatus("spam", { kind: "message", by: "staff" })).toBe("spam")
    expect(nextStatus("open", { kind: "note" })).toBe("open")
    expect(nextStatus("open", { kind: "status", to: "resolved", by: "customer" })).toBe("resolved")
    expect(nextStatus("open", { kind: "status", to: "closed", by: "customer" })).toBe("FORBIDDEN")
    expect(nextStatus("spam", { kind: "status", to: "resolved", by: "customer" })).toBe("FORBIDDEN")
    expect(nextStatus("spam", { kind: "status", to: "open", by: "staff" })).toBe("open")
  })
})

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; details?: { field: string }[] } }>().error

const newTicket = (overrides: Record<string, unknown> = {}) => ({
  audience: "customer",
  category: "api",
  priority: "normal",
  subject: "ERROR_ZERO_BALANCE after a top-up",
  body: "I topped up 10 USD an hour ago and in.php still answers ERROR_ZERO_BALANCE.",
  attachmentIds: [],
  include: ["balance", "recentErrors"],
  ...overrides,
})

describe.each(engines)("support tickets on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let customer: TestBrowser
  let other: TestBrowser
  let moderator: TestBrowser
  let customerId: string

  const signedIn = (email: string, ip: string, create = true) => signedInBrowser(app, db, email, ip, create)
  const mails = async (to: string) =>
    (
      await db.query<{ subject: string; text_body: string }>(
        "SELECT subject, text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id",
        [to],
      )
    ).rows

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    customer = await signedIn("ticket-customer@example.com", "10.3.0.1")
    other = await signedIn("ticket-other@example.com", "10.3.0.2")
    moderator = await signedIn("moderator@demo.manyhands.dev", "10.3.0.3", false)
    customerId = (
      await db.query<{ id: string }>("SELECT id::text FROM users WHERE email = 'ticket-customer@example.com'")
    ).rows[0]!.id
    await db.query(
      "INSERT INTO captcha_receiving_errors (user_id, endpoint, code, ip) VALUES ($1, 'in.php', 'ERROR_ZERO_BALANCE', '10.3.0.1')",
      [customerId],
    )
    await db.query("UPDATE users SET api_allowed_ips = '{203.0.113.7}' WHERE id = $1", [customerId])
  })
  afterAll(() => stop())

  it("opens a ticket with a screenshot and the diagnostics the customer chose; nobody else sees it", async () => {
    const context = await ok<TicketContext>(customer.get("/api/v1/support/context"))
    expect(context.recentErrors).toMatchObject([{ endpoint: "in.php", code: "ERROR_ZERO_BALANCE" }])
    expect(context.allowedIps).toEqual(["203.0.113.7"])

    const { payload, contentType } = form([
      filePart(await picture(800, 500, "png"), "error.png", "image/png"),
    ])
    const shot = await ok<TicketPicture>(
      customer.upload("/api/v1/support/attachments", payload, contentType, "PUT"),
      201,
    )
    const ticket = await ok<Ticket>(
      customer.post("/api/v1/support/tickets", newTicket({ attachmentIds: [shot.id] })),
      201,
    )
    expect(ticket).toMatchObject({
      status: "new",
      lastBy: "customer",
      customer: null,
      staffView: false,
      canReply: true,
    })
    expect(ticket.context?.recentErrors[0]?.code).toBe("ERROR_ZERO_BALANCE")
    // Left out by the customer: not sent.
    expect(ticket.context?.allowedIps).toEqual([])
    expect(ticket.messages).toHaveLength(1)
    expect(ticket.messages[0]!.attachments.map((each) => each.id)).toEqual([shot.id])
    expect(ticket.messages[0]!.bodyHtml).toContain("<p>")

    const mine = await ok<Tickets>(customer.get("/api/v1/support/tickets"))
    expect(mine.records.map((record) => record.id)).toEqual([ticket.id])
    // Another account: as if it did not exist; signed out: sign in first.
    const foreign = await other.get(`/api/v1/support/tickets/${ticket.id}`)
    expect(foreign.statusCode).toBe(404)
    expect(errorOf(foreign).code).toBe("TICKET_NOT_FOUND")
    expect(
      (
        await other.post(`/api/v1/support/tickets/${ticket.id}/messages`, {
          body: "Me too",
          attachmentIds: [],
        })
      ).statusCode,
    ).toBe(404)
    expect((await ok<Tickets>(other.get("/api/v1/support/tickets"))).records).toEqual([])
    expect(
      (await testBrowser(app, { ip: "10.3.0.9" }).get(`/api/v1/support/tickets/${ticket.id}`)).statusCode,
    ).toBe(401)
    // Staff see it, with its customer.
    const staffView = await ok<Ticket>(moderator.get(`/api/v1/support/tickets/${ticket.id}`))
    expect(staffView).toMatchObject({ staffView: true, customer: { email: "ticket-customer@example.com" } })
    // Staff see its response target (normal: one working day); the customer does not.
    expect(ticket.sla).toBeNull()
    expect(staffView.sla).toMatchObject({ targetMinutes: 540, breached: false, missedBefore: 0 })
    // The wait began when the ticket was opened (the same transaction).
    expect(staffView.sla?.waitingSince).toBe(ticket.createdAt)

    // Refused, beside the field: a short text, another account's picture, an unknown audience.
    const short = await customer.post("/api/v1/support/tickets", newTicket({ body: "Help!" }))
    expect(errorOf(short)).toMatchObject({ code: "VALIDATION_FAILED", details: [{ field: "body" }] })
    const borrowed = await other.post("/api/v1/support/tickets", newTicket({ attachmentIds: [shot.id] }))
    expect(errorOf(borrowed).code).toBe("PICTURE_NOT_FOUND")
    expect(
      (await customer.post("/api/v1/support/tickets", newTicket({ audience: "robot" }))).statusCode,
    ).toBe(400)
  })

  it("answers, notes, reopens, resolves, closes and keeps spam as spam, with mails and the event log", async () => {
    const ticket = (await ok<Tickets>(customer.get("/api/v1/support/tickets"))).records[0]!
    const url = `/api/v1/support/tickets/${ticket.id}`
    const answered = await ok<Ticket>(
      moderator.post(`${url}/messages`, {
        body: "Your payment is credited now: try again.",
        attachmentIds: [],
      }),
    )
    expect(answered).toMatchObject({
      status: "waiting",
      lastBy: "staff",
      sla: { waitingSince: null, dueAt: null },
    })
    const [mail] = await mails("ticket-customer@example.com")
    expect(mail?.subject).toBe(`Manyhands support answered: ${ticket.subject}`)
    expect(mail?.text_body).toContain(`/support/tickets/${ticket.id}`)
    await ok(
      moderator.post(`${url}/messages`, {
        body: "Checked the ledger: fine.",
        attachmentIds: [],
        internal: true,
      }),
    )
    const seen = await ok<Ticket>(customer.get(url))
    expect(seen.messages.map((message) => message.body)).toEqual([
      expect.stringContaining("ERROR_ZERO_BALANCE"),
      "Your payment is credited now: try again.",
    ])
    expect(seen.status).toBe("waiting")
    expect(
      errorOf(await customer.post(`${url}/messages`, { body: "psst", attachmentIds: [], internal: true }))
        .code,
    ).toBe("FORBIDDEN")

    // Assigned, the customer's reply reopens it and mails the assignee.
    const moderatorId = (await ok<TicketQueue>(moderator.get("/api/v1/support/queue"))).staff.find(
      (person) => person.email === "moderator@demo.manyhands.dev",
    )!.id
    expect(errorOf(await moderator.post(`${url}/assign`, { assigneeId: customerId })).code).toBe("NOT_STAFF")
    expect(errorOf(await customer.post(`${url}/assign`, { assigneeId: moderatorId })).code).toBe("FORBIDDEN")
    await ok(moderator.post(`${url}/assign`, { assigneeId: moderatorId }))
    const reopened = await ok<Ticket>(
      customer.post(`${url}/messages`, { body: "Works now, thanks!", attachmentIds: [] }),
    )
    expect(reopened.status).toBe("open")
    expect((await mails("moderator@demo.manyhands.dev")).at(-1)?.subject).toBe(
      `New message in ticket #${ticket.id}: ${ticket.subject}`,
    )
    const mineView = await ok<TicketQueue>(moderator.get("/api/v1/support/queue?view=mine"))
    expect(mineView.records.map((record) => record.id)).toContain(ticket.id)

    // The customer resolves it; a reply reopens it; closed takes no reply; spam stays spam.
    expect((await ok<Ticket>(customer.post(`${url}/status`, { status: "resolved" }))).status).toBe("resolved")
    expect(errorOf(await customer.post(`${url}/status`, { status: "closed" })).code).toBe("FORBIDDEN")
    expect(
      (await ok<Ticket>(customer.post(`${url}/messages`, { body: "One more thing.", attachmentIds: [] })))
        .status,
    ).toBe("open")
    await ok(moderator.post(`${url}/status`, { status: "closed" }))
    const closed = await customer.post(`${url}/messages`, { body: "Hello?", attachmentIds: [] })
    expect(closed.statusCode).toBe(409)
    expect(errorOf(closed).code).toBe("TICKET_CLOSED")
    expect((await ok<Ticket>(customer.get(url))).canReply).toBe(false)
    await ok(moderator.post(`${url}/status`, { status: "spam" }))
    expect(
      (await ok<Ticket>(moderator.post(`${url}/messages`, { body: "Noted.", attachmentIds: [] }))).status,
    ).toBe("spam")

    const { rows } = await db.query<{ kind: string; from_status: string | null; to_status: string | null }>(
      "SELECT kind, from_status, to_status FROM support_ticket_events WHERE ticket_id = $1 ORDER BY id",
      [ticket.id],
    )
    expect(rows.map((row) => [row.kind, row.from_status, row.to_status])).toEqual([
      ["created", null, "new"],
      ["message", null, null],
      ["status", "new", "waiting"],
      ["note", null, null],
      ["assigned", null, null],
      ["message", null, null],
      ["status", "waiting", "open"],
      ["status", "open", "resolved"],
      ["message", null, null],
      ["status", "resolved", "open"],
      ["status", "open", "closed"],
      ["status", "closed", "spam"],
      ["message", null, null],
    ])
  })

  it("gives staff a queue by view, status and audience, oldest waiting first; others are refused", async () => {
    const first = await ok<Ticket>(
      other.post("/api/v1/support/tickets", newTicket({ subject: "First question" })),
      201,
    )
    const second = await ok<Ticket>(
      other.post(
        "/api/v1/support/tickets",
        newTicket({ subject: "Worker payout", audience: "worker", include: [] }),
      ),
      201,
    )
    expect(second.context).toBeNull()
    const waiting = await ok<TicketQueue>(moderator.get("/api/v1/support/queue"))
    const ids = waiting.records.map((record) => record.id)
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id))
    expect(waiting.records.every((record) => ["new", "open"].includes(record.status))).toBe(true)
    const workers = await ok<TicketQueue>(moderator.get("/api/v1/support/queue?audience=worker"))
    expect(workers.records.map((record) => record.id)).toEqual([second.id])
    expect(
      (await ok<TicketQueue>(moderator.get("/api/v1/support/queue?view=all&status=spam"))).totalCount,
    ).toBe(1)
    expect(errorOf(await other.get("/api/v1/support/queue")).code).toBe("FORBIDDEN")
    // A moderator's own ticket: they write in it as its customer, so no notes there.
    const own = await ok<Ticket>(moderator.post("/api/v1/support/tickets", newTicket({ include: [] })), 201)
    const note = await moderator.post(`/api/v1/support/tickets/${own.id}/messages`, {
      body: "A note to myself",
      attachmentIds: [],
      internal: true,
    })
    expect(errorOf(note).code).toBe("FORBIDDEN")
    expect(
      (
        await ok<Ticket>(
          moderator.post(`/api/v1/support/tickets/${own.id}/messages`, {
            body: "More details.",
            attachmentIds: [],
          }),
        )
      ).lastBy,
    ).toBe("customer")
    expect((await moderator.get("/api/v1/support/queue?view=everything")).statusCode).toBe(400)
  })

  it("lets one account open 10 tickets in 24 hours", async () => {
    const busy = await signedIn("busy-ticket@example.com", "10.3.0.4")
    for (let n = 0; n < 10; n++)
      await ok(
        busy.post("/api/v1/support/tickets", newTicket({ subject: `Question ${n}`, include: [] })),
        201,
      )
    const eleventh = await busy.post("/api/v1/support/tickets", newTicket({ include: [] }))
    expect(eleventh.statusCode).toBe(429)
    expect(errorOf(eleventh).code).toBe("RATE_LIMITED")
  })
})
