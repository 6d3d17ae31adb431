import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  Alert,
  CalendarIcon,
  DangerIcon,
  EyeOffIcon,
  FileIcon,
  GlobeIcon,
  InfoIcon,
  SearchIcon,
  StarIcon,
  SuccessIcon,
  UploadIcon,
  UserIcon,
  WalletIcon,
  WarningIcon,
  type SidebarSection,
} from "@manyhands/design-system"
import { AreaLayout, TextLink } from "../blocks"
import { useShellServices } from "../shell-context"

/** The customer area's pages by group, in the order its navigation lists them. */
export const CUSTOMER_PAGES = {
  overview: {
    dashboard: { href: "/enterpage", icon: <UserIcon /> },
    testcaptcha: { href: "/testcaptcha", icon: <UploadIcon /> },
  },
  settings: {
    settings: { href: "/setting", icon: <InfoIcon /> },
    edit: { href: "/setting/edit", icon: <GlobeIcon /> },
    percent100: { href: "/setting/percent_100", icon: <SuccessIcon /> },
    iplist: { href: "/setting/iplist", icon: <EyeOffIcon /> },
    pingback: { href: "/setting/pingback", icon: <WalletIcon /> },
    pingbackLog: { href: "/setting/pingback_log", icon: <FileIcon /> },
  },
  problems: {
    impossible: { href: "/setting/impossible_captchas", icon: <DangerIcon /> },
    errors: { href: "/setting/errors", icon: <WarningIcon /> },
    complaints: { href: "/setting/complaints", icon: <StarIcon /> },
    notCaptcha: { href: "/setting/not_captcha", icon: <SearchIcon /> },
  },
  statistics: {
    uploads: { href: "/statistics/uploads", icon: <FileIcon /> },
    graph: { href: "/statistics/graph_captures", icon: <CalendarIcon /> },
  },
} as const

type Groups = typeof CUSTOMER_PAGES
export type CustomerPage = { [G in keyof Groups]: keyof Groups[G] }[keyof Groups]

export interface CustomerLayoutProps {
  page: CustomerPage
  /** The h1's id: `${page}-title` unless given. */
  titleId?: string
  title: string
  lead: ReactNode
  actions?: ReactNode
  children: ReactNode
}

/** Every page of the customer and developer area: the area layout with its navigation (labels in `common`). */
export function CustomerLayout({ page, titleId, title, lead, actions, children }: CustomerLayoutProps) {
  const { t } = useTranslation("common")
  const { accountType } = useShellServices()
  const nav: SidebarSection[] = (Object.keys(CUSTOMER_PAGES) as (keyof Groups)[]).map((group) => ({
    title: t(`areas.customer.groups.${group}`),
    items: Object.entries(CUSTOMER_PAGES[group]).map(([id, { href, icon }]) => ({
      label: t(`areas.customer.pages.${id}`),
      href,
      icon,
      active: id === page,
    })),
  }))
  return (
    <AreaLayout
      titleId={titleId ?? `${page}-title`}
      eyebrow={t("areas.customer.eyebrow")}
      title={title}
      lead={lead}
      navLabel={t("areas.customer.navLabel")}
      nav={nav}
      actions={actions}
    >
      {accountType === "worker" ? (
        // The area's API refuses this account type: say so instead of showing pages that never load.
        <Alert tone="info">
          {t("areas.customer.wrongType")}{" "}
          <TextLink to="/cabinet">{t("areas.customer.wrongTypeLink")}</TextLink>
        </Alert>
      ) : (
        children
      )}
    </AreaLayout>
  )
}
