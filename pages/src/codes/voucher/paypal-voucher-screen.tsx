import { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Alert, Button, Field, TextInput } from "@manyhands/design-system"
import { LinkButton, NumberedSteps, useMicroMoney } from "../../blocks"
import { SettingsCard } from "../../customer/settings/shared/settings-card"
import { FormError, useForm, type FieldErrors } from "../../forms"
import { MoneyLayout } from "../../money/money-layout"
import { useShellServices } from "../../shell-context"
import { codesApi, type VoucherRedeemed } from "@manyhands/contract/codes"
import { VOUCHER_SUPPORT_EMAIL } from "../codes-data"
import { formatVoucherInput, useCodeFailure, voucherCodeOf } from "../shared/code-parts"

/**
 * /pay/paypal_voucher: a voucher bought from support with PayPal is redeemed here; its amount is added to the
 * balance at once. How to buy one is explained below the form.
 */
export default function PaypalVoucherScreen() {
  const { t } = useTranslation("codes")
  const [redeemed, setRedeemed] = useState<VoucherRedeemed | null>(null)
  return (
    <MoneyLayout page="voucher" titleId="voucher-title" title={t("voucher.title")} lead={t("voucher.lead")}>
      {redeemed ? (
        <RedeemedCard redeemed={redeemed} onAnother={() => setRedeemed(null)} />
      ) : (
        <RedeemForm onRedeemed={setRedeemed} />
      )}
      <HowToBuy />
    </MoneyLayout>
  )
}

function RedeemForm({ onRedeemed }: { onRedeemed: (redeemed: VoucherRedeemed) => void }) {
  const { t } = useTranslation("codes")
  const { api } = useShellServices()
  const translate = useCodeFailure()
  const form = useForm({
    initial: { code: "" },
    validate: (values) => {
      const errors: FieldErrors<{ code: string }> = {}
      if (values.code === "") errors.code = t("voucher.redeem.required")
      else if (!voucherCodeOf(values.code)) errors.code = t("errors.VOUCHER_CODE_INVALID")
      return errors
    },
    submit: async (values) => {
      try {
        onRedeemed(
          await api.send<VoucherRedeemed>("POST", codesApi.redeemVoucher.url(), { code: values.code }),
        )
      } catch (error) {
        throw translate(error)
      }
    },
  })
  return (
    <SettingsCard
      id="voucher-redeem"
      title={t("voucher.redeem.title")}
      description={t("voucher.redeem.description")}
    >
      <form method="post" className="flex flex-col gap-5" onSubmit={form.onSubmit} noValidate>
        <Field label={t("voucher.redeem.label")} hint={t("voucher.redeem.hint")} {...form.field("code")}>
          <TextInput
            name="code"
            value={form.values.code}
            onChange={(event) => form.set("code", formatVoucherInput(event.target.value))}
            onBlur={() => form.touch("code")}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            size="lg"
            className="max-w-sm font-mono tracking-wider"
          />
        </Field>
        <FormError message={form.formError} title={t("voucher.redeem.refused")} />
        <div>
          <Button type="submit" size="lg" loading={form.submitting} disabled={form.submitting}>
            {t("voucher.redeem.submit")}
          </Button>
        </div>
      </form>
    </SettingsCard>
  )
}

/** What the voucher added and what the balance is now; the focus comes here so it is read out. */
function RedeemedCard({ redeemed, onAnother }: { redeemed: VoucherRedeemed; onAnother: () => void }) {
  const { t } = useTranslation("codes")
  const money = useMicroMoney()
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => box.current?.focus(), [])
  return (
    <div ref={box} tabIndex={-1} className="outline-none">
      <Alert
        tone="success"
        title={t("voucher.done.title")}
        action={
          <>
            <Button variant="secondary" onClick={onAnother}>
              {t("voucher.done.another")}
            </Button>
            <Button asChild variant="tertiary">
              <Link to="/pay/history_day">{t("voucher.done.history")}</Link>
            </Button>
          </>
        }
      >
        {t("voucher.done.text", {
          amount: money(redeemed.amount, redeemed.currency),
          balance: money(redeemed.balance, redeemed.currency),
        })}
      </Alert>
    </div>
  )
}

function HowToBuy() {
  const { t } = useTranslation("codes")
  const mail = `mailto:${VOUCHER_SUPPORT_EMAIL}?subject=${encodeURIComponent(t("voucher.buy.subject"))}`
  return (
    <SettingsCard id="voucher-buy" title={t("voucher.buy.title")} description={t("voucher.buy.description")}>
      <NumberedSteps
        items={(["write", "pay", "receive"] as const).map((id) => ({
          id,
          title: t(`voucher.buy.steps.${id}.title`),
          text: t(`voucher.buy.steps.${id}.text`, { email: VOUCHER_SUPPORT_EMAIL }),
        }))}
      />
      <div>
        <LinkButton href={mail} variant="secondary">
          {t("voucher.buy.write")}
        </LinkButton>
      </div>
    </SettingsCard>
  )
}
