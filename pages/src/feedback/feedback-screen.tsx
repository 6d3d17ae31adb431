import { useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Banner,
  Button,
  Field,
  Rating,
  RatingInput,
  TextArea,
  TextInput,
  useFormatter,
} from "@manyhands/design-system"
import {
  FEEDBACK_CONTACT_MAX_LENGTH,
  FEEDBACK_MAX_LENGTH,
  FEEDBACK_MIN_LENGTH,
  feedbackApi,
  type FeedbackList,
  type FeedbackTopic,
} from "@manyhands/contract/feedback"
import { useApi } from "../api"
import { PagedCardGrid } from "../blocks"
import { FormError, useForm, type FieldErrors } from "../forms"
import { Section } from "../layout/section"
import { useShellServices } from "../shell-context"

const NS = "feedback"

interface Values {
  rating: number
  body: string
  contact: string
}

/**
 * /p/service-feedback and /p/proxy-feedback: a rating, what went well or wrong, and an optional way to reach the
 * writer — from anyone, signed in or not. Staff see what was sent, with the average, under the form.
 */
export default function FeedbackScreen({ topic = "service" }: { topic?: FeedbackTopic }) {
  const { t } = useTranslation(NS)
  const { api, user } = useShellServices()
  const staff = Boolean(user?.permissions.admin || user?.permissions.moderator)
  const [sent, setSent] = useState(false)
  const form = useForm<Values>({
    initial: { rating: 0, body: "", contact: "" },
    validate: (values) => {
      const errors: FieldErrors<Values> = {}
      if (values.rating < 1) errors.rating = t("form.ratingMissing")
      if ([...values.body.trim()].length < FEEDBACK_MIN_LENGTH)
        errors.body = t("form.bodyShort", { count: FEEDBACK_MIN_LENGTH })
      return errors
    },
    submit: async (values) => {
      await api.send("POST", feedbackApi.send.url(), {
        topic,
        rating: values.rating,
        body: values.body.trim(),
        ...(values.contact.trim() ? { contact: values.contact.trim() } : {}),
      })
      setSent(true)
    },
  })
  return (
    <Section>
      <h1 id="feedback-title" className="mb-2 text-3xl font-bold tracking-tight text-foreground">
        {t(`${topic}.title`)}
      </h1>
      <p className="mb-8 max-w-3xl text-base text-muted-foreground">{t(`${topic}.lead`)}</p>
      {sent ? (
        <Banner tone="success" title={t("form.sentTitle")}>
          <span className="flex flex-col items-start gap-3">
            {t("form.sent")}
            <Button
              variant="secondary"
              onClick={() => {
                form.reset()
                setSent(false)
              }}
            >
              {t("form.again")}
            </Button>
          </span>
        </Banner>
      ) : (
        <form
          method="post"
          noValidate
          onSubmit={form.onSubmit}
          aria-labelledby="feedback-title"
          className="flex max-w-2xl flex-col gap-5"
        >
          <Field label={t("form.rating")} required {...form.field("rating")}>
            <RatingInput
              value={form.values.rating}
              onValueChange={(value) => form.set("rating", value)}
              valueLabels={[1, 2, 3, 4, 5].map((stars) => t(`form.ratingLabels.${stars}`))}
            />
          </Field>
          <Field label={t(`${topic}.body`)} hint={t("form.bodyHint")} required {...form.field("body")}>
            <TextArea
              minRows={5}
              maxLength={FEEDBACK_MAX_LENGTH}
              value={form.values.body}
              onChange={(event) => form.set("body", event.target.value)}
            />
          </Field>
          <Field label={t("form.contact")} hint={t("form.contactHint")} {...form.field("contact")}>
            <TextInput
              maxLength={FEEDBACK_CONTACT_MAX_LENGTH}
              autoComplete="email"
              {...form.input("contact")}
            />
          </Field>
          <FormError message={form.formError} />
          <div>
            <Button type="submit" loading={form.submitting}>
              {t("form.send")}
            </Button>
          </div>
        </form>
      )}
      {staff && <Received topic={topic} />}
    </Section>
  )
}

/** Staff: what was sent on this topic, newest first, with the average rating. */
function Received({ topic }: { topic: FeedbackTopic }) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const [page, setPage] = useState(1)
  const answer = useApi<FeedbackList>(
    feedbackApi.list.url({}, { topic, ...(page > 1 ? { page: page - 1 } : {}) }),
  )
  const shown = answer.data ?? answer.last
  return (
    <section aria-labelledby="feedback-received" className="mt-12 flex flex-col gap-4">
      <h2 id="feedback-received" className="text-2xl font-semibold text-foreground">
        {t("received.title")}
      </h2>
      {shown && shown.average !== null && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Rating value={shown.average} size="sm" showValue>
            {t("received.count", { count: shown.totalCount })}
          </Rating>
        </p>
      )}
      <PagedCardGrid
        list
        items={shown?.records}
        getKey={(entry) => entry.id}
        card={(entry) => (
          <article className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <Rating value={entry.rating} size="sm" />
              <time className="text-muted-foreground" dateTime={entry.createdAt}>
                {format.dateTime(entry.createdAt)}
              </time>
              <span className="text-muted-foreground">
                {entry.account ? entry.account.email : t("received.visitor")} · {entry.language}
              </span>
            </div>
            <p className="whitespace-pre-line text-sm text-foreground">{entry.body}</p>
            {entry.contact && (
              <p className="text-sm text-muted-foreground">
                {t("received.contact", { contact: entry.contact })}
              </p>
            )}
          </article>
        )}
        failure={answer.failure}
        onRetry={answer.retry}
        empty={{ titleAs: "p", title: t("received.empty") }}
        page={page}
        pageCount={shown ? Math.max(1, Math.ceil(shown.totalCount / shown.pageSize)) : 1}
        onPageChange={setPage}
        labels={{
          error: t("received.loadFailed"),
          retry: t("received.retry"),
          loading: t("received.loading"),
          pagination: t("received.pagination"),
        }}
        placeholders={{ count: 2, className: "h-24" }}
      />
    </section>
  )
}
