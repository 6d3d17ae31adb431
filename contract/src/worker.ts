/*
 * The worker API. (Being moved here from server/src; see docs/ARCHITECTURE.md.)
 */
import type { RouteDatum } from "./endpoint"

/** The worker screens' route data. */
export const workerRouteData = {} satisfies Record<string, RouteDatum>
