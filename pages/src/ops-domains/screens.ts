import { withData, type ScreenEntry } from "../screen-loader"

/** Screens of the manual domains page (issue 24), by the name route JSON uses. */
export const screens = {
  OpsDomains: withData(["domainRules"], () => import("./domains-screen")),
} satisfies Record<string, ScreenEntry>
