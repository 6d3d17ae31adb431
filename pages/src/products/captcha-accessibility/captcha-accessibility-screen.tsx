import { Fragment } from "react"
import { Trans, useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Breadcrumbs, Callout, Prose, ProseHeading } from "@manyhands/design-system"
import { ctaTexts, PageCta, renderRouterLink } from "../../blocks"

const barriers = ["visual", "hearing", "cognitive", "motor"] as const
const noteFindings = ["exclude", "insecure", "alternatives"] as const
const alternatives = ["invisible", "honeypot", "proofOfWork", "passkeys", "verification", "tokens"] as const
const ifYouMust = ["modes", "time", "contact"] as const
const helpSteps = ["ask", "extension", "report"] as const
const sources = ["wcag", "nonText", "auth", "note"] as const

const sourceLinks: Record<(typeof sources)[number], string> = {
  wcag: "https://www.w3.org/TR/WCAG22/",
  nonText: "https://www.w3.org/WAI/WCAG22/Understanding/non-text-content.html",
  auth: "https://www.w3.org/WAI/WCAG22/Understanding/accessible-authentication-minimum.html",
  note: "https://www.w3.org/TR/turingtest/",
}

/** Links inside the article's texts: <0> W3C note, <1> WCAG 2.2, <2> the extension page. */
const textLinks = [
  <a key="note" href={sourceLinks.note} />,
  <a key="wcag" href={sourceLinks.wcag} />,
  <Link key="extension" to="/captcha-bypass-extension" />,
]

/** /p/captcha-and-accessibility: an article on why captchas shut people out and what to do instead. */
export default function CaptchaAccessibilityScreen() {
  const { t } = useTranslation("accessibility")
  const text = (key: string) => <Trans t={t} i18nKey={key} components={textLinks} />
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
            items={[{ label: t("breadcrumbs.home"), href: "/" }, { label: t("breadcrumbs.current") }]}
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

      <article aria-label={t("header.title")} className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <Prose>
          <p>{text("article.intro.p1")}</p>
          <p>{text("article.intro.p2")}</p>

          {heading("why-captchas-fail", "article.barriers.title")}
          <p>{text("article.barriers.lead")}</p>
          {barriers.map((id) => (
            <Fragment key={id}>
              {heading(`barrier-${id}`, `article.barriers.items.${id}.title`, 3)}
              <p>{text(`article.barriers.items.${id}.text`)}</p>
            </Fragment>
          ))}

          {heading("wcag-22", "article.wcag.title")}
          <p>{text("article.wcag.lead")}</p>
          {heading("non-text-content", "article.wcag.nonText.title", 3)}
          <p>{text("article.wcag.nonText.p1")}</p>
          <p>{text("article.wcag.nonText.p2")}</p>
          {heading("accessible-authentication", "article.wcag.auth.title", 3)}
          <p>{text("article.wcag.auth.p1")}</p>
          <p>{text("article.wcag.auth.p2")}</p>
          <Callout title={t("article.wcag.callout.title")}>
            <p>{text("article.wcag.callout.text")}</p>
          </Callout>

          {heading("w3c-note", "article.note.title")}
          <p>{text("article.note.lead")}</p>
          <ul>
            {noteFindings.map((id) => (
              <li key={id}>{text(`article.note.findings.${id}`)}</li>
            ))}
          </ul>

          {heading("alternatives", "article.alternatives.title")}
          <p>{text("article.alternatives.lead")}</p>
          <ul>
            {alternatives.map((id) => (
              <li key={id}>
                <strong>{t(`article.alternatives.items.${id}.title`)}</strong>{" "}
                {text(`article.alternatives.items.${id}.text`)}
              </li>
            ))}
          </ul>
          {heading("if-you-must", "article.alternatives.mustTitle", 3)}
          <ul>
            {ifYouMust.map((id) => (
              <li key={id}>{text(`article.alternatives.must.${id}`)}</li>
            ))}
          </ul>

          {heading("blocked", "article.help.title")}
          <p>{text("article.help.lead")}</p>
          <ol>
            {helpSteps.map((id) => (
              <li key={id}>{text(`article.help.steps.${id}`)}</li>
            ))}
          </ol>
          <Callout tone="warning" title={t("article.help.callout.title")}>
            <p>{text("article.help.callout.text")}</p>
          </Callout>

          {heading("sources", "article.sources.title")}
          <ul>
            {sources.map((id) => (
              <li key={id}>
                <a href={sourceLinks[id]}>{t(`article.sources.items.${id}`)}</a>
              </li>
            ))}
          </ul>
        </Prose>
      </article>

      <PageCta
        id="accessibility-cta"
        {...ctaTexts(t, "cta")}
        action={{ to: "/captcha-bypass-extension", label: t("cta.extension") }}
        secondaryAction={{ to: "/about", label: t("cta.about") }}
      />
    </>
  )
}
