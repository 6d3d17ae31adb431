import type { ReactNode } from "react"
import { Link } from "react-router"
import {
  Breadcrumbs,
  CheckIcon,
  cn,
  Faq,
  type BreadcrumbItem,
  type FaqItem,
  type RenderNavLink,
} from "@manyhands/design-system"
import { Section } from "../../layout/section"

/** Design-system navigation links (breadcrumbs) go through the router. */
export const renderRouterLink: RenderNavLink = ({ href, ...props }) => <Link to={href} {...props} />

/** The page's opening band: breadcrumbs, eyebrow, the h1, lead, actions and optional media beside them. */
export function PageHero({
  id,
  eyebrow,
  title,
  lead,
  actions,
  media,
  children,
  breadcrumbs,
  breadcrumbsLabel,
}: {
  /** Id of the h1; the hero section is labelled by it. */
  id: string
  eyebrow?: ReactNode
  title: string
  lead?: ReactNode
  actions?: ReactNode
  /** A code sample, a summary card or an illustration; beside the text on wide screens. */
  media?: ReactNode
  /** Small print under the actions. */
  children?: ReactNode
  breadcrumbs?: BreadcrumbItem[]
  breadcrumbsLabel?: string
}) {
  return (
    <section aria-labelledby={id} className="bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 lg:py-20">
        {breadcrumbs ? (
          <Breadcrumbs
            className="mb-8"
            items={breadcrumbs}
            label={breadcrumbsLabel}
            renderLink={renderRouterLink}
          />
        ) : null}
        <div className={cn("grid gap-10", media != null && "items-center lg:grid-cols-2 lg:gap-12")}>
          <div className="flex max-w-3xl flex-col items-start gap-6">
            {eyebrow != null ? (
              <p className="inline-flex items-center rounded-full border border-info-border bg-info-soft px-3 py-1 text-sm font-medium text-info-text">
                {eyebrow}
              </p>
            ) : null}
            <h1 id={id} className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
              {title}
            </h1>
            {lead != null ? (
              <p className="text-lg leading-relaxed text-pretty text-muted-foreground">{lead}</p>
            ) : null}
            {actions != null ? (
              <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:flex-wrap">{actions}</div>
            ) : null}
            {children != null ? <p className="text-sm text-muted-foreground">{children}</p> : null}
          </div>
          {media != null ? <div className="min-w-0">{media}</div> : null}
        </div>
      </div>
    </section>
  )
}

/** An h2 with an optional lead paragraph, opening a Section. */
export function SectionHeader({ id, title, lead }: { id: string; title: string; lead?: ReactNode }) {
  return (
    <div className="max-w-3xl">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {title}
      </h2>
      {lead != null ? <p className="mt-3 text-lg leading-relaxed text-muted-foreground">{lead}</p> : null}
    </div>
  )
}

export interface NumberedItem {
  id: string
  title: ReactNode
  text: ReactNode
}

/** Steps of a how-to as an ordered list: a number, a title and a sentence each. */
export function NumberedList({ items, className }: { items: NumberedItem[]; className?: string }) {
  return (
    <ol className={className ?? "mt-8 grid gap-4 md:grid-cols-2"}>
      {items.map((item, index) => (
        <li key={item.id} className="flex gap-4 rounded-lg border border-border bg-surface p-5">
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary"
          >
            {index + 1}
          </span>
          <div className="min-w-0">
            <h3 className="font-semibold text-foreground">{item.title}</h3>
            <div className="mt-1 text-sm leading-relaxed text-muted-foreground">{item.text}</div>
          </div>
        </li>
      ))}
    </ol>
  )
}

/** A bulleted list with check marks instead of dots. */
export function CheckList({
  items,
  className,
}: {
  items: { id: string; text: ReactNode }[]
  className?: string
}) {
  return (
    <ul className={className ?? "mt-4 flex flex-col gap-3"}>
      {items.map((item) => (
        <li key={item.id} className="flex gap-3 text-sm leading-relaxed text-foreground">
          <CheckIcon size={18} className="mt-0.5 shrink-0 text-primary" />
          <span>{item.text}</span>
        </li>
      ))}
    </ul>
  )
}

/** Frequently asked questions as their own band. */
export function FaqSection({
  id,
  title,
  items,
  tone,
}: {
  id: string
  title: string
  items: FaqItem[]
  tone?: "plain" | "surface"
}) {
  return (
    <Section labelledBy={id} tone={tone}>
      <SectionHeader id={id} title={title} />
      <Faq items={items} headingLevel={3} className="mt-8" />
    </Section>
  )
}
