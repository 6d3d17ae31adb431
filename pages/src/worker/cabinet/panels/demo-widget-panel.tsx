import { useImperativeHandle, useMemo, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { KeyValueItem, KeyValueList } from "@manyhands/design-system"
import {
  demoOfTask,
  demoPlaceOfTask,
  demoWorkerAnswer,
  type DemoToken,
} from "@manyhands/contract/captcha-demo"
import { DemoWidget, WIDGET_NS, type WidgetDemo } from "../../../demos/demo-widget"
import type { PanelProps } from "./panel-kit"

/**
 * A token task for one of our demo widgets (/demo): the widget, for the task's site key and page, solved here as a
 * visitor of the page would; the token it issues is the answer (in the worker API's shape for the type).
 */
export default function DemoWidgetPanel({ offer, error, readOnly, onEdit, ref }: PanelProps) {
  const { t } = useTranslation(WIDGET_NS)
  const box = useRef<HTMLDivElement>(null)
  const [token, setToken] = useState<DemoToken | null>(null)
  const definition = demoOfTask(offer.type, offer.params)
  const place = demoPlaceOfTask(offer.params)

  const demo = useMemo<WidgetDemo | null>(
    () =>
      definition
        ? {
            slug: definition.slug,
            vendor: definition.vendor,
            challenge: definition.challenge,
            siteKey: definition.siteKey,
            pageUrl: place.pageUrl,
            lifetimeSeconds: definition.lifetimeSeconds,
            invisible: definition.invisible ?? false,
            enterprise: definition.enterprise ?? false,
            callback: null,
            action: definition.action ?? null,
            cData: definition.cData ?? null,
            pageData: definition.pageData ? place.pageData : null,
            geetestChallenge: definition.geetestVersion === 3 ? place.pageData : null,
            geetestVersion: definition.geetestVersion ?? null,
          }
        : null,
    [definition, place.pageUrl, place.pageData],
  )

  useImperativeHandle(
    ref,
    () => ({
      read: () =>
        definition && token
          ? { solution: demoWorkerAnswer(definition, token) }
          : { missing: definition ? t("cabinet.solveFirst") : t("cabinet.unknown") },
      focus: () => box.current?.querySelector<HTMLElement>("button, input, [tabindex='0']")?.focus(),
    }),
    [definition, token, t],
  )

  if (!demo || !definition)
    return (
      <p className="text-sm text-danger" role="alert">
        {t("cabinet.unknown")}
      </p>
    )
  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-2xl text-sm text-muted-foreground">
        {t("cabinet.lead", { vendor: t(`vendors.${definition.vendor}`) })}
      </p>
      <KeyValueList>
        <KeyValueItem label={t("cabinet.siteKey")} mono>
          <span className="break-all">{definition.siteKey}</span>
        </KeyValueItem>
        <KeyValueItem label={t("cabinet.page")} mono>
          <span className="break-all">{place.pageUrl}</span>
        </KeyValueItem>
      </KeyValueList>
      <div ref={box} inert={readOnly} data-testid="demo-widget-task">
        <DemoWidget
          demo={demo}
          inCabinet
          onToken={(issued) => {
            setToken(issued)
            onEdit()
          }}
          onExpired={() => setToken(null)}
        />
      </div>
      {error ? (
        <p className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : token ? (
        <p className="text-sm text-success" role="status">
          {t("cabinet.solved")}
        </p>
      ) : null}
    </div>
  )
}
