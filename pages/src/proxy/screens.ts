import type { ScreenLoader } from "../screen-loader"

/** Screens of this area, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  ProxyLanding: () => import("./proxy-landing/proxy-landing-screen"),
} satisfies Record<string, ScreenLoader>
