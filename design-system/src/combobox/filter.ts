/** Lower case, without accents and surrounding spaces: "  Évora " → "evora". */
export function normalizeText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase().trim()
}

/** Whether `label` contains `query`, ignoring case and accents. An empty query matches everything. */
export function matchesQuery(label: string, query: string): boolean {
  const needle = normalizeText(query)
  return needle === "" || normalizeText(label).includes(needle)
}

/** The options whose label contains the query, in their original order. */
export function filterOptions<T extends { label: string }>(options: readonly T[], query: string): T[] {
  const needle = normalizeText(query)
  if (needle === "") return [...options]
  return options.filter((option) => normalizeText(option.label).includes(needle))
}

/**
 * Where the query occurs in the label, as [start, end) indices of the label, for highlighting; null when it
 * does not occur or cannot be mapped back (when removing accents changed the length of the label).
 */
export function matchRange(label: string, query: string): [number, number] | null {
  const needle = normalizeText(query)
  if (needle === "") return null
  const folded = label.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase()
  if (folded.length !== label.length) return null
  const start = folded.indexOf(needle)
  return start === -1 ? null : [start, start + needle.length]
}
