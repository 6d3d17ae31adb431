import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Tag, TagList, useFormatter } from "@manyhands/design-system"
import type { ArticleSummary } from "@manyhands/contract/content"
import { NS } from "./kinds"

/** An article in a list: its title (the link), date, reading time, description and tags. */
export function ArticleCard({
  article,
  href,
  headingLevel = "h3",
}: {
  article: ArticleSummary
  href: string
  headingLevel?: "h2" | "h3"
}) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const Heading = headingLevel
  return (
    <article
      data-slot="article-card"
      className="relative flex flex-col gap-2 rounded-lg border border-border bg-surface p-5 transition-colors focus-within:border-primary hover:border-border-strong"
    >
      <Heading className="text-lg font-semibold leading-snug text-foreground">
        {/* The whole card is the link's target area; the heading's text is its name. */}
        <Link to={href} className="rounded-sm after:absolute after:inset-0 focus-visible:outline-none">
          {article.title}
        </Link>
      </Heading>
      <p className="text-sm text-muted-foreground">
        <time dateTime={article.publishedAt}>{format.date(article.publishedAt, "long")}</time>
        {" · "}
        {t("article.readingTime", { count: article.readingMinutes })}
      </p>
      <p className="line-clamp-3 text-sm text-foreground">{article.description}</p>
      {article.tags.length > 0 ? (
        <TagList aria-label={t("article.tags")} className="mt-1">
          {article.tags.map((tag) => (
            <Tag key={tag} size="sm">
              {tag}
            </Tag>
          ))}
        </TagList>
      ) : null}
    </article>
  )
}
