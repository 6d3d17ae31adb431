import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import {
  Breadcrumbs,
  Button,
  Checkbox,
  Field,
  RadioGroup,
  Select,
  Skeleton,
  TextArea,
  TextInput,
} from "@manyhands/design-system"
import type { Picture } from "@manyhands/contract/attachments"
import { botApi, type BotThread } from "@manyhands/contract/bot"
import {
  CONTEXT_PARTS,
  TICKET_AUDIENCES,
  TICKET_BODY_MAX_LENGTH,
  TICKET_BODY_MIN_LENGTH,
  TICKET_CATEGORIES,
  TICKET_MAX_ATTACHMENTS,
  TICKET_PRIORITIES,
  TICKET_SUBJECT_MAX_LENGTH,
  supportApi,
  type ContextPart,
  type Ticket,
  type TicketContext,
} from "@manyhands/contract/support"
import { PictureUploads, renderRouterLink } from "../blocks"
import { FormError, useForm, type FieldErrors } from "../forms"
import { Section } from "../layout/section"
import { useShellServices } from "../shell-context"
import { botTranscript } from "./bot-parts"
import { ContextDetails, NS, usePictureLabels } from "./ticket-parts"

export interface NewTicketScreenProps {
  /** GET /api/v1/support/context: the account's diagnostics, preloaded by the route. */
  supportContext?: TicketContext
}

type Audience = (typeof TICKET_AUDIENCES)[number]
type Category = (typeof TICKET_CATEGORIES)[number]
type Priority = (typeof TICKET_PRIORITIES)[number]

interface Values {
  audience: Audience
  category: Category | ""
  priority: Priority
  subject: string
  body: string
  attachments: Picture[]
  /** Parts of the diagnostics the writer unticked (the others with something in them go). */
  leaveOut: ContextPart[]
}

/** Whether a part of the diagnostics has anything to send. */
const hasPart = (context: TicketContext, part: ContextPart) =>
  part === "balance" ? context.balance !== null : context[part].length > 0

/**
 * /support/tickets/new: who writes, the topic and priority, a subject and a Markdown message, screenshots, and the
 * account's diagnostics shown part by part (each sent unless unticked). Sent, the ticket's page opens.
 */
export default function NewTicketScreen({ supportContext }: NewTicketScreenProps) {
  const { t } = useTranslation(NS)
  const pictureLabels = usePictureLabels()
  const { api, goTo, accountType } = useShellServices()
  const context = supportContext
  /** What goes with the ticket: every part that has something in it, unless unticked. */
  const included = (leaveOut: ContextPart[]) =>
    context ? CONTEXT_PARTS.filter((part) => hasPart(context, part) && !leaveOut.includes(part)) : []
  const form = useForm<Values>({
    initial: {
      audience: accountType === "worker" || accountType === "developer" ? accountType : "customer",
      category: "",
      priority: "normal",
      subject: "",
      body: "",
      attachments: [],
      leaveOut: [],
    },
    validate: (values) => {
      const errors: FieldErrors<Values> = {}
      if ([...values.subject.trim()].length < 3) errors.subject = t("new.subjectShort")
      if (!values.category) errors.category = t("new.categoryMissing")
      if ([...values.body.trim()].length < TICKET_BODY_MIN_LENGTH)
        errors.body = t("new.bodyShort", { count: TICKET_BODY_MIN_LENGTH })
      return errors
    },
    submit: async (values) => {
      const ticket = await api.send<Ticket>("POST", supportApi.create.url(), {
        audience: values.audience,
        category: values.category,
        priority: values.priority,
        subject: values.subject.trim(),
        body: values.body.trim(),
        attachmentIds: values.attachments.map((picture) => picture.id),
        include: included(values.leaveOut),
      })
      goTo(`/support/tickets/${ticket.id}`)
    },
  })

  // Sent here from the support bot (?bot=<conversation>): the conversation fills an empty subject and message.
  const [params] = useSearchParams()
  const botThread = params.get("bot")
  const { set } = form
  useEffect(() => {
    if (!botThread || !/^[0-9]{1,18}$/.test(botThread)) return
    let current = true
    api
      .get<BotThread>(botApi.thread.url({ id: botThread }))
      .then((thread) => {
        if (!current || thread.messages.length === 0) return
        const first = thread.messages[0]!.question
        set(
          "subject",
          [...first].length > TICKET_SUBJECT_MAX_LENGTH
            ? `${first.slice(0, TICKET_SUBJECT_MAX_LENGTH - 1)}…`
            : first,
        )
        set("body", botTranscript(thread, t))
      })
      .catch(() => {})
    return () => {
      current = false
    }
  }, [api, botThread, set, t])
  const { values } = form
  return (
    <Section>
      <Breadcrumbs
        className="mb-4"
        items={[
          { label: t("home.eyebrow"), href: "/support" },
          { label: t("list.title"), href: "/support/tickets" },
          { label: t("new.title") },
        ]}
        renderLink={renderRouterLink}
      />
      <h1 id="new-ticket-title" className="mb-2 text-3xl font-bold tracking-tight text-foreground">
        {t("new.title")}
      </h1>
      <p className="mb-8 max-w-3xl text-base text-muted-foreground">{t("new.lead")}</p>
      <form
        method="post"
        noValidate
        onSubmit={form.onSubmit}
        aria-labelledby="new-ticket-title"
        className="flex max-w-3xl flex-col gap-6"
      >
        <Field label={t("new.audience")} {...form.field("audience")}>
          <RadioGroup
            orientation="horizontal"
            value={values.audience}
            onValueChange={(value) => form.set("audience", value as Audience)}
            options={TICKET_AUDIENCES.map((each) => ({ value: each, label: t(`audience.${each}`) }))}
          />
        </Field>
        <div className="grid gap-6 sm:grid-cols-2">
          <Field label={t("new.category")} required {...form.field("category")}>
            <Select
              value={values.category || undefined}
              onValueChange={(value) => form.set("category", value as Category)}
              options={TICKET_CATEGORIES.map((each) => ({ value: each, label: t(`category.${each}`) }))}
            />
          </Field>
          <Field label={t("new.priority")} hint={t("new.priorityHint")} {...form.field("priority")}>
            <Select
              value={values.priority}
              onValueChange={(value) => form.set("priority", value as Priority)}
              options={TICKET_PRIORITIES.map((each) => ({ value: each, label: t(`priority.${each}`) }))}
            />
          </Field>
        </div>
        <Field
          label={t("new.subject")}
          hint={t("new.subjectHint", { max: TICKET_SUBJECT_MAX_LENGTH })}
          required
          {...form.field("subject")}
        >
          <TextInput maxLength={TICKET_SUBJECT_MAX_LENGTH} {...form.input("subject")} />
        </Field>
        <Field label={t("new.body")} hint={t("new.bodyHint")} required {...form.field("body")}>
          <TextArea
            minRows={8}
            maxLength={TICKET_BODY_MAX_LENGTH}
            value={values.body}
            onChange={(event) => form.set("body", event.target.value)}
          />
        </Field>
        <Field
          label={t("new.attachments")}
          hint={t("new.attachmentsHint", { count: TICKET_MAX_ATTACHMENTS })}
          {...form.field("attachments")}
        >
          <PictureUploads
            pictures={values.attachments}
            max={TICKET_MAX_ATTACHMENTS}
            onChange={(pictures) => form.set("attachments", pictures)}
            uploadUrl={supportApi.uploadPicture.url()}
            labels={pictureLabels}
          />
        </Field>
        <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4">
          <legend className="px-1 text-base font-semibold text-foreground">{t("new.context")}</legend>
          {context ? (
            <>
              <p className="text-sm text-muted-foreground">{t("new.contextLead")}</p>
              {CONTEXT_PARTS.filter((part) => hasPart(context, part)).map((part) => (
                <Checkbox
                  key={part}
                  label={t(`new.part.${part}`)}
                  checked={!values.leaveOut.includes(part)}
                  onCheckedChange={(on) =>
                    form.set(
                      "leaveOut",
                      on === true
                        ? values.leaveOut.filter((each) => each !== part)
                        : [...values.leaveOut, part],
                    )
                  }
                />
              ))}
              {included(values.leaveOut).length > 0 && (
                <ContextDetails context={context} parts={new Set(included(values.leaveOut))} />
              )}
            </>
          ) : (
            // Still on its way (a failed load shows the route's own error instead of the form).
            <Skeleton shape="rect" className="h-24" />
          )}
        </fieldset>
        <FormError message={form.formError} />
        <div>
          <Button type="submit" loading={form.submitting}>
            {t("new.send")}
          </Button>
        </div>
      </form>
    </Section>
  )
}
