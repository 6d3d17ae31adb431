import type { Decorator } from "@storybook/react-vite"
import { createInstance } from "i18next"
import { I18nextProvider, initReactI18next } from "react-i18next"
import { MemoryRouter } from "react-router"
import about from "@manyhands/locales/en/about.json"
import common from "@manyhands/locales/en/common.json"
import home from "@manyhands/locales/en/home.json"

const i18n = createInstance()
void i18n.use(initReactI18next).init({
  lng: "en",
  resources: { en: { common, home, about } },
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
