import { useTranslation } from "react-i18next"
import { CodeBlock, Skeleton, SkeletonGroup, useFormatter } from "@manyhands/design-system"
import { DashboardCard } from "../../customer/dashboard/dashboard-card"
import type { PartnerBanner, PartnerMaterials } from "@manyhands/contract/affiliate"
import { AffiliateLayout } from "../affiliate-layout"

export interface BannersScreenProps {
  /** GET /api/v2/partner/materials, preloaded by the route. */
  partnerMaterials?: PartnerMaterials
}

/**
 * /partner/materials/banners: each banner as it looks, its size, and the HTML that shows it on the partner's site
 * as a link to their referral address, with a button that copies it.
 */
export default function BannersScreen({ partnerMaterials }: BannersScreenProps) {
  const { t } = useTranslation("partner")
  return (
    <AffiliateLayout page="banners" title={t("banners.title")} lead={t("banners.lead")}>
      {partnerMaterials ? (
        partnerMaterials.banners.map((banner) => <BannerCard key={banner.id} banner={banner} />)
      ) : (
        <DashboardCard id="banners-loading" title={t("banners.loading")}>
          <SkeletonGroup>
            <Skeleton shape="rect" className="h-24 w-full max-w-[468px]" />
            <Skeleton shape="rect" className="h-20 w-full" />
          </SkeletonGroup>
        </DashboardCard>
      )}
    </AffiliateLayout>
  )
}

function BannerCard({ banner }: { banner: PartnerBanner }) {
  const { t, i18n } = useTranslation("partner")
  const format = useFormatter()
  const size = t("banners.size", { width: format.number(banner.width), height: format.number(banner.height) })
  return (
    <DashboardCard
      id={`banner-${banner.id}`}
      title={size}
      description={t(
        i18n.exists(`partner:banners.sizes.${banner.id}`)
          ? `banners.sizes.${banner.id}`
          : "banners.sizes.other",
      )}
    >
      {/* Drawn at its own size; narrower screens scale it down. */}
      <div className="flex justify-start overflow-hidden rounded-lg border border-dashed border-border bg-surface-muted p-4">
        <img
          src={banner.imageUrl}
          width={banner.width}
          height={banner.height}
          alt={t("banners.alt", { size })}
          className="h-auto max-w-full"
        />
      </div>
      <CodeBlock
        code={banner.embedCode}
        language="text"
        title={t("banners.code", { size })}
        copyLabel={t("banners.copy")}
        size="sm"
        className="[&_code]:w-auto [&_code]:whitespace-pre-wrap [&_code]:break-all [&_code_*]:whitespace-pre-wrap"
      />
    </DashboardCard>
  )
}
