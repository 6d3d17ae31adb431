import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { NavLink, Link } from "react-router"
import { cn } from "@manyhands/design-system"
import { Logo } from "./logo"

export interface LanguageLink {
  code: string
  /** Address of the current page in that language (a full page load: translations differ). */
  href: string
}

export interface SiteLayoutProps {
  language: string
  languages: LanguageLink[]
  children: ReactNode
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-surface-muted",
    "focus-ring",
    isActive ? "text-primary" : "text-foreground",
  )

/** Header, main landmark and footer shared by every public page. */
export function SiteLayout({ language, languages, children }: SiteLayoutProps) {
  const { t } = useTranslation("common")
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-modal focus:rounded-md focus:bg-surface focus:px-4 focus:py-2 focus:shadow-overlay"
      >
        {t("skipToContent")}
      </a>
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3 sm:px-6">
          <Link
            to="/"
            className="mr-auto flex items-center gap-2 rounded-md text-lg font-semibold focus-ring"
          >
            <Logo className="size-8" />
            {t("brand")}
          </Link>
          <nav aria-label={t("nav.label")} className="flex items-center gap-1">
            <NavLink to="/" end className={navLinkClass}>
              {t("nav.home")}
            </NavLink>
            <NavLink to="/about" className={navLinkClass}>
              {t("nav.about")}
            </NavLink>
          </nav>
          <nav aria-label={t("language.label")} className="flex items-center gap-1 text-sm">
            {languages.map((option) => (
              <a
                key={option.code}
                href={option.href}
                hrefLang={option.code}
                lang={option.code}
                aria-current={option.code === language ? "true" : undefined}
                className={cn(
                  "rounded-md px-2 py-1 hover:bg-surface-muted focus-ring",
                  option.code === language ? "font-semibold text-foreground" : "text-muted-foreground",
                )}
              >
                {t(`language.${option.code}`)}
              </a>
            ))}
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <footer className="border-t border-border bg-surface">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-8 text-sm text-muted-foreground sm:px-6">
          <p className="max-w-2xl">{t("footer.about")}</p>
          <p>{t("footer.support")}</p>
          <p>{t("footer.rights", { year: new Date().getFullYear() })}</p>
        </div>
      </footer>
    </div>
  )
}
