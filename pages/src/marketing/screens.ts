import { withData, type ScreenEntry } from "../screen-loader"

/** Screens of this area, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  Home: withData(["captchaTypes", "publicStatistics", "customerPrices"], () => import("./home/home-screen")),
  About: () => import("./about/about-screen"),
  ForCustomer: () => import("./for-customer/for-customer-screen"),
  MakeMoneyOnline: () => import("./make-money-online/make-money-online-screen"),
  Jobs: () => import("./jobs/jobs-screen"),
  Affiliate: () => import("./affiliate/affiliate-screen"),
} satisfies Record<string, ScreenEntry>
