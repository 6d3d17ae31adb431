import { withData, type ScreenEntry } from "../screen-loader"

/** Screens of this area, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  WorkerCabinet: withData(["workerStats", "training"], () => import("./cabinet/cabinet-screen")),
  WorkerTraining: withData(["training"], () => import("./training/training-screen")),
  WorkerMistakes: withData(["mistakes"], () => import("./mistakes/mistakes-screen")),
  WorkerLanguages: withData(["workerSettings"], () => import("./languages/languages-screen")),
} satisfies Record<string, ScreenEntry>
