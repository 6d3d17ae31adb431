import type { ComponentType } from "react"
import { DangerIcon, InfoIcon, StarIcon, SuccessIcon, WarningIcon, type IconProps } from "../icons/icons"

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
