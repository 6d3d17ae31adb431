import { useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  Badge,
  Banner,
  Breadcrumbs,
  Button,
  Field,
  KeyValueItem,
  KeyValueList,
  Link,
  Rating,
  RatingInput,
  TextArea,
  useFormatter,
} from "@manyhands/design-system"
import {
  REVIEW_MAX_LENGTH,
  REVIEW_MIN_LENGTH,
  catalogApi,
  type SoftwareItem,
  type SoftwareReview,
  type SoftwareReviews,
} from "@manyhands/contract/catalog"
import { useApi } from "../api"
import { LinkButton, PagedCardGrid, TextLink, renderRouterLink } from "../blocks"
import { ArticleBody } from "../content/article-body"
import { FormError, useForm, type FieldErrors } from "../forms"
import { MissingItem } from "../layout/missing-item"
import { Section } from "../layout/section"
import { useShellServices } from "../shell-context"
import { NS, ProgramLogo, ProgramRating } from "./software-card"

export interface SoftwareScreenProps {
  /** GET /api/v1/catalog/software/{slug} in the page's language, preloaded by the route; missing: none. */
  softwareItem?: SoftwareItem
}

/**
 * /software/{slug}: a program's description, facts (pricing, platforms, website, soft_id), rating and reviews a
 * page at a time, the reader's own review or the form to write one, and the way to its public usage.
 */
export function SoftwareScreen({ softwareItem }: SoftwareScreenProps) {
  const { t } = useTranslation(NS)
  const { refresh } = useShellServices()
  if (!softwareItem)
    return (
      <MissingItem
        title={t("item.notFound.title")}
        lead={t("item.notFound.lead")}
        back={{ to: "/software", label: t("item.notFound.back") }}
      />
    )
  const program = softwareItem
  const itemUrl = catalogApi.item.url({ slug: program.slug }, { language: program.language })
  return (
    <Section>
      <Breadcrumbs
        className="mb-4"
        items={[{ label: t("list.eyebrow"), href: "/software" }, { label: program.name }]}
        renderLink={renderRouterLink}
      />
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <div className="mb-2 flex items-center gap-4">
            <ProgramLogo name={program.name} url={program.logo?.variants[0]?.url ?? null} size="lg" />
            <h1 className="text-3xl font-bold tracking-tight text-foreground">{program.name}</h1>
          </div>
          <p className="mb-3 max-w-3xl text-lg text-muted-foreground">{program.summary}</p>
          <div className="mb-6 flex flex-wrap items-center gap-3">
            <ProgramRating rating={program.rating} size="md" />
            <Badge tone={program.pricing === "paid" ? "neutral" : "success"}>
              {t(`pricing.${program.pricing}`)}
            </Badge>
          </div>
          <ArticleBody html={program.descriptionHtml} />
          <Screenshots program={program} />
          <Reviews program={program} onReviewed={() => refresh(itemUrl)} />
        </div>
        <Facts program={program} />
      </div>
    </Section>
  )
}

function Facts({ program }: { program: SoftwareItem }) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  return (
    <aside aria-labelledby="software-facts" className="flex flex-col gap-4">
      <h2 id="software-facts" className="text-lg font-semibold text-foreground">
        {t("item.facts")}
      </h2>
      <KeyValueList divided>
        <KeyValueItem label={t("item.author")}>
          {program.listedByManyhands ? t("item.byManyhands") : (program.author ?? t("item.byUser"))}
        </KeyValueItem>
        <KeyValueItem label={t("item.pricing")}>{t(`pricing.${program.pricing}`)}</KeyValueItem>
        <KeyValueItem label={t("item.platforms")}>
          {program.platforms.map((platform) => t(`platforms.${platform}`)).join(", ") || "—"}
        </KeyValueItem>
        {program.softId !== null && (
          <KeyValueItem label={t("item.softId")} mono>
            {program.softId}
          </KeyValueItem>
        )}
        <KeyValueItem label={t("item.usage")}>
          {t("usage.tasks30d", { count: program.usage30d, n: format.number(program.usage30d) })}
        </KeyValueItem>
        {program.publishedAt && (
          <KeyValueItem label={t("item.published")}>{format.date(program.publishedAt, "long")}</KeyValueItem>
        )}
        <KeyValueItem label={t("item.updated")}>{format.date(program.updatedAt, "long")}</KeyValueItem>
      </KeyValueList>
      <div className="flex flex-col items-start gap-2">
        {program.website &&
          (program.website.startsWith("/") ? (
            <TextLink to={program.website}>{t("item.website")}</TextLink>
          ) : (
            <Link href={program.website} rel="noopener noreferrer nofollow" target="_blank">
              {t("item.website")}
            </Link>
          ))}
        <LinkButton variant="secondary" to={`/software/statistic/${program.slug}`}>
          {t("item.statistics")}
        </LinkButton>
        {program.isAuthor && (
          <LinkButton variant="tertiary" to={`/software/${program.slug}/edit`}>
            {t("item.edit")}
          </LinkButton>
        )}
        {!program.isAuthor && <ReportProgram program={program} />}
      </div>
    </aside>
  )
}

/** The program's screenshots, each opening its largest copy. */
function Screenshots({ program }: { program: SoftwareItem }) {
  const { t } = useTranslation(NS)
  if (program.screenshots.length === 0) return null
  return (
    <section aria-labelledby="software-screenshots" className="mt-10 flex flex-col gap-4">
      <h2 id="software-screenshots" className="text-2xl font-semibold text-foreground">
        {t("item.screenshots")}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {program.screenshots.map((picture, index) => (
          <li key={picture.id}>
            <a
              href={picture.url}
              className="block rounded-md focus-visible:outline-2 focus-visible:outline-primary"
            >
              <img
                src={picture.variants[0]?.url ?? picture.url}
                srcSet={picture.variants.map((variant) => `${variant.url} ${variant.width}w`).join(", ")}
                sizes="(min-width: 640px) 50vw, 100vw"
                width={picture.width}
                height={picture.height}
                loading="lazy"
                alt={picture.alt || t("item.screenshot", { name: program.name, n: index + 1 })}
                className="h-auto w-full rounded-md border border-border"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** A signed-in reader reports the program to the moderators, with a reason; once. */
function ReportProgram({ program }: { program: SoftwareItem }) {
  const { t } = useTranslation(NS)
  const { api, user, toFailure } = useShellServices()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState("")
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  if (!user) return null
  if (done)
    return (
      <p className="text-sm text-muted-foreground" role="status">
        {t("item.reported")}
      </p>
    )
  if (!open)
    return (
      <Button variant="tertiary" onClick={() => setOpen(true)}>
        {t("item.report")}
      </Button>
    )
  const send = async () => {
    if ([...reason.trim()].length < 5) return setError(t("reviews.reportShort"))
    setBusy(true)
    setError(null)
    try {
      await api.send("POST", catalogApi.reportProgram.url({ softwareId: program.id }), {
        reason: reason.trim(),
      })
      setDone(true)
    } catch (failure) {
      setError(toFailure(failure).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="flex w-full flex-col gap-2">
      <Field label={t("item.reportLabel")} error={error ?? undefined}>
        <TextArea value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button loading={busy} onClick={() => void send()}>
          {t("reviews.sendReport")}
        </Button>
        <Button variant="tertiary" disabled={busy} onClick={() => setOpen(false)}>
          {t("reviews.cancel")}
        </Button>
      </div>
    </div>
  )
}

/** The rating's spread, the reviews a page at a time, and the reader's own review or the form. */
function Reviews({ program, onReviewed }: { program: SoftwareItem; onReviewed: () => Promise<void> }) {
  const { t } = useTranslation(NS)
  const [page, setPage] = useState(1)
  const answer = useApi<SoftwareReviews>(
    catalogApi.reviews.url({ slug: program.slug }, page > 1 ? { page: page - 1 } : {}),
  )
  const shown = answer.data ?? answer.last
  const pageCount = shown ? Math.max(1, Math.ceil(shown.totalCount / shown.pageSize)) : 1
  const total = program.ratingCounts.reduce((sum, n) => sum + n, 0)
  return (
    <section aria-labelledby="software-reviews" className="mt-10 flex flex-col gap-5">
      <h2 id="software-reviews" className="text-2xl font-semibold text-foreground">
        {t("reviews.title")}
      </h2>
      {total > 0 && (
        <dl className="flex max-w-sm flex-col gap-1 text-sm" aria-label={t("reviews.spread")}>
          {[5, 4, 3, 2, 1].map((stars) => {
            const count = program.ratingCounts[stars - 1] ?? 0
            return (
              <div key={stars} className="flex items-center gap-2">
                <dt className="w-16 shrink-0 text-muted-foreground">
                  {t("reviews.stars", { count: stars })}
                </dt>
                <dd className="flex flex-1 items-center gap-2">
                  <span aria-hidden className="h-2 flex-1 overflow-hidden rounded-full bg-surface-muted">
                    <span
                      className="block h-full bg-warning"
                      style={{ width: `${(count / total) * 100}%` }}
                    />
                  </span>
                  <span className="w-8 text-right tabular-nums">{count}</span>
                </dd>
              </div>
            )
          })}
        </dl>
      )}
      <OwnReview
        program={program}
        onReviewed={async () => {
          // A review went in: the page (the reader's own review) and the list are asked for again (spec §5).
          answer.retry()
          await onReviewed()
        }}
      />
      <PagedCardGrid
        list
        items={shown?.records}
        getKey={(review) => review.id}
        card={(review) => (
          <ReviewCard
            review={review}
            actions={
              review.id === program.myReview?.id ? undefined : (
                <ReviewActions program={program} review={review} onAnswered={answer.retry} />
              )
            }
          />
        )}
        failure={answer.failure}
        onRetry={answer.retry}
        empty={{ titleAs: "p", title: t("reviews.empty") }}
        page={page}
        pageCount={pageCount}
        onPageChange={setPage}
        labels={{
          error: t("reviews.loadFailed"),
          retry: t("list.retry"),
          loading: t("reviews.loading"),
          pagination: t("reviews.pagination"),
        }}
        placeholders={{ count: 1, className: "h-32" }}
      />
    </section>
  )
}

function ReviewCard({ review, actions }: { review: SoftwareReview; actions?: ReactNode }) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  return (
    <article
      className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4"
      data-review-id={review.id}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Rating value={review.rating} size="sm" />
        <span className="text-sm font-semibold text-foreground">
          {review.author ?? t("reviews.anonymous")}
        </span>
        <time className="text-sm text-muted-foreground" dateTime={review.createdAt}>
          {format.date(review.createdAt, "long")}
        </time>
        {review.verifiedUsage && <Badge tone="success">{t("reviews.verified")}</Badge>}
        {review.status !== "published" && (
          <Badge tone="warning">{t(`reviews.status.${review.status}`)}</Badge>
        )}
      </div>
      <p className="whitespace-pre-line text-sm text-foreground">{review.body}</p>
      {review.reply && (
        <div className="ml-4 border-l-2 border-border pl-3 text-sm">
          <p className="font-semibold text-foreground">{t("reviews.reply")}</p>
          <p className="whitespace-pre-line text-muted-foreground">{review.reply.body}</p>
        </div>
      )}
      {review.status === "rejected" && review.rejectReason && (
        <p className="text-sm text-danger">{t("reviews.rejected", { reason: review.rejectReason })}</p>
      )}
      {actions}
    </article>
  )
}

/**
 * What a signed-in reader can do with someone else's published review: report it to the moderators, or, as the
 * program's author, answer it once.
 */
function ReviewActions({
  program,
  review,
  onAnswered,
}: {
  program: SoftwareItem
  review: SoftwareReview
  onAnswered: () => void
}) {
  const { t } = useTranslation(NS)
  const { api, user, toFailure } = useShellServices()
  const [open, setOpen] = useState<"report" | "reply" | null>(null)
  const [text, setText] = useState("")
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  if (!user) return null
  if (done)
    return (
      <p className="text-sm text-muted-foreground" role="status">
        {done}
      </p>
    )
  const replying = open === "reply"
  const send = async () => {
    const value = text.trim()
    if ([...value].length < (replying ? 2 : 5))
      return setError(replying ? t("reviews.replyShort") : t("reviews.reportShort"))
    setBusy(true)
    setError(null)
    try {
      if (replying) {
        await api.send("POST", catalogApi.reply.url({ softwareId: program.id, id: review.id }), {
          body: value,
        })
        setDone(t("reviews.replied"))
        onAnswered()
      } else {
        await api.send("POST", catalogApi.report.url({ softwareId: program.id, id: review.id }), {
          reason: value,
        })
        setDone(t("reviews.reported"))
      }
    } catch (failure) {
      setError(toFailure(failure).message)
    } finally {
      setBusy(false)
    }
  }
  if (open)
    return (
      <div className="flex flex-col gap-2">
        <Field
          label={replying ? t("reviews.replyLabel") : t("reviews.reportLabel")}
          error={error ?? undefined}
        >
          <TextArea
            value={text}
            maxLength={replying ? REVIEW_MAX_LENGTH : 500}
            onChange={(event) => setText(event.target.value)}
          />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button loading={busy} onClick={() => void send()}>
            {replying ? t("reviews.sendReply") : t("reviews.sendReport")}
          </Button>
          <Button variant="tertiary" disabled={busy} onClick={() => setOpen(null)}>
            {t("reviews.cancel")}
          </Button>
        </div>
      </div>
    )
  return (
    <div className="flex flex-wrap gap-2">
      {program.isAuthor && !review.reply && (
        <Button variant="secondary" onClick={() => setOpen("reply")}>
          {t("reviews.answer")}
        </Button>
      )}
      {!program.isAuthor && (
        <Button variant="tertiary" onClick={() => setOpen("report")}>
          {t("reviews.report")}
        </Button>
      )}
    </div>
  )
}

interface ReviewValues {
  rating: number
  body: string
}

/** The reader's own review (any status), the form to write one, or why they cannot. */
function OwnReview({ program, onReviewed }: { program: SoftwareItem; onReviewed: () => Promise<void> }) {
  const { t } = useTranslation(NS)
  const { api, user } = useShellServices()
  // The review just sent shows at once; the page's own copy comes with its next load.
  const [sent, setSent] = useState<SoftwareReview | null>(null)
  const form = useForm<ReviewValues>({
    initial: { rating: 0, body: "" },
    validate: (values) => {
      const errors: FieldErrors<ReviewValues> = {}
      if (values.rating < 1) errors.rating = t("form.ratingMissing")
      const length = [...values.body.trim()].length
      if (length < REVIEW_MIN_LENGTH) errors.body = t("form.bodyShort", { count: REVIEW_MIN_LENGTH })
      else if (length > REVIEW_MAX_LENGTH) errors.body = t("form.bodyLong", { count: REVIEW_MAX_LENGTH })
      return errors
    },
    submit: async (values) => {
      const review = await api.send<SoftwareReview>(
        "POST",
        catalogApi.review.url({ softwareId: program.id }),
        {
          softwareId: program.id,
          rating: values.rating,
          body: values.body.trim(),
        },
      )
      // Only after a review went in: a refused one leaves the list as it is (spec §5).
      setSent(review)
      await onReviewed()
    },
  })

  const mine = program.myReview ?? sent
  if (mine)
    return (
      <div className="flex flex-col gap-2">
        {sent && (
          <Banner tone="success" title={t("form.sentTitle")}>
            {t("form.sent")}
          </Banner>
        )}
        <h3 className="text-base font-semibold text-foreground">{t("reviews.yours")}</h3>
        <ReviewCard review={mine} />
      </div>
    )
  if (!user)
    return (
      <p className="text-sm text-muted-foreground">
        {t("form.signedOut")} <TextLink to="/auth/login">{t("form.signIn")}</TextLink>
      </p>
    )
  if (!program.canReview) return <p className="text-sm text-muted-foreground">{t("form.ownProgram")}</p>
  return (
    <form
      method="post"
      noValidate
      onSubmit={form.onSubmit}
      aria-labelledby="software-review-form"
      className="flex max-w-2xl flex-col gap-4 rounded-lg border border-border p-4"
    >
      <h3 id="software-review-form" className="text-base font-semibold text-foreground">
        {t("form.title")}
      </h3>
      <Field label={t("form.rating")} {...form.field("rating")}>
        <RatingInput
          value={form.values.rating}
          onValueChange={(value) => form.set("rating", value)}
          valueLabels={[1, 2, 3, 4, 5].map((stars) => t(`form.ratingLabels.${stars}`))}
        />
      </Field>
      <Field
        label={t("form.body")}
        hint={t("form.bodyHint", { min: REVIEW_MIN_LENGTH, max: REVIEW_MAX_LENGTH })}
        {...form.field("body")}
      >
        <TextArea
          minRows={5}
          maxLength={REVIEW_MAX_LENGTH}
          {...form.input("body")}
          onChange={(event) => form.set("body", event.target.value)}
        />
      </Field>
      <p className="text-sm text-muted-foreground">{t("form.moderation")}</p>
      <FormError message={form.formError} />
      <div>
        <Button type="submit" loading={form.submitting}>
          {t("form.submit")}
        </Button>
      </div>
    </form>
  )
}
