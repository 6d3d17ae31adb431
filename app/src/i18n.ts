import { createInstance, type i18n, type TFunction } from "i18next"
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

/**
 * Texts already looked up, kept by whoever keeps the texts themselves (the server's translations, read once at
 * start): `${language} ${namespaces loaded} ${namespaces searched} ${key}` → text.
 */
const remembered = new WeakMap<object, Map<string, string>>()

/**
 * Makes the `t` of every `useTranslation` in one server render answer a plain lookup (`t("key")`, no options) from
 * what an earlier render looked up with the same texts, instead of asking i18next again: i18next copies its whole
 * options object on every call, and the lookups were about a third of a page's render time. Only calls without
 * options are remembered (their answer depends on nothing but the texts); any other goes to i18next. `owner` is the
 * object that keeps the texts unchanged for as long as it lives (a new one for new texts).
 *
 * Server only: in the browser a namespace can arrive after a key was looked up and missed.
 */
export function rememberLookups(
  instance: i18n,
  owner: object,
  state: Pick<InitialState, "language" | "translations">,
): void {
  let texts = remembered.get(owner)
  if (!texts) remembered.set(owner, (texts = new Map()))
  const memory = texts
  const loaded = Object.keys(state.translations).join(",")
  const getFixedT = instance.getFixedT.bind(instance)
  instance.getFixedT = ((...args: Parameters<typeof getFixedT>) => {
    const t = getFixedT(...args)
    const [language, ns, keyPrefix, options] = args
    if (keyPrefix !== undefined || typeof language !== "string") return t
    const scope = (options as { scopeNs?: unknown } | undefined)?.scopeNs ?? ns
    const prefix = `${language} ${loaded} ${Array.isArray(scope) ? scope.join(",") : String(scope)} `
    const lookUp = ((key: unknown, ...rest: unknown[]) => {
      if (rest.length > 0 || typeof key !== "string")
        return (t as (...all: unknown[]) => unknown)(key, ...rest)
      const at = prefix + key
      let text = memory.get(at)
      if (text === undefined) {
        const found = t(key)
        if (typeof found !== "string") return found
        memory.set(at, (text = found))
      }
      return text
    }) as TFunction
    return Object.assign(lookUp, { lng: t.lng, lngs: t.lngs, ns: t.ns, keyPrefix: t.keyPrefix })
  }) as typeof instance.getFixedT
}
