import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useParams } from "react-router"
import { Alert, Button } from "@manyhands/design-system"
import { LinkButton } from "../../blocks"
import { useForm } from "../../forms"
import { useShellServices } from "../../shell-context"
import type { BodyOf, ResponseOf } from "@manyhands/contract"
import { authApi } from "@manyhands/contract/accounts"
import { AuthCard } from "../shared/auth-card"
import { AuthFormError } from "../shared/auth-form-error"
import { LinkFailure } from "../shared/link-failure"

type Decision = BodyOf<typeof authApi.changeEmail>["status"]
type Answer = ResponseOf<typeof authApi.changeEmail>

/**
 * /auth/change_email/:hash/:userId/:status — the link in the mail to the new address. Nothing happens on
 * arrival (mail scanners open links too): the page says what the button will do, and the button does it.
 */
export default function ChangeEmailScreen() {
  const { t } = useTranslation("auth")
  const { api } = useShellServices()
  const { hash = "", userId = "", status } = useParams()
  const [answer, setAnswer] = useState<Answer | null>(null)
  const profile = (
    <div>
      <LinkButton to="/profile">{t("changeEmail.profile")}</LinkButton>
    </div>
  )
  const form = useForm({
    initial: {},
    submit: async () => {
      setAnswer(await api.send<Answer>("POST", authApi.changeEmail.url(), { hash, userId, status }))
    },
  })

  if (status !== "confirm" && status !== "cancel")
    return (
      <AuthCard title={t("changeEmail.title")}>
        {/* A link with a wrong last part is as broken as one with a wrong hash. */}
        <LinkFailure>{profile}</LinkFailure>
      </AuthCard>
    )
  const decision: Decision = status

  if (answer)
    return (
      <AuthCard title={t("changeEmail.title")}>
        <Alert tone="success">
          {answer.status === "changed"
            ? t("changeEmail.changed", { email: answer.email })
            : t("changeEmail.cancelled", { email: answer.email })}
        </Alert>
        {profile}
      </AuthCard>
    )

  const invalid = form.failure?.code === "TOKEN_INVALID"
  return (
    <AuthCard title={t("changeEmail.title")} lead={t(`changeEmail.${decision}.text`)}>
      {invalid && form.failure ? (
        <LinkFailure failure={form.failure}>{profile}</LinkFailure>
      ) : (
        <form method="post" className="flex flex-col gap-5" onSubmit={form.onSubmit} noValidate>
          <AuthFormError message={form.formError} failure={form.failure} />
          <Button
            type="submit"
            size="lg"
            fullWidth
            variant={decision === "confirm" ? "primary" : "secondary"}
            loading={form.submitting}
          >
            {t(`changeEmail.${decision}.submit`)}
          </Button>
        </form>
      )}
    </AuthCard>
  )
}
