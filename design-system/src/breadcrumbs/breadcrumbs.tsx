import type { ComponentProps, ReactNode } from "react"
import { renderAnchor, type RenderNavLink } from "../header/render-link"
import { ChevronRightIcon } from "../icons"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"

export interface BreadcrumbItem {
  label: ReactNode
  /** Address of the page; the last item (the current page) needs none. */
  href?: string
}

export interface BreadcrumbsProps extends Omit<ComponentProps<"nav">, "children"> {
  /** From the home page to the current page; the last item is the current page. */
  items: BreadcrumbItem[]
  /** Accessible name of the navigation; defaults to the provider's "Breadcrumbs". */
  label?: string
  /** Drawn between items (hidden from screen readers). @default a chevron */
  separator?: ReactNode
  /** Renders each link (react-router's Link, say); a plain `<a>` by default. */
  renderLink?: RenderNavLink
  className?: string
}

/** Where the page sits in the site: links to its parents, then the current page. */
export function Breadcrumbs({
  items,
  label,
  separator,
  renderLink = renderAnchor,
  className,
  ...props
}: BreadcrumbsProps) {
  const { messages } = useMessages()
  return (
    <nav
      data-slot="breadcrumbs"
      aria-label={label ?? messages.breadcrumbs}
      className={cn("text-sm", className)}
      {...props}
    >
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {items.map((item, index) => {
          const isCurrent = index === items.length - 1
          return (
            <li key={index} className="inline-flex min-w-0 items-center gap-1.5">
              {isCurrent ? (
                <span aria-current="page" className="truncate font-medium text-foreground">
                  {item.label}
                </span>
              ) : item.href !== undefined ? (
                renderLink({
                  href: item.href,
                  className:
                    "truncate rounded-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-ring",
                  children: item.label,
                })
              ) : (
                <span className="truncate text-muted-foreground">{item.label}</span>
              )}
              {isCurrent ? null : (
                <span data-slot="breadcrumbs-separator" aria-hidden="true" className="text-border-strong">
                  {separator ?? <ChevronRightIcon size={14} />}
                </span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
