import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import type { InitialState } from "@manyhands/app/render-contract"

export type Namespaces = InitialState["translations"]

export interface Translations {
  /** Languages that have a folder in locales/, English first. */
  languages: string[]
  get(language: string): Namespaces
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
  return {
    languages,
    get: (language) => byLanguage.get(language) ?? byLanguage.get("en") ?? {},
  }
}
