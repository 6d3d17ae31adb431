import { withData, type ScreenEntry } from "../screen-loader"

/** Screens of this area, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  Profile: () => import("./overview/profile-overview-screen"),
  ProfileEdit: () => import("./edit/profile-edit-screen"),
  ProfileNotifications: withData(["notifications"], () => import("./notifications/notifications-screen")),
  ProfileAuthentication: withData(
    ["twoFactor", "sessions", "apiKey"],
    () => import("./authentication/authentication-screen"),
  ),
  ProfileDocuments: withData(["documents"], () => import("./documents/documents-screen")),
  ProfileEditPassword: () => import("./password/password-screen"),
  ProfileDelete: () => import("./delete/delete-screen"),
} satisfies Record<string, ScreenEntry>
