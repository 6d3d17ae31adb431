/*
 * The codes API. (Being moved here from server/src; see docs/ARCHITECTURE.md.)
 */
import type { RouteDatum } from "./endpoint"

/** The codes screens' route data. */
export const codesRouteData = {} satisfies Record<string, RouteDatum>
