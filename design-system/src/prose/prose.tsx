import { cva } from "class-variance-authority"
import {
  isValidElement,
  useEffect,
  useId,
  useRef,
  type ComponentProps,
  type ReactNode,
  type Ref,
} from "react"
import { DangerIcon, InfoIcon, SuccessIcon, WarningIcon } from "../icons/icons"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"
import { slugify } from "./slug"

/*
 * Prose styles the plain HTML inside it (rendered markdown, say) with descendant selectors. Every selector
 * ends in `:not(& [data-slot]:not([data-slot^=prose]) *)`: elements inside another component (a CodeBlock,
 * a table component, a Badge…) keep that component's own look. Prose parts (Callout, ProseHeading) have
 * data-slot values that start with "prose", so their content is styled like the rest of the article.
 * Vertical space goes between siblings only (`:not(:first-child)` / `:not(:last-child)`), so the first and
 * last element of the article, a list item or a callout add none. Tailwind only sees class names written
 * out in full, hence the repetition.
 */
const elementClasses = [
  "break-words text-foreground",
  "[&_[data-slot=prose-callout]:not(:first-child)]:mt-6 [&_[data-slot=prose-callout]:not(:last-child)]:mb-6",
  "[&_p:not(:first-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mt-4 [&_p:not(:last-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mb-4",
  "[&_h1:not(&_[data-slot]:not([data-slot^=prose])_*)]:font-bold [&_h1:not(&_[data-slot]:not([data-slot^=prose])_*)]:tracking-tight [&_h1:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-foreground [&_h1:not(:last-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mb-6",
  "[&_h2:not(&_[data-slot]:not([data-slot^=prose])_*)]:scroll-mt-24 [&_h2:not(&_[data-slot]:not([data-slot^=prose])_*)]:font-semibold [&_h2:not(&_[data-slot]:not([data-slot^=prose])_*)]:tracking-tight [&_h2:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-foreground [&_h2:not(:last-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mb-4",
  "[&_h3:not(&_[data-slot]:not([data-slot^=prose])_*)]:scroll-mt-24 [&_h3:not(&_[data-slot]:not([data-slot^=prose])_*)]:font-semibold [&_h3:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-foreground [&_h3:not(:last-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mb-3",
  "[&_h4:not(&_[data-slot]:not([data-slot^=prose])_*)]:scroll-mt-24 [&_h4:not(&_[data-slot]:not([data-slot^=prose])_*)]:font-semibold [&_h4:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-foreground [&_h4:not(:last-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mb-2",
  "[&_a:not([data-slot]):not(&_[data-slot]:not([data-slot^=prose])_*)]:rounded-sm [&_a:not([data-slot]):not(&_[data-slot]:not([data-slot^=prose])_*)]:font-medium [&_a:not([data-slot]):not(&_[data-slot]:not([data-slot^=prose])_*)]:text-primary [&_a:not([data-slot]):not(&_[data-slot]:not([data-slot^=prose])_*)]:underline [&_a:not([data-slot]):not(&_[data-slot]:not([data-slot^=prose])_*)]:underline-offset-2 [&_a:not([data-slot]):not(&_[data-slot]:not([data-slot^=prose])_*)]:hover:text-primary-hover [&_a:not([data-slot]):not(&_[data-slot]:not([data-slot^=prose])_*)]:focus-ring",
  "[&_strong:not(&_[data-slot]:not([data-slot^=prose])_*)]:font-semibold [&_strong:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-foreground",
  "[&_ul:not(&_[data-slot]:not([data-slot^=prose])_*)]:list-disc [&_ul:not(&_[data-slot]:not([data-slot^=prose])_*)]:pl-6 [&_ul:not(:first-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mt-4 [&_ul:not(:last-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mb-4",
  "[&_ol:not(&_[data-slot]:not([data-slot^=prose])_*)]:list-decimal [&_ol:not(&_[data-slot]:not([data-slot^=prose])_*)]:pl-6 [&_ol:not(:first-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mt-4 [&_ol:not(:last-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mb-4",
  "[&_li:not(&_[data-slot]:not([data-slot^=prose])_*)]:pl-1 [&_li:not(&_[data-slot]:not([data-slot^=prose])_*)]:marker:text-muted-foreground [&_li:not(:first-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mt-1.5",
  "[&_blockquote:not(&_[data-slot]:not([data-slot^=prose])_*)]:border-l-4 [&_blockquote:not(&_[data-slot]:not([data-slot^=prose])_*)]:border-border-strong [&_blockquote:not(&_[data-slot]:not([data-slot^=prose])_*)]:pl-4 [&_blockquote:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-muted-foreground [&_blockquote:not(:first-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mt-6 [&_blockquote:not(:last-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mb-6",
  "[&_:not(pre)>code:not(&_[data-slot]:not([data-slot^=prose])_*)]:rounded-sm [&_:not(pre)>code:not(&_[data-slot]:not([data-slot^=prose])_*)]:border [&_:not(pre)>code:not(&_[data-slot]:not([data-slot^=prose])_*)]:border-border [&_:not(pre)>code:not(&_[data-slot]:not([data-slot^=prose])_*)]:bg-surface-muted [&_:not(pre)>code:not(&_[data-slot]:not([data-slot^=prose])_*)]:px-1 [&_:not(pre)>code:not(&_[data-slot]:not([data-slot^=prose])_*)]:py-0.5 [&_:not(pre)>code:not(&_[data-slot]:not([data-slot^=prose])_*)]:font-mono [&_:not(pre)>code:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-[0.875em]",
  "[&_kbd:not(&_[data-slot]:not([data-slot^=prose])_*)]:rounded-sm [&_kbd:not(&_[data-slot]:not([data-slot^=prose])_*)]:border [&_kbd:not(&_[data-slot]:not([data-slot^=prose])_*)]:border-border-strong [&_kbd:not(&_[data-slot]:not([data-slot^=prose])_*)]:bg-surface [&_kbd:not(&_[data-slot]:not([data-slot^=prose])_*)]:px-1 [&_kbd:not(&_[data-slot]:not([data-slot^=prose])_*)]:font-mono [&_kbd:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-[0.85em] [&_kbd:not(&_[data-slot]:not([data-slot^=prose])_*)]:shadow-sm",
  "[&_pre:not(&_[data-slot]:not([data-slot^=prose])_*)]:overflow-x-auto [&_pre:not(&_[data-slot]:not([data-slot^=prose])_*)]:rounded-lg [&_pre:not(&_[data-slot]:not([data-slot^=prose])_*)]:border [&_pre:not(&_[data-slot]:not([data-slot^=prose])_*)]:border-border [&_pre:not(&_[data-slot]:not([data-slot^=prose])_*)]:bg-surface-muted [&_pre:not(&_[data-slot]:not([data-slot^=prose])_*)]:p-4 [&_pre:not(&_[data-slot]:not([data-slot^=prose])_*)]:font-mono [&_pre:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-sm [&_pre:not(&_[data-slot]:not([data-slot^=prose])_*)]:leading-6 [&_pre:not(&_[data-slot]:not([data-slot^=prose])_*)]:focus-ring [&_pre:not(:first-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mt-6 [&_pre:not(:last-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mb-6",
  "[&_hr:not(&_[data-slot]:not([data-slot^=prose])_*)]:border-border [&_hr:not(:first-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mt-10 [&_hr:not(:last-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mb-10",
  "[&_table:not(&_[data-slot]:not([data-slot^=prose])_*)]:block [&_table:not(&_[data-slot]:not([data-slot^=prose])_*)]:w-max [&_table:not(&_[data-slot]:not([data-slot^=prose])_*)]:max-w-full [&_table:not(&_[data-slot]:not([data-slot^=prose])_*)]:overflow-x-auto [&_table:not(&_[data-slot]:not([data-slot^=prose])_*)]:border-collapse [&_table:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-sm [&_table:not(&_[data-slot]:not([data-slot^=prose])_*)]:focus-ring [&_table:not(:first-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mt-6 [&_table:not(:last-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mb-6",
  "[&_caption:not(&_[data-slot]:not([data-slot^=prose])_*)]:mb-2 [&_caption:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-left [&_caption:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-muted-foreground",
  "[&_th:not(&_[data-slot]:not([data-slot^=prose])_*)]:border-b [&_th:not(&_[data-slot]:not([data-slot^=prose])_*)]:border-border-strong [&_th:not(&_[data-slot]:not([data-slot^=prose])_*)]:bg-surface-muted [&_th:not(&_[data-slot]:not([data-slot^=prose])_*)]:px-3 [&_th:not(&_[data-slot]:not([data-slot^=prose])_*)]:py-2 [&_th:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-left [&_th:not(&_[data-slot]:not([data-slot^=prose])_*)]:font-semibold [&_th:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-foreground",
  "[&_td:not(&_[data-slot]:not([data-slot^=prose])_*)]:border-b [&_td:not(&_[data-slot]:not([data-slot^=prose])_*)]:border-border [&_td:not(&_[data-slot]:not([data-slot^=prose])_*)]:px-3 [&_td:not(&_[data-slot]:not([data-slot^=prose])_*)]:py-2 [&_td:not(&_[data-slot]:not([data-slot^=prose])_*)]:align-top [&_td:not(&_[data-slot]:not([data-slot^=prose])_*)]:min-w-[12ch]",
  "[&_img:not(&_[data-slot]:not([data-slot^=prose])_*)]:h-auto [&_img:not(&_[data-slot]:not([data-slot^=prose])_*)]:max-w-full [&_img:not(&_[data-slot]:not([data-slot^=prose])_*)]:rounded-md",
  "[&_figure:not(:first-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mt-8 [&_figure:not(:last-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mb-8",
  "[&_figcaption:not(&_[data-slot]:not([data-slot^=prose])_*)]:mt-2 [&_figcaption:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-left [&_figcaption:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-sm [&_figcaption:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-muted-foreground",
  "[&_dt:not(&_[data-slot]:not([data-slot^=prose])_*)]:font-semibold [&_dt:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-foreground [&_dt:not(:first-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mt-4",
  "[&_dd:not(&_[data-slot]:not([data-slot^=prose])_*)]:mt-1 [&_dd:not(&_[data-slot]:not([data-slot^=prose])_*)]:pl-4",
]

export const proseVariants = /* @__PURE__ */ cva(elementClasses, {
  variants: {
    size: {
      md: [
        "text-base leading-7",
        "[&_h1:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-4xl",
        "[&_h2:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-2xl [&_h2:not(:first-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mt-12",
        "[&_h3:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-xl [&_h3:not(:first-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mt-8",
        "[&_h4:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-lg [&_h4:not(:first-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mt-6",
      ],
      sm: [
        "text-sm leading-6",
        "[&_h1:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-2xl",
        "[&_h2:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-xl [&_h2:not(:first-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mt-8",
        "[&_h3:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-lg [&_h3:not(:first-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mt-6",
        "[&_h4:not(&_[data-slot]:not([data-slot^=prose])_*)]:text-base [&_h4:not(:first-child):not(&_[data-slot]:not([data-slot^=prose])_*)]:mt-4",
      ],
    },
  },
  defaultVariants: { size: "md" },
})

export interface ProseProps extends ComponentProps<"div"> {
  /** Text size: "md" for articles and docs, "sm" for side panels and help popovers. @default "md" */
  size?: "sm" | "md"
}

/**
 * Typography for articles and docs. Headings, paragraphs, lists, quotes, inline code, tables, figures and
 * images inside it are styled; use ProseHeading for headings with anchor links and Callout for notes.
 * Tables and preformatted blocks that are wider than the column scroll sideways and become focusable so
 * they can be scrolled from the keyboard.
 */
export function Prose({ size = "md", className, ref, ...props }: ProseProps) {
  const local = useRef<HTMLDivElement | null>(null)
  useEffect(() => {
    const root = local.current
    if (!root || typeof ResizeObserver === "undefined") return
    const update = () => {
      for (const element of root.querySelectorAll<HTMLElement>("table, pre")) {
        const owner = element.closest('[data-slot]:not([data-slot^="prose"])')
        if (owner && root.contains(owner)) continue
        const scrolls = element.scrollWidth > element.clientWidth + 1
        if (scrolls && !element.hasAttribute("tabindex")) {
          element.tabIndex = 0
          element.dataset.proseScroll = ""
        } else if (!scrolls && "proseScroll" in element.dataset) {
          element.removeAttribute("tabindex")
          delete element.dataset.proseScroll
        }
      }
    }
    update()
    const observer = new ResizeObserver(update)
    observer.observe(root)
    return () => observer.disconnect()
  }, [])
  return (
    <div
      ref={(node) => {
        local.current = node
        setRef(ref, node)
      }}
      data-slot="prose"
      data-size={size}
      className={cn(proseVariants({ size }), className)}
      {...props}
    />
  )
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === "function") ref(value)
  else if (ref) ref.current = value
}

/** The plain text of React children (for a heading's generated id). */
export function textOf(node: ReactNode): string {
  if (typeof node === "string" || typeof node === "number") return String(node)
  if (Array.isArray(node)) return node.map(textOf).join("")
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children)
  return ""
}

export interface ProseHeadingProps extends ComponentProps<"h2"> {
  /** Heading level; pick it from the document outline, not from the look. @default 2 */
  level?: 1 | 2 | 3 | 4 | 5 | 6
  /** The anchor (`#id` in the address). Defaults to a slug of the heading's text. */
  id?: string
  /**
   * Accessible name of the "#" link.
   * @default the provider's "Link to the section “{title}”" with the heading's text
   */
  anchorLabel?: string
  /** Leave out the "#" link (the id is still set). @default false */
  hideAnchor?: boolean
}

/**
 * A heading with an id and a "#" link to itself that appears on hover and keyboard focus. The link has an
 * accessible name ("Link to the section “Webhooks”" unless `anchorLabel` is given); the heading's own name
 * stays its text.
 */
export function ProseHeading({
  level = 2,
  id,
  anchorLabel,
  hideAnchor = false,
  className,
  children,
  ...props
}: ProseHeadingProps) {
  const Tag = `h${level}` as const
  const { t } = useMessages()
  const text = textOf(children)
  const anchor = id ?? (slugify(text) || undefined)
  const linkName = anchorLabel ?? (text.trim() ? t("anchorLink", { title: text.trim() }) : undefined)
  const textId = useId()
  return (
    <Tag
      id={anchor}
      data-slot="prose-heading"
      aria-labelledby={anchor && !hideAnchor ? textId : undefined}
      className={cn("group scroll-mt-24", className)}
      {...props}
    >
      <span id={textId}>{children}</span>
      {anchor && !hideAnchor ? (
        // Inline, not inline-block: "#" sticks to the last word instead of wrapping onto a line of its own.
        <a
          data-slot="prose-anchor"
          href={`#${anchor}`}
          aria-label={linkName}
          aria-labelledby={linkName ? undefined : textId}
          className={cn(
            "ml-1 rounded-sm px-1 font-normal text-muted-foreground no-underline",
            "opacity-0 transition-opacity hover:text-primary focus-visible:opacity-100 group-hover:opacity-100",
            "motion-reduce:transition-none focus-ring",
          )}
        >
          #
        </a>
      ) : null}
    </Tag>
  )
}

export type CalloutTone = "info" | "warning" | "danger" | "success"

export const calloutVariants = /* @__PURE__ */ cva("flex gap-3 rounded-lg border px-4 py-3", {
  variants: {
    tone: {
      info: "border-info-border bg-info-soft text-info-text",
      warning: "border-warning-border bg-warning-soft text-warning-text",
      danger: "border-danger-border bg-danger-soft text-danger-text",
      success: "border-success-border bg-success-soft text-success-text",
    },
  },
  defaultVariants: { tone: "info" },
})

const calloutIcons = { info: InfoIcon, warning: WarningIcon, danger: DangerIcon, success: SuccessIcon }

export interface CalloutProps extends Omit<ComponentProps<"div">, "title"> {
  /** @default "info" */
  tone?: CalloutTone
  /** A short bold first line ("Before you start", "Your balance is charged per captcha"). */
  title?: ReactNode
}

/** A note set apart from the article: tips, warnings, breaking changes, confirmations. */
export function Callout({ tone = "info", title, className, children, ...props }: CalloutProps) {
  const Icon = calloutIcons[tone]
  return (
    <div
      role="note"
      data-slot="prose-callout"
      data-tone={tone}
      className={cn(calloutVariants({ tone }), className)}
      {...props}
    >
      <Icon size={20} className="mt-0.5 shrink-0" />
      <div className="min-w-0 flex-1">
        {title ? <div className="font-semibold">{title}</div> : null}
        {/* Its own box, so the first paragraph is a first child and adds no space under the title. */}
        <div className={title ? "mt-1" : undefined}>{children}</div>
      </div>
    </div>
  )
}
