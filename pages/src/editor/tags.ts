import type { TFunction } from "i18next"
import { MAX_TAGS, SLUG_PATTERN } from "@manyhands/contract/content"

const TAG = new RegExp(SLUG_PATTERN)

/** Tags as typed ("api, pingback"): lower case, trimmed, each once, empty ones left out. */
export const parseTags = (text: string) => [
  ...new Set(
    text
      .split(",")
      .map((tag) => tag.trim().toLowerCase())
      .filter(Boolean),
  ),
]

/** Why the typed tags would be refused, or undefined. */
export function tagsError(text: string, t: TFunction): string | undefined {
  const tags = parseTags(text)
  if (tags.length > MAX_TAGS) return t("fields.errors.tagsMany", { count: MAX_TAGS })
  const bad = tags.find((tag) => !TAG.test(tag) || tag.length > 40)
  return bad ? t("fields.errors.tag", { tag: bad }) : undefined
}
