import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import type { Namespaces } from "@manyhands/app/render-contract"

export type { Namespaces }

export interface Translations {
  /** Languages that have a folder in locales/, English first. */
  languages: string[]
  /** The named namespaces of one language; a namespace the language lacks comes in English. */
  get(language: string, namespaces: readonly string[]): Namespaces
  /** One namespace, or undefined when neither the language nor English has it. */
  namespace(language: string, namespace: string): Namespaces[string] | undefined
}

/** Reads locales/<language>/<namespace>.json once at start. */
export function loadTranslations(localesDir: string): Translations {
  const byLanguage = new Map<string, Namespaces>()
  for (const language of readdirSync(localesDir).sort()) {
    const dir = join(localesDir, language)
    if (!/^[a-z]{2}$/.test(language) || !statSync(dir).isDirectory()) continue
    const namespaces: Namespaces = {}
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
      namespaces[file.slice(0, -".json".length)] = JSON.parse(readFileSync(join(dir, file), "utf8"))
    }
    byLanguage.set(language, namespaces)
  }
  const languages = [...byLanguage.keys()].sort((a, b) =>
    a === "en" ? -1 : b === "en" ? 1 : a.localeCompare(b),
  )
  const namespace = (language: string, ns: string) =>
    byLanguage.get(language)?.[ns] ?? byLanguage.get("en")?.[ns]
  return {
    languages,
    namespace,
    get: (language, namespaces) => {
      const picked: Namespaces = {}
      for (const ns of namespaces) {
        const texts = namespace(language, ns)
        if (texts) picked[ns] = texts
      }
      return picked
    },
  }
}
