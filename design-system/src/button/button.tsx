import { cva, type VariantProps } from "class-variance-authority"
import type { ComponentProps } from "react"
import { Slot } from "@radix-ui/react-slot"
import { cn } from "../lib/cn"

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

export const buttonVariants = cva(
  [
    "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium",
    "transition-colors duration-150 motion-reduce:transition-none select-none",
    "focus-ring",
    "disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50",
  ],
  {
    variants: {
      variant: variantClasses,
      size: {
        md: "h-10 px-4 text-sm",
        lg: "h-12 px-6 text-base",
      },
    },
    compoundVariants: [
      // The unstyled variant takes no box: it only adds focus and disabled behaviour to its content.
      { variant: "none", size: ["md", "lg"], className: "h-auto px-0 text-[length:inherit]" },
    ],
    defaultVariants: { variant: "primary", size: "md" },
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
}

export function Button({
  variant = "primary",
  size = "md",
  asChild = false,
  className,
  type,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot : "button"
  return (
    <Comp
      data-slot="button"
      data-variant={variant}
      data-size={size}
      // A <button> inside a form submits by default; make the safe choice explicit.
      type={asChild ? undefined : (type ?? "button")}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  )
}
