import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import {
  Alert,
  Badge,
  Button,
  type BadgeTone,
  CopyButton,
  ErrorState,
  Field,
  MoneyInput,
  ProgressBar,
  Skeleton,
  SkeletonGroup,
  useFormatter,
} from "@manyhands/design-system"
import {
  cryptoApi,
  paymentsApi,
  type CreatedPayment,
  type CryptoCoin,
  type CryptoCurrenciesData,
  type CryptoCurrency,
  type CryptoInvoice,
  type CryptoInvoiceState,
} from "@manyhands/contract/money"
import { useApi } from "../api"
import { LinkButton, useMicroMoney } from "../blocks"
import { FormSkeleton } from "../customer/settings/shared/form-skeleton"
import { SettingsCard } from "../customer/settings/shared/settings-card"
import { FormError, useForm, type FieldErrors } from "../forms"
import { MoneyLayout } from "../money/money-layout"
import { microToMinor, minorToMicro } from "../money/shared/money-parts"
import { useShellServices } from "../shell-context"

/**
 * The server's QR code (SVG) as an image address, as the two-factor setup shows its own: an <img> never runs
 * scripts in an SVG. Kept here so this chunk does not load the profile's screens.
 */
function svgDataUrl(svg: string): string {
  let binary = ""
  for (const byte of new TextEncoder().encode(svg)) binary += String.fromCharCode(byte)
  return `data:image/svg+xml;base64,${btoa(binary)}`
}

/** How often an open invoice is asked about. */
const FOLLOW_EVERY_MS = 10_000
const FINAL: readonly CryptoInvoiceState[] = ["paid", "expired", "cancelled"]
const STATE_TONES: Record<CryptoInvoiceState, BadgeTone> = {
  waiting: "info",
  seen: "info",
  underpaid: "warning",
  paid: "success",
  expired: "neutral",
  cancelled: "neutral",
}
/** The amount a new invoice starts with, USD micro-units (a usual top-up), when within the limits. */
const USUAL_AMOUNT = 25_000_000

export interface CryptoInvoiceScreenProps {
  /** Which coin this page takes (the route's fixed prop). */
  coin: CryptoCoin
  /** GET /api/v2/crypto/currencies, preloaded by the route. */
  cryptoCurrencies?: CryptoCurrenciesData
  /** Milliseconds since 1970; stories fix it so the countdown holds still. */
  clock?: () => number
}

/**
 * /pay/cryptocurrency-btc-BTC, -bch-BCH and -tron-USDT: the amount in dollars, then the invoice: the address
 * and the exact coin amount (both copyable), a QR code, the time the rate holds, and the payment's state as
 * the chain watcher sees it, asked about every 10 seconds. ?payment=<id> opens an invoice already made.
 */
export default function CryptoInvoiceScreen({
  coin,
  cryptoCurrencies,
  clock = Date.now,
}: CryptoInvoiceScreenProps) {
  const { t } = useTranslation("crypto")
  const [params, setParams] = useSearchParams()
  // Set by this page (a new invoice, or none); otherwise the address says which invoice is open.
  const [chosen, setChosen] = useState<string | null | undefined>(undefined)
  const paymentId = chosen === undefined ? params.get("payment") : chosen
  const currency = cryptoCurrencies?.currencies.find((c) => c.coin === coin)
  const name = t(`coins.${coin}`)

  const open = (id: string | null) => {
    setChosen(id)
    setParams(id === null ? {} : { payment: id })
  }

  return (
    <MoneyLayout page="topUp" titleId="crypto-title" title={t("title", { coin: name })} lead={t("lead")}>
      {!cryptoCurrencies ? (
        <SettingsCard id="crypto-form" title={t("form.title")}>
          <FormSkeleton fields={1} />
        </SettingsCard>
      ) : !currency?.enabled ? (
        <Alert tone="warning" title={t("off.title", { coin: name })}>
          <p>{t("off.text", { coin: name })}</p>
          <div className="mt-3">
            <LinkButton to="/addbalance" variant="secondary">
              {t("off.action")}
            </LinkButton>
          </div>
        </Alert>
      ) : paymentId ? (
        <InvoiceFollower key={paymentId} paymentId={paymentId} clock={clock} onNew={() => open(null)} />
      ) : (
        <AmountForm currency={currency} limits={cryptoCurrencies.limits} onCreated={open} />
      )}
    </MoneyLayout>
  )
}

// ---------------------------------------------------------------------------------------------------------
// The amount

/** The coin amount of `usdMicro` at `rate`, rounded up as the server quotes it ("0.00038462"). */
export function estimateCoins(usdMicro: number, rate: string, decimals: number): string {
  const [whole = "0", fraction = ""] = rate.split(".")
  const scaled = BigInt(whole + fraction)
  if (scaled === 0n) return "0"
  const numerator = BigInt(usdMicro) * 10n ** BigInt(decimals + fraction.length)
  const denominator = scaled * 1_000_000n
  const units = (numerator + denominator - 1n) / denominator
  const scale = 10n ** BigInt(decimals)
  const rest = (units % scale).toString().padStart(decimals, "0").replace(/0+$/, "")
  return `${units / scale}${rest ? `.${rest}` : ""}`
}

function AmountForm({
  currency,
  limits,
  onCreated,
}: {
  currency: CryptoCurrency
  limits: { min: number; max: number }
  onCreated: (paymentId: string) => void
}) {
  const { t } = useTranslation("crypto")
  const { api } = useShellServices()
  const money = useMicroMoney()
  const format = useFormatter()
  const usual = USUAL_AMOUNT >= limits.min && USUAL_AMOUNT <= limits.max ? USUAL_AMOUNT : limits.min

  const form = useForm<{ amount: number | null }>({
    initial: { amount: microToMinor(usual, "USD") },
    validate: ({ amount }) => {
      const errors: FieldErrors<{ amount: number | null }> = {}
      const micro = amount === null ? 0 : minorToMicro(amount, "USD")
      if (micro === 0) errors.amount = t("form.errors.amountMissing")
      else if (micro < limits.min)
        errors.amount = t("form.errors.amountTooSmall", { min: money(limits.min, "USD") })
      else if (micro > limits.max)
        errors.amount = t("form.errors.amountTooLarge", { max: money(limits.max, "USD") })
      return errors
    },
    submit: async ({ amount }) => {
      const created = await api.send<CreatedPayment>("POST", paymentsApi.create.url(), {
        provider: currency.provider,
        amount: minorToMicro(amount ?? 0, "USD"),
        currency: "USD",
      })
      onCreated(created.id)
    },
  })

  const micro = form.values.amount === null ? null : minorToMicro(form.values.amount, "USD")
  const ready = micro !== null && micro >= limits.min && micro <= limits.max
  const rate = currency.rate
  const usdRate = (value: string) =>
    format.number(Number(value), { style: "currency", currency: "USD", maximumFractionDigits: 6 })

  return (
    <form method="post" onSubmit={form.onSubmit} noValidate>
      <SettingsCard
        id="crypto-form"
        title={t("form.title")}
        description={t("form.description", { symbol: currency.symbol })}
      >
        <Field
          label={t("form.label")}
          hint={t("form.limits", { min: money(limits.min, "USD"), max: money(limits.max, "USD") })}
          {...form.field("amount")}
        >
          <MoneyInput
            name="amount"
            currency="USD"
            value={form.values.amount}
            onChange={(amount) => form.set("amount", amount)}
            onBlur={() => form.touch("amount")}
            min={microToMinor(limits.min, "USD")}
            max={Math.floor(limits.max / minorToMicro(1, "USD"))}
            size="lg"
            className="max-w-64"
          />
        </Field>
        <div className="flex flex-col gap-2 rounded-md border border-border bg-surface-muted p-4 text-sm">
          {rate ? <p>{t("form.rate", { rate: usdRate(rate), symbol: currency.symbol })}</p> : null}
          <p className="font-medium text-foreground">
            {ready && micro !== null && rate
              ? t("form.estimate", {
                  amount: estimateCoins(micro, rate, currency.decimals),
                  symbol: currency.symbol,
                  usd: money(micro, "USD"),
                })
              : t("form.incomplete")}
          </p>
          <p className="text-muted-foreground">
            {t("form.quote", { minutes: currency.quoteMinutes, confirmations: currency.confirmations })}
          </p>
        </div>
        <FormError message={form.formError} title={t("form.refused")} />
        <div>
          <Button type="submit" size="lg" loading={form.submitting}>
            {t("form.submit")}
          </Button>
        </div>
      </SettingsCard>
    </form>
  )
}

// ---------------------------------------------------------------------------------------------------------
// The invoice

/** The invoice on screen and the clock when it arrived (the countdown corrects the browser's clock by it). */
interface ShownInvoice {
  invoice: CryptoInvoice
  fetchedAt: number
}

/**
 * The invoice, asked about again every FOLLOW_EVERY_MS until it is paid or expired. While following, a failed
 * look keeps what is shown (and is asked again); a first look that fails is the error to show.
 */
function useInvoice(paymentId: string, clock: () => number) {
  const [shown, setShown] = useState<ShownInvoice | null>(null)
  const settled = shown !== null && FINAL.includes(shown.invoice.state)
  const followed = useApi<CryptoInvoice>(cryptoApi.invoice.url({ paymentId }), {
    refreshInterval: settled ? 0 : FOLLOW_EVERY_MS,
  })
  const invoice = followed.data ?? followed.last
  const current =
    invoice === undefined ? null : invoice === shown?.invoice ? shown : { invoice, fetchedAt: clock() }
  // A new answer: kept with its time (and, once it is paid or expired, the polling stops).
  if (current !== shown) setShown(current)
  return { shown: current, error: current ? undefined : followed.error, retry: followed.retry }
}

/** Now by the server's clock, again every second. */
function useServerNow(clock: () => number, offset: number) {
  const [, setTick] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 1000)
    return () => clearInterval(timer)
  }, [])
  return clock() + offset
}

function InvoiceFollower({
  paymentId,
  clock,
  onNew,
}: {
  paymentId: string
  clock: () => number
  onNew: () => void
}) {
  const { t } = useTranslation("crypto")
  const { shown, error, retry } = useInvoice(paymentId, clock)
  if (shown)
    return <InvoiceCard invoice={shown.invoice} fetchedAt={shown.fetchedAt} clock={clock} onNew={onNew} />
  if (error?.status === 404)
    return (
      <Alert tone="warning" title={t("invoice.unknown.title")}>
        <p>{t("invoice.unknown.text")}</p>
        <div className="mt-3">
          <Button variant="secondary" onClick={onNew}>
            {t("invoice.newInvoice")}
          </Button>
        </div>
      </Alert>
    )
  if (error)
    return (
      <ErrorState
        size="section"
        title={t("invoice.error")}
        description={error.message}
        onRetry={retry}
        retryLabel={t("invoice.retry")}
      />
    )
  return <InvoiceSkeleton />
}

/** Minutes and seconds: 1781 → "29:41"; an hour or more → "1:05:00". */
function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const pad = (n: number) => String(n).padStart(2, "0")
  const hours = Math.floor(s / 3600)
  return hours > 0
    ? `${hours}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
    : `${Math.floor(s / 60)}:${pad(s % 60)}`
}

function InvoiceCard({
  invoice,
  fetchedAt,
  clock,
  onNew,
}: {
  invoice: CryptoInvoice
  fetchedAt: number
  clock: () => number
  onNew: () => void
}) {
  const { t } = useTranslation("crypto")
  const money = useMicroMoney()
  const format = useFormatter()
  const now = useServerNow(clock, Date.parse(invoice.serverTime) - fetchedAt)
  const { state, symbol } = invoice
  const created = Date.parse(invoice.createdAt)
  const expires = Date.parse(invoice.expiresAt)
  const secondsLeft = Math.max(0, (expires - now) / 1000)
  const open = state === "waiting" || state === "underpaid" || state === "seen"
  const usd = money(invoice.usdAmount, "USD")
  const rate = format.number(Number(invoice.rate), {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 6,
  })
  const tron = invoice.coin === "usdt-tron"
  const late = state === "expired" && invoice.received !== "0"

  const headline = {
    waiting: {
      title: t("invoice.states.waiting.title"),
      text: t("invoice.states.waiting.text", { amount: invoice.coinAmount, symbol }),
    },
    seen: {
      title: t("invoice.states.seen.title", {
        count: invoice.confirmations,
        required: invoice.requiredConfirmations,
      }),
      text: t("invoice.states.seen.text", { required: invoice.requiredConfirmations }),
    },
    underpaid: {
      title: t("invoice.states.underpaid.title"),
      text: t("invoice.states.underpaid.text", {
        received: invoice.received,
        remaining: invoice.remaining,
        symbol,
      }),
    },
    paid: { title: t("invoice.states.paid.title"), text: t("invoice.states.paid.text", { usd }) },
    expired: { title: t("invoice.states.expired.title"), text: t("invoice.states.expired.text") },
    cancelled: { title: t("invoice.states.cancelled.title"), text: t("invoice.states.cancelled.text") },
  }[state]
  const tone = state === "paid" ? "success" : state === "waiting" || state === "seen" ? "info" : "warning"

  return (
    <SettingsCard
      id="crypto-invoice"
      title={t("invoice.title", { id: invoice.paymentId })}
      action={
        <Badge tone={STATE_TONES[state]} dot>
          {t(`invoice.badges.${state}`)}
        </Badge>
      }
    >
      <Alert tone={tone} title={headline.title}>
        <p>{headline.text}</p>
        {late ? (
          <p className="mt-2">
            {t("invoice.states.expired.received", { received: invoice.received, symbol })}
          </p>
        ) : null}
        {invoice.overpaid ? (
          <p className="mt-2">{t("invoice.overpaid", { amount: invoice.overpaid, symbol })}</p>
        ) : null}
        {!late && (invoice.review.includes("late_payment") || invoice.review.includes("reversed")) ? (
          <p className="mt-2">{t("invoice.review")}</p>
        ) : null}
      </Alert>

      {open ? (
        <div className="grid gap-6 md:grid-cols-[auto_1fr]">
          <div className="flex flex-col items-center gap-2 md:items-start">
            <img
              src={svgDataUrl(invoice.qrSvg)}
              alt={
                tron
                  ? t("invoice.qrAltTron", { address: invoice.address })
                  : t("invoice.qrAlt", { amount: invoice.coinAmount, symbol, address: invoice.address })
              }
              width={208}
              height={208}
              className="size-52 rounded-md border border-border bg-white p-2"
            />
            {tron ? <p className="max-w-52 text-sm text-muted-foreground">{t("invoice.qrTron")}</p> : null}
          </div>
          <div className="flex min-w-0 flex-col gap-5">
            <div className="flex flex-col gap-2">
              <p className="text-sm text-muted-foreground">{t("invoice.amountLabel")}</p>
              <div className="flex flex-wrap items-center gap-3">
                <p className="font-mono text-2xl font-semibold tabular-nums">
                  {state === "underpaid" ? invoice.remaining : invoice.coinAmount} {symbol}
                </p>
                <CopyButton
                  value={state === "underpaid" ? invoice.remaining : invoice.coinAmount}
                  label={state === "underpaid" ? t("invoice.copyRemaining") : t("invoice.copyAmount")}
                />
              </div>
              <p className="text-sm text-muted-foreground">{t("invoice.worth", { usd, rate, symbol })}</p>
            </div>
            <div className="flex flex-col gap-2">
              <p className="text-sm text-muted-foreground">
                {t("invoice.addressLabel", { network: invoice.network })}
              </p>
              <div className="flex flex-wrap items-center gap-3">
                <code className="break-all rounded-md border border-border bg-surface-muted px-3 py-2 font-mono text-sm">
                  {invoice.address}
                </code>
                <CopyButton value={invoice.address} label={t("invoice.copyAddress")} />
              </div>
              <p className="text-sm text-muted-foreground">{t("invoice.onlyOnce")}</p>
              {tron ? <p className="text-sm font-medium">{t("invoice.network")}</p> : null}
            </div>
            {state === "seen" ? (
              <ProgressBar
                label={t("invoice.confirmations")}
                value={invoice.confirmations}
                max={invoice.requiredConfirmations}
                valueText={t("invoice.confirmationsValue", {
                  count: invoice.confirmations,
                  required: invoice.requiredConfirmations,
                })}
                tone="success"
              />
            ) : secondsLeft > 0 ? (
              <ProgressBar
                label={t("invoice.timeLeft")}
                value={secondsLeft}
                max={Math.max(1, (expires - created) / 1000)}
                valueText={clockText(secondsLeft)}
              />
            ) : (
              <p className="text-sm font-medium">{t("invoice.timeUp")}</p>
            )}
            <p className="text-sm text-muted-foreground">{t("invoice.following")}</p>
          </div>
        </div>
      ) : null}

      {invoice.transactions.length > 0 ? (
        <section aria-labelledby="crypto-transactions" className="flex flex-col gap-2">
          <h3 id="crypto-transactions" className="text-sm font-semibold">
            {t("invoice.transactions")}
          </h3>
          <ul className="flex flex-col gap-2 text-sm">
            {invoice.transactions.map((tx) => (
              <li key={tx.txid} className="flex flex-col">
                <span>
                  {t("invoice.transaction", { amount: tx.amount, symbol, count: tx.confirmations })}
                  {tx.counted ? null : (
                    <span className="text-muted-foreground"> · {t("invoice.notCounted")}</span>
                  )}
                </span>
                <code className="break-all font-mono text-xs text-muted-foreground">{tx.txid}</code>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {state === "paid" || state === "expired" || state === "cancelled" ? (
        <div className="flex flex-wrap gap-3">
          {state !== "paid" ? (
            <Button size="lg" onClick={onNew}>
              {t("invoice.newInvoice")}
            </Button>
          ) : null}
          <LinkButton to="/pay/history_payment" variant={state === "paid" ? "primary" : "secondary"}>
            {t("invoice.history")}
          </LinkButton>
        </div>
      ) : null}
    </SettingsCard>
  )
}

function InvoiceSkeleton() {
  const { t } = useTranslation("crypto")
  return (
    <SettingsCard id="crypto-invoice" title={t("invoice.loading")}>
      <SkeletonGroup className="grid gap-6 md:grid-cols-[auto_1fr]" aria-hidden="true">
        <Skeleton className="size-52" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-56" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-3 w-full" />
        </div>
      </SkeletonGroup>
    </SettingsCard>
  )
}
