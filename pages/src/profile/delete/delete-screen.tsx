import { useTranslation } from "react-i18next"
import { Alert, Button, Checkbox, SkeletonGroup, SkeletonText } from "@manyhands/design-system"
import { CheckList } from "../../blocks"
import { FormError, useForm, type FieldErrors } from "../../forms"
import { useShellServices } from "../../shell-context"
import { profileApi } from "@manyhands/contract/accounts"
import { ProfileCard } from "../profile-card"
import { CurrentPasswordField, SecondFactorField, placeFailure, secondFactorProblem } from "../profile-forms"
import { ProfileLayout } from "../profile-layout"

const DELETED = ["account", "profile", "tickets"] as const
const KEPT = ["payments", "statistics"] as const

interface DeleteValues {
  password: string
  code: string
  understood: boolean
}

/**
 * /profile/delete: what goes and what stays (and why), then the password, the second factor when it is on
 * and an explicit confirmation → POST /api/v2/profile/delete, after which the visitor is signed out.
 */
export default function DeleteScreen() {
  const { t } = useTranslation("profile")
  const { user } = useShellServices()
  return (
    <ProfileLayout page="delete">
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileCard id="delete-deleted" title={t("delete.deletedTitle")}>
          <CheckList mark="cross" items={DELETED.map((id) => ({ id, text: t(`delete.deleted.${id}`) }))} />
        </ProfileCard>
        <ProfileCard id="delete-kept" title={t("delete.keptTitle")}>
          <CheckList items={KEPT.map((id) => ({ id, text: t(`delete.kept.${id}`) }))} />
        </ProfileCard>
      </div>
      <Alert tone="warning">{t("delete.balanceWarning")}</Alert>
      <ProfileCard id="delete-form-title" title={t("delete.formTitle")}>
        {user ? (
          <DeleteForm twoFactor={user.profile.twoFactorEnabled} />
        ) : (
          <SkeletonGroup>
            <SkeletonText lines={4} />
          </SkeletonGroup>
        )}
      </ProfileCard>
    </ProfileLayout>
  )
}

function DeleteForm({ twoFactor }: { twoFactor: boolean }) {
  const { t } = useTranslation("profile")
  const { api, goTo } = useShellServices()
  const form = useForm<DeleteValues>({
    initial: { password: "", code: "", understood: false },
    validate: (values) => {
      const errors: FieldErrors<DeleteValues> = {}
      if (!values.password) errors.password = t("fields.passwordRequired")
      if (twoFactor) errors.code = secondFactorProblem(values.code, t)
      if (!values.understood) errors.understood = t("delete.confirmRequired")
      return errors
    },
    submit: async ({ password, code }) => {
      try {
        await api.send(
          "POST",
          profileApi.deleteAccount.url(),
          twoFactor ? { password, code: code.trim() } : { password },
        )
      } catch (error) {
        throw placeFailure(error, { codes: { TWO_FACTOR_CODE_INVALID: "code", PASSWORD_WRONG: "password" } })
      }
      // The account and its sessions are gone: a full load of the home page, signed out.
      goTo("/")
    },
  })
  const understoodError = form.fieldError("understood")

  return (
    <form method="post" className="flex max-w-xl flex-col gap-5" onSubmit={form.onSubmit} noValidate>
      <CurrentPasswordField form={form} name="password" />
      {twoFactor ? <SecondFactorField form={form} name="code" /> : null}
      <div className="flex flex-col gap-1.5">
        <Checkbox
          id={form.fieldId("understood")}
          label={t("delete.confirm")}
          checked={form.values.understood}
          onCheckedChange={(checked) => {
            form.set("understood", checked === true)
            form.touch("understood")
          }}
          invalid={Boolean(understoodError)}
          aria-describedby={understoodError ? `${form.fieldId("understood")}-error` : undefined}
        />
        {understoodError ? (
          <p
            id={`${form.fieldId("understood")}-error`}
            role="alert"
            className="text-sm font-medium text-danger-text"
          >
            {understoodError}
          </p>
        ) : null}
      </div>
      <FormError message={form.formError} />
      <div>
        <Button type="submit" variant="primary-danger" disabled={form.submitting}>
          {t("delete.submit")}
        </Button>
      </div>
    </form>
  )
}
