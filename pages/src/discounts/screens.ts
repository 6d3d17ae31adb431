import { withData, type ScreenEntry } from "../screen-loader"

/** Screens of the discount campaigns, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  DiscountCampaigns: withData(["discountCampaigns"], () => import("./public/discount-campaigns-screen")),
  AdminDiscountCampaigns: withData(
    ["adminDiscountCampaigns"],
    () => import("./admin/admin-discount-campaigns-screen"),
  ),
} satisfies Record<string, ScreenEntry>
