import * as DropdownMenu from "@radix-ui/react-dropdown-menu"
import { cva } from "class-variance-authority"
import { CheckIcon, ChevronDownIcon, GlobeIcon } from "../icons"
import { cn } from "../lib/cn"
import { localeNames, type SiteLocale } from "../provider/locales"
import { splitMessage, useDesignSystem, useMessages } from "../provider/provider"
import { renderAnchor, type RenderNavLink } from "./render-link"

/** One site language and the address of the current page in it. */
export interface LanguageLink {
  locale: SiteLocale
  /** The same page in that language (usually a full page load: translations differ). */
  href: string
}

export const languageSwitcherTriggerVariants = /* @__PURE__ */ cva(
  [
    "inline-flex h-10 shrink-0 items-center gap-2 rounded-md px-3 text-sm font-medium text-foreground",
    "transition-colors duration-150 hover:bg-surface-muted data-[state=open]:bg-surface-muted",
    "focus-ring",
  ],
  {
    variants: {
      display: { name: "", code: "px-2.5 uppercase", auto: "max-lg:px-2.5 max-lg:uppercase" },
    },
    defaultVariants: { display: "name" },
  },
)

export interface LanguageSwitcherProps {
  /** The languages to offer, each with its address; shown in this order. */
  languages: LanguageLink[]
  /** The language of the page; defaults to the provider's. */
  current?: SiteLocale
  /**
   * The trigger shows the language's own name ("Deutsch"), its code ("DE"), or (`auto`) the code below
   * the `lg` breakpoint and the name from there up. @default "name"
   */
  display?: "name" | "code" | "auto"
  /** Which edge of the trigger the list lines up with. @default "end" */
  align?: "start" | "end"
  /** Renders each link (a router link, say); a plain `<a>` by default. */
  renderLink?: RenderNavLink
  /** Open the list on first render (for screenshots and demos). */
  defaultOpen?: boolean
  className?: string
}

/**
 * A button showing the current language that opens a list of every site language, each in its own name
 * and marked with `lang`, so a reader who does not understand the current language still finds theirs.
 */
export function LanguageSwitcher({
  languages,
  current,
  display = "name",
  align = "end",
  renderLink = renderAnchor,
  defaultOpen,
  className,
}: LanguageSwitcherProps) {
  const { messages } = useMessages()
  const { locale } = useDesignSystem()
  const active = current ?? locale
  // "Language: Deutsch": the words around the name are for screen readers, the name is what shows.
  const [before, after] = splitMessage(messages.languageCurrent, "name")
  // Eight rows, then a second column: 15 languages fit without scrolling, in reading order.
  const rows = Math.min(languages.length, 8)
  return (
    // Not modal: the rest of the page stays reachable (a language list is not a decision to block on).
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      <DropdownMenu.Trigger
        data-slot="language-switcher"
        data-display={display}
        className={cn(languageSwitcherTriggerVariants({ display }), className)}
      >
        <GlobeIcon size={18} className="text-muted-foreground" />
        {before ? <span className="sr-only">{before}</span> : null}
        {display === "name" ? null : (
          <span className={display === "auto" ? "lg:hidden" : undefined}>{active}</span>
        )}
        {display === "code" ? null : (
          <span lang={active} className={display === "auto" ? "max-lg:hidden" : undefined}>
            {localeNames[active]}
          </span>
        )}
        {after ? <span className="sr-only">{after}</span> : null}
        <ChevronDownIcon size={14} className="text-muted-foreground" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          data-slot="language-switcher-list"
          align={align}
          sideOffset={6}
          collisionPadding={8}
          style={{ gridTemplateRows: `repeat(${rows}, auto)` }}
          className={cn(
            "z-dropdown grid grid-flow-col gap-x-1 rounded-lg border border-border bg-surface p-1.5",
            "text-foreground shadow-popover outline-none motion-safe:animate-popover-in",
          )}
        >
          {languages.map((language) => {
            const isCurrent = language.locale === active
            return (
              <DropdownMenu.Item key={language.locale} asChild>
                {renderLink({
                  href: language.href,
                  lang: language.locale,
                  hrefLang: language.locale,
                  "aria-current": isCurrent ? "true" : undefined,
                  className: cn(
                    "flex min-w-36 cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm",
                    "outline-none data-highlighted:bg-surface-muted",
                    isCurrent ? "font-semibold text-primary" : "text-foreground",
                  ),
                  children: (
                    <>
                      {localeNames[language.locale]}
                      {isCurrent ? <CheckIcon size={16} /> : null}
                    </>
                  ),
                })}
              </DropdownMenu.Item>
            )
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
