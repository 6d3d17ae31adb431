import { useEffect, useRef, useState, type RefObject } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import {
  Alert,
  Button,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  ErrorState,
  SkeletonGroup,
  Skeleton,
  Spinner,
  useFormatter,
} from "@manyhands/design-system"
import { userApi } from "@manyhands/contract/accounts"
import { paymentsApi, type Payment } from "@manyhands/contract/money"
import { LinkButton, useMicroMoney } from "../../blocks"
import { ApiFailure, useShellServices } from "../../shell-context"
import { MONEY_PAGES, MoneyLayout } from "../money-layout"
import { StatusBadge, useProviderName } from "../shared/money-parts"
import { PaymentFacts } from "../shared/payment-facts"
import {
  CancelPaymentDialog,
  ContinuePaymentLink,
  resumable,
  usePaymentName,
} from "../shared/pending-payment"

/** Checks in a row that may fail while a pending payment is followed before the page stops and says so. */
const FOLLOW_FAILURES = 3

export interface PaymentResultScreenProps {
  /** Which return address the provider sent the payer to: /pay/ok or /pay/error. Only the wording differs. */
  arrivedAs?: "ok" | "error"
  /** How often a pending payment is checked, and for how long before the page stops and says it is pending. */
  followEveryMs?: number
  followForMs?: number
}

type Outcome = "loading" | "none" | "unknown" | "unavailable" | "pending" | "stillPending" | Payment["status"]

/**
 * /pay/ok and /pay/error (?payment=<id>): what happened to a payment and what comes next. The payment's state
 * on the server decides, not the address: a provider may send the payer to /pay/error after all went well.
 * A pending payment is checked every 2 s until the provider's confirmation arrives, for about two minutes; while
 * its checkout is open, the payer who left it may go back to it or cancel the payment.
 */
export default function PaymentResultScreen({
  arrivedAs = "ok",
  followEveryMs = 2_000,
  followForMs = 120_000,
}: PaymentResultScreenProps) {
  const { t } = useTranslation("money")
  const money = useMicroMoney()
  const format = useFormatter()
  const providerName = useProviderName()
  const paymentName = usePaymentName()
  const { refresh } = useShellServices()
  const [params] = useSearchParams()
  const id = params.get("payment")?.trim() || null
  const followed = useFollowedPayment(id, followEveryMs, followForMs)
  const { payment } = followed
  const [cancelling, setCancelling] = useState(false)
  // Why a cancellation was refused (the payment changed meanwhile): read out at once, as the state follows.
  const [refusal, setRefusal] = useState<string | null>(null)
  const cancelButton = useRef<HTMLButtonElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const can = payment ? resumable(payment) : null

  const outcome: Outcome = !id
    ? "none"
    : followed.failure?.status === 404
      ? "unknown"
      : followed.failure && !payment
        ? "unavailable"
        : !payment
          ? "loading"
          : payment.status === "pending"
            ? followed.gaveUp
              ? "stillPending"
              : "pending"
            : payment.status

  // The site header shows the balance (the current user's): fetch it again once the payment is in.
  const succeeded = payment?.status === "succeeded"
  useEffect(() => {
    if (succeeded) void refresh(userApi.me.url())
  }, [succeeded, refresh])

  const words = {
    amount: payment ? money(payment.amount, payment.currency) : "",
    provider: payment ? providerName(payment.provider).name : "",
    id: id ?? "",
  }
  const wording = outcome === "pending" && arrivedAs === "error" ? "pendingReturned" : outcome
  const resume =
    payment && can
      ? t(`result.resume.${can === "payable" && !payment.payableUntil ? "payableNoEnd" : can}`, {
          time: payment.payableUntil ? format.dateTime(payment.payableUntil) : "",
          provider: words.provider,
        })
      : null

  return (
    <MoneyLayout
      page={null}
      titleId="payment-result-title"
      title={t(`result.${wording}.title`)}
      lead={t("result.lead")}
    >
      {/* Each change of the payment's state is read out, as the page follows it without a reload. */}
      <p role="status" className="sr-only">
        {outcome === "loading" ? t("result.loading.title") : t(`result.${wording}.title`)}
      </p>
      {refusal ? (
        <Alert
          tone="warning"
          role="alert"
          onDismiss={() => setRefusal(null)}
          dismissLabel={t("pending.dismiss")}
        >
          {refusal}
        </Alert>
      ) : null}
      {outcome === "loading" ? (
        <ResultSkeleton />
      ) : outcome === "unavailable" ? (
        <ErrorState
          size="section"
          title={t("result.unavailable.heading")}
          description={followed.failure?.message}
          onRetry={followed.retry}
          retryLabel={t("result.retry")}
        />
      ) : (
        <Card asChild>
          <section aria-labelledby="payment-result-heading">
            <CardHeader action={payment ? <StatusBadge status={payment.status} /> : undefined}>
              <CardTitle
                as="h2"
                id="payment-result-heading"
                ref={heading}
                tabIndex={-1}
                className="outline-none"
              >
                {t(`result.${wording}.heading`, words)}
              </CardTitle>
            </CardHeader>
            <CardBody className="flex flex-col gap-5">
              <p className="flex items-start gap-3 text-pretty">
                {outcome === "pending" ? <Spinner size="sm" label="" className="mt-1" /> : null}
                <span>{t(`result.${wording}.text`, words)}</span>
              </p>
              {resume ? <p className="text-pretty">{resume}</p> : null}
              {followed.failure && payment ? (
                <p className="text-sm text-danger-text">{t("result.followFailed")}</p>
              ) : null}
              {payment ? <PaymentFacts payment={payment} showStatus={false} /> : null}
              <ResultActions
                outcome={outcome}
                // Following stopped (time up, or failing checks) while the payment is pending.
                checkAgain={payment?.status === "pending" && (followed.gaveUp || followed.failure !== null)}
                onCheckAgain={followed.retry}
                checkoutUrl={can === "payable" ? payment!.checkoutUrl : null}
                cancellable={can === "payable" || can === "noCheckout"}
                cancelButton={cancelButton}
                onCancel={() => setCancelling(true)}
              />
            </CardBody>
          </section>
        </Card>
      )}
      <CancelPaymentDialog
        payment={cancelling ? payment : null}
        focusAfter={heading}
        onKeep={() => {
          setCancelling(false)
          requestAnimationFrame(() => cancelButton.current?.focus())
        }}
        onCancelled={(cancelled) => {
          setCancelling(false)
          followed.replace(cancelled)
        }}
        onRefused={(failure, asked) => {
          setCancelling(false)
          setRefusal(t("pending.notCancelled", { ...paymentName(asked), reason: failure.message }))
          // What it is now (paid, declined, or still on its way).
          followed.retry()
        }}
      />
    </MoneyLayout>
  )
}

/** What to do next from each outcome: the main way on first. */
function ResultActions({
  outcome,
  checkAgain,
  onCheckAgain,
  checkoutUrl,
  cancellable,
  cancelButton,
  onCancel,
}: {
  outcome: Outcome
  checkAgain: boolean
  onCheckAgain: () => void
  /** A pending payment's open checkout, to go back to. */
  checkoutUrl: string | null
  /** A pending payment the payer may still give up. */
  cancellable: boolean
  cancelButton: RefObject<HTMLButtonElement | null>
  onCancel: () => void
}) {
  const { t } = useTranslation("money")
  const { accountType } = useShellServices()
  const history = (
    <LinkButton to={MONEY_PAGES.history.href} variant="secondary">
      {t("result.actions.history")}
    </LinkButton>
  )
  const again = <LinkButton to={MONEY_PAGES.topUp.href}>{t("result.actions.tryAgain")}</LinkButton>
  let actions
  if (outcome === "succeeded")
    actions = (
      <>
        <LinkButton to={accountType === "worker" ? "/cabinet" : "/enterpage"}>
          {t("result.actions.dashboard")}
        </LinkButton>
        {history}
      </>
    )
  else if (outcome === "failed" || outcome === "expired" || outcome === "cancelled")
    actions = (
      <>
        {again}
        {history}
      </>
    )
  else if (outcome === "pending" || outcome === "stillPending")
    // Back to the checkout first when it is open; checking again is the main way once following stopped.
    actions = (
      <>
        {checkoutUrl ? (
          <ContinuePaymentLink url={checkoutUrl} size="lg" label={t("pending.continue")} />
        ) : null}
        {checkAgain ? (
          <Button size="lg" variant={checkoutUrl ? "secondary" : "primary"} onClick={onCheckAgain}>
            {t("result.actions.checkAgain")}
          </Button>
        ) : null}
        {history}
        {cancellable ? (
          <Button ref={cancelButton} size="lg" variant="tertiary" aria-haspopup="dialog" onClick={onCancel}>
            {t("pending.cancelPayment")}
          </Button>
        ) : null}
      </>
    )
  else
    actions = (
      <>
        {history}
        <LinkButton to={MONEY_PAGES.topUp.href} variant="tertiary">
          {t("result.actions.topUp")}
        </LinkButton>
      </>
    )
  return <div className="flex flex-wrap gap-3">{actions}</div>
}

function ResultSkeleton() {
  return (
    <Card aria-hidden="true">
      <CardBody>
        <SkeletonGroup className="flex flex-col gap-4">
          <Skeleton className="h-6 w-64" />
          <Skeleton className="h-4 w-full max-w-md" />
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-4 w-full max-w-sm" />
          ))}
          <Skeleton className="h-12 w-48" />
        </SkeletonGroup>
      </CardBody>
    </Card>
  )
}

interface Followed {
  /** The payment as last seen, or null before the first answer. */
  payment: Payment | null
  /** Why the last check failed (404: no such payment of this user), or null. */
  failure: ApiFailure | null
  /** Still pending when the page stopped checking. */
  gaveUp: boolean
  /** Checks again from the start (after a failure, or when the page gave up). */
  retry: () => void
  /** The payment as an answer elsewhere gave it (a cancellation): shown, and no longer followed. */
  replace: (payment: Payment) => void
}

/** GET payments/:id, then again every `everyMs` while it is pending, for at most `forMs`. */
function useFollowedPayment(id: string | null, everyMs: number, forMs: number): Followed {
  const { api } = useShellServices()
  const { t } = useTranslation("common")
  const [round, setRound] = useState(0)
  const [payment, setPayment] = useState<Payment | null>(null)
  const [failure, setFailure] = useState<ApiFailure | null>(null)
  const [gaveUp, setGaveUp] = useState(false)

  useEffect(() => {
    if (!id) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    let seen = false
    const started = Date.now()
    const check = async () => {
      try {
        const next = await api.get<Payment>(paymentsApi.payment.url({ id }))
        if (stopped) return
        failures = 0
        seen = true
        setPayment(next)
        setFailure(null)
        if (next.status !== "pending") return
      } catch (error) {
        if (stopped) return
        if (!(error instanceof ApiFailure)) console.error("Manyhands: a payment could not be checked", error)
        const reason =
          error instanceof ApiFailure
            ? error
            : new ApiFailure(t("errors.codes.INTERNAL_ERROR"), "INTERNAL_ERROR", undefined)
        failures += 1
        // "No such payment" is an answer; a first check that fails shows at once; later ones get a few tries.
        if (reason.status === 404 || !seen || failures >= FOLLOW_FAILURES) {
          setFailure(reason)
          return
        }
      }
      if (Date.now() - started + everyMs > forMs) {
        setGaveUp(true)
        return
      }
      timer = setTimeout(() => void check(), everyMs)
    }
    void check()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [api, t, id, everyMs, forMs, round])

  return {
    payment,
    failure,
    gaveUp,
    retry: () => {
      setFailure(null)
      setGaveUp(false)
      setRound((n) => n + 1)
    },
    replace: (next) => {
      setPayment(next)
      setFailure(null)
      setGaveUp(false)
      // A new round stops the running one; a final payment is fetched once, then no more.
      setRound((n) => n + 1)
    },
  }
}
