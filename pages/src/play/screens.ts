import { withData, type ScreenEntry } from "../screen-loader"

/** Screens of the play-and-earn hub, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  PlayHub: withData(["playSummary"], () => import("./hub/hub-screen")),
  // The worker API's training is read by these screens themselves, for workers only (it refuses other accounts).
  PlayGame: withData(["playSummary"], () => import("./game/game-screen")),
  PlayTraining: withData(["playSummary"], () => import("./training/training-screen")),
  PlayRewards: withData(["playRewards"], () => import("./rewards/rewards-screen")),
  PlayLeaderboard: withData(["playBoard"], () => import("./leaderboard/leaderboard-screen")),
  PlayProfile: withData(["playProfile"], () => import("./profile/profile-screen")),
  PlayFaq: withData(["faqPlay"], () => import("./faq/faq-screen")),
} satisfies Record<string, ScreenEntry>
