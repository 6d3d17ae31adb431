import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Button } from "@manyhands/design-system"
import type { LinkTarget } from "./site-layout"

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
