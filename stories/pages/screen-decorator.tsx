import type { Decorator } from "@storybook/react-vite"
import { createInstance, type ResourceLanguage } from "i18next"
import { I18nextProvider, initReactI18next } from "react-i18next"
import { MemoryRouter } from "react-router"

// Every English namespace, so any screen can be shown without listing its translations here.
const files = import.meta.glob<ResourceLanguage[string]>("../../locales/en/*.json", {
  eager: true,
  import: "default",
})
const en = Object.fromEntries(
  Object.entries(files).map(([path, texts]) => [path.replace(/^.*\/(.+)\.json$/, "$1"), texts]),
)

const i18n = createInstance()
void i18n.use(initReactI18next).init({
  lng: "en",
  resources: { en },
  defaultNS: "common",
  interpolation: { escapeValue: false },
  initAsync: false,
})

/** Screens need what the app shell gives them: translations and a router for their links. */
export const withScreenContext: Decorator = (Story) => (
  <I18nextProvider i18n={i18n}>
    <MemoryRouter>
      <div className="bg-background">
        <Story />
      </div>
    </MemoryRouter>
  </I18nextProvider>
)
