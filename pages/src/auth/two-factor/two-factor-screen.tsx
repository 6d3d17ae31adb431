import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import { Button, Field, OtpInput, TextInput } from "@manyhands/design-system"
import { TextLink } from "../../blocks"
import { isAppCode, isRecoveryCode, useForm } from "../../forms"
import { ApiFailure, useShellServices } from "../../shell-context"
import { authApi, type SignedIn } from "@manyhands/contract/accounts"
import { safeReturnTo } from "../../account/select-role/select-role-screen"
import { afterSignIn, returnToQuery } from "../shared/after-sign-in"
import { AuthCard } from "../shared/auth-card"
import { AuthFormError } from "../shared/auth-form-error"

type Mode = "app" | "recovery"

/** /auth/oauth-2fa: the second sign-in step, a code from the authenticator app or a recovery code. */
export default function TwoFactorScreen() {
  const { t } = useTranslation("auth")
  const { api, goTo } = useShellServices()
  const [params] = useSearchParams()
  const returnTo = safeReturnTo(params.get("return_to"))
  const [mode, setMode] = useState<Mode>("app")
  const [leaving, setLeaving] = useState(false)

  const form = useForm({
    initial: { code: "" },
    validate: ({ code }) => ({
      code:
        mode === "app"
          ? isAppCode(code)
            ? undefined
            : t("validation.codeIncomplete")
          : isRecoveryCode(code)
            ? undefined
            : t("validation.recoveryCodeInvalid"),
    }),
    submit: async ({ code }) => {
      try {
        const answer = await api.send<SignedIn>("POST", authApi.loginTwoFactor.url(), {
          code: code.trim(),
        })
        setLeaving(true)
        goTo(afterSignIn(answer.user, returnTo))
      } catch (error) {
        if (!(error instanceof ApiFailure)) throw error
        if (error.code === "TWO_FACTOR_CHALLENGE_MISSING") {
          // Expired, never started, or too many wrong codes: the only way on is a new sign-in.
          setLeaving(true)
          goTo("/auth/two_factor_error")
          return
        }
        // A wrong code belongs next to the code field, whatever fields the server named.
        if (error.code === "TWO_FACTOR_CODE_INVALID" && !error.fields.code)
          throw new ApiFailure(error.message, error.code, error.status, { code: error.message })
        throw error
      }
    },
  })

  const switchMode = () => {
    setMode(mode === "app" ? "recovery" : "app")
    form.reset()
  }

  return (
    <AuthCard
      title={t("twoFactor.title")}
      lead={mode === "app" ? t("twoFactor.lead") : t("twoFactor.recoveryLead")}
      footer={<TextLink to={`/auth/login${returnToQuery(returnTo)}`}>{t("twoFactor.restart")}</TextLink>}
    >
      <form method="post" className="flex flex-col gap-5" onSubmit={form.onSubmit} noValidate>
        {mode === "app" ? (
          <Field label={t("fields.code")} required {...form.field("code")}>
            <OtpInput
              aria-label={t("fields.code")}
              length={6}
              autoFocus
              value={form.values.code}
              onChange={(code) => form.set("code", code)}
            />
          </Field>
        ) : (
          <Field label={t("fields.recoveryCode")} required {...form.field("code")}>
            <TextInput
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              className="font-mono"
              {...form.input("code")}
            />
          </Field>
        )}
        <AuthFormError message={form.formError} failure={form.failure} />
        <Button type="submit" size="lg" fullWidth loading={form.submitting || leaving}>
          {t("twoFactor.submit")}
        </Button>
        <Button variant="tertiary" onClick={switchMode} className="self-center">
          {mode === "app" ? t("twoFactor.useRecovery") : t("twoFactor.useApp")}
        </Button>
      </form>
    </AuthCard>
  )
}
