import { useTranslation } from "react-i18next"
import { useFormatter } from "@manyhands/design-system"
import {
  payoutsApi,
  type PayoutMethod,
  type PayoutMethodName,
  type PayoutSettings,
} from "@manyhands/contract/payouts"
import { useApi } from "../api"
import { PAYOUT_METHOD_LABELS } from "../payouts/payouts-data"
import { useUsd } from "../payouts/shared/payout-parts"
import type { ApiFailure } from "../shell-context"

/*
 * The payout method and wallet where the profile and the mailed link show them. The API's shapes are the
 * contract's (@manyhands/contract/payouts); the texts are in the profile namespace, which these pages load.
 */

/** A method's name for views that get only its code (the mailed link's check): the catalogue's label. */
export const payoutMethodLabel = (name: string): string =>
  PAYOUT_METHOD_LABELS[name as PayoutMethodName] ?? name

export type PayoutSettingsState =
  { phase: "loading" } | { phase: "failed"; failure: ApiFailure } | { phase: "ready"; data: PayoutSettings }

/**
 * GET /api/v2/payouts/methods through the shell's cache, unless a route preloaded it (`preloaded`): the
 * profile's routes do not, only the wallet's views need it. `retry` asks again (loading until it answers).
 */
export function usePayoutSettings(preloaded?: PayoutSettings): PayoutSettingsState & { retry: () => void } {
  // What the route gave is not asked for a second time.
  const settings = useApi<PayoutSettings>(preloaded ? null : payoutsApi.settings.url())
  const data = preloaded ?? settings.data
  const value: PayoutSettingsState = data
    ? { phase: "ready", data }
    : settings.error && !settings.validating
      ? { phase: "failed", failure: settings.error }
      : { phase: "loading" }
  return { ...value, retry: settings.retry }
}

/** "Minimum $5.00, fee $1.00" for a method, in the page's language. */
export function usePayoutTerms(): (method: PayoutMethod) => string {
  const { t } = useTranslation("profile")
  const usd = useUsd()
  const format = useFormatter()
  return ({ minimum, fee }) => {
    let text: string
    if (fee.percent > 0) {
      const percent = format.percent(fee.percent / 100, 2)
      // A share plus a fixed part reads the same in every language: "2% + $0.30".
      text = fee.fixed > 0 ? `${percent} + ${usd(fee.fixed)}` : percent
      // The floor matters only above the fixed part.
      if (fee.minimum > fee.fixed)
        text = t("edit.wallet.feeAtLeast", { fee: text, minimum: usd(fee.minimum) })
    } else {
      const flat = Math.max(fee.fixed, fee.minimum)
      if (flat === 0) return t("edit.wallet.termsNoFee", { minimum: usd(minimum) })
      text = usd(flat)
    }
    return t("edit.wallet.terms", { minimum: usd(minimum), fee: text })
  }
}
