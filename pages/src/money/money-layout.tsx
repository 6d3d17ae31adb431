import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  CalendarIcon,
  FileIcon,
  PlusIcon,
  StarIcon,
  UserIcon,
  WalletIcon,
  type SidebarSection,
} from "@manyhands/design-system"
import { AreaLayout } from "../blocks"

/** The pages of the balance area, in the order its navigation lists them. */
export const MONEY_PAGES = {
  topUp: { href: "/addbalance", icon: <WalletIcon /> },
  history: { href: "/pay/history_payment", icon: <FileIcon /> },
  days: { href: "/pay/history_day", icon: <CalendarIcon /> },
  send: { href: "/pay/send_user", icon: <UserIcon /> },
  voucher: { href: "/pay/paypal_voucher", icon: <PlusIcon /> },
  promo: { href: "/p/promocode", icon: <StarIcon /> },
} as const

export type MoneyPage = keyof typeof MONEY_PAGES

export interface MoneyLayoutProps {
  /** The current page of the navigation; none for a page it does not list (/pay/ok). */
  page: MoneyPage | null
  /** The h1's id. */
  titleId: string
  title: string
  lead: ReactNode
  actions?: ReactNode
  children: ReactNode
}

/** Every signed-in page about the balance: the area layout with its navigation (labels in `money`). */
export function MoneyLayout({ page, titleId, title, lead, actions, children }: MoneyLayoutProps) {
  const { t } = useTranslation("money")
  const nav: SidebarSection[] = [
    {
      items: (Object.keys(MONEY_PAGES) as MoneyPage[]).map((id) => ({
        label: t(`nav.${id}`),
        href: MONEY_PAGES[id].href,
        icon: MONEY_PAGES[id].icon,
        active: id === page,
      })),
    },
  ]
  return (
    <AreaLayout
      titleId={titleId}
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
