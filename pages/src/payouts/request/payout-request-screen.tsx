import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Alert,
  Button,
  Card,
  EmptyState,
  Field,
  KeyValueItem,
  KeyValueList,
  MoneyInput,
  RadioGroup,
  Skeleton,
  SkeletonGroup,
  WalletIcon,
} from "@manyhands/design-system"
import { LinkButton, TextLink } from "../../blocks"
import { FormSkeleton } from "../../customer/settings/shared/form-skeleton"
import { SettingsCard } from "../../customer/settings/shared/settings-card"
import { FormError, useForm, type FieldErrors } from "../../forms"
import { useShellServices } from "../../shell-context"
import {
  PAYOUT_SOURCES,
  payoutsApi,
  type Payout,
  type PayoutMethod,
  type PayoutSettings,
  type PayoutSource,
} from "@manyhands/contract/payouts"
import { PAYOUT_CURRENCY, payoutFee } from "../payouts-data"
import { PARTNER_PAGES, PartnerLayout } from "../payouts-layout"
import {
  centsToMicro,
  microToCents,
  refreshAll,
  useFeeText,
  useSourceName,
  useUsd,
} from "../shared/payout-parts"

export interface PayoutRequestScreenProps {
  /** GET /api/v2/payouts/methods, preloaded by the route (and fetched again after a request). */
  payoutSettings?: PayoutSettings
}

/**
 * /partner/payment: what can be paid out from each source, where it goes (the confirmed wallet), and the request:
 * an amount with its fee and what arrives, checked against the method's minimum and what is available.
 */
export default function PayoutRequestScreen({ payoutSettings }: PayoutRequestScreenProps) {
  const { t } = useTranslation("payouts")
  // The last request stays announced while the balances are fetched again (and after, when they fall short).
  const [requested, setRequested] = useState<Payout | null>(null)
  return (
    <PartnerLayout
      page="request"
      titleId="payout-request-title"
      title={t("request.title")}
      lead={t("request.lead")}
    >
      {/* A live region that stays, so the notice is announced when it appears; empty, it takes no room. */}
      <div role="status" className="empty:-mb-6">
        {requested ? <RequestedNotice payout={requested} onDismiss={() => setRequested(null)} /> : null}
      </div>
      {payoutSettings ? (
        <RequestContent settings={payoutSettings} onRequested={setRequested} />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2" aria-busy="true">
            <Card className="gap-3 px-5">
              <SkeletonGroup>
                <Skeleton className="h-4 w-32" />
                <Skeleton className="mt-3 h-8 w-28" />
              </SkeletonGroup>
            </Card>
          </div>
          <SettingsCard id="payout-request-form" title={t("request.amount.title")}>
            <FormSkeleton fields={2} />
          </SettingsCard>
        </>
      )}
    </PartnerLayout>
  )
}

/** The sources this user can be paid from: earnings for a worker (even at $0), and any source holding money. */
function useSources(settings: PayoutSettings): PayoutSource[] {
  const { accountType } = useShellServices()
  return PAYOUT_SOURCES.filter(
    (source) => settings.available[source] > 0 || (source === "earnings" && accountType === "worker"),
  )
}

function RequestContent({
  settings,
  onRequested,
}: {
  settings: PayoutSettings
  onRequested: (payout: Payout) => void
}) {
  const { t } = useTranslation("payouts")
  const usd = useUsd()
  const sources = useSources(settings)
  const method = settings.current
    ? settings.methods.find((candidate) => candidate.name === settings.current?.method)
    : undefined

  if (sources.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={<WalletIcon />}
          titleAs="h2"
          title={t("request.nothing.title")}
          description={t("request.nothing.text")}
          action={
            <div className="flex flex-wrap justify-center gap-3">
              <LinkButton variant="secondary" to="/make-money-online">
                {t("request.nothing.work")}
              </LinkButton>
              <LinkButton variant="secondary" to="/affiliate">
                {t("request.nothing.affiliate")}
              </LinkButton>
            </div>
          }
        />
      </Card>
    )
  }

  const best = Math.max(...sources.map((source) => settings.available[source]))
  return (
    <>
      <section aria-labelledby="payout-balances" className="flex flex-col gap-3">
        <h2 id="payout-balances" className="sr-only">
          {t("request.balances")}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {sources.map((source) => (
            <Card key={source} className="gap-1 px-5">
              <div role="group" aria-labelledby={`payout-source-${source}`} className="flex flex-col gap-1">
                <div className="flex items-start justify-between gap-3">
                  <p id={`payout-source-${source}`} className="text-sm font-medium text-muted-foreground">
                    {t(`sources.${source}.name`)}
                  </p>
                  <WalletIcon aria-hidden="true" className="shrink-0 text-muted-foreground" />
                </div>
                <p className="text-3xl font-semibold tracking-tight tabular-nums">
                  {usd(settings.available[source])}
                </p>
                <p className="text-sm text-muted-foreground">{t("request.availableNote")}</p>
              </div>
            </Card>
          ))}
        </div>
      </section>

      <SettingsCard
        id="payout-destination"
        title={t("request.destination.title")}
        description={method ? t("request.destination.description") : undefined}
        action={
          method ? (
            <TextLink to={PARTNER_PAGES.wallet.href}>{t("request.destination.change")}</TextLink>
          ) : null
        }
      >
        {settings.current && method ? (
          <Destination method={method} wallet={settings.current.wallet} />
        ) : (
          <Alert
            tone="warning"
            title={t("request.noWallet.title")}
            action={<LinkButton to={PARTNER_PAGES.wallet.href}>{t("request.noWallet.action")}</LinkButton>}
          >
            {t("request.noWallet.text")}
          </Alert>
        )}
      </SettingsCard>

      {settings.current && method ? (
        best < method.minimum ? (
          <Alert tone="info" title={t("request.tooLittle.title")}>
            {t("request.tooLittle.text", {
              minimum: usd(method.minimum),
              method: method.label,
              available: usd(best),
            })}
          </Alert>
        ) : (
          <RequestForm
            settings={settings}
            sources={sources}
            method={method}
            wallet={settings.current.wallet}
            onRequested={onRequested}
          />
        )
      ) : null}
    </>
  )
}

/** The confirmed method and wallet, with what the method costs. */
function Destination({ method, wallet }: { method: PayoutMethod; wallet: string }) {
  const { t } = useTranslation("payouts")
  const usd = useUsd()
  const feeText = useFeeText()
  return (
    <KeyValueList divided>
      <KeyValueItem label={t("request.destination.method")}>{method.label}</KeyValueItem>
      <KeyValueItem label={t("request.destination.wallet")} mono>
        <span className="break-all">{wallet}</span>
      </KeyValueItem>
      <KeyValueItem label={t("request.destination.minimum")} numeric>
        {usd(method.minimum)}
      </KeyValueItem>
      <KeyValueItem label={t("request.destination.fee")}>{feeText(method)}</KeyValueItem>
      <KeyValueItem label={t("request.destination.time")}>{t("timing")}</KeyValueItem>
    </KeyValueList>
  )
}

interface RequestValues {
  source: PayoutSource
  /** Cents, as MoneyInput gives them; null while empty. */
  amount: number | null
}

function RequestForm({
  settings,
  sources,
  method,
  wallet,
  onRequested,
}: {
  settings: PayoutSettings
  sources: PayoutSource[]
  method: PayoutMethod
  wallet: string
  onRequested: (payout: Payout) => void
}) {
  const { t } = useTranslation("payouts")
  const { api, refresh } = useShellServices()
  const usd = useUsd()
  const sourceName = useSourceName()
  const summaryId = useId()
  // The source holding the most starts chosen.
  const initialSource = sources.reduce((best, source) =>
    settings.available[source] > settings.available[best] ? source : best,
  )

  const form = useForm<RequestValues>({
    initial: { source: initialSource, amount: null },
    validate: ({ source, amount }) => {
      const errors: FieldErrors<RequestValues> = {}
      const micro = amount === null ? 0 : centsToMicro(amount)
      if (micro <= 0) errors.amount = t("request.errors.amountMissing")
      else if (micro < method.minimum)
        errors.amount = t("request.errors.belowMinimum", {
          method: method.label,
          minimum: usd(method.minimum),
        })
      else if (micro > settings.available[source])
        errors.amount = t("request.errors.exceedsAvailable", {
          available: usd(settings.available[source]),
          source: sourceName(source),
        })
      return errors
    },
    submit: async ({ source, amount }) => {
      const payout = await api.send<Payout>("POST", payoutsApi.request.url(), {
        amount: centsToMicro(amount ?? 0),
        source,
      })
      onRequested(payout)
      form.reset({ source, amount: null })
      // What is available shrank by the amount; the history has a new row.
      refreshAll(refresh, payoutsApi.settings.url(), payoutsApi.list.url())
    },
  })

  const { values } = form
  const available = settings.available[values.source]
  const micro = values.amount === null ? 0 : centsToMicro(values.amount)
  const valid = micro >= method.minimum && micro <= available
  const fee = valid ? payoutFee(method, micro) : 0
  const allCents = microToCents(available)

  return (
    <form method="post" onSubmit={form.onSubmit} noValidate>
      <SettingsCard
        id="payout-request-form"
        title={t("request.amount.title")}
        description={
          sources.length === 1
            ? t("request.amount.fromOne", { source: sourceName(values.source), available: usd(available) })
            : t("request.amount.description")
        }
      >
        {sources.length > 1 ? (
          <Field label={t("request.amount.source")} {...form.field("source")}>
            <RadioGroup
              name="source"
              value={values.source}
              onValueChange={(source) => form.set("source", source as PayoutSource)}
              options={sources.map((source) => ({
                value: source,
                label: t(`sources.${source}.name`),
                description: t("request.amount.sourceAvailable", {
                  available: usd(settings.available[source]),
                }),
              }))}
            />
          </Field>
        ) : (
          // One source and no choice to show it next to: a refusal about it reads above the amount.
          <FormError message={form.fieldError("source")} />
        )}
        <Field
          label={t("request.amount.label", { currency: PAYOUT_CURRENCY })}
          hint={t("request.amount.limits", {
            minimum: usd(method.minimum),
            method: method.label,
            available: usd(available),
          })}
          {...form.field("amount")}
        >
          <MoneyInput
            name="amount"
            currency={PAYOUT_CURRENCY}
            value={values.amount}
            onChange={(amount) => form.set("amount", amount)}
            onBlur={() => form.touch("amount")}
            size="lg"
            className="max-w-64"
          />
        </Field>
        <div>
          <Button
            variant={values.amount === allCents ? "primary" : "primary-light"}
            aria-pressed={values.amount === allCents}
            onClick={() => {
              form.set("amount", allCents)
              form.touch("amount")
            }}
            className="tabular-nums"
          >
            {t("request.amount.all", { amount: usd(centsToMicro(allCents)) })}
          </Button>
        </div>
        <div className="flex flex-col gap-1 rounded-md border border-border bg-surface-muted p-4 text-sm">
          <p id={summaryId} className="font-medium text-foreground">
            {valid
              ? t("request.summary.text", { net: usd(micro - fee), fee: usd(fee) })
              : t("request.summary.incomplete")}
          </p>
          <p className="text-muted-foreground">{t("request.summary.next", { method: method.label })}</p>
          <p className="font-mono text-xs break-all text-muted-foreground">{wallet}</p>
        </div>
        <FormError
          message={form.formError}
          title={t("request.refused")}
          action={
            form.failure?.code === "PAYOUT_WALLET_MISSING" ? (
              <TextLink to={PARTNER_PAGES.wallet.href}>{t("request.noWallet.action")}</TextLink>
            ) : undefined
          }
        />
        <div>
          <Button
            type="submit"
            size="lg"
            loading={form.submitting}
            disabled={form.submitting}
            aria-describedby={summaryId}
          >
            {t("request.submit")}
          </Button>
        </div>
      </SettingsCard>
    </form>
  )
}

/** The request went through: what was asked, what arrives where, and the way to follow it. */
function RequestedNotice({ payout, onDismiss }: { payout: Payout; onDismiss: () => void }) {
  const { t } = useTranslation("payouts")
  const usd = useUsd()
  const sourceName = useSourceName()
  return (
    <Alert
      tone="success"
      role="none"
      title={t("request.done.title", { amount: usd(payout.amount) })}
      action={<TextLink to={PARTNER_PAGES.history.href}>{t("request.done.history")}</TextLink>}
      onDismiss={onDismiss}
      dismissLabel={t("request.done.dismiss")}
    >
      {t("request.done.text", {
        source: sourceName(payout.source),
        net: usd(payout.net),
        wallet: payout.wallet,
      })}
    </Alert>
  )
}
