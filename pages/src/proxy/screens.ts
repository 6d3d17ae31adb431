import { withData, type ScreenEntry } from "../screen-loader"

/** Screens of this area, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  ProxyLanding: withData(["proxyPrices"], () => import("./proxy-landing/proxy-landing-screen")),
  ProxyUnknown: () => import("./proxy-unknown/proxy-unknown-screen"),
} satisfies Record<string, ScreenEntry>
