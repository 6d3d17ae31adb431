import { cva, type VariantProps } from "class-variance-authority"
import { clsx } from "clsx"
import { useEffect, useRef, type ComponentProps, type MouseEvent } from "react"
import { Slot } from "@radix-ui/react-slot"
import { announce } from "../lib/announce"
import { useMessages } from "../provider/provider"
import { Spinner } from "../spinner/spinner"

/**
 * One entry per variant named in the product spec (§3): the classes that give it its look, written in the
 * components layer of `theme.css` (`.mh-button-…`), so a caller's utilities win without merging class lists.
 */
const variantClasses = {
  none: "mh-button-none",
  primary: "mh-button-primary",
  secondary: "mh-button-bordered mh-button-secondary",
  "secondary-white": "mh-button-bordered mh-button-secondary-white",
  tertiary: "mh-button-tertiary",
  "primary-earls-green": "mh-button-primary-earls-green",
  "primary-alice-blue": "mh-button-primary-alice-blue",
  "primary-danger": "mh-button-primary-danger",
  "primary-warning": "mh-button-primary-warning",
  "primary-light": "mh-button-bordered mh-button-primary-light",
  "primary-gray": "mh-button-primary-gray",
  service: "mh-button-bordered mh-button-service",
}

/**
 * The classes of a button's look, for an element that is not a `Button` (a link styled as one, say). A class a
 * caller adds after them wins (they are in the components layer; utilities come later in the cascade).
 */
export const buttonVariants = /* @__PURE__ */ cva("mh-button", {
  variants: {
    variant: variantClasses,
    size: { md: "mh-button-md", lg: "mh-button-lg" },
    /** A square button holding one icon; it needs an accessible name (`aria-label`). */
    iconOnly: { true: "mh-button-icon", false: "" },
    fullWidth: { true: "mh-button-full", false: "" },
    loading: { true: "mh-button-loading", false: "" },
  },
  defaultVariants: { variant: "primary", size: "md", iconOnly: false, fullWidth: false, loading: false },
})

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

  const classes = clsx(buttonVariants({ variant, size, iconOnly, fullWidth, loading }), className)
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
