import { cva } from "class-variance-authority"
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ComponentProps } from "react"
import { cn } from "../lib/cn"
import { controlClasses } from "../lib/control"
import { useFormatter, useMessages } from "../provider/provider"
import { mergeRefs, useControlWiring } from "../text-input/control-props"
import type { ControlSize } from "../text-input/text-input"
import { autosizeHeight, lineHeightPx } from "./autosize"

export const textAreaVariants = /* @__PURE__ */ cva([controlClasses, "block"], {
  variants: {
    size: { md: "px-3 py-2 text-sm", lg: "px-4 py-2.5 text-base" },
    autosize: { true: "resize-none", false: "resize-y" },
  },
  defaultVariants: { size: "md", autosize: false },
})

export interface TextAreaProps extends Omit<ComponentProps<"textarea">, "rows"> {
  /** Padding and text size; matches the other controls. @default "md" */
  size?: ControlSize
  /** Shows the invalid look and sets `aria-invalid`; inside a Field with an `error` it is set for you. @default false */
  invalid?: boolean
  /** Grow with the content between `minRows` and `maxRows` instead of a fixed, user-resizable height. @default false */
  autosize?: boolean
  /** Visible lines when empty (the `rows` attribute). @default 3 */
  minRows?: number
  /** With `autosize`, the tallest it grows before it scrolls; unlimited when omitted. */
  maxRows?: number
  /** With `maxLength`, show "12 of 500 characters" under the field. @default true */
  showCount?: boolean
}

/** How long typing must pause before the character count is announced. */
const ANNOUNCE_DELAY = 600

/**
 * A multi-line text input. With `maxLength` it shows a character counter (announced politely once typing
 * pauses); with `autosize` it grows with its content.
 */
export function TextArea({
  size = "md",
  invalid,
  autosize = false,
  minRows = 3,
  maxRows,
  showCount = true,
  maxLength,
  className,
  id,
  "aria-describedby": ariaDescribedBy,
  "aria-invalid": ariaInvalid,
  required,
  disabled,
  value,
  defaultValue,
  onChange,
  ref,
  ...props
}: TextAreaProps) {
  const wiring = useControlWiring({
    id,
    "aria-describedby": ariaDescribedBy,
    "aria-invalid": ariaInvalid,
    required,
    disabled,
    invalid,
  })
  const { t } = useMessages()
  const format = useFormatter()
  const countText = (count: number) =>
    t("characterCount", { count: format.number(count), max: format.number(maxLength ?? 0) })
  const counterId = useId()
  const textAreaRef = useRef<HTMLTextAreaElement>(null)
  const announceTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const [typedLength, setTypedLength] = useState(() => String(defaultValue ?? "").length)
  const [announcement, setAnnouncement] = useState("")
  const counted = maxLength !== undefined && maxLength >= 0 && showCount
  const length = value !== undefined ? String(value).length : typedLength

  const resize = useCallback(() => {
    const element = textAreaRef.current
    if (!autosize || !element) return
    const style = getComputedStyle(element)
    element.style.height = "auto"
    const { height, overflow } = autosizeHeight(
      {
        scrollHeight: element.scrollHeight,
        lineHeight: lineHeightPx(style.lineHeight, style.fontSize),
        paddingBlock: Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom),
        borderBlock: Number.parseFloat(style.borderTopWidth) + Number.parseFloat(style.borderBottomWidth),
      },
      minRows,
      maxRows,
    )
    element.style.height = `${height}px`
    element.style.overflowY = overflow ? "auto" : "hidden"
  }, [autosize, minRows, maxRows])

  // Controlled values change without an input event; widths change wrapping.
  useLayoutEffect(() => {
    resize()
  }, [resize, value])
  useEffect(() => {
    const element = textAreaRef.current
    if (!autosize || !element || typeof ResizeObserver === "undefined") return
    let width = element.getBoundingClientRect().width
    const observer = new ResizeObserver(([entry]) => {
      const next = entry?.contentRect.width ?? width
      if (next !== width) {
        width = next
        resize()
      }
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [autosize, resize])
  useEffect(() => {
    const element = textAreaRef.current
    return () => {
      clearTimeout(announceTimer.current)
      if (element) element.style.height = ""
    }
  }, [autosize])

  const describedBy =
    [wiring.describedBy, counted ? counterId : undefined].filter(Boolean).join(" ") || undefined
  const textArea = (
    <textarea
      data-slot="text-area"
      data-size={size}
      data-autosize={autosize ? "" : undefined}
      id={wiring.id}
      aria-describedby={describedBy}
      aria-invalid={wiring.invalid || undefined}
      required={wiring.required}
      disabled={wiring.disabled}
      rows={minRows}
      maxLength={maxLength}
      value={value}
      defaultValue={defaultValue}
      ref={mergeRefs(textAreaRef, ref)}
      onChange={(event) => {
        onChange?.(event)
        const nextLength = event.target.value.length
        setTypedLength(nextLength)
        resize()
        if (counted) {
          clearTimeout(announceTimer.current)
          announceTimer.current = setTimeout(() => setAnnouncement(countText(nextLength)), ANNOUNCE_DELAY)
        }
      }}
      className={cn(textAreaVariants({ size, autosize }), !counted && className)}
      {...props}
    />
  )
  if (!counted) return textArea

  const nearLimit = length >= maxLength * 0.9
  return (
    <div data-slot="text-area-group" className={cn("flex w-full min-w-0 flex-col gap-1", className)}>
      {textArea}
      {/* Read with the field (aria-describedby) and, once typing pauses, by the live region below. */}
      <p
        id={counterId}
        data-slot="text-area-count"
        data-near-limit={nearLimit ? "" : undefined}
        aria-hidden="true"
        className={cn(
          "self-end text-xs tabular-nums text-muted-foreground",
          nearLimit && "font-medium text-warning-text",
          length >= maxLength && "text-danger-text",
        )}
      >
        {countText(length)}
      </p>
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </div>
  )
}
