import { Prose, cn } from "@manyhands/design-system"

/** What an article's rendered HTML needs beyond prose: highlighted code in both themes, callouts. */
const bodyClasses = [
  // Light: the token colours written inline (github-light, AA on white); dark: their --shiki-dark twins.
  "[&_pre]:!bg-surface dark:[&_pre_span]:!text-[var(--shiki-dark)]",
  "[&_.callout]:my-6 [&_.callout]:rounded-lg [&_.callout]:border [&_.callout]:border-l-4 [&_.callout]:px-4 [&_.callout]:py-3",
  "[&_.callout>p:not(:first-child)]:mt-2 [&_.callout-title]:font-semibold",
  "[&_.callout-note]:border-info [&_.callout-note]:bg-info-subtle",
  "[&_.callout-tip]:border-success [&_.callout-tip]:bg-success-subtle",
  "[&_.callout-important]:border-primary [&_.callout-important]:bg-surface-muted",
  "[&_.callout-warning]:border-warning [&_.callout-warning]:bg-warning-subtle",
  "[&_.callout-caution]:border-danger [&_.callout-caution]:bg-danger-subtle",
].join(" ")

/** An article's HTML as rendered on save (server/src/modules/content/render.ts): the public page and the preview. */
export function ArticleBody({ html, className }: { html: string; className?: string }) {
  return <Prose className={cn(bodyClasses, className)} dangerouslySetInnerHTML={{ __html: html }} />
}
