import { useTranslation } from "react-i18next"
import {
  Card,
  CardBody,
  EmptyState,
  FeatureGrid,
  Skeleton,
  SkeletonGroup,
  SkeletonText,
  StarIcon,
} from "@manyhands/design-system"
import { LinkButton, PageCta, PageHero, TextLink, titledItems, TitledSection } from "../../blocks"
import type { CampaignList, DiscountCampaign } from "@manyhands/contract/discounts"
import { CampaignStateBadge, useCampaignTexts } from "../shared/campaign-parts"

const TOP_UP = "/addbalance"
const rules = ["best", "promised", "credited", "balance"] as const

export interface DiscountCampaignsScreenProps {
  /** GET /api/v2/discount-campaigns, preloaded by the route. */
  discountCampaigns?: CampaignList
}

/**
 * /p/discount-campaigns: the campaigns running now and those coming, each with its bonus, its amounts and its
 * dates, how the bonus works, and the way to the top-up page.
 */
export default function DiscountCampaignsScreen({ discountCampaigns }: DiscountCampaignsScreenProps) {
  const { t } = useTranslation("discounts")
  const items = discountCampaigns?.items
  const active = items?.filter((campaign) => campaign.state === "active") ?? []
  const upcoming = items?.filter((campaign) => campaign.state === "upcoming") ?? []
  return (
    <>
      <PageHero
        id="discounts-title"
        eyebrow={t("public.hero.eyebrow")}
        title={t("public.hero.title")}
        lead={t("public.hero.lead")}
        action={{ to: TOP_UP, label: t("public.hero.topUp") }}
      />

      <TitledSection
        id="discounts-active-title"
        title={t("public.active.title")}
        lead={t("public.active.lead")}
      >
        {!items ? (
          <CampaignsLoading />
        ) : active.length === 0 ? (
          <EmptyState
            variant="dashed"
            titleAs="h3"
            icon={<StarIcon />}
            title={t("public.active.empty.title")}
            description={t("public.active.empty.text")}
          />
        ) : (
          <CampaignGrid campaigns={active} />
        )}
      </TitledSection>

      {upcoming.length > 0 ? (
        <TitledSection
          id="discounts-upcoming-title"
          tone="surface"
          title={t("public.upcoming.title")}
          lead={t("public.upcoming.lead")}
        >
          <CampaignGrid campaigns={upcoming} />
        </TitledSection>
      ) : null}

      <TitledSection
        id="discounts-rules-title"
        tone={upcoming.length > 0 ? "plain" : "surface"}
        title={t("public.rules.title")}
      >
        <FeatureGrid columns={2} variant="card" items={titledItems(t, "public.rules.items", rules)} />
        <p className="mt-8 text-muted-foreground">
          {t("public.rules.policy")} <TextLink to="/payment-policy">{t("public.rules.policyLink")}</TextLink>
        </p>
      </TitledSection>

      <PageCta
        id="discounts-cta-title"
        title={t("public.cta.title")}
        text={t("public.cta.text")}
        action={{ to: TOP_UP, label: t("public.cta.topUp") }}
      />
    </>
  )
}

function CampaignGrid({ campaigns }: { campaigns: DiscountCampaign[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {campaigns.map((campaign) => (
        <li key={campaign.id}>
          <CampaignCard campaign={campaign} />
        </li>
      ))}
    </ul>
  )
}

/** One campaign: its name, the bonus in large type, the amounts and dates, and (while it runs) Top up. */
function CampaignCard({ campaign }: { campaign: DiscountCampaign }) {
  const { t } = useTranslation("discounts")
  const texts = useCampaignTexts()
  const name = texts.name(campaign)
  const percent = texts.percent(campaign)
  return (
    <Card className="h-full">
      <CardBody className="flex h-full flex-col gap-4">
        <div className="flex items-center justify-between gap-3">
          <CampaignStateBadge state={campaign.state} />
          <span className="text-sm font-medium text-muted-foreground">{campaign.currency}</span>
        </div>
        <div className="flex flex-col gap-1">
          <h3 className="text-lg font-semibold text-balance text-foreground">{name}</h3>
          <p className="text-4xl font-bold tracking-tight text-primary tabular-nums">
            <span aria-hidden="true">{t("public.card.bonus", { percent })}</span>
            <span className="sr-only">{t("public.card.bonusLabel", { percent })}</span>
          </p>
        </div>
        <ul className="flex flex-col gap-1 text-sm text-muted-foreground">
          <li>{texts.band(campaign)}</li>
          <li>{texts.period(campaign)}</li>
        </ul>
        {campaign.state === "active" ? (
          <div className="mt-auto pt-2">
            <LinkButton to={TOP_UP} variant="primary">
              {t("public.card.topUp")}
              <span className="sr-only"> {t("public.card.topUpOf", { name })}</span>
            </LinkButton>
          </div>
        ) : null}
      </CardBody>
    </Card>
  )
}

function CampaignsLoading() {
  return (
    <SkeletonGroup className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2].map((n) => (
        <Card key={n}>
          <CardBody className="flex flex-col gap-4">
            <Skeleton className="h-5 w-20" />
            <Skeleton className="h-9 w-24" />
            <SkeletonText lines={2} />
          </CardBody>
        </Card>
      ))}
    </SkeletonGroup>
  )
}
