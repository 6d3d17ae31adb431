import { useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Badge,
  Banner,
  Breadcrumbs,
  Button,
  Field,
  KeyValueItem,
  KeyValueList,
  Select,
  Switch,
  TextArea,
  useFormatter,
} from "@manyhands/design-system"
import type { Picture } from "@manyhands/contract/attachments"
import {
  TICKET_BODY_MAX_LENGTH,
  TICKET_MAX_ATTACHMENTS,
  TICKET_STATUSES,
  supportApi,
  type Ticket,
  type TicketMessage,
  type TicketStatus,
} from "@manyhands/contract/support"
import { PictureUploads, renderRouterLink } from "../blocks"
import { ArticleBody } from "../content/article-body"
import { FormError, useForm, type FieldErrors } from "../forms"
import { MissingItem } from "../layout/missing-item"
import { Section } from "../layout/section"
import { useShellServices } from "../shell-context"
import { ContextDetails, NS, SlaBadge, TicketStatusBadge, usePictureLabels } from "./ticket-parts"

/** Staff's canned answers (texts in the support namespace, canned.items). */
const CANNED_ANSWERS = ["requestDetails", "zeroBalance", "ipNotAllowed", "reportWrong", "solved"] as const

export interface TicketScreenProps {
  /** GET /api/v1/support/tickets/{id}, preloaded by the route; missing: not the reader's ticket. */
  supportTicket?: Ticket
}

/**
 * /support/tickets/{id}: the ticket's facts, the diagnostics it carries, its thread (staff's notes for staff
 * only) and the reply form; the customer may mark it resolved; staff change its status and assignee.
 */
export default function TicketScreen({ supportTicket }: TicketScreenProps) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  // The ticket as the last change answered it; the route's answer until then (and for another ticket).
  const [changed, setTicket] = useState<Ticket | null>(null)
  const ticket = changed && changed.id === supportTicket?.id ? changed : supportTicket
  if (!ticket)
    return (
      <MissingItem
        title={t("ticket.notFound")}
        lead={t("ticket.notFoundLead")}
        back={{ to: "/support/tickets", label: t("ticket.back") }}
      />
    )
  return (
    <Section>
      <Breadcrumbs
        className="mb-4"
        items={[
          { label: t("home.eyebrow"), href: "/support" },
          { label: t("list.title"), href: "/support/tickets" },
          { label: t("ticket.number", { id: ticket.id }) },
        ]}
        renderLink={renderRouterLink}
      />
      <div className="mb-2 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-foreground">{ticket.subject}</h1>
        <TicketStatusBadge status={ticket.status} staff={ticket.staffView} />
      </div>
      <p className="mb-8 text-sm text-muted-foreground">
        {t("ticket.number", { id: ticket.id })} ·{" "}
        {t("ticket.opened", { date: format.dateTime(ticket.createdAt) })}
      </p>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <section aria-labelledby="ticket-thread" className="flex flex-col gap-4">
            <h2 id="ticket-thread" className="sr-only">
              {t("ticket.thread")}
            </h2>
            <ol className="flex flex-col gap-4">
              {ticket.messages.map((message) => (
                <li key={message.id}>
                  <MessageCard message={message} staffView={ticket.staffView} />
                </li>
              ))}
            </ol>
          </section>
          {ticket.status === "closed" && !ticket.staffView && (
            <Banner tone="info" title={t("ticket.closed", { id: ticket.id })} />
          )}
          {ticket.status === "spam" && !ticket.staffView && <Banner tone="info" title={t("ticket.spam")} />}
          {ticket.canReply && <ReplyForm ticket={ticket} onSent={setTicket} />}
        </div>
        <aside aria-labelledby="ticket-facts" className="flex flex-col gap-6">
          <div>
            <h2 id="ticket-facts" className="mb-2 text-lg font-semibold text-foreground">
              {t("ticket.facts")}
            </h2>
            <KeyValueList divided>
              <KeyValueItem label={t("ticket.audience")}>{t(`audience.${ticket.audience}`)}</KeyValueItem>
              <KeyValueItem label={t("ticket.category")}>{t(`category.${ticket.category}`)}</KeyValueItem>
              <KeyValueItem label={t("ticket.priority")}>{t(`priority.${ticket.priority}`)}</KeyValueItem>
              {ticket.customer && (
                <KeyValueItem label={t("ticket.customer")}>
                  {ticket.customer.name
                    ? `${ticket.customer.name} (${ticket.customer.email})`
                    : ticket.customer.email}
                </KeyValueItem>
              )}
              {ticket.sla && (
                <KeyValueItem label={t("ticket.sla")}>
                  <span className="flex flex-col items-start gap-1">
                    {ticket.sla.dueAt ? <SlaBadge sla={ticket.sla} /> : t("ticket.slaNone")}
                    {ticket.sla.missedBefore > 0 && (
                      <span className="text-xs text-muted-foreground">
                        {t("ticket.missed", { count: ticket.sla.missedBefore })}
                      </span>
                    )}
                    {ticket.sla.plan && <Badge tone="info">{t("ticket.slaPlan")}</Badge>}
                    <span className="text-xs text-muted-foreground">
                      {ticket.sla.plan?.hours === "24x7" ? t("ticket.slaHint24x7") : t("ticket.slaHint")}
                    </span>
                  </span>
                </KeyValueItem>
              )}
              {ticket.staffView && (
                <KeyValueItem label={t("ticket.assignee")}>
                  {ticket.assignee ? (ticket.assignee.name ?? ticket.assignee.email) : t("ticket.nobody")}
                </KeyValueItem>
              )}
            </KeyValueList>
          </div>
          {ticket.staffView ? (
            <StaffControls ticket={ticket} onChanged={setTicket} />
          ) : (
            <ResolveButton ticket={ticket} onChanged={setTicket} />
          )}
          {ticket.context && (
            <section aria-labelledby="ticket-context">
              <h2 id="ticket-context" className="mb-2 text-lg font-semibold text-foreground">
                {t("ticket.context")}
              </h2>
              <ContextDetails context={ticket.context} stacked names="ticket" />
            </section>
          )}
        </aside>
      </div>
    </Section>
  )
}

function MessageCard({ message, staffView }: { message: TicketMessage; staffView: boolean }) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const who = message.author.staff
    ? (message.author.name ?? t("ticket.supportTeam"))
    : staffView
      ? (message.author.name ?? t("ticket.customerName"))
      : t("ticket.you")
  return (
    <article
      className={
        message.internal
          ? "rounded-lg border border-dashed border-warning bg-surface-muted p-4"
          : message.author.staff
            ? "rounded-lg border border-border bg-surface-muted p-4"
            : "rounded-lg border border-border bg-surface p-4"
      }
    >
      <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="text-sm font-semibold text-foreground">{who}</span>
        {message.author.staff && !message.internal && <Badge tone="info">{t("ticket.supportTeam")}</Badge>}
        {message.internal && <Badge tone="warning">{t("ticket.note")}</Badge>}
        <time className="text-sm text-muted-foreground" dateTime={message.createdAt}>
          {format.dateTime(message.createdAt)}
        </time>
      </div>
      <ArticleBody html={message.bodyHtml} />
      {message.attachments.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-3">
          {message.attachments.map((picture, index) => (
            <li key={picture.id}>
              <a
                href={picture.url}
                className="block rounded-md focus-visible:outline-2 focus-visible:outline-primary"
              >
                <img
                  src={picture.variants[0]?.url ?? picture.url}
                  alt={picture.alt || t("ticket.attachment", { n: index + 1 })}
                  className="h-28 w-auto rounded-md border border-border object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </article>
  )
}

interface ReplyValues {
  body: string
  attachments: Picture[]
  internal: boolean
}

function ReplyForm({ ticket, onSent }: { ticket: Ticket; onSent: (ticket: Ticket) => void }) {
  const { t } = useTranslation(NS)
  const pictureLabels = usePictureLabels()
  const { api } = useShellServices()
  const [done, setDone] = useState<string | null>(null)
  const [cannedNote, setCannedNote] = useState<string | null>(null)
  const form = useForm<ReplyValues>({
    initial: { body: "", attachments: [], internal: false },
    validate: (values) => {
      const errors: FieldErrors<ReplyValues> = {}
      if (!values.body.trim()) errors.body = t("ticket.replyEmpty")
      return errors
    },
    submit: async (values) => {
      const updated = await api.send<Ticket>("POST", supportApi.reply.url({ id: ticket.id }), {
        body: values.body.trim(),
        attachmentIds: values.attachments.map((picture) => picture.id),
        ...(ticket.staffView ? { internal: values.internal } : {}),
      })
      setDone(values.internal ? t("ticket.noted") : t("ticket.replied"))
      // The switch stays as it was: a second note must not go to the customer by surprise.
      form.reset({ body: "", attachments: [], internal: values.internal })
      onSent(updated)
    },
  })
  return (
    <form
      method="post"
      noValidate
      onSubmit={form.onSubmit}
      aria-labelledby="ticket-reply"
      className="flex flex-col gap-4 rounded-lg border border-border p-4"
    >
      <h2 id="ticket-reply" className="text-lg font-semibold text-foreground">
        {ticket.staffView ? t("ticket.replyStaff") : t("ticket.reply")}
      </h2>
      {done && (
        <p role="status" className="text-sm text-success">
          {done}
        </p>
      )}
      <Field label={t("ticket.reply")} hint={t("ticket.replyHint")} {...form.field("body")}>
        <TextArea
          minRows={5}
          maxLength={TICKET_BODY_MAX_LENGTH}
          value={form.values.body}
          onChange={(event) => {
            setDone(null)
            form.set("body", event.target.value)
          }}
        />
      </Field>
      <PictureUploads
        pictures={form.values.attachments}
        max={TICKET_MAX_ATTACHMENTS}
        onChange={(pictures) => form.set("attachments", pictures)}
        uploadUrl={supportApi.uploadPicture.url()}
        labels={pictureLabels}
      />
      {ticket.staffView && (
        <Field label={t("canned.label")} hint={cannedNote ?? undefined}>
          <Select
            value=""
            placeholder={t("canned.placeholder")}
            onValueChange={(id) => {
              const text = t(`canned.items.${id}.body`)
              const body = form.values.body.trim()
              form.set("body", body ? `${body}\n\n${text}` : text)
              setCannedNote(t("canned.inserted"))
            }}
            options={CANNED_ANSWERS.map((id) => ({ value: id, label: t(`canned.items.${id}.title`) }))}
          />
        </Field>
      )}
      {ticket.staffView && (
        <Switch
          label={t("ticket.internal")}
          checked={form.values.internal}
          onCheckedChange={(checked) => form.set("internal", checked)}
        />
      )}
      <FormError message={form.formError} />
      <div>
        <Button type="submit" loading={form.submitting}>
          {form.values.internal ? t("ticket.sendNote") : t("ticket.send")}
        </Button>
      </div>
    </form>
  )
}

/** The customer says their question is answered. */
function ResolveButton({ ticket, onChanged }: { ticket: Ticket; onChanged: (ticket: Ticket) => void }) {
  const { t } = useTranslation(NS)
  const { api, toFailure } = useShellServices()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (ticket.status === "resolved")
    return <p className="text-sm text-muted-foreground">{t("ticket.resolved")}</p>
  if (!ticket.canReply) return null
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        loading={busy}
        onClick={async () => {
          setBusy(true)
          setError(null)
          try {
            onChanged(
              await api.send<Ticket>("POST", supportApi.setStatus.url({ id: ticket.id }), {
                status: "resolved",
              }),
            )
          } catch (failure) {
            setError(toFailure(failure).message)
          } finally {
            setBusy(false)
          }
        }}
      >
        {t("ticket.resolve")}
      </Button>
      <FormError message={error} />
    </div>
  )
}

/** Staff set the status and the assignee. */
function StaffControls({ ticket, onChanged }: { ticket: Ticket; onChanged: (ticket: Ticket) => void }) {
  const { t } = useTranslation(NS)
  const { api, toFailure, user } = useShellServices()
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const change = async (url: string, body: unknown) => {
    setError(null)
    setNotice(null)
    try {
      onChanged(await api.send<Ticket>("POST", url, body))
      setNotice(t("ticket.changed"))
    } catch (failure) {
      setError(toFailure(failure).message)
    }
  }
  const NOBODY = "nobody"
  return (
    <div className="flex flex-col gap-4">
      <Field label={t("ticket.statusLabel")}>
        <Select
          value={ticket.status}
          onValueChange={(value) =>
            void change(supportApi.setStatus.url({ id: ticket.id }), { status: value as TicketStatus })
          }
          options={TICKET_STATUSES.map((status) => ({ value: status, label: t(`staffStatus.${status}`) }))}
        />
      </Field>
      <Field label={t("ticket.assignLabel")}>
        <Select
          value={ticket.assignee?.id ?? NOBODY}
          onValueChange={(value) =>
            void change(supportApi.assign.url({ id: ticket.id }), {
              assigneeId: value === NOBODY ? null : value,
            })
          }
          options={[
            { value: NOBODY, label: t("ticket.nobody") },
            ...ticket.staff.map((person) => ({ value: person.id, label: person.name ?? person.email })),
          ]}
        />
      </Field>
      {user && ticket.assignee?.id !== user.id && ticket.staff.some((person) => person.id === user.id) && (
        <Button
          variant="secondary"
          onClick={() => void change(supportApi.assign.url({ id: ticket.id }), { assigneeId: user.id })}
        >
          {t("ticket.assignMe")}
        </Button>
      )}
      {notice && (
        <p role="status" className="text-sm text-success">
          {notice}
        </p>
      )}
      <FormError message={error} />
    </div>
  )
}
