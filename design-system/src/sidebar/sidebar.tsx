import * as Dialog from "@radix-ui/react-dialog"
import * as Tooltip from "@radix-ui/react-tooltip"
import { cva } from "class-variance-authority"
import { useId, useState, type ReactNode, type ComponentProps } from "react"
import { renderAnchor, type RenderNavLink } from "../header/render-link"
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, MenuIcon } from "../icons"
import { cn } from "../lib/cn"
import { splitMessage, useFormatter, useMessages } from "../provider/provider"

/** One link of the cabinet navigation. */
export interface SidebarItem {
  /** Text of the link; also the tooltip when the sidebar shows icons only. */
  label: string
  href: string
  /** An icon from `src/icons` (decorative): the only thing shown when collapsed. */
  icon: ReactNode
  /** A count shown next to the label (open tickets, new payouts). Hidden when 0 or absent. */
  badge?: number
  /** What the count means, for screen readers ("3 unanswered"); the number alone otherwise. */
  badgeLabel?: string
  /** The page the visitor is on: highlighted and announced as the current page. */
  active?: boolean
}

/** A group of items with an optional title ("Captchas", "Money", "Account"). */
export interface SidebarSection {
  title?: string
  items: SidebarItem[]
}

export const sidebarVariants = /* @__PURE__ */ cva(
  [
    "flex shrink-0 flex-col bg-surface text-foreground",
    "max-md:w-full max-md:border-b max-md:border-border",
    "md:h-full md:border-r md:border-border md:motion-safe:transition-[width] md:duration-200",
  ],
  {
    variants: {
      collapsed: { true: "md:w-16", false: "md:w-64" },
      mobile: { stacked: "", drawer: "max-md:hidden" },
    },
    defaultVariants: { collapsed: false, mobile: "stacked" },
  },
)

export const sidebarItemVariants = /* @__PURE__ */ cva(
  [
    "relative flex min-h-10 items-center gap-3 rounded-md px-3 text-sm font-medium",
    "transition-colors duration-150 focus-ring",
  ],
  {
    variants: {
      active: {
        true: "bg-primary-soft text-primary",
        false: "text-muted-foreground hover:bg-surface-muted hover:text-foreground",
      },
      collapsed: { true: "md:justify-center md:px-0", false: "" },
    },
    defaultVariants: { active: false, collapsed: false },
  },
)

export interface SidebarProps extends Omit<ComponentProps<"div">, "children"> {
  sections: SidebarSection[]
  /** Accessible name of the navigation landmark; defaults to the provider's "Main navigation". */
  label?: string
  /** Controlled: icons only (from the `md` breakpoint up). */
  collapsed?: boolean
  /** Initial state when uncontrolled. @default false */
  defaultCollapsed?: boolean
  onCollapsedChange?: (collapsed: boolean) => void
  /** Show the button that collapses and expands the sidebar. @default true */
  collapsible?: boolean
  /**
   * Below the `md` breakpoint: `stacked` shows the items as a scrolling row above the page;
   * `drawer` shows a button (with the current item) that opens the full list in a side panel.
   * @default "stacked"
   */
  mobile?: "stacked" | "drawer"
  /** Renders each link (react-router's Link, say); a plain `<a>` by default. */
  renderLink?: RenderNavLink
  className?: string
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
      {/* A plain box: the navigation inside is the landmark (an <aside> would add an unnamed one). */}
      <div
        data-slot="sidebar"
        data-state={collapsed ? "collapsed" : "expanded"}
        data-mobile={mobile}
        className={cn(sidebarVariants({ collapsed, mobile }), className)}
        {...props}
      >
        <SidebarNav
          sections={sections}
          label={navLabel}
          collapsed={collapsed}
          layout={mobile === "stacked" ? "responsive" : "vertical"}
          renderLink={renderLink}
          className={cn(
            "md:min-h-0 md:flex-1 md:overflow-y-auto md:p-3",
            mobile === "stacked" && "max-md:overflow-x-auto max-md:px-2 max-md:py-2",
          )}
        />
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
      </div>
    </Tooltip.Provider>
  )
}

interface SidebarNavProps {
  sections: SidebarSection[]
  label: string
  collapsed: boolean
  /** `responsive`: a scrolling row below `md`, a column above; `vertical`: always a column. */
  layout: "responsive" | "vertical"
  renderLink: RenderNavLink
  onNavigate?: () => void
  className?: string
}

function SidebarNav({
  sections,
  label,
  collapsed,
  layout,
  renderLink,
  onNavigate,
  className,
}: SidebarNavProps) {
  const format = useFormatter()
  const baseId = useId()
  const row = layout === "responsive"
  return (
    <nav
      aria-label={label}
      className={cn(
        // Positioned, so the hidden section titles (absolutely placed) stay inside the row as it scrolls and
        // do not widen the page.
        "relative flex flex-col gap-5",
        row && "max-md:flex-row max-md:items-center max-md:gap-1",
        className,
      )}
    >
      {sections.map((section, sectionIndex) => {
        const titleId = `${baseId}-section-${sectionIndex}`
        return (
          <div
            key={sectionIndex}
            data-slot="sidebar-section"
            className={cn("flex flex-col gap-1", row && "max-md:flex-row max-md:items-center")}
          >
            {section.title ? (
              <p
                id={titleId}
                className={cn(
                  "px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground",
                  collapsed && "md:sr-only",
                  row && "max-md:sr-only",
                )}
              >
                {section.title}
              </p>
            ) : null}
            {collapsed && section.title && sectionIndex > 0 ? (
              <hr aria-hidden="true" className="mx-2 mb-1 hidden border-border md:block" />
            ) : null}
            <ul
              aria-labelledby={section.title ? titleId : undefined}
              className={cn("flex flex-col gap-1", row && "max-md:flex-row")}
            >
              {section.items.map((item) => {
                const hasBadge = item.badge !== undefined && item.badge > 0
                const link = renderLink({
                  href: item.href,
                  "aria-current": item.active ? "page" : undefined,
                  onClick: onNavigate,
                  className: cn(
                    sidebarItemVariants({ active: item.active ?? false, collapsed }),
                    row && "max-md:whitespace-nowrap",
                  ),
                  children: (
                    <>
                      <span
                        aria-hidden="true"
                        className="flex size-5 shrink-0 items-center justify-center [&_svg]:size-5"
                      >
                        {item.icon}
                      </span>
                      <span className={cn("min-w-0 flex-1 truncate", collapsed && "md:sr-only")}>
                        {item.label}
                      </span>
                      {hasBadge ? (
                        <span
                          data-slot="sidebar-badge"
                          className={cn(
                            "inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full px-1.5",
                            "text-xs font-semibold tabular-nums",
                            item.active
                              ? "bg-primary text-primary-foreground"
                              : "bg-surface-muted text-foreground",
                            collapsed &&
                              "md:absolute md:right-1 md:top-0.5 md:h-4 md:min-w-4 md:px-1 md:text-[0.625rem] md:ring-2 md:ring-surface",
                          )}
                        >
                          <span aria-hidden={item.badgeLabel ? true : undefined}>
                            {format.number(item.badge ?? 0)}
                          </span>
                          {item.badgeLabel ? <span className="sr-only">{item.badgeLabel}</span> : null}
                        </span>
                      ) : null}
                    </>
                  ),
                })
                return (
                  <li key={item.href} className={cn(row && "max-md:shrink-0")}>
                    {collapsed ? (
                      <SidebarTooltip label={item.label} side="right">
                        {link}
                      </SidebarTooltip>
                    ) : (
                      link
                    )}
                  </li>
                )
              })}
            </ul>
          </div>
        )
      })}
    </nav>
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
