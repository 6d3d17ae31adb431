import { Fragment } from "react"
import { Trans, useTranslation } from "react-i18next"
import { Breadcrumbs, Callout, Prose, ProseHeading } from "@manyhands/design-system"
import { renderRouterLink } from "../blocks"
import { NS, PushSettings } from "./push-settings"

const enableSteps = ["signIn", "open", "allow"] as const
const privacyItems = ["endpoint", "keys", "details"] as const
const problems = ["denied", "private", "ios", "unsupported", "nothing"] as const
const flow = ["worker", "subscribe", "store", "sign", "encrypt", "deliver"] as const
const sources = {
  rfc8030: "https://www.rfc-editor.org/rfc/rfc8030",
  rfc8291: "https://www.rfc-editor.org/rfc/rfc8291",
  rfc8292: "https://www.rfc-editor.org/rfc/rfc8292",
  mdn: "https://developer.mozilla.org/en-US/docs/Web/API/Push_API",
} as const

/** What a push service receives from us (the shape; the values are shortened). */
const EXAMPLE = `POST /wpush/v2/gAAAAABm… HTTP/1.1
Host: updates.push.services.mozilla.com
TTL: 86400
Urgency: normal
Topic: ticket-1042
Content-Type: application/octet-stream
Content-Encoding: aes128gcm
Authorization: vapid t=eyJ0eXAiOiJKV1QiLCJhbGciOiJFUzI1NiJ9.eyJhdWQiOi…, k=BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U

<salt · record size · server's public key · AES-128-GCM ciphertext>`

/**
 * /kb/send-push-notification: browser push notifications for our users (what they get, how to turn them on and
 * off, what is stored, what to do when they do not arrive) and for developers (Web Push with VAPID step by step),
 * with the block that turns them on in this browser.
 */
export default function PushScreen() {
  const { t } = useTranslation(NS)
  const text = (key: string) => (
    <Trans t={t} i18nKey={key} components={{ strong: <strong />, code: <code /> }} />
  )
  const heading = (id: string, key: string, level: 2 | 3 = 2) => {
    const title = t(key)
    return (
      <ProseHeading id={id} level={level} anchorLabel={t("article.anchor", { title })}>
        {title}
      </ProseHeading>
    )
  }
  return (
    <>
      <header className="bg-surface">
        <div className="mx-auto max-w-3xl px-4 pb-12 pt-6 sm:px-6">
          <Breadcrumbs
            label={t("breadcrumbs.label")}
            renderLink={renderRouterLink}
            items={[
              { label: t("breadcrumbs.home"), href: "/" },
              { label: t("breadcrumbs.support"), href: "/support" },
              { label: t("breadcrumbs.current") },
            ]}
          />
          <p className="mt-8 text-sm font-semibold uppercase tracking-wide text-primary">
            {t("header.eyebrow")}
          </p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {t("header.title")}
          </h1>
          <p className="mt-5 text-lg leading-relaxed text-muted-foreground">{t("header.lead")}</p>
        </div>
      </header>

      <div className="mx-auto max-w-3xl px-4 pt-10 sm:px-6">
        <PushSettings />
      </div>

      <article aria-label={t("header.title")} className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <Prose>
          {heading("what-you-get", "article.what.title")}
          <p>{t("article.what.lead")}</p>
          <ul>
            <li>{text("article.what.ticketReplies")}</li>
            <li>{text("article.what.lowBalance")}</li>
          </ul>
          <p>{text("article.what.mail")}</p>

          {heading("turn-on-and-off", "article.enable.title")}
          <p>{t("article.enable.lead")}</p>
          <ol>
            {enableSteps.map((id) => (
              <li key={id}>{text(`article.enable.steps.${id}`)}</li>
            ))}
          </ol>
          <p>{text("article.enable.change")}</p>
          <p>{text("article.enable.off")}</p>

          {heading("privacy", "article.privacy.title")}
          <p>{t("article.privacy.lead")}</p>
          <ul>
            {privacyItems.map((id) => (
              <li key={id}>{text(`article.privacy.${id}`)}</li>
            ))}
          </ul>
          <p>{text("article.privacy.payload")}</p>
          <p>{text("article.privacy.removal")}</p>

          {heading("troubleshooting", "article.troubleshooting.title")}
          {problems.map((id) => (
            <Fragment key={id}>
              {heading(`problem-${id}`, `article.troubleshooting.${id}.title`, 3)}
              <p>{text(`article.troubleshooting.${id}.text`)}</p>
            </Fragment>
          ))}

          {heading("developers", "article.developers.title")}
          <p>{text("article.developers.lead")}</p>
          <ol>
            {flow.map((id) => (
              <li key={id}>{text(`article.developers.steps.${id}`)}</li>
            ))}
          </ol>
          <p>{t("article.developers.example")}</p>
          <pre tabIndex={0} aria-label={t("article.developers.example")}>
            <code>{EXAMPLE}</code>
          </pre>
          <p>{text("article.developers.api")}</p>
          <Callout title={t("article.developers.selfHostedTitle")}>
            <p>{text("article.developers.selfHosted")}</p>
          </Callout>

          {heading("sources", "article.sources.title")}
          <ul>
            {(Object.keys(sources) as (keyof typeof sources)[]).map((id) => (
              <li key={id}>
                <a href={sources[id]}>{t(`article.sources.${id}`)}</a>
              </li>
            ))}
          </ul>
        </Prose>
      </article>
    </>
  )
}
