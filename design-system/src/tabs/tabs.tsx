import * as TabsPrimitive from "@radix-ui/react-tabs"
import { cva } from "class-variance-authority"
import { createContext, useContext, type ComponentProps } from "react"
import { cn } from "../lib/cn"
import { useFormatter } from "../provider/provider"

export type TabsVariant = "line" | "pill"

const TabsVariantContext = createContext<TabsVariant>("line")

export const tabsListVariants = /* @__PURE__ */ cva("flex max-w-full items-center overflow-x-auto", {
  variants: {
    variant: {
      line: "gap-1 border-b border-border",
      pill: "w-fit gap-1 rounded-lg bg-surface-muted p-1",
    },
  },
  defaultVariants: { variant: "line" },
})

export const tabsTriggerVariants = /* @__PURE__ */ cva(
  [
    "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap text-sm font-medium",
    "text-muted-foreground transition-colors duration-150 hover:text-foreground",
    "data-[state=active]:text-foreground focus-ring",
    "disabled:pointer-events-none disabled:opacity-50",
  ],
  {
    variants: {
      variant: {
        line: [
          "-mb-px h-11 border-b-2 border-transparent px-3 focus-visible:outline-offset-[-2px]",
          "hover:border-border-strong data-[state=active]:border-primary",
        ],
        pill: [
          "h-8 rounded-md px-3",
          "hover:bg-surface data-[state=active]:bg-surface data-[state=active]:shadow-sm",
        ],
      },
    },
    defaultVariants: { variant: "line" },
  },
)

export interface TabsProps extends ComponentProps<typeof TabsPrimitive.Root> {
  /** `line`: an underline under the active tab (page sections); `pill`: a segmented control. @default "line" */
  variant?: TabsVariant
}

/**
 * Tabs switch between panels of one page (a ticket's messages and history, the orders of each status).
 * Arrow keys move between tabs, Home/End jump to the ends. Compose with TabsList, TabsTrigger, TabsContent.
 */
export function Tabs({ variant = "line", className, ...props }: TabsProps) {
  return (
    <TabsVariantContext.Provider value={variant}>
      <TabsPrimitive.Root
        data-slot="tabs"
        data-variant={variant}
        className={cn("flex flex-col gap-4", className)}
        {...props}
      />
    </TabsVariantContext.Provider>
  )
}

export type TabsListProps = ComponentProps<typeof TabsPrimitive.List>

/** The row of tabs; give it an `aria-label` when no heading names the tabs. */
export function TabsList({ className, ...props }: TabsListProps) {
  const variant = useContext(TabsVariantContext)
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn(tabsListVariants({ variant }), className)}
      {...props}
    />
  )
}

export interface TabsTriggerProps extends ComponentProps<typeof TabsPrimitive.Trigger> {
  /** A count after the label (orders in this status); formatted for the page's language. */
  count?: number
}

export function TabsTrigger({ count, className, children, ...props }: TabsTriggerProps) {
  const variant = useContext(TabsVariantContext)
  const format = useFormatter()
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(tabsTriggerVariants({ variant }), "group", className)}
      {...props}
    >
      {children}
      {count !== undefined ? (
        <span
          data-slot="tabs-count"
          className={cn(
            "inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1.5 text-xs font-semibold tabular-nums",
            "bg-surface-muted text-muted-foreground",
            "group-data-[state=active]:bg-primary-soft group-data-[state=active]:text-primary",
            variant === "pill" && "bg-surface group-data-[state=active]:bg-primary-soft",
          )}
        >
          {format.number(count)}
        </span>
      ) : null}
    </TabsPrimitive.Trigger>
  )
}

export type TabsContentProps = ComponentProps<typeof TabsPrimitive.Content>

export function TabsContent({ className, ...props }: TabsContentProps) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn("rounded-md focus-ring", className)}
      {...props}
    />
  )
}
