/*
 * The captcha API. (Being moved here from server/src; see docs/ARCHITECTURE.md.)
 */
import type { RouteDatum } from "./endpoint"

/** The captcha screens' route data. */
export const captchaRouteData = {} satisfies Record<string, RouteDatum>
