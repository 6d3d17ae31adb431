import { useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Badge,
  Button,
  EmptyState,
  ErrorState,
  Field,
  Pagination,
  Rating,
  Skeleton,
  TextArea,
  useFormatter,
} from "@manyhands/design-system"
import {
  catalogApi,
  type ModerationReview,
  type ModerationReviews,
  type SoftwareReview,
} from "@manyhands/contract/catalog"
import { useApi } from "../api"
import { NoticeRegion, TextLink, type Notice } from "../blocks"
import { FormError } from "../forms"
import { Section } from "../layout/section"
import { useShellServices } from "../shell-context"
import { NS } from "./software-card"

export interface ReviewModerationScreenProps {
  /** GET /api/v1/catalog/moderation/reviews (the first page), preloaded by the route. */
  softwareModerationReviews?: ModerationReviews
}

type Decision = "publish" | "reject" | "hide"

/**
 * /software/moderation/reviews (administrators and moderators): reviews waiting for a decision and reported
 * ones, oldest first, each with why it was flagged, who wrote it and readers' reports; publish, hide, or reject
 * with a reason its writer reads. Every decision is kept on the server.
 */
export function ReviewModerationScreen({ softwareModerationReviews }: ReviewModerationScreenProps) {
  const { t } = useTranslation(NS)
  const [page, setPage] = useState(1)
  const [notice, setNotice] = useState<Notice | null>(null)
  const answer = useApi<ModerationReviews>(
    catalogApi.moderationReviews.url({}, page > 1 ? { page: page - 1 } : {}),
    { initial: page === 1 ? softwareModerationReviews : undefined },
  )
  const shown = answer.data ?? answer.last
  const pageCount = shown ? Math.max(1, Math.ceil(shown.totalCount / shown.pageSize)) : 1
  return (
    <Section>
      <h1 className="mb-2 text-3xl font-bold tracking-tight text-foreground">{t("moderation.title")}</h1>
      <p className="mb-6 max-w-3xl text-base text-muted-foreground">{t("moderation.lead")}</p>
      <NoticeRegion
        notice={notice}
        onDismiss={() => setNotice(null)}
        dismissLabel={t("moderation.dismiss")}
      />
      <div className="mt-6 flex flex-col gap-4">
        {answer.failure ? (
          <ErrorState
            title={t("moderation.loadFailed")}
            description={answer.failure}
            onRetry={answer.retry}
            retryLabel={t("list.retry")}
          />
        ) : !shown ? (
          <Skeleton shape="rect" className="h-48" />
        ) : shown.records.length === 0 ? (
          <EmptyState variant="dashed" titleAs="p" title={t("moderation.empty")} />
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {t("moderation.count", { count: shown.totalCount })}
            </p>
            <ol className="flex flex-col gap-4">
              {shown.records.map((item) => (
                <li key={item.review.id}>
                  <QueueItem
                    item={item}
                    onDecided={(decision) => {
                      setNotice({
                        tone: "success",
                        text: t(`moderation.done.${decision}`, { name: item.program.name }),
                      })
                      answer.retry()
                    }}
                  />
                </li>
              ))}
            </ol>
            {pageCount > 1 && (
              <Pagination
                page={page}
                pageCount={pageCount}
                onPageChange={setPage}
                label={t("moderation.pagination")}
              />
            )}
          </>
        )}
      </div>
    </Section>
  )
}

function QueueItem({ item, onDecided }: { item: ModerationReview; onDecided: (decision: Decision) => void }) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const { api, toFailure } = useShellServices()
  const [rejecting, setRejecting] = useState(false)
  const [reason, setReason] = useState("")
  const [busy, setBusy] = useState<Decision | null>(null)
  const [error, setError] = useState<string | null>(null)
  const headingId = `moderation-${item.review.id}`

  const decide = async (decision: Decision) => {
    if (decision === "reject" && !reason.trim()) return setError(t("moderation.reasonMissing"))
    setBusy(decision)
    setError(null)
    try {
      await api.send<SoftwareReview>("POST", catalogApi.decideReview.url({ id: item.review.id }), {
        decision,
        ...(decision === "reject" ? { reason: reason.trim() } : {}),
      })
      onDecided(decision)
    } catch (failure) {
      setError(toFailure(failure).message)
    } finally {
      setBusy(null)
    }
  }

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-foreground">
          <TextLink to={`/software/${item.program.slug}`}>{item.program.name}</TextLink>
        </h2>
        <Badge tone={item.review.status === "pending" ? "warning" : "info"}>
          {t(`reviews.status.${item.review.status}`)}
        </Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {t("moderation.by", {
          name: item.reviewer.displayName ?? t("reviews.anonymous"),
          email: item.reviewer.email,
          registered: format.date(item.reviewer.registeredAt, "long"),
          written: format.date(item.review.createdAt, "long"),
        })}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Rating value={item.review.rating} size="sm" />
        {item.review.verifiedUsage && <Badge tone="success">{t("reviews.verified")}</Badge>}
      </div>
      <p className="whitespace-pre-line text-sm text-foreground">{item.review.body}</p>
      {item.flags.length > 0 && (
        <ul aria-label={t("moderation.flags")} className="flex flex-col gap-1 text-sm">
          {item.flags.map((flag) => (
            <li key={flag} className="flex items-start gap-2">
              <Badge tone="danger">{t(`moderation.flag.${flag}.name`)}</Badge>
              <span className="text-muted-foreground">{t(`moderation.flag.${flag}.why`)}</span>
            </li>
          ))}
        </ul>
      )}
      {item.reports.length > 0 && (
        <div className="text-sm">
          <p className="font-semibold text-foreground">{t("moderation.reports")}</p>
          <ul className="list-disc pl-5 text-muted-foreground">
            {item.reports.map((report, index) => (
              <li key={index}>
                {report.reason} ({format.date(report.at, "long")})
              </li>
            ))}
          </ul>
        </div>
      )}
      {rejecting && (
        <Field label={t("moderation.reason")} hint={t("moderation.reasonHint")} error={error ?? undefined}>
          <TextArea value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        </Field>
      )}
      {!rejecting && <FormError message={error} />}
      <div className="flex flex-wrap gap-2">
        <Button loading={busy === "publish"} disabled={busy !== null} onClick={() => void decide("publish")}>
          {item.review.status === "published" ? t("moderation.keep") : t("moderation.publish")}
        </Button>
        {rejecting ? (
          <Button
            variant="primary-danger"
            loading={busy === "reject"}
            disabled={busy !== null}
            onClick={() => void decide("reject")}
          >
            {t("moderation.confirmReject")}
          </Button>
        ) : (
          <Button variant="secondary" disabled={busy !== null} onClick={() => setRejecting(true)}>
            {t("moderation.reject")}
          </Button>
        )}
        <Button
          variant="tertiary"
          loading={busy === "hide"}
          disabled={busy !== null}
          onClick={() => void decide("hide")}
        >
          {t("moderation.hide")}
        </Button>
      </div>
    </article>
  )
}
