import type { ScreenLoader } from "../screen-loader"

/** Screens of this area, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  LocalProxies: () => import("./local-proxies/local-proxies-screen"),
  LocalProxyCountry: () => import("./local-proxy-country/local-proxy-country-screen"),
} satisfies Record<string, ScreenLoader>
