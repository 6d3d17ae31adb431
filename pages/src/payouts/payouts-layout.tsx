import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { FileIcon, UploadIcon, WalletIcon } from "@manyhands/design-system"
import { AffiliateLayout } from "../affiliate/affiliate-layout"
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

/** Every page about paying out earnings: the affiliate area's layout, whose navigation lists them too. */
export function PartnerLayout({ page, ...props }: LayoutProps & { page: PartnerPage }) {
  return <AffiliateLayout page={page} {...props} />
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
