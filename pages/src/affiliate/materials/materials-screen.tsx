import { useId } from "react"
import { useTranslation } from "react-i18next"
import { Skeleton, SkeletonGroup } from "@manyhands/design-system"
import { LinkCardGrid, type LinkCardItem } from "../../blocks"
import { DashboardCard } from "../../customer/dashboard/dashboard-card"
import type { PartnerMaterials } from "@manyhands/contract/affiliate"
import { AFFILIATE_HREFS, AffiliateLayout, type AffiliatePage } from "../affiliate-layout"
import { CopyField } from "../shared/partner-parts"

/** The pages of the materials area, in the order the index lists them. */
const PAGES = [
  "landingPages",
  "banners",
  "reviews",
  "articles",
  "rules",
  "referrals",
  "sources",
] as const satisfies readonly AffiliatePage[]

export interface MaterialsScreenProps {
  /** GET /api/v2/partner/materials, preloaded by the route (for the link). */
  partnerMaterials?: PartnerMaterials
}

/** /partner/materials: the referral link, and a card per page of the materials area with what it holds. */
export default function MaterialsScreen({ partnerMaterials }: MaterialsScreenProps) {
  const { t } = useTranslation("partner")
  const headingId = useId()
  const items: LinkCardItem[] = PAGES.map((id) => ({
    id,
    to: AFFILIATE_HREFS[id],
    title: t(`nav.pages.${id}`),
    text: t(`materials.cards.${id}`),
  }))
  return (
    <AffiliateLayout page="materials" title={t("materials.title")} lead={t("materials.lead")}>
      <DashboardCard
        id="materials-link"
        title={t("materials.link.title")}
        description={t("materials.link.description")}
      >
        {partnerMaterials ? (
          <CopyField label={t("dashboard.link.label")} value={partnerMaterials.link} />
        ) : (
          <SkeletonGroup>
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-10 w-full" />
          </SkeletonGroup>
        )}
      </DashboardCard>
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <h2 id={headingId} className="text-lg font-semibold text-foreground">
          {t("materials.pagesTitle")}
        </h2>
        <LinkCardGrid items={items} columns={2} />
      </section>
    </AffiliateLayout>
  )
}
