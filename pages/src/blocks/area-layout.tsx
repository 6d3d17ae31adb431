import { useEffect, useRef, type ReactNode } from "react"
import { StaticSidebar, type SidebarSection } from "@manyhands/design-system"
import { renderRouterLink } from "./links"
import { Section } from "../layout/section"

export interface AreaLayoutProps {
  /** The h1's id (the section is labelled by it). */
  titleId: string
  /** A short line above the title naming the area; none where the title says it already. */
  eyebrow?: string
  title: string
  lead: ReactNode
  /** The accessible name of the area's navigation. */
  navLabel: string
  /** The area's pages in order, in titled groups where there are many; the current one `active`. */
  nav: SidebarSection[]
  /** Beside the title (e.g. a balance or a start button). */
  actions?: ReactNode
  children: ReactNode
}

/**
 * A signed-in area (profile, customer area, worker cabinet): the h1 and lead, the area navigation (a column
 * beside the content from `md` up, a scrolling row above it on phones) with the current page marked, and the
 * page's own content.
 */
export function AreaLayout({
  titleId,
  eyebrow,
  title,
  lead,
  navLabel,
  nav,
  actions,
  children,
}: AreaLayoutProps) {
  const navBox = useRef<HTMLDivElement>(null)
  const current = nav.flatMap((section) => section.items).find((item) => item.active)?.href
  useEffect(() => {
    // On phones the navigation is a row that scrolls sideways: bring the current page into view.
    const element = navBox.current?.querySelector("nav")
    const active = element?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!element || !active || element.scrollWidth <= element.clientWidth) return
    const offset = active.getBoundingClientRect().left - element.getBoundingClientRect().left
    element.scrollLeft += offset - (element.clientWidth - active.offsetWidth) / 2
  }, [current])
  return (
    <Section labelledBy={titleId} className="min-h-[60vh]">
      <AreaHeader titleId={titleId} eyebrow={eyebrow} title={title} lead={lead} actions={actions} />
      <div className="mt-8 flex flex-col gap-8 md:flex-row md:items-start">
        <div ref={navBox} className="shrink-0 max-md:-mx-4 md:sticky md:top-6 md:w-60">
          <StaticSidebar
            label={navLabel}
            renderLink={renderRouterLink}
            sections={nav}
            className="max-md:border-y md:h-auto md:w-full md:rounded-lg md:border"
          />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-6">{children}</div>
      </div>
    </Section>
  )
}

/** An area page's heading: the eyebrow, the h1 and its lead, with the actions beside them (AreaLayout and the hub). */
export function AreaHeader({
  titleId,
  eyebrow,
  title,
  lead,
  actions,
}: Pick<AreaLayoutProps, "titleId" | "eyebrow" | "title" | "lead" | "actions">) {
  const heading = (
    <div className="flex flex-col gap-2">
      {eyebrow ? <p className="text-sm font-semibold text-primary">{eyebrow}</p> : null}
      <h1 id={titleId} className="text-3xl font-bold tracking-tight text-balance">
        {title}
      </h1>
      <p className="max-w-3xl text-pretty text-muted-foreground">{lead}</p>
    </div>
  )
  return actions ? (
    <div className="flex flex-wrap items-end justify-between gap-4">
      {heading}
      <div className="flex flex-wrap items-center gap-3">{actions}</div>
    </div>
  ) : (
    heading
  )
}
