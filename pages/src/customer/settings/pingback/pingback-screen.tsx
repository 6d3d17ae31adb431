import { useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import {
  Alert,
  Button,
  CodeBlock,
  EmptyState,
  Field,
  GlobeIcon,
  SkeletonGroup,
  SkeletonText,
  TextInput,
} from "@manyhands/design-system"
import { InlineCode, NumberedSteps, TextLink } from "../../../blocks"
import { FormError, useForm, type FieldErrors } from "../../../forms"
import { ApiFailure, useShellServices } from "../../../shell-context"
import {
  captchaSettingsApi,
  PINGBACK_URL_MAX_LENGTH,
  type PingbackAddresses,
  type PingbackRemoval,
} from "@manyhands/contract/captcha"
import { CUSTOMER_PAGES, CustomerLayout } from "../../customer-layout"
import { SettingsCard } from "../shared/settings-card"

/** The server takes addresses of up to 2,000 characters. */
const URL_MAX = PINGBACK_URL_MAX_LENGTH

/** What the service POSTs to a pingback address when a task ends (an example). */
const EXAMPLE = `POST /captcha-callback HTTP/1.1
Host: example.com
Content-Type: application/x-www-form-urlencoded

id=70000001234&code=7gh4k`

const STEPS = ["register", "send", "receive", "answer"] as const

/** /setting/pingback: the addresses answers may be POSTed to, and how pingback works. */
export default function PingbackScreen({ pingbacks }: { pingbacks?: PingbackAddresses }) {
  const { t } = useTranslation("captcha-settings")
  const code = <InlineCode />
  return (
    <CustomerLayout page="pingback" title={t("pages.pingback.title")} lead={t("pages.pingback.lead")}>
      <SettingsCard
        id="pingback-addresses"
        title={t("pingback.title")}
        description={t("pingback.description")}
      >
        <Addresses initial={pingbacks?.addresses} />
      </SettingsCard>
      <SettingsCard id="pingback-how" title={t("pingback.howTitle")}>
        <NumberedSteps
          titleAs="h3"
          items={STEPS.map((id) => ({
            id,
            title: t(`pingback.steps.${id}.title`),
            text: (
              <Trans
                t={t}
                i18nKey={`pingback.steps.${id}.text`}
                components={{
                  code,
                  log: <TextLink to={CUSTOMER_PAGES.settings.pingbackLog.href} />,
                }}
              />
            ),
          }))}
        />
        <CodeBlock code={EXAMPLE} language="http" title={t("pingback.exampleTitle")} />
      </SettingsCard>
    </CustomerLayout>
  )
}

function Addresses({ initial }: { initial?: string[] }) {
  const { t } = useTranslation("captcha-settings")
  const { api, refresh } = useShellServices()
  // After a change the server's answer is the list; until then the route's data.
  const [changed, setChanged] = useState<string[] | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const addresses = changed ?? initial

  const form = useForm<{ url: string }>({
    initial: { url: "" },
    validate: ({ url }) => {
      const errors: FieldErrors<{ url: string }> = {}
      const problem = urlProblem(url.trim())
      if (problem) errors.url = t(`pingback.problems.${problem}`, { max: URL_MAX })
      return errors
    },
    submit: async ({ url }) => {
      setNotice(null)
      setFailure(null)
      const answer = await api.send<PingbackAddresses>("POST", captchaSettingsApi.addPingback.url(), {
        url: url.trim(),
      })
      setChanged(answer.addresses)
      form.reset()
      setNotice(t("pingback.added", { url: url.trim() }))
      await refresh(captchaSettingsApi.pingbacks.url())
    },
  })

  const remove = async (url: string) => {
    setBusy(url)
    setFailure(null)
    setNotice(null)
    try {
      const answer = await api.send<PingbackRemoval>(
        "DELETE",
        captchaSettingsApi.removePingback.url(null, { url }),
      )
      setChanged(answer.addresses)
    } catch (error) {
      // Already gone: the list was out of date, which is what the user wanted anyway.
      if (error instanceof ApiFailure && error.code === "PINGBACK_ADDRESS_NOT_FOUND") {
        setChanged((addresses ?? []).filter((item) => item !== url))
      } else {
        if (!(error instanceof ApiFailure))
          console.error("Manyhands: removing a pingback address failed", error)
        setFailure(error instanceof ApiFailure ? error.message : t("shared.failed"))
        setBusy(null)
        return
      }
    }
    setBusy(null)
    setNotice(t("pingback.removed", { url }))
    document.getElementById(form.fieldId("url"))?.focus()
    await refresh(captchaSettingsApi.pingbacks.url())
  }

  return (
    <div className="flex flex-col gap-6">
      <form method="post" className="flex max-w-2xl flex-col gap-3" onSubmit={form.onSubmit} noValidate>
        <div className="flex flex-wrap items-start gap-3">
          <Field
            label={t("pingback.url")}
            hint={t("pingback.urlHint")}
            className="min-w-0 flex-1 basis-72"
            {...form.field("url")}
          >
            <TextInput
              type="url"
              inputMode="url"
              placeholder="https://example.com/captcha-callback"
              autoComplete="url"
              spellCheck={false}
              {...form.input("url")}
            />
          </Field>
          <Button
            type="submit"
            variant="secondary"
            className="sm:mt-7"
            loading={form.submitting}
            disabled={form.submitting || addresses === undefined}
          >
            {t("pingback.add")}
          </Button>
        </div>
        <FormError message={form.formError} />
      </form>

      <section aria-labelledby="pingback-list" className="flex flex-col gap-3">
        <h3 id="pingback-list" className="text-base font-semibold">
          {t("pingback.listTitle")}
        </h3>
        <FormError message={failure} />
        {addresses === undefined ? (
          <SkeletonGroup>
            <SkeletonText lines={3} />
          </SkeletonGroup>
        ) : addresses.length === 0 ? (
          <EmptyState
            size="sm"
            variant="dashed"
            icon={<GlobeIcon />}
            titleAs="h4"
            title={t("pingback.emptyTitle")}
            description={t("pingback.emptyText")}
          />
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {addresses.map((url) => (
              <li key={url} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
                <span className="min-w-0 flex-1 font-mono text-sm break-all">{url}</span>
                <Button
                  variant="service"
                  aria-label={t("pingback.removeLabel", { url })}
                  loading={busy === url}
                  disabled={busy !== null}
                  onClick={() => void remove(url)}
                >
                  {t("pingback.remove")}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {notice ? <Alert tone="success">{notice}</Alert> : null}
      </section>
    </div>
  )
}

/** A loose check that catches typos; the server checks the rest (private addresses, credentials …). */
function urlProblem(url: string): "required" | "scheme" | "invalid" | "tooLong" | null {
  if (!url) return "required"
  if (url.length > URL_MAX) return "tooLong"
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return /^[a-z][a-z0-9+.-]*:/i.test(url) ? "invalid" : "scheme"
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "scheme"
  if (!parsed.hostname) return "invalid"
  return null
}
