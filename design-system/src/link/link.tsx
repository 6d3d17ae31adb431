import { Slot, Slottable } from "@radix-ui/react-slot"
import { cva, type VariantProps } from "class-variance-authority"
import type { ComponentProps } from "react"
import { ExternalLinkIcon } from "../icons/icons"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"

export const linkVariants = /* @__PURE__ */ cva(
  [
    "rounded-sm font-medium underline decoration-1 underline-offset-[0.2em] transition-colors duration-150",
    "motion-reduce:transition-none focus-ring",
  ],
  {
    variants: {
      variant: {
        /** The brand link colour, for links inside running text. */
        primary: "text-primary decoration-primary/40 hover:text-primary-hover hover:decoration-current",
        /** Quieter: footers, table meta, "Terms" next to a checkbox. */
        muted:
          "text-muted-foreground decoration-border-strong hover:text-foreground hover:decoration-current",
        /** Takes the colour of the surrounding text: links inside notices and coloured panels. */
        inherit: "text-inherit decoration-current/50 hover:decoration-current",
        /** No underline until hovered: navigation lists where every item is a link. */
        standalone: "text-primary no-underline hover:text-primary-hover hover:underline",
      },
    },
    defaultVariants: { variant: "primary" },
  },
)

export type LinkVariant = NonNullable<VariantProps<typeof linkVariants>["variant"]>

export interface LinkProps extends ComponentProps<"a"> {
  /** @default "primary" */
  variant?: LinkVariant
  /**
   * Text read after the link's name when it opens in a new tab (`target="_blank"`). Such links show an arrow
   * icon; this text tells screen-reader users the same. "" leaves it out.
   * @default the provider's "opens in a new tab"
   */
  newTabHint?: string
  /** Render the single child (a router's link) with the link's look. */
  asChild?: boolean
}

/**
 * An inline text link. With `target="_blank"` it gets `rel="noopener noreferrer"`, an external-link icon
 * and the `newTabHint` ("opens in a new tab") for screen readers.
 */
export function Link({
  variant = "primary",
  newTabHint,
  asChild = false,
  target,
  rel,
  className,
  children,
  ...props
}: LinkProps) {
  const { messages } = useMessages()
  const hint = newTabHint ?? messages.opensInNewTab
  const Comp = asChild ? Slot : "a"
  const newTab = target === "_blank"
  return (
    <Comp
      data-slot="link"
      data-variant={variant}
      data-external={newTab ? "" : undefined}
      target={target}
      rel={newTab ? (rel ?? "noopener noreferrer") : rel}
      className={cn(linkVariants({ variant }), className)}
      {...props}
    >
      <Slottable>{children}</Slottable>
      {newTab ? (
        <>
          <ExternalLinkIcon
            size={14}
            className="ml-0.5 inline-block align-[-0.1em]"
            data-slot="link-external-icon"
          />
          {hint ? <span className="sr-only"> {hint}</span> : null}
        </>
      ) : null}
    </Comp>
  )
}
