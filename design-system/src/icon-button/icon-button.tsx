import type { ReactElement } from "react"
import { Button, type ButtonProps } from "../button/button"
import { cn } from "../lib/cn"
import { Tooltip, type TooltipSide } from "../tooltip/tooltip"

export interface IconButtonProps extends Omit<
  ButtonProps,
  "iconOnly" | "children" | "aria-label" | "aria-labelledby" | "asChild"
> {
  /** The accessible name of the button, also shown in its tooltip ("Copy API key", "Delete worker"). */
  label: string
  /** One icon from `src/icons` (decorative: the label names the button). */
  icon: ReactElement
  /** @default "service" */
  variant?: ButtonProps["variant"]
  /** Show the label in a tooltip on hover and keyboard focus. @default true */
  tooltip?: boolean
  /** @default "top" */
  tooltipSide?: TooltipSide
}

/** A square button with only an icon; `label` names it for screen readers and shows in a tooltip. */
export function IconButton({
  label,
  icon,
  variant = "service",
  tooltip = true,
  tooltipSide = "top",
  className,
  ...props
}: IconButtonProps) {
  const button = (
    <Button
      data-slot="icon-button"
      variant={variant}
      iconOnly
      aria-label={label}
      // The 16 px icons grow to 20 px in a large button.
      className={cn(props.size === "lg" && "[&_svg]:size-5", className)}
      {...props}
    >
      {icon}
    </Button>
  )
  if (!tooltip || props.disabled) return button
  // The tooltip repeats the accessible name, so it does not describe the button a second time.
  return (
    <Tooltip content={label} side={tooltipSide} describesTrigger={false}>
      {button}
    </Tooltip>
  )
}
