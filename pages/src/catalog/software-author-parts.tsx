import { useTranslation } from "react-i18next"
import { Badge, Banner, type BadgeTone } from "@manyhands/design-system"
import type { MySoftwareItem, SoftwareDraft } from "@manyhands/contract/catalog"
import { InlineCode, TextLink } from "../blocks"
import { NS } from "./software-card"

const STATUS_TONES: Record<SoftwareDraft["status"], BadgeTone> = {
  draft: "neutral",
  pending: "warning",
  published: "success",
  rejected: "danger",
  hidden: "neutral",
}

/** A program's status as a badge, with its waiting revision. */
export function ProgramStatus({ program }: { program: Pick<MySoftwareItem, "status" | "revision"> }) {
  const { t } = useTranslation(NS)
  return (
    <span className="inline-flex flex-wrap gap-2">
      <Badge tone={STATUS_TONES[program.status]}>{t(`author.status.${program.status}`)}</Badge>
      {program.revision && (
        <Badge tone={program.revision.status === "pending" ? "warning" : "danger"}>
          {t(`author.revision.${program.revision.status}`)}
        </Badge>
      )}
    </span>
  )
}

/** Where a program stands for its author: what happens next, and a moderator's reason when rejected. */
export function ProgramStanding({ program }: { program: SoftwareDraft }) {
  const { t } = useTranslation(NS)
  const { status, revision } = program
  return (
    <div className="flex flex-col gap-3">
      {status === "rejected" ? (
        <Banner tone="danger" title={t("author.standing.rejected")}>
          {t("author.standing.reason", { reason: program.rejectReason ?? "—" })}
        </Banner>
      ) : status === "published" ? (
        <Banner tone="success" title={t("author.standing.published")}>
          <TextLink to={`/software/${program.slug}`}>{t("author.standing.open")}</TextLink>
        </Banner>
      ) : (
        <Banner tone={status === "pending" ? "warning" : "info"} title={t(`author.standing.${status}`)}>
          {t(`author.standing.${status}Lead`)}
        </Banner>
      )}
      {revision?.status === "pending" && (
        <Banner tone="warning" title={t("author.standing.revisionPending")}>
          {t("author.standing.revisionPendingLead")}
        </Banner>
      )}
      {revision?.status === "rejected" && (
        <Banner tone="danger" title={t("author.standing.revisionRejected")}>
          {t("author.standing.reason", { reason: revision.rejectReason ?? "—" })}
        </Banner>
      )}
    </div>
  )
}

/** The soft_id the catalogue handed out, and how the program sends it. */
export function SoftIdNote({ softId }: { softId: number | null }) {
  const { t } = useTranslation(NS)
  if (softId === null) return null
  return (
    <section aria-labelledby="software-soft-id" className="rounded-lg border border-border bg-surface p-4">
      <h2 id="software-soft-id" className="mb-1 text-base font-semibold text-foreground">
        {t("author.softId.title", { softId })}
      </h2>
      <p className="text-sm text-muted-foreground">
        {t("author.softId.lead")} <InlineCode>soft_id={softId}</InlineCode> {t("author.softId.or")}{" "}
        <InlineCode>{`"softId": ${softId}`}</InlineCode>
      </p>
    </section>
  )
}
