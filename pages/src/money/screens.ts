import { withData, type ScreenEntry } from "../screen-loader"

/** Screens of the balance area, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  TopUp: withData(["paymentProviders", "discountCampaigns"], () => import("./top-up/top-up-screen")),
  PaymentResult: () => import("./payment-result/payment-result-screen"),
  PaymentHistory: withData(["balanceHistory"], () => import("./payment-history/payment-history-screen")),
  DayHistory: withData(["paymentDays"], () => import("./day-history/day-history-screen")),
  SandboxCheckout: () => import("./sandbox/sandbox-checkout-screen"),
} satisfies Record<string, ScreenEntry>
