import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  Alert,
  CalendarIcon,
  GlobeIcon,
  UserIcon,
  WalletIcon,
  type SidebarSection,
} from "@manyhands/design-system"
import { AreaLayout, TextLink } from "../blocks"
import { useShellServices } from "../shell-context"

/** The proxy cabinet's pages, in the order its navigation lists them. */
export const PROXY_PAGES = {
  overview: { href: "/proxy", icon: <WalletIcon /> },
  users: { href: "/proxy/users", icon: <UserIcon /> },
  allowlist: { href: "/proxy/ip-whitelist", icon: <GlobeIcon /> },
  statistics: { href: "/proxy/statistics", icon: <CalendarIcon /> },
} as const

export type ProxyPage = keyof typeof PROXY_PAGES

export interface ProxyLayoutProps {
  page: ProxyPage
  title: string
  lead: ReactNode
  actions?: ReactNode
  children: ReactNode
}

/**
 * Every page of the proxy cabinet: the area layout with the cabinet's four pages (labels in `proxy-cabinet`).
 * A worker's account gets a note instead: the proxy API answers customers' accounts only.
 */
export function ProxyLayout({ page, title, lead, actions, children }: ProxyLayoutProps) {
  const { t } = useTranslation("proxy-cabinet")
  const { accountType } = useShellServices()
  const nav: SidebarSection[] = [
    {
      title: t("nav.group"),
      items: (Object.keys(PROXY_PAGES) as ProxyPage[]).map((id) => ({
        label: t(`nav.pages.${id}`),
        href: PROXY_PAGES[id].href,
        icon: PROXY_PAGES[id].icon,
        active: id === page,
      })),
    },
  ]
  return (
    <AreaLayout
      titleId={`proxy-${page}-title`}
      eyebrow={t("nav.eyebrow")}
      title={title}
      lead={lead}
      navLabel={t("nav.label")}
      nav={nav}
      actions={accountType === "worker" ? undefined : actions}
    >
      {accountType === "worker" ? (
        <Alert tone="info">
          {t("nav.wrongType")} <TextLink to="/cabinet">{t("nav.wrongTypeLink")}</TextLink>
        </Alert>
      ) : (
        children
      )}
    </AreaLayout>
  )
}
