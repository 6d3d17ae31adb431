import type { ComponentType } from "react"
import NotFoundScreen from "./not-found/not-found-screen"

export { SiteLayout, type SiteLayoutProps, type LanguageLink } from "./layout/site-layout"
export { ErrorScreen } from "./error/error-screen"
// Also rendered outside the route table (a page that does not exist in the current language).
export { NotFoundScreen }
export type { HomeScreenProps, CaptchaTypeSummary } from "./home/home-screen"

/**
 * Every screen a route may name, loaded lazily so each one is its own chunk.
 * A screen takes its data as props (one prop per data hook of its route) and calls back for actions.
 */
export const screens = {
  Home: () => import("./home/home-screen"),
  About: () => import("./about/about-screen"),
  // Already in the main chunk (see NotFoundScreen above), so no separate import.
  NotFound: async () => ({ default: NotFoundScreen }),
} satisfies Record<string, () => Promise<{ default: ComponentType<never> }>>

export type ScreenName = keyof typeof screens
