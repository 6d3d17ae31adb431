import type { ScreenLoader } from "../screen-loader"

/** Screens of the balance area, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  TopUp: () => import("./top-up/top-up-screen"),
  PaymentResult: () => import("./payment-result/payment-result-screen"),
  PaymentHistory: () => import("./payment-history/payment-history-screen"),
  DayHistory: () => import("./day-history/day-history-screen"),
  SandboxCheckout: () => import("./sandbox/sandbox-checkout-screen"),
} satisfies Record<string, ScreenLoader>
