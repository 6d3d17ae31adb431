import { useEffect, useRef, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { cn, tabsListVariants, tabsTriggerVariants, useFormatter } from "@manyhands/design-system"
import { PLAY_HUB_PAGES, playHubPath } from "@manyhands/contract/play"
import { AreaHeader } from "../blocks"
import { Section } from "../layout/section"

/** The hub's pages in the order its tabs list them: its home, then the pages of the contract's list. */
export const PLAY_PAGES = ["hub", ...PLAY_HUB_PAGES] as const
export type PlayPage = (typeof PLAY_PAGES)[number]

/** The address of a page of the hub. */
export const playPagePath = (page: PlayPage) => (page === "hub" ? playHubPath() : playHubPath(page))

/**
 * The links between the hub's pages, drawn as a row of tabs (each is its own page, so they are links with the
 * current one marked, not ARIA tabs). The rewards tab counts the rewards waiting when the page knows them.
 */
export function PlayTabs({ page, rewardsWaiting }: { page: PlayPage; rewardsWaiting?: number }) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  const nav = useRef<HTMLElement>(null)
  useEffect(() => {
    // On a phone the tabs are a row that scrolls sideways: bring the current page into view.
    const list = nav.current?.querySelector("ul")
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!list || !current || list.scrollWidth <= list.clientWidth) return
    const offset = current.getBoundingClientRect().left - list.getBoundingClientRect().left
    list.scrollLeft += offset - (list.clientWidth - current.offsetWidth) / 2
  }, [page])
  return (
    <nav ref={nav} aria-label={t("nav.label")} className="max-md:-mx-4">
      <ul className={cn(tabsListVariants({ variant: "line" }), "max-md:px-4")}>
        {PLAY_PAGES.map((name) => (
          <li key={name} className="flex">
            <Link
              to={playPagePath(name)}
              aria-current={name === page ? "page" : undefined}
              className={cn(
                tabsTriggerVariants({ variant: "line" }),
                "aria-[current=page]:border-primary aria-[current=page]:text-foreground",
              )}
            >
              {t(`nav.${name}`)}
              {name === "rewards" && rewardsWaiting ? (
                <span className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-primary-soft px-1.5 text-xs font-semibold text-primary tabular-nums">
                  <span aria-hidden="true">{format.number(rewardsWaiting)}</span>
                  <span className="sr-only">{t("nav.rewardsWaiting", { count: rewardsWaiting })}</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export interface PlayLayoutProps {
  page: PlayPage
  title: string
  lead: ReactNode
  /** Beside the title: the page's main action (Start, Practise). */
  actions?: ReactNode
  /** Rewards to claim, counted on the rewards tab (when the page has the summary). */
  rewardsWaiting?: number
  children: ReactNode
}

/** Every page of the hub: the area's name, the h1 and lead, the tabs between the pages, then the page. */
export function PlayLayout({ page, title, lead, actions, rewardsWaiting, children }: PlayLayoutProps) {
  const { t } = useTranslation("play")
  const titleId = `play-${page}-title`
  return (
    <Section labelledBy={titleId} className="min-h-[60vh]">
      <AreaHeader titleId={titleId} eyebrow={t("eyebrow")} title={title} lead={lead} actions={actions} />
      <div className="mt-6">
        <PlayTabs page={page} rewardsWaiting={rewardsWaiting} />
      </div>
      <div className="mt-8 flex min-w-0 flex-col gap-8">{children}</div>
    </Section>
  )
}
