/** Splits text into user-perceived characters (so "É" or an emoji counts as one). */
function graphemes(text: string): string[] {
  if (typeof Intl !== "undefined" && "Segmenter" in Intl) {
    return Array.from(
      new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text),
      (s) => s.segment,
    )
  }
  return Array.from(text)
}

/** Scripts written without capitals or spaces between names: their initials are the first characters. */
const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u

/**
 * Up to two initials for an avatar: "Maria Kowalska" → "MK", "jan van der Berg" → "JB", "Support" → "S",
 * "support@manyhands.io" → "S", "Worker #20931" → "W", "王小明" → "王小". Empty or symbol-only names give "".
 */
export function getInitials(name: string): string {
  const parts = name
    .replace(/@.*$/, "")
    .split(/[\s._\-–—]+/u)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+/u, ""))
    .filter(Boolean)
  // Numbers are not initials ("Worker #20931" → "W") unless the name is only numbers.
  const named = parts.filter((word) => /^\p{L}/u.test(word))
  const words = named.length ? named : parts
  const first = words[0]
  if (!first) return ""
  if (words.length === 1) {
    const letters = graphemes(first)
    return (cjk.test(first) ? letters.slice(0, 2).join("") : (letters[0] ?? "")).toLocaleUpperCase()
  }
  const last = words[words.length - 1] as string
  return ((graphemes(first)[0] ?? "") + (graphemes(last)[0] ?? "")).toLocaleUpperCase()
}

export type AvatarColor = "info" | "success" | "warning" | "promo" | "neutral"
const colors: AvatarColor[] = ["info", "success", "warning", "promo", "neutral"]

/** A stable colour for a name's fallback, so the same worker always gets the same one. */
export function avatarColor(name: string): AvatarColor {
  let hash = 0
  for (const char of name.trim().toLocaleLowerCase()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return colors[hash % colors.length] as AvatarColor
}
