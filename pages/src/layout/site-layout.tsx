import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link, useLocation } from "react-router"
import { Footer, Header, type LanguageLink, type RenderNavLink } from "@manyhands/design-system"
import { Logo } from "./logo"

export type { LanguageLink }

export interface SiteLayoutProps {
  /** The page in each language the site is served in (language links are full page loads). */
  languages: LanguageLink[]
  children: ReactNode
}

/** Site links go through the router; language links load the page anew, since translations differ. */
const renderLink: RenderNavLink = ({ href, hrefLang, ...props }) =>
  hrefLang ? <a href={href} hrefLang={hrefLang} {...props} /> : <Link to={href} {...props} />

/** Header, main landmark and footer shared by every public page. */
export function SiteLayout({ languages, children }: SiteLayoutProps) {
  const { t } = useTranslation("common")
  const { pathname } = useLocation()
  const brand = (
    <span className="flex items-center gap-2 text-lg font-semibold">
      <Logo className="size-8" />
      {t("brand")}
    </span>
  )
  return (
    <div className="flex min-h-screen flex-col">
      <Header
        logo={
          <Link to="/" className="focus-ring rounded-md">
            {brand}
          </Link>
        }
        navigation={[
          { label: t("nav.home"), href: "/", active: pathname === "/" },
          { label: t("nav.about"), href: "/about", active: pathname === "/about" },
        ]}
        navigationLabel={t("nav.label")}
        languages={languages}
        renderLink={renderLink}
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
            title: t("footer.company"),
            links: [
              { label: t("nav.home"), href: "/" },
              { label: t("nav.about"), href: "/about" },
            ],
          },
        ]}
        languages={languages}
        legal={t("footer.rights", { year: new Date().getFullYear() })}
        renderLink={renderLink}
      />
    </div>
  )
}
