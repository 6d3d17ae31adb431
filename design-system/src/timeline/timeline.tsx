import { cva } from "class-variance-authority"
import type { ComponentProps, ReactNode } from "react"
import { Avatar } from "../avatar/avatar"
import { Badge, type BadgeTone } from "../badge/badge"
import { UserIcon } from "../icons/icons"
import { cn } from "../lib/cn"
import { useFormatter } from "../provider/provider"

/**
 * customer: a message from the customer or worker · support: a reply from Manyhands support ·
 * note: an internal note only staff see · status: a change of state ("Ticket closed"), shown as one line.
 */
export type TimelineTone = "customer" | "support" | "note" | "status"

export const timelineTones: TimelineTone[] = ["customer", "support", "note", "status"]

export const timelineMessageVariants = /* @__PURE__ */ cva(
  "mt-1.5 rounded-lg border px-4 py-3 text-sm leading-relaxed text-foreground [overflow-wrap:anywhere]",
  {
    variants: {
      tone: {
        customer: "border-border bg-surface shadow-sm",
        support: "border-info-border bg-info-soft",
        note: "border-dashed border-warning-border bg-warning-soft",
        status: "",
      },
    },
    defaultVariants: { tone: "customer" },
  },
)

const roleTones: Record<TimelineTone, BadgeTone> = {
  customer: "neutral",
  support: "info",
  note: "warning",
  status: "neutral",
}

export interface TimelineProps extends ComponentProps<"ol"> {
  /** Names the thread for screen readers ("Ticket #4821"). */
  "aria-label"?: string
}

/** A vertical thread of events, oldest first: ticket conversations, a task's history. */
export function Timeline({ className, ...props }: TimelineProps) {
  // The explicit role keeps Safari announcing a list whose bullets are removed.
  return <ol role="list" data-slot="timeline" className={cn("flex flex-col", className)} {...props} />
}

export interface TimelineItemProps extends Omit<ComponentProps<"li">, "children"> {
  /** Kind of event; sets the look of the message. @default "customer" */
  tone?: TimelineTone
  /** Who wrote the message or made the change. */
  author?: ReactNode
  /** A short badge after the author ("Support", "Customer", "Internal note"). */
  authorRole?: ReactNode
  /** Replaces the avatar made from `author` (a photo, a team logo). Ignored for status events. */
  avatar?: ReactNode
  /** Icon in the marker of a status event (`<CheckIcon />`). @default a dot */
  icon?: ReactNode
  /** When it happened; written in the provider's date and time format unless `timeText` is given. */
  time?: Date | string | number
  /** The time as the caller wants it shown ("5 minutes ago"); `time` still gives the machine-readable date. */
  timeText?: ReactNode
  /** The message body, or the status change in words. */
  children: ReactNode
}

function isoDate(value: Date | string | number): string | undefined {
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

/** One event of a Timeline: a message in a bubble with its author, or a one-line status change. */
export function TimelineItem({
  tone = "customer",
  author,
  authorRole,
  avatar,
  icon,
  time,
  timeText,
  className,
  children,
  ...props
}: TimelineItemProps) {
  const format = useFormatter()
  const when =
    time !== undefined || timeText !== undefined ? (
      <time
        dateTime={time !== undefined ? isoDate(time) : undefined}
        className="text-xs text-muted-foreground tabular-nums"
      >
        {timeText ?? (time !== undefined ? format.dateTime(time) : null)}
      </time>
    ) : null
  const status = tone === "status"
  const marker = status ? (
    <span
      className={cn(
        "flex size-7 items-center justify-center rounded-full border border-border bg-surface-muted",
        "text-muted-foreground [&_svg]:size-3.5",
      )}
    >
      {icon ?? <span className="size-2 rounded-full bg-border-strong" />}
    </span>
  ) : (
    (avatar ??
    (typeof author === "string" ? (
      <Avatar name={author} alt="" size="md" />
    ) : (
      <span className="flex size-10 items-center justify-center rounded-full bg-surface-muted text-muted-foreground">
        <UserIcon size={18} />
      </span>
    )))
  )

  return (
    <li
      data-slot="timeline-item"
      data-tone={tone}
      className={cn("group/timeline-item relative flex gap-3 pb-6 last:pb-0", className)}
      {...props}
    >
      {/* The line down to the next event, leaving a gap under this marker and above the next. */}
      <span
        aria-hidden="true"
        className={cn(
          "absolute start-[19.5px] bottom-1.5 w-px bg-border group-last/timeline-item:hidden",
          status ? "top-[34px]" : "top-[46px]",
        )}
      />
      <span aria-hidden="true" className="flex w-10 shrink-0 justify-center">
        {marker}
      </span>
      {status ? (
        <p className="min-w-0 flex-1 pt-1 text-sm text-muted-foreground">
          {author ? <span className="font-medium text-foreground">{author} </span> : null}
          {children}
          {when ? (
            <>
              <span aria-hidden="true"> · </span>
              {when}
            </>
          ) : null}
        </p>
      ) : (
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 pt-0.5">
            {author ? <span className="text-sm font-semibold">{author}</span> : null}
            {authorRole ? (
              <Badge size="sm" tone={roleTones[tone]}>
                {authorRole}
              </Badge>
            ) : null}
            {when}
          </p>
          <div data-slot="timeline-message" className={timelineMessageVariants({ tone })}>
            {children}
          </div>
        </div>
      )}
    </li>
  )
}
