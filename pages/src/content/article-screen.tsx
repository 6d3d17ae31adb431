import { useEffect, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link, useLocation, useNavigate, useParams } from "react-router"
import { Alert, Breadcrumbs, Button, EmptyState, Tag, TagList, useFormatter } from "@manyhands/design-system"
import type { ArticleKind, ArticleView } from "@manyhands/contract/content"
import { LinkButton, TextLink, renderRouterLink } from "../blocks"
import { Section } from "../layout/section"
import { useShellServices } from "../shell-context"
import { ArticleCard } from "./article-card"
import { ArticleBody } from "./article-body"
import { NS, kindPages } from "./kinds"

export interface ArticleScreenProps {
  kind: ArticleKind
  /** GET …/by-slug/{slug} in the site's language, preloaded by the route; missing: no such article (404). */
  article?: ArticleView
  /** The trail above the title; default: the kind's list, then the article. */
  crumbs?: { label: string; href?: string }[]
  /** Where a tag leads (null: nowhere); default: the kind's list filtered by it. */
  tagHref?: (tag: string) => string | null
  /** Under the text, before the share links (an FAQ answer's "was this helpful"). */
  afterText?: ReactNode
}

/*
 * The article's HTML comes from the server, rendered from Markdown and sanitised when it was saved (server
 * module content/render.ts): headings with ids, code coloured by shiki (each token's colours as --shiki-light and
 * --shiki-dark), callouts as div.callout.callout-<type>. These rules give those their look in both themes.
 */

/** The networks an article can be shared on: each a plain link that opens the network's share page. */
const SHARE_LINKS = [
  { name: "X", url: (href: string, title: string) => `https://x.com/intent/post?url=${href}&text=${title}` },
  { name: "Facebook", url: (href: string) => `https://www.facebook.com/sharer/sharer.php?u=${href}` },
  { name: "LinkedIn", url: (href: string) => `https://www.linkedin.com/sharing/share-offsite/?url=${href}` },
  {
    name: "Telegram",
    url: (href: string, title: string) => `https://t.me/share/url?url=${href}&text=${title}`,
  },
  { name: "VK", url: (href: string, title: string) => `https://vk.com/share.php?url=${href}&title=${title}` },
]

/**
 * /blog/{slug}, /software/blog/{slug} and /h/{slug}: the article with its contents, author, dates and reading
 * time, tags, share links, the article before and after it, and related ones. Says when it is shown in English
 * instead of the site's language, and when a translation lags behind the English text. Counts the read.
 */
export function ArticleScreen({ kind, article, crumbs, tagHref, afterText }: ArticleScreenProps) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const pages = kindPages(kind)
  const { api, switchLanguage } = useShellServices()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const { slug } = useParams()

  // Another language's slug answers this language's translation: its own address replaces the one asked.
  const ownSlug = article?.slug
  useEffect(() => {
    if (ownSlug && slug && ownSlug !== slug) void navigate(pages.articlePath(ownSlug), { replace: true })
  }, [ownSlug, slug, navigate, pages])

  // One read per page view (the server counts a reader once an hour); a failure only loses a count.
  const articleId = article?.id
  const articleLanguage = article?.language
  useEffect(() => {
    if (!articleId || !articleLanguage) return
    api.send("POST", pages.api.view.url({ id: articleId }), { language: articleLanguage }).catch(() => {})
  }, [api, pages.api.view, articleId, articleLanguage])

  if (!article)
    return (
      <Section>
        <h1 className="mb-6 text-3xl font-bold tracking-tight text-foreground">
          {t("article.notFound.title")}
        </h1>
        <EmptyState
          variant="dashed"
          titleAs="p"
          title={t("article.notFound.lead")}
          description={t("article.notFound.text")}
          action={<LinkButton to={pages.listPath}>{t(`kinds.${kind}.back`)}</LinkButton>}
        />
      </Section>
    )

  const shareUrl = encodeURIComponent(
    typeof window === "undefined" ? pathname : `${window.location.origin}${pathname}`,
  )
  const shareTitle = encodeURIComponent(article.title)
  const english = article.translations.find((translation) => translation.language === "en")

  return (
    <Section>
      <Breadcrumbs
        label={t("article.breadcrumbs")}
        renderLink={renderRouterLink}
        items={
          crumbs ?? [{ label: t(`kinds.${kind}.title`), href: pages.listPath }, { label: article.title }]
        }
      />
      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <article lang={article.language} aria-labelledby="article-title" className="min-w-0">
          <header className="flex flex-col gap-3 border-b border-border pb-6">
            <h1 id="article-title" className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
              {article.title}
            </h1>
            <p className="text-sm text-muted-foreground">
              {article.author.name ? t("article.by", { name: article.author.name }) : t("article.team")}
              {" · "}
              {t("article.published")}{" "}
              <time dateTime={article.publishedAt}>{format.date(article.publishedAt, "long")}</time>
              {article.updatedAt.slice(0, 10) > article.publishedAt.slice(0, 10) ? (
                <>
                  {" · "}
                  {t("article.updated")}{" "}
                  <time dateTime={article.updatedAt}>{format.date(article.updatedAt, "long")}</time>
                </>
              ) : null}
              {" · "}
              {t("article.readingTime", { count: article.readingMinutes })}
            </p>
            {article.tags.length > 0 ? (
              <TagList aria-label={t("article.tags")}>
                {article.tags.map((tag) => {
                  const href = tagHref ? tagHref(tag) : `${pages.listPath}?tag=${encodeURIComponent(tag)}`
                  return href ? (
                    <Link key={tag} to={href} className="rounded-full focus-ring">
                      <Tag size="sm">{tag}</Tag>
                    </Link>
                  ) : (
                    <Tag key={tag} size="sm">
                      {tag}
                    </Tag>
                  )
                })}
              </TagList>
            ) : null}
          </header>

          {article.language !== article.requestedLanguage ? (
            <Alert tone="info" className="mt-6" lang={article.requestedLanguage}>
              {t("article.inEnglish")}
            </Alert>
          ) : null}
          {article.outdated && english ? (
            <Alert tone="warning" className="mt-6">
              {t("article.outdated")}{" "}
              <Button variant="tertiary" onClick={() => switchLanguage("en")}>
                {t("article.readOriginal")}
              </Button>
            </Alert>
          ) : null}

          <ArticleBody className="mt-8" html={article.html} />

          {afterText ? <div className="mt-10">{afterText}</div> : null}

          <footer className="mt-12 flex flex-col gap-8 border-t border-border pt-8">
            <section aria-labelledby="article-share-title" className="flex flex-col gap-3">
              <h2 id="article-share-title" className="text-base font-semibold text-foreground">
                {t("article.share")}
              </h2>
              <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
                {SHARE_LINKS.map((network) => (
                  <li key={network.name}>
                    <TextLink href={network.url(shareUrl, shareTitle)}>
                      {network.name}
                      <span className="sr-only"> {t("article.opensNetwork")}</span>
                    </TextLink>
                  </li>
                ))}
              </ul>
            </section>
            {article.previous || article.next ? (
              <nav aria-label={t("article.neighbours")} className="grid gap-4 sm:grid-cols-2">
                {article.previous ? (
                  <Link
                    to={pages.articlePath(article.previous.slug)}
                    className="flex flex-col gap-1 rounded-lg border border-border p-4 hover:border-border-strong focus-ring"
                  >
                    <span className="text-sm text-muted-foreground">← {t("article.previous")}</span>
                    <span className="font-medium text-foreground">{article.previous.title}</span>
                  </Link>
                ) : (
                  <span />
                )}
                {article.next ? (
                  <Link
                    to={pages.articlePath(article.next.slug)}
                    className="flex flex-col gap-1 rounded-lg border border-border p-4 text-right hover:border-border-strong focus-ring"
                  >
                    <span className="text-sm text-muted-foreground">{t("article.next")} →</span>
                    <span className="font-medium text-foreground">{article.next.title}</span>
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </footer>
        </article>

        <aside
          className="flex flex-col gap-8 lg:sticky lg:top-20 lg:self-start"
          aria-label={t("article.aside")}
        >
          {article.toc.length > 0 ? (
            <nav aria-labelledby="article-toc-title" className="flex flex-col gap-3">
              <h2 id="article-toc-title" className="text-base font-semibold text-foreground">
                {t("article.contents")}
              </h2>
              <ol className="flex flex-col gap-2 text-sm">
                {article.toc.map((entry) => (
                  <li key={entry.id} className={entry.depth === 3 ? "pl-4" : undefined}>
                    <TextLink href={`#${entry.id}`}>{entry.text}</TextLink>
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}
        </aside>
      </div>

      {article.related.length > 0 ? (
        <section aria-labelledby="article-related-title" className="mt-14 flex flex-col gap-4">
          <h2 id="article-related-title" className="text-xl font-semibold text-foreground">
            {t("article.related")}
          </h2>
          <div className="grid gap-4 md:grid-cols-3">
            {article.related.map((related) => (
              <ArticleCard key={related.id} article={related} href={pages.articlePath(related.slug)} />
            ))}
          </div>
        </section>
      ) : null}
    </Section>
  )
}
