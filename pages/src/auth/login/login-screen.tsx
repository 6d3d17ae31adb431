import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import { Button, Field, TextInput } from "@manyhands/design-system"
import { LinkButton, TextLink } from "../../blocks"
import { FormError, useForm } from "../../forms"
import { useShellServices } from "../../shell-context"
import { authApi, type SignInAnswer } from "@manyhands/contract/accounts"
import { safeReturnTo } from "../../account/select-role/select-role-screen"
import { afterSignIn, returnToQuery } from "../shared/after-sign-in"
import { AuthCard } from "../shared/auth-card"
import { AuthFormError } from "../shared/auth-form-error"
import { useSignOut } from "../shared/sign-out"
import { emailError } from "../shared/validation"

/** /auth/login: address and password, then the two-factor step when the account has it (spec §2). */
export default function LoginScreen() {
  const { t } = useTranslation("auth")
  const { api, goTo, user } = useShellServices()
  const [params] = useSearchParams()
  const returnTo = safeReturnTo(params.get("return_to"))
  // Set once the next page is loading, so the button stays busy until the browser leaves.
  const [leaving, setLeaving] = useState(false)
  const signingOut = useSignOut()

  const form = useForm({
    initial: { email: "", password: "" },
    validate: (values) => ({
      email: emailError(t, values.email),
      password: values.password ? undefined : t("validation.passwordRequired"),
    }),
    submit: async (values) => {
      const answer = await api.send<SignInAnswer>("POST", authApi.login.url(), {
        email: values.email.trim(),
        password: values.password,
      })
      setLeaving(true)
      goTo(
        answer.status === "two-factor"
          ? `/auth/oauth-2fa${returnToQuery(returnTo)}`
          : afterSignIn(answer.user, returnTo),
      )
    },
  })

  const register = (
    <p>
      {t("login.noAccount")} <TextLink to="/auth/register">{t("login.register")}</TextLink>
    </p>
  )

  if (user)
    return (
      <AuthCard title={t("login.title")}>
        <p>{t("login.signedIn.text", { email: user.email })}</p>
        <div className="flex flex-wrap gap-3">
          <LinkButton to={afterSignIn(user, returnTo)}>{t("login.signedIn.continue")}</LinkButton>
          <Button
            type="button"
            size="lg"
            variant="secondary"
            loading={signingOut.busy}
            onClick={() => void signingOut.signOut()}
          >
            {t("login.signedIn.signOut")}
          </Button>
        </div>
        <FormError message={signingOut.failure?.message} />
      </AuthCard>
    )

  const code = form.failure?.code
  const notConfirmed = code === "EMAIL_NOT_CONFIRMED"
  // Throttled here, or locked for new browsers: what happened, how long it lasts, and the way out.
  const held = code === "RATE_LIMITED" || code === "ACCOUNT_LOCKED"
  const minutes = Math.max(1, Math.ceil((form.failure?.retryAfter ?? 60) / 60))
  return (
    <AuthCard title={t("login.title")} lead={t("login.lead")} footer={register}>
      <form method="post" className="flex flex-col gap-5" onSubmit={form.onSubmit} noValidate>
        <Field label={t("fields.email")} required {...form.field("email")}>
          <TextInput type="email" autoComplete="email" spellCheck={false} {...form.input("email")} />
        </Field>
        <div className="flex flex-col gap-2">
          <Field label={t("fields.password")} required {...form.field("password")}>
            <TextInput type="password" autoComplete="current-password" {...form.input("password")} />
          </Field>
          <p className="text-sm">
            <TextLink to="/auth/remind">{t("login.forgot")}</TextLink>
          </p>
        </div>
        {held ? (
          <FormError
            message={t(code === "ACCOUNT_LOCKED" ? "login.locked" : "login.throttled", { minutes })}
            action={<TextLink to="/auth/remind">{t("login.resetPassword")}</TextLink>}
          />
        ) : (
          <AuthFormError
            message={form.formError}
            failure={form.failure}
            action={
              notConfirmed ? (
                <TextLink to={`/auth/confirm-email?email=${encodeURIComponent(form.values.email.trim())}`}>
                  {t("login.notConfirmed")}
                </TextLink>
              ) : undefined
            }
          />
        )}
        <Button type="submit" size="lg" fullWidth loading={form.submitting || leaving}>
          {t("login.submit")}
        </Button>
      </form>
    </AuthCard>
  )
}
