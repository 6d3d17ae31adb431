import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Breadcrumbs, Button, Container, cn, type BreadcrumbItem } from "@manyhands/design-system"
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

/** Home › Local proxies (› Country): sits on the hero's background above it. */
export function LocalBreadcrumbs({ country }: { country?: CountryId }) {
  const { t } = useTranslation("proxy-local")
  const items: BreadcrumbItem[] = [
    { label: t("breadcrumbs.home"), href: "/" },
    country
      ? { label: t("breadcrumbs.index"), href: "/proxy/local-proxies" }
      : { label: t("breadcrumbs.index") },
  ]
  if (country) items.push({ label: t(`countries.${country}.name`) })
  return (
    <div className="bg-surface">
      <Container size="xl" className="pt-6">
        <Breadcrumbs
          items={items}
          label={t("breadcrumbs.label")}
          renderLink={({ href, ...props }) => <Link to={href} {...props} />}
        />
      </Container>
    </div>
  )
}

/** The main call to action: a customer account, where the proxy cabinet lives. */
export function RegisterButton({
  variant = "primary",
}: {
  variant?: "primary" | "secondary-white" | "primary-light"
}) {
  const { t } = useTranslation("proxy-local")
  return (
    <Button asChild size="lg" variant={variant}>
      <Link to={registerPath}>{t("actions.register")}</Link>
    </Button>
  )
}

/** The three steps from sign-up to the first request, shared by every page that shows a connection example. */
export function ConnectSteps() {
  const { t } = useTranslation("proxy-local")
  return (
    <ol className="flex flex-col gap-4">
      {(["account", "user", "login"] as const).map((step, index) => (
        <li key={step} className="flex gap-3">
          <span
            aria-hidden="true"
            className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary"
          >
            {index + 1}
          </span>
          <div>
            <p className="font-semibold">{t(`connect.steps.${step}.title`)}</p>
            <p className="text-muted-foreground">{t(`connect.steps.${step}.text`)}</p>
          </div>
        </li>
      ))}
    </ol>
  )
}
