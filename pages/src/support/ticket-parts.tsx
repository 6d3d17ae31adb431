import { useTranslation } from "react-i18next"
import { Badge, useFormatter, type BadgeTone } from "@manyhands/design-system"
import type { TicketContext, TicketSla, TicketStatus, TicketSummary } from "@manyhands/contract/support"
import { Link } from "react-router"
import { useMicroMoney, type PictureUploadsLabels } from "../blocks"

export const NS = "support"

const TONES: Record<TicketStatus, BadgeTone> = {
  new: "warning",
  open: "warning",
  waiting: "info",
  on_hold: "neutral",
  resolved: "success",
  closed: "neutral",
  spam: "danger",
}

/** A ticket's status as its reader sees it: the customer's words, or staff's own. */
export function TicketStatusBadge({ status, staff = false }: { status: TicketStatus; staff?: boolean }) {
  const { t } = useTranslation(NS)
  return <Badge tone={TONES[status]}>{t(`${staff ? "staffStatus" : "status"}.${status}`)}</Badge>
}

/** When staff's answer is due, or since when it is overdue. */
export function SlaBadge({ sla }: { sla: TicketSla }) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  if (!sla.dueAt) return null
  const time = format.dateTime(sla.dueAt)
  return sla.breached ? (
    <Badge tone="danger">{t("queue.overdue", { time })}</Badge>
  ) : (
    <Badge tone="neutral">{t("queue.due", { time })}</Badge>
  )
}

/**
 * One ticket in a list: its subject (the link), number, status and last message. The subject is a heading one level
 * below the list's own: h2 under the page's h1 (the reader's tickets), h3 under the queue's h2.
 */
export function TicketCard({
  ticket,
  staff = false,
  headingLevel = 2,
}: {
  ticket: TicketSummary
  staff?: boolean
  headingLevel?: 2 | 3
}) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const Heading = headingLevel === 3 ? "h3" : "h2"
  return (
    <article className="relative flex flex-col gap-2 rounded-lg border border-border bg-surface p-4 focus-within:border-primary hover:border-border-strong">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading className="text-base font-semibold text-foreground">
          <Link
            to={`/support/tickets/${ticket.id}`}
            className="rounded-sm after:absolute after:inset-0 focus-visible:outline-none"
          >
            {ticket.subject}
          </Link>
        </Heading>
        <TicketStatusBadge status={ticket.status} staff={staff} />
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span>{t("list.number", { id: ticket.id })}</span>
        <span>{t(`category.${ticket.category}`)}</span>
        {staff && <span>{t(`priority.${ticket.priority}`)}</span>}
        <time dateTime={ticket.lastMessageAt}>{format.date(ticket.lastMessageAt, "long")}</time>
        <span>{ticket.lastBy === "staff" ? t("list.lastByStaff") : t("list.lastByCustomer")}</span>
        {staff && ticket.customer && <span>{t("queue.from", { email: ticket.customer.email })}</span>}
        {staff && ticket.sla?.dueAt && <SlaBadge sla={ticket.sla} />}
        {staff && (
          <span>
            {ticket.assignee
              ? t("queue.assignee", { name: ticket.assignee.name ?? ticket.assignee.email })
              : t("queue.unassigned")}
          </span>
        )}
      </p>
    </article>
  )
}

/** The diagnostics a ticket carries (or would carry), part by part. */
export function ContextDetails({
  context,
  parts,
  stacked = false,
  names = "own",
}: {
  context: TicketContext
  parts?: ReadonlySet<string>
  /** Each name above its value (a narrow column); otherwise side by side from small screens up. */
  stacked?: boolean
  /** "own": named for the account's owner ("Your balance"), as the new-ticket form asks; "ticket": plainly. */
  names?: "own" | "ticket"
}) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const money = useMicroMoney()
  const shown = (part: string) => !parts || parts.has(part)
  const name = (part: string) => t(names === "own" ? `new.part.${part}` : `ticket.part.${part}`)
  return (
    <dl
      className={
        stacked
          ? "flex flex-col gap-1 text-sm [&_dd]:mb-2 [&_dd]:break-words"
          : "grid gap-3 text-sm sm:grid-cols-[12rem_minmax(0,1fr)] [&_dd]:break-words"
      }
    >
      {shown("balance") && (
        <>
          <dt className="font-medium text-foreground">{name("balance")}</dt>
          <dd className="text-muted-foreground">
            {context.balance
              ? money(Number(context.balance.amount), context.balance.currency)
              : t("new.none")}
          </dd>
        </>
      )}
      {shown("recentErrors") && (
        <>
          <dt className="font-medium text-foreground">{name("recentErrors")}</dt>
          <dd className="text-muted-foreground">
            {context.recentErrors.length === 0 ? (
              t("new.none")
            ) : (
              <ul className="flex flex-col gap-1">
                {context.recentErrors.map((error, index) => (
                  <li key={index}>
                    <code className="break-all font-mono text-foreground">{error.code}</code> ·{" "}
                    {error.endpoint} · {format.dateTime(error.at)}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </>
      )}
      {shown("allowedIps") && (
        <>
          <dt className="font-medium text-foreground">{name("allowedIps")}</dt>
          <dd className="font-mono text-muted-foreground">
            {context.allowedIps.length === 0 ? t("new.anyAddress") : context.allowedIps.join(", ")}
          </dd>
        </>
      )}
      {shown("pingbackFailures") && (
        <>
          <dt className="font-medium text-foreground">{name("pingbackFailures")}</dt>
          <dd className="text-muted-foreground">
            {context.pingbackFailures.length === 0 ? (
              t("new.none")
            ) : (
              <ul className="flex flex-col gap-1">
                {context.pingbackFailures.map((failure, index) => (
                  <li key={index} className="break-all">
                    {failure.url} · {t("new.attempts", { count: failure.attempts })} ·{" "}
                    {format.dateTime(failure.at)}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </>
      )}
    </dl>
  )
}

/** The words of a ticket's screenshot uploads. */
export function usePictureLabels(): PictureUploadsLabels {
  const { t } = useTranslation(NS)
  return {
    remove: (n) => t("new.removePicture", { n }),
    alt: (n) => t("new.pictureAlt", { n }),
    limits: t("new.pictureLimits"),
    failedTitle: t("new.uploadFailedTitle"),
    failed: (name, message) => t("new.uploadFailed", { name, message }),
  }
}
