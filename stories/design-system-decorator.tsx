import type { Decorator } from "@storybook/react-vite"
import {
  DesignSystemProvider,
  loadCodeHighlighter,
  localeNames,
  siteLocales,
  type SiteLocale,
  type Theme,
} from "@manyhands/design-system"
import { catalog } from "@manyhands/design-system/messages"

/** Every story sees the language and theme chosen in the toolbar, as an app would give them. */
export const withDesignSystem: Decorator = (Story, context) => {
  const locale = context.globals.locale as SiteLocale
  const theme = context.globals.theme as Theme
  return (
    <DesignSystemProvider locale={locale} theme={theme} messages={catalog[locale]}>
      <div lang={locale} className="bg-background p-px text-foreground">
        <Story />
      </div>
    </DesignSystemProvider>
  )
}

export const localeToolbarItems = siteLocales.map((code) => ({
  value: code,
  title: `${code} — ${localeNames[code]}`,
}))

/** Code blocks in colour from their first render, as the app's pages are (it loads the tokenizer before rendering). */
export async function loadCodeColours(): Promise<Record<string, never>> {
  await loadCodeHighlighter()
  return {}
}
