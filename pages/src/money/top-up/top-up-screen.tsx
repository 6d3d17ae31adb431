import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { useParams } from "react-router"
import { Alert, Badge, Button, Field, MoneyInput, RadioGroup, useFormatter } from "@manyhands/design-system"
import type { CampaignList, DiscountCampaign } from "@manyhands/contract/discounts"
import {
  paymentsApi,
  type CreatedPayment,
  type Currency,
  type PaymentProvider,
  type ProvidersData,
} from "@manyhands/contract/money"
import { MICRO, TextLink, useMicroMoney } from "../../blocks"
import { FormSkeleton } from "../../customer/settings/shared/form-skeleton"
import { SettingsCard } from "../../customer/settings/shared/settings-card"
import { bestCampaign, bonusOf } from "../../discounts/discounts-data"
import { useCampaignTexts } from "../../discounts/shared/campaign-parts"
import { FormError, useForm, type FieldErrors } from "../../forms"
import { useShellServices } from "../../shell-context"
import { MoneyLayout } from "../money-layout"
import { leavePage, microToMinor, minorToMicro, useProviderName, type LeavePage } from "../shared/money-parts"

/** Amounts offered as one-click choices, in whole currency units; only those within the limits are shown. */
const QUICK_AMOUNTS: Record<Currency, number[]> = {
  USD: [10, 25, 50, 100],
  RUB: [1_000, 2_500, 5_000, 10_000],
}

/** Radio options drawn as cards: the whole card chooses, the chosen one is outlined. */
const RADIO_CARDS = [
  "grid gap-3 sm:grid-cols-2",
  "[&>[data-slot=radio-option]]:relative [&>[data-slot=radio-option]]:rounded-lg [&>[data-slot=radio-option]]:border",
  "[&>[data-slot=radio-option]]:border-border [&>[data-slot=radio-option]]:bg-surface [&>[data-slot=radio-option]]:p-4",
  "[&>[data-slot=radio-option]:has([data-state=checked])]:border-primary",
  "[&>[data-slot=radio-option]:has([data-state=checked])]:bg-primary-soft",
  "[&>[data-slot=radio-option]:hover]:border-primary",
  // The label's box covers the card, so a click anywhere on it chooses the option.
  "[&_label]:after:absolute [&_label]:after:inset-0 [&_label]:after:content-['']",
].join(" ")

interface TopUpValues {
  provider: string
  currency: Currency
  /** Minor units of the currency (cents), as MoneyInput gives them; null while empty. */
  amount: number | null
}

export interface TopUpScreenProps {
  /** GET /api/v2/payments/providers, preloaded by the route. */
  paymentProviders?: ProvidersData
  /** GET /api/v2/discount-campaigns, preloaded by the route: the bonus a top-up gets is shown before paying. */
  discountCampaigns?: CampaignList
  /** Where the browser goes to pay; a full load unless a story watches it. */
  leave?: LeavePage
}

/**
 * /addbalance, /pay and /pay/{shortname}: how much, in which currency and with which provider; then the
 * payment is created and the browser continues on the provider's page. /pay/{shortname} opens with that provider
 * chosen.
 */
export default function TopUpScreen({
  paymentProviders,
  discountCampaigns,
  leave = leavePage,
}: TopUpScreenProps) {
  const { t } = useTranslation("money")
  const { shortname } = useParams()
  const providers = paymentProviders?.providers
  const asked = shortname && providers ? providers.find((p) => p.shortname === shortname) : undefined
  return (
    <MoneyLayout page="topUp" titleId="top-up-title" title={t("topUp.title")} lead={t("topUp.lead")}>
      {shortname && providers && !asked ? (
        <Alert tone="warning" title={t("topUp.unknownProvider.title", { shortname })}>
          {t("topUp.unknownProvider.text")}
        </Alert>
      ) : null}
      {!paymentProviders ? (
        <SettingsCard id="top-up-form" title={t("topUp.method.title")}>
          <FormSkeleton fields={3} />
        </SettingsCard>
      ) : paymentProviders.providers.length === 0 ? (
        <Alert tone="info" title={t("topUp.noProviders.title")}>
          {t("topUp.noProviders.text")}
        </Alert>
      ) : (
        <>
          {/* No real provider configured (a demo or test installation): said before anything is chosen. */}
          {paymentProviders.providers.every((provider) => provider.shortname === "sandbox") ? (
            <Alert tone="warning" title={t("topUp.sandboxOnly.title")}>
              {t("topUp.sandboxOnly.text")}
            </Alert>
          ) : null}
          {/* A provider chosen by another address (/pay/card after /pay/sandbox) starts a fresh form. */}
          <TopUpForm
            key={asked?.shortname}
            data={paymentProviders}
            preselected={asked?.shortname}
            campaigns={discountCampaigns?.items ?? []}
            leave={leave}
          />
        </>
      )}
    </MoneyLayout>
  )
}

/** The amount a form starts with, in minor units: the second quick amount within the limits (a usual top-up). */
function defaultAmount(data: ProvidersData, currency: Currency): number | null {
  const fitting = quickAmounts(data, currency)
  return fitting[1] ?? fitting[0] ?? null
}

/** The quick amounts of a currency within its limits, in minor units. */
function quickAmounts(data: ProvidersData, currency: Currency): number[] {
  const limits = data.limits[currency]
  return QUICK_AMOUNTS[currency]
    .map((units) => units * MICRO)
    .filter((micro) => !limits || (micro >= limits.min && micro <= limits.max))
    .map((micro) => microToMinor(micro, currency))
}

function TopUpForm({
  data,
  preselected,
  campaigns,
  leave,
}: {
  data: ProvidersData
  preselected: string | undefined
  campaigns: readonly DiscountCampaign[]
  leave: LeavePage
}) {
  const { t } = useTranslation("money")
  const { t: td } = useTranslation("discounts")
  const campaignTexts = useCampaignTexts()
  const { api } = useShellServices()
  const money = useMicroMoney()
  const providerName = useProviderName()
  const currencyName = useCurrencyName()
  const summaryId = useId()
  const [leaving, setLeaving] = useState<string | null>(null)

  const first = data.providers.find((p) => p.shortname === preselected) ?? data.providers[0]!
  const firstCurrency = first.currencies[0] ?? "USD"
  const providerOf = (shortname: string): PaymentProvider | undefined =>
    data.providers.find((p) => p.shortname === shortname)

  const form = useForm<TopUpValues>({
    initial: {
      provider: first.shortname,
      currency: firstCurrency,
      amount: defaultAmount(data, firstCurrency),
    },
    validate: (values) => {
      const errors: FieldErrors<TopUpValues> = {}
      const provider = providerOf(values.provider)
      if (!provider) errors.provider = t("topUp.errors.providerMissing")
      else if (!provider.currencies.includes(values.currency))
        errors.currency = t("topUp.errors.currencyUnsupported", {
          provider: providerName(provider.shortname).name,
          currency: values.currency,
        })
      const limits = data.limits[values.currency]
      const micro = values.amount === null ? null : minorToMicro(values.amount, values.currency)
      if (micro === null || micro === 0) errors.amount = t("topUp.errors.amountMissing")
      else if (limits && micro < limits.min)
        errors.amount = t("topUp.errors.amountTooSmall", { min: money(limits.min, values.currency) })
      else if (limits && micro > limits.max)
        errors.amount = t("topUp.errors.amountTooLarge", { max: money(limits.max, values.currency) })
      return errors
    },
    submit: async (values) => {
      const created = await api.send<CreatedPayment>("POST", paymentsApi.create.url(), {
        provider: values.provider,
        amount: minorToMicro(values.amount ?? 0, values.currency),
        currency: values.currency,
      })
      setLeaving(values.provider)
      leave(created.redirectUrl)
    },
  })

  const { values } = form
  const provider = providerOf(values.provider)
  const currencies = provider?.currencies ?? []
  const limits = data.limits[values.currency]
  const micro = values.amount === null ? null : minorToMicro(values.amount, values.currency)
  // The summary names the sums only once the form would be sent as it is.
  const ready =
    provider !== undefined &&
    provider.currencies.includes(values.currency) &&
    micro !== null &&
    micro > 0 &&
    (!limits || (micro >= limits.min && micro <= limits.max))
  // The bonus the server will record for this payment (the best running campaign for the amount), and otherwise
  // the best running campaign of the currency, as a hint at the amounts that would get it.
  const campaign = ready && micro !== null ? bestCampaign(campaigns, micro, values.currency) : null
  const bonus = campaign && micro !== null ? bonusOf(micro, campaign.percent) : 0
  const missed = campaign
    ? null
    : campaigns
        .filter((c) => c.state === "active" && c.currency === values.currency)
        .reduce<DiscountCampaign | null>((best, c) => (!best || c.percent > best.percent ? c : best), null)

  const chooseProvider = (shortname: string) => {
    form.set("provider", shortname)
    const next = providerOf(shortname)
    // A currency the new provider does not take: its first one instead, with a usual amount in it.
    if (next && !next.currencies.includes(values.currency) && next.currencies[0]) {
      form.set("currency", next.currencies[0])
      form.set("amount", defaultAmount(data, next.currencies[0]))
    }
  }
  const chooseCurrency = (currency: Currency) => {
    if (currency === values.currency) return
    form.set("currency", currency)
    form.set("amount", defaultAmount(data, currency))
  }

  return (
    <form method="post" className="flex flex-col gap-6" onSubmit={form.onSubmit} noValidate>
      <SettingsCard
        id="top-up-method"
        title={t("topUp.method.title")}
        description={t("topUp.method.description")}
      >
        <Field label={t("topUp.method.label")} {...form.field("provider")}>
          <RadioGroup
            name="provider"
            value={values.provider}
            onValueChange={chooseProvider}
            className={RADIO_CARDS}
            options={data.providers.map((p) => {
              const name = providerName(p.shortname)
              return {
                value: p.shortname,
                label: (
                  <span className="flex flex-wrap items-center gap-2">
                    {name.name}
                    {name.test ? (
                      <Badge tone="warning" size="sm">
                        {t("topUp.method.testBadge")}
                      </Badge>
                    ) : null}
                  </span>
                ),
                description: name.description ?? t("topUp.method.otherDescription"),
              }
            })}
          />
        </Field>
      </SettingsCard>

      <SettingsCard
        id="top-up-amount"
        title={t("topUp.amount.title")}
        description={t("topUp.amount.description")}
      >
        {currencies.length > 1 ? (
          <Field label={t("topUp.amount.currency")} {...form.field("currency")}>
            <RadioGroup
              name="currency"
              orientation="horizontal"
              value={values.currency}
              onValueChange={(value) => chooseCurrency(value as Currency)}
              options={currencies.map((currency) => ({ value: currency, label: currencyName(currency) }))}
            />
          </Field>
        ) : form.fieldError("currency") ? (
          <Alert tone="danger">{form.fieldError("currency")}</Alert>
        ) : null}
        <Field
          label={t("topUp.amount.label", { currency: values.currency })}
          hint={
            limits
              ? t("topUp.amount.limits", {
                  min: money(limits.min, values.currency),
                  max: money(limits.max, values.currency),
                })
              : undefined
          }
          {...form.field("amount")}
        >
          <MoneyInput
            name="amount"
            currency={values.currency}
            value={values.amount}
            onChange={(amount) => form.set("amount", amount)}
            onBlur={() => form.touch("amount")}
            min={limits ? microToMinor(limits.min, values.currency) : undefined}
            max={limits ? Math.floor(limits.max / minorToMicro(1, values.currency)) : undefined}
            size="lg"
            className="max-w-64"
          />
        </Field>
        <QuickAmounts
          amounts={quickAmounts(data, values.currency)}
          currency={values.currency}
          value={values.amount}
          onPick={(amount) => {
            form.set("amount", amount)
            form.touch("amount")
          }}
        />
        <div className="flex flex-col gap-2 rounded-md border border-border bg-surface-muted p-4 text-sm">
          <p id={summaryId} className="font-medium text-foreground">
            {ready && micro !== null
              ? campaign
                ? td("topUp.summary", {
                    pay: money(micro, values.currency),
                    credit: money(micro + bonus, values.currency),
                    percent: campaignTexts.percent(campaign),
                    name: campaignTexts.name(campaign),
                  })
                : t("topUp.summary.text", {
                    pay: money(micro, values.currency),
                    credit: money(micro, values.currency),
                  })
              : t("topUp.summary.incomplete")}
          </p>
          {campaign ? (
            <p className="text-foreground">
              {td("topUp.bonus", { bonus: money(bonus, values.currency) })}{" "}
              <TextLink to="/p/discount-campaigns">{td("topUp.more")}</TextLink>
            </p>
          ) : missed ? (
            <p className="text-foreground">
              {td("topUp.hint", {
                band: campaignTexts.band(missed),
                percent: campaignTexts.percent(missed),
                name: campaignTexts.name(missed),
              })}{" "}
              <TextLink to="/p/discount-campaigns">{td("topUp.more")}</TextLink>
            </p>
          ) : null}
          {provider && providerName(provider.shortname).test ? (
            <p className="text-muted-foreground">{t("topUp.summary.test")}</p>
          ) : (
            <p className="text-muted-foreground">{t("topUp.summary.next")}</p>
          )}
        </div>
        <FormError message={form.formError} title={t("topUp.refused")} />
        {leaving ? (
          <Alert tone="info" role="status">
            {t("topUp.leaving", { provider: providerName(leaving).name })}
          </Alert>
        ) : null}
        <div>
          <Button
            type="submit"
            size="lg"
            loading={form.submitting || leaving !== null}
            disabled={form.submitting || leaving !== null}
            aria-describedby={summaryId}
          >
            {t("topUp.submit")}
          </Button>
        </div>
      </SettingsCard>
    </form>
  )
}

/** One-click amounts; the one equal to the amount in the field is shown pressed. */
function QuickAmounts({
  amounts,
  currency,
  value,
  onPick,
}: {
  amounts: number[]
  currency: Currency
  value: number | null
  onPick: (amount: number) => void
}) {
  const { t } = useTranslation("money")
  const money = useMicroMoney()
  const labelId = useId()
  if (amounts.length === 0) return null
  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium text-foreground">
        {t("topUp.amount.quick")}
      </span>
      <div role="group" aria-labelledby={labelId} className="flex flex-wrap gap-2">
        {amounts.map((amount) => (
          <Button
            key={amount}
            variant={value === amount ? "primary" : "primary-light"}
            aria-pressed={value === amount}
            onClick={() => onPick(amount)}
            className="tabular-nums"
          >
            {money(minorToMicro(amount, currency), currency)}
          </Button>
        ))}
      </div>
    </div>
  )
}

/** "US Dollar (USD)" in the page's language. */
function useCurrencyName(): (currency: string) => string {
  const { t } = useTranslation("money")
  const format = useFormatter()
  return (currency) => t("topUp.amount.currencyName", { name: format.currencyName(currency), code: currency })
}
