import type { ScreenLoader } from "../screen-loader"

/** Browser push notifications (/kb/send-push-notification): the article with the block that turns them on. */
export const screens = {
  PushKnowledgeBase: () => import("./push-screen"),
} satisfies Record<string, ScreenLoader>
