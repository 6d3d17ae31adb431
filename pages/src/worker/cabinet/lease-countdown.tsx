import { useTranslation } from "react-i18next"
import { ProgressBar, cn, useFormatter } from "@manyhands/design-system"
import { useNow } from "./use-now"

/** How long the worker still has for the task: a bar that empties, and the seconds. */
export function LeaseCountdown({
  leaseUntil,
  leaseTotal,
  paused = false,
  className,
}: {
  leaseUntil: number
  leaseTotal: number
  /** While the answer is on its way the count stops mattering; the bar stays as it was. */
  paused?: boolean
  className?: string
}) {
  const { t } = useTranslation("cabinet")
  const format = useFormatter()
  const now = useNow(1_000, !paused)
  const left = Math.max(0, Math.ceil((leaseUntil - now) / 1_000))
  const total = Math.max(left, Math.ceil(leaseTotal / 1_000))
  return (
    <ProgressBar
      data-slot="lease-countdown"
      className={cn("w-full sm:w-56", className)}
      size="sm"
      label={t("task.timeLeft")}
      value={left}
      max={total}
      valueText={
        left < 60
          ? format.number(left, { style: "unit", unit: "second", unitDisplay: "short" })
          : format.duration(left)
      }
      tone={left <= 5 ? "danger" : left < 10 ? "warning" : "primary"}
    />
  )
}
