import { useMemo, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link, useLocation } from "react-router"
import {
  Footer,
  Header,
  isSiteLocale,
  localeNames,
  type LanguageLink,
  type RenderNavLink,
} from "@manyhands/design-system"
import { UserMenu } from "./account-menu-part"
import { AccountShortcuts, type HeaderUser } from "./account-shortcuts"
import { GuestActions } from "./guest-actions"
import { Logo } from "./logo"

export type { LanguageLink }

/** Where a site link goes: a path inside the current language, or another language's page (hrefLang). */
export interface LinkTarget {
  href: string
  hrefLang?: string
}

export interface SiteLayoutProps {
  /** The page in each language it is written in (language links are full page loads). */
  languages: LanguageLink[]
  /** Resolves a site path; pages not written in the current language lead to their English version. */
  linkTo?: (path: string) => LinkTarget
  /** Who is signed in: null shows "Log in" and "Sign up"; undefined (stories of bare pages) shows neither. */
  user?: HeaderUser | null
  children: ReactNode
}

const samePath = (path: string): LinkTarget => ({ href: path })

/** The logo: home in the reader's language (the notice on the page already says which language that is). */
function HomeLink({ target, children }: { target: LinkTarget; children: ReactNode }) {
  const className = "focus-ring rounded-md"
  return target.hrefLang ? (
    <a href={target.href} hrefLang={target.hrefLang} className={className}>
      {children}
    </a>
  ) : (
    <Link to={target.href} className={className}>
      {children}
    </Link>
  )
}

/** "EN" after a link to a page in English; screen readers hear "page in another language: English". */
function LanguageMark({ language, label }: { language: string; label: string }) {
  return (
    <span
      data-slot="language-mark"
      className="ms-1.5 inline-block rounded border border-current px-1 align-middle text-[0.65rem] leading-4 font-semibold uppercase"
    >
      <span aria-hidden="true">{language}</span>
      <span className="sr-only">
        {` (${label} `}
        <span lang={language}>{isSiteLocale(language) ? localeNames[language] : language}</span>)
      </span>
    </span>
  )
}

/** Header, main landmark and footer shared by every page. */
export function SiteLayout({ languages, linkTo = samePath, user, children }: SiteLayoutProps) {
  const { t, i18n } = useTranslation("common")
  const { pathname } = useLocation()
  const otherLanguage = t("nav.otherLanguage")

  // Site links go through the router; language links and pages in another language load anew. A site link
  // to a page in another language than this page's says so: its language's code, and its name for screen readers.
  const renderLink = useMemo<RenderNavLink>(
    () =>
      ({ href, hrefLang, children, ...props }) => {
        if (hrefLang)
          return (
            <a href={href} hrefLang={hrefLang} {...props}>
              {children}
            </a>
          )
        const target = linkTo(href)
        if (!target.hrefLang)
          return (
            <Link to={target.href} {...props}>
              {children}
            </Link>
          )
        return (
          <a href={target.href} hrefLang={target.hrefLang} {...props}>
            {children}
            {target.hrefLang !== i18n.language && (
              <LanguageMark language={target.hrefLang} label={otherLanguage} />
            )}
          </a>
        )
      },
    [linkTo, i18n.language, otherLanguage],
  )
  const within = (section: string) => pathname === section || pathname.startsWith(`${section}/`)
  const brand = (
    <span className="flex items-center gap-2 text-lg font-semibold">
      <Logo className="size-8" />
      {t("brand")}
    </span>
  )
  return (
    <div className="flex min-h-screen flex-col">
      <Header
        logo={<HomeLink target={linkTo("/")}>{brand}</HomeLink>}
        navigation={[
          { label: t("nav.customers"), href: "/for-customer", active: within("/for-customer") },
          { label: t("nav.workers"), href: "/make-money-online", active: within("/make-money-online") },
          { label: t("nav.proxies"), href: "/proxy/local-proxies", active: within("/proxy") },
          { label: t("nav.data"), href: "/data", active: within("/data") },
          { label: t("nav.about"), href: "/about", active: within("/about") },
        ]}
        navigationLabel={t("nav.label")}
        languages={languages}
        renderLink={renderLink}
        actions={
          user === null ? (
            <GuestActions linkTo={linkTo} />
          ) : user ? (
            <AccountShortcuts user={user} linkTo={linkTo} />
          ) : undefined
        }
        userMenu={user ? <UserMenu user={user} linkTo={linkTo} /> : undefined}
        contentId="main"
      />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer
        logo={brand}
        about={t("footer.about")}
        contact={t("footer.support")}
        columns={[
          {
            title: t("footer.customers"),
            links: [
              { label: t("footer.links.forCustomer"), href: "/for-customer" },
              { label: t("footer.links.order"), href: "/#order-captchas" },
              { label: t("footer.links.pricing"), href: "/pricing" },
              { label: t("footer.links.statistics"), href: "/public_statistics" },
              { label: t("footer.links.workaround"), href: "/captcha-workaround" },
              { label: t("footer.links.pay"), href: "/captcha-workaround/pay" },
              { label: t("footer.links.extension"), href: "/captcha-bypass-extension" },
            ],
          },
          {
            title: t("footer.workers"),
            links: [
              { label: t("footer.links.makeMoney"), href: "/make-money-online" },
              { label: t("footer.links.job"), href: "/job" },
              { label: t("footer.links.software"), href: "/workers-software" },
              { label: t("footer.links.jobs"), href: "/jobs" },
            ],
          },
          {
            title: t("footer.developers"),
            links: [
              { label: t("footer.links.apiDocs"), href: "/api-docs" },
              { label: t("footer.links.langGuides"), href: "/lang" },
              { label: t("footer.links.captchas"), href: "/p/generic" },
              { label: t("footer.links.from2captcha"), href: "/2captcha-api" },
              { label: t("footer.links.catalog"), href: "/software" },
            ],
          },
          {
            title: t("footer.services"),
            links: [
              { label: t("footer.links.residential"), href: "/proxy/residential" },
              { label: t("footer.links.localProxies"), href: "/proxy/local-proxies" },
              { label: t("footer.links.data"), href: "/data" },
            ],
          },
          {
            title: t("footer.company"),
            links: [
              { label: t("nav.about"), href: "/about" },
              { label: t("footer.links.support"), href: "/support" },
              { label: t("footer.links.affiliate"), href: "/affiliate" },
              { label: t("footer.links.accessibility"), href: "/p/captcha-and-accessibility" },
            ],
          },
        ]}
        languages={languages}
        legal={t("footer.rights", { year: new Date().getFullYear() })}
        legalLinks={[
          { label: t("footer.links.terms"), href: "/terms-of-service" },
          { label: t("footer.links.paymentPolicy"), href: "/payment-policy" },
          { label: t("footer.links.privacy"), href: "/privacy-policy" },
        ]}
        renderLink={renderLink}
      />
    </div>
  )
}
