import { withData, type ScreenEntry } from "../screen-loader"

/** Screens of the operations console's users (issue 24), by the name route JSON uses (app/routes/admin.json). */
export const screens = {
  OpsUsers: withData(["adminUsers"], () => import("./users-screen")),
  OpsUser: withData(["adminUser"], () => import("./user-screen")),
} satisfies Record<string, ScreenEntry>
