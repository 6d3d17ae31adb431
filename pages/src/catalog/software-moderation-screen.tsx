import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Badge, useFormatter } from "@manyhands/design-system"
import {
  catalogApi,
  type ModerationSubmission,
  type ModerationSubmissions,
  type SoftwareChange,
} from "@manyhands/contract/catalog"
import { useApi } from "../api"
import { NoticeRegion, PagedCardGrid, TextLink, type Notice } from "../blocks"
import { Section } from "../layout/section"
import { useShellServices } from "../shell-context"
import { DecisionBar, type Decision } from "./moderation-parts"
import { NS } from "./software-card"

export interface SoftwareModerationScreenProps {
  /** GET /api/v1/catalog/moderation/items (the first page), preloaded by the route. */
  softwareModerationItems?: ModerationSubmissions
}

/**
 * /software/moderation (administrators and moderators): new programs, edits of published ones (as a diff of the
 * fields they change) and programs readers reported, oldest first; publish, hide, or reject with a reason the
 * author reads. Every decision is kept on the server.
 */
export function SoftwareModerationScreen({ softwareModerationItems }: SoftwareModerationScreenProps) {
  const { t } = useTranslation(NS)
  const [page, setPage] = useState(1)
  const [notice, setNotice] = useState<Notice | null>(null)
  const answer = useApi<ModerationSubmissions>(
    catalogApi.moderationItems.url({}, page > 1 ? { page: page - 1 } : {}),
    { initial: page === 1 ? softwareModerationItems : undefined },
  )
  const shown = answer.data ?? answer.last
  const pageCount = shown ? Math.max(1, Math.ceil(shown.totalCount / shown.pageSize)) : 1
  return (
    <Section>
      <h1 className="mb-2 text-3xl font-bold tracking-tight text-foreground">
        {t("programModeration.title")}
      </h1>
      <p className="mb-2 max-w-3xl text-base text-muted-foreground">{t("programModeration.lead")}</p>
      <p className="mb-6 text-sm">
        <TextLink to="/software/moderation/reviews">{t("programModeration.toReviews")}</TextLink>
      </p>
      <NoticeRegion
        notice={notice}
        onDismiss={() => setNotice(null)}
        dismissLabel={t("moderation.dismiss")}
      />
      <div className="mt-6 flex flex-col gap-4">
        <PagedCardGrid
          list
          items={shown?.records}
          getKey={(submission) => `${submission.kind}-${submission.id}`}
          card={(submission) => (
            <Submission
              submission={submission}
              onDecided={(decision) => {
                setNotice({
                  tone: "success",
                  text: t(`programModeration.done.${submission.kind}.${decision}`, {
                    name: submission.program.name,
                  }),
                })
                answer.retry()
              }}
            />
          )}
          summary={
            shown && (
              <p className="text-sm text-muted-foreground">
                {t("programModeration.count", { count: shown.totalCount })}
              </p>
            )
          }
          failure={answer.failure}
          onRetry={answer.retry}
          empty={{ titleAs: "p", title: t("programModeration.empty") }}
          page={page}
          pageCount={pageCount}
          onPageChange={setPage}
          labels={{
            error: t("programModeration.loadFailed"),
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

const PICTURE_FIELDS = new Set<SoftwareChange["field"]>(["logo", "screenshots"])

/** One side of a change: text as written, pictures as thumbnails, nothing as a dash. */
function ChangeValue({ change, side }: { change: SoftwareChange; side: "before" | "after" }) {
  const { t } = useTranslation(NS)
  const value = change[side]
  if (value === null) return <span className="text-muted-foreground">{t("programModeration.none")}</span>
  if (PICTURE_FIELDS.has(change.field))
    return (
      <span className="flex flex-wrap gap-2">
        {value.split(" ").map((url, index) => (
          <img
            key={url}
            src={url}
            alt={t("programModeration.picture", {
              field: t(`programModeration.field.${change.field}`),
              n: index + 1,
            })}
            className="h-16 w-auto rounded border border-border"
          />
        ))}
      </span>
    )
  return <span className="whitespace-pre-line break-words">{value}</span>
}

function Submission({
  submission,
  onDecided,
}: {
  submission: ModerationSubmission
  onDecided: (decision: Decision) => void
}) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const { api } = useShellServices()
  const headingId = `submission-${submission.kind}-${submission.id}`
  const { program, author } = submission
  const revision = submission.kind === "revision"

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-foreground">
          {program.status === "published" ? (
            <TextLink to={`/software/${program.slug}`}>{program.name}</TextLink>
          ) : (
            program.name
          )}
        </h2>
        <Badge tone={submission.kind === "report" ? "danger" : "warning"}>
          {t(`programModeration.kind.${submission.kind}`)}
        </Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {author
          ? t("programModeration.by", {
              name: author.displayName ?? t("reviews.anonymous"),
              email: author.email,
              registered: format.date(author.registeredAt, "long"),
              submitted: format.date(submission.submittedAt, "long"),
            })
          : t("programModeration.byManyhands", { submitted: format.date(submission.submittedAt, "long") })}
        {program.softId !== null && ` · soft_id ${program.softId}`}
      </p>
      {submission.changes.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{t("programModeration.changes", { name: program.name })}</caption>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t("programModeration.fieldHeader")}
                </th>
                {revision && (
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    {t("programModeration.before")}
                  </th>
                )}
                <th scope="col" className="py-2 font-semibold">
                  {revision ? t("programModeration.after") : t("programModeration.value")}
                </th>
              </tr>
            </thead>
            <tbody>
              {submission.changes.map((change) => (
                <tr key={change.field} className="border-b border-border align-top last:border-0">
                  <th scope="row" className="py-2 pr-3 font-medium text-foreground">
                    {t(`programModeration.field.${change.field}`)}
                  </th>
                  {revision && (
                    <td className="max-w-md py-2 pr-3 text-muted-foreground">
                      <del className="no-underline">
                        <ChangeValue change={change} side="before" />
                      </del>
                    </td>
                  )}
                  <td className="max-w-md py-2 text-foreground">
                    <ins className="no-underline">
                      <ChangeValue change={change} side="after" />
                    </ins>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {submission.reports.length > 0 && (
        <div className="text-sm">
          <p className="font-semibold text-foreground">{t("moderation.reports")}</p>
          <ul className="list-disc pl-5 text-muted-foreground">
            {submission.reports.map((report, index) => (
              <li key={index}>
                {report.reason} ({format.date(report.at, "long")})
              </li>
            ))}
          </ul>
        </div>
      )}
      <DecisionBar
        send={async (decision, reason) => {
          const url = revision
            ? catalogApi.decideRevision.url({ id: submission.id })
            : catalogApi.decideItem.url({ id: submission.id })
          await api.send("POST", url, { decision, ...(reason ? { reason } : {}) })
          onDecided(decision)
        }}
        publishLabel={submission.kind === "report" ? t("programModeration.keep") : t("moderation.publish")}
        rejectLabel={t("programModeration.confirmReject")}
        reasonHint={t("programModeration.reasonHint")}
        reasonMissing={t("programModeration.reasonMissing")}
        hideable={!revision}
      />
    </article>
  )
}
