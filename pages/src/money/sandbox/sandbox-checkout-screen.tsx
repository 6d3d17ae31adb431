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
import { LinkButton, useMicroMoney } from "../../blocks"
import { FormError } from "../../forms"
import { Section } from "../../layout/section"
import { ApiFailure, useShellServices } from "../../shell-context"
import { MONEY_URLS, type SandboxCheckout, type SandboxOutcome } from "../money-data"
import { MONEY_PAGES } from "../money-layout"
import { StatusBadge, leavePage, type LeavePage } from "../shared/money-parts"

const OUTCOMES: readonly SandboxOutcome[] = ["succeed", "fail", "pending"]
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
  const checkout = useCheckout(checkoutId)

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
        {checkout.phase === "loading" ? (
          <CheckoutSkeleton />
        ) : checkout.phase === "unknown" ? (
          <Alert tone="warning" title={t("sandbox.unknown.title")}>
            <p>{t("sandbox.unknown.text")}</p>
            <div className="mt-3">
              <LinkButton to={MONEY_PAGES.topUp.href} variant="secondary">
                {t("sandbox.unknown.action")}
              </LinkButton>
            </div>
          </Alert>
        ) : checkout.phase === "failed" ? (
          <ErrorState
            size="section"
            title={t("sandbox.error")}
            description={checkout.failure.message}
            onRetry={checkout.retry}
            retryLabel={t("sandbox.retry")}
          />
        ) : (
          <CheckoutCard checkout={checkout.data} leave={leave} />
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
      const { returnUrl } = await api.send<{ returnUrl: string }>(
        "POST",
        MONEY_URLS.sandboxComplete(checkout.checkoutId),
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

type CheckoutState =
  | { phase: "loading" }
  | { phase: "unknown" }
  | { phase: "failed"; failure: ApiFailure }
  | { phase: "ready"; data: SandboxCheckout }

/** GET the checkout; a 404 (no such checkout) is an answer of its own. */
function useCheckout(checkoutId: string): CheckoutState & { retry: () => void } {
  const { api } = useShellServices()
  const { t } = useTranslation("common")
  const [round, setRound] = useState(0)
  const [state, setState] = useState<{ key: string; value: CheckoutState } | null>(null)
  const key = `${round}:${checkoutId}`

  useEffect(() => {
    let current = true
    api.get<SandboxCheckout>(MONEY_URLS.sandboxCheckout(checkoutId)).then(
      (data) => {
        if (current) setState({ key, value: { phase: "ready", data } })
      },
      (error: unknown) => {
        if (!current) return
        if (!(error instanceof ApiFailure))
          console.error("Manyhands: a sandbox checkout failed to load", error)
        const failure =
          error instanceof ApiFailure
            ? error
            : new ApiFailure(t("errors.codes.INTERNAL_ERROR"), "INTERNAL_ERROR", undefined)
        setState({ key, value: failure.status === 404 ? { phase: "unknown" } : { phase: "failed", failure } })
      },
    )
    return () => {
      current = false
    }
  }, [api, t, checkoutId, key])

  const value: CheckoutState = state?.key === key ? state.value : { phase: "loading" }
  return { ...value, retry: () => setRound((n) => n + 1) }
}
