import { cva } from "class-variance-authority"
import { useId, type ComponentProps, type ReactNode } from "react"
import { renderAnchor, type RenderNavLink } from "../header/render-link"
import { cn } from "../lib/cn"
import { useFormatter, useMessages } from "../provider/provider"

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

export interface StaticSidebarProps extends Omit<ComponentProps<"div">, "children"> {
  sections: SidebarSection[]
  /** Accessible name of the navigation landmark; defaults to the provider's "Main navigation". */
  label?: string
  /** Icons only (from the `md` breakpoint up). @default false */
  collapsed?: boolean
  /**
   * Below the `md` breakpoint: `stacked` shows the items as a scrolling row above the page; `drawer` hides them
   * (`Sidebar` then shows a button that opens them in a side panel).
   * @default "stacked"
   */
  mobile?: "stacked" | "drawer"
  /** Renders each link (react-router's Link, say); a plain `<a>` by default. */
  renderLink?: RenderNavLink
  /** Wraps each item's link (`Sidebar`: a tooltip with the label when collapsed). */
  wrapItem?: SidebarNavProps["wrapItem"]
  /** After the navigation, inside the box (`Sidebar`: the collapse button). */
  children?: ReactNode
}

/**
 * The sidebar's box and navigation, with no collapse button, tooltips or phone drawer, and so none of Radix's
 * tooltip and dialog code: what a page whose sidebar never collapses needs. `Sidebar` is this with those parts.
 */
export function StaticSidebar({
  sections,
  label,
  collapsed = false,
  mobile = "stacked",
  renderLink,
  wrapItem,
  children,
  className,
  ...props
}: StaticSidebarProps) {
  return (
    // A plain box: the navigation inside is the landmark (an <aside> would add an unnamed one).
    <div
      data-slot="sidebar"
      data-state={collapsed ? "collapsed" : "expanded"}
      data-mobile={mobile}
      className={cn(sidebarVariants({ collapsed, mobile }), className)}
      {...props}
    >
      <SidebarNav
        sections={sections}
        label={label}
        collapsed={collapsed}
        layout={mobile === "stacked" ? "responsive" : "vertical"}
        renderLink={renderLink}
        wrapItem={wrapItem}
        className={cn(
          "md:min-h-0 md:flex-1 md:overflow-y-auto md:p-3",
          mobile === "stacked" && "max-md:overflow-x-auto max-md:px-2 max-md:py-2",
        )}
      />
      {children}
    </div>
  )
}

export interface SidebarNavProps {
  sections: SidebarSection[]
  /** Accessible name of the navigation landmark; defaults to the provider's "Main navigation". */
  label?: string
  /** Icons only from the `md` breakpoint up (the labels stay for screen readers). @default false */
  collapsed?: boolean
  /** `responsive`: a scrolling row below `md`, a column above; `vertical`: always a column. @default "vertical" */
  layout?: "responsive" | "vertical"
  /** Renders each link (react-router's Link, say); a plain `<a>` by default. */
  renderLink?: RenderNavLink
  /** Called when a link is followed (a drawer closes). */
  onNavigate?: () => void
  /** Wraps each item's link: the collapsed `Sidebar` puts the label in a tooltip. */
  wrapItem?: (link: ReactNode, item: SidebarItem) => ReactNode
  className?: string
}

/** The navigation landmark: sections of links with icons and counts, the current page marked. */
export function SidebarNav({
  sections,
  label,
  collapsed = false,
  layout = "vertical",
  renderLink = renderAnchor,
  onNavigate,
  wrapItem,
  className,
}: SidebarNavProps) {
  const { messages } = useMessages()
  const format = useFormatter()
  const baseId = useId()
  const row = layout === "responsive"
  return (
    <nav
      aria-label={label ?? messages.mainNavigation}
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
                    {wrapItem ? wrapItem(link, item) : link}
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
