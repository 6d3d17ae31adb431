import type { ScreenLoader } from "../screen-loader"

/** Screens of this area, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  Profile: () => import("./overview/profile-overview-screen"),
  ProfileEdit: () => import("./edit/profile-edit-screen"),
  ProfileNotifications: () => import("./notifications/notifications-screen"),
  ProfileAuthentication: () => import("./authentication/authentication-screen"),
  ProfileDocuments: () => import("./documents/documents-screen"),
  ProfileEditPassword: () => import("./password/password-screen"),
  ProfileDelete: () => import("./delete/delete-screen"),
} satisfies Record<string, ScreenLoader>
