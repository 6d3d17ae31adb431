/*
 * The discounts API. (Being moved here from server/src; see docs/ARCHITECTURE.md.)
 */
import type { RouteDatum } from "./endpoint"

/** The discounts screens' route data. */
export const discountsRouteData = {} satisfies Record<string, RouteDatum>
