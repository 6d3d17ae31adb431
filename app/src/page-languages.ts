import { isRedirect, type RouteEntry } from "./route-entry"

/** The languages each page path of the route table is written in: where the shell's links lead (root-layout). */
export type PageLanguages = ReadonlyMap<string, readonly string[]>

export function pageLanguagesOf(table: readonly RouteEntry[]): PageLanguages {
  return new Map(
    table.flatMap((entry) => (isRedirect(entry) ? [] : [[entry.path, entry.languages] as const])),
  )
}

/** The id under which the browser build offers the route table's page languages without the table. */
export const PAGE_LANGUAGES_MODULE = "virtual:manyhands/page-languages"

/**
 * The source of that module (app/vite.config.ts): the map of `pageLanguagesOf`, each distinct list of languages
 * written once (the table's 240 routes have five): 1.7 KB gzip, where the whole table is 7 KB.
 */
export function pageLanguagesModule(table: readonly RouteEntry[]): string {
  const lists: string[] = []
  const pairs: string[] = []
  for (const [path, languages] of pageLanguagesOf(table)) {
    const list = JSON.stringify(languages)
    let index = lists.indexOf(list)
    if (index < 0) index = lists.push(list) - 1
    pairs.push(`[${JSON.stringify(path)},l[${index}]]`)
  }
  return `const l=[${lists.join(",")}]\nexport default new Map([${pairs.join(",")}])\n`
}
