import { cva } from "class-variance-authority"
import {
  Children,
  isValidElement,
  useEffect,
  useState,
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
} from "react"
import { CheckIcon, CloseIcon } from "../icons/icons"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"

export type TagTone = "neutral" | "info" | "success" | "warning" | "danger" | "promo"
export type TagSize = "sm" | "md"

export const tagVariants = /* @__PURE__ */ cva(
  [
    "inline-flex max-w-full shrink-0 items-center whitespace-nowrap rounded-md border font-medium",
    "[&_svg]:shrink-0",
  ],
  {
    variants: {
      tone: {
        neutral: "border-border bg-surface-muted text-foreground",
        info: "border-info-border bg-info-soft text-info-text",
        success: "border-success-border bg-success-soft text-success-text",
        warning: "border-warning-border bg-warning-soft text-warning-text",
        danger: "border-danger-border bg-danger-soft text-danger-text",
        promo: "border-promo-border bg-promo-soft text-promo-text",
      },
      size: {
        sm: "h-6 gap-1 px-2 text-xs [&_svg]:size-3",
        md: "h-8 gap-1.5 px-2.5 text-sm [&_svg]:size-3.5",
      },
    },
    defaultVariants: { tone: "neutral", size: "md" },
  },
)

interface TagCommonProps {
  /** Colour of the chip. @default "neutral" */
  tone?: TagTone
  /** Height and text size. @default "md" */
  size?: TagSize
  /** A decorative icon before the text. */
  icon?: ReactNode
}

interface TagRemovable {
  /**
   * Shows a remove (×) button; called when it is pressed. Focus then moves to the next tag's remove button
   * in the same TagList (or the previous one), so keyboard users are not dropped at the top of the page.
   */
  onRemove: (event: MouseEvent<HTMLButtonElement>) => void
  /**
   * Accessible name of the remove button, naming the tag: "Remove Python". Needed when the tag's text is not
   * plain text (an element).
   * @default the provider's "Remove {name}" with the tag's text
   */
  removeLabel?: string
}

interface TagStatic {
  onRemove?: undefined
  removeLabel?: undefined
}

export type TagProps = Omit<ComponentProps<"span">, "children"> &
  TagCommonProps & {
    /** The tag's text. */
    children: ReactNode
  } & (TagRemovable | TagStatic)

/** The tag's text when it is plain text ("Python", or "Python " + 3 from JSX); undefined for elements. */
function plainText(children: ReactNode): string | undefined {
  if (typeof children === "string" || typeof children === "number") return String(children)
  if (!Array.isArray(children)) return undefined
  const parts = children.filter(
    (child) => child !== null && child !== undefined && typeof child !== "boolean",
  )
  if (!parts.every((child) => typeof child === "string" || typeof child === "number")) return undefined
  return parts.join("")
}

/** A remove button that belongs to the same list: the one to focus once this tag is gone. */
function neighbourRemoveButton(button: HTMLButtonElement): HTMLButtonElement | null {
  const list = button.closest('[data-slot="tag-list"]')
  if (!list) return null
  const buttons = Array.from(list.querySelectorAll<HTMLButtonElement>('[data-slot="tag-remove"]'))
  const index = buttons.indexOf(button)
  return buttons[index + 1] ?? buttons[index - 1] ?? null
}

/** A chip naming a value (a skill, a captcha type, a filter); removable when `onRemove` is given. */
export function Tag({
  tone = "neutral",
  size = "md",
  icon,
  onRemove,
  removeLabel,
  className,
  children,
  ...props
}: TagProps) {
  const { t } = useMessages()
  const text = plainText(children)?.trim()
  const removeName = removeLabel ?? (text ? t("removeItem", { name: text }) : undefined)
  const unnamed = Boolean(onRemove) && !removeName
  useEffect(() => {
    if (unnamed) console.warn("Tag: a removable tag whose text is not a string needs removeLabel.")
  }, [unnamed])
  const handleRemove = (event: MouseEvent<HTMLButtonElement>) => {
    const button = event.currentTarget
    const next = neighbourRemoveButton(button)
    onRemove?.(event)
    // If the tag really went away, focus its neighbour instead of losing focus to <body>.
    requestAnimationFrame(() => {
      if (!button.isConnected && next?.isConnected) next.focus()
    })
  }
  return (
    <span
      data-slot="tag"
      data-tone={tone}
      data-size={size}
      className={cn(tagVariants({ tone, size }), onRemove && (size === "sm" ? "pe-0.5" : "pe-1"), className)}
      {...props}
    >
      {icon}
      <span className="truncate">{children}</span>
      {onRemove ? (
        <button
          type="button"
          data-slot="tag-remove"
          aria-label={removeName}
          onClick={handleRemove}
          className={cn(
            "inline-flex shrink-0 items-center justify-center rounded-sm opacity-70 transition-opacity",
            "hover:bg-foreground/10 hover:opacity-100 motion-reduce:transition-none",
            "focus-ring focus-visible:opacity-100",
            size === "sm" ? "size-5" : "size-6",
          )}
        >
          <CloseIcon />
        </button>
      ) : null}
    </span>
  )
}

export const selectableTagVariants = /* @__PURE__ */ cva(
  [
    "inline-flex max-w-full shrink-0 cursor-pointer items-center whitespace-nowrap rounded-md border font-medium",
    "transition-colors duration-150 motion-reduce:transition-none select-none [&_svg]:shrink-0",
    "focus-ring disabled:pointer-events-none disabled:opacity-50",
    "border-border-strong bg-surface text-foreground hover:bg-surface-muted",
    "aria-pressed:border-primary aria-pressed:bg-primary-soft aria-pressed:text-primary",
  ],
  {
    variants: {
      size: {
        sm: "h-6 gap-1 px-2 text-xs [&_svg]:size-3",
        md: "h-8 gap-1.5 px-2.5 text-sm [&_svg]:size-3.5",
      },
    },
    defaultVariants: { size: "md" },
  },
)

export interface SelectableTagProps extends Omit<ComponentProps<"button">, "onChange"> {
  /** Controlled selection. */
  selected?: boolean
  /** Selection of an uncontrolled tag. @default false */
  defaultSelected?: boolean
  /** Called with the new selection when the tag is pressed. */
  onSelectedChange?: (selected: boolean) => void
  /** Height and text size. @default "md" */
  size?: TagSize
  /** A decorative icon before the text; a check replaces it while selected. */
  icon?: ReactNode
}

/** A toggle chip for filters ("reCAPTCHA v2", "hCaptcha"): a button with `aria-pressed`. */
export function SelectableTag({
  selected,
  defaultSelected = false,
  onSelectedChange,
  size = "md",
  icon,
  className,
  children,
  onClick,
  ...props
}: SelectableTagProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultSelected)
  const pressed = selected ?? uncontrolled
  return (
    <button
      type="button"
      data-slot="selectable-tag"
      data-size={size}
      data-state={pressed ? "on" : "off"}
      aria-pressed={pressed}
      onClick={(event) => {
        onClick?.(event)
        if (event.defaultPrevented) return
        if (selected === undefined) setUncontrolled(!pressed)
        onSelectedChange?.(!pressed)
      }}
      className={cn(selectableTagVariants({ size }), className)}
      {...props}
    >
      {pressed ? <CheckIcon /> : icon}
      <span className="truncate">{children}</span>
    </button>
  )
}

export interface TagListProps extends ComponentProps<"ul"> {
  /** Names the list for screen readers: "Skills", "Captcha types". The explicit list role keeps Safari announcing it. */
  "aria-label"?: string
}

/** Lays tags out in a wrapping row, each in a list item; removing one moves focus to its neighbour. */
export function TagList({ className, children, ...props }: TagListProps) {
  return (
    <ul
      role="list"
      data-slot="tag-list"
      className={cn("flex flex-wrap items-center gap-2", className)}
      {...props}
    >
      {Children.map(children, (child, index) =>
        isValidElement(child) ? (
          <li key={child.key ?? index} className="flex max-w-full">
            {child}
          </li>
        ) : null,
      )}
    </ul>
  )
}
