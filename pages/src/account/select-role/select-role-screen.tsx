import { useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { Link, useSearchParams } from "react-router"
import { Alert, Button, Field, RadioGroup } from "@manyhands/design-system"
import { Section } from "../../layout/section"
import { useShellServices, type AccountType } from "../../shell-context"

const TYPES: AccountType[] = ["customer", "developer", "worker"]

/** Where each account type's work is, and where it starts when it came without a return_to address. */
export const START: Record<AccountType, string> = {
  customer: "/enterpage",
  developer: "/enterpage",
  worker: "/cabinet",
}

/** Only paths on this site: a return_to of "//evil.example" or "https://…" must not send anyone away. */
export function safeReturnTo(value: string | null): string | null {
  return value && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : null
}

/** The user-type page (spec §2 /select-role): guards send signed-in users here before typed areas. */
export default function SelectRoleScreen() {
  const { t } = useTranslation("account")
  const { accountType, chooseAccountType, goTo } = useShellServices()
  const [params] = useSearchParams()
  const returnTo = safeReturnTo(params.get("return_to"))
  const [choice, setChoice] = useState<AccountType | "">("")
  const [missing, setMissing] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!choice) {
      setMissing(true)
      return
    }
    setBusy(true)
    setFailure(null)
    try {
      await chooseAccountType(choice)
      goTo(returnTo ?? START[choice])
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
      setBusy(false)
    }
  }

  return (
    <Section labelledBy="select-role-title" className="min-h-[60vh]">
      <div className="mx-auto max-w-xl">
        <h1 id="select-role-title" className="text-3xl font-bold tracking-tight">
          {t("selectRole.title")}
        </h1>
        {accountType ? (
          <div className="mt-6 flex flex-col items-start gap-4">
            <p className="text-muted-foreground">
              {t("selectRole.already", { type: t(`selectRole.types.${accountType}.label`) })}
            </p>
            <Button asChild>
              <Link to={returnTo ?? START[accountType]}>{t("selectRole.continue")}</Link>
            </Button>
          </div>
        ) : (
          <form
            method="post"
            className="mt-6 flex flex-col gap-6"
            onSubmit={(event) => void submit(event)}
            noValidate
          >
            <p className="text-muted-foreground">{t("selectRole.lead")}</p>
            <Field
              label={t("selectRole.label")}
              error={missing && !choice ? t("selectRole.required") : undefined}
            >
              <RadioGroup
                value={choice}
                onValueChange={(value) => setChoice(value as AccountType)}
                options={TYPES.map((type) => ({
                  value: type,
                  label: t(`selectRole.types.${type}.label`),
                  description: t(`selectRole.types.${type}.description`),
                }))}
              />
            </Field>
            {failure ? (
              <Alert tone="danger" title={t("selectRole.failed")}>
                {failure}
              </Alert>
            ) : null}
            <div>
              <Button type="submit" size="lg" disabled={busy}>
                {t("selectRole.submit")}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Section>
  )
}
