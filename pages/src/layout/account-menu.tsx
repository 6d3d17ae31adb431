import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@manyhands/design-system"
import { useSignOut } from "../auth/shared/sign-out"
import { useShellServices, type ShellUser } from "../shell-context"
import { AccountMenuFace, accountMenuTriggerClass } from "./account-menu-part"
import type { LinkTarget } from "./site-layout"

/**
 * The signed-in user's menu: who is signed in, their work area, profile pages and signing out. Loaded on first
 * use (account-menu-part.tsx): a visitor's page does not carry the menu's code.
 */
export function AccountMenu({
  user,
  linkTo,
  defaultOpen,
}: {
  user: ShellUser
  linkTo: (path: string) => LinkTarget
  /** Open at once: the trigger was pressed before this code had arrived. */
  defaultOpen?: boolean
}) {
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
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger data-slot="account-menu-trigger" className={accountMenuTriggerClass}>
        <AccountMenuFace user={user} />
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
