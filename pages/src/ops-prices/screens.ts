import { withData, type ScreenEntry } from "../screen-loader"

/** Screens of the administrators' prices page (issue 24), by the name route JSON uses. */
export const screens = {
  OpsPrices: withData(["priceTable"], () => import("./prices-screen")),
} satisfies Record<string, ScreenEntry>
