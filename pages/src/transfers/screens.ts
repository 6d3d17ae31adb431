import { withData, type ScreenEntry } from "../screen-loader"

/** Screens of transfers between users, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  SendToUser: withData(["transferBalance", "transfers"], () => import("./send/send-to-user-screen")),
  ConfirmTransfer: () => import("./confirm/confirm-transfer-screen"),
} satisfies Record<string, ScreenEntry>
