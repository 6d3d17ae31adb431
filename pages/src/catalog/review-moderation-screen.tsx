import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Badge, Rating, useFormatter } from "@manyhands/design-system"
import {
  catalogApi,
  type ModerationReview,
  type ModerationReviews,
  type SoftwareReview,
} from "@manyhands/contract/catalog"
import { useApi } from "../api"
import { NoticeRegion, PagedCardGrid, TextLink, type Notice } from "../blocks"
import { Section } from "../layout/section"
import { useShellServices } from "../shell-context"
import { DecisionBar, type Decision } from "./moderation-parts"
import { NS } from "./software-card"

export interface ReviewModerationScreenProps {
  /** GET /api/v1/catalog/moderation/reviews (the first page), preloaded by the route. */
  softwareModerationReviews?: ModerationReviews
}

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
        <PagedCardGrid
          list
          items={shown?.records}
          getKey={(item) => item.review.id}
          card={(item) => (
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
          )}
          summary={
            shown && (
              <p className="text-sm text-muted-foreground">
                {t("moderation.count", { count: shown.totalCount })}
              </p>
            )
          }
          failure={answer.failure}
          onRetry={answer.retry}
          empty={{ titleAs: "p", title: t("moderation.empty") }}
          page={page}
          pageCount={pageCount}
          onPageChange={setPage}
          labels={{
            error: t("moderation.loadFailed"),
            retry: t("list.retry"),
            loading: t("moderation.loading"),
            pagination: t("moderation.pagination"),
          }}
          placeholders={{ count: 2, className: "h-48" }}
        />
      </div>
    </Section>
  )
}

function QueueItem({ item, onDecided }: { item: ModerationReview; onDecided: (decision: Decision) => void }) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const { api } = useShellServices()
  const headingId = `moderation-${item.review.id}`

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
      <DecisionBar
        send={async (decision, reason) => {
          await api.send<SoftwareReview>("POST", catalogApi.decideReview.url({ id: item.review.id }), {
            decision,
            ...(reason ? { reason } : {}),
          })
          onDecided(decision)
        }}
        publishLabel={item.review.status === "published" ? t("moderation.keep") : t("moderation.publish")}
        rejectLabel={t("moderation.confirmReject")}
        reasonHint={t("moderation.reasonHint")}
        reasonMissing={t("moderation.reasonMissing")}
      />
    </article>
  )
}
