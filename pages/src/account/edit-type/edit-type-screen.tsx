import { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import { Alert, Button, Spinner } from "@manyhands/design-system"
import { Section } from "../../layout/section"
import { useShellServices, type AccountType } from "../../shell-context"
import { safeReturnTo, START } from "../select-role/select-role-screen"

const TYPES: AccountType[] = ["customer", "developer", "worker"]

/**
 * /cabinet/edittype?type=…&return_to=… (spec §2): the account type chosen without a form — links from the
 * landing pages carry it. A user who already has a type just goes on; without a type in the address the
 * user chooses on /select-role.
 */
export default function EditTypeScreen() {
  const { t } = useTranslation("account")
  const { accountType, chooseAccountType, goTo } = useShellServices()
  const [params] = useSearchParams()
  const returnTo = safeReturnTo(params.get("return_to"))
  const asked = params.get("type")
  const type = TYPES.includes(asked as AccountType) ? (asked as AccountType) : null
  const [failure, setFailure] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  // One run per attempt, also under StrictMode's second mount (the choice must be sent once).
  const ran = useRef(-1)

  useEffect(() => {
    if (ran.current === attempt) return
    ran.current = attempt
    if (accountType) return goTo(returnTo ?? START[accountType])
    if (!type) return goTo(`/select-role${returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : ""}`)
    chooseAccountType(type).then(
      () => goTo(returnTo ?? START[type]),
      (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)),
    )
  }, [attempt, accountType, type, returnTo, chooseAccountType, goTo])

  return (
    <Section labelledBy="edit-type-title" className="min-h-[60vh]">
      <div className="mx-auto flex max-w-xl flex-col gap-6">
        <h1 id="edit-type-title" className="text-3xl font-bold tracking-tight">
          {t("editType.title")}
        </h1>
        {failure ? (
          <Alert
            tone="danger"
            title={t("editType.failed")}
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  setFailure(null)
                  setAttempt((value) => value + 1)
                }}
              >
                {t("editType.retry")}
              </Button>
            }
          >
            {failure}
          </Alert>
        ) : (
          <p role="status" className="flex items-center gap-3 text-muted-foreground">
            <Spinner label="" className="text-primary" />
            {type && !accountType
              ? t("editType.saving", { type: t(`selectRole.types.${type}.label`) })
              : t("editType.working")}
          </p>
        )}
      </div>
    </Section>
  )
}
