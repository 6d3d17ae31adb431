import { withData, type ScreenEntry } from "../screen-loader"

/** Screens of the system messages console, by the name route JSON uses. */
export const screens = {
  AdminMessages: withData(["adminMessages"], () => import("./messages-screen")),
} satisfies Record<string, ScreenEntry>
