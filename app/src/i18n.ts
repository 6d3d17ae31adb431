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

/** i18next's `t` of one language and namespaces, as `getFixedT` makes it, untyped. */
export type LooseFixedT = ((key: unknown, ...rest: unknown[]) => unknown) & {
  lng?: unknown
  lngs?: unknown
  ns?: unknown
  keyPrefix?: unknown
}
/** `getFixedT` as react-i18next calls it. */
export type LooseGetFixedT = (
  language: unknown,
  ns?: unknown,
  keyPrefix?: unknown,
  options?: { scopeNs?: unknown },
) => LooseFixedT

/** Texts one keeper's memory holds at most. */
const REMEMBERED_TEXTS = 50_000

/**
 * Options whose answer depends on their values alone (`{ count: 3 }`, `{ seconds: 60, defaultValue: "…" }`), as
 * part of a memory key; undefined for any other (an object, a function…), which is not remembered.
 */
function plainOptions(options: unknown): string | undefined {
  if (typeof options !== "object" || options === null || Object.getPrototypeOf(options) !== Object.prototype)
    return undefined
  let key = ""
  for (const [name, value] of Object.entries(options)) {
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return undefined
    key += `\u0000${name}=${typeof value === "string" ? JSON.stringify(value) : String(value)}`
  }
  return key
}

/**
 * Texts already looked up, kept by whoever keeps the texts themselves (the server's translations, read once at
 * start): `${language} ${namespaces loaded} ${namespaces searched} ${key}` → text.
 */
const remembered = new WeakMap<object, Map<string, string>>()

/**
 * Makes the `t` of every `useTranslation` in a server render answer from what an earlier render looked up with the
 * same texts, instead of asking i18next again: i18next copies its whole options object on every call, and the lookups
 * were about a third of a page's render time. Only calls whose answer depends on nothing but the texts and plain
 * option values are remembered (`t("key")`, `t("key", { count })`); any other goes to i18next. `owner` is the object
 * that keeps the texts unchanged for as long as it lives (a new one for new texts).
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
  // Typed loosely here: react-i18next calls it with a fourth argument ({ scopeNs }) that the typed signature lacks.
  const getFixedT = (instance.getFixedT as unknown as LooseGetFixedT).bind(instance)
  const remembering: LooseGetFixedT = (language, ns, keyPrefix, options) => {
    const t = getFixedT(language, ns, keyPrefix, options)
    if (keyPrefix !== undefined || typeof language !== "string") return t
    const scope = options?.scopeNs ?? ns
    const prefix = `${language} ${loaded} ${Array.isArray(scope) ? scope.join(",") : String(scope)} `
    const lookUp = (key: unknown, ...rest: unknown[]) => {
      const plain = rest.length === 0 ? "" : rest.length === 1 ? plainOptions(rest[0]) : undefined
      if (plain === undefined || typeof key !== "string") return t(key, ...rest)
      const at = prefix + key + plain
      const known = memory.get(at)
      if (known !== undefined) return known
      const found = t(key, ...rest)
      // Bounded: options with ever new values (amounts, names) stop being remembered past this many texts.
      if (typeof found === "string" && memory.size < REMEMBERED_TEXTS) memory.set(at, found)
      return found
    }
    return Object.assign(lookUp, { lng: t.lng, lngs: t.lngs, ns: t.ns, keyPrefix: t.keyPrefix })
  }
  instance.getFixedT = remembering as unknown as typeof instance.getFixedT
}

/** The server's i18next instances, by keeper of the texts, then language and namespaces loaded. */
const serverInstances = new WeakMap<object, Map<string, i18n>>()
/** Instances one keeper holds at most (a language's pages load a few dozen sets of namespaces). */
const SERVER_INSTANCES = 100

/**
 * The i18next instance of a server render: one per language and set of namespaces, made once and shared by the
 * renders that need it (a render only reads it; React renders to a string without yielding), its lookups
 * remembered (`rememberLookups`). Making an instance was about 2 % of a page's render.
 */
export function serverI18n(owner: object, state: Pick<InitialState, "language" | "translations">): i18n {
  let instances = serverInstances.get(owner)
  if (!instances) serverInstances.set(owner, (instances = new Map()))
  const key = `${state.language} ${Object.keys(state.translations).join(",")}`
  let instance = instances.get(key)
  if (instance) {
    // Most recently used last: the first is the one to drop.
    instances.delete(key)
  } else {
    instance = createI18n(state)
    rememberLookups(instance, owner, state)
    if (instances.size >= SERVER_INSTANCES) instances.delete(instances.keys().next().value!)
  }
  instances.set(key, instance)
  return instance
}
