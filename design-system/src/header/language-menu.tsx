import * as DropdownMenu from "@radix-ui/react-dropdown-menu"
import { useRef, type ReactNode } from "react"
import { CheckIcon } from "../icons"
import { cn } from "../lib/cn"
import { localeNames, type SiteLocale } from "../provider/locales"
import type { LanguageLink } from "./language-switcher"
import type { RenderNavLink } from "./render-link"

/** How the reader opened the list the first time: Radix moves the focus differently for each. */
export type LanguageMenuOpening = "pointer" | "keyboard"

export interface LanguageMenuProps {
  languages: LanguageLink[]
  active: SiteLocale
  display: "name" | "code" | "auto"
  align: "start" | "end"
  renderLink: RenderNavLink
  /** The switcher's trigger classes and content, the same as its stand-in's. */
  triggerClassName: string
  triggerContent: ReactNode
  /** Open from the start, and how it was asked for (null: closed). */
  opening: LanguageMenuOpening | null
}

/**
 * The language switcher's Radix dropdown, loaded when the reader first opens the list (language-switcher.tsx
 * shows a plain trigger until then). Once here it stays, and Radix handles every later open.
 */
export function LanguageMenu({
  languages,
  active,
  display,
  align,
  renderLink,
  triggerClassName,
  triggerContent,
  opening,
}: LanguageMenuProps) {
  // Eight rows, then a second column: 15 languages fit without scrolling, in reading order.
  const rows = Math.min(languages.length, 8)
  // Radix focuses the first language when the keyboard opened the list, which it learns from a keydown it
  // listens for on the document; that keydown came before this part was mounted, so the first open does it here.
  // Focus already inside when Radix's focus scope mounts stays where it is (as with `autoFocus`).
  const focusFirstItem = useRef(opening === "keyboard")
  const contentRef = (content: HTMLDivElement | null) => {
    if (!content || !focusFirstItem.current) return
    focusFirstItem.current = false
    content
      .querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')
      ?.focus({ preventScroll: true })
  }
  return (
    // Not modal: the rest of the page stays reachable (a language list is not a decision to block on).
    <DropdownMenu.Root defaultOpen={opening !== null} modal={false}>
      <DropdownMenu.Trigger data-slot="language-switcher" data-display={display} className={triggerClassName}>
        {triggerContent}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={contentRef}
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
