import type { ScreenLoader } from "../screen-loader"

/** Screens of the payouts area, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  PayoutRequest: () => import("./request/payout-request-screen"),
  PayoutWallet: () => import("./wallet/payout-wallet-screen"),
  PayoutHistory: () => import("./history/payout-history-screen"),
  AdminPayouts: () => import("./admin/admin-payouts-screen"),
} satisfies Record<string, ScreenLoader>
