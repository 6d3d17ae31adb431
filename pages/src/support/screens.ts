import { withData, type ScreenEntry } from "../screen-loader"

/** Support (/support, /support/tickets, /support/tickets/new, /support/tickets/{id}), each its own chunk. */
export const screens = {
  SupportHome: () => import("./support-home-screen"),
  SupportTickets: withData(["supportTickets"], () => import("./tickets-screen")),
  SupportNewTicket: withData(["supportContext"], () => import("./new-ticket-screen")),
  SupportTicket: withData(["supportTicket"], () => import("./ticket-screen")),
} satisfies Record<string, ScreenEntry>
