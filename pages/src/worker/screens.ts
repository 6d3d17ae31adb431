import type { ScreenLoader } from "../screen-loader"

/** Screens of this area, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  WorkerCabinet: () => import("./cabinet/cabinet-screen"),
  WorkerTraining: () => import("./training/training-screen"),
  WorkerMistakes: () => import("./mistakes/mistakes-screen"),
  WorkerLanguages: () => import("./languages/languages-screen"),
} satisfies Record<string, ScreenLoader>
