import type { ScreenLoader } from "../screen-loader"

/** The feedback pages (/p/service-feedback, /p/proxy-feedback): one screen, its topic from the route. */
export const screens = {
  Feedback: () => import("./feedback-screen"),
} satisfies Record<string, ScreenLoader>
