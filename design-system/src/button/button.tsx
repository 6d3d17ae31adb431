import { cva, type VariantProps } from "class-variance-authority"
import { useEffect, useRef, type ComponentProps, type MouseEvent } from "react"
import { Slot } from "@radix-ui/react-slot"
import { announce } from "../lib/announce"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"
import { Spinner } from "../spinner/spinner"

/** One entry per variant named in the product spec (§3): the classes that give it its look. */
const variantClasses = {
  none: "rounded-none bg-transparent p-0 font-[inherit] text-inherit",
  primary: "bg-primary text-primary-foreground hover:bg-primary-hover",
  secondary: "border border-primary bg-transparent text-primary hover:bg-primary-soft",
  "secondary-white": "border border-white bg-transparent text-white hover:bg-white/15",
  tertiary: "bg-transparent text-primary underline-offset-4 hover:bg-primary-soft hover:underline",
  "primary-earls-green": "bg-earls-green text-earls-green-foreground hover:bg-earls-green-hover",
  "primary-alice-blue": "bg-alice-blue text-alice-blue-foreground hover:bg-alice-blue-hover",
  "primary-danger": "bg-danger text-danger-foreground hover:bg-danger-hover",
  "primary-warning": "bg-warning text-warning-foreground hover:bg-warning-hover",
  "primary-light": "border border-border bg-light text-light-foreground hover:bg-light-hover",
  "primary-gray": "bg-gray text-gray-foreground hover:bg-gray-hover",
  service: "border border-border bg-surface-muted text-foreground hover:bg-light-hover",
}

export const buttonVariants = /* @__PURE__ */ cva(
  [
    "relative inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium",
    "transition-colors duration-150 motion-reduce:transition-none select-none",
    "focus-ring",
    "disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none",
    // A loading button is unavailable too, but keeps its colours: it is busy, not disabled.
    "aria-disabled:not-aria-busy:opacity-50",
  ],
  {
    variants: {
      variant: variantClasses,
      size: {
        md: "h-10 px-4 text-sm",
        lg: "h-12 px-6 text-base",
      },
      /** A square button holding one icon; it needs an accessible name (`aria-label`). */
      iconOnly: { true: "px-0", false: "" },
      fullWidth: { true: "w-full", false: "" },
      loading: { true: "cursor-wait", false: "" },
    },
    compoundVariants: [
      // The unstyled variant takes no box: it only adds focus and disabled behaviour to its content.
      { variant: "none", size: ["md", "lg"], className: "h-auto px-0 text-[length:inherit]" },
      { iconOnly: true, size: "md", className: "w-10" },
      { iconOnly: true, size: "lg", className: "w-12" },
      { iconOnly: true, variant: "none", className: "w-auto" },
    ],
    defaultVariants: { variant: "primary", size: "md", iconOnly: false, fullWidth: false, loading: false },
  },
)

export type ButtonVariant = NonNullable<VariantProps<typeof buttonVariants>["variant"]>
export type ButtonSize = NonNullable<VariantProps<typeof buttonVariants>["size"]>

export const buttonVariantNames = Object.keys(variantClasses) as ButtonVariant[]

export interface ButtonProps extends ComponentProps<"button"> {
  /** Visual style. @default "primary" */
  variant?: ButtonVariant
  /** Height and padding. @default "md" */
  size?: ButtonSize
  /** Render the single child (a link, say) with the button's look instead of a <button>. */
  asChild?: boolean
  /**
   * A square button whose only content is an icon. It has no visible text, so give it `aria-label` (or
   * `aria-labelledby`); `IconButton` does this for you and adds a tooltip.
   * @default false
   */
  iconOnly?: boolean
  /**
   * Shows a spinner in place of the content (the button keeps its width), sets `aria-busy` and ignores
   * clicks and keys until it is false again. Focus stays on the button. Not available with `asChild`.
   * @default false
   */
  loading?: boolean
  /** Stretch to the width of the container. @default false */
  fullWidth?: boolean
}

export function Button({
  variant = "primary",
  size = "md",
  asChild = false,
  iconOnly = false,
  loading: loadingProp = false,
  fullWidth = false,
  className,
  type,
  onClick,
  children,
  ...props
}: ButtonProps) {
  const loading = loadingProp && !asChild
  const { t } = useMessages()
  // Busy is said once, when it starts after an action (Primer and React Aria do the same): the name stays the
  // button's own, so the state goes to the document's live region rather than into the button. A button that is
  // busy from its first render (a page still loading) says nothing: aria-busy tells who reaches it.
  const busyText = t("loading")
  const wasLoading = useRef(loading)
  useEffect(() => {
    if (loading && !wasLoading.current) announce(busyText)
    wasLoading.current = loading
  }, [loading, busyText])
  const named = Boolean(props["aria-label"] || props["aria-labelledby"] || props.title)
  useEffect(() => {
    if (iconOnly && !asChild && !named) {
      console.warn("Button: an icon-only button needs an accessible name; pass aria-label.")
    }
  }, [iconOnly, asChild, named])

  const classes = cn(buttonVariants({ variant, size, iconOnly, fullWidth, loading }), className)
  const data = {
    "data-slot": "button",
    "data-variant": variant,
    "data-size": size,
    "data-icon-only": iconOnly ? "" : undefined,
    "data-loading": loading ? "" : undefined,
  }

  if (asChild) {
    return (
      <Slot {...data} className={classes} onClick={onClick} {...props}>
        {children}
      </Slot>
    )
  }

  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    // aria-disabled keeps the busy button focusable, so activation has to be stopped here (a submit
    // button would otherwise submit its form again).
    if (loading) {
      event.preventDefault()
      return
    }
    onClick?.(event)
  }

  return (
    <button
      {...data}
      // A <button> inside a form submits by default; make the safe choice explicit.
      type={type ?? "button"}
      className={classes}
      onClick={handleClick}
      {...props}
      aria-busy={loading || props["aria-busy"] || undefined}
      aria-disabled={loading || props["aria-disabled"] || undefined}
    >
      {/* `contents` leaves the layout untouched; while loading, the content turns transparent but still
          sizes the button and still names it for screen readers. */}
      <span
        data-slot="button-content"
        className={loading ? "inline-flex items-center gap-2 opacity-0" : "contents"}
      >
        {children}
      </span>
      {loading ? (
        <span className="absolute inset-0 flex items-center justify-center">
          <Spinner size="sm" label="" />
        </span>
      ) : null}
    </button>
  )
}
