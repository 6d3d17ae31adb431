import { withData, type ScreenEntry } from "../screen-loader"

/** Screens of the payouts area, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  PayoutRequest: withData(["payoutSettings"], () => import("./request/payout-request-screen")),
  PayoutWallet: withData(["payoutSettings"], () => import("./wallet/payout-wallet-screen")),
  PayoutHistory: withData(["payouts"], () => import("./history/payout-history-screen")),
  AdminPayouts: withData(["adminPayouts"], () => import("./admin/admin-payouts-screen")),
} satisfies Record<string, ScreenEntry>
