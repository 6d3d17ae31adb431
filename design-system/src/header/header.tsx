import { cva } from "class-variance-authority"
import { useEffect, useId, useRef, useState, type ReactNode, type ComponentProps } from "react"
import { Container } from "../container"
import { MenuIcon } from "../icons"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"
import { LanguageSwitcher, type LanguageLink } from "./language-switcher"
import { onFirstUse, preload, reportLoadFailure } from "../lib/on-first-use"
import { renderAnchor, type RenderNavLink } from "./render-link"

/** Radix's dialog (focus trap, scroll lock, aria-hidden): fetched when the menu button is first reached for. */
const mobileNav = /* @__PURE__ */ onFirstUse(() => import("./mobile-nav-dialog"))

/** One link of the primary navigation. */
export interface HeaderNavItem {
  label: ReactNode
  href: string
  /** The visitor is on this page or inside this section: highlighted and announced as the current page. */
  active?: boolean
}

export const headerVariants = /* @__PURE__ */ cva(
  "w-full border-b border-border bg-surface text-foreground",
  {
    variants: {
      sticky: { true: "sticky top-0 z-header", false: "relative" },
    },
    defaultVariants: { sticky: false },
  },
)

export const headerNavLinkVariants = /* @__PURE__ */ cva(
  ["inline-flex items-center rounded-md text-sm font-medium transition-colors duration-150", "focus-ring"],
  {
    variants: {
      placement: {
        bar: "h-10 px-3",
        panel: "h-12 w-full px-4 text-base",
      },
      active: {
        true: "bg-primary-soft text-primary",
        false: "text-muted-foreground hover:bg-surface-muted hover:text-foreground",
      },
    },
    defaultVariants: { placement: "bar", active: false },
  },
)

/** Classes that switch between the bar and the menu panel at the chosen breakpoint (static for Tailwind). */
const collapseClasses = {
  md: {
    logo: "md:mr-2",
    nav: "hidden min-w-0 md:mr-auto md:block",
    inline: "hidden md:inline-flex",
    flex: "hidden md:flex",
    smallOnly: "md:hidden",
    query: "(min-width: 48rem)",
  },
  lg: {
    logo: "lg:mr-2",
    nav: "hidden min-w-0 lg:mr-auto lg:block",
    inline: "hidden lg:inline-flex",
    flex: "hidden lg:flex",
    smallOnly: "lg:hidden",
    query: "(min-width: 64rem)",
  },
} as const

export interface HeaderProps extends Omit<ComponentProps<"header">, "children"> {
  /** The brand, usually a link home with the mark and the name. */
  logo: ReactNode
  /** Primary navigation links. */
  navigation?: HeaderNavItem[]
  /** Accessible name of the navigation landmark; defaults to the provider's "Main navigation". */
  navigationLabel?: string
  /** Languages for the switcher, each with the address of this page in it. Without them, no switcher. */
  languages?: LanguageLink[]
  /** Language of the page; defaults to the provider's. */
  locale?: LanguageLink["locale"]
  /** Slot for the customer's balance (a signed-in visitor), shown on every screen size. */
  balance?: ReactNode
  /** Slot for the user menu (an avatar button with a dropdown), shown on every screen size. */
  userMenu?: ReactNode
  /** Slot for actions such as "Log in" and "Sign up"; in the menu panel on small screens. */
  actions?: ReactNode
  /**
   * Below this breakpoint the navigation, languages and actions move into the menu panel. Use `lg` when
   * they do not fit a 768 px tablet (five links, the switcher and two buttons do not). @default "md"
   */
  collapseBelow?: "md" | "lg"
  /** Stay at the top of the window while the page scrolls. @default false */
  sticky?: boolean
  /** Id of the page's main content, the target of the skip link. @default "main" */
  contentId?: string
  /** Renders each link (react-router's Link, say); a plain `<a>` by default. */
  renderLink?: RenderNavLink
  /** Controlled state of the small-screen menu panel. */
  menuOpen?: boolean
  /** Initial state of the menu panel when uncontrolled. @default false */
  defaultMenuOpen?: boolean
  onMenuOpenChange?: (open: boolean) => void
  className?: string
}

/**
 * The site header: skip link, brand, primary navigation, language switcher and the visitor's balance and
 * menu. Below the `md` breakpoint (or `lg`, see `collapseBelow`) the navigation, languages and actions move
 * into a panel opened by a menu button; Escape closes it and focus goes back to the button.
 *
 * The panel is a Radix dialog loaded on first use: the menu button is the header's own, with the markup of
 * Radix's trigger, and hovering or focusing it starts the fetch. The panel opens as soon as the dialog is
 * there (at once when `menuOpen` or `defaultMenuOpen` says so), and stays mounted from then on.
 */
export function Header({
  logo,
  navigation = [],
  navigationLabel,
  languages = [],
  locale,
  balance,
  userMenu,
  actions,
  collapseBelow = "md",
  sticky = false,
  contentId = "main",
  renderLink = renderAnchor,
  menuOpen,
  defaultMenuOpen = false,
  onMenuOpenChange,
  className,
  ...props
}: HeaderProps) {
  const { messages } = useMessages()
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultMenuOpen)
  const open = menuOpen ?? uncontrolledOpen
  const setOpen = (next: boolean) => {
    if (menuOpen === undefined) setUncontrolledOpen(next)
    onMenuOpenChange?.(next)
  }
  const navLabel = navigationLabel ?? messages.mainNavigation
  const collapse = collapseClasses[collapseBelow]
  const hasPanel = navigation.length > 0 || languages.length > 0 || actions != null
  const menuButtonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const [panel, setPanel] = useState<typeof mobileNav.loaded>()

  useEffect(() => {
    if (!open || panel) return
    let asked = true
    mobileNav.load().then(
      (module) => {
        if (asked) setPanel(module)
      },
      (error: unknown) => {
        // The button says the panel is open; its next press closes that, and the one after tries again.
        if (asked) reportLoadFailure(error)
      },
    )
    return () => {
      asked = false
    }
  }, [open, panel])

  // The panel belongs to small screens: close it when the window grows past the breakpoint.
  useEffect(() => {
    if (!open || typeof window.matchMedia !== "function") return
    const wide = window.matchMedia(collapse.query)
    const onChange = () => {
      if (wide.matches) setOpen(false)
    }
    wide.addEventListener("change", onChange)
    return () => wide.removeEventListener("change", onChange)
  })

  const navLinks = (placement: "bar" | "panel") =>
    navigation.map((item) => (
      <li key={item.href}>
        {renderLink({
          href: item.href,
          "aria-current": item.active ? "page" : undefined,
          className: headerNavLinkVariants({ placement, active: item.active ?? false }),
          onClick: placement === "panel" ? () => setOpen(false) : undefined,
          children: item.label,
        })}
      </li>
    ))

  return (
    <header
      data-slot="header"
      data-sticky={sticky ? "true" : undefined}
      className={cn(headerVariants({ sticky }), className)}
      {...props}
    >
      <a
        href={`#${contentId}`}
        data-slot="skip-link"
        className={cn(
          "sr-only rounded-md bg-surface px-4 py-2 text-sm font-medium text-primary shadow-overlay",
          "focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-tooltip focus-ring",
        )}
      >
        {messages.skipToContent}
      </a>
      <Container size="xl" className="flex h-16 items-center gap-2 sm:gap-4">
        <div
          data-slot="header-logo"
          className={cn("mr-auto flex shrink-0 items-center", navigation.length > 0 && collapse.logo)}
        >
          {logo}
        </div>
        {navigation.length > 0 ? (
          <nav aria-label={navLabel} className={collapse.nav}>
            <ul className="flex items-center gap-1">{navLinks("bar")}</ul>
          </nav>
        ) : null}
        {languages.length > 0 ? (
          <LanguageSwitcher
            languages={languages}
            current={locale}
            renderLink={renderLink}
            display={collapseBelow === "md" ? "auto" : "name"}
            className={collapse.inline}
          />
        ) : null}
        {actions != null ? (
          <div data-slot="header-actions" className={cn("items-center gap-2", collapse.flex)}>
            {actions}
          </div>
        ) : null}
        {balance != null ? (
          <div data-slot="header-balance" className="flex shrink-0 items-center">
            {balance}
          </div>
        ) : null}
        {userMenu != null ? (
          <div data-slot="header-user-menu" className="flex shrink-0 items-center">
            {userMenu}
          </div>
        ) : null}
        {hasPanel ? (
          <>
            {/* The header's own button, never swapped for another: the dialog needs no Radix trigger (the panel
                takes this button's aria-controls id and gives the focus back to it). */}
            <button
              ref={menuButtonRef}
              type="button"
              aria-haspopup="dialog"
              aria-expanded={open}
              aria-controls={open && panel ? panelId : undefined}
              data-state={open ? "open" : "closed"}
              data-slot="header-menu-button"
              aria-label={messages.openMenu}
              className={cn(
                "-mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-md text-foreground",
                "hover:bg-surface-muted focus-ring",
                collapse.smallOnly,
              )}
              onPointerEnter={() => preload(mobileNav)}
              onFocus={() => preload(mobileNav)}
              onClick={() => {
                // A loaded dialog shows in this same update.
                if (!open && !panel && mobileNav.loaded) setPanel(mobileNav.loaded)
                setOpen(!open)
              }}
            >
              <MenuIcon size={22} />
            </button>
            {panel ? (
              <panel.MobileNavDialog
                open={open}
                onOpenChange={setOpen}
                triggerRef={menuButtonRef}
                contentId={panelId}
                title={navLabel}
                closeLabel={messages.close}
                logo={logo}
                smallOnlyClassName={collapse.smallOnly}
              >
                <div className="flex min-h-0 flex-1 flex-col gap-6 overflow-y-auto p-4">
                  {navigation.length > 0 ? (
                    <nav aria-label={navLabel}>
                      <ul className="flex flex-col gap-1">{navLinks("panel")}</ul>
                    </nav>
                  ) : null}
                  {languages.length > 0 ? (
                    <div className="border-t border-border pt-4">
                      <LanguageSwitcher
                        languages={languages}
                        current={locale}
                        renderLink={renderLink}
                        align="start"
                        className="-ml-1"
                      />
                    </div>
                  ) : null}
                  {actions != null ? (
                    <div
                      data-slot="header-menu-actions"
                      className="mt-auto flex flex-col gap-2 border-t border-border pt-4 [&>*]:w-full"
                      onClick={() => setOpen(false)}
                    >
                      {actions}
                    </div>
                  ) : null}
                </div>
              </panel.MobileNavDialog>
            ) : null}
          </>
        ) : null}
      </Container>
    </header>
  )
}
