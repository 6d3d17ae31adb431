import type { ComponentProps, ReactNode } from "react"
import { Container } from "../container"
import { GlobeIcon } from "../icons"
import { renderAnchor, type RenderNavLink } from "../header/render-link"
import type { LanguageLink } from "../header/language-switcher"
import { cn } from "../lib/cn"
import { localeNames } from "../provider/locales"
import { useDesignSystem, useMessages } from "../provider/provider"

export interface FooterLink {
  label: ReactNode
  href: string
}

/** A titled column of links ("Customers", "Workers", "Developers"…). */
export interface FooterColumn {
  title: ReactNode
  links: FooterLink[]
}

export interface FooterProps extends Omit<ComponentProps<"footer">, "children" | "about"> {
  /** The brand, usually the mark and the name. */
  logo?: ReactNode
  /** A sentence about the service under the logo. */
  about?: ReactNode
  /** Slot for contact details: support e-mail, Telegram, opening hours. */
  contact?: ReactNode
  /** Columns of links, in reading order. */
  columns?: FooterColumn[]
  /** Level of the column titles in the page outline. @default 2 */
  headingLevel?: 2 | 3 | 4
  /** Every site language with the address of this page in it. */
  languages?: LanguageLink[]
  /** Language of the page; defaults to the provider's. */
  locale?: LanguageLink["locale"]
  /** The legal line: copyright and company details. */
  legal?: ReactNode
  /** Small links next to the legal line: terms, privacy, cookies. */
  legalLinks?: FooterLink[]
  /** Renders each link (react-router's Link, say); a plain `<a>` by default. */
  renderLink?: RenderNavLink
  className?: string
}

const linkClasses =
  "rounded-sm text-muted-foreground underline-offset-4 transition-colors hover:text-foreground hover:underline focus-ring"

/** The site footer: brand and contacts, link columns, the list of languages and the legal line. */
export function Footer({
  logo,
  about,
  contact,
  columns = [],
  headingLevel = 2,
  languages = [],
  locale,
  legal,
  legalLinks = [],
  renderLink = renderAnchor,
  className,
  ...props
}: FooterProps) {
  const { messages } = useMessages()
  const { locale: providerLocale } = useDesignSystem()
  const current = locale ?? providerLocale
  const Heading = `h${headingLevel}` as "h2" | "h3" | "h4"
  const hasBrand = logo != null || about != null || contact != null
  return (
    <footer
      data-slot="footer"
      className={cn("w-full border-t border-border bg-surface text-sm text-foreground", className)}
      {...props}
    >
      <Container size="xl" className="flex flex-col gap-10 py-12">
        {hasBrand || columns.length > 0 ? (
          <div className="grid gap-10 lg:grid-cols-[minmax(0,18rem)_1fr] lg:gap-16">
            {hasBrand ? (
              <div data-slot="footer-brand" className="flex flex-col gap-4">
                {logo != null ? <div className="flex items-center">{logo}</div> : null}
                {about != null ? <p className="leading-relaxed text-muted-foreground">{about}</p> : null}
                {contact != null ? (
                  <div data-slot="footer-contact" className="flex flex-col gap-2 text-muted-foreground">
                    {contact}
                  </div>
                ) : null}
              </div>
            ) : null}
            {columns.length > 0 ? (
              <div className="grid grid-cols-2 gap-x-6 gap-y-8 sm:grid-cols-3 xl:grid-cols-4">
                {columns.map((column, index) => (
                  <section key={index} data-slot="footer-column" className="flex flex-col gap-3">
                    <Heading className="text-sm font-semibold text-foreground">{column.title}</Heading>
                    <ul className="flex flex-col gap-2.5">
                      {column.links.map((link) => (
                        <li key={link.href}>
                          {renderLink({ href: link.href, className: linkClasses, children: link.label })}
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            ) : null}
          </div>
        ) : null}
        {languages.length > 0 ? (
          <div data-slot="footer-languages" className="flex items-start gap-3 border-t border-border pt-6">
            <GlobeIcon size={18} className="mt-0.5 shrink-0 text-muted-foreground" />
            <ul aria-label={messages.language} className="flex flex-wrap gap-x-4 gap-y-2">
              {languages.map((language) => {
                const isCurrent = language.locale === current
                return (
                  <li key={language.locale}>
                    {renderLink({
                      href: language.href,
                      lang: language.locale,
                      hrefLang: language.locale,
                      "aria-current": isCurrent ? "true" : undefined,
                      className: cn(linkClasses, isCurrent && "font-semibold text-foreground"),
                      children: localeNames[language.locale],
                    })}
                  </li>
                )
              })}
            </ul>
          </div>
        ) : null}
        {legal != null || legalLinks.length > 0 ? (
          <div
            data-slot="footer-legal"
            className="flex flex-col gap-3 border-t border-border pt-6 text-xs text-muted-foreground sm:flex-row sm:items-center sm:justify-between"
          >
            {legal != null ? <p>{legal}</p> : null}
            {legalLinks.length > 0 ? (
              <ul className="flex flex-wrap gap-x-4 gap-y-2">
                {legalLinks.map((link) => (
                  <li key={link.href}>
                    {renderLink({ href: link.href, className: linkClasses, children: link.label })}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </Container>
    </footer>
  )
}
