import type { ScreenLoader } from "../screen-loader"

/** Screens of the discount campaigns, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  DiscountCampaigns: () => import("./public/discount-campaigns-screen"),
  AdminDiscountCampaigns: () => import("./admin/admin-discount-campaigns-screen"),
} satisfies Record<string, ScreenLoader>
