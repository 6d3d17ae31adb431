import { useEffect, useRef, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  DangerIcon,
  EyeOffIcon,
  FileIcon,
  GlobeIcon,
  InfoIcon,
  Sidebar,
  SuccessIcon,
  UserIcon,
} from "@manyhands/design-system"
import { renderRouterLink } from "../blocks"
import { Section } from "../layout/section"

/** The pages of the profile, in the order the section navigation lists them. */
export const PROFILE_PAGES = {
  overview: { href: "/profile", icon: <UserIcon /> },
  edit: { href: "/profile/edit", icon: <GlobeIcon /> },
  notifications: { href: "/profile/notif", icon: <InfoIcon /> },
  authentication: { href: "/profile/authentication", icon: <SuccessIcon /> },
  documents: { href: "/profile/docs", icon: <FileIcon /> },
  password: { href: "/profile/edit_password", icon: <EyeOffIcon /> },
  delete: { href: "/profile/delete", icon: <DangerIcon /> },
} as const

export type ProfilePage = keyof typeof PROFILE_PAGES

const TITLE_ID = "profile-title"

/**
 * Every profile page: its h1 and lead, the section navigation (a column beside the content from `md` up, a
 * scrolling row above it on phones) with the current page marked, and the page's own content.
 */
export function ProfileLayout({ page, children }: { page: ProfilePage; children: ReactNode }) {
  const { t } = useTranslation("profile")
  const navBox = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // On phones the navigation is a row that scrolls sideways: bring the current page into view.
    const nav = navBox.current?.querySelector("nav")
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return
    const offset = current.getBoundingClientRect().left - nav.getBoundingClientRect().left
    nav.scrollLeft += offset - (nav.clientWidth - current.offsetWidth) / 2
  }, [page])
  return (
    <Section labelledBy={TITLE_ID} className="min-h-[60vh]">
      <div className="flex flex-col gap-2">
        {/* The overview's own title says it already. */}
        {page === "overview" ? null : (
          <p className="text-sm font-semibold text-primary">{t("layout.eyebrow")}</p>
        )}
        <h1 id={TITLE_ID} className="text-3xl font-bold tracking-tight text-balance">
          {t(`pages.${page}.title`)}
        </h1>
        <p className="max-w-3xl text-pretty text-muted-foreground">{t(`pages.${page}.lead`)}</p>
      </div>
      <div className="mt-8 flex flex-col gap-8 md:flex-row md:items-start">
        <div ref={navBox} className="shrink-0 max-md:-mx-4 md:sticky md:top-6 md:w-60">
          <Sidebar
            label={t("layout.navLabel")}
            collapsible={false}
            renderLink={renderRouterLink}
            sections={[
              {
                items: (Object.keys(PROFILE_PAGES) as ProfilePage[]).map((id) => ({
                  label: t(`pages.${id}.nav`),
                  href: PROFILE_PAGES[id].href,
                  icon: PROFILE_PAGES[id].icon,
                  active: id === page,
                })),
              },
            ]}
            className="max-md:border-y md:h-auto md:w-full md:rounded-lg md:border"
          />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-6">{children}</div>
      </div>
    </Section>
  )
}
