import { withData, type ScreenEntry } from "../screen-loader"

/** Screens of the moderation console, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  ModerationHome: withData(["moderationOverview"], () => import("./moderation-home-screen")),
  ModerationWorkers: withData(["moderationWorkers"], () => import("./workers-screen")),
  ModerationWorker: withData(["moderationWorker"], () => import("./worker-screen")),
  ModerationGoldTasks: withData(["moderationGoldTasks"], () => import("./gold-tasks-screen")),
} satisfies Record<string, ScreenEntry>
