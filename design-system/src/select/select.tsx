import * as SelectPrimitive from "@radix-ui/react-select"
import { cva } from "class-variance-authority"
import { useId, useState, type ComponentProps, type ReactNode } from "react"
import { CheckIcon, ChevronDownIcon, ChevronUpIcon } from "../icons/icons"
import { cn } from "../lib/cn"
import { controlClasses, controlSizes } from "../lib/control"
import { useMessages } from "../provider/provider"
import { useControlWiring } from "../text-input/control-props"
import type { ControlSize } from "../text-input/text-input"

export interface SelectOption {
  /** Sent with the form and given to `onValueChange`; must not be "". */
  value: string
  /** Shown in the list and, once chosen, in the trigger. */
  label: string
  /** A second line under the label, in the list only. */
  description?: ReactNode
  disabled?: boolean
}

export interface SelectOptionGroup {
  /** Heading of the group, read with each of its options. */
  label: string
  options: SelectOption[]
}

export const selectTriggerVariants = /* @__PURE__ */ cva(
  [
    controlClasses,
    "flex items-center justify-between gap-2 text-left",
    "data-placeholder:text-muted-foreground",
    "[&>span]:truncate",
  ],
  {
    variants: { size: controlSizes },
    defaultVariants: { size: "md" },
  },
)

export interface SelectProps {
  /** The choices: options, or groups of options with a heading. Or pass SelectItem/SelectGroup children. */
  options?: Array<SelectOption | SelectOptionGroup>
  /** SelectItem, SelectGroup and SelectSeparator parts, instead of `options`. */
  children?: ReactNode
  value?: string
  defaultValue?: string
  onValueChange?: (value: string) => void
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  /** Shown while nothing is chosen; defaults to the provider's "Select…". */
  placeholder?: ReactNode
  /** Height and text size; matches Button sizes. @default "md" */
  size?: ControlSize
  /** Shows the invalid look and sets `aria-invalid`; inside a Field with an `error` it is set for you. @default false */
  invalid?: boolean
  disabled?: boolean
  required?: boolean
  /** Name of the hidden native select, for forms. */
  name?: string
  /** Id of the trigger; inside a Field it comes from the Field. */
  id?: string
  "aria-label"?: string
  "aria-labelledby"?: string
  "aria-describedby"?: string
  /** Classes of the trigger. */
  className?: string
  /** Classes of the open list. */
  contentClassName?: string
  ref?: ComponentProps<"button">["ref"]
}

function isGroup(entry: SelectOption | SelectOptionGroup): entry is SelectOptionGroup {
  return "options" in entry
}

/**
 * A list of choices behind a button, built on Radix Select: full keyboard support (arrows, Home/End,
 * typeahead, Enter/Space, Escape), a hidden native select for forms, and the list in a portal.
 */
export function Select({
  options,
  children,
  value,
  defaultValue,
  onValueChange,
  open,
  defaultOpen,
  onOpenChange,
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
  contentClassName,
  ref,
}: SelectProps) {
  const wiring = useControlWiring({ id, "aria-describedby": ariaDescribedBy, required, disabled, invalid })
  const { messages } = useMessages()
  const [ownOpen, setOwnOpen] = useState(defaultOpen ?? false)
  const isOpen = open ?? ownOpen
  return (
    <SelectPrimitive.Root
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange}
      open={isOpen}
      onOpenChange={(next) => {
        setOwnOpen(next)
        onOpenChange?.(next)
      }}
      disabled={wiring.disabled}
      required={wiring.required}
      name={name}
    >
      <SelectPrimitive.Trigger
        ref={ref}
        id={wiring.id}
        data-slot="select"
        data-size={size}
        aria-label={ariaLabel}
        aria-labelledby={ariaLabelledBy}
        aria-describedby={wiring.describedBy}
        aria-invalid={wiring.invalid || undefined}
        // While the list is open the rest of the page is hidden from assistive technology (Radix hides it);
        // the trigger leaves the tab order too, and Radix focuses it again on close.
        tabIndex={isOpen ? -1 : undefined}
        className={cn(selectTriggerVariants({ size }), className)}
      >
        <SelectPrimitive.Value placeholder={placeholder ?? messages.select} />
        <SelectPrimitive.Icon asChild>
          <ChevronDownIcon
            size={size === "lg" ? 20 : 16}
            className="shrink-0 text-muted-foreground transition-transform duration-150 motion-reduce:transition-none [[data-state=open]>&]:rotate-180"
          />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          data-slot="select-content"
          data-size={size}
          position="popper"
          sideOffset={4}
          collisionPadding={8}
          className={cn(
            "relative z-popover max-h-[min(20rem,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)] overflow-hidden",
            "rounded-md border border-border bg-surface text-foreground shadow-popover",
            "motion-safe:data-[state=open]:animate-popover-in",
            contentClassName,
          )}
        >
          <SelectPrimitive.ScrollUpButton className="flex h-6 cursor-default items-center justify-center text-muted-foreground">
            <ChevronUpIcon />
          </SelectPrimitive.ScrollUpButton>
          <SelectPrimitive.Viewport className="p-1">
            {children ??
              options?.map((entry, index) =>
                isGroup(entry) ? (
                  <SelectGroup key={`group-${entry.label}`} label={entry.label} separator={index > 0}>
                    {entry.options.map((option) => (
                      <SelectItem key={option.value} {...option} size={size} />
                    ))}
                  </SelectGroup>
                ) : (
                  <SelectItem key={entry.value} {...entry} size={size} />
                ),
              )}
          </SelectPrimitive.Viewport>
          <SelectPrimitive.ScrollDownButton className="flex h-6 cursor-default items-center justify-center text-muted-foreground">
            <ChevronDownIcon />
          </SelectPrimitive.ScrollDownButton>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  )
}

export interface SelectItemProps extends Omit<
  ComponentProps<typeof SelectPrimitive.Item>,
  "children" | "textValue"
> {
  label: string
  description?: ReactNode
  /** Text size of the row; Select passes its own. @default "md" */
  size?: ControlSize
}

/** One choice of a Select: a check mark when chosen, the label and an optional description. */
export function SelectItem({ label, description, size = "md", className, ...props }: SelectItemProps) {
  const id = useId()
  return (
    <SelectPrimitive.Item
      data-slot="select-item"
      textValue={label}
      // Named by everything it shows, the description included.
      aria-labelledby={description ? `${id}-label ${id}-description` : undefined}
      className={cn(
        "relative flex cursor-default select-none flex-col rounded-sm py-2 pl-8 pr-3 outline-none",
        size === "lg" ? "text-base" : "text-sm",
        "data-highlighted:bg-primary-soft data-highlighted:text-foreground",
        "data-[state=checked]:font-medium",
        "data-disabled:pointer-events-none data-disabled:opacity-50",
        className,
      )}
      {...props}
    >
      <span className="absolute left-2 top-2.5 flex size-4 items-center justify-center text-primary">
        <SelectPrimitive.ItemIndicator>
          <CheckIcon size={16} />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{label}</SelectPrimitive.ItemText>
      {description ? <span className="text-xs font-normal text-muted-foreground">{description}</span> : null}
    </SelectPrimitive.Item>
  )
}

export interface SelectGroupProps extends ComponentProps<typeof SelectPrimitive.Group> {
  /** Heading shown above the group's options. */
  label: ReactNode
  /** Draw a line above the group. @default false */
  separator?: boolean
}

/** A heading and the SelectItems under it. */
export function SelectGroup({ label, separator = false, className, children, ...props }: SelectGroupProps) {
  return (
    <>
      {separator ? <SelectSeparator /> : null}
      <SelectPrimitive.Group data-slot="select-group" className={className} {...props}>
        <SelectPrimitive.Label className="px-2 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          {label}
        </SelectPrimitive.Label>
        {children}
      </SelectPrimitive.Group>
    </>
  )
}

/** A line between groups of a Select. */
export function SelectSeparator({ className, ...props }: ComponentProps<typeof SelectPrimitive.Separator>) {
  return (
    <SelectPrimitive.Separator
      data-slot="select-separator"
      className={cn("-mx-1 my-1 h-px bg-border", className)}
      {...props}
    />
  )
}
