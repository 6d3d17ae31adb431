import type { ScreenLoader } from "../screen-loader"

/** Screens of the affiliate programme, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  PartnerDashboard: () => import("./dashboard/partner-dashboard-screen"),
  PartnerMaterials: () => import("./materials/materials-screen"),
  PartnerExamples: () => import("./materials/examples-screen"),
  PartnerRules: () => import("./materials/rules-screen"),
  PartnerLandingPages: () => import("./materials/landing-pages-screen"),
  PartnerBanners: () => import("./materials/banners-screen"),
  PartnerReferrals: () => import("./referrals/referrals-screen"),
  PartnerSources: () => import("./sources/sources-screen"),
} satisfies Record<string, ScreenLoader>
