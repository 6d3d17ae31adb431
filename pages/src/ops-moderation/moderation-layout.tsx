import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { cn, useFormatter } from "@manyhands/design-system"
import { Section } from "../layout/section"

/** The moderation console's pages, in the order its navigation lists them. */
export const MODERATION_PAGES = {
  home: "/moderation",
  workers: "/moderation/workers",
  goldTasks: "/moderation/gold-tasks",
} as const

export type ModerationPage = keyof typeof MODERATION_PAGES

/** The moderation console's heading, with the links between its pages, over the whole width. */
export function ModerationLayout({
  page,
  titleId,
  title,
  lead,
  children,
}: {
  /** The page of the navigation shown as current (none for a worker's page). */
  page: ModerationPage | null
  titleId: string
  title: string
  lead: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation("ops-moderation")
  return (
    <Section labelledBy={titleId} className="min-h-[60vh]">
      <div className="flex flex-col gap-2">
        <p className="text-sm font-semibold text-primary">{t("eyebrow")}</p>
        <h1 id={titleId} className="text-3xl font-bold tracking-tight text-balance">
          {title}
        </h1>
        <div className="max-w-3xl text-pretty text-muted-foreground">{lead}</div>
      </div>
      <nav aria-label={t("nav.label")} className="mt-6 border-b border-border">
        <ul className="-mb-px flex flex-wrap gap-x-6">
          {(Object.keys(MODERATION_PAGES) as ModerationPage[]).map((name) => (
            <li key={name}>
              <Link
                to={MODERATION_PAGES[name]}
                aria-current={name === page ? "page" : undefined}
                className={cn(
                  "inline-block border-b-2 py-2 text-sm font-medium hover:text-foreground",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  name === page
                    ? "border-primary text-foreground"
                    : "border-transparent text-muted-foreground",
                )}
              >
                {t(`nav.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8 flex min-w-0 flex-col gap-6">{children}</div>
    </Section>
  )
}

/** A share (0.82) as the page's language writes a percentage; a dash without one. */
export function useShare() {
  const format = useFormatter()
  return (share: number | null) => (share === null ? "—" : format.percent(share, 0))
}
