import { useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import {
  Alert,
  Button,
  Field,
  KeyValueItem,
  KeyValueList,
  RadioGroup,
  useFormatter,
} from "@manyhands/design-system"
import { InlineCode, useMicroMoney } from "../../../blocks"
import { FormError, SwitchField, useForm, type FieldErrors } from "../../../forms"
import {
  RECOGNITION_MAX,
  RECOGNITION_MIN,
  type CaptchaPrices,
  type CaptchaSettings,
} from "@manyhands/contract/captcha"
import { CustomerLayout } from "../../customer-layout"
import { FormSkeleton } from "../shared/form-skeleton"
import { SettingsCard } from "../shared/settings-card"
import { perThousandMicro, useSaveSettings } from "../shared/settings-form"

/** The type whose price the page shows the effect on: the normal image captcha. */
const PRICED_TYPE = "ImageToTextTask"
const COUNTS = Array.from({ length: RECOGNITION_MAX - RECOGNITION_MIN + 1 }, (_, i) => RECOGNITION_MIN + i)

interface RecognitionValues {
  enabled: boolean
  agree: number
  maxAnswers: number
}

const FIELD_NAMES: Record<string, keyof RecognitionValues> = {
  recognition: "enabled",
  "recognition.agree": "agree",
  "recognition.maxAnswers": "maxAnswers",
}

/** /setting/percent_100: "100 % recognition": several workers per text captcha until enough answers agree. */
export default function RecognitionScreen({
  captchaSettings,
  captchaPrices,
}: {
  captchaSettings?: CaptchaSettings
  captchaPrices?: CaptchaPrices
}) {
  const { t } = useTranslation("captcha-settings")
  return (
    <CustomerLayout page="percent100" title={t("pages.percent100.title")} lead={t("pages.percent100.lead")}>
      <SettingsCard
        id="recognition-form"
        title={t("recognition.title")}
        description={t("recognition.description")}
      >
        {captchaSettings ? (
          <RecognitionForm settings={captchaSettings} prices={captchaPrices} />
        ) : (
          <FormSkeleton fields={3} />
        )}
      </SettingsCard>
    </CustomerLayout>
  )
}

function RecognitionForm({ settings, prices }: { settings: CaptchaSettings; prices?: CaptchaPrices }) {
  const { t } = useTranslation("captcha-settings")
  const save = useSaveSettings()
  const [saved, setSaved] = useState(false)
  const form = useForm<RecognitionValues>({
    initial: {
      enabled: settings.recognition !== null,
      agree: settings.recognition?.agree ?? 2,
      maxAnswers: settings.recognition?.maxAnswers ?? 3,
    },
    validate: (values) => {
      const errors: FieldErrors<RecognitionValues> = {}
      if (values.enabled && values.maxAnswers < values.agree) errors.maxAnswers = t("recognition.maxTooLow")
      return errors
    },
    submit: async (values) => {
      setSaved(false)
      await save(
        { recognition: values.enabled ? { agree: values.agree, maxAnswers: values.maxAnswers } : null },
        FIELD_NAMES,
      )
      setSaved(true)
    },
  })
  const { enabled, agree, maxAnswers } = form.values
  const setAgree = (value: number) => {
    setSaved(false)
    form.set("agree", value)
    // At most as many answers as must agree makes no sense: keep the maximum at least as high.
    if (form.values.maxAnswers < value) form.set("maxAnswers", value)
  }

  return (
    <form method="post" className="flex flex-col gap-6" onSubmit={form.onSubmit} noValidate>
      <div className="flex max-w-xl flex-col gap-6">
        <SwitchField
          {...form.field("enabled")}
          label={t("recognition.enabled")}
          description={t("recognition.enabledHint")}
          checked={enabled}
          onCheckedChange={(on) => {
            setSaved(false)
            form.set("enabled", on)
          }}
        />
        <Field
          label={t("recognition.agree")}
          hint={t("recognition.agreeHint")}
          disabled={!enabled}
          {...form.field("agree")}
        >
          <RadioGroup
            options={COUNTS.map((count) => ({ value: String(count), label: String(count) }))}
            value={String(agree)}
            onValueChange={(value) => setAgree(Number(value))}
            orientation="horizontal"
            name="agree"
          />
        </Field>
        <Field
          label={t("recognition.maxAnswers")}
          hint={t("recognition.maxAnswersHint")}
          disabled={!enabled}
          {...form.field("maxAnswers")}
        >
          <RadioGroup
            options={COUNTS.map((count) => ({
              value: String(count),
              label: String(count),
              disabled: count < agree,
            }))}
            value={String(maxAnswers)}
            onValueChange={(value) => {
              setSaved(false)
              form.set("maxAnswers", Number(value))
            }}
            orientation="horizontal"
            name="maxAnswers"
          />
        </Field>
      </div>
      <Effect values={form.values} settings={settings} prices={prices} />
      <FormError message={form.formError} />
      {saved ? (
        <Alert tone="success">{enabled ? t("recognition.savedOn") : t("recognition.savedOff")}</Alert>
      ) : null}
      <div>
        <Button type="submit" loading={form.submitting} disabled={form.submitting}>
          {t("recognition.submit")}
        </Button>
      </div>
    </form>
  )
}

/** What the choice costs and how it changes speed, before it is saved; announced as it changes. */
function Effect({
  values,
  settings,
  prices,
}: {
  values: RecognitionValues
  settings: CaptchaSettings
  prices?: CaptchaPrices
}) {
  const { t } = useTranslation("captcha-settings")
  const money = useMicroMoney()
  const format = useFormatter()
  const { currency } = settings
  const entry = prices?.prices.find((item) => item.type === PRICED_TYPE && item.currency === currency)
  const single = entry ? perThousandMicro(entry.perThousand) : null
  const perThousand = (micro: number) => t("shared.perThousand", { price: money(micro, currency) })
  const { enabled, agree, maxAnswers } = values

  return (
    <section
      aria-labelledby="recognition-effect"
      className="flex flex-col gap-4 rounded-lg border border-border bg-surface-muted p-5"
    >
      <h3 id="recognition-effect" className="text-base font-semibold">
        {t("recognition.effectTitle")}
      </h3>
      <div role="status" className="flex flex-col gap-4">
        {single === null ? (
          <p className="text-sm text-muted-foreground">
            {prices ? t("recognition.noPrice") : t("recognition.pricesLoading")}
          </p>
        ) : (
          <KeyValueList divided>
            <KeyValueItem label={t("recognition.priceWithout")} numeric>
              {perThousand(single)}
            </KeyValueItem>
            {enabled && agree === maxAnswers ? (
              <KeyValueItem label={t("recognition.priceFixed", { answers: agree })} numeric>
                {perThousand(single * agree)}
              </KeyValueItem>
            ) : enabled ? (
              <>
                <KeyValueItem label={t("recognition.priceMin", { answers: agree })} numeric>
                  {perThousand(single * agree)}
                </KeyValueItem>
                <KeyValueItem label={t("recognition.priceMax", { answers: maxAnswers })} numeric>
                  {perThousand(single * maxAnswers)}
                </KeyValueItem>
              </>
            ) : null}
          </KeyValueList>
        )}
        {enabled ? (
          <ul className="flex list-disc flex-col gap-2 ps-5 text-sm">
            <li>{t("recognition.chargeEvery", { agree, max: maxAnswers })}</li>
            <li>
              <Trans
                t={t}
                i18nKey="recognition.noAgreement"
                values={{ max: maxAnswers }}
                components={{ code: <InlineCode /> }}
              />
            </li>
            <li>
              {t("recognition.speed", {
                agree,
                deadline: format.duration(entry?.deadlineSeconds ?? 90),
              })}
            </li>
            <li>
              <Trans t={t} i18nKey="recognition.noReports" components={{ code: <InlineCode /> }} />
            </li>
          </ul>
        ) : (
          <p className="text-sm">{t("recognition.offEffect")}</p>
        )}
      </div>
    </section>
  )
}
