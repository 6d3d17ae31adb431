import type { ScreenLoader } from "../screen-loader"

/** Screens of this area, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  SelectRole: () => import("./select-role/select-role-screen"),
  EditType: () => import("./edit-type/edit-type-screen"),
} satisfies Record<string, ScreenLoader>
