import type { CurrentUser } from "./initial-state"
import type { Guard } from "./route-table"

/** Where the user-type choice lives (spec §2 "/select-role"). */
export const USER_TYPE_PATH = "/select-role"
export const LOGIN_PATH = "/auth/login"

/**
 * Spec §4 guards. Returns where to send the visitor instead (a path relative to the language), or
 * null to show the page. `here` is the path and search the visitor asked for.
 */
export function guardRedirect(guard: Guard, user: CurrentUser | null, here: string): string | null {
  if (guard === "public") return null
  const returnTo = `?return_to=${encodeURIComponent(here)}`
  if (guard === "order-captchas") return user ? null : "/#order-captchas"
  if (!user) return LOGIN_PATH + returnTo
  if (guard === "login") return user.profile.userType ? null : USER_TYPE_PATH + returnTo
  if (guard === "login-no-type") return null
  return guard.roles.some((role) => user.permissions[role]) ? null : "/"
}
