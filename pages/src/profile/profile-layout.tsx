import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  DangerIcon,
  EyeOffIcon,
  FileIcon,
  GlobeIcon,
  InfoIcon,
  SuccessIcon,
  UserIcon,
} from "@manyhands/design-system"
import { AreaLayout } from "../blocks"

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

/** Every profile page: the signed-in area layout with the profile's pages. */
export function ProfileLayout({ page, children }: { page: ProfilePage; children: ReactNode }) {
  const { t } = useTranslation("profile")
  return (
    <AreaLayout
      titleId={TITLE_ID}
      // The overview's own title says it already.
      eyebrow={page === "overview" ? undefined : t("layout.eyebrow")}
      title={t(`pages.${page}.title`)}
      lead={t(`pages.${page}.lead`)}
      navLabel={t("layout.navLabel")}
      nav={[
        {
          items: (Object.keys(PROFILE_PAGES) as ProfilePage[]).map((id) => ({
            label: t(`pages.${id}.nav`),
            href: PROFILE_PAGES[id].href,
            icon: PROFILE_PAGES[id].icon,
            active: id === page,
          })),
        },
      ]}
    >
      {children}
    </AreaLayout>
  )
}
