import * as Menu from "@radix-ui/react-dropdown-menu"
import { cva } from "class-variance-authority"
import type { ComponentProps, ReactNode } from "react"
import { CheckIcon, ChevronRightIcon } from "../icons/icons"
import { cn } from "../lib/cn"

/**
 * Holds the open state. Controlled with `open` + `onOpenChange`, or uncontrolled.
 *
 * Not modal by default: Radix's modal mode hides the rest of the page with `aria-hidden` while leaving it
 * focusable (an axe `aria-hidden-focus` violation). The open menu still takes focus, closes on Escape, on
 * a click outside and when focus leaves it. Pass `modal` to block the page as well.
 */
export function DropdownMenu({ modal = false, ...props }: ComponentProps<typeof Menu.Root>) {
  return <Menu.Root modal={modal} {...props} />
}
/** The button that opens the menu; use `asChild` with a Button or IconButton. Arrow keys open it too. */
export const DropdownMenuTrigger = Menu.Trigger
/** Items that belong together, without a visible label. */
export const DropdownMenuGroup = Menu.Group
/** Holds DropdownMenuRadioItems; `value` + `onValueChange` say which one is chosen. */
export const DropdownMenuRadioGroup = Menu.RadioGroup
/** A nested menu: DropdownMenuSubTrigger + DropdownMenuSubContent. */
export const DropdownMenuSub = Menu.Sub

const panelClasses = [
  "z-dropdown min-w-48 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-lg border border-border bg-surface p-1",
  "text-sm text-foreground shadow-popover outline-none",
  "max-h-(--radix-dropdown-menu-content-available-height)",
  "motion-safe:data-[state=open]:animate-popover-in",
].join(" ")

export interface DropdownMenuContentProps extends ComponentProps<typeof Menu.Content> {
  /** Distance from the trigger in pixels. @default 6 */
  sideOffset?: number
}

/** The list of items, rendered in a portal. Arrow keys move, typing jumps to an item, Escape closes. */
export function DropdownMenuContent({
  sideOffset = 6,
  align = "start",
  collisionPadding = 8,
  className,
  ...props
}: DropdownMenuContentProps) {
  return (
    <Menu.Portal>
      <Menu.Content
        data-slot="dropdown-menu"
        sideOffset={sideOffset}
        align={align}
        collisionPadding={collisionPadding}
        className={cn(panelClasses, className)}
        {...props}
      />
    </Menu.Portal>
  )
}

export const dropdownMenuItemVariants = /* @__PURE__ */ cva(
  [
    "relative flex min-h-9 cursor-default select-none items-center gap-2.5 rounded-md px-2.5 py-1.5 outline-none",
    "data-[disabled]:pointer-events-none data-[disabled]:opacity-50",
  ],
  {
    variants: {
      variant: {
        default: "text-foreground data-[highlighted]:bg-surface-muted",
        destructive: "text-danger-text data-[highlighted]:bg-danger-soft",
      },
      inset: { true: "pl-9", false: "" },
    },
    defaultVariants: { variant: "default", inset: false },
  },
)

export interface DropdownMenuItemProps extends ComponentProps<typeof Menu.Item> {
  /** "destructive" for actions that delete or cannot be undone. @default "default" */
  variant?: "default" | "destructive"
  /** A decorative icon before the text. */
  icon?: ReactNode
  /** A keyboard shortcut shown at the end ("⌘C"); it is a hint only, the app binds the keys. */
  shortcut?: string
  /** Indent the text to line up with items that have an icon or a check mark. @default false */
  inset?: boolean
}

/**
 * One action. `onSelect` runs on click, Enter or Space, then the menu closes (call `event.preventDefault()` to
 * keep it open). With `asChild` the one child (a link) becomes the item; `icon` and `shortcut` are then not drawn.
 */
export function DropdownMenuItem({
  variant = "default",
  icon,
  shortcut,
  inset = false,
  className,
  children,
  asChild,
  ...props
}: DropdownMenuItemProps) {
  if (asChild)
    return (
      <Menu.Item
        asChild
        data-slot="dropdown-menu-item"
        data-variant={variant}
        className={cn(dropdownMenuItemVariants({ variant, inset }), className)}
        {...props}
      >
        {children}
      </Menu.Item>
    )
  return (
    <Menu.Item
      data-slot="dropdown-menu-item"
      data-variant={variant}
      className={cn(dropdownMenuItemVariants({ variant, inset }), className)}
      {...props}
    >
      {icon ? <ItemIcon muted={variant === "default"}>{icon}</ItemIcon> : null}
      <span className="flex-1">{children}</span>
      {shortcut ? <DropdownMenuShortcut>{shortcut}</DropdownMenuShortcut> : null}
    </Menu.Item>
  )
}

/** An on/off option; `checked` + `onCheckedChange`. The menu stays open when it changes unless you say otherwise. */
export function DropdownMenuCheckboxItem({
  className,
  children,
  onSelect,
  ...props
}: ComponentProps<typeof Menu.CheckboxItem>) {
  return (
    <Menu.CheckboxItem
      data-slot="dropdown-menu-checkbox-item"
      className={cn(dropdownMenuItemVariants({ inset: true }), className)}
      // Several options are usually toggled in a row: keep the menu open.
      onSelect={(event) => {
        onSelect?.(event)
        if (!event.defaultPrevented) event.preventDefault()
      }}
      {...props}
    >
      <span className="absolute left-2.5 flex size-4 items-center justify-center">
        <Menu.ItemIndicator>
          <CheckIcon size={16} className="text-primary" />
        </Menu.ItemIndicator>
      </span>
      {children}
    </Menu.CheckboxItem>
  )
}

/** One choice of a DropdownMenuRadioGroup. */
export function DropdownMenuRadioItem({
  className,
  children,
  ...props
}: ComponentProps<typeof Menu.RadioItem>) {
  return (
    <Menu.RadioItem
      data-slot="dropdown-menu-radio-item"
      className={cn(dropdownMenuItemVariants({ inset: true }), className)}
      {...props}
    >
      <span className="absolute left-2.5 flex size-4 items-center justify-center">
        <Menu.ItemIndicator>
          <span className="block size-2 rounded-full bg-primary" />
        </Menu.ItemIndicator>
      </span>
      {children}
    </Menu.RadioItem>
  )
}

/** A heading over a group of items (not focusable). */
export function DropdownMenuLabel({
  inset = false,
  className,
  ...props
}: ComponentProps<typeof Menu.Label> & { inset?: boolean }) {
  return (
    <Menu.Label
      data-slot="dropdown-menu-label"
      className={cn(
        "px-2.5 pb-1 pt-2 text-xs font-semibold text-muted-foreground",
        inset && "pl-9",
        className,
      )}
      {...props}
    />
  )
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof Menu.Separator>) {
  return (
    <Menu.Separator
      data-slot="dropdown-menu-separator"
      className={cn("-mx-1 my-1 h-px bg-border", className)}
      {...props}
    />
  )
}

/** The keyboard shortcut hint at the end of an item. */
export function DropdownMenuShortcut({ className, ...props }: ComponentProps<"span">) {
  return (
    <span
      data-slot="dropdown-menu-shortcut"
      className={cn("ml-auto pl-4 font-mono text-xs tracking-wide text-muted-foreground", className)}
      {...props}
    />
  )
}

/** The item that opens a nested menu (Right arrow or hover). */
export function DropdownMenuSubTrigger({
  icon,
  inset = false,
  className,
  children,
  ...props
}: ComponentProps<typeof Menu.SubTrigger> & {
  /** A decorative icon before the text. */
  icon?: ReactNode
  /** Indent the text to line up with items that have an icon or a check mark. @default false */
  inset?: boolean
}) {
  return (
    <Menu.SubTrigger
      data-slot="dropdown-menu-sub-trigger"
      className={cn(dropdownMenuItemVariants({ inset }), "data-[state=open]:bg-surface-muted", className)}
      {...props}
    >
      {icon ? <ItemIcon muted>{icon}</ItemIcon> : null}
      <span className="flex-1">{children}</span>
      <ChevronRightIcon size={16} className="text-muted-foreground" />
    </Menu.SubTrigger>
  )
}

export function DropdownMenuSubContent({
  sideOffset = 4,
  className,
  ...props
}: ComponentProps<typeof Menu.SubContent>) {
  return (
    <Menu.Portal>
      <Menu.SubContent
        data-slot="dropdown-menu-sub-content"
        sideOffset={sideOffset}
        className={cn(panelClasses, className)}
        {...props}
      />
    </Menu.Portal>
  )
}

function ItemIcon({ muted, children }: { muted: boolean; children: ReactNode }) {
  return (
    <span
      data-slot="dropdown-menu-icon"
      className={cn("flex shrink-0 items-center", muted && "text-muted-foreground")}
    >
      {children}
    </span>
  )
}
