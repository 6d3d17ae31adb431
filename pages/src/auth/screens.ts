import type { ScreenLoader } from "../screen-loader"

/** Screens of this area, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  Register: () => import("./register/register-screen"),
  Login: () => import("./login/login-screen"),
  Logout: () => import("./logout/logout-screen"),
  TwoFactor: () => import("./two-factor/two-factor-screen"),
  TwoFactorError: () => import("./two-factor-error/two-factor-error-screen"),
  Remind: () => import("./remind/remind-screen"),
  CheckRemind: () => import("./check-remind/check-remind-screen"),
  Unlock: () => import("./unlock/unlock-screen"),
  ConfirmEmail: () => import("./confirm-email/confirm-email-screen"),
  CheckKey: () => import("./check-key/check-key-screen"),
  ChangeEmail: () => import("./change-email/change-email-screen"),
  DeleteEmail: () => import("./delete-email/delete-email-screen"),
  EditPurse: () => import("./edit-purse/edit-purse-screen"),
} satisfies Record<string, ScreenLoader>
