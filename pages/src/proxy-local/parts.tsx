import { useTranslation } from "react-i18next"
import { cn, type BreadcrumbItem } from "@manyhands/design-system"
import { NumberedSteps, titledItems } from "../blocks"
import type { CountryId } from "./countries"

export const registerPath = "/auth/register?userType=customer"

/** The country's code in a small box; decorative, because the country's name always stands next to it. */
export function CountryBadge({ country, className }: { country: CountryId; className?: string }) {
  const { t } = useTranslation("proxy-local")
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-10 shrink-0 items-center justify-center rounded-md bg-primary-soft font-mono text-sm font-semibold text-primary",
        className,
      )}
    >
      {t(`countries.${country}.code`)}
    </span>
  )
}

/** Home › Local proxies (› Country), for the hero. */
export function useLocalBreadcrumbs(country?: CountryId): BreadcrumbItem[] {
  const { t } = useTranslation("proxy-local")
  const items: BreadcrumbItem[] = [
    { label: t("breadcrumbs.home"), href: "/" },
    country
      ? { label: t("breadcrumbs.index"), href: "/proxy/local-proxies" }
      : { label: t("breadcrumbs.index") },
  ]
  if (country) items.push({ label: t(`countries.${country}.name`) })
  return items
}

/** The three steps from sign-up to the first request, shared by every page that shows a connection example. */
export function ConnectSteps() {
  const { t } = useTranslation("proxy-local")
  return <NumberedSteps titleAs="p" items={titledItems(t, "connect.steps", ["account", "user", "login"])} />
}
