import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@manyhands/design-system"
import { useSignOut } from "../auth/shared/sign-out"
import { useShellServices, type ShellUser } from "../shell-context"
import type { LinkTarget } from "./site-layout"

/** Two letters for the avatar: from the display name, else from the address. */
export function initialsOf(user: Pick<ShellUser, "email" | "profile">): string {
  const name = user.profile.displayName?.trim()
  const words = (name || user.email.split("@")[0] || "?").split(/[\s._-]+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0]![0], words[1]![0]] : [...(words[0] ?? "?")].slice(0, 2)
  return letters.join("").toUpperCase()
}

/** "Log in" and "Sign up" for a visitor without a session. */
export function GuestActions({ linkTo }: { linkTo: (path: string) => LinkTarget }) {
  const { t } = useTranslation("common")
  return (
    <>
      <Button variant="tertiary" asChild>
        <Link to={linkTo("/auth/login").href}>{t("account.login")}</Link>
      </Button>
      <Button asChild>
        <Link to={linkTo("/auth/register").href}>{t("account.register")}</Link>
      </Button>
    </>
  )
}

/** The signed-in user's menu: who is signed in, their work area, profile pages and signing out. */
export function AccountMenu({ user, linkTo }: { user: ShellUser; linkTo: (path: string) => LinkTarget }) {
  const { t } = useTranslation("common")
  const { goTo } = useShellServices()
  const { signOut } = useSignOut()
  const name = user.profile.displayName || user.email
  const item = (path: string, label: string) => (
    <DropdownMenuItem asChild>
      <Link to={linkTo(path).href}>{label}</Link>
    </DropdownMenuItem>
  )
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-slot="account-menu-trigger"
        className="inline-flex size-10 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary hover:bg-alice-blue-hover focus-ring"
      >
        <span aria-hidden="true">{initialsOf(user)}</span>
        <span className="sr-only">{t("account.menu", { name })}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block truncate">{name}</span>
          {user.profile.displayName ? (
            <span className="block truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {user.profile.userType === "worker" ? item("/cabinet", t("account.cabinet")) : null}
        {user.profile.userType === "customer" || user.profile.userType === "developer" ? (
          <>
            {item("/enterpage", t("account.dashboard"))}
            {item("/addbalance", t("account.balance"))}
          </>
        ) : null}
        {user.profile.userType === "worker" ? item("/partner/payment", t("account.payouts")) : null}
        {item("/partner", t("account.partner"))}
        {item("/profile", t("account.profile"))}
        {item("/profile/edit", t("account.settings"))}
        {item("/profile/authentication", t("account.security"))}
        {/* Staff find the operations console (/admin: users, payouts, prices, audit…) here. */}
        {user.permissions.admin ? item("/admin", t("account.console")) : null}
        <DropdownMenuSeparator />
        {/* A POST with the CSRF token; if it fails, the sign-out page says why and offers the button again. */}
        <DropdownMenuItem onSelect={() => void signOut().then((done) => done || goTo("/auth/logout"))}>
          {t("account.logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
