import { useTranslation } from "react-i18next"
import { Alert, CopyButton, SkeletonGroup, SkeletonText } from "@manyhands/design-system"
import { TextLink } from "../../blocks"
import { DashboardCard } from "../../customer/dashboard/dashboard-card"
import type { LandingPageId, PartnerMaterials } from "@manyhands/contract/affiliate"
import { AFFILIATE_HREFS, AffiliateLayout } from "../affiliate-layout"

export type ExampleKind = "reviews" | "articles"

/** The examples of each kind, and the landing page each one links to (the readers it is written for). */
const EXAMPLES: Record<ExampleKind, readonly { id: string; page: LandingPageId }[]> = {
  reviews: [
    { id: "forum", page: "for-customer" },
    { id: "directory", page: "home" },
    { id: "workers", page: "make-money-online" },
  ],
  articles: [
    { id: "tutorial", page: "for-customer" },
    { id: "testing", page: "captcha-workaround" },
    { id: "workers", page: "jobs" },
  ],
}

export interface ExamplesScreenProps {
  /** Which examples: the route's fixed prop (/partner/materials/review-examples or /article-examples). */
  kind: ExampleKind
  /** GET /api/v2/partner/materials, preloaded by the route: the links put into the texts. */
  partnerMaterials?: PartnerMaterials
}

/**
 * /partner/materials/review-examples and /article-examples: texts a partner may adapt, each with their own link to
 * the page its readers need already in it, and a button that copies it. The texts are translations, so a partner
 * reads (and copies) them in the page's language.
 */
export default function ExamplesScreen({ kind, partnerMaterials }: ExamplesScreenProps) {
  const { t } = useTranslation("partner")
  const page = kind === "reviews" ? "reviews" : "articles"
  const linkTo = (id: LandingPageId) =>
    partnerMaterials?.landingPages.find((landing) => landing.id === id)?.link ?? partnerMaterials?.link

  return (
    <AffiliateLayout page={page} title={t(`examples.${kind}.title`)} lead={t(`examples.${kind}.lead`)}>
      <Alert tone="info" title={t("examples.advice.title")}>
        {t("examples.advice.text")}{" "}
        <TextLink to={AFFILIATE_HREFS.rules}>{t("examples.advice.rules")}</TextLink>
      </Alert>
      {EXAMPLES[kind].map(({ id, page: landing }) => {
        const link = linkTo(landing)
        const key = `examples.${kind}.items.${id}`
        const headline = kind === "articles" ? t(`${key}.headline`) : null
        const body = link ? t(`${key}.text`, { link }) : ""
        const copy = headline ? `${headline}\n\n${body}` : body
        return (
          <DashboardCard
            key={id}
            id={`example-${kind}-${id}`}
            title={t(`${key}.title`)}
            description={t(`${key}.where`)}
            action={link ? <CopyButton value={copy} label={t("examples.copy")} /> : null}
          >
            {link ? (
              <div className="flex flex-col gap-3 rounded-lg border border-border bg-surface-muted p-4 text-pretty sm:p-5">
                {headline ? <p className="text-lg font-semibold">{headline}</p> : null}
                {body.split(/\n{2,}/).map((paragraph, index) => (
                  <p key={index} className="break-words whitespace-pre-line">
                    {paragraph}
                  </p>
                ))}
              </div>
            ) : (
              <SkeletonGroup>
                <SkeletonText lines={kind === "articles" ? 8 : 4} />
              </SkeletonGroup>
            )}
          </DashboardCard>
        )
      })}
    </AffiliateLayout>
  )
}
