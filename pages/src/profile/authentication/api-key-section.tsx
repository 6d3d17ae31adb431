import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Alert, Button, CodeBlock, SkeletonGroup, SkeletonText, useFormatter } from "@manyhands/design-system"
import { ConfirmFrame } from "../../admin-lists"
import { FormError } from "../../forms"
import { ApiFailure, useShellServices } from "../../shell-context"
import { ProfileCard } from "../profile-card"
import { profileApi, type ApiKeyData, type NewApiKey } from "@manyhands/contract/accounts"

/** The API key: its last characters and age, and a new one (shown once) after a confirmation. */
export function ApiKeySection({ apiKey }: { apiKey?: ApiKeyData }) {
  const { t } = useTranslation("profile")
  const format = useFormatter()
  const { api, refresh } = useShellServices()
  const [created, setCreated] = useState<NewApiKey | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  // The key made here is newer than what the page was loaded with.
  const current =
    created ?? (apiKey?.exists && apiKey.hint ? { hint: apiKey.hint, createdAt: apiKey.createdAt } : null)

  const create = async () => {
    setBusy(true)
    setFailure(null)
    try {
      setCreated(await api.send<NewApiKey>("POST", profileApi.createApiKey.url()))
      setConfirming(false)
      await refresh(profileApi.apiKey.url())
    } catch (error) {
      setConfirming(false)
      setFailure(error instanceof ApiFailure ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <ProfileCard id="api-key-title" title={t("apiKey.title")} description={t("apiKey.description")}>
      {apiKey ? (
        <>
          <p>
            {current
              ? t("apiKey.current", {
                  hint: current.hint,
                  date: current.createdAt ? format.date(current.createdAt, "long") : "",
                })
              : t("apiKey.none")}
          </p>
          {created ? (
            <div className="flex flex-col gap-3">
              <Alert tone="warning" title={t("apiKey.newTitle")}>
                {t("apiKey.newWarning")}
              </Alert>
              <CodeBlock code={created.key} copyLabel={t("apiKey.copy")} />
            </div>
          ) : null}
          <FormError message={failure} />
          <div>
            {current ? (
              <ConfirmFrame
                open={confirming}
                onOpenChange={setConfirming}
                trigger={<Button variant="secondary">{t("apiKey.regenerate")}</Button>}
                title={t("apiKey.confirmTitle")}
                description={t("apiKey.confirmText")}
                cancelLabel={t("apiKey.cancel")}
                confirmLabel={t("apiKey.confirm")}
                pending={busy}
                onConfirm={() => void create()}
              />
            ) : (
              <Button loading={busy} onClick={() => void create()}>
                {t("apiKey.create")}
              </Button>
            )}
          </div>
        </>
      ) : (
        <SkeletonGroup>
          <SkeletonText lines={2} />
        </SkeletonGroup>
      )}
    </ProfileCard>
  )
}
