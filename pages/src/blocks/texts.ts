import type { ReactNode } from "react"

/** Any translation function of the page's namespace (or a helper that adds a prefix to its keys). */
export type Translate = (key: string) => string

/** The texts `<prefix>.<id>.title` and `<prefix>.<id>.text`: the layout all pages keep their items in. */
function titledTexts(t: Translate, prefix: string, id: string) {
  return { title: t(`${prefix}.${id}.title`), text: t(`${prefix}.${id}.text`) }
}

/** The items of a grid or of a list of steps, from the texts `<prefix>.<id>.title` and `<prefix>.<id>.text`. */
export function titledItems<Id extends string>(t: Translate, prefix: string, ids: readonly Id[]) {
  return ids.map((id) => ({ id, ...titledTexts(t, prefix, id) }))
}

/** The same for a FeatureGrid with a decorative icon each: `{ id, icon }` pairs in, their texts added. */
export function iconItems<Id extends string>(
  t: Translate,
  prefix: string,
  items: readonly { id: Id; icon: ReactNode }[],
) {
  return items.map(({ id, icon }) => ({ id, icon, ...titledTexts(t, prefix, id) }))
}

/** The items of a CheckList from the texts `<prefix>.<id>`: one sentence each. */
export function textItems<Id extends string>(t: Translate, prefix: string, ids: readonly Id[]) {
  return ids.map((id) => ({ id, text: t(`${prefix}.${id}`) }))
}

/**
 * Questions for FaqSection from `<prefix>.<id>.question` and `.answer`; `short` reads `.q` and `.a`, the
 * shorter keys some namespaces use.
 */
export function faqItems<Id extends string>(
  t: Translate,
  prefix: string,
  ids: readonly Id[],
  keys: "long" | "short" = "long",
) {
  const [question, answer] = keys === "short" ? ["q", "a"] : ["question", "answer"]
  return ids.map((id) => ({
    id,
    question: t(`${prefix}.${id}.${question}`),
    answer: t(`${prefix}.${id}.${answer}`),
  }))
}

// The texts of a page's standing bands, each from its own prefix, to spread into the block.

/** PageHero's `eyebrow`, `title` and `lead` from `<prefix>.eyebrow`, `.title` and `.lead`. */
export function heroTexts(t: Translate, prefix: string) {
  return { eyebrow: t(`${prefix}.eyebrow`), title: t(`${prefix}.title`), lead: t(`${prefix}.lead`) }
}

/** PageCta's `title` and `text` from `<prefix>.title` and `.text`. */
export function ctaTexts(t: Translate, prefix: string) {
  return { title: t(`${prefix}.title`), text: t(`${prefix}.text`) }
}

/** FaqSection's `title` and `items` from `<prefix>.title` and the questions under `<prefix>.items` (faqItems). */
export function faqTexts<Id extends string>(
  t: Translate,
  prefix: string,
  ids: readonly Id[],
  keys: "long" | "short" = "long",
) {
  return { title: t(`${prefix}.title`), items: faqItems(t, `${prefix}.items`, ids, keys) }
}
