import { useEffect, useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import { Banner, Button, Card, Checkbox, Field, MoneyInput, useFormatter } from "@manyhands/design-system"
import {
  PUSH_DEFAULT_LOW_BALANCE,
  PUSH_MAX_LOW_BALANCE,
  pushApi,
  type PushDevice,
  type PushDevices,
  type PushKey,
  type PushTopic,
} from "@manyhands/contract/push"
import { useApi } from "../api"
import { TextLink } from "../blocks"
import { microToMinor, minorToMicro } from "../money/shared/money-parts"
import { useShellServices } from "../shell-context"
import { PushPermissionRefused, usePushBrowser, type PushPermission } from "./push-browser"

export const NS = "push"

/** What this browser can do, once the page has looked (never during the server's render). */
type Support = { permission: PushPermission; endpoint: string | null } | null

/** Looks at the browser after the first render: the server's render and the first client render agree. */
function useBrowserSupport(): [Support, (next: Support) => void] {
  const browser = usePushBrowser()
  const [support, setSupport] = useState<Support>(null)
  useEffect(() => {
    let live = true
    void (async () => {
      const permission = browser.permission()
      const subscription = await (permission === "unsupported" ? null : browser.current().catch(() => null))
      if (live) setSupport({ permission, endpoint: subscription?.endpoint ?? null })
    })()
    return () => {
      live = false
    }
  }, [browser])
  return [support, setSupport]
}

/**
 * Push notifications for this browser (/kb/send-push-notification, and compact on /support/tickets): turn them on
 * (the browser's permission, its subscription stored with the account) for answers to tickets and a low balance,
 * change the topics and threshold, turn them off; the account's other browsers, to remove. Says plainly when the
 * browser has no Push API, when notifications are blocked, and when the server has push off.
 */
export function PushSettings({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation(NS)
  const { user } = useShellServices()
  const [support, setSupport] = useBrowserSupport()
  const key = useApi<PushKey>(pushApi.key.url())
  const devices = useApi<PushDevices>(user ? pushApi.devices.url() : null)
  const title = compact ? null : (
    <div>
      <h2 id="push-settings" className="text-xl font-semibold text-foreground">
        {t("block.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("block.lead")}</p>
    </div>
  )
  // On the tickets page the block stays out of the way: nothing until it knows what to say, nothing if it failed.
  const unsettled = !support || key.loading || (devices.loading && !devices.last)
  if (compact && (!user || unsettled || key.failure || (devices.failure && !devices.last))) return null
  let body
  if (!user) {
    body = (
      <p className="text-sm text-foreground">
        <Trans t={t} i18nKey="block.signIn" components={[<TextLink key="sign-in" to="/auth/login" />]} />
      </p>
    )
  } else if (unsettled) {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        {t("block.checking")}
      </p>
    )
  } else if (key.data && !key.data.enabled) {
    body = <p className="text-sm text-muted-foreground">{t("block.serverOff")}</p>
  } else if (support.permission === "unsupported" || support.permission === "denied") {
    const which = support.permission
    body = compact ? (
      <p className="text-sm text-muted-foreground">{t(`block.compact.${which}`)}</p>
    ) : (
      <Banner tone={which === "denied" ? "warning" : "info"} title={t(`block.${which}.title`)}>
        {t(`block.${which}.text`)}
      </Banner>
    )
  } else {
    const shown = devices.data ?? devices.last
    body = (
      <Subscription
        compact={compact}
        publicKey={key.data?.publicKey ?? null}
        devices={shown}
        endpoint={support.endpoint}
        failure={devices.failure ?? key.failure}
        onRetry={() => {
          devices.retry()
          key.retry()
        }}
        onChange={(endpoint, next) => {
          setSupport({ permission: endpoint ? "granted" : support.permission, endpoint })
          void devices.mutate(next, false)
        }}
        onDenied={() => setSupport({ permission: "denied", endpoint: null })}
      />
    )
  }
  if (compact)
    return (
      <aside aria-label={t("block.title")} className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2">
        {body}
      </aside>
    )
  return (
    <Card asChild>
      <section aria-labelledby="push-settings" className="flex flex-col gap-4 p-6">
        {title}
        {body}
      </section>
    </Card>
  )
}

interface SubscriptionProps {
  compact: boolean
  publicKey: string | null
  devices: PushDevices | undefined
  /** This browser's push endpoint, if it has a subscription. */
  endpoint: string | null
  failure: string | null
  onRetry: () => void
  onChange: (endpoint: string | null, devices: PushDevices) => void
  onDenied: () => void
}

interface Draft {
  topics: PushTopic[]
  /** Minor units (cents) of the account's currency, as MoneyInput gives them. */
  threshold: number | null
}

function Subscription({
  compact,
  publicKey,
  devices,
  endpoint,
  failure,
  onRetry,
  onChange,
  onDenied,
}: SubscriptionProps) {
  const { t } = useTranslation(NS)
  const { api, toFailure } = useShellServices()
  const browser = usePushBrowser()
  const format = useFormatter()
  const currency = devices?.currency ?? "USD"
  const mine = devices?.records.find((device) => device.endpoint === endpoint) ?? null
  // What the reader changed; until then the stored subscription's settings (or the defaults) show.
  const [draft, setDraft] = useState<Draft | null>(null)
  const shown: Draft = draft ?? {
    topics: mine ? mine.topics : ["ticketReplies", "lowBalance"],
    threshold: microToMinor(mine ? mine.lowBalanceBelow : PUSH_DEFAULT_LOW_BALANCE, currency),
  }
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const topics: PushTopic[] = compact ? ["ticketReplies"] : shown.topics

  const save = async () => {
    if (!publicKey || !devices) return
    if (topics.length === 0) return setError(t("block.topics.none"))
    if (shown.threshold === null) return setError(t("block.threshold.invalid"))
    setBusy(true)
    setError(null)
    setSaved(false)
    try {
      const subscription = await browser.subscribe(publicKey)
      const device = await api.send<PushDevice>("PUT", pushApi.subscribe.url(), {
        ...subscription,
        topics,
        lowBalanceBelow: Math.min(minorToMicro(shown.threshold, currency), PUSH_MAX_LOW_BALANCE),
      })
      setDraft(null)
      setSaved(true)
      onChange(subscription.endpoint, {
        ...devices,
        records: [...devices.records.filter((each) => each.id !== device.id), device],
      })
    } catch (caught) {
      if (caught instanceof PushPermissionRefused && caught.permission === "denied") onDenied()
      else setError(t("block.failed", { message: toFailure(caught).message }))
    } finally {
      setBusy(false)
    }
  }
  const remove = async (device: PushDevice) => {
    if (!devices) return
    setBusy(true)
    setError(null)
    setSaved(false)
    try {
      await api.send("DELETE", pushApi.unsubscribe.url({ id: device.id }))
      const thisOne = device.endpoint === endpoint
      if (thisOne) await browser.unsubscribe().catch(() => undefined)
      onChange(thisOne ? null : endpoint, {
        ...devices,
        records: devices.records.filter((each) => each.id !== device.id),
      })
    } catch (caught) {
      setError(toFailure(caught).message)
    } finally {
      setBusy(false)
    }
  }

  if (failure && !devices)
    return (
      <Banner tone="danger" title={t("block.loadFailed")}>
        <Button variant="secondary" onClick={onRetry}>
          {t("block.retry")}
        </Button>
      </Banner>
    )

  const feedback = (
    <>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <p role="status" className="text-sm text-success empty:hidden">
        {saved ? t("block.saved") : ""}
      </p>
    </>
  )

  if (compact)
    return (
      <>
        <p className="text-sm text-muted-foreground">
          {mine?.topics.includes("ticketReplies") ? t("block.compact.on") : t("block.compact.offer")}
        </p>
        {!mine?.topics.includes("ticketReplies") && (
          <Button variant="secondary" loading={busy} onClick={() => void save()}>
            {t("block.turnOn")}
          </Button>
        )}
        <span className="text-sm">
          <TextLink to="/kb/send-push-notification">{t("block.compact.settings")}</TextLink>
        </span>
        {feedback}
      </>
    )

  const toggle = (topic: PushTopic, on: boolean) =>
    setDraft({
      ...shown,
      topics: on ? [...new Set([...shown.topics, topic])] : shown.topics.filter((each) => each !== topic),
    })
  const others = devices?.records ?? []
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-medium text-foreground">{mine ? t("block.on") : t("block.off")}</p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-foreground">{t("block.topics.legend")}</legend>
        {(["ticketReplies", "lowBalance"] as const).map((topic) => (
          <Checkbox
            key={topic}
            id={`push-topic-${topic}`}
            label={t(`block.topics.${topic}`)}
            checked={shown.topics.includes(topic)}
            onCheckedChange={(on) => toggle(topic, on === true)}
          />
        ))}
      </fieldset>
      {shown.topics.includes("lowBalance") && (
        <div className="max-w-xs">
          <Field label={t("block.threshold.label")} hint={t("block.threshold.hint")}>
            <MoneyInput
              currency={currency}
              value={shown.threshold}
              min={0}
              max={microToMinor(PUSH_MAX_LOW_BALANCE, currency)}
              onChange={(threshold) => setDraft({ ...shown, threshold })}
            />
          </Field>
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <Button loading={busy} onClick={() => void save()}>
          {mine ? t("block.save") : t("block.turnOn")}
        </Button>
        {mine && (
          <Button variant="secondary" disabled={busy} onClick={() => void remove(mine)}>
            {t("block.turnOff")}
          </Button>
        )}
      </div>
      {feedback}
      {others.length > 0 && (
        <section aria-labelledby="push-devices" className="mt-2 flex flex-col gap-2">
          <h3 id="push-devices" className="text-base font-semibold text-foreground">
            {t("block.devices.title")}
          </h3>
          <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
            {others.map((device) => {
              const name =
                device.endpoint === endpoint
                  ? t("block.devices.this")
                  : browserName(device, t("block.devices.unknown"))
              return (
                <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                  <div className="flex flex-col text-sm">
                    <span className="font-medium text-foreground">{name}</span>
                    <span className="text-muted-foreground">
                      {t("block.devices.since", { date: format.date(device.createdAt) })} · {device.service}
                      {device.failures > 0 && (
                        <> · {t("block.devices.failures", { count: device.failures })}</>
                      )}
                    </span>
                  </div>
                  <Button
                    variant="secondary"
                    disabled={busy}
                    aria-label={t("block.devices.removeLabel", { name })}
                    onClick={() => void remove(device)}
                  >
                    {t("block.devices.remove")}
                  </Button>
                </li>
              )
            })}
          </ul>
        </section>
      )}
    </div>
  )
}

/** "Chrome on Linux" from a User-Agent, roughly; the fallback when it says nothing useful. */
function browserName(device: PushDevice, fallback: string): string {
  const agent = device.userAgent ?? ""
  const app = /Edg\//.test(agent)
    ? "Edge"
    : /OPR\//.test(agent)
      ? "Opera"
      : /Firefox\//.test(agent)
        ? "Firefox"
        : /Chrome\//.test(agent)
          ? "Chrome"
          : /Safari\//.test(agent)
            ? "Safari"
            : null
  const system = /Android/.test(agent)
    ? "Android"
    : /iPhone|iPad/.test(agent)
      ? "iOS"
      : /Windows/.test(agent)
        ? "Windows"
        : /Mac OS X/.test(agent)
          ? "macOS"
          : /Linux/.test(agent)
            ? "Linux"
            : null
  if (!app) return fallback
  return system ? `${app} · ${system}` : app
}
