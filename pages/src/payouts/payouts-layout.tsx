import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { FileIcon, UploadIcon, WalletIcon, type SidebarSection } from "@manyhands/design-system"
import { AreaLayout } from "../blocks"
import { Section } from "../layout/section"

/** The pages of the payouts area, in the order its navigation lists them. */
export const PARTNER_PAGES = {
  request: { href: "/partner/payment", icon: <UploadIcon /> },
  wallet: { href: "/partner/payment_edit", icon: <WalletIcon /> },
  history: { href: "/partner/history_payment", icon: <FileIcon /> },
} as const

export type PartnerPage = keyof typeof PARTNER_PAGES

interface LayoutProps {
  /** The h1's id. */
  titleId: string
  title: string
  lead: ReactNode
  actions?: ReactNode
  children: ReactNode
}

/** Every page about paying out earnings: the area layout with its navigation (labels in `payouts`). */
export function PartnerLayout({ page, ...props }: LayoutProps & { page: PartnerPage }) {
  const { t } = useTranslation("payouts")
  const nav: SidebarSection[] = [
    {
      items: (Object.keys(PARTNER_PAGES) as PartnerPage[]).map((id) => ({
        label: t(`nav.${id}`),
        href: PARTNER_PAGES[id].href,
        icon: PARTNER_PAGES[id].icon,
        active: id === page,
      })),
    },
  ]
  return <AreaLayout {...props} eyebrow={t("nav.eyebrow")} navLabel={t("nav.label")} nav={nav} />
}

/**
 * The administrators' payout page: the same heading as the areas, without their navigation, so the queue's
 * table has the whole width.
 */
export function AdminLayout({ titleId, title, lead, children }: Omit<LayoutProps, "actions">) {
  const { t } = useTranslation("payouts")
  return (
    <Section labelledBy={titleId} className="min-h-[60vh]">
      <div className="flex flex-col gap-2">
        <p className="text-sm font-semibold text-primary">{t("admin.eyebrow")}</p>
        <h1 id={titleId} className="text-3xl font-bold tracking-tight text-balance">
          {title}
        </h1>
        <p className="max-w-3xl text-pretty text-muted-foreground">{lead}</p>
      </div>
      <div className="mt-8 flex min-w-0 flex-col gap-6">{children}</div>
    </Section>
  )
}
