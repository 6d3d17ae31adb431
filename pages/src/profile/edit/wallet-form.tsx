import { useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Alert,
  Button,
  Field,
  RadioGroup,
  SkeletonGroup,
  SkeletonText,
  TextInput,
} from "@manyhands/design-system"
import { FormError, isEmail, useForm, type FieldErrors } from "../../forms"
import { useShellServices } from "../../shell-context"
import { profileApi } from "@manyhands/contract/accounts"
import type { PayoutMethodName, PayoutSettings } from "@manyhands/contract/payouts"
import { payoutMethodLabel, usePayoutSettings, usePayoutTerms } from "../payout-methods"
import { ProfileCard } from "../profile-card"
import { CurrentPasswordField } from "../profile-forms"

interface WalletValues {
  method: PayoutMethodName | ""
  wallet: string
  password: string
}

/** Radio options drawn as cards: the whole card chooses, the chosen one is outlined. */
const RADIO_CARDS = [
  "grid gap-3",
  "[&>[data-slot=radio-option]]:relative [&>[data-slot=radio-option]]:rounded-lg [&>[data-slot=radio-option]]:border",
  "[&>[data-slot=radio-option]]:border-border [&>[data-slot=radio-option]]:bg-surface [&>[data-slot=radio-option]]:p-4",
  "[&>[data-slot=radio-option]:has([data-state=checked])]:border-primary",
  "[&>[data-slot=radio-option]:has([data-state=checked])]:bg-primary-soft",
  "[&>[data-slot=radio-option]:hover]:border-primary",
  // The label's box covers the card, so a click anywhere on it chooses the option.
  "[&_label]:after:absolute [&_label]:after:inset-0 [&_label]:after:content-['']",
].join(" ")

/**
 * How the address field asks for each method's wallet. An address's start is a format, the same in every
 * language; the e-mail example is the page's own (edit.wallet.methods.paypal.placeholder).
 */
const ADDRESS_INPUT: Record<
  PayoutMethodName,
  {
    type: "text" | "email"
    inputMode: "text" | "email"
    autoComplete: string
    placeholder: string | null
    /** Crypto addresses in a monospace face, where 0/O and l/1 differ. */
    mono: boolean
  }
> = {
  "usdt-trc20": { type: "text", inputMode: "text", autoComplete: "off", placeholder: "T…", mono: true },
  btc: { type: "text", inputMode: "text", autoComplete: "off", placeholder: "bc1…", mono: true },
  paypal: { type: "email", inputMode: "email", autoComplete: "email", placeholder: null, mono: false },
}

/**
 * Only the obvious, so a slip is caught before the password is typed; the server checks the checksums of
 * crypto addresses and its message shows on the field.
 */
function addressLooksRight(method: PayoutMethodName, wallet: string): boolean {
  switch (method) {
    case "usdt-trc20":
      return /^T\S{33}$/.test(wallet)
    case "btc":
      return /^(bc1|[13])\S+$/i.test(wallet)
    case "paypal":
      return isEmail(wallet)
  }
}

/**
 * The payout method and wallet, behind the current password → POST /api/v2/profile/wallet. They are used
 * only after the owner confirms them through the link mailed to the account's address. `wallet` is the
 * current user's stored wallet, described until the methods are loaded; `payoutSettings` where the route
 * preloaded GET /api/v2/payouts/methods (else the form fetches it).
 */
export function WalletForm({
  email,
  wallet,
  payoutSettings,
}: {
  email: string
  wallet: string | null
  payoutSettings?: PayoutSettings
}) {
  const { t } = useTranslation("profile")
  const settings = usePayoutSettings(payoutSettings)

  let description: string
  if (settings.phase === "ready") {
    const { current, methods } = settings.data
    description = current
      ? t("edit.wallet.description", {
          method:
            methods.find((method) => method.name === current.method)?.label ??
            payoutMethodLabel(current.method),
          wallet: current.wallet,
        })
      : wallet
        ? t("edit.wallet.descriptionNoMethod", { wallet })
        : t("edit.wallet.descriptionNone")
  } else {
    description = wallet ? t("edit.wallet.descriptionWallet", { wallet }) : t("edit.wallet.descriptionNone")
  }

  return (
    <ProfileCard id="profile-wallet" title={t("edit.wallet.title")} description={description}>
      {settings.phase === "ready" ? (
        <MethodWalletForm email={email} settings={settings.data} />
      ) : settings.phase === "failed" ? (
        <Alert
          tone="danger"
          title={t("edit.wallet.loadFailed")}
          action={
            <Button variant="secondary" onClick={settings.retry}>
              {t("edit.wallet.retry")}
            </Button>
          }
        >
          {settings.failure.message}
        </Alert>
      ) : (
        <SkeletonGroup>
          <SkeletonText lines={6} />
        </SkeletonGroup>
      )}
    </ProfileCard>
  )
}

function MethodWalletForm({ email, settings }: { email: string; settings: PayoutSettings }) {
  const { t } = useTranslation("profile")
  const { api } = useShellServices()
  const terms = usePayoutTerms()
  const [sent, setSent] = useState(false)
  // Only methods this form knows how to ask for: a new one appears once its texts are written.
  const methods = settings.methods.filter((option) => option.name in ADDRESS_INPUT)
  // The confirmed method first; else the first of the catalogue.
  const method = settings.current?.method ?? methods[0]?.name ?? ""

  const form = useForm<WalletValues>({
    initial: { method, wallet: "", password: "" },
    validate: (values) => {
      const errors: FieldErrors<WalletValues> = {}
      const wallet = values.wallet.trim()
      if (!values.method) errors.method = t("edit.wallet.methodRequired")
      else if (!wallet) errors.wallet = t(`edit.wallet.methods.${values.method}.required`)
      else if (!addressLooksRight(values.method, wallet))
        errors.wallet = t(`edit.wallet.methods.${values.method}.invalid`)
      if (!values.password) errors.password = t("fields.passwordRequired")
      return errors
    },
    submit: async (values) => {
      setSent(false)
      await api.send("POST", profileApi.changeWallet.url(), {
        method: values.method,
        wallet: values.wallet.trim(),
        password: values.password,
      })
      setSent(true)
      form.reset({ method: values.method, wallet: "", password: "" })
    },
  })

  const chosen = form.values.method
  const input = chosen ? ADDRESS_INPUT[chosen] : null

  return (
    <form method="post" className="flex max-w-xl flex-col gap-5" onSubmit={form.onSubmit} noValidate>
      <Field
        label={t("edit.wallet.method")}
        hint={t("edit.wallet.methodHint")}
        required
        {...form.field("method")}
      >
        <RadioGroup
          name="method"
          value={chosen}
          onValueChange={(value) => {
            form.set("method", value as PayoutMethodName)
            setSent(false)
          }}
          className={RADIO_CARDS}
          options={methods.map((option) => ({
            value: option.name,
            label: option.label,
            description: terms(option),
          }))}
        />
      </Field>
      {chosen && input ? (
        <Field
          label={t(`edit.wallet.methods.${chosen}.label`)}
          hint={t(`edit.wallet.methods.${chosen}.hint`)}
          required
          {...form.field("wallet")}
        >
          <TextInput
            type={input.type}
            inputMode={input.inputMode}
            autoComplete={input.autoComplete}
            autoCapitalize="off"
            spellCheck={false}
            placeholder={input.placeholder ?? t(`edit.wallet.methods.${chosen}.placeholder`)}
            className={input.mono ? "font-mono" : undefined}
            {...form.input("wallet")}
          />
        </Field>
      ) : null}
      <CurrentPasswordField form={form} name="password" />
      <FormError message={form.formError} />
      {sent ? (
        <Alert tone="success" title={t("edit.wallet.sentTitle")}>
          {t("edit.wallet.sent", { email })}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" disabled={form.submitting}>
          {t("edit.wallet.submit")}
        </Button>
      </div>
    </form>
  )
}
