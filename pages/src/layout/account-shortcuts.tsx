import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Button } from "@manyhands/design-system"
import { useMicroMoney } from "../blocks/money"
import type { ShellUser } from "../shell-context"
import type { LinkTarget } from "./site-layout"

/** The signed-in user as the header sees it: with the spendable balance (USD micro-units) when it is known. */
export type HeaderUser = ShellUser & { balance?: { amount: number } }

/**
 * Beside the account menu: the way to the user's work (the dashboard of customers and developers, the worker's
 * cabinet) and, for customers and developers, their balance, which leads to the top-up page. On small screens
 * the header moves them into its menu panel.
 */
export function AccountShortcuts({
  user,
  linkTo,
}: {
  user: HeaderUser
  linkTo: (path: string) => LinkTarget
}) {
  const { t } = useTranslation("common")
  const money = useMicroMoney()
  const type = user.profile.userType
  if (!type) return null
  if (type === "worker")
    return (
      <Button variant="secondary" asChild>
        <Link to={linkTo("/cabinet").href}>{t("account.cabinet")}</Link>
      </Button>
    )
  const balance = user.balance ? money(user.balance.amount, "USD") : null
  return (
    <>
      {balance ? (
        <Link
          to={linkTo("/addbalance").href}
          data-slot="header-balance"
          className="rounded-md px-2 py-1 text-sm font-semibold tabular-nums text-foreground hover:bg-muted focus-ring"
          aria-label={t("account.balanceAmount", { amount: balance })}
        >
          {balance}
        </Link>
      ) : null}
      <Button variant="secondary" asChild>
        <Link to={linkTo("/enterpage").href}>{t("account.dashboard")}</Link>
      </Button>
    </>
  )
}
