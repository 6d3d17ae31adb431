import { useTranslation } from "react-i18next"
import { Skeleton, SkeletonGroup, DataTable, useFormatter, type TableColumn } from "@manyhands/design-system"
import { CheckList, TextLink } from "../../blocks"
import { DashboardCard } from "../../customer/dashboard/dashboard-card"
import { PARTNER_PAGES } from "../../payouts/payouts-layout"
import type { PayoutMethod, PayoutSettings } from "@manyhands/contract/payouts"
import { useFeeText, useUsd } from "../../payouts/shared/payout-parts"
import type { PartnerSummary } from "@manyhands/contract/affiliate"
import { AffiliateLayout } from "../affiliate-layout"
import { useSharesText } from "../shared/partner-parts"

const EARNING = ["movement", "platform", "settled", "cap", "refund", "currency"] as const
const REFERRALS = ["link", "before", "deleted"] as const
const FORBIDDEN = ["self", "spam", "brand", "claims", "fake", "tricks"] as const

export interface RulesScreenProps {
  /** GET /api/v2/partner/summary (the default window), preloaded by the route: the shares in force. */
  partnerSummary?: PartnerSummary
  /** GET /api/v2/payouts/methods, preloaded by the route: each method's minimum and fee. */
  payoutSettings?: PayoutSettings
}

/**
 * /partner/materials/rules: how shares are earned and computed (with the percentages in force), who counts as a
 * referral, what is not allowed, how the partner balance is paid out (each method's minimum and fee) and when
 * earnings are withheld.
 */
export default function RulesScreen({ partnerSummary, payoutSettings }: RulesScreenProps) {
  const { t } = useTranslation("partner")
  const format = useFormatter()
  const sharesText = useSharesText()
  const shares = partnerSummary?.shares
  const percent = (value: number) => format.percent(value / 100, 0)

  return (
    <AffiliateLayout page="rules" title={t("rules.title")} lead={t("rules.lead")}>
      <DashboardCard id="rules-earning" title={t("rules.earning.title")}>
        {shares ? (
          <p className="text-lg font-medium text-pretty">{sharesText(shares)}</p>
        ) : (
          <SkeletonGroup>
            <Skeleton className="h-6 w-3/4" />
          </SkeletonGroup>
        )}
        <CheckList
          items={EARNING.map((id) => ({
            id,
            text: t(`rules.earning.items.${id}`, {
              customer: shares ? percent(shares.customerPercent) : "…",
              worker: shares ? percent(shares.workerPercent) : "…",
            }),
          }))}
        />
      </DashboardCard>
      <DashboardCard id="rules-referrals" title={t("rules.referrals.title")}>
        <CheckList items={REFERRALS.map((id) => ({ id, text: t(`rules.referrals.items.${id}`) }))} />
      </DashboardCard>
      <DashboardCard
        id="rules-forbidden"
        title={t("rules.forbidden.title")}
        description={t("rules.forbidden.description")}
      >
        <CheckList
          mark="cross"
          items={FORBIDDEN.map((id) => ({
            id,
            text: (
              <>
                <strong className="font-semibold">{t(`rules.forbidden.items.${id}.title`)}</strong>{" "}
                {t(`rules.forbidden.items.${id}.text`)}
              </>
            ),
          }))}
        />
      </DashboardCard>
      <DashboardCard
        id="rules-payouts"
        title={t("rules.payouts.title")}
        description={t("rules.payouts.description")}
        action={<TextLink to={PARTNER_PAGES.request.href}>{t("rules.payouts.request")}</TextLink>}
      >
        <Methods settings={payoutSettings} />
        <p className="text-sm text-muted-foreground">{t("rules.payouts.currency")}</p>
      </DashboardCard>
      <DashboardCard id="rules-withholding" title={t("rules.withholding.title")}>
        <p className="text-pretty">{t("rules.withholding.text")}</p>
        <p className="text-pretty">
          {t("rules.withholding.terms")}{" "}
          <TextLink to="/terms-of-service">{t("rules.withholding.termsLink")}</TextLink>
        </p>
      </DashboardCard>
    </AffiliateLayout>
  )
}

/** Each payout method with its minimum and fee, as the payouts API states them. */
function Methods({ settings }: { settings: PayoutSettings | undefined }) {
  const { t } = useTranslation("partner")
  const usd = useUsd()
  const feeText = useFeeText()
  const columns: TableColumn<PayoutMethod>[] = [
    { key: "label", header: t("rules.payouts.method"), rowHeader: true, cell: (method) => method.label },
    {
      key: "minimum",
      header: t("rules.payouts.minimum"),
      align: "numeric",
      cell: (method) => usd(method.minimum),
    },
    { key: "fee", header: t("rules.payouts.fee"), cell: (method) => feeText(method) },
  ]
  return (
    <DataTable
      caption={t("rules.payouts.methods")}
      captionHidden
      size="sm"
      columns={columns}
      rows={settings?.methods ?? []}
      getRowId={(method) => method.name}
      loading={!settings}
      loadingRows={3}
      empty={{ titleAs: "h3", title: t("rules.payouts.noMethods") }}
    />
  )
}
