import { useTranslation } from "react-i18next"
import { Badge, SkeletonGroup, SkeletonText, DataTable, type TableColumn } from "@manyhands/design-system"
import { SettingsCard } from "../../customer/settings/shared/settings-card"
import { WalletForm } from "../../profile/edit/wallet-form"
import { useShellServices } from "../../shell-context"
import type { PayoutMethod, PayoutSettings } from "@manyhands/contract/payouts"
import { PartnerLayout } from "../payouts-layout"
import { useFeeText, useUsd } from "../shared/payout-parts"

export interface PayoutWalletScreenProps {
  /** GET /api/v2/payouts/methods, preloaded by the route. */
  payoutSettings?: PayoutSettings
}

/**
 * /partner/payment_edit: the payout method and wallet (the profile's wallet form: changed only after the mailed
 * confirmation), and what each method costs and takes.
 */
export default function PayoutWalletScreen({ payoutSettings }: PayoutWalletScreenProps) {
  const { t } = useTranslation("payouts")
  const { user } = useShellServices()
  return (
    <PartnerLayout
      page="wallet"
      titleId="payout-wallet-title"
      title={t("wallet.title")}
      lead={t("wallet.lead")}
    >
      {user ? (
        <WalletForm email={user.email} wallet={user.profile.payoutWallet} payoutSettings={payoutSettings} />
      ) : (
        <SkeletonGroup>
          <SkeletonText lines={6} />
        </SkeletonGroup>
      )}
      <MethodsCard settings={payoutSettings} />
    </PartnerLayout>
  )
}

function MethodsCard({ settings }: { settings: PayoutSettings | undefined }) {
  const { t } = useTranslation("payouts")
  const usd = useUsd()
  const feeText = useFeeText()
  const current = settings?.current?.method

  const columns: TableColumn<PayoutMethod>[] = [
    {
      key: "label",
      header: t("wallet.methods.columns.method"),
      rowHeader: true,
      cell: (method) => (
        <span className="flex flex-wrap items-center gap-2">
          {method.label}
          {method.name === current ? (
            <Badge tone="success" size="sm">
              {t("wallet.methods.current")}
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      key: "wallet",
      header: t("wallet.methods.columns.wallet"),
      cell: (method) => t(`methods.${method.name}.wallet`),
    },
    {
      key: "minimum",
      header: t("wallet.methods.columns.minimum"),
      align: "numeric",
      cell: (method) => usd(method.minimum),
    },
    {
      key: "fee",
      header: t("wallet.methods.columns.fee"),
      cell: (method) => feeText(method),
    },
    {
      key: "time",
      header: t("wallet.methods.columns.time"),
      cell: () => t("timing"),
    },
  ]

  return (
    <SettingsCard
      region={false}
      id="payout-methods"
      title={t("wallet.methods.title")}
      description={t("wallet.methods.description")}
    >
      <DataTable
        caption={t("wallet.methods.title")}
        captionHidden
        columns={columns}
        rows={settings?.methods ?? []}
        getRowId={(method) => method.name}
        loading={!settings}
        loadingRows={3}
      />
      <p className="text-sm text-muted-foreground">{t("wallet.methods.note")}</p>
    </SettingsCard>
  )
}
