import { cva } from "class-variance-authority"
import { useEffect, useId, useState } from "react"
import { ChevronDownIcon, GlobeIcon } from "../icons"
import { cn } from "../lib/cn"
import { localeNames, type SiteLocale } from "../provider/locales"
import { splitMessage, useDesignSystem, useMessages } from "../provider/provider"
import type { LanguageMenuOpening } from "./language-menu"
import { onFirstUse, preload, reportLoadFailure } from "../lib/on-first-use"
import { renderAnchor, type RenderNavLink } from "./render-link"

/** One site language and the address of the current page in it. */
export interface LanguageLink {
  locale: SiteLocale
  /** The same page in that language (usually a full page load: translations differ). */
  href: string
}

/** Radix's dropdown (floating-ui, focus scope, dismissable layer): fetched when the reader reaches for the list. */
const languageMenu = /* @__PURE__ */ onFirstUse(() => import("./language-menu"))

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
 *
 * The list is Radix's dropdown, loaded on first use: until then (and in the server's HTML) the trigger is a
 * plain button with the markup Radix's trigger has when closed. Hovering or focusing it starts the fetch; a
 * press (pointer down, Enter, Space or ArrowDown, as for Radix) opens the list as soon as it is there, with
 * the focus where Radix puts it, and from then on the Radix dropdown stays.
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
  const triggerId = useId()
  // The reader asked for the list (null: not, or not any more), and the dropdown's module once it is shown.
  // Each switcher starts as the plain trigger, even when the module is here: that is what the server rendered.
  const [opening, setOpening] = useState<LanguageMenuOpening | null>(defaultOpen ? "pointer" : null)
  const [menu, setMenu] = useState<typeof languageMenu.loaded>()

  useEffect(() => {
    if (opening === null || menu) return
    let asked = true
    languageMenu.load().then(
      (module) => {
        if (asked) setMenu(module)
      },
      (error: unknown) => {
        if (!asked) return
        setOpening(null)
        reportLoadFailure(error)
      },
    )
    // Asked no more (a second press before it arrived): the plain trigger stays, rather than swapping the
    // button under the reader for a closed one.
    return () => {
      asked = false
    }
  }, [opening, menu])

  const triggerClassName = cn(languageSwitcherTriggerVariants({ display }), className)
  const triggerContent = (
    <>
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
    </>
  )

  if (menu) {
    return (
      <menu.LanguageMenu
        languages={languages}
        active={active}
        display={display}
        align={align}
        renderLink={renderLink}
        triggerClassName={triggerClassName}
        triggerContent={triggerContent}
        opening={opening}
      />
    )
  }

  // A press toggles the request, as it toggles Radix's list; a loaded module shows in this same update.
  const ask = (next: LanguageMenuOpening | null) => {
    setOpening(next)
    if (next !== null && languageMenu.loaded) setMenu(languageMenu.loaded)
  }
  const open = opening !== null
  return (
    <button
      type="button"
      id={triggerId}
      aria-haspopup="menu"
      aria-expanded={open}
      data-state={open ? "open" : "closed"}
      data-slot="language-switcher"
      data-display={display}
      className={triggerClassName}
      onPointerEnter={() => preload(languageMenu)}
      onFocus={() => preload(languageMenu)}
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return
        ask(open ? null : "pointer")
        // Radix keeps the focus off the trigger when it opens, so the list can take it.
        if (!open) event.preventDefault()
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " ") ask(open ? null : "keyboard")
        else if (event.key === "ArrowDown") ask("keyboard")
        else return
        event.preventDefault()
      }}
    >
      {triggerContent}
    </button>
  )
}
