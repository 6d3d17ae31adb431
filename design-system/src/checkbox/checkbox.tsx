import * as CheckboxPrimitive from "@radix-ui/react-checkbox"
import { cva } from "class-variance-authority"
import { useId, type ComponentProps, type ReactNode } from "react"
import { CheckIcon, MinusIcon } from "../icons/icons"
import { ChoiceText } from "../lib/choice-text"
import { cn } from "../lib/cn"
import { useControlWiring } from "../text-input/control-props"
import type { ControlSize } from "../text-input/text-input"

export type CheckedState = CheckboxPrimitive.CheckedState

export const checkboxVariants = /* @__PURE__ */ cva(
  [
    "peer relative inline-flex shrink-0 items-center justify-center rounded-sm border border-muted-foreground bg-surface",
    "text-primary-foreground shadow-sm transition-colors duration-150 motion-reduce:transition-none focus-ring",
    // At least a 24 px target even where the box is drawn smaller.
    "after:absolute after:-inset-1.5",
    "hover:border-primary",
    "data-[state=checked]:border-primary data-[state=checked]:bg-primary",
    "data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary",
    "aria-invalid:border-danger aria-invalid:data-[state=unchecked]:bg-danger-soft",
    "disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-muted-foreground",
  ],
  {
    variants: {
      size: { md: "size-4", lg: "size-5" },
    },
    defaultVariants: { size: "md" },
  },
)

export interface CheckboxProps extends Omit<
  ComponentProps<typeof CheckboxPrimitive.Root>,
  "children" | "asChild"
> {
  /** Text beside the box that names it. Without one, give the checkbox an `aria-label` or put it in a Field. */
  label?: ReactNode
  /** A second line under the label, read as the checkbox's description. */
  description?: ReactNode
  /** Box and text size. @default "md" */
  size?: ControlSize
  /** Shows the invalid look and sets `aria-invalid`; inside a Field with an `error` it is set for you. @default false */
  invalid?: boolean
  /** Classes of the box (the `<button role="checkbox">`); `className` goes on the outermost element. */
  boxClassName?: string
}

/**
 * A checkbox on Radix Checkbox: checked, unchecked or "indeterminate" (some of a group chosen), with an
 * optional label and description beside it. Space toggles it.
 */
export function Checkbox({
  label,
  description,
  size = "md",
  invalid,
  className,
  boxClassName,
  id,
  "aria-describedby": ariaDescribedBy,
  "aria-invalid": ariaInvalid,
  required,
  disabled,
  ...props
}: CheckboxProps) {
  const generatedId = useId()
  const wiring = useControlWiring({
    id,
    "aria-describedby": ariaDescribedBy,
    "aria-invalid": ariaInvalid,
    required,
    disabled,
    invalid,
  })
  const controlId =
    wiring.id ?? (label != null || description != null ? `checkbox-${generatedId}` : undefined)
  const descriptionId = description != null ? `${controlId ?? generatedId}-description` : undefined
  const iconSize = size === "lg" ? 14 : 12
  const box = (
    <CheckboxPrimitive.Root
      data-slot="checkbox"
      data-size={size}
      id={controlId}
      aria-describedby={[descriptionId, wiring.describedBy].filter(Boolean).join(" ") || undefined}
      aria-invalid={wiring.invalid || undefined}
      required={wiring.required}
      disabled={wiring.disabled}
      className={cn(
        checkboxVariants({ size }),
        label == null && description == null ? className : "mt-0.5",
        boxClassName,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator className="group/indicator flex items-center justify-center">
        <CheckIcon
          size={iconSize}
          strokeWidth={3}
          className="group-data-[state=indeterminate]/indicator:hidden"
        />
        <MinusIcon
          size={iconSize}
          strokeWidth={3}
          className="hidden group-data-[state=indeterminate]/indicator:block"
        />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  )
  if (label == null && description == null) return box
  return (
    <div
      data-slot="checkbox-field"
      data-disabled={wiring.disabled ? "" : undefined}
      className={cn("flex items-start gap-2.5", size === "lg" ? "text-base" : "text-sm", className)}
    >
      {box}
      <ChoiceText
        controlId={controlId}
        label={label}
        description={description}
        descriptionId={descriptionId}
        disabled={wiring.disabled}
        size={size}
      />
    </div>
  )
}
