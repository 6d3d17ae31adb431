import { cva } from "class-variance-authority"
import { useState, type ComponentProps, type ReactNode } from "react"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"
import {
  NoticeDismissButton,
  noticeRole,
  noticeToneClasses,
  noticeToneIcons,
  noticeToneText,
  type NoticeTone,
} from "./tones"

export const bannerVariants = /* @__PURE__ */ cva("w-full border-y text-foreground", {
  variants: { tone: noticeToneClasses },
  defaultVariants: { tone: "info" },
})

export interface BannerProps extends Omit<ComponentProps<"div">, "title"> {
  /** @default "info" */
  tone?: NoticeTone
  /** A short headline in the tone's colour. */
  title?: ReactNode
  /** The message. */
  children?: ReactNode
  /** One action next to the message: a Button, or a link given the Button look with `asChild`. */
  action?: ReactNode
  /** Replaces the tone's icon; `false` shows none. */
  icon?: ReactNode | false
  /** Shows a dismiss button; the banner hides itself and calls this (store the choice if it should last). */
  onDismiss?: () => void
  /** Accessible name of the dismiss button. @default the provider's "Dismiss" */
  dismissLabel?: string
}

/**
 * A full-width notice across the top of a page or section: maintenance, an empty balance, a promotion.
 * Danger banners are announced at once (role="alert"), the others politely (role="status").
 */
export function Banner({
  tone = "info",
  title,
  children,
  action,
  icon,
  onDismiss,
  dismissLabel,
  className,
  role,
  ...props
}: BannerProps) {
  const { messages } = useMessages()
  const [dismissed, setDismissed] = useState(false)
  if (dismissed) return null
  const Icon = noticeToneIcons[tone]
  return (
    <div
      role={role ?? noticeRole(tone)}
      data-slot="banner"
      data-tone={tone}
      className={cn(bannerVariants({ tone }), className)}
      {...props}
    >
      <div className="mx-auto flex w-full max-w-7xl items-start gap-3 px-4 py-3 sm:items-center sm:px-6">
        {icon === false ? null : (
          <span className={cn("flex shrink-0 pt-0.5 sm:pt-0", noticeToneText[tone])}>
            {icon ?? <Icon size={20} />}
          </span>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
          <div data-slot="banner-content" className="flex min-w-0 flex-col gap-0.5 text-sm">
            {title ? <p className={cn("font-semibold", noticeToneText[tone])}>{title}</p> : null}
            {children ? <div className="leading-relaxed">{children}</div> : null}
          </div>
          {action ? (
            <div data-slot="banner-action" className="flex shrink-0 flex-wrap gap-2">
              {action}
            </div>
          ) : null}
        </div>
        {onDismiss ? (
          <NoticeDismissButton
            tone={tone}
            label={dismissLabel ?? messages.dismiss}
            className="-my-1 -mr-2"
            onClick={() => {
              setDismissed(true)
              onDismiss()
            }}
          />
        ) : null}
      </div>
    </div>
  )
}
