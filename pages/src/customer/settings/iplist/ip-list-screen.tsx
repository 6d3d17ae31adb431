import { useState, type FormEvent } from "react"
import { Trans, useTranslation } from "react-i18next"
import { Alert, Badge, Button, EmptyState, Field, GlobeIcon, TextInput } from "@manyhands/design-system"
import { InlineCode } from "../../../blocks"
import { FormError } from "../../../forms"
import { ApiFailure } from "../../../shell-context"
import { MAX_ALLOWED_IPS, type CaptchaSettings } from "@manyhands/contract/captcha"
import { CustomerLayout } from "../../customer-layout"
import { FormSkeleton } from "../shared/form-skeleton"
import { SettingsCard } from "../shared/settings-card"
import { useSaveSettings } from "../shared/settings-form"
import { checkIpEntry } from "./ip-address"

/** /setting/iplist: the addresses and ranges the API key may be used from; empty = any. */
export default function IpListScreen({ captchaSettings }: { captchaSettings?: CaptchaSettings }) {
  const { t } = useTranslation("captcha-settings")
  return (
    <CustomerLayout page="iplist" title={t("pages.iplist.title")} lead={t("pages.iplist.lead")}>
      <SettingsCard id="iplist-addresses" title={t("iplist.title")} description={t("iplist.description")}>
        {captchaSettings ? <IpListEditor saved={captchaSettings.allowedIps} /> : <FormSkeleton fields={2} />}
      </SettingsCard>
    </CustomerLayout>
  )
}

type Notice = { kind: "added" | "removed"; value: string } | { kind: "saved"; empty: boolean } | null

function IpListEditor({ saved: initial }: { saved: string[] }) {
  const { t } = useTranslation("captcha-settings")
  const save = useSaveSettings()
  const [saved, setSaved] = useState(initial)
  const [draft, setDraft] = useState(initial)
  const [entry, setEntry] = useState("")
  const [entryError, setEntryError] = useState<string | null>(null)
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [notice, setNotice] = useState<Notice>(null)
  const [saving, setSaving] = useState(false)
  const inputId = "iplist-entry"
  const changed = draft.length !== saved.length || draft.some((value, index) => value !== saved[index])

  const add = (event: FormEvent) => {
    event.preventDefault()
    setNotice(null)
    const check = checkIpEntry(entry)
    if (!check.ok) {
      const problem = check.suggestion ? `${check.problem}Suggest` : check.problem
      setEntryError(t(`iplist.problems.${problem}`, { suggestion: check.suggestion }))
      document.getElementById(inputId)?.focus()
      return
    }
    if (draft.includes(check.value)) {
      setEntryError(t("iplist.duplicate", { value: check.value }))
      return
    }
    if (draft.length >= MAX_ALLOWED_IPS) {
      setEntryError(t("iplist.tooMany", { max: MAX_ALLOWED_IPS }))
      return
    }
    setDraft([...draft, check.value])
    setEntry("")
    setEntryError(null)
    setNotice({ kind: "added", value: check.value })
  }

  const remove = (value: string) => {
    setNotice({ kind: "removed", value })
    setDraft(draft.filter((item) => item !== value))
    setRowErrors(({ [value]: _gone, ...rest }) => rest)
    // The list loses a row: the add field is the next sensible place for the keyboard.
    document.getElementById(inputId)?.focus()
  }

  const submit = async () => {
    setSaving(true)
    setFailure(null)
    setRowErrors({})
    setNotice(null)
    try {
      const result = await save({ allowedIps: draft })
      setSaved(result.allowedIps)
      setDraft(result.allowedIps)
      setNotice({ kind: "saved", empty: result.allowedIps.length === 0 })
    } catch (error) {
      if (!(error instanceof ApiFailure)) {
        console.error("Manyhands: saving the IP list failed", error)
        setFailure(t("shared.failed"))
        return
      }
      // The server names the entry it refused by its place in the list: "allowedIps.2".
      const byValue: Record<string, string> = {}
      for (const [field, message] of Object.entries(error.fields)) {
        const index = /^allowedIps\.(\d+)$/.exec(field)?.[1]
        const value = index === undefined ? undefined : draft[Number(index)]
        if (value !== undefined) byValue[value] = message
      }
      setRowErrors(byValue)
      setFailure(Object.keys(byValue).length > 0 ? t("iplist.rowsRefused") : error.message)
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <form method="post" className="flex max-w-xl flex-col gap-3" onSubmit={add} noValidate>
        <div className="flex flex-wrap items-start gap-3">
          <Field
            id={inputId}
            label={t("iplist.entry")}
            hint={t("iplist.entryHint")}
            error={entryError ?? undefined}
            className="min-w-0 flex-1 basis-64"
          >
            <TextInput
              value={entry}
              onChange={(event) => {
                setEntry(event.target.value)
                setEntryError(null)
              }}
              placeholder="203.0.113.0/24"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              className="font-mono"
            />
          </Field>
          <Button type="submit" variant="secondary" className="sm:mt-7">
            {t("iplist.add")}
          </Button>
        </div>
      </form>

      <section aria-labelledby="iplist-entries" className="flex flex-col gap-3">
        <h3 id="iplist-entries" className="text-base font-semibold">
          {t("iplist.listTitle", { count: draft.length, max: MAX_ALLOWED_IPS })}
        </h3>
        {draft.length === 0 ? (
          <EmptyState
            size="sm"
            variant="dashed"
            icon={<GlobeIcon />}
            titleAs="h4"
            title={t("iplist.emptyTitle")}
            description={t("iplist.emptyText")}
          />
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {draft.map((value) => {
              const check = checkIpEntry(value)
              const kind = check.ok ? `${check.range ? "range" : "address"}${check.version}` : "address4"
              const error = rowErrors[value]
              const errorId = `iplist-error-${value.replace(/[^0-9a-f]/gi, "-")}`
              return (
                <li key={value} className="flex flex-col gap-1 px-4 py-3">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                    <span
                      className="font-mono text-sm break-all"
                      aria-describedby={error ? errorId : undefined}
                    >
                      {value}
                    </span>
                    <span className="text-sm text-muted-foreground">{t(`iplist.kinds.${kind}`)}</span>
                    {saved.includes(value) ? null : (
                      <Badge tone="info" size="sm">
                        {t("iplist.unsaved")}
                      </Badge>
                    )}
                    <Button
                      variant="service"
                      className="ms-auto"
                      aria-label={t("iplist.removeLabel", { value })}
                      onClick={() => remove(value)}
                    >
                      {t("iplist.remove")}
                    </Button>
                  </div>
                  {error ? (
                    <p id={errorId} className="text-sm font-medium text-danger-text">
                      {error}
                    </p>
                  ) : null}
                </li>
              )
            })}
          </ul>
        )}
        <p role="status" className="sr-only">
          {notice?.kind === "added"
            ? t("iplist.added", { value: notice.value })
            : notice?.kind === "removed"
              ? t("iplist.removed", { value: notice.value })
              : ""}
        </p>
      </section>

      {draft.length > 0 ? (
        <Alert tone="info" role="note">
          <Trans t={t} i18nKey="iplist.restricted" components={{ code: <InlineCode /> }} />
        </Alert>
      ) : null}
      <FormError message={failure} />
      {notice?.kind === "saved" ? (
        <Alert tone="success">{notice.empty ? t("iplist.savedEmpty") : t("iplist.saved")}</Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void submit()} loading={saving} disabled={saving || !changed}>
          {t("iplist.save")}
        </Button>
        {changed ? (
          <>
            <Button
              variant="tertiary"
              disabled={saving}
              onClick={() => {
                setDraft(saved)
                setRowErrors({})
                setFailure(null)
                setNotice(null)
              }}
            >
              {t("iplist.undo")}
            </Button>
            <span className="text-sm text-muted-foreground">{t("iplist.unsavedHint")}</span>
          </>
        ) : null}
      </div>
    </div>
  )
}
