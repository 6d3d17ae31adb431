import { withData, type ScreenEntry } from "../screen-loader"

/** Screens of the operations console (issue 24), by the name route JSON uses (app/routes/admin.json). */
export const screens = {
  OpsConsoleHome: withData(["adminOverview"], () => import("./console-home-screen")),
  OpsAudit: withData(["adminAudit"], () => import("./audit-screen")),
} satisfies Record<string, ScreenEntry>
