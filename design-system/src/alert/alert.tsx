import { cva } from "class-variance-authority"
import { useState, type ComponentProps, type ReactNode } from "react"
import {
  NoticeDismissButton,
  noticeRole,
  noticeToneClasses,
  noticeToneIcons,
  noticeToneText,
  type NoticeTone,
} from "../banner/tones"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"

export const alertVariants = /* @__PURE__ */ cva(
  "flex w-full items-start gap-3 rounded-lg border p-4 text-sm text-foreground",
  {
    variants: { tone: noticeToneClasses },
    defaultVariants: { tone: "info" },
  },
)

export interface AlertProps extends Omit<ComponentProps<"div">, "title"> {
  /** @default "info" */
  tone?: NoticeTone
  /** A short headline in the tone's colour. */
  title?: ReactNode
  /** The message. */
  children?: ReactNode
  /** Actions under the message: Buttons, or links with the Button look. */
  action?: ReactNode
  /** Replaces the tone's icon; `false` shows none. */
  icon?: ReactNode | false
  /** Shows a dismiss button; the alert hides itself and calls this. */
  onDismiss?: () => void
  /** Accessible name of the dismiss button. @default the provider's "Dismiss" */
  dismissLabel?: string
}

/**
 * A notice inside the content, next to what it is about (a form, a table). Each tone has its icon; danger is
 * announced at once (role="alert"), the other tones politely (role="status").
 */
export function Alert({
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
}: AlertProps) {
  const { messages } = useMessages()
  const [dismissed, setDismissed] = useState(false)
  if (dismissed) return null
  const Icon = noticeToneIcons[tone]
  return (
    <div
      role={role ?? noticeRole(tone)}
      data-slot="alert"
      data-tone={tone}
      className={cn(alertVariants({ tone }), className)}
      {...props}
    >
      {icon === false ? null : (
        <span className={cn("flex shrink-0", noticeToneText[tone])}>{icon ?? <Icon size={20} />}</span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {title ? <p className={cn("font-semibold leading-5", noticeToneText[tone])}>{title}</p> : null}
        {children ? <div className="leading-relaxed">{children}</div> : null}
        {action ? (
          <div data-slot="alert-action" className="mt-2 flex flex-wrap gap-2">
            {action}
          </div>
        ) : null}
      </div>
      {onDismiss ? (
        <NoticeDismissButton
          tone={tone}
          label={dismissLabel ?? messages.dismiss}
          className="-my-1.5 -mr-1.5"
          onClick={() => {
            setDismissed(true)
            onDismiss()
          }}
        />
      ) : null}
    </div>
  )
}
