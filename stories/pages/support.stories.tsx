import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import {
  supportApi,
  type Ticket,
  type TicketContext,
  type TicketMessage,
  type TicketPicture,
  type TicketQueue,
  type TicketSla,
  type TicketSummary,
  type Tickets,
} from "@manyhands/contract/support"
import type { ShellUser } from "@manyhands/pages"
import { screens } from "@manyhands/pages/support/screens"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, storyUser, type StoryApi } from "./story-shell"

/*
 * Support (pages/src/support): the home page signed out; a customer's tickets (three, in different statuses, and
 * none); a moderator's queue switched to their own tickets and filtered by audience; a new ticket checked, then
 * sent with a screenshot and the account's diagnostics but one; a ticket's thread as its customer sees it (a
 * reply sent) and as staff see it (an internal note, assigned to the reader); a closed ticket; a ticket that is
 * not the reader's. Pictures are inline SVG data: addresses, so the screenshots need no network.
 */

const [{ default: Home }, { default: TicketsScreen }, { default: NewTicket }, { default: TicketScreen }] =
  await Promise.all([
    screens.SupportHome(),
    screens.SupportTickets(),
    screens.SupportNewTicket(),
    screens.SupportTicket(),
  ])

const meta = {
  title: "Screens/Support",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

// ---------------------------------------------------------------------------------------------------------
// People

/** A moderator of the support team (in the staff list, so "Assign to me" is theirs). */
const moderator: ShellUser = {
  ...storyUser,
  id: "7",
  email: "grace@manyhands.dev",
  profile: { ...storyUser.profile, displayName: "Grace Hopper" },
  permissions: { moderator: true },
}

const grace = { id: "7", email: "grace@manyhands.dev", name: "Grace Hopper" }
const sam = { id: "9", email: "sam@manyhands.dev", name: null }
const ada = { id: storyUser.id, email: storyUser.email, name: "Ada Lovelace" }

// ---------------------------------------------------------------------------------------------------------
// Pictures: small SVGs as data: addresses (no text in them, so no font can change their pixels).

const svg = (width: number, height: number, body: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  )}`

/** A terminal with a few lines of log, the last one red: the error the customer got. */
const terminal = svg(
  480,
  300,
  '<rect width="480" height="300" rx="8" fill="#0f172a"/>' +
    '<rect width="480" height="28" rx="8" fill="#334155"/>' +
    '<circle cx="16" cy="14" r="5" fill="#f87171"/><circle cx="32" cy="14" r="5" fill="#fbbf24"/>' +
    '<circle cx="48" cy="14" r="5" fill="#34d399"/>' +
    [0, 1, 2, 3, 4]
      .map(
        (row) =>
          `<rect x="20" y="${52 + row * 34}" width="${[260, 340, 200, 300, 380][row]}" height="12" rx="3" ` +
          `fill="${row === 4 ? "#ef4444" : "#64748b"}"/>`,
      )
      .join(""),
)

const screenshot: TicketPicture = {
  id: "5001",
  url: terminal,
  variants: [{ width: 480, url: terminal }],
  width: 480,
  height: 300,
  alt: "",
}

/** Waits until every picture in `root` is decoded, so the screenshot has them. */
async function picturesLoaded(root: HTMLElement) {
  for (const image of root.querySelectorAll("img")) {
    image.scrollIntoView({ block: "center" })
    await waitFor(() => expect(image.complete && image.naturalWidth > 0).toBe(true))
  }
}

// ---------------------------------------------------------------------------------------------------------
// The account's diagnostics and tickets

const context: TicketContext = {
  balance: { amount: "12500000", currency: "USD" },
  recentErrors: [
    { at: "2026-11-30T09:41:12.000Z", endpoint: "in.php", code: "ERROR_ZERO_BALANCE" },
    { at: "2026-11-30T09:40:58.000Z", endpoint: "in.php", code: "ERROR_ZERO_BALANCE" },
  ],
  allowedIps: ["203.0.113.24"],
  pingbackFailures: [
    { at: "2026-11-29T22:15:00.000Z", url: "https://shop.example/captcha/pingback", attempts: 5 },
  ],
}

const summary = (
  overrides: Partial<TicketSummary> & Pick<TicketSummary, "id" | "subject">,
): TicketSummary => ({
  audience: "customer",
  category: "payments",
  priority: "normal",
  status: "waiting",
  createdAt: "2026-11-30T09:50:00.000Z",
  lastMessageAt: "2026-11-30T11:05:00.000Z",
  lastBy: "staff",
  customer: null,
  assignee: null,
  sla: null,
  ...overrides,
})

const zeroBalance = summary({
  id: "1042",
  subject: "ERROR_ZERO_BALANCE right after a top-up",
  priority: "high",
})
const tokensRejected = summary({
  id: "1038",
  subject: "reCAPTCHA v3 tokens are rejected by the site",
  category: "solving",
  status: "open",
  createdAt: "2026-11-27T14:20:00.000Z",
  lastMessageAt: "2026-11-28T08:02:00.000Z",
  lastBy: "customer",
})
const changeEmail = summary({
  id: "1011",
  subject: "Change the email address of my account",
  category: "account",
  priority: "low",
  status: "resolved",
  createdAt: "2026-11-12T10:00:00.000Z",
  lastMessageAt: "2026-11-13T16:45:00.000Z",
})

const myTickets: Tickets = {
  records: [zeroBalance, tokensRejected, changeEmail],
  totalCount: 3,
  page: 0,
  pageSize: 20,
}
const noTickets: Tickets = { records: [], totalCount: 0, page: 0, pageSize: 20 }

const question: TicketMessage = {
  id: "3101",
  author: { name: "Ada Lovelace", staff: false },
  body:
    "I topped up $15 at 09:30 UTC, but `in.php` still answers `ERROR_ZERO_BALANCE`. " +
    "The screenshot shows my script's log.",
  bodyHtml:
    "<p>I topped up $15 at 09:30 UTC, but <code>in.php</code> still answers <code>ERROR_ZERO_BALANCE</code>. " +
    "The screenshot shows my script's log.</p>",
  internal: false,
  attachments: [screenshot],
  createdAt: "2026-11-30T09:50:00.000Z",
}
const answer: TicketMessage = {
  id: "3102",
  author: { name: "Grace Hopper", staff: true },
  body: "The payment was credited at 09:42 UTC, after your errors. Your balance is $12.50 now: please try again.",
  bodyHtml:
    "<p>The payment was credited at 09:42 UTC, after your errors. Your balance is $12.50 now: please try again.</p>",
  internal: false,
  attachments: [],
  createdAt: "2026-11-30T11:05:00.000Z",
}
const note: TicketMessage = {
  id: "3103",
  author: { name: "Grace Hopper", staff: true },
  body: "The card processor confirmed late: 12 minutes. Ask payments about the delay alerts.",
  bodyHtml: "<p>The card processor confirmed late: 12 minutes. Ask payments about the delay alerts.</p>",
  internal: true,
  attachments: [],
  createdAt: "2026-11-30T11:07:00.000Z",
}

/** #1042 as its customer reads it: their question with a screenshot and staff's answer (no notes). */
const customerTicket: Ticket = {
  ...zeroBalance,
  title: zeroBalance.subject,
  context,
  messages: [question, answer],
  canReply: true,
  staffView: false,
  staff: [],
}

/** #1042 as staff read it: who opened it, the note, the staff to assign it to. */
const staffTicket: Ticket = {
  ...customerTicket,
  customer: ada,
  assignee: sam,
  messages: [question, answer, note],
  staffView: true,
  staff: [grace, sam],
  // Answered, so nothing is due; the first answer came late.
  sla: { targetMinutes: 240, waitingSince: null, dueAt: null, breached: false, missedBefore: 1 },
}

/** #1011, closed: its customer reads it but may not write in it. */
const closedTicket: Ticket = {
  ...changeEmail,
  title: changeEmail.subject,
  status: "closed",
  context: null,
  messages: [
    {
      id: "3001",
      author: { name: "Ada Lovelace", staff: false },
      body: "Please change my address to ada@analytical.example.",
      bodyHtml: "<p>Please change my address to ada@analytical.example.</p>",
      internal: false,
      attachments: [],
      createdAt: "2026-11-12T10:00:00.000Z",
    },
    {
      id: "3002",
      author: { name: "Sam", staff: true },
      body: "Done: the confirmation went to the new address.",
      bodyHtml: "<p>Done: the confirmation went to the new address.</p>",
      internal: false,
      attachments: [],
      createdAt: "2026-11-13T16:45:00.000Z",
    },
  ],
  canReply: false,
  staffView: false,
  staff: [],
}

// ---------------------------------------------------------------------------------------------------------
// Support home

/** /support signed out: the hero's two ways in, the sign-in hint, and the pages that answer by themselves. */
export const HomeSignedOut: Story = {
  name: "Home: signed out",
  render: () => (
    <Shell>
      <Home />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "How can we help?" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Ask support" })).toHaveAttribute(
      "href",
      "/support/tickets/new",
    )
    await expect(canvas.getByRole("link", { name: "Your tickets" })).toHaveAttribute(
      "href",
      "/support/tickets",
    )
    await expect(
      canvas.getByText("Sign in to write to support: we answer in your tickets and by mail."),
    ).toBeVisible()

    const selfHelp = within(canvas.getByRole("region", { name: "Find it yourself" }))
    await expect(selfHelp.getAllByRole("listitem")).toHaveLength(8)
    for (const [name, href] of [
      ["Help centre and FAQ", "/support/h"],
      ["Ask the support bot", "/support/bot"],
      ["Enterprise support", "/support/enterprise"],
      ["API documentation", "/api-docs"],
      ["Tutorials", "/h"],
      ["Demo captchas", "/demo"],
      ["Software that works with us", "/software"],
    ] as const)
      await expect(selfHelp.getByRole("link", { name })).toHaveAttribute("href", href)
    await expect(selfHelp.getByRole("heading", { level: 3, name: "Tutorials" })).toBeVisible()
  },
}

// ---------------------------------------------------------------------------------------------------------
// A customer's tickets

const mineApi = (tickets: Tickets): StoryApi => ({ [on(supportApi.mine)]: tickets })

/** Three tickets, the latest message first: answered by support, waiting for support, resolved. No queue. */
export const TicketsOfCustomer: Story = {
  name: "Tickets: a customer's three",
  render: () => (
    <Shell services={{ user: storyUser }} api={mineApi(myTickets)}>
      <TicketsScreen supportTickets={myTickets} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Your tickets" })).toBeVisible()
    await expect(canvas.queryByRole("heading", { name: "Support queue" })).toBeNull()
    await expect(canvas.getByRole("link", { name: "Ask support" })).toHaveAttribute(
      "href",
      "/support/tickets/new",
    )
    const tickets = canvas.getAllByRole("article")
    await expect(tickets).toHaveLength(3)
    for (const [ticket, { id, subject, status, lastBy }] of [
      [
        tickets[0]!,
        { id: "1042", subject: zeroBalance.subject, status: "Answered", lastBy: "Support answered" },
      ],
      [
        tickets[1]!,
        {
          id: "1038",
          subject: tokensRejected.subject,
          status: "Waiting for support",
          lastBy: "You wrote last",
        },
      ],
      [
        tickets[2]!,
        { id: "1011", subject: changeEmail.subject, status: "Resolved", lastBy: "Support answered" },
      ],
    ] as const) {
      const card = within(ticket)
      await expect(card.getByRole("link", { name: subject })).toHaveAttribute(
        "href",
        `/support/tickets/${id}`,
      )
      await expect(card.getByText(status)).toBeVisible()
      await expect(card.getByText(`#${id}`)).toBeVisible()
      await expect(card.getByText(lastBy)).toBeVisible()
    }
    await expect(within(tickets[0]!).getByText("Payments and balance")).toBeVisible()
    await expect(within(tickets[0]!).getByText("November 30, 2026")).toBeVisible()
    // Priority, customer and assignee are staff's.
    await expect(within(tickets[0]!).queryByText("High")).toBeNull()
    await expect(within(tickets[0]!).queryByText("Nobody assigned")).toBeNull()
  },
}

/** No tickets yet: said in the list's place, with the way to write. */
export const TicketsEmpty: Story = {
  name: "Tickets: none yet",
  render: () => (
    <Shell services={{ user: storyUser }} api={mineApi(noTickets)}>
      <TicketsScreen supportTickets={noTickets} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Your tickets" })).toBeVisible()
    await expect(canvas.getByText("You have not written to support yet.")).toBeVisible()
    await expect(canvas.getByText("Ask a question and we will answer here and by mail.")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Ask support" })).toHaveAttribute(
      "href",
      "/support/tickets/new",
    )
    await expect(canvas.queryByRole("article")).toBeNull()
  },
}

// ---------------------------------------------------------------------------------------------------------
// The staff's queue

const queue = (records: TicketSummary[]): TicketQueue => ({
  records,
  totalCount: records.length,
  page: 0,
  pageSize: 20,
  staff: [grace, sam],
})

const apiKeyIp = summary({
  id: "1043",
  subject: "The API key stopped working after we moved servers",
  audience: "developer",
  category: "api",
  priority: "urgent",
  status: "new",
  createdAt: "2026-11-30T12:10:00.000Z",
  lastMessageAt: "2026-11-30T12:10:00.000Z",
  lastBy: "customer",
  customer: { id: "88", email: "ops@scraper.example", name: null },
})
const payoutLate = summary({
  id: "1027",
  subject: "My USDT payout has not arrived",
  audience: "worker",
  category: "workers",
  status: "on_hold",
  createdAt: "2026-11-21T07:30:00.000Z",
  lastMessageAt: "2026-11-22T10:00:00.000Z",
  customer: { id: "131", email: "nadia@example.org", name: "Nadia" },
  assignee: grace,
})

/** Staff's response targets: one overdue since Friday, one due within the hour. */
const overdue: TicketSla = {
  targetMinutes: 540,
  waitingSince: "2026-11-27T08:02:00.000Z",
  dueAt: "2026-11-27T18:00:00.000Z",
  breached: true,
  missedBefore: 0,
}
const dueSoon: TicketSla = {
  targetMinutes: 60,
  waitingSince: "2026-11-30T12:10:00.000Z",
  dueAt: "2026-11-30T13:10:00.000Z",
  breached: false,
  missedBefore: 0,
}

const waitingQueue = queue([
  { ...tokensRejected, customer: ada, assignee: sam, sla: overdue },
  { ...apiKeyIp, sla: dueSoon },
])
const assignedToMe = queue([{ ...zeroBalance, customer: ada, assignee: grace }, payoutLate])
const mineWorkers = queue([payoutLate])
const askedMine = fn(() => assignedToMe)
const askedMineWorkers = fn(() => mineWorkers)

/**
 * A moderator's /support/tickets: the queue (waiting for us, by default) above their own tickets (none). "Assigned
 * to me" asks the queue for view=mine; the audience filter narrows it to workers.
 */
export const QueueOfModerator: Story = {
  name: "Tickets: a moderator's queue, assigned to me, workers only",
  render: () => (
    <Shell
      services={{ user: moderator }}
      api={{
        ...mineApi(noTickets),
        [on(supportApi.queue)]: waitingQueue,
        [on(supportApi.queue, {}, { view: "mine" })]: () => askedMine(),
        [on(supportApi.queue, {}, { view: "mine", audience: "worker" })]: () => askedMineWorkers(),
      }}
    >
      <TicketsScreen supportTickets={noTickets} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    const queueRegion = within(canvas.getByRole("region", { name: "Support queue" }))
    const views = within(queueRegion.getByRole("group", { name: "Which tickets" }))
    await step("waiting for us, by default", async () => {
      await expect(await queueRegion.findByText("2 tickets")).toBeVisible()
      await expect(views.getByRole("button", { name: "Waiting for us" })).toHaveAttribute(
        "aria-pressed",
        "true",
      )
      for (const name of ["Assigned to me", "Unassigned", "All"])
        await expect(views.getByRole("button", { name })).toHaveAttribute("aria-pressed", "false")
      const urgent = within(queueRegion.getAllByRole("article")[1]!)
      await expect(urgent.getByRole("link", { name: apiKeyIp.subject })).toHaveAttribute(
        "href",
        "/support/tickets/1043",
      )
      // Staff's words for the status, and what only staff see.
      await expect(urgent.getByText("New")).toBeVisible()
      await expect(urgent.getByText("Urgent")).toBeVisible()
      await expect(urgent.getByText("From ops@scraper.example")).toBeVisible()
      await expect(urgent.getByText(/^Answer due Nov 30, 2026/)).toBeVisible()
      await expect(queueRegion.getByText(/^Overdue since Nov 27, 2026/)).toBeVisible()
      await expect(urgent.getByText("Nobody assigned")).toBeVisible()
      await expect(queueRegion.getByText("Assigned to sam@manyhands.dev")).toBeVisible()
    })
    await step("assigned to me", async () => {
      await userEvent.click(views.getByRole("button", { name: "Assigned to me" }))
      await waitFor(() => expect(askedMine).toHaveBeenCalledTimes(1))
      await expect(await queueRegion.findByRole("link", { name: zeroBalance.subject })).toHaveAttribute(
        "href",
        "/support/tickets/1042",
      )
      await expect(queueRegion.getByRole("link", { name: payoutLate.subject })).toBeVisible()
      await expect(queueRegion.getAllByText("Assigned to Grace Hopper")).toHaveLength(2)
      await expect(views.getByRole("button", { name: "Assigned to me" })).toHaveAttribute(
        "aria-pressed",
        "true",
      )
      await expect(views.getByRole("button", { name: "Waiting for us" })).toHaveAttribute(
        "aria-pressed",
        "false",
      )
    })
    await step("workers only", async () => {
      await userEvent.selectOptions(queueRegion.getByRole("combobox", { name: "Audience" }), "Worker")
      await waitFor(() => expect(askedMineWorkers).toHaveBeenCalledTimes(1))
      await expect(await queueRegion.findByText("1 ticket")).toBeVisible()
      await expect(queueRegion.getByText("On hold", { ignore: "option, script, style" })).toBeVisible()
      await expect(queueRegion.queryByRole("link", { name: zeroBalance.subject })).toBeNull()
      await expect(queueRegion.getByRole("combobox", { name: "Audience" })).toHaveDisplayValue(/Worker/)
    })
    // The queue is the page; the moderator's own tickets follow it.
    await expect(canvas.getByRole("heading", { level: 1, name: "Support queue" })).toBeVisible()
    await expect(canvas.getByRole("heading", { level: 2, name: "Your tickets" })).toBeVisible()
    await expect(canvas.getByText("You have not written to support yet.")).toBeVisible()
  },
}

// ---------------------------------------------------------------------------------------------------------
// A new ticket

const created = fn((_body: unknown): Ticket => ({
  ...customerTicket,
  id: "1044",
  status: "new",
  lastBy: "customer",
}))
const uploaded = fn((_form: unknown): TicketPicture => screenshot)
const goTo = fn()

/**
 * /support/tickets/new: sent empty, it says what is missing; filled in (a topic and a priority chosen, a
 * screenshot uploaded, the allowed addresses left out), it is sent and the ticket's page opens.
 */
export const NewTicketSent: Story = {
  name: "New ticket: checked, then sent without the allowed addresses",
  render: () => (
    <Shell
      services={{ user: storyUser, goTo }}
      api={{
        [on(supportApi.context)]: context,
        [on(supportApi.create)]: (body: unknown) => created(body),
        [on(supportApi.uploadPicture)]: (form: unknown) => uploaded(form),
      }}
    >
      <NewTicket supportContext={context} />
    </Shell>
  ),
  play: async ({ canvas, canvasElement, step }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Ask support" })).toBeVisible()
    const form = within(canvas.getByRole("form", { name: "Ask support" }))
    await expect(form.getByRole("radiogroup", { name: "You write as" })).toBeVisible()
    await expect(form.getByRole("radio", { name: "Customer" })).toBeChecked()
    await expect(form.getByRole("combobox", { name: "Priority" })).toHaveDisplayValue(/Normal/)
    // Every part of the diagnostics that has something is ticked, and shown as it would be sent.
    for (const name of [
      "Your balance",
      "The last API errors",
      "The addresses your API key is allowed from",
      "Pingbacks that failed",
    ])
      await expect(form.getByRole("checkbox", { name })).toBeChecked()
    await expect(form.getByText("$12.50")).toBeVisible()
    await expect(form.getAllByText("ERROR_ZERO_BALANCE")).toHaveLength(2)
    await expect(form.getByText("203.0.113.24")).toBeVisible()

    await step("sent empty", async () => {
      await userEvent.click(form.getByRole("button", { name: "Send to support" }))
      await expect(await form.findByText("Write a subject of at least 3 characters.")).toBeVisible()
      await expect(form.getByText("Write at least 10 characters.")).toBeVisible()
      await expect(form.getByRole("textbox", { name: /^Subject/ })).toHaveAttribute("aria-invalid", "true")
      await expect(form.getByRole("textbox", { name: /^Your message/ })).toHaveAttribute(
        "aria-invalid",
        "true",
      )
      await expect(form.getByRole("combobox", { name: /^Topic/ })).toHaveAttribute("aria-invalid", "true")
      await expect(created).not.toHaveBeenCalled()
    })

    await step("filled in and sent", async () => {
      await userEvent.selectOptions(form.getByRole("combobox", { name: /^Topic/ }), "Payments and balance")
      await userEvent.selectOptions(form.getByRole("combobox", { name: "Priority" }), "High")
      await userEvent.type(
        form.getByRole("textbox", { name: /^Subject/ }),
        "ERROR_ZERO_BALANCE after a top-up",
      )
      // Pasted, as a long message usually is (typing it key by key took most of this story's time under load).
      await userEvent.click(form.getByRole("textbox", { name: /^Your message/ }))
      await userEvent.paste("I topped up $15 at 09:30 UTC, but in.php still answers ERROR_ZERO_BALANCE.")
      const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "log.png", { type: "image/png" })
      await userEvent.upload(form.getByLabelText(/^Screenshots/, { selector: "input" }), file)
      await waitFor(() => expect(uploaded).toHaveBeenCalledTimes(1))
      await expect(await form.findByRole("img", { name: "Screenshot 1" })).toBeVisible()
      await expect(form.getByRole("button", { name: "Remove picture 1" })).toBeVisible()

      await userEvent.click(
        form.getByRole("checkbox", { name: "The addresses your API key is allowed from" }),
      )
      await expect(
        form.getByRole("checkbox", { name: "The addresses your API key is allowed from" }),
      ).not.toBeChecked()
      await expect(form.queryByText("203.0.113.24")).toBeNull()

      await userEvent.click(form.getByRole("button", { name: "Send to support" }))
      await waitFor(() =>
        expect(created).toHaveBeenCalledWith({
          audience: "customer",
          category: "payments",
          priority: "high",
          subject: "ERROR_ZERO_BALANCE after a top-up",
          body: "I topped up $15 at 09:30 UTC, but in.php still answers ERROR_ZERO_BALANCE.",
          attachmentIds: ["5001"],
          include: ["balance", "recentErrors", "pingbackFailures"],
        }),
      )
      await waitFor(() => expect(goTo).toHaveBeenCalledWith("/support/tickets/1044"))
      await expect(form.queryByText("Write a subject of at least 3 characters.")).toBeNull()
    })
    await picturesLoaded(canvasElement)
  },
}

// ---------------------------------------------------------------------------------------------------------
// A ticket

const replied = fn((body: unknown): Ticket => ({
  ...customerTicket,
  status: "open",
  lastBy: "customer",
  lastMessageAt: "2026-11-30T11:20:00.000Z",
  messages: [
    ...customerTicket.messages,
    {
      id: "3104",
      author: { name: "Ada Lovelace", staff: false },
      body: (body as { body: string }).body,
      bodyHtml: `<p>${(body as { body: string }).body}</p>`,
      internal: false,
      attachments: [],
      createdAt: "2026-11-30T11:20:00.000Z",
    },
  ],
}))

/**
 * #1042 as its customer reads it: their question (with the screenshot) and support's answer, the facts and the
 * diagnostics sent with it; a reply is sent and joins the thread.
 */
export const TicketOfCustomer: Story = {
  name: "Ticket: the customer's view, a reply sent",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={{ [on(supportApi.reply, { id: customerTicket.id })]: (body: unknown) => replied(body) }}
    >
      <TicketScreen supportTicket={customerTicket} />
    </Shell>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: zeroBalance.subject })).toBeVisible()
    await expect(canvas.getByText("Answered")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Your tickets" })).toHaveAttribute(
      "href",
      "/support/tickets",
    )

    const thread = within(canvas.getByRole("region", { name: "Messages" }))
    const messages = thread.getAllByRole("article")
    await expect(messages).toHaveLength(2)
    await expect(within(messages[0]!).getByText("You")).toBeVisible()
    await expect(within(messages[0]!).getByRole("img", { name: "Screenshot 1 of the message" })).toBeVisible()
    await expect(
      within(messages[0]!).getByRole("link", { name: "Screenshot 1 of the message" }),
    ).toHaveAttribute("href", screenshot.url)
    await expect(within(messages[1]!).getByText("Grace Hopper")).toBeVisible()
    await expect(within(messages[1]!).getByText("Manyhands support")).toBeVisible()
    await expect(thread.queryByText("Internal note")).toBeNull()

    const facts = within(canvas.getByRole("complementary", { name: "About this ticket" }))
    await expect(facts.getByText("Payments and balance")).toBeVisible()
    await expect(facts.queryByText("Customer", { selector: "dt" })).toBeNull()
    await expect(facts.queryByText("Assigned to")).toBeNull()
    await expect(facts.getByRole("button", { name: "My question is answered" })).toBeVisible()
    await expect(facts.queryByRole("combobox")).toBeNull()
    const sent = within(facts.getByRole("region", { name: "Sent with the ticket" }))
    await expect(sent.getByText("$12.50")).toBeVisible()
    await expect(sent.getByText("https://shop.example/captcha/pingback", { exact: false })).toBeVisible()

    const reply = within(canvas.getByRole("form", { name: "Your reply" }))
    await expect(reply.queryByRole("switch")).toBeNull()
    await userEvent.click(reply.getByRole("button", { name: "Send" }))
    await expect(await reply.findByText("Write something first.")).toBeVisible()
    await expect(replied).not.toHaveBeenCalled()
    await userEvent.type(
      reply.getByRole("textbox", { name: /^Your reply/ }),
      "It works now, thank you. Can you tell me when a payment is late?",
    )
    await userEvent.click(reply.getByRole("button", { name: "Send" }))
    await waitFor(() =>
      expect(replied).toHaveBeenCalledWith({
        body: "It works now, thank you. Can you tell me when a payment is late?",
        attachmentIds: [],
      }),
    )
    await expect(await reply.findByText("Sent.")).toHaveAttribute("role", "status")
    await expect(reply.getByRole("textbox", { name: /^Your reply/ })).toHaveValue("")
    await waitFor(() => expect(thread.getAllByRole("article")).toHaveLength(3))
    await expect(canvas.getByText("Waiting for support")).toBeVisible()
    await picturesLoaded(canvasElement)
  },
}

const noted = fn((body: unknown): Ticket => ({
  ...staffTicket,
  messages: [
    ...staffTicket.messages,
    {
      id: "3105",
      author: { name: "Grace Hopper", staff: true },
      body: (body as { body: string }).body,
      bodyHtml: `<p>${(body as { body: string }).body}</p>`,
      internal: true,
      attachments: [],
      createdAt: "2026-11-30T11:30:00.000Z",
    },
  ],
}))
const assigned = fn((_body: unknown): Ticket => ({ ...staffTicket, assignee: grace }))

/**
 * #1042 as a moderator reads it: the customer's address, the internal note, the status and assignee controls.
 * They take the ticket ("Assign to me") and add a note the customer never sees.
 */
export const TicketOfStaff: Story = {
  name: "Ticket: staff's view, assigned to me, a note added",
  render: () => (
    <Shell
      services={{ user: moderator }}
      api={{
        [on(supportApi.reply, { id: staffTicket.id })]: (body: unknown) => noted(body),
        [on(supportApi.assign, { id: staffTicket.id })]: (body: unknown) => assigned(body),
      }}
    >
      <TicketScreen supportTicket={staffTicket} />
    </Shell>
  ),
  play: async ({ canvas, canvasElement, step }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: zeroBalance.subject })).toBeVisible()
    const thread = within(canvas.getByRole("region", { name: "Messages" }))
    const messages = thread.getAllByRole("article")
    await expect(messages).toHaveLength(3)
    await expect(within(messages[0]!).getByText("Ada Lovelace")).toBeVisible()
    await expect(within(messages[2]!).getByText("Internal note")).toBeVisible()
    await expect(canvas.getByText("Not waiting for us")).toBeVisible()
    await expect(canvas.getByText("1 earlier answer came late")).toBeVisible()
    await expect(within(messages[2]!).queryByText("Manyhands support")).toBeNull()

    const facts = within(canvas.getByRole("complementary", { name: "About this ticket" }))
    await expect(facts.getByText("Ada Lovelace (ada@example.com)")).toBeVisible()
    await expect(facts.getByText("High")).toBeVisible()
    await expect(facts.getByRole("combobox", { name: "Change the status" })).toHaveDisplayValue(
      /Waiting for the customer/,
    )
    await expect(facts.getByRole("combobox", { name: "Assign to" })).toHaveDisplayValue(/sam@manyhands\.dev/)
    await expect(facts.queryByRole("button", { name: "My question is answered" })).toBeNull()

    await step("assigned to me", async () => {
      await userEvent.click(facts.getByRole("button", { name: "Assign to me" }))
      await waitFor(() => expect(assigned).toHaveBeenCalledWith({ assigneeId: "7" }))
      await expect(await facts.findByText("Saved.")).toHaveAttribute("role", "status")
      await expect(facts.getByRole("combobox", { name: "Assign to" })).toHaveDisplayValue(/Grace Hopper/)
      await expect(facts.queryByRole("button", { name: "Assign to me" })).toBeNull()
    })

    await step("an internal note", async () => {
      const reply = within(canvas.getByRole("form", { name: "Answer" }))
      const internal = reply.getByRole("switch", { name: "Internal note: the customer does not see it" })
      await expect(internal).not.toBeChecked()
      await expect(reply.getByRole("button", { name: "Send" })).toBeVisible()
      await userEvent.click(internal)
      await expect(internal).toBeChecked()
      await userEvent.type(
        reply.getByRole("textbox", { name: /^Your reply/ }),
        "Refunded the 2 failed tasks by hand.",
      )
      await userEvent.click(reply.getByRole("button", { name: "Add the note" }))
      await waitFor(() =>
        expect(noted).toHaveBeenCalledWith({
          body: "Refunded the 2 failed tasks by hand.",
          attachmentIds: [],
          internal: true,
        }),
      )
      await expect(await reply.findByText("Note added.")).toHaveAttribute("role", "status")
      await waitFor(() => expect(thread.getAllByText("Internal note")).toHaveLength(2))
    })

    await step("a canned answer, inserted to be edited", async () => {
      const reply = within(canvas.getByRole("form", { name: "Answer" }))
      await userEvent.selectOptions(
        reply.getByRole("combobox", { name: /^Canned answer/ }),
        "ERROR_ZERO_BALANCE",
      )
      const textbox = reply.getByRole("textbox", { name: /^Your reply/ }) as HTMLTextAreaElement
      await expect(textbox.value).toMatch(/^in\.php answers ERROR_ZERO_BALANCE when your balance cannot pay/)
      await expect(reply.getByText("Inserted into your answer: edit it before you send it.")).toBeVisible()
    })
    await picturesLoaded(canvasElement)
  },
}

/** A closed ticket: the thread stays readable; the banner says to open a new one, and nothing can be written. */
export const TicketClosed: Story = {
  name: "Ticket: closed",
  render: () => (
    <Shell services={{ user: storyUser }}>
      <TicketScreen supportTicket={closedTicket} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: changeEmail.subject })).toBeVisible()
    await expect(canvas.getAllByText("Closed")[0]).toBeVisible()
    await expect(
      canvas.getByText("This ticket is closed. Open a new one and mention #1011 if you need more help."),
    ).toBeVisible()
    await expect(canvas.getAllByRole("article")).toHaveLength(2)
    await expect(canvas.queryByRole("form")).toBeNull()
    await expect(canvas.queryByRole("textbox")).toBeNull()
    await expect(canvas.queryByRole("button", { name: "My question is answered" })).toBeNull()
    await expect(canvas.queryByRole("region", { name: "Sent with the ticket" })).toBeNull()
  },
}

/** Not the reader's ticket (the route has none): said, with the way back to their tickets. */
export const TicketNotFound: Story = {
  name: "Ticket: not found",
  render: () => (
    <Shell services={{ user: storyUser }}>
      <TicketScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "No such ticket" })).toBeVisible()
    await expect(
      canvas.getByText("There is no such ticket of yours. It may belong to another account."),
    ).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Your tickets" })).toHaveAttribute(
      "href",
      "/support/tickets",
    )
    await expect(canvas.queryByRole("form")).toBeNull()
  },
}
