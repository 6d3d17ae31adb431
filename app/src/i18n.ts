import { createInstance, type i18n } from "i18next"
import { initReactI18next } from "react-i18next"
import { DEFAULT_LANGUAGE } from "./languages"
import type { InitialState } from "./initial-state"

/** One i18next instance per render (server) or per page (client), fed from the initial state. */
export function createI18n(state: Pick<InitialState, "language" | "translations">): i18n {
  const instance = createInstance()
  void instance.use(initReactI18next).init({
    lng: state.language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { [state.language]: state.translations },
    ns: Object.keys(state.translations),
    defaultNS: "common",
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: false },
    initAsync: false,
  })
  return instance
}
