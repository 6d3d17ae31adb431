import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Alert, Button, Field, TextInput } from "@manyhands/design-system"
import { FormError, useForm, type FieldErrors } from "../../forms"
import { useShellServices } from "../../shell-context"
import { ProfileCard } from "../profile-card"
import { CurrentPasswordField } from "../profile-forms"

/** The server's rule for payout wallets (profile security routes): an address or account id, no spaces. */
const WALLET = /^[A-Za-z0-9:._-]{8,200}$/

interface WalletValues {
  wallet: string
  password: string
}

/**
 * A new payout wallet, behind the current password → POST /api/v2/profile/wallet. It is used only after the
 * owner confirms it through the link mailed to the account's address.
 */
export function WalletForm({ email, wallet }: { email: string; wallet: string | null }) {
  const { t } = useTranslation("profile")
  const { api } = useShellServices()
  const [sent, setSent] = useState(false)

  const form = useForm<WalletValues>({
    initial: { wallet: "", password: "" },
    validate: (values) => {
      const errors: FieldErrors<WalletValues> = {}
      if (!values.wallet.trim()) errors.wallet = t("edit.wallet.walletRequired")
      else if (!WALLET.test(values.wallet.trim())) errors.wallet = t("edit.wallet.walletInvalid")
      if (!values.password) errors.password = t("fields.passwordRequired")
      return errors
    },
    submit: async (values) => {
      setSent(false)
      await api.send("POST", "/api/v2/profile/wallet", {
        wallet: values.wallet.trim(),
        password: values.password,
      })
      setSent(true)
      form.reset()
    },
  })

  return (
    <ProfileCard
      id="profile-wallet"
      title={t("edit.wallet.title")}
      description={wallet ? t("edit.wallet.description", { wallet }) : t("edit.wallet.descriptionNone")}
    >
      <form className="flex max-w-xl flex-col gap-5" onSubmit={form.onSubmit} noValidate>
        <Field
          label={t("edit.wallet.wallet")}
          hint={t("edit.wallet.walletHint")}
          required
          {...form.field("wallet")}
        >
          <TextInput autoComplete="off" spellCheck={false} className="font-mono" {...form.input("wallet")} />
        </Field>
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
    </ProfileCard>
  )
}
