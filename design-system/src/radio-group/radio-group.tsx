import * as RadioGroupPrimitive from "@radix-ui/react-radio-group"
import { cva } from "class-variance-authority"
import { useId, type ComponentProps, type ReactNode } from "react"
import { ChoiceText } from "../lib/choice-text"
import { cn } from "../lib/cn"
import { useControlWiring } from "../text-input/control-props"
import type { ControlSize } from "../text-input/text-input"

export interface RadioOption {
  value: string
  label: ReactNode
  /** A second line under the label, read as the option's description. */
  description?: ReactNode
  disabled?: boolean
}

export const radioVariants = /* @__PURE__ */ cva(
  [
    "relative mt-0.5 inline-flex shrink-0 items-center justify-center rounded-full border border-muted-foreground bg-surface",
    "shadow-sm transition-colors duration-150 motion-reduce:transition-none focus-ring",
    "after:absolute after:-inset-1.5",
    "hover:border-primary data-[state=checked]:border-primary",
    "data-invalid:border-danger data-invalid:data-[state=unchecked]:bg-danger-soft",
    "disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-muted-foreground",
  ],
  {
    variants: { size: { md: "size-4", lg: "size-5" } },
    defaultVariants: { size: "md" },
  },
)

export interface RadioGroupProps extends Omit<
  ComponentProps<typeof RadioGroupPrimitive.Root>,
  "children" | "asChild" | "orientation"
> {
  /** The choices, each with a label and an optional description. */
  options: RadioOption[]
  /** Options stacked or in a row (wrapping on narrow screens). @default "vertical" */
  orientation?: "vertical" | "horizontal"
  /** Circle and text size. @default "md" */
  size?: ControlSize
  /** Shows the invalid look and sets `aria-invalid`; inside a Field with an `error` it is set for you. @default false */
  invalid?: boolean
}

/**
 * One choice out of a few, on Radix RadioGroup: Tab enters the group at the chosen option, arrow keys move
 * and choose. Inside a Field the Field's label names the group.
 */
export function RadioGroup({
  options,
  orientation = "vertical",
  size = "md",
  invalid,
  className,
  id,
  "aria-describedby": ariaDescribedBy,
  "aria-invalid": ariaInvalid,
  "aria-labelledby": ariaLabelledBy,
  required,
  disabled,
  ref,
  ...props
}: RadioGroupProps) {
  const generatedId = useId()
  // A group is not a labelable element: the Field's label names it through aria-labelledby.
  const wiring = useControlWiring(
    {
      id,
      "aria-labelledby": ariaLabelledBy,
      "aria-describedby": ariaDescribedBy,
      "aria-invalid": ariaInvalid,
      required,
      disabled,
      invalid,
    },
    { labelledBy: true },
  )
  const groupId = wiring.id ?? `radio-group-${generatedId}`
  return (
    <RadioGroupPrimitive.Root
      ref={ref}
      data-slot="radio-group"
      data-size={size}
      id={groupId}
      orientation={orientation}
      aria-labelledby={wiring.labelledBy}
      aria-describedby={wiring.describedBy}
      aria-invalid={wiring.invalid || undefined}
      required={wiring.required}
      disabled={wiring.disabled}
      className={cn(
        "flex",
        orientation === "vertical" ? "flex-col gap-3" : "flex-row flex-wrap gap-x-6 gap-y-3",
        size === "lg" ? "text-base" : "text-sm",
        className,
      )}
      {...props}
    >
      {options.map((option, index) => {
        const itemId = `${groupId}-option-${index}`
        const descriptionId = option.description != null ? `${itemId}-description` : undefined
        const optionDisabled = wiring.disabled || option.disabled
        return (
          <div
            key={option.value}
            data-slot="radio-option"
            data-disabled={optionDisabled ? "" : undefined}
            className="flex items-start gap-2.5"
          >
            <RadioGroupPrimitive.Item
              data-slot="radio"
              id={itemId}
              value={option.value}
              disabled={option.disabled}
              aria-describedby={descriptionId}
              data-invalid={wiring.invalid ? "" : undefined}
              className={radioVariants({ size })}
            >
              <RadioGroupPrimitive.Indicator
                className={cn(
                  "flex items-center justify-center after:block after:rounded-full after:bg-primary",
                  size === "lg" ? "after:size-2.5" : "after:size-2",
                )}
              />
            </RadioGroupPrimitive.Item>
            <ChoiceText
              controlId={itemId}
              label={option.label}
              description={option.description}
              descriptionId={descriptionId}
              disabled={optionDisabled}
              size={size}
            />
          </div>
        )
      })}
    </RadioGroupPrimitive.Root>
  )
}
