import type { ComponentType } from "react"
import {
  CloseIcon,
  DangerIcon,
  InfoIcon,
  StarIcon,
  SuccessIcon,
  WarningIcon,
  type IconProps,
} from "../icons/icons"
import { cn } from "../lib/cn"

/** The tones of notices (Banner, Alert and the notices built on them). */
export type NoticeTone = "info" | "success" | "warning" | "danger" | "promo"

export const noticeTones: readonly NoticeTone[] = ["info", "success", "warning", "danger", "promo"]

/** Soft background and border of each tone. */
export const noticeToneClasses: Record<NoticeTone, string> = {
  info: "bg-info-soft border-info-border",
  success: "bg-success-soft border-success-border",
  warning: "bg-warning-soft border-warning-border",
  danger: "bg-danger-soft border-danger-border",
  promo: "bg-promo-soft border-promo-border",
}

/** Readable text on each tone's background, for titles and icons. */
export const noticeToneText: Record<NoticeTone, string> = {
  info: "text-info-text",
  success: "text-success-text",
  warning: "text-warning-text",
  danger: "text-danger-text",
  promo: "text-promo-text",
}

export const noticeToneIcons: Record<NoticeTone, ComponentType<IconProps>> = {
  info: InfoIcon,
  success: SuccessIcon,
  warning: WarningIcon,
  danger: DangerIcon,
  promo: StarIcon,
}

/** Live-region role of a notice: danger interrupts (alert), everything else waits its turn (status). */
export function noticeRole(tone: NoticeTone): "alert" | "status" {
  return tone === "danger" ? "alert" : "status"
}

export function NoticeDismissButton({
  label,
  tone,
  onClick,
  className,
}: {
  label: string
  tone: NoticeTone
  onClick: () => void
  className?: string
}) {
  return (
    <button
      type="button"
      data-slot="notice-dismiss"
      aria-label={label}
      onClick={onClick}
      className={cn(
        "inline-flex size-8 shrink-0 items-center justify-center rounded-md opacity-80",
        "transition-colors duration-150 motion-reduce:transition-none hover:bg-surface/60 hover:opacity-100 focus-ring",
        noticeToneText[tone],
        className,
      )}
    >
      <CloseIcon size={18} />
    </button>
  )
}
