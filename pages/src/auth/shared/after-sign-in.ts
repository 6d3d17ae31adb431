import { safeReturnTo, START } from "../../account/select-role/select-role-screen"
import type { ShellUser } from "../../shell-context"

/**
 * Where a user goes once signed in: back where they came from (only a path on this site), else where their work
 * is (customers and developers their dashboard, workers their cabinet); a user without an account type chooses
 * one first, then goes on to where they were going.
 */
export function afterSignIn(user: Pick<ShellUser, "profile">, returnTo: string | null): string {
  const target = safeReturnTo(returnTo)
  if (!user.profile.userType)
    return target ? `/select-role?return_to=${encodeURIComponent(target)}` : "/select-role"
  return target ?? START[user.profile.userType]
}

/** `?return_to=…` to carry the destination on to the next step, or "". */
export function returnToQuery(returnTo: string | null): string {
  const target = safeReturnTo(returnTo)
  return target ? `?return_to=${encodeURIComponent(target)}` : ""
}
