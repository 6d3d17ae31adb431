import type { ReactNode } from "react"
import { Breadcrumbs, Hero, cn, type BreadcrumbItem } from "@manyhands/design-system"
import { renderRouterLink } from "./links"
import { PageActionButton, type PageAction } from "./page-action"

/**
 * The opening band of a page: the design system's Hero on the surface colour, lined up with the bands below,
 * with the page's breadcrumbs above it. Text beside the media when there is media, centred when there is none.
 */
export function PageHero({
  id,
  eyebrow,
  title,
  lead,
  action,
  secondaryAction,
  media,
  children,
  breadcrumbs,
  breadcrumbsLabel,
}: {
  /** Id of the h1's text; the hero is labelled by it. */
  id: string
  eyebrow?: ReactNode
  title: ReactNode
  lead?: ReactNode
  /** The page's main action: a filled button. */
  action?: PageAction
  /** An outlined button beside it. */
  secondaryAction?: PageAction
  /** A code sample, a summary card or an illustration. */
  media?: ReactNode
  /** Small print under the actions. */
  children?: ReactNode
  breadcrumbs?: BreadcrumbItem[]
  breadcrumbsLabel?: string
}) {
  return (
    <>
      {breadcrumbs ? (
        <div className="bg-surface">
          <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
            <Breadcrumbs items={breadcrumbs} label={breadcrumbsLabel} renderLink={renderRouterLink} />
          </div>
        </div>
      ) : null}
      <Hero
        aria-labelledby={id}
        // The site's content width, as in every band below; closer to the breadcrumbs above it.
        className={cn(
          "[&>[data-slot=container]]:max-w-6xl",
          breadcrumbs && "[&>[data-slot=container]]:pt-10",
        )}
        tone="surface"
        layout={media != null ? "split" : "centered"}
        eyebrow={eyebrow}
        title={<span id={id}>{title}</span>}
        lead={lead}
        actions={
          action || secondaryAction ? (
            <>
              {action ? <PageActionButton action={action} variant="primary" /> : null}
              {secondaryAction ? <PageActionButton action={secondaryAction} variant="secondary" /> : null}
            </>
          ) : undefined
        }
        media={media}
      >
        {children}
      </Hero>
    </>
  )
}
