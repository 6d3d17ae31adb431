import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import { Button, Field, TextInput } from "@manyhands/design-system"
import { LinkButton, TextLink } from "../../blocks"
import { useForm } from "../../forms"
import { useShellServices } from "../../shell-context"
import { authApi, type SignInAnswer } from "@manyhands/contract/accounts"
import { safeReturnTo } from "../../account/select-role/select-role-screen"
import { afterSignIn, returnToQuery } from "../shared/after-sign-in"
import { AuthCard } from "../shared/auth-card"
import { AuthFormError } from "../shared/auth-form-error"
import { emailError } from "../shared/validation"

/** /auth/login: address and password, then the two-factor step when the account has it (spec §2). */
export default function LoginScreen() {
  const { t } = useTranslation("auth")
  const { api, goTo, user } = useShellServices()
  const [params] = useSearchParams()
  const returnTo = safeReturnTo(params.get("return_to"))
  // Set once the next page is loading, so the button stays busy until the browser leaves.
  const [leaving, setLeaving] = useState(false)

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
          {/* A server route (it ends the session), not a page of the app: a plain link. */}
          <LinkButton href="/auth/logout" variant="secondary">
            {t("login.signedIn.signOut")}
          </LinkButton>
        </div>
      </AuthCard>
    )

  const notConfirmed = form.failure?.code === "EMAIL_NOT_CONFIRMED"
  return (
    <AuthCard title={t("login.title")} lead={t("login.lead")} footer={register}>
      <form className="flex flex-col gap-5" onSubmit={form.onSubmit} noValidate>
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
        <Button type="submit" size="lg" fullWidth loading={form.submitting || leaving}>
          {t("login.submit")}
        </Button>
      </form>
    </AuthCard>
  )
}
