import type { ScreenLoader } from "../screen-loader"

/** Screens of the data-labelling area, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  DataLabeling: () => import("./data-labeling/data-labeling-screen"),
  DataService: () => import("./data-service/data-service-screen"),
} satisfies Record<string, ScreenLoader>
