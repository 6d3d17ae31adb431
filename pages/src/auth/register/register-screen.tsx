import { useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import { Alert, Button, Field, RadioGroup, TextInput } from "@manyhands/design-system"
import { TextLink } from "../../blocks"
import { CheckboxField, useForm } from "../../forms"
import { useShellServices, type AccountType } from "../../shell-context"
import { authApi } from "@manyhands/contract/accounts"
import { AuthCard } from "../shared/auth-card"
import { AuthFormError } from "../shared/auth-form-error"
import { emailError, newPasswordError, newPasswordHint } from "../shared/validation"
import { ResendForm } from "../shared/resend-form"

const TYPES: AccountType[] = ["customer", "developer", "worker"]

const isAccountType = (value: string | null): value is AccountType => TYPES.includes(value as AccountType)

/** The browser's time zone, so mails and statistics use the visitor's clock from the start. */
function browserTimezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

/** /auth/register: a new account, then "check your mail" (spec §2; the user type may come from ?userType=). */
export default function RegisterScreen() {
  const { t } = useTranslation("auth")
  const { t: common } = useTranslation("common")
  const { api, language } = useShellServices()
  const [params] = useSearchParams()
  const preset = params.get("userType")
  const [sentTo, setSentTo] = useState<string | null>(null)

  const form = useForm({
    initial: {
      email: "",
      password: "",
      userType: (isAccountType(preset) ? preset : "") as AccountType | "",
      acceptTerms: false,
    },
    validate: (values) => ({
      email: emailError(t, values.email),
      password: values.password
        ? newPasswordError(common, values.password)
        : t("validation.passwordRequired"),
      acceptTerms: values.acceptTerms ? undefined : common("errors.codes.TERMS_NOT_ACCEPTED"),
    }),
    submit: async (values) => {
      const email = values.email.trim()
      await api.send("POST", authApi.register.url(), {
        email,
        password: values.password,
        ...(values.userType ? { userType: values.userType } : {}),
        acceptTerms: true,
        language,
        timezone: browserTimezone(),
      })
      setSentTo(email)
    },
  })

  const login = (
    <p>
      {t("register.haveAccount")} <TextLink to="/auth/login">{t("signInLink")}</TextLink>
    </p>
  )

  if (sentTo)
    return (
      <AuthCard title={t("register.sent.title")} footer={login}>
        <Alert tone="success">{t("register.sent.text", { email: sentTo })}</Alert>
        <p className="text-sm text-muted-foreground">{t("register.sent.spam")}</p>
        <ResendForm email={sentTo} />
      </AuthCard>
    )

  return (
    <AuthCard title={t("register.title")} lead={t("register.lead")} footer={login}>
      <form method="post" className="flex flex-col gap-5" onSubmit={form.onSubmit} noValidate>
        <Field label={t("fields.email")} required {...form.field("email")}>
          <TextInput type="email" autoComplete="email" spellCheck={false} {...form.input("email")} />
        </Field>
        <Field
          label={t("fields.password")}
          required
          hint={newPasswordHint(t, form.values.password)}
          {...form.field("password")}
        >
          <TextInput type="password" autoComplete="new-password" {...form.input("password")} />
        </Field>
        <Field label={t("register.type.label")} hint={t("register.type.hint")} {...form.field("userType")}>
          <RadioGroup
            value={form.values.userType}
            onValueChange={(value) => form.set("userType", value as AccountType)}
            options={TYPES.map((type) => ({ value: type, label: t(`register.type.${type}`) }))}
          />
        </Field>
        <CheckboxField
          {...form.field("acceptTerms")}
          checked={form.values.acceptTerms}
          onCheckedChange={(checked) => {
            form.set("acceptTerms", checked)
            form.touch("acceptTerms")
          }}
          label={
            <Trans
              t={t}
              i18nKey="register.terms"
              components={{
                terms: <TextLink to="/terms-of-service" />,
                privacy: <TextLink to="/privacy-policy" />,
              }}
            />
          }
        />
        <AuthFormError message={form.formError} failure={form.failure} />
        <Button type="submit" size="lg" fullWidth loading={form.submitting}>
          {t("register.submit")}
        </Button>
      </form>
    </AuthCard>
  )
}
