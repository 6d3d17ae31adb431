import { cva } from "class-variance-authority"
import type { ComponentProps } from "react"
import { cn } from "../lib/cn"

export const buttonGroupVariants = /* @__PURE__ */ cva("isolate inline-flex", {
  variants: {
    orientation: { horizontal: "flex-row", vertical: "flex-col items-stretch" },
    attached: { true: "", false: "flex-wrap gap-2" },
  },
  compoundVariants: [
    {
      // Neighbours share an edge: only the outer corners are rounded and borders overlap by a pixel. The
      // focused button comes to the front so its ring is not covered by the next one.
      attached: true,
      orientation: "horizontal",
      className: [
        "[&>*]:rounded-none [&>*:first-child]:rounded-l-md [&>*:last-child]:rounded-r-md",
        "[&>*:not(:first-child)]:-ml-px [&>*:focus-visible]:z-10",
        // Borderless variants (primary, danger…) get a thin divider in their own text colour.
        "[&>*:not(:first-child):not([class*=border])]:border-l [&>*:not(:first-child):not([class*=border])]:border-l-current/25",
      ],
    },
    {
      attached: true,
      orientation: "vertical",
      className: [
        "[&>*]:rounded-none [&>*:first-child]:rounded-t-md [&>*:last-child]:rounded-b-md",
        "[&>*:not(:first-child)]:-mt-px [&>*:focus-visible]:z-10",
        "[&>*:not(:first-child):not([class*=border])]:border-t [&>*:not(:first-child):not([class*=border])]:border-t-current/25",
      ],
    },
  ],
  defaultVariants: { orientation: "horizontal", attached: true },
})

export interface ButtonGroupProps extends ComponentProps<"div"> {
  /**
   * Names the group for screen readers ("Statistics period", "Captcha actions"). Required unless you pass
   * `aria-labelledby`.
   */
  label?: string
  /** @default "horizontal" */
  orientation?: "horizontal" | "vertical"
  /** Buttons share their edges; false keeps them apart with a gap. @default true */
  attached?: boolean
}

/** Related Buttons side by side, announced as one labelled group. */
export function ButtonGroup({
  label,
  orientation = "horizontal",
  attached = true,
  className,
  ...props
}: ButtonGroupProps) {
  return (
    <div
      role="group"
      aria-label={label}
      data-slot="button-group"
      data-orientation={orientation}
      data-attached={attached ? "" : undefined}
      className={cn(buttonGroupVariants({ orientation, attached }), className)}
      {...props}
    />
  )
}
