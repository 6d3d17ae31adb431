import type { ReactElement, ReactNode } from "react"
import { Trans, useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Prose, ProseHeading } from "@manyhands/design-system"
import { Section } from "../../layout/section"
import { outlines, type LegalBlock, type LegalDocumentName } from "./outlines"

export type { LegalDocumentName }

export interface LegalDocumentScreenProps {
  /** Which document to show; it is also the translation namespace the texts come from. */
  document: LegalDocumentName
}

const SUPPORT_EMAIL = "support@manyhands.dev"
/** The date every document took effect, in the `<time>` element's machine-readable form. */
const EFFECTIVE_DATE = "2026-11-21"

/** The legal documents, for the links between them. The privacy policy is published in English only. */
const documents = [
  { name: "terms", path: "/terms-of-service", label: "related.terms", englishOnly: false },
  { name: "payment-policy", path: "/payment-policy", label: "related.payments", englishOnly: false },
  { name: "privacy", path: "/privacy-policy", label: "related.privacy", englishOnly: true },
] as const

type DocumentInfo = (typeof documents)[number]

/**
 * A link to another legal document. A document that exists in English only is linked outside the router,
 * so that a Russian or Chinese page opens its English version instead of a missing page under /ru or /zh.
 */
function documentLink(
  info: DocumentInfo,
  language: string,
  props: { className?: string; children?: ReactNode } = {},
) {
  return info.englishOnly && language !== "en" ? (
    <a href={info.path} hrefLang="en" {...props} />
  ) : (
    <Link to={info.path} {...props} />
  )
}

/**
 * The tags texts may use: `<strong>`, `<code>`, `<email>`, `<time>` (the effective date) and links to other
 * pages, e.g. `<payments>Payment Policy</payments>`.
 */
function richTextComponents(language: string): Record<string, ReactElement> {
  const [terms, payments, privacy] = documents
  return {
    strong: <strong />,
    code: <code />,
    email: <a href={`mailto:${SUPPORT_EMAIL}`} />,
    terms: documentLink(terms, language),
    payments: documentLink(payments, language),
    privacy: documentLink(privacy, language),
    software: <Link to="/workers-software" />,
    time: <time dateTime={EFFECTIVE_DATE} />,
  }
}

/** One legal document (terms of service, payment policy, privacy policy): contents, then numbered sections. */
export default function LegalDocumentScreen({ document }: LegalDocumentScreenProps) {
  const { t, i18n } = useTranslation(document)
  const language = i18n.language
  const components = richTextComponents(language)
  const rich = (key: string) => <Trans t={t} i18nKey={key} components={components} />
  const sections = outlines[document]

  const block = (sectionId: string, item: LegalBlock) => {
    const base = `sections.${sectionId}.${item.key}`
    switch (item.kind) {
      case "p":
        return <p key={item.key}>{rich(base)}</p>
      case "list":
        return (
          <ul key={item.key}>
            {item.items.map((id) => (
              <li key={id}>{rich(`${base}.${id}`)}</li>
            ))}
          </ul>
        )
      case "table":
        return (
          <table key={item.key}>
            <caption>{t(`${base}.caption`)}</caption>
            <thead>
              <tr>
                {item.columns.map((column) => (
                  <th key={column} scope="col">
                    {t(`${base}.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {item.rows.map((row) => (
                <tr key={row}>
                  {item.columns.map((column, index) =>
                    index === 0 ? (
                      <th key={column} scope="row" className="font-medium">
                        {rich(`${base}.rows.${row}.${column}`)}
                      </th>
                    ) : (
                      <td key={column}>{rich(`${base}.rows.${row}.${column}`)}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )
    }
  }

  return (
    <>
      <Section tone="surface" labelledBy="legal-title">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">{t("eyebrow")}</p>
        <h1 id="legal-title" className="mt-3 text-4xl font-bold tracking-tight">
          {t("title")}
        </h1>
        <p className="mt-4 max-w-3xl text-lg text-muted-foreground">{t("lead")}</p>
        <p className="mt-6 text-sm text-muted-foreground [&_time]:font-semibold [&_time]:text-foreground">
          {rich("effective")}
        </p>
      </Section>

      <Section>
        <div className="grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-14">
          <nav
            aria-labelledby="legal-toc-title"
            className="lg:sticky lg:top-6 lg:max-h-[calc(100vh-3rem)] lg:self-start lg:overflow-y-auto"
          >
            <div className="rounded-lg border border-border bg-surface p-5">
              <h2
                id="legal-toc-title"
                className="text-sm font-semibold uppercase tracking-wide text-muted-foreground"
              >
                {t("toc.title")}
              </h2>
              <ol className="mt-3 flex flex-col gap-2 text-sm">
                {sections.map((section, index) => (
                  <li key={section.id} className="flex gap-2">
                    <span aria-hidden="true" className="w-6 shrink-0 tabular-nums text-muted-foreground">
                      {index + 1}.
                    </span>
                    <a
                      href={`#${section.anchor}`}
                      className="rounded-sm text-foreground underline-offset-4 hover:text-primary hover:underline focus-ring"
                    >
                      {t(`sections.${section.id}.title`)}
                    </a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>

          <div className="min-w-0">
            <Prose className="max-w-3xl">
              {sections.map((section, index) => (
                <section
                  key={section.id}
                  aria-labelledby={section.anchor}
                  className="[&:not(:first-child)]:mt-12"
                >
                  <ProseHeading level={2} id={section.anchor} hideAnchor>
                    {`${index + 1}. ${t(`sections.${section.id}.title`)}`}
                  </ProseHeading>
                  {section.blocks.map((item) => block(section.id, item))}
                </section>
              ))}
            </Prose>

            <nav
              aria-labelledby="legal-related-title"
              className="mt-14 max-w-3xl border-t border-border pt-8"
            >
              <h2 id="legal-related-title" className="text-lg font-semibold">
                {t("related.title")}
              </h2>
              <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
                {documents
                  .filter((info) => info.name !== document)
                  .map((info) => (
                    <li key={info.name}>
                      {documentLink(info, language, {
                        className:
                          "rounded-sm font-medium text-primary underline underline-offset-2 hover:text-primary-hover focus-ring",
                        children: t(info.label),
                      })}
                    </li>
                  ))}
              </ul>
            </nav>
          </div>
        </div>
      </Section>
    </>
  )
}
