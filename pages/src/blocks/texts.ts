/** Any translation function of the page's namespace (or a helper that adds a prefix to its keys). */
export type Translate = (key: string) => string

/**
 * The items of a grid or of a list of steps, from the texts `<prefix>.<id>.title` and `<prefix>.<id>.text`:
 * the layout all pages keep their texts in.
 */
export function titledItems<Id extends string>(t: Translate, prefix: string, ids: readonly Id[]) {
  return ids.map((id) => ({ id, title: t(`${prefix}.${id}.title`), text: t(`${prefix}.${id}.text`) }))
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
