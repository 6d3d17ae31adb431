import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  CheckIcon,
  EyeIcon,
  FileIcon,
  GlobeIcon,
  InfoIcon,
  MenuIcon,
  SearchIcon,
  StarIcon,
  UserIcon,
  type SidebarSection,
} from "@manyhands/design-system"
import { AreaLayout } from "../blocks"
import { PARTNER_PAGES, type PartnerPage } from "../payouts/payouts-layout"

/** The affiliate programme's pages by group, in the order the navigation lists them. */
export const AFFILIATE_PAGES = {
  programme: {
    overview: { href: "/partner", icon: <StarIcon /> },
    referrals: { href: "/partner/materials/invited-referrals", icon: <UserIcon /> },
    sources: { href: "/partner/materials/invited-referrals-sources", icon: <SearchIcon /> },
  },
  materials: {
    materials: { href: "/partner/materials", icon: <MenuIcon /> },
    landingPages: { href: "/partner/materials/landing-pages", icon: <GlobeIcon /> },
    banners: { href: "/partner/materials/banners", icon: <EyeIcon /> },
    reviews: { href: "/partner/materials/review-examples", icon: <CheckIcon /> },
    articles: { href: "/partner/materials/article-examples", icon: <FileIcon /> },
    rules: { href: "/partner/materials/rules", icon: <InfoIcon /> },
  },
} as const

type Groups = typeof AFFILIATE_PAGES
export type AffiliatePage = { [G in keyof Groups]: keyof Groups[G] }[keyof Groups]

/** Where each page of the programme is, by its id. */
export const AFFILIATE_HREFS = Object.fromEntries(
  Object.values(AFFILIATE_PAGES).flatMap((group) =>
    Object.entries(group).map(([id, { href }]) => [id, href] as const),
  ),
) as Record<AffiliatePage, string>

export interface AffiliateLayoutProps {
  /** The current page of the navigation: one of the programme's or of its payouts. */
  page: AffiliatePage | PartnerPage
  /** The h1's id: `${page}-title` unless given. */
  titleId?: string
  title: string
  lead: ReactNode
  actions?: ReactNode
  children: ReactNode
}

/**
 * Every page of the affiliate programme: the area layout with the programme's pages, its materials and the
 * payout pages of the partner balance (pages/src/payouts), labels in `partner`.
 */
export function AffiliateLayout({ page, titleId, title, lead, actions, children }: AffiliateLayoutProps) {
  const { t } = useTranslation("partner")
  const nav: SidebarSection[] = [
    ...(Object.keys(AFFILIATE_PAGES) as (keyof Groups)[]).map((group) => ({
      title: t(`nav.groups.${group}`),
      items: Object.entries(AFFILIATE_PAGES[group]).map(([id, { href, icon }]) => ({
        label: t(`nav.pages.${id}`),
        href,
        icon,
        active: id === page,
      })),
    })),
    {
      title: t("nav.groups.payouts"),
      items: (Object.keys(PARTNER_PAGES) as PartnerPage[]).map((id) => ({
        label: t(`nav.pages.${id}`),
        href: PARTNER_PAGES[id].href,
        icon: PARTNER_PAGES[id].icon,
        active: id === page,
      })),
    },
  ]
  return (
    <AreaLayout
      titleId={titleId ?? `${page}-title`}
      eyebrow={t("nav.eyebrow")}
      title={title}
      lead={lead}
      navLabel={t("nav.label")}
      nav={nav}
      actions={actions}
    >
      {children}
    </AreaLayout>
  )
}
