import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { onFirstUse, preload, reportLoadFailure } from "@manyhands/design-system"
import type { ShellUser } from "../shell-context"
import type { LinkTarget } from "./site-layout"

/*
 * The signed-in user's menu is Radix's dropdown (account-menu.tsx), in a chunk of its own: a visitor's page never
 * loads it. A page with a signed-in user has it before rendering (`loadAccountMenu`: the server before it renders,
 * the browser before it hydrates), so the first render already shows it; a session that starts later in the tab
 * (signing in without a page load) shows the closed trigger until the chunk arrives.
 */
const accountMenu = onFirstUse(() => import("./account-menu"))

/** Fetches the account menu's code; await it before a render that shows a signed-in user. */
export const loadAccountMenu = () => accountMenu.load()

export const accountMenuTriggerClass =
  "inline-flex size-10 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary hover:bg-alice-blue-hover focus-ring"

/** Two letters for the avatar: from the display name, else from the address. */
export function initialsOf(user: Pick<ShellUser, "email" | "profile">): string {
  const name = user.profile.displayName?.trim()
  const words = (name || user.email.split("@")[0] || "?").split(/[\s._-]+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0]![0], words[1]![0]] : [...(words[0] ?? "?")].slice(0, 2)
  return letters.join("").toUpperCase()
}

/** What the trigger shows: the initials, and who is signed in for screen readers. */
export function AccountMenuFace({ user }: { user: ShellUser }) {
  const { t } = useTranslation("common")
  return (
    <>
      <span aria-hidden="true">{initialsOf(user)}</span>
      <span className="sr-only">{t("account.menu", { name: user.profile.displayName || user.email })}</span>
    </>
  )
}

/** The account menu, or until its code is here a closed trigger with the same markup; a press opens it on arrival. */
export function UserMenu({ user, linkTo }: { user: ShellUser; linkTo: (path: string) => LinkTarget }) {
  const [module, setModule] = useState(accountMenu.loaded)
  const [pressed, setPressed] = useState(false)
  useEffect(() => {
    if (module) return
    let current = true
    accountMenu.load().then(
      (loaded) => current && setModule(loaded),
      (error: unknown) => current && reportLoadFailure(error),
    )
    return () => {
      current = false
    }
  }, [module])
  if (module) return <module.AccountMenu user={user} linkTo={linkTo} defaultOpen={pressed} />
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      data-slot="account-menu-trigger"
      className={accountMenuTriggerClass}
      onPointerEnter={() => preload(accountMenu)}
      onClick={() => setPressed(true)}
    >
      <AccountMenuFace user={user} />
    </button>
  )
}
