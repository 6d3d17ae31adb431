import { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { useParams } from "react-router"
import {
  Alert,
  Badge,
  Button,
  Card,
  CardBody,
  CardFooter,
  CardHeader,
  CardTitle,
  ErrorState,
  Skeleton,
  SkeletonGroup,
  WarningIcon,
} from "@manyhands/design-system"
import type { ResponseOf } from "@manyhands/contract"
import {
  paymentsApi,
  SANDBOX_OUTCOMES,
  type SandboxCheckout,
  type SandboxOutcome,
} from "@manyhands/contract/money"
import { useApi } from "../../api"
import { LinkButton, useMicroMoney } from "../../blocks"
import { FormError } from "../../forms"
import { Section } from "../../layout/section"
import { ApiFailure, useShellServices } from "../../shell-context"
import { MONEY_PAGES } from "../money-layout"
import { StatusBadge, leavePage, type LeavePage } from "../shared/money-parts"

const OUTCOMES: readonly SandboxOutcome[] = SANDBOX_OUTCOMES
const OUTCOME_VARIANTS = { succeed: "primary", fail: "primary-danger", pending: "secondary" } as const

export interface SandboxCheckoutScreenProps {
  /** Where the payer goes back to after the "bank" decided; a full load unless a story watches it. */
  leave?: LeavePage
}

/**
 * /pay/sandbox/{checkoutId}: the built-in sandbox provider's "bank". Nothing here is real money: the payer
 * decides whether the payment succeeds, fails or stays pending, the sandbox sends its signed webhook, and the
 * payer goes back to the site. Open without sign-in: the checkout id is the secret.
 */
export default function SandboxCheckoutScreen({ leave = leavePage }: SandboxCheckoutScreenProps) {
  const { t } = useTranslation("money")
  const { checkoutId = "" } = useParams()
  // A 404 (no such checkout) is an answer of its own.
  const checkout = useApi<SandboxCheckout>(paymentsApi.sandboxCheckout.url({ checkoutId }))

  return (
    <Section labelledBy="sandbox-title" className="min-h-[60vh]">
      <div className="mx-auto flex max-w-lg flex-col gap-6">
        <div className="flex flex-col items-start gap-3">
          <Badge tone="warning" size="lg" icon={<WarningIcon />}>
            {t("sandbox.badge")}
          </Badge>
          <h1 id="sandbox-title" className="text-3xl font-bold tracking-tight text-balance">
            {t("sandbox.title")}
          </h1>
          <p className="text-pretty text-muted-foreground">{t("sandbox.lead")}</p>
        </div>
        {checkout.data ? (
          <CheckoutCard checkout={checkout.data} leave={leave} />
        ) : checkout.error?.status === 404 ? (
          <Alert tone="warning" title={t("sandbox.unknown.title")}>
            <p>{t("sandbox.unknown.text")}</p>
            <div className="mt-3">
              <LinkButton to={MONEY_PAGES.topUp.href} variant="secondary">
                {t("sandbox.unknown.action")}
              </LinkButton>
            </div>
          </Alert>
        ) : checkout.error ? (
          <ErrorState
            size="section"
            title={t("sandbox.error")}
            description={checkout.error.message}
            onRetry={checkout.retry}
            retryLabel={t("sandbox.retry")}
          />
        ) : (
          <CheckoutSkeleton />
        )}
      </div>
    </Section>
  )
}

function CheckoutCard({ checkout, leave }: { checkout: SandboxCheckout; leave: LeavePage }) {
  const { t } = useTranslation("money")
  const { api } = useShellServices()
  const money = useMicroMoney()
  const [working, setWorking] = useState<SandboxOutcome | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [leaving, setLeaving] = useState(false)
  const errorBox = useRef<HTMLDivElement>(null)
  const decided = checkout.status !== "pending"

  const decide = async (outcome: SandboxOutcome) => {
    setWorking(outcome)
    setFailure(null)
    try {
      const { returnUrl } = await api.send<ResponseOf<typeof paymentsApi.sandboxComplete>>(
        "POST",
        paymentsApi.sandboxComplete.url({ checkoutId: checkout.checkoutId }),
        { outcome },
      )
      setLeaving(true)
      leave(returnUrl)
    } catch (error) {
      if (!(error instanceof ApiFailure)) console.error("Manyhands: the sandbox checkout failed", error)
      setFailure(error instanceof ApiFailure ? error.message : t("sandbox.failed"))
      setWorking(null)
    }
  }
  // Once the refusal is drawn (the box is hidden while empty), the focus goes to it so it is read out.
  useEffect(() => {
    if (failure) errorBox.current?.focus()
  }, [failure])

  return (
    <Card asChild>
      <section aria-labelledby="sandbox-amount">
        <CardHeader action={<StatusBadge status={checkout.status} />}>
          <p className="text-sm text-muted-foreground">{t("sandbox.amountLabel")}</p>
          <CardTitle as="h2" id="sandbox-amount" className="text-3xl tabular-nums">
            {money(checkout.amount, checkout.currency)}
          </CardTitle>
        </CardHeader>
        <CardBody className="flex flex-col gap-4">
          {decided ? (
            <p>{t(`sandbox.decided.${checkout.status as Exclude<typeof checkout.status, "pending">}`)}</p>
          ) : (
            <p>{t("sandbox.choose")}</p>
          )}
          <div ref={errorBox} tabIndex={-1} className="outline-none empty:hidden">
            <FormError message={failure} title={t("sandbox.refused")} />
          </div>
          {leaving ? (
            <Alert tone="info" role="status">
              {t("sandbox.leaving")}
            </Alert>
          ) : null}
        </CardBody>
        <CardFooter divided className="flex flex-col items-stretch gap-3">
          {decided ? (
            <LinkButton href={checkout.returnUrl}>{t("sandbox.back")}</LinkButton>
          ) : (
            OUTCOMES.map((outcome) => (
              <Button
                key={outcome}
                size="lg"
                fullWidth
                variant={OUTCOME_VARIANTS[outcome]}
                loading={working === outcome}
                disabled={working !== null || leaving}
                onClick={() => void decide(outcome)}
              >
                {t(`sandbox.outcomes.${outcome}`)}
              </Button>
            ))
          )}
        </CardFooter>
      </section>
    </Card>
  )
}

function CheckoutSkeleton() {
  return (
    <Card aria-hidden="true">
      <CardBody>
        <SkeletonGroup className="flex flex-col gap-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-9 w-40" />
          <Skeleton className="h-4 w-full" />
          {OUTCOMES.map((outcome) => (
            <Skeleton key={outcome} className="h-12 w-full" />
          ))}
        </SkeletonGroup>
      </CardBody>
    </Card>
  )
}
