import * as TooltipPrimitive from "@radix-ui/react-tooltip"
import { Slot } from "@radix-ui/react-slot"
import { cva } from "class-variance-authority"
import { createContext, useContext, type ComponentProps, type ReactElement, type ReactNode } from "react"
import { cn } from "../lib/cn"

const InsideProvider = createContext(false)

export interface TooltipProviderProps {
  /** Milliseconds the pointer rests on a trigger before its tooltip opens. @default 300 */
  delayDuration?: number
  /** Moving to another trigger within this many milliseconds opens its tooltip at once. @default 300 */
  skipDelayDuration?: number
  children: ReactNode
}

/**
 * Shares the opening delay between tooltips (once one is open, the next opens without waiting). Optional:
 * a Tooltip outside a provider brings its own.
 */
export function TooltipProvider({
  delayDuration = 300,
  skipDelayDuration = 300,
  children,
}: TooltipProviderProps) {
  return (
    <TooltipPrimitive.Provider delayDuration={delayDuration} skipDelayDuration={skipDelayDuration}>
      <InsideProvider.Provider value={true}>{children}</InsideProvider.Provider>
    </TooltipPrimitive.Provider>
  )
}

export const tooltipContentVariants = /* @__PURE__ */ cva([
  "z-tooltip max-w-xs rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium leading-snug text-background",
  "shadow-popover select-none",
  "motion-safe:data-[state=delayed-open]:animate-popover-in motion-safe:data-[state=instant-open]:animate-popover-in",
])

export type TooltipSide = "top" | "right" | "bottom" | "left"

export interface TooltipProps {
  /** What the tooltip says: a short hint, never the only place of essential information. */
  content: ReactNode
  /** The trigger: one focusable element (a Button, an IconButton, a link). Disabled buttons get no events. */
  children: ReactElement
  /** @default "top" */
  side?: TooltipSide
  /** @default "center" */
  align?: "start" | "center" | "end"
  /** Overrides the provider's opening delay for this tooltip (milliseconds). */
  delayDuration?: number
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  /**
   * Whether the trigger is described by the tooltip (`aria-describedby`) while it is open. Turn it off when
   * the tooltip only repeats the trigger's accessible name, as on an icon-only button.
   * @default true
   */
  describesTrigger?: boolean
  /** Draw a small arrow towards the trigger. @default true */
  arrow?: boolean
  className?: string
}

/**
 * A short hint shown while the trigger is hovered or has keyboard focus; Escape hides it. Text only: put
 * links and buttons in a Popover instead.
 */
export function Tooltip({
  content,
  children,
  side = "top",
  align = "center",
  delayDuration,
  open,
  defaultOpen,
  onOpenChange,
  describesTrigger = true,
  arrow = true,
  className,
}: TooltipProps) {
  const hasProvider = useContext(InsideProvider)
  const tooltip = (
    <TooltipPrimitive.Root
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      delayDuration={delayDuration}
    >
      <TooltipPrimitive.Trigger asChild>
        {describesTrigger ? children : <WithoutDescription>{children}</WithoutDescription>}
      </TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          data-slot="tooltip"
          side={side}
          align={align}
          sideOffset={6}
          collisionPadding={8}
          className={cn(tooltipContentVariants(), className)}
        >
          {content}
          {arrow ? <TooltipPrimitive.Arrow width={10} height={5} className="fill-foreground" /> : null}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  )
  return hasProvider ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>
}

/** Passes the trigger props on to its child, except the description Radix adds while the tooltip is open. */
function WithoutDescription({ "aria-describedby": _describedBy, ...props }: ComponentProps<typeof Slot>) {
  return <Slot {...props} />
}
