import { withData, type ScreenEntry } from "../screen-loader"

/** Enterprise support (/support/enterprise): the plans compared and bought. */
export const screens = {
  Enterprise: withData(["enterprisePricing"], () => import("./enterprise-screen")),
} satisfies Record<string, ScreenEntry>
