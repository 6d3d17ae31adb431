import { useId, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Alert,
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  Checkbox,
  Field,
  SearchInput,
  Skeleton,
  SkeletonGroup,
  useFormatter,
} from "@manyhands/design-system"
import { FormError, useForm } from "../../forms"
import { useShellServices } from "../../shell-context"
import {
  MAX_WORKER_LANGUAGES,
  MIN_WORKER_LANGUAGES,
  workerSettingsApi,
  type WorkerSettings,
} from "@manyhands/contract/captcha"
import { WorkerLayout } from "../worker-layout"
import { nativeLanguageName } from "./native-names"

/** The server takes 1 to 10 languages (PUT /api/v2/worker/settings). */
const MIN_LANGUAGES = MIN_WORKER_LANGUAGES
const MAX_LANGUAGES = MAX_WORKER_LANGUAGES

interface LanguageEntry {
  code: string
  /** In the page's language. */
  name: string
  /** In the language itself, when it differs. */
  native: string | null
}

/**
 * Names of language codes in the page's language (the same in the server's and the browser's Intl for the
 * site's languages) and in each language itself (a fixed table: see native-names.ts); the code where none is
 * known.
 */
function useLanguageEntries(codes: readonly string[]): LanguageEntry[] {
  const format = useFormatter()
  return useMemo(
    () =>
      codes.map((code) => {
        const name = format.languageName(code, { capitalized: true })
        const native = nativeLanguageName(code)
        return { code, name, native: native && native !== name ? native : null }
      }),
    [codes, format],
  )
}

/** Lower case without accents, for matching what was typed against names. */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase()

/**
 * /cabinet/editlang: the languages the worker solves in. Tasks a customer sends for readers of one language
 * (text questions, audio, captchas in a script) go only to workers who chose it.
 */
export default function WorkerLanguagesScreen({ workerSettings }: { workerSettings?: WorkerSettings }) {
  const { t } = useTranslation("worker-area")
  return (
    <WorkerLayout page="editlang" title={t("languages.title")} lead={t("languages.lead")}>
      <Card asChild className="gap-5">
        <section aria-labelledby="languages-card-title">
          <CardHeader>
            <CardTitle as="h2" id="languages-card-title">
              {t("languages.cardTitle")}
            </CardTitle>
            <CardDescription>{t("languages.explanation")}</CardDescription>
          </CardHeader>
          <CardBody className="flex flex-col gap-5">
            {workerSettings ? (
              <LanguagesForm settings={workerSettings} />
            ) : (
              <SkeletonGroup className="flex flex-col gap-4">
                <Skeleton className="h-10 w-full max-w-sm" />
                <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {Array.from({ length: 12 }, (_, index) => (
                    <Skeleton key={index} className="h-5 w-3/4" />
                  ))}
                </div>
              </SkeletonGroup>
            )}
          </CardBody>
        </section>
      </Card>
    </WorkerLayout>
  )
}

function LanguagesForm({ settings }: { settings: WorkerSettings }) {
  const { t } = useTranslation("worker-area")
  const { api, refresh } = useShellServices()
  const id = useId()
  const [query, setQuery] = useState("")
  const [saved, setSaved] = useState(false)

  // The saved languages first (in the order they were saved), then the rest in the catalogue's order. The
  // order follows what is saved, not each click, so boxes do not move under the pointer.
  const ordered = useMemo(
    () => [
      ...settings.languages.filter((code) => settings.available.includes(code)),
      ...settings.available.filter((code) => !settings.languages.includes(code)),
    ],
    [settings],
  )
  const entries = useLanguageEntries(ordered)
  const byCode = new Map(entries.map((entry) => [entry.code, entry]))

  const form = useForm<{ languages: string[] }>({
    initial: { languages: settings.languages },
    validate: ({ languages }) =>
      languages.length < MIN_LANGUAGES
        ? { languages: t("languages.errors.none") }
        : languages.length > MAX_LANGUAGES
          ? { languages: t("languages.errors.tooMany", { max: MAX_LANGUAGES }) }
          : {},
    submit: async ({ languages }) => {
      setSaved(false)
      await api.send("PUT", workerSettingsApi.settingsChange.url(), { languages })
      await refresh(workerSettingsApi.settings.url())
      setSaved(true)
    },
  })
  const chosen = form.values.languages
  const full = chosen.length >= MAX_LANGUAGES
  const error = form.fieldError("languages")

  const toggle = (code: string, on: boolean) => {
    setSaved(false)
    form.touch("languages")
    form.set("languages", on ? [...chosen.filter((c) => c !== code), code] : chosen.filter((c) => c !== code))
  }

  const words = fold(query.trim())
  const shown = words
    ? entries.filter((entry) =>
        [entry.name, entry.native ?? "", entry.code].some((text) => fold(text).includes(words)),
      )
    : entries

  const summaryId = `${id}-summary`
  const errorId = `${id}-error`
  const limitId = `${id}-limit`

  return (
    <form method="post" className="flex flex-col gap-5" onSubmit={form.onSubmit} noValidate>
      <p id={summaryId} role="status" className="text-sm">
        <span className="font-medium">
          {t("languages.chosen", { chosen: chosen.length, max: MAX_LANGUAGES })}
        </span>{" "}
        {chosen.length > 0
          ? chosen.map((code) => byCode.get(code)?.name ?? code).join(", ")
          : t("languages.chosenNone")}
      </p>

      <Field label={t("languages.search")} className="sm:max-w-sm">
        <SearchInput
          value={query}
          onValueChange={setQuery}
          minChars={1}
          placeholder={t("languages.searchPlaceholder")}
          // Enter in the search box finds, it does not save the form.
          onKeyDown={(event) => {
            if (event.key === "Enter") event.preventDefault()
          }}
        />
      </Field>

      <fieldset
        className="flex flex-col gap-3"
        aria-describedby={[summaryId, error ? errorId : null, full ? limitId : null]
          .filter(Boolean)
          .join(" ")}
      >
        <legend className="mb-3 text-sm font-medium">{t("languages.legend")}</legend>
        {error ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-danger-text">
            {error}
          </p>
        ) : null}
        {full ? (
          <p id={limitId} className="text-sm text-muted-foreground">
            {t("languages.limit", { max: MAX_LANGUAGES })}
          </p>
        ) : null}
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("languages.noMatch", { query: query.trim() })}</p>
        ) : (
          <ul className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((entry, index) => {
              const on = chosen.includes(entry.code)
              return (
                <li key={entry.code}>
                  <Checkbox
                    id={index === 0 ? form.fieldId("languages") : undefined}
                    label={entry.name}
                    description={entry.native ? <span lang={entry.code}>{entry.native}</span> : undefined}
                    checked={on}
                    invalid={Boolean(error)}
                    disabled={form.submitting || (full && !on)}
                    onCheckedChange={(state) => toggle(entry.code, state === true)}
                  />
                </li>
              )
            })}
          </ul>
        )}
      </fieldset>

      <FormError message={form.formError} />
      {saved ? <Alert tone="success">{t("languages.saved")}</Alert> : null}
      <div>
        <Button type="submit" disabled={form.submitting}>
          {t("languages.submit")}
        </Button>
      </div>
    </form>
  )
}
