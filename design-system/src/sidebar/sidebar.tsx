import * as Dialog from "@radix-ui/react-dialog"
import * as Tooltip from "@radix-ui/react-tooltip"
import { useState, type ReactNode } from "react"
import { renderAnchor } from "../header/render-link"
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, MenuIcon } from "../icons"
import { cn } from "../lib/cn"
import { splitMessage, useMessages } from "../provider/provider"
import { SidebarNav, StaticSidebar, type StaticSidebarProps } from "./sidebar-nav"

export interface SidebarProps extends Omit<StaticSidebarProps, "wrapItem" | "children" | "collapsed"> {
  /** Controlled: icons only (from the `md` breakpoint up), each label in a tooltip. */
  collapsed?: boolean
  /** Initial state when uncontrolled. @default false */
  defaultCollapsed?: boolean
  onCollapsedChange?: (collapsed: boolean) => void
  /** Show the button that collapses and expands the sidebar. @default true */
  collapsible?: boolean
}

/**
 * Navigation of the cabinet (customer, worker, affiliate): sections of links with icons and counts.
 * From `md` up it can collapse to icons, with each label in a tooltip; below `md` it becomes a scrolling
 * row or a drawer.
 */
export function Sidebar({
  sections,
  label,
  collapsed: collapsedProp,
  defaultCollapsed = false,
  onCollapsedChange,
  collapsible = true,
  mobile = "stacked",
  renderLink = renderAnchor,
  className,
  ...props
}: SidebarProps) {
  const { messages } = useMessages()
  const [uncontrolled, setUncontrolled] = useState(defaultCollapsed)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const collapsed = collapsedProp ?? uncontrolled
  const navLabel = label ?? messages.mainNavigation
  const setCollapsed = (next: boolean) => {
    if (collapsedProp === undefined) setUncontrolled(next)
    onCollapsedChange?.(next)
  }
  const activeItem = sections.flatMap((section) => section.items).find((item) => item.active)
  const toggleLabel = collapsed ? messages.expandSidebar : messages.collapseSidebar
  // "Open menu: Payouts": the words around the current page are for screen readers only.
  const [menuBefore, menuAfter] = splitMessage(messages.openMenuCurrent, "current")

  return (
    <Tooltip.Provider delayDuration={200} skipDelayDuration={100}>
      {mobile === "drawer" ? (
        <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <Dialog.Trigger
            data-slot="sidebar-drawer-button"
            className={cn(
              "flex h-12 w-full items-center gap-3 border-b border-border bg-surface px-4 text-sm font-medium",
              "text-foreground hover:bg-surface-muted focus-ring md:hidden",
            )}
          >
            <MenuIcon size={20} className="text-muted-foreground" />
            {menuBefore ? <span className="sr-only">{menuBefore}</span> : null}
            <span className="truncate">{activeItem?.label ?? navLabel}</span>
            {menuAfter ? <span className="sr-only">{menuAfter}</span> : null}
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-overlay bg-overlay motion-safe:animate-overlay-in md:hidden" />
            <Dialog.Content
              data-slot="sidebar-drawer"
              aria-describedby={undefined}
              className={cn(
                "fixed inset-y-0 left-0 z-modal flex w-full max-w-xs flex-col bg-surface text-foreground",
                "shadow-overlay outline-none motion-safe:animate-overlay-in md:hidden",
              )}
            >
              <div className="flex h-14 shrink-0 items-center justify-between gap-4 border-b border-border pl-4 pr-2">
                <Dialog.Title className="text-sm font-semibold">{navLabel}</Dialog.Title>
                <Dialog.Close
                  aria-label={messages.close}
                  className="inline-flex size-10 items-center justify-center rounded-md text-muted-foreground hover:bg-surface-muted hover:text-foreground focus-ring"
                >
                  <CloseIcon size={20} />
                </Dialog.Close>
              </div>
              <SidebarNav
                sections={sections}
                label={navLabel}
                collapsed={false}
                layout="vertical"
                renderLink={renderLink}
                onNavigate={() => setDrawerOpen(false)}
                className="min-h-0 flex-1 overflow-y-auto p-3"
              />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      ) : null}
      <StaticSidebar
        sections={sections}
        label={navLabel}
        collapsed={collapsed}
        mobile={mobile}
        renderLink={renderLink}
        wrapItem={
          collapsed
            ? (link, item) => (
                <SidebarTooltip label={item.label} side="right">
                  {link}
                </SidebarTooltip>
              )
            : undefined
        }
        className={className}
        {...props}
      >
        {collapsible ? (
          <div
            className={cn(
              "hidden shrink-0 border-t border-border p-3 md:flex",
              collapsed ? "justify-center" : "justify-end",
            )}
          >
            <SidebarTooltip label={toggleLabel} side="right">
              <button
                type="button"
                data-slot="sidebar-toggle"
                aria-label={toggleLabel}
                onClick={() => setCollapsed(!collapsed)}
                className="inline-flex size-10 items-center justify-center rounded-md text-muted-foreground hover:bg-surface-muted hover:text-foreground focus-ring"
              >
                {collapsed ? <ChevronRightIcon size={18} /> : <ChevronLeftIcon size={18} />}
              </button>
            </SidebarTooltip>
          </div>
        ) : null}
      </StaticSidebar>
    </Tooltip.Provider>
  )
}

function SidebarTooltip({
  label,
  side,
  children,
}: {
  label: string
  side: "right" | "top"
  children: ReactNode
}) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          data-slot="sidebar-tooltip"
          side={side}
          sideOffset={8}
          className={cn(
            "z-tooltip rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium text-background shadow-popover",
            "motion-safe:animate-popover-in max-md:hidden",
          )}
        >
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  )
}
