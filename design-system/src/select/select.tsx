import { cva } from "class-variance-authority"
import { useState, type ComponentProps, type FocusEventHandler } from "react"
import { cn } from "../lib/cn"
import { controlClasses, controlSizes } from "../lib/control"
import { useMessages } from "../provider/provider"
import { useControlWiring } from "../text-input/control-props"
import type { ControlSize } from "../text-input/text-input"

export interface SelectOption {
  /** Sent with the form and given to `onValueChange`; must not be "". */
  value: string
  /** Shown in the list and, once chosen, in the control. */
  label: string
  disabled?: boolean
}

export interface SelectOptionGroup {
  /** Heading of the group, read with each of its options. */
  label: string
  options: SelectOption[]
}

/**
 * The control's look: a text field's box and sizes, the browser's own arrow replaced by the theme's chevron
 * (`.mh-select` in theme.css), the placeholder in the muted colour.
 */
export const selectVariants = /* @__PURE__ */ cva(
  [
    controlClasses,
    "mh-select truncate",
    "data-placeholder:text-muted-foreground [&>option,&>optgroup]:text-foreground",
  ],
  {
    variants: { size: { md: `${controlSizes.md} pr-9`, lg: `${controlSizes.lg} pr-11` } },
    defaultVariants: { size: "md" },
  },
)

export interface SelectProps {
  /** The choices: options, or groups of options with a heading. */
  options: Array<SelectOption | SelectOptionGroup>
  /** The chosen value; "" or undefined shows the placeholder. */
  value?: string
  defaultValue?: string
  onValueChange?: (value: string) => void
  onBlur?: FocusEventHandler<HTMLSelectElement>
  /** Shown while nothing is chosen; defaults to the provider's "Select…". */
  placeholder?: string
  /** Height and text size; matches Button sizes. @default "md" */
  size?: ControlSize
  /** Shows the invalid look and sets `aria-invalid`; inside a Field with an `error` it is set for you. @default false */
  invalid?: boolean
  disabled?: boolean
  required?: boolean
  /** Sent with the form under this name. */
  name?: string
  /** Inside a Field it comes from the Field. */
  id?: string
  "aria-label"?: string
  "aria-labelledby"?: string
  "aria-describedby"?: string
  className?: string
  ref?: ComponentProps<"select">["ref"]
}

function isGroup(entry: SelectOption | SelectOptionGroup): entry is SelectOptionGroup {
  return "options" in entry
}

const optionOf = (option: SelectOption) => (
  <option key={option.value} value={option.value} disabled={option.disabled}>
    {option.label}
  </option>
)

/**
 * A list of choices: the browser's own select, as Primer's is, so the keyboard, typeahead, screen readers, forms
 * and the phone's own picker all work as people know them, at no cost in JavaScript. Until something is chosen
 * it shows the placeholder, an option that cannot be chosen back; with `required`, the form's validation asks
 * for a choice.
 */
export function Select({
  options,
  value,
  defaultValue,
  onValueChange,
  onBlur,
  placeholder,
  size = "md",
  invalid,
  disabled,
  required,
  name,
  id,
  "aria-label": ariaLabel,
  "aria-labelledby": ariaLabelledBy,
  "aria-describedby": ariaDescribedBy,
  className,
  ref,
}: SelectProps) {
  const wiring = useControlWiring({ id, "aria-describedby": ariaDescribedBy, required, disabled, invalid })
  const { messages } = useMessages()
  // Controlled by `value` when it is given, by its own state otherwise (and for a value cleared to undefined).
  const [own, setOwn] = useState(defaultValue ?? "")
  const current = value ?? own
  return (
    <select
      ref={ref}
      id={wiring.id}
      name={name}
      data-slot="select"
      data-size={size}
      data-placeholder={current === "" ? "" : undefined}
      value={current}
      onChange={(event) => {
        setOwn(event.target.value)
        onValueChange?.(event.target.value)
      }}
      onBlur={onBlur}
      disabled={wiring.disabled}
      required={wiring.required}
      aria-label={ariaLabel}
      aria-labelledby={ariaLabelledBy}
      aria-describedby={wiring.describedBy}
      aria-invalid={wiring.invalid || undefined}
      className={cn(selectVariants({ size }), className)}
    >
      <option value="" disabled hidden={current !== ""}>
        {placeholder ?? messages.select}
      </option>
      {options.map((entry) =>
        isGroup(entry) ? (
          <optgroup key={`group-${entry.label}`} label={entry.label}>
            {entry.options.map(optionOf)}
          </optgroup>
        ) : (
          optionOf(entry)
        ),
      )}
    </select>
  )
}
