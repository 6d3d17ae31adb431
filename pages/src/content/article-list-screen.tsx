import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Alert, Button, SelectableTag, TagList } from "@manyhands/design-system"
import {
  ARTICLE_SORTS,
  SEARCH_MIN_LENGTH,
  type ArticleIndex,
  type ArticleKind,
  type ArticleList,
  type ArticleSort,
} from "@manyhands/contract/content"
import { useApi } from "../api"
import { PageHero, PagedCardGrid, SearchSortBar, TextLink, oneOf, useAddressFilters } from "../blocks"
import { Section } from "../layout/section"
import { ArticleCard } from "./article-card"
import { NS, kindPages } from "./kinds"

export interface ArticleListScreenProps {
  kind: ArticleKind
  /** GET …/index in the site's language: tags, the newest and the most read (preloaded by the route). */
  index?: ArticleIndex
  /** GET … (the first page, most read first), preloaded by the route. */
  list?: ArticleList
}

interface Filters {
  q: string
  tag: string
  sort: ArticleSort | ""
}

/**
 * /blog, /software/blog and /h: the kind's articles a page at a time, most read first or newest first, with a
 * search (from 3 characters, spec §5), tag filters and the feeds. Filters and page live in the address, so a
 * search can be shared.
 */
export function ArticleListScreen({ kind, index, list }: ArticleListScreenProps) {
  const { t } = useTranslation(NS)
  const pages = kindPages(kind)
  // Clearing the filters empties the search field too (it keeps its own text while one types).
  const [searchField, setSearchField] = useState(0)
  const clear = () => {
    address.reset()
    setSearchField((n) => n + 1)
  }
  const address = useAddressFilters<Filters>({
    names: ["q", "tag", "sort"],
    read: (params) => ({
      q: (params.get("q") ?? "").slice(0, 100),
      tag: params.get("tag") ?? "",
      sort: oneOf(ARTICLE_SORTS, params.get("sort")),
    }),
    write: ({ q, tag, sort }) => ({ q, tag, sort }),
  })
  const { q, tag, sort } = address.filters
  const tooShort = q !== "" && [...q.trim()].length < SEARCH_MIN_LENGTH
  const query = {
    ...(q && !tooShort ? { q } : {}),
    ...(tag ? { tag } : {}),
    ...(sort ? { sort } : {}),
    ...(address.page > 1 ? { page: address.page } : {}),
  }
  // The route preloads the first page of the list as it opens (no search, tag or sort).
  const filtered = Object.keys(query).length > 0
  const answer = useApi<ArticleList>(pages.api.list.url(null, query), {
    initial: filtered ? undefined : list,
  })
  const shown = answer.data ?? (filtered ? undefined : answer.last)
  const pageCount = shown ? Math.max(1, Math.ceil(shown.total / shown.pageSize)) : 1
  const searching = q !== "" && !tooShort

  return (
    <>
      <PageHero
        id="articles-title"
        eyebrow={t(`kinds.${kind}.eyebrow`)}
        title={t(`kinds.${kind}.title`)}
        lead={t(`kinds.${kind}.lead`)}
      >
        <span className="text-sm">
          {t("list.feeds")} <TextLink href={pages.rss}>RSS</TextLink> ·{" "}
          <TextLink href={pages.atom}>Atom</TextLink>
        </span>
      </PageHero>

      <Section labelledBy="articles-list-title">
        <h2 id="articles-list-title" className="sr-only">
          {t("list.title")}
        </h2>
        <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="flex min-w-0 flex-col gap-6">
            <SearchSortBar
              text={q}
              searchKey={searchField}
              searchLabel={t("list.searchLabel")}
              placeholder={t("list.searchPlaceholder")}
              minChars={SEARCH_MIN_LENGTH}
              loading={answer.loading && searching}
              onSearch={(text) => address.change({ q: text })}
              sort={{
                name: "sort",
                label: t("list.sortLabel"),
                value: sort || (searching ? "relevance" : "popular"),
                options: ARTICLE_SORTS.filter((option) => option !== "relevance" || searching).map(
                  (option) => ({
                    value: option,
                    label: t(`list.sort.${option}`),
                  }),
                ),
                width: "sm:w-48",
              }}
              onSort={(value) => address.change({ sort: value as ArticleSort })}
            />

            <p role="status" className="min-h-5 text-sm text-muted-foreground">
              {tooShort
                ? t("list.searchTooShort", { count: SEARCH_MIN_LENGTH })
                : shown
                  ? searching
                    ? t("list.resultsFor", { count: shown.total, q: q.trim() })
                    : tag
                      ? t("list.resultsTagged", { count: shown.total, tag })
                      : t("list.results", { count: shown.total })
                  : ""}
            </p>

            <PagedCardGrid
              items={shown?.items}
              card={(article) => <ArticleCard article={article} href={pages.articlePath(article.slug)} />}
              getKey={(article) => article.id}
              failure={tooShort ? undefined : answer.failure}
              onRetry={answer.retry}
              empty={{
                title: searching || tag ? t("list.emptySearch") : t("list.empty"),
                description: searching || tag ? t("list.emptySearchHint") : undefined,
                action:
                  searching || tag ? (
                    <Button variant="secondary" onClick={clear}>
                      {t("list.clear")}
                    </Button>
                  ) : undefined,
              }}
              page={address.page}
              pageCount={pageCount}
              onPageChange={address.setPage}
              labels={{
                error: t("list.loadFailed"),
                retry: t("list.retry"),
                loading: t("list.loading"),
                pagination: t("list.pagination"),
              }}
              columns="md:grid-cols-2"
              placeholders={{ count: 4, className: "h-40" }}
            />
          </div>

          <aside className="flex flex-col gap-8" aria-label={t("list.aside")}>
            {index && index.tags.length > 0 ? (
              <section aria-labelledby="articles-tags-title" className="flex flex-col gap-3">
                <h2 id="articles-tags-title" className="text-base font-semibold text-foreground">
                  {t("list.tagsTitle")}
                </h2>
                <TagList aria-label={t("list.tagsTitle")}>
                  {index.tags.map((item) => (
                    <SelectableTag
                      key={item.tag}
                      size="sm"
                      selected={tag === item.tag}
                      onSelectedChange={(on) => address.change({ tag: on ? item.tag : "" })}
                    >
                      {t("list.tagCount", { tag: item.tag, n: item.count })}
                    </SelectableTag>
                  ))}
                </TagList>
              </section>
            ) : null}
            {index && index.latest.length > 0 ? (
              <section aria-labelledby="articles-latest-title" className="flex flex-col gap-3">
                <h2 id="articles-latest-title" className="text-base font-semibold text-foreground">
                  {t("list.latest")}
                </h2>
                <ol className="flex flex-col gap-2 text-sm">
                  {index.latest.map((article) => (
                    <li key={article.id}>
                      <TextLink to={pages.articlePath(article.slug)}>{article.title}</TextLink>
                    </li>
                  ))}
                </ol>
              </section>
            ) : null}
            {index && index.requestedLanguage !== index.language ? (
              <Alert tone="info">{t("list.inEnglish")}</Alert>
            ) : null}
          </aside>
        </div>
      </Section>
    </>
  )
}
