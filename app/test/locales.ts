import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

export const localesDir = join(import.meta.dirname, "../../locales")

export const localeLanguages = readdirSync(localesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "same-as-english")
  .map((entry) => entry.name)

export function loadLocale(language: string): Record<string, Record<string, unknown>> {
  const dir = join(localesDir, language)
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .map((file) => [file.slice(0, -5), JSON.parse(readFileSync(join(dir, file), "utf8"))]),
  )
}

/** "ns:a.b.c" for every string leaf. */
export function leafKeys(namespaces: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(namespaces).flatMap(([key, value]) => {
    const path = prefix ? (prefix.endsWith(":") ? `${prefix}${key}` : `${prefix}.${key}`) : `${key}:`
    return typeof value === "object" && value !== null
      ? leafKeys(value as Record<string, unknown>, path)
      : [path]
  })
}
