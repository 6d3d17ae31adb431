/*
 * The accounts API. (Being moved here from server/src; see docs/ARCHITECTURE.md.)
 */
import type { RouteDatum } from "./endpoint"

/** The accounts screens' route data. */
export const accountsRouteData = {} satisfies Record<string, RouteDatum>
