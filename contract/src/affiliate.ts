/*
 * The affiliate API. (Being moved here from server/src; see docs/ARCHITECTURE.md.)
 */
import type { RouteDatum } from "./endpoint"

/** The affiliate screens' route data. */
export const affiliateRouteData = {} satisfies Record<string, RouteDatum>
