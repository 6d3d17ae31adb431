/*
 * The transfers API. (Being moved here from server/src; see docs/ARCHITECTURE.md.)
 */
import type { RouteDatum } from "./endpoint"

/** The transfers screens' route data. */
export const transfersRouteData = {} satisfies Record<string, RouteDatum>
