import { createContext, useContext, useEffect, useMemo, type ReactNode } from "react"
import { createFormatter, type Formatter } from "./format"
import { isSiteLocale, type SiteLocale } from "./locales"
import { en, type MessageKey, type Messages } from "./messages/en"

export type Theme = "light" | "dark"

interface DesignSystemContextValue {
  locale: SiteLocale
  messages: Messages
  format: Formatter
  theme: Theme | undefined
}

/**
 * Outside a provider the formats are English, made on first use: a component that formats nothing (a Button) does
 * not carry the formatter into an app's bundle.
 */
const DesignSystemContext = createContext<
  Omit<DesignSystemContextValue, "format"> & { format: Formatter | null }
>({
  locale: "en",
  messages: en,
  format: null,
  theme: undefined,
})

let english: Formatter | undefined
const formatOf = (format: Formatter | null): Formatter => format ?? (english ??= createFormatter("en"))

export interface DesignSystemProviderProps {
  /**
   * One of the 15 site languages (number, money and date formats); anything else falls back to English.
   * @default "en"
   */
  locale?: SiteLocale | (string & {})
  /** Sets `data-theme` on <html> too, so overlays rendered in portals share it. Leave unset to let CSS decide. */
  theme?: Theme
  /**
   * Built-in texts in the page's language: `catalog[locale]` from this package, or an app's own wording.
   * Missing keys are English. Only English is bundled with the provider, so an app ships the one
   * language it shows instead of all 15.
   */
  messages?: Partial<Messages>
  children: ReactNode
}

/** Gives every component its language (built-in texts, number/money/date formats) and theme. */
export function DesignSystemProvider({
  locale = "en",
  theme,
  messages,
  children,
}: DesignSystemProviderProps) {
  const language: SiteLocale = isSiteLocale(locale) ? locale : "en"
  const value = useMemo<DesignSystemContextValue>(
    () => ({
      locale: language,
      messages: { ...en, ...messages },
      format: createFormatter(language),
      theme,
    }),
    [language, messages, theme],
  )
  useEffect(() => {
    if (!theme) return
    const root = document.documentElement
    const previous = root.dataset.theme
    root.dataset.theme = theme
    return () => {
      if (previous === undefined) delete root.dataset.theme
      else root.dataset.theme = previous
    }
  }, [theme])
  return (
    <DesignSystemContext.Provider value={value}>
      {theme ? (
        <div data-theme={theme} className="contents">
          {children}
        </div>
      ) : (
        children
      )}
    </DesignSystemContext.Provider>
  )
}

export function useDesignSystem(): DesignSystemContextValue {
  const value = useContext(DesignSystemContext)
  if (value.format) return value as DesignSystemContextValue
  // Outside a provider: the default value, with its formats, made once.
  return (outside ??= { ...value, format: formatOf(null) })
}
let outside: DesignSystemContextValue | undefined

/** Fills `{name}` slots of a message. */
export function interpolate(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(/\{(\w+)\}/g, (slot, name: string) => (name in values ? String(values[name]) : slot))
}

/**
 * A message cut at one `{slot}`, for when the slot is shown as an element (a visible name between words only
 * screen readers hear): `splitMessage("Language: {name}", "name")` is `["Language: ", ""]`. Other slots are
 * filled from `values`. Internal to the design system.
 */
export function splitMessage(
  message: string,
  slot: string,
  values?: Record<string, string | number>,
): [before: string, after: string] {
  const marker = `{${slot}}`
  const at = message.indexOf(marker)
  if (at === -1) return [interpolate(message, values) + " ", ""]
  return [interpolate(message.slice(0, at), values), interpolate(message.slice(at + marker.length), values)]
}

/** The built-in texts in the current language: `t("pageOf", { page: 2, total: 9 })`. */
export function useMessages() {
  const { messages } = useContext(DesignSystemContext)
  return useMemo(
    () => ({
      messages,
      t: (key: MessageKey, values?: Record<string, string | number>) => interpolate(messages[key], values),
    }),
    [messages],
  )
}

export function useFormatter(): Formatter {
  return formatOf(useContext(DesignSystemContext).format)
}
