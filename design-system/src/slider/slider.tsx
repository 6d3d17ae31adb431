import * as SliderPrimitive from "@radix-ui/react-slider"
import { cva } from "class-variance-authority"
import { useId, useState, type ComponentProps } from "react"
import { cn } from "../lib/cn"
import { useFormatter, useMessages } from "../provider/provider"
import { useControlWiring } from "../text-input/control-props"
import type { ControlSize } from "../text-input/text-input"

export const sliderThumbVariants = /* @__PURE__ */ cva(
  [
    "block rounded-full border-2 border-primary bg-surface shadow-sm",
    "transition-[box-shadow,transform] duration-150 motion-reduce:transition-none focus-ring",
    "hover:shadow-card data-disabled:cursor-not-allowed",
    "data-invalid:border-danger",
  ],
  {
    variants: { size: { md: "size-5", lg: "size-6" } },
    defaultVariants: { size: "md" },
  },
)

export interface SliderProps extends Omit<
  ComponentProps<typeof SliderPrimitive.Root>,
  "asChild" | "children" | "orientation" | "inverted"
> {
  /** Turns a value into its text, shown beside the slider and read by screen readers (`aria-valuetext`). @default the locale's number format */
  formatValue?: (value: number) => string
  /** Show the formatted value(s) beside the track. @default true */
  showValue?: boolean
  /** Show the formatted `min` and `max` under the ends of the track. @default false */
  showLimits?: boolean
  /**
   * Names of the thumbs of a range, read after the slider's own label ("Reward per captcha Minimum").
   * @default the provider's "Minimum" and "Maximum"
   */
  thumbLabels?: string[]
  /** Track and thumb size. @default "md" */
  size?: ControlSize
  /** Shows the invalid look and sets `aria-invalid`; inside a Field with an `error` it is set for you. @default false */
  invalid?: boolean
}

/**
 * One value, or a range with two thumbs, on Radix Slider: arrows step, Page Up/Down take bigger steps,
 * Home/End go to the ends. The values are shown (and announced) through `formatValue`.
 */
export function Slider({
  formatValue,
  showValue = true,
  showLimits = false,
  thumbLabels,
  size = "md",
  invalid,
  className,
  id,
  "aria-describedby": ariaDescribedBy,
  "aria-invalid": ariaInvalid,
  "aria-label": ariaLabel,
  "aria-labelledby": ariaLabelledBy,
  disabled,
  min = 0,
  max = 100,
  value,
  defaultValue,
  onValueChange,
  ref,
  ...props
}: SliderProps) {
  const generatedId = useId()
  // The thumbs are not labelable elements: the Field's label names them through aria-labelledby. The
  // caller's own aria-labelledby is added below, after the Field's label or the aria-label.
  const wiring = useControlWiring(
    {
      id,
      "aria-describedby": ariaDescribedBy,
      "aria-invalid": ariaInvalid,
      disabled,
      invalid,
    },
    { labelledBy: true },
  )
  const fieldLabelId = wiring.labelledBy
  const sliderId = wiring.id ?? `slider-${generatedId}`
  const format = useFormatter()
  const { messages } = useMessages()
  const show = formatValue ?? ((number: number) => format.number(number))
  const [ownValues, setOwnValues] = useState<number[]>(defaultValue ?? [min])
  const values = value ?? ownValues
  const names = thumbLabels ?? (values.length === 2 ? [messages.rangeFrom, messages.rangeTo] : [])
  const ownLabelId = `${sliderId}-name`
  const thumbLabelId = (index: number) => `${sliderId}-thumb-${index}`
  const valueText = values.map(show).join(" – ")

  return (
    <div
      data-slot="slider-field"
      data-size={size}
      data-disabled={wiring.disabled ? "" : undefined}
      // Track and value side by side; the limits sit under the track, whatever the width of the value.
      className={cn(
        "grid w-full min-w-0 items-center",
        showValue ? "grid-cols-[minmax(0,1fr)_auto] gap-x-4" : "grid-cols-1",
        className,
      )}
    >
      {/* Names for the thumbs, read through aria-labelledby. */}
      {ariaLabel ? (
        <span id={ownLabelId} hidden>
          {ariaLabel}
        </span>
      ) : null}
      {names.map((name, index) => (
        <span key={index} id={thumbLabelId(index)} hidden>
          {name}
        </span>
      ))}
      <div className={cn("col-start-1 flex items-center", size === "lg" ? "h-12" : "h-10")}>
        <SliderPrimitive.Root
          ref={ref}
          data-slot="slider"
          data-size={size}
          id={sliderId}
          min={min}
          max={max}
          value={values}
          onValueChange={(next) => {
            setOwnValues(next)
            onValueChange?.(next)
          }}
          disabled={wiring.disabled}
          className={cn(
            "relative flex grow touch-none select-none items-center data-disabled:opacity-50",
            size === "lg" ? "h-6" : "h-5",
          )}
          {...props}
        >
          <SliderPrimitive.Track
            data-slot="slider-track"
            className={cn(
              "relative grow overflow-hidden rounded-full bg-gray",
              size === "lg" ? "h-2" : "h-1.5",
            )}
          >
            <SliderPrimitive.Range
              data-slot="slider-range"
              className={cn("absolute h-full", wiring.invalid ? "bg-danger" : "bg-primary")}
            />
          </SliderPrimitive.Track>
          {values.map((thumbValue, index) => {
            const labelledBy =
              [
                fieldLabelId ?? (ariaLabel ? ownLabelId : undefined),
                ariaLabelledBy,
                names[index] !== undefined ? thumbLabelId(index) : undefined,
              ]
                .filter(Boolean)
                .join(" ") || undefined
            return (
              <SliderPrimitive.Thumb
                key={index}
                data-slot="slider-thumb"
                data-invalid={wiring.invalid ? "" : undefined}
                // Radix names range thumbs "Minimum"/"Maximum" in English; ours come from aria-labelledby.
                aria-label={labelledBy ? undefined : (names[index] ?? ariaLabel)}
                aria-labelledby={labelledBy}
                aria-describedby={wiring.describedBy}
                aria-invalid={wiring.invalid || undefined}
                aria-valuetext={show(thumbValue)}
                className={sliderThumbVariants({ size })}
              />
            )
          })}
        </SliderPrimitive.Root>
      </div>
      {showValue ? (
        // The thumbs announce their own values (aria-valuetext); this copy is for the eye.
        <span
          aria-hidden="true"
          data-slot="slider-value"
          className={cn(
            "col-start-2 row-start-1 text-right font-medium tabular-nums text-foreground",
            size === "lg" ? "min-w-16 text-base" : "min-w-14 text-sm",
          )}
        >
          {valueText}
        </span>
      ) : null}
      {showLimits ? (
        <div
          aria-hidden="true"
          data-slot="slider-limits"
          className="col-start-1 -mt-1.5 flex justify-between text-xs tabular-nums text-muted-foreground"
        >
          <span>{show(min)}</span>
          <span>{show(max)}</span>
        </div>
      ) : null}
    </div>
  )
}
