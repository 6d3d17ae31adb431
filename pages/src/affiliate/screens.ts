import { withData, type ScreenEntry } from "../screen-loader"

/** Screens of the affiliate programme, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  PartnerDashboard: withData(["partnerSummary"], () => import("./dashboard/partner-dashboard-screen")),
  PartnerMaterials: withData(["partnerMaterials"], () => import("./materials/materials-screen")),
  PartnerExamples: withData(["partnerMaterials"], () => import("./materials/examples-screen")),
  PartnerRules: withData(["partnerSummary", "payoutSettings"], () => import("./materials/rules-screen")),
  PartnerLandingPages: withData(["partnerMaterials"], () => import("./materials/landing-pages-screen")),
  PartnerBanners: withData(["partnerMaterials"], () => import("./materials/banners-screen")),
  PartnerReferrals: withData(["partnerReferrals"], () => import("./referrals/referrals-screen")),
  PartnerSources: withData(["partnerSources"], () => import("./sources/sources-screen")),
} satisfies Record<string, ScreenEntry>
