import { useTranslation } from "react-i18next"
import { Badge, SkeletonGroup, SkeletonText, type BadgeTone } from "@manyhands/design-system"
import { TextLink } from "../../blocks"
import { DashboardCard } from "../../customer/dashboard/dashboard-card"
import type { LandingAudience, LandingPage, PartnerMaterials } from "@manyhands/contract/affiliate"
import { AffiliateLayout } from "../affiliate-layout"
import { CopyableLink } from "../shared/partner-parts"

const AUDIENCE_TONES: Record<LandingAudience, BadgeTone> = {
  everyone: "neutral",
  customers: "info",
  workers: "success",
}

export interface LandingPagesScreenProps {
  /** GET /api/v2/partner/materials, preloaded by the route. */
  partnerMaterials?: PartnerMaterials
}

/**
 * /partner/materials/landing-pages: the pages worth linking to, each for whom it is written, with the partner's
 * link to it to copy and a way to look at the page (without the partner's id, so looking is no click).
 */
export default function LandingPagesScreen({ partnerMaterials }: LandingPagesScreenProps) {
  const { t } = useTranslation("partner")
  return (
    <AffiliateLayout page="landingPages" title={t("landing.title")} lead={t("landing.lead")}>
      <DashboardCard
        id="landing-list"
        title={t("landing.listTitle")}
        description={t("landing.listDescription")}
      >
        {partnerMaterials ? (
          <ul className="flex flex-col divide-y divide-border">
            {partnerMaterials.landingPages.map((page) => (
              <LandingItem key={page.id} page={page} />
            ))}
          </ul>
        ) : (
          <SkeletonGroup>
            <SkeletonText lines={10} />
          </SkeletonGroup>
        )}
      </DashboardCard>
    </AffiliateLayout>
  )
}

function LandingItem({ page }: { page: LandingPage }) {
  const { t, i18n } = useTranslation("partner")
  const titleId = `landing-${page.id}`
  // A page the API added before this screen knew it: its path names it.
  const known = i18n.exists(`partner:landing.pages.${page.id}.title`)
    ? t(`landing.pages.${page.id}.title`)
    : ""
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div role="group" aria-labelledby={titleId} className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 id={titleId} className="font-semibold">
            {known || page.path}
          </h3>
          <Badge tone={AUDIENCE_TONES[page.audience]} size="sm">
            {t(`landing.audiences.${page.audience}`)}
          </Badge>
        </div>
        {known ? (
          <p className="text-sm text-pretty text-muted-foreground">{t(`landing.pages.${page.id}.text`)}</p>
        ) : null}
        <CopyableLink value={page.link} />
        <p className="text-sm">
          <TextLink to={page.path}>{t("landing.preview", { page: known || page.path })}</TextLink>
        </p>
      </div>
    </li>
  )
}
