import { useEffect, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { Link, useSearchParams } from "react-router"
import { Alert, Button, Field, Switch, DataTable, TextArea, useFormatter } from "@manyhands/design-system"
import {
  BOT_QUESTION_MAX_LENGTH,
  botApi,
  type BotGaps,
  type BotMessage,
  type BotThread,
} from "@manyhands/contract/bot"
import { faqVotesApi, type FaqHelpfulness } from "@manyhands/contract/faq"
import { LinkButton, PageHero } from "../blocks"
import { Section } from "../layout/section"
import { useShellServices } from "../shell-context"
import { ConfidenceBadge, PassageCard } from "./bot-parts"
import { NS } from "./ticket-parts"

/**
 * /support/bot: ask in your own words; the bot quotes our FAQ, tutorials and API guides with links and says how
 * sure it is. When it is not sure, or you say it did not help, it offers a ticket filled in with the conversation.
 * The conversation's number is kept in the address (?thread=), so a reload or a shared tab goes on with it.
 * Staff also see the questions it could not answer and how readers rated the FAQ.
 */
export default function SupportBotScreen() {
  const { t } = useTranslation(NS)
  const { api, language, toFailure, user } = useShellServices()
  const [params, setParams] = useSearchParams()
  const threadId = params.get("thread")
  const [thread, setThread] = useState<BotThread | null>(null)
  const [question, setQuestion] = useState("")
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)

  // A conversation named in the address (a reload, a link back from a ticket): read it once.
  useEffect(() => {
    if (!threadId || !/^[0-9]{1,18}$/.test(threadId) || thread?.id === threadId) return
    let current = true
    api.get<BotThread>(botApi.thread.url({ id: threadId })).then(
      (answer) => current && setThread(answer),
      () => current && setParams({}, { replace: true }),
    )
    return () => {
      current = false
    }
  }, [api, threadId, thread?.id, setParams])

  const ask = async (event: FormEvent) => {
    event.preventDefault()
    const text = question.trim()
    if (!text) return setError(t("bot.empty"))
    setSending(true)
    setError(null)
    try {
      const answer = await api.send<BotThread>("POST", botApi.ask.url(), {
        question: text,
        language,
        ...(thread ? { threadId: thread.id } : {}),
      })
      setThread(answer)
      setQuestion("")
      if (answer.id !== threadId) setParams({ thread: answer.id }, { replace: true })
    } catch (failure) {
      setError(toFailure(failure).message)
    } finally {
      setSending(false)
    }
  }

  const judge = async (message: BotMessage, helpful: boolean) => {
    if (!thread) return
    try {
      setThread(
        await api.send<BotThread>("POST", botApi.feedback.url({ id: thread.id, messageId: message.id }), {
          helpful,
        }),
      )
    } catch (failure) {
      setError(toFailure(failure).message)
    }
  }

  const publish = async (published: boolean) => {
    if (!thread) return
    try {
      setThread(await api.send<BotThread>("POST", botApi.publish.url({ id: thread.id }), { published }))
    } catch (failure) {
      setError(toFailure(failure).message)
    }
  }

  const startOver = () => {
    setThread(null)
    setError(null)
    setParams({}, { replace: true })
  }

  const staff = Boolean(user?.permissions.admin || user?.permissions.moderator)

  return (
    <>
      <PageHero id="bot-title" eyebrow={t("bot.eyebrow")} title={t("bot.title")} lead={t("bot.lead")} />
      <Section labelledBy="bot-conversation">
        <div className="mx-auto flex max-w-3xl flex-col gap-6">
          <h2 id="bot-conversation" className="sr-only">
            {t("bot.conversation")}
          </h2>
          {thread && thread.messages.length > 0 ? (
            <ol className="flex flex-col gap-8" aria-live="polite" aria-relevant="additions">
              {thread.messages.map((message) => (
                <li key={message.id} className="flex flex-col gap-3">
                  <p className="self-end rounded-lg bg-primary px-4 py-2 text-primary-foreground">
                    <span className="sr-only">{t("bot.you")} </span>
                    {message.question}
                  </p>
                  <Answer
                    message={message}
                    threadId={thread.id}
                    onJudge={(helpful) => void judge(message, helpful)}
                  />
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-muted-foreground">{t("bot.hint")}</p>
          )}

          <form onSubmit={(event) => void ask(event)} className="flex flex-col gap-3" noValidate>
            <Field
              label={thread ? t("bot.askMore") : t("bot.ask")}
              hint={t("bot.placeholder")}
              error={error ?? undefined}
            >
              <TextArea
                autosize
                minRows={2}
                maxRows={8}
                value={question}
                maxLength={BOT_QUESTION_MAX_LENGTH}
                onChange={(event) => setQuestion(event.target.value)}
                onKeyDown={(event) => {
                  // Enter asks; Shift+Enter is a new line.
                  if (event.key === "Enter" && !event.shiftKey) {
                    event.preventDefault()
                    event.currentTarget.form?.requestSubmit()
                  }
                }}
              />
            </Field>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" loading={sending}>
                {t("bot.send")}
              </Button>
              {thread ? (
                <Button type="button" variant="secondary" onClick={startOver}>
                  {t("bot.startOver")}
                </Button>
              ) : null}
            </div>
          </form>

          {thread ? (
            <div className="flex flex-col gap-2 rounded-lg border border-border p-4">
              <Switch
                checked={thread.published}
                onCheckedChange={(checked) => void publish(checked)}
                label={t("bot.publish.label")}
                description={
                  <>
                    {t("bot.publish.text")}{" "}
                    <Link to="/p/support-bot-threads" className="text-primary underline">
                      {t("bot.publish.link")}
                    </Link>
                  </>
                }
              />
            </div>
          ) : null}
        </div>
      </Section>
      {staff ? <StaffReports /> : null}
    </>
  )
}

/** The bot's answer: the passages, how sure it is, "did this help", and a ticket when it could not help. */
function Answer({
  message,
  threadId,
  onJudge,
}: {
  message: BotMessage
  threadId: string
  onJudge: (helpful: boolean) => void
}) {
  const { t } = useTranslation(NS)
  const offerTicket = !message.answered || message.helpful === false
  return (
    <div className="flex flex-col gap-3">
      <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-foreground">
        <span>
          {message.passages.length === 0
            ? t("bot.nothing")
            : message.answered
              ? t("bot.found")
              : t("bot.unsure")}
        </span>
        {message.passages.length > 0 ? <ConfidenceBadge confidence={message.confidence} /> : null}
      </p>
      {message.passages.map((passage) => (
        <PassageCard key={passage.path} passage={passage} />
      ))}
      {message.passages.length > 0 ? (
        <div
          className="flex flex-wrap items-center gap-2 text-sm"
          role="group"
          aria-label={t("bot.helpful.label")}
        >
          <span className="text-muted-foreground">{t("bot.helpful.label")}</span>
          <Button
            variant={message.helpful === true ? "primary" : "secondary"}
            aria-pressed={message.helpful === true}
            onClick={() => onJudge(true)}
          >
            {t("bot.helpful.yes")}
          </Button>
          <Button
            variant={message.helpful === false ? "primary" : "secondary"}
            aria-pressed={message.helpful === false}
            onClick={() => onJudge(false)}
          >
            {t("bot.helpful.no")}
          </Button>
          {message.helpful === true ? <span role="status">{t("bot.helpful.thanks")}</span> : null}
        </div>
      ) : null}
      {offerTicket ? (
        <Alert tone="info" title={t("bot.ticket.title")}>
          <p>{t("bot.ticket.text")}</p>
          <div className="mt-3">
            <LinkButton to={`/support/tickets/new?bot=${threadId}`}>{t("bot.ticket.action")}</LinkButton>
          </div>
        </Alert>
      ) : null}
    </div>
  )
}

/** For staff: the FAQ's gaps (questions without a good answer) and how readers rated each answer. */
function StaffReports() {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const { api, toFailure } = useShellServices()
  const [gaps, setGaps] = useState<BotGaps | null>(null)
  const [ratings, setRatings] = useState<FaqHelpfulness | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    Promise.all([
      api.get<BotGaps>(botApi.gaps.url()),
      api.get<FaqHelpfulness>(faqVotesApi.helpfulness.url()),
    ]).then(
      ([gapsAnswer, ratingsAnswer]) => {
        if (!current) return
        setGaps(gapsAnswer)
        setRatings(ratingsAnswer)
      },
      (error: unknown) => current && setFailure(toFailure(error).message),
    )
    return () => {
      current = false
    }
  }, [api, toFailure])
  return (
    <Section labelledBy="bot-staff" tone="surface">
      <h2 id="bot-staff" className="text-2xl font-semibold text-foreground">
        {t("bot.staff.title")}
      </h2>
      <p className="mt-2 max-w-2xl text-muted-foreground">{t("bot.staff.lead")}</p>
      {failure ? (
        <Alert tone="danger" className="mt-4">
          {failure}
        </Alert>
      ) : null}
      <div className="mt-6 flex flex-col gap-10">
        <DataTable
          caption={t("bot.staff.gaps")}
          loading={!gaps && !failure}
          columns={[
            { key: "question", header: t("bot.staff.question"), cell: (row) => row.question },
            { key: "language", header: t("bot.staff.language"), cell: (row) => row.language, width: "6rem" },
            { key: "asked", header: t("bot.staff.asked"), align: "end", width: "6rem" },
            { key: "notAnswered", header: t("bot.staff.notAnswered"), align: "end", width: "8rem" },
            { key: "notHelpful", header: t("bot.staff.notHelpful"), align: "end", width: "8rem" },
            {
              key: "lastAskedAt",
              header: t("bot.staff.last"),
              cell: (row) => format.date(row.lastAskedAt, "medium"),
              width: "9rem",
            },
            {
              key: "bestPath",
              header: t("bot.staff.best"),
              cell: (row) =>
                row.bestPath ? (
                  <Link to={row.bestPath} className="text-primary underline">
                    {row.bestPath}
                  </Link>
                ) : (
                  "—"
                ),
            },
          ]}
          rows={gaps?.items.map((item) => ({ ...item, id: `${item.language}:${item.question}` })) ?? []}
          empty={{ title: t("bot.staff.noGaps") }}
        />
        <DataTable
          caption={t("bot.staff.ratings")}
          loading={!ratings && !failure}
          columns={[
            {
              key: "title",
              header: t("bot.staff.answer"),
              cell: (row) => (
                <Link to={`/editor/faq/${row.key}`} className="text-primary underline">
                  {row.title}
                </Link>
              ),
            },
            {
              key: "audience",
              header: t("bot.staff.audience"),
              cell: (row) => (row.audience ? t(`faq.audiences.${row.audience}.title`) : "—"),
            },
            { key: "helpful", header: t("bot.staff.helpful"), align: "end", width: "7rem" },
            { key: "notHelpful", header: t("bot.staff.notHelpfulVotes"), align: "end", width: "8rem" },
          ]}
          rows={ratings?.items ?? []}
          empty={{ title: t("bot.staff.noRatings") }}
        />
      </div>
    </Section>
  )
}
