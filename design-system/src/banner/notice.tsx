import { cva } from "class-variance-authority"
import { useState, type ComponentProps, type ReactNode } from "react"
import { CloseIcon } from "../icons/icons"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"
import { noticeRole, noticeToneClasses, noticeToneIcons, noticeToneText, type NoticeTone } from "./tones"

/*
 * Alert and Banner are one notice in two presentations: the same tones, icons, live-region roles and dismiss
 * button, laid out as a box inside the content ("inline", Alert) or as a full-width strip ("banner", Banner).
 */

export const alertVariants = /* @__PURE__ */ cva(
  "flex w-full items-start gap-3 rounded-lg border p-4 text-sm text-foreground",
  {
    variants: { tone: noticeToneClasses },
    defaultVariants: { tone: "info" },
  },
)

export const bannerVariants = /* @__PURE__ */ cva("w-full border-y text-foreground", {
  variants: { tone: noticeToneClasses },
  defaultVariants: { tone: "info" },
})

export type NoticePresentation = "inline" | "banner"

interface NoticeLayout {
  /** The root's data-slot; the action's is `${slot}-action`. */
  slot: string
  variants: typeof alertVariants
  /** A wrapper inside the root that centres the row (the banner's page width); none when undefined. */
  frame?: string
  icon: string
  /** The column (or, on a wide banner, the row) of the text and the action. */
  main: string
  /** A wrapper of title and message, apart from the action; without it they sit in `main` with the action. */
  content?: string
  title: string
  action: string
  dismiss: string
}

const layouts: Record<NoticePresentation, NoticeLayout> = {
  inline: {
    slot: "alert",
    variants: alertVariants,
    icon: "flex shrink-0",
    main: "flex min-w-0 flex-1 flex-col gap-1",
    title: "font-semibold leading-5",
    action: "mt-2 flex flex-wrap gap-2",
    dismiss: "-my-1.5 -mr-1.5",
  },
  banner: {
    slot: "banner",
    variants: bannerVariants,
    frame: "mx-auto flex w-full max-w-7xl items-start gap-3 px-4 py-3 sm:items-center sm:px-6",
    icon: "flex shrink-0 pt-0.5 sm:pt-0",
    main: "flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6",
    content: "flex min-w-0 flex-col gap-0.5 text-sm",
    title: "font-semibold",
    action: "flex shrink-0 flex-wrap gap-2",
    dismiss: "-my-1 -mr-2",
  },
}

export interface NoticeProps extends Omit<ComponentProps<"div">, "title"> {
  /** @default "info" */
  tone?: NoticeTone
  /** A short headline in the tone's colour. */
  title?: ReactNode
  /** The message. */
  children?: ReactNode
  /**
   * Actions: Buttons, or links given the Button look with `asChild`. An Alert shows them under the message, a
   * Banner next to it (keep it to one).
   */
  action?: ReactNode
  /** Replaces the tone's icon; `false` shows none. */
  icon?: ReactNode | false
  /** Shows a dismiss button; the notice hides itself and calls this (store the choice if it should last). */
  onDismiss?: () => void
  /** Accessible name of the dismiss button. @default the provider's "Dismiss" */
  dismissLabel?: string
}

/** Wraps its children in a div with these classes, or leaves them as they are when there are none. */
function Wrapper({ className, slot, children }: { className?: string; slot?: string; children: ReactNode }) {
  if (className === undefined) return children
  return (
    <div data-slot={slot} className={className}>
      {children}
    </div>
  )
}

/**
 * The notice behind Alert and Banner. Each tone has its icon; danger is announced at once (role="alert"), the
 * other tones politely (role="status").
 */
export function Notice({
  presentation,
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
}: NoticeProps & { presentation: NoticePresentation }) {
  const { messages } = useMessages()
  const [dismissed, setDismissed] = useState(false)
  if (dismissed) return null
  const layout = layouts[presentation]
  const Icon = noticeToneIcons[tone]
  return (
    <div
      role={role ?? noticeRole(tone)}
      data-slot={layout.slot}
      data-tone={tone}
      className={cn(layout.variants({ tone }), className)}
      {...props}
    >
      <Wrapper className={layout.frame}>
        {icon === false ? null : (
          <span className={cn(layout.icon, noticeToneText[tone])}>{icon ?? <Icon size={20} />}</span>
        )}
        <div className={layout.main}>
          <Wrapper className={layout.content} slot={`${layout.slot}-content`}>
            {title ? <p className={cn(layout.title, noticeToneText[tone])}>{title}</p> : null}
            {children ? <div className="leading-relaxed">{children}</div> : null}
          </Wrapper>
          {action ? (
            <div data-slot={`${layout.slot}-action`} className={layout.action}>
              {action}
            </div>
          ) : null}
        </div>
        {onDismiss ? (
          <button
            type="button"
            data-slot="notice-dismiss"
            aria-label={dismissLabel ?? messages.dismiss}
            onClick={() => {
              setDismissed(true)
              onDismiss()
            }}
            className={cn(
              "inline-flex size-8 shrink-0 items-center justify-center rounded-md opacity-80",
              "transition-colors duration-150 motion-reduce:transition-none hover:bg-surface/60 hover:opacity-100 focus-ring",
              noticeToneText[tone],
              layout.dismiss,
            )}
          >
            <CloseIcon size={18} />
          </button>
        ) : null}
      </Wrapper>
    </div>
  )
}
