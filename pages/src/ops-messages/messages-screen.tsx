import { useRef, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import {
  Badge,
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  Field,
  RadioGroup,
  Select,
  TextArea,
  TextInput,
  useFormatter,
  type TableColumn,
} from "@manyhands/design-system"
import type { Page } from "@manyhands/contract"
import { USER_TYPES, type UserType } from "@manyhands/contract/accounts"
import { SITE_LANGUAGES, type SiteLanguage } from "@manyhands/contract/languages"
import {
  MESSAGE_AUDIENCES,
  MESSAGE_TITLE_MAX,
  messagesApi,
  type BroadcastDetail,
  type BroadcastSummary,
  type MessageAudience,
} from "@manyhands/contract/ops-messages"
import { ConfirmFrame } from "../admin-lists"
import { useApi } from "../api"
import { NoticeRegion, PagedListSection, type Notice } from "../blocks"
import { FormError } from "../forms"
import { Section } from "../layout/section"
import { ApiFailure, useShellServices } from "../shell-context"
import { ReadersDialog } from "./readers-dialog"
import { RichTextEditor, hasText } from "./rich-text-editor"

export interface MessagesScreenProps {
  /** GET /api/v2/admin/messages, the first page, preloaded by the route. */
  adminMessages?: Page<BroadcastSummary>
}

/** The names written in a list of recipients: e-mails or ids, by commas, spaces or lines. */
export const namesIn = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((name) => name.trim())
      .filter(Boolean),
  ),
]

/**
 * /admin/messages: write a system message in any of the site's languages (English required: it is what a
 * reader of another language gets), send it to one account, a list, or everyone of an account type, and see
 * who read the messages sent. The user sees it in a modal on their next page, in their language.
 */
export default function MessagesScreen({ adminMessages }: MessagesScreenProps) {
  const { t } = useTranslation("ops-messages")
  const format = useFormatter()
  const [page, setPage] = useState(1)
  const url = page === 1 ? messagesApi.list.url() : messagesApi.list.url(null, { page })
  const list = useApi<Page<BroadcastSummary>>(url, { initial: page === 1 ? adminMessages : undefined })
  const [notice, setNotice] = useState<Notice | null>(null)
  const [readers, setReaders] = useState<BroadcastSummary | null>(null)

  const audienceText = (message: BroadcastSummary) =>
    message.audience === "user"
      ? (message.recipientEmail ?? t("audience.user"))
      : message.audience === "users"
        ? t("list.users", { count: message.recipients })
        : t("list.accountType", { type: t(`accountTypes.${message.accountType ?? "customer"}`) })

  const columns: TableColumn<BroadcastSummary>[] = [
    {
      key: "title",
      header: t("list.columns.title"),
      rowHeader: true,
      cell: (message) => (
        <span className="flex flex-col">
          <span className="font-medium break-words">{message.title}</span>
          <span className="text-sm text-muted-foreground">
            {t("list.sentBy", {
              when: format.dateTime(message.createdAt),
              who: message.senderEmail ?? t("list.deleted"),
            })}
          </span>
        </span>
      ),
    },
    {
      key: "audience",
      header: t("list.columns.audience"),
      cell: (message) => <span className="break-all">{audienceText(message)}</span>,
    },
    {
      key: "languages",
      header: t("list.columns.languages"),
      cell: (message) => (
        <span className="flex flex-wrap gap-1">
          {message.languages.map((language) => (
            <Badge key={language} tone="neutral" title={format.languageName(language)}>
              {language}
            </Badge>
          ))}
        </span>
      ),
    },
    {
      key: "read",
      header: t("list.columns.read"),
      align: "numeric",
      cell: (message) => (
        <span className="whitespace-nowrap">
          {t("list.readOf", {
            read: format.number(message.read),
            recipients: format.number(message.recipients),
          })}
        </span>
      ),
    },
    {
      key: "actions",
      header: <span className="sr-only">{t("list.columns.actions")}</span>,
      label: t("list.columns.actions"),
      align: "end",
      cell: (message) => (
        <Button
          variant="secondary"
          aria-haspopup="dialog"
          aria-label={t("list.readersOf", { title: message.title })}
          onClick={() => setReaders(message)}
        >
          {t("list.readers")}
        </Button>
      ),
    },
  ]

  return (
    <Section labelledBy="admin-messages-title" className="min-h-[60vh]">
      <div className="flex flex-col gap-2">
        <p className="text-sm font-semibold text-primary">{t("eyebrow")}</p>
        <h1 id="admin-messages-title" className="text-3xl font-bold tracking-tight text-balance">
          {t("title")}
        </h1>
        <p className="max-w-3xl text-pretty text-muted-foreground">{t("lead")}</p>
      </div>
      <div className="mt-8 flex min-w-0 flex-col gap-6">
        <NoticeRegion notice={notice} onDismiss={() => setNotice(null)} dismissLabel={t("dismiss")} />
        <Compose
          onSent={(sent) => {
            setNotice({
              tone: "success",
              text: t("compose.sent", { title: sent.title, count: format.number(sent.recipients) }),
            })
            setPage(1)
            list.retry()
          }}
        />
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t("list.title")}</CardTitle>
          </CardHeader>
          <CardBody>
            <PagedListSection
              list={list}
              page={page}
              onPageChange={setPage}
              labels={{ error: t("list.error"), retry: t("list.retry"), pagination: t("list.pagination") }}
              status={{ range: (shown) => t("list.range", shown), loading: t("list.loading"), live: false }}
              caption={t("list.title")}
              columns={columns}
              getRowId={(message) => message.id}
              empty={{ titleAs: "h3", title: t("list.empty.title"), description: t("list.empty.text") }}
            />
          </CardBody>
        </Card>
      </div>
      <ReadersDialog message={readers} onClose={() => setReaders(null)} />
    </Section>
  )
}

type Drafts = Partial<Record<SiteLanguage, string>>

/** The compose form: title, the text per language, the recipients; sending asks first how many it reaches. */
function Compose({ onSent }: { onSent: (sent: BroadcastDetail) => void }) {
  const { t } = useTranslation("ops-messages")
  const format = useFormatter()
  const { api } = useShellServices()
  const [title, setTitle] = useState("")
  const [language, setLanguage] = useState<SiteLanguage>("en")
  const [drafts, setDrafts] = useState<Drafts>({})
  const [audience, setAudience] = useState<MessageAudience>("user")
  const [user, setUser] = useState("")
  const [users, setUsers] = useState("")
  const [accountType, setAccountType] = useState<UserType>("customer")
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [editorKey, setEditorKey] = useState(0)
  // The dialog opens from the form's submit, not from a trigger: the focus goes back to this button once it closes.
  const sendButton = useRef<HTMLButtonElement>(null)
  const counted = useApi<{ count: number }>(
    audience === "accountType" ? messagesApi.audience.url(null, { accountType }) : null,
  )

  const written = SITE_LANGUAGES.filter((code) => hasText(drafts[code] ?? ""))
  const recipients =
    audience === "user"
      ? user.trim()
        ? 1
        : 0
      : audience === "users"
        ? namesIn(users).length
        : counted.data?.count

  const check = () => {
    const next: Record<string, string> = {}
    if (!title.trim()) next.title = t("compose.errors.title")
    if (!hasText(drafts.en ?? "")) next.text = t("compose.errors.english")
    if (audience === "user" && !user.trim()) next.user = t("compose.errors.user")
    if (audience === "users" && namesIn(users).length === 0) next.users = t("compose.errors.users")
    setErrors(next)
    return Object.keys(next).length === 0
  }

  const ask = (event: FormEvent) => {
    event.preventDefault()
    setFailure(null)
    if (!check()) {
      if (!hasText(drafts.en ?? "")) setLanguage("en")
      return
    }
    setConfirming(true)
  }

  const send = async () => {
    setBusy(true)
    try {
      const message = Object.fromEntries(written.map((code) => [code, drafts[code]!]))
      const sent = await api.send<BroadcastDetail>("POST", messagesApi.send.url(), {
        title: title.trim(),
        message,
        audience,
        ...(audience === "user" ? { user: user.trim() } : {}),
        ...(audience === "users" ? { users: namesIn(users) } : {}),
        ...(audience === "accountType" ? { accountType } : {}),
      })
      setConfirming(false)
      setTitle("")
      setDrafts({})
      setUser("")
      setUsers("")
      setLanguage("en")
      setEditorKey((key) => key + 1)
      onSent(sent)
    } catch (caught) {
      if (!(caught instanceof ApiFailure)) throw caught
      setConfirming(false)
      setFailure(caught.message)
      const field = Object.keys(caught.fields ?? {})[0]
      if (field) setErrors({ [field === "message.en" ? "text" : field]: caught.fields[field]! })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("compose.title")}</CardTitle>
        <CardDescription>{t("compose.lead")}</CardDescription>
      </CardHeader>
      <CardBody>
        <form noValidate onSubmit={ask} className="flex flex-col gap-5">
          <FormError message={failure} />
          <Field label={t("compose.label")} hint={t("compose.labelHint")} error={errors.title} required>
            <TextInput
              value={title}
              maxLength={MESSAGE_TITLE_MAX}
              onChange={(event) => setTitle(event.target.value)}
            />
          </Field>
          <div className="flex flex-wrap items-end gap-4">
            <Field label={t("compose.language")} className="w-full sm:w-64">
              <Select
                value={language}
                onValueChange={(value) => setLanguage(value as SiteLanguage)}
                options={SITE_LANGUAGES.map((code) => ({
                  value: code,
                  label: written.includes(code)
                    ? t("compose.languageWritten", { name: format.languageName(code) })
                    : code === "en"
                      ? t("compose.languageRequired", { name: format.languageName(code) })
                      : format.languageName(code),
                }))}
              />
            </Field>
            <p className="pb-2 text-sm text-muted-foreground" aria-live="polite">
              {written.length === 0
                ? t("compose.noneWritten")
                : t("compose.written", {
                    languages: format.list(written.map((code) => format.languageName(code))),
                  })}
            </p>
          </div>
          <Field
            id={`message-text-${language}`}
            label={t("compose.text", { language: format.languageName(language) })}
            hint={language === "en" ? t("compose.englishHint") : t("compose.otherHint")}
            error={language === "en" ? errors.text : undefined}
            required={language === "en"}
          >
            <RichTextEditor
              key={`${editorKey}-${language}`}
              labelledBy={`message-text-${language}-label`}
              initialHtml={drafts[language] ?? ""}
              invalid={language === "en" && Boolean(errors.text)}
              onChange={(html) => {
                setDrafts((current) => ({ ...current, [language]: html }))
                if (language === "en" && errors.text) setErrors(({ text: _text, ...rest }) => rest)
              }}
            />
          </Field>
          <Field label={t("compose.audience")}>
            <RadioGroup
              orientation="horizontal"
              value={audience}
              onValueChange={(value) => setAudience(value as MessageAudience)}
              options={MESSAGE_AUDIENCES.map((each) => ({ value: each, label: t(`audience.${each}`) }))}
            />
          </Field>
          {audience === "user" ? (
            <Field label={t("compose.user")} hint={t("compose.userHint")} error={errors.user} required>
              <TextInput value={user} maxLength={254} onChange={(event) => setUser(event.target.value)} />
            </Field>
          ) : audience === "users" ? (
            <Field label={t("compose.users")} hint={t("compose.usersHint")} error={errors.users} required>
              <TextArea
                value={users}
                minRows={3}
                autosize
                onChange={(event) => setUsers(event.target.value)}
              />
            </Field>
          ) : (
            <Field
              label={t("compose.accountType")}
              hint={
                counted.data
                  ? t("compose.reaches", { count: format.number(counted.data.count) })
                  : t("compose.counting")
              }
              error={errors.accountType}
            >
              <Select
                value={accountType}
                onValueChange={(value) => setAccountType(value as UserType)}
                options={USER_TYPES.map((type) => ({ value: type, label: t(`accountTypes.${type}`) }))}
              />
            </Field>
          )}
          <div className="flex justify-end">
            <Button ref={sendButton} type="submit" aria-haspopup="dialog">
              {t("compose.send")}
            </Button>
          </div>
        </form>
      </CardBody>
      {/* What is sent cannot be taken back, so it is asked; sending harms nobody: the primary button. */}
      <ConfirmFrame
        open={confirming}
        onOpenChange={setConfirming}
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          sendButton.current?.focus()
        }}
        title={t("confirm.title")}
        description={
          recipients === undefined
            ? t("confirm.textUnknown", { title: title.trim() })
            : t("confirm.text", { count: format.number(recipients), title: title.trim() })
        }
        cancelLabel={t("confirm.cancel")}
        confirmLabel={t("confirm.send")}
        tone="primary"
        pending={busy}
        onConfirm={() => void send()}
      >
        <p className="text-sm text-muted-foreground">
          {t("confirm.languages", {
            languages: format.list(written.map((code) => format.languageName(code))),
          })}
        </p>
      </ConfirmFrame>
    </Card>
  )
}
