import { useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import { Alert, Button, Field, RadioGroup, Select, TextInput } from "@manyhands/design-system"
import { InlineCode, TextLink } from "../../../blocks"
import { FormError, SwitchField, useForm, type FieldErrors } from "../../../forms"
import {
  CURRENCIES,
  type CaptchaPrices,
  type CaptchaSettings,
  type CaptchaSettingsChange,
  type Currency,
} from "@manyhands/contract/captcha"
import { CUSTOMER_PAGES, CustomerLayout } from "../../customer-layout"
import { FormSkeleton } from "../shared/form-skeleton"
import { SettingsCard } from "../shared/settings-card"
import {
  parseThousandths,
  thousandthsToDecimal,
  useCurrencyName,
  useLanguageName,
  usePriceFormat,
  useSaveSettings,
} from "../shared/settings-form"

/** The Select's value for "any language" (a Select option cannot be ""). */
const ANY = "any"
/** What turning 100 % recognition on from here sets; /setting/percent_100 changes it. */
const RECOGNITION_DEFAULT = { agree: 2, maxAnswers: 3 }
/** soft_id is a positive 32-bit integer. */
const SOFT_ID_MAX = 2_147_483_647

interface DefaultsValues {
  recognition: boolean
  language: string
  softId: string
  maxBid: string
  currency: Currency
}

/** The server's field names of PUT /api/v2/captcha/settings → this form's. */
const FIELD_NAMES: Record<string, keyof DefaultsValues> = {
  recognition: "recognition",
  "recognition.agree": "recognition",
  "recognition.maxAnswers": "recognition",
  "defaults.language": "language",
  "defaults.softId": "softId",
  "defaults.maxBid": "maxBid",
  currency: "currency",
}

const valuesOf = (settings: CaptchaSettings): DefaultsValues => ({
  recognition: settings.recognition !== null,
  language: settings.defaults.language ?? ANY,
  softId: settings.defaults.softId === null ? "" : String(settings.defaults.softId),
  maxBid: settings.defaults.maxBid ?? "",
  currency: settings.currency,
})

/** /setting/edit: the defaults of tasks sent with the API key, and the account currency. */
export default function DefaultsScreen({
  captchaSettings,
  captchaPrices,
}: {
  captchaSettings?: CaptchaSettings
  captchaPrices?: CaptchaPrices
}) {
  const { t } = useTranslation("captcha-settings")
  return (
    <CustomerLayout page="edit" title={t("pages.edit.title")} lead={t("pages.edit.lead")}>
      <SettingsCard id="defaults-form" title={t("defaults.title")} description={t("defaults.description")}>
        {captchaSettings ? (
          <DefaultsForm settings={captchaSettings} prices={captchaPrices} />
        ) : (
          <FormSkeleton fields={5} />
        )}
      </SettingsCard>
    </CustomerLayout>
  )
}

function DefaultsForm({ settings, prices }: { settings: CaptchaSettings; prices?: CaptchaPrices }) {
  const { t } = useTranslation("captcha-settings")
  const save = useSaveSettings()
  const languageName = useLanguageName()
  const currencyName = useCurrencyName()
  // What the server has now: the form sends only what differs from it.
  const [base, setBase] = useState(settings)
  const [notice, setNotice] = useState<"saved" | "unchanged" | null>(null)

  const form = useForm<DefaultsValues>({
    initial: valuesOf(settings),
    validate: (values) => {
      const errors: FieldErrors<DefaultsValues> = {}
      const softId = values.softId.trim()
      if (softId && !(/^\d+$/.test(softId) && Number(softId) >= 1 && Number(softId) <= SOFT_ID_MAX))
        errors.softId = t("defaults.softIdInvalid")
      if (values.maxBid.trim()) {
        const bid = parseThousandths(values.maxBid)
        if (bid === null) errors.maxBid = t("defaults.maxBidInvalid")
        else if (bid === 0) errors.maxBid = t("defaults.maxBidZero")
      }
      return errors
    },
    submit: async (values) => {
      setNotice(null)
      const change = changeOf(base, values)
      if (Object.keys(change).length === 0) {
        setNotice("unchanged")
        return
      }
      const saved = await save(change, FIELD_NAMES)
      setBase(saved)
      // The stored form of what was typed ("1,5" → "1.50").
      form.reset(valuesOf(saved))
      setNotice("saved")
    },
  })
  const set = <K extends keyof DefaultsValues>(name: K, value: DefaultsValues[K]) => {
    setNotice(null)
    form.set(name, value)
  }

  const languages = [
    { value: ANY, label: t("defaults.anyLanguage") },
    ...settings.languageOptions
      .map((code) => ({ value: code, label: languageName(code) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  ]
  const recognition = base.recognition ?? RECOGNITION_DEFAULT

  return (
    <form method="post" className="flex max-w-xl flex-col gap-6" onSubmit={form.onSubmit} noValidate>
      <SwitchField
        {...form.field("recognition")}
        label={t("defaults.recognition")}
        description={
          <>
            {t("defaults.recognitionHint", { agree: recognition.agree, max: recognition.maxAnswers })}{" "}
            <TextLink to={CUSTOMER_PAGES.settings.percent100.href}>{t("defaults.recognitionLink")}</TextLink>
          </>
        }
        checked={form.values.recognition}
        onCheckedChange={(on) => set("recognition", on)}
      />
      <Field label={t("defaults.language")} hint={t("defaults.languageHint")} {...form.field("language")}>
        <Select
          options={languages}
          value={form.values.language}
          onValueChange={(value) => set("language", value)}
          name="language"
        />
      </Field>
      <Field label={t("defaults.softId")} hint={t("defaults.softIdHint")} {...form.field("softId")}>
        <TextInput
          inputMode="numeric"
          autoComplete="off"
          className="max-w-48"
          {...form.input("softId")}
          onChange={(event) => set("softId", event.target.value)}
        />
      </Field>
      <Field
        label={t("defaults.maxBid", { currency: form.values.currency })}
        hint={t("defaults.maxBidHint")}
        {...form.field("maxBid")}
      >
        <TextInput
          inputMode="decimal"
          autoComplete="off"
          placeholder={t("defaults.maxBidPlaceholder")}
          suffix={form.values.currency}
          className="max-w-48"
          {...form.input("maxBid")}
          onChange={(event) => set("maxBid", event.target.value)}
        />
      </Field>
      <BidEffect bid={form.values.maxBid} currency={form.values.currency} prices={prices} />
      <Field label={t("defaults.currency")} hint={t("defaults.currencyHint")} {...form.field("currency")}>
        <RadioGroup
          options={CURRENCIES.map((currency) => ({ value: currency, label: currencyName(currency) }))}
          value={form.values.currency}
          onValueChange={(value) => set("currency", value as Currency)}
          orientation="horizontal"
          name="currency"
        />
      </Field>
      <FormError message={form.formError} />
      {notice === "saved" ? <Alert tone="success">{t("defaults.saved")}</Alert> : null}
      {notice === "unchanged" ? <Alert tone="info">{t("shared.unchanged")}</Alert> : null}
      <div>
        <Button type="submit" loading={form.submitting} disabled={form.submitting}>
          {t("defaults.submit")}
        </Button>
      </div>
    </form>
  )
}

/** Only what differs from the stored settings, as PUT /api/v2/captcha/settings takes it. */
function changeOf(base: CaptchaSettings, values: DefaultsValues): CaptchaSettingsChange {
  const change: CaptchaSettingsChange = {}
  if (values.recognition !== (base.recognition !== null))
    change.recognition = values.recognition ? RECOGNITION_DEFAULT : null
  if (values.currency !== base.currency) change.currency = values.currency
  const defaults: CaptchaSettingsChange["defaults"] = {}
  const language = values.language === ANY ? null : values.language
  if (language !== base.defaults.language) defaults.language = language
  const softId = values.softId.trim() ? Number(values.softId.trim()) : null
  if (softId !== base.defaults.softId) defaults.softId = softId
  const bid = values.maxBid.trim() ? parseThousandths(values.maxBid) : null
  const baseBid = base.defaults.maxBid === null ? null : parseThousandths(base.defaults.maxBid)
  if (bid !== baseBid) defaults.maxBid = bid === null ? null : thousandthsToDecimal(bid)
  if (Object.keys(defaults).length > 0) change.defaults = defaults
  return change
}

/** Which image captchas the bid being typed would refuse, announced as it changes. */
function BidEffect({ bid, currency, prices }: { bid: string; currency: Currency; prices?: CaptchaPrices }) {
  const { t } = useTranslation("captcha-settings")
  const { t: common } = useTranslation("common")
  const price = usePriceFormat()
  const limit = bid.trim() ? parseThousandths(bid) : null
  const images = prices?.prices.filter((entry) => entry.kind === "image" && entry.currency === currency) ?? []
  const above =
    limit === null || limit === 0
      ? []
      : images.filter((entry) => (parseThousandths(entry.perThousand) ?? 0) > limit)

  let content
  if (!bid.trim()) content = <p>{t("defaults.bidNone")}</p>
  else if (limit === null || limit === 0) content = null
  else if (!prices) content = <p>{t("defaults.bidPricesLoading")}</p>
  else if (above.length === 0) content = <p>{t("defaults.bidAllAccepted")}</p>
  else
    content = (
      <>
        <p>
          <Trans t={t} i18nKey="defaults.bidRefused" components={{ code: <InlineCode /> }} />
        </p>
        <ul className="flex flex-col gap-1">
          {above.map((entry) => (
            <li key={entry.type} className="flex flex-wrap justify-between gap-x-4">
              <span>{common(`captchaTypes.${entry.type}`, { defaultValue: entry.type })}</span>
              <span className="tabular-nums">
                {t("shared.perThousand", { price: price(entry.perThousand, currency) })}
              </span>
            </li>
          ))}
        </ul>
      </>
    )
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-md border border-border bg-surface-muted p-4 text-sm empty:hidden"
    >
      {content}
    </div>
  )
}
