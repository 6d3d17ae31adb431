import { useTranslation } from "react-i18next"
import { useFormatter } from "@manyhands/design-system"
import type { Suspension } from "@manyhands/contract/worker"

/** How many of the last `required` training answers must be right (the server's rule, standing.ts). */
export const rightNeeded = (required: number, passShare: number) => Math.ceil(required * passShare - 1e-9)

/**
 * The words for a worker's standing in a type, shared by the cabinet and the training page: why a type is
 * suspended (from the figures, in the page's language), and how to get it back.
 */
export function useStandingText() {
  const { t } = useTranslation("cabinet")
  const format = useFormatter()
  const percent = (value: number | null) => (value === null ? "" : format.percent(value / 100, 0))

  /** The reason of a suspension; a moderator's own note (or an old reason without figures) as written. */
  const reason = (suspension: Suspension | null, note: string | null) => {
    if (suspension?.cause === "goldAccuracy" && suspension.percent !== null && suspension.limit !== null)
      return t("suspension.goldAccuracy", {
        percent: percent(suspension.percent),
        limit: percent(suspension.limit),
      })
    if (suspension?.cause === "reports" && suspension.percent !== null && suspension.limit !== null)
      return t("suspension.reports", {
        percent: percent(suspension.percent),
        limit: percent(suspension.limit),
      })
    if (suspension?.cause === "moderator")
      return note ? `${t("suspension.moderator")} ${note}` : t("suspension.moderator")
    return note ?? t("standing.noReason")
  }

  /** What brings a suspended type back: passing its training again. */
  const howBack = (required: number, passShare: number) =>
    t("suspension.howBack", {
      needed: format.number(rightNeeded(required, passShare)),
      required: format.number(required),
    })

  return { reason, howBack }
}
