import { useTranslation } from "react-i18next"
import { Badge, useFormatter, type BadgeTone } from "@manyhands/design-system"
import type { SkillStatus } from "@manyhands/contract/worker"
import type { WorkerTypeStanding } from "@manyhands/contract/ops-moderation"
import { useShare } from "./moderation-layout"

const STATUS_TONES: Record<SkillStatus, BadgeTone> = {
  active: "success",
  training: "info",
  suspended: "danger",
}

export function StandingBadge({ status }: { status: SkillStatus }) {
  const { t } = useTranslation("ops-moderation")
  return (
    <Badge tone={STATUS_TONES[status]} dot>
      {t(`status.${status}`)}
    </Badge>
  )
}

/** The standing's badge with why it is suspended (cause, figure, reason) or the note of a retraining. */
export function StandingState({ standing }: { standing: WorkerTypeStanding }) {
  const { t } = useTranslation("ops-moderation")
  const { suspension } = standing
  return (
    <span className="flex flex-col items-start gap-1">
      <StandingBadge status={standing.status} />
      {suspension ? (
        <span className="text-sm">
          {t(`cause.${suspension.cause}`, {
            percent: suspension.percent ?? 0,
            limit: suspension.limit ?? 0,
          })}
          {suspension.reason && suspension.cause === "moderator" ? (
            <span className="block break-words text-muted-foreground">{suspension.reason}</span>
          ) : null}
        </span>
      ) : null}
      {standing.note ? (
        <span className="text-sm break-words text-muted-foreground">{standing.note}</span>
      ) : null}
    </span>
  )
}

/** Accuracy on check tasks since the type opened, with the right and wrong answers behind it. */
export function AccuracyCell({ standing }: { standing: WorkerTypeStanding }) {
  const { t } = useTranslation("ops-moderation")
  const share = useShare()
  const n = useNumber()
  return (
    <span className="flex flex-col items-end">
      <span className={standing.lowAccuracy ? "font-semibold text-danger-text" : "font-semibold"}>
        {share(standing.goldAccuracy)}
      </span>
      <span className="text-sm whitespace-nowrap text-muted-foreground">
        {t("columns.golds", { right: n(standing.current.goldCorrect), wrong: n(standing.current.goldWrong) })}
      </span>
    </span>
  )
}

/** Customers' reports of wrong answers since the type opened, out of the answers. */
/** Counts as the page's language writes them. */
export function useNumber() {
  const format = useFormatter()
  return (value: number) => format.number(value)
}

export function ReportsCell({ standing }: { standing: WorkerTypeStanding }) {
  const { t } = useTranslation("ops-moderation")
  const share = useShare()
  const n = useNumber()
  return (
    <span className="flex flex-col items-end">
      <span>{share(standing.reportShare)}</span>
      <span className="text-sm whitespace-nowrap text-muted-foreground">
        {t("columns.reportsOf", {
          bad: n(standing.current.reportedBad),
          answered: n(standing.current.answered),
        })}
      </span>
    </span>
  )
}
