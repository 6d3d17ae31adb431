import * as SwitchPrimitive from "@radix-ui/react-switch"
import { cva } from "class-variance-authority"
import { useId, type ComponentProps, type ReactNode } from "react"
import { ChoiceText } from "../lib/choice-text"
import { cn } from "../lib/cn"
import { useControlWiring } from "../text-input/control-props"
import type { ControlSize } from "../text-input/text-input"

/** The track: outlined when off, filled with the primary colour when on. */
export const switchVariants = /* @__PURE__ */ cva(
  [
    "peer relative inline-flex shrink-0 cursor-pointer items-center rounded-full border-2 border-muted-foreground bg-surface",
    "transition-colors duration-150 motion-reduce:transition-none focus-ring",
    "hover:border-foreground data-[state=checked]:border-primary data-[state=checked]:bg-primary",
    "data-[state=checked]:hover:border-primary-hover data-[state=checked]:hover:bg-primary-hover",
    "aria-invalid:border-danger",
    "disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-muted-foreground",
  ],
  {
    variants: { size: { md: "h-6 w-11", lg: "h-7 w-13" } },
    defaultVariants: { size: "md" },
  },
)

export const switchThumbVariants = /* @__PURE__ */ cva(
  [
    "pointer-events-none block rounded-full bg-muted-foreground shadow-sm",
    "transition-transform duration-150 motion-reduce:transition-none",
    "translate-x-0.5 data-[state=checked]:bg-primary-foreground",
  ],
  {
    variants: {
      size: {
        md: "size-4 data-[state=checked]:translate-x-5.5",
        lg: "size-5 data-[state=checked]:translate-x-6.5",
      },
    },
    defaultVariants: { size: "md" },
  },
)

export interface SwitchProps extends Omit<
  ComponentProps<typeof SwitchPrimitive.Root>,
  "children" | "asChild"
> {
  /** Text beside the switch that names it. Without one, give it an `aria-label` or put it in a Field. */
  label?: ReactNode
  /** A second line under the label, read as the switch's description. */
  description?: ReactNode
  /**
   * Where the label sits: after the switch, or before it with the switch pushed to the far end (settings
   * lists). @default "end"
   */
  labelPosition?: "start" | "end"
  /** Track and text size. @default "md" */
  size?: ControlSize
  /** Shows the invalid look and sets `aria-invalid`; inside a Field with an `error` it is set for you. @default false */
  invalid?: boolean
  /** Classes of the track (the `<button role="switch">`); `className` goes on the outermost element. */
  switchClassName?: string
}

/** An on/off setting that applies at once, on Radix Switch; Space and Enter toggle it. */
export function Switch({
  label,
  description,
  labelPosition = "end",
  size = "md",
  invalid,
  className,
  switchClassName,
  id,
  "aria-describedby": ariaDescribedBy,
  "aria-invalid": ariaInvalid,
  required,
  disabled,
  ...props
}: SwitchProps) {
  const generatedId = useId()
  const labelled = label != null || description != null
  const wiring = useControlWiring({
    id,
    "aria-describedby": ariaDescribedBy,
    "aria-invalid": ariaInvalid,
    required,
    disabled,
    invalid,
  })
  const controlId = wiring.id ?? (labelled ? `switch-${generatedId}` : undefined)
  const descriptionId = description != null ? `${controlId ?? generatedId}-description` : undefined
  const control = (
    <SwitchPrimitive.Root
      data-slot="switch"
      data-size={size}
      id={controlId}
      aria-describedby={[descriptionId, wiring.describedBy].filter(Boolean).join(" ") || undefined}
      aria-invalid={wiring.invalid || undefined}
      required={wiring.required}
      disabled={wiring.disabled}
      className={cn(switchVariants({ size }), !labelled && className, switchClassName)}
      {...props}
    >
      <SwitchPrimitive.Thumb data-slot="switch-thumb" className={switchThumbVariants({ size })} />
    </SwitchPrimitive.Root>
  )
  if (!labelled) return control
  const text = (
    <ChoiceText
      controlId={controlId}
      label={label}
      description={description}
      descriptionId={descriptionId}
      disabled={wiring.disabled}
      size={size}
      className="pt-0.5"
    />
  )
  return (
    <div
      data-slot="switch-field"
      data-label-position={labelPosition}
      data-disabled={wiring.disabled ? "" : undefined}
      className={cn(
        "flex items-start gap-3",
        size === "lg" ? "text-base" : "text-sm",
        labelPosition === "start" && "justify-between",
        className,
      )}
    >
      {labelPosition === "start" ? (
        <>
          {text}
          {control}
        </>
      ) : (
        <>
          {control}
          {text}
        </>
      )}
    </div>
  )
}
