/*
 * The money API. (Being moved here from server/src; see docs/ARCHITECTURE.md.)
 */
import type { RouteDatum } from "./endpoint"

/** The money screens' route data. */
export const moneyRouteData = {} satisfies Record<string, RouteDatum>
