import * as RadioGroup from "@radix-ui/react-radio-group"
import { useState, type ComponentProps, type ReactNode } from "react"
import { useFieldControl } from "../field/field"
import { StarIcon } from "../icons/icons"
import { cn } from "../lib/cn"
import { useFormatter, useMessages } from "../provider/provider"
import { starFill } from "./stars"

export type RatingSize = "sm" | "md" | "lg"

const starSizes: Record<RatingSize, number> = { sm: 14, md: 18, lg: 24 }
const textSizes: Record<RatingSize, string> = { sm: "text-xs", md: "text-sm", lg: "text-base" }

/**
 * One star: an empty one, with the filled part (none, half or all) laid over it from the inline start.
 * Empty stars of a display are grey shapes; those of an input are outlined, so each choice stands out.
 */
function Star({
  fill,
  size,
  empty = "shape",
}: {
  fill: 0 | 0.5 | 1
  size: number
  empty?: "shape" | "outline"
}) {
  return (
    <span data-fill={fill} className="relative inline-flex shrink-0">
      {empty === "outline" ? (
        <StarIcon size={size} strokeWidth={1.5} className="text-muted-foreground" />
      ) : (
        <StarIcon size={size} fill="currentColor" className="text-border dark:text-border-strong" />
      )}
      {fill > 0 ? (
        <span className="absolute inset-y-0 start-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
          <StarIcon size={size} fill="currentColor" className="max-w-none text-warning" />
        </span>
      ) : null}
    </span>
  )
}

export interface RatingProps extends Omit<ComponentProps<"span">, "children"> {
  /** The average or given rating; fractions show to the nearest half star and are read out exactly. */
  value: number
  /** Number of stars. @default 5 */
  max?: number
  /** @default "md" */
  size?: RatingSize
  /** Shows the number after the stars ("4.6"). @default false */
  showValue?: boolean
  /** Extra text after the stars, such as "(1,284 reviews)". */
  children?: ReactNode
}

/** A read-only star rating; screen readers hear the provider's "4.6 out of 5". */
export function Rating({
  value,
  max = 5,
  size = "md",
  showValue = false,
  className,
  children,
  ...props
}: RatingProps) {
  const { t } = useMessages()
  const format = useFormatter()
  const number = format.number(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
  return (
    <span
      data-slot="rating"
      data-size={size}
      className={cn("inline-flex items-center gap-1.5", textSizes[size], className)}
      {...props}
    >
      <span role="img" aria-label={t("ratingValue", { value: number, max })} className="inline-flex gap-0.5">
        {Array.from({ length: max }, (_, index) => (
          <Star key={index} fill={starFill(value, index)} size={starSizes[size]} />
        ))}
      </span>
      {showValue ? (
        <span aria-hidden="true" className="font-semibold tabular-nums">
          {number}
        </span>
      ) : null}
      {children ? <span className="text-muted-foreground">{children}</span> : null}
    </span>
  )
}

export interface RatingInputProps extends Omit<
  ComponentProps<"div">,
  "children" | "defaultValue" | "onChange" | "dir"
> {
  /** Controlled rating, from 1 to `max`; 0 or null for none yet. */
  value?: number | null
  /** Rating of an uncontrolled input. */
  defaultValue?: number
  /** Called with the chosen number of stars. */
  onValueChange?: (value: number) => void
  /** Number of stars. @default 5 */
  max?: number
  /**
   * The question, for screen readers ("Rate this worker"); use it or `aria-labelledby`. Not needed inside a
   * Field: the Field's label names the group.
   */
  label?: string
  /** Words for each value, from 1 star up ("Poor" … "Excellent"); the chosen or hovered one is shown. */
  valueLabels?: string[]
  /** Form field name; the chosen value is submitted with the form. */
  name?: string
  required?: boolean
  disabled?: boolean
  /** @default "lg" */
  size?: RatingSize
}

/**
 * Choosing a rating: a radio group of stars. Arrow keys move and choose, Tab leaves; hovering previews.
 * Inside a `Field` it gets the field's description, invalid state, required and disabled.
 */
export function RatingInput({
  value,
  defaultValue,
  onValueChange,
  max = 5,
  label,
  valueLabels,
  size = "lg",
  className,
  id,
  "aria-labelledby": labelledBy,
  "aria-describedby": describedBy,
  "aria-invalid": invalid,
  required,
  disabled,
  ...rest
}: RatingInputProps) {
  // The group is not a labelable element: inside a Field its label names it through aria-labelledby.
  const field = useFieldControl(
    {
      id,
      "aria-labelledby": labelledBy,
      "aria-describedby": describedBy,
      "aria-invalid": invalid === true || invalid === "true" ? (true as const) : undefined,
      required,
      disabled,
    },
    { labelledBy: true },
  )
  const { t } = useMessages()
  const [inner, setInner] = useState(defaultValue ?? 0)
  const [hovered, setHovered] = useState<number | null>(null)
  const current = value === undefined ? inner : (value ?? 0)
  const shown = field.disabled ? current : (hovered ?? current)
  const words = shown > 0 ? valueLabels?.[shown - 1] : undefined
  return (
    <div
      data-slot="rating-input"
      data-size={size}
      data-disabled={field.disabled ? "" : undefined}
      className={cn("inline-flex items-center gap-3", textSizes[size], className)}
    >
      <RadioGroup.Root
        {...rest}
        {...field}
        aria-label={field["aria-labelledby"] ? undefined : (rest["aria-label"] ?? label)}
        orientation="horizontal"
        value={current > 0 ? String(current) : null}
        onValueChange={(next) => {
          const number = Number(next)
          if (value === undefined) setInner(number)
          onValueChange?.(number)
        }}
        onPointerLeave={(event) => {
          setHovered(null)
          rest.onPointerLeave?.(event)
        }}
        // The keyboard takes over from a resting mouse: show the chosen value, not the hovered one.
        onKeyDown={(event) => {
          setHovered(null)
          rest.onKeyDown?.(event)
        }}
        className={cn(
          "inline-flex rounded-md aria-invalid:outline-2 aria-invalid:outline-offset-2 aria-invalid:outline-danger",
          field.disabled && "opacity-50",
        )}
      >
        {Array.from({ length: max }, (_, index) => {
          const stars = index + 1
          const itemWords = valueLabels?.[index]
          const ratingText = t("ratingValue", { value: stars, max })
          return (
            <RadioGroup.Item
              key={stars}
              value={String(stars)}
              aria-label={itemWords ? `${itemWords}, ${ratingText}` : ratingText}
              onPointerEnter={() => setHovered(stars)}
              className={cn(
                "inline-flex cursor-pointer items-center justify-center rounded-sm p-0.5",
                "transition-transform duration-150 motion-reduce:transition-none",
                "focus-ring hover:scale-110 disabled:cursor-not-allowed disabled:hover:scale-100",
              )}
            >
              <Star fill={shown >= stars ? 1 : 0} size={starSizes[size]} empty="outline" />
            </RadioGroup.Item>
          )
        })}
      </RadioGroup.Root>
      {valueLabels ? (
        // The radios already say it; this is the sighted users' echo of the choice or the hover.
        <span aria-hidden="true" className="min-w-[6rem] font-medium text-muted-foreground">
          {words}
        </span>
      ) : null}
    </div>
  )
}
