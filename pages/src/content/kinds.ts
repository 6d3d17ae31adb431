import {
  ARTICLE_PAGE_PATHS,
  CONTENT_APIS,
  articlePath,
  feedPath,
  type ArticleKind,
} from "@manyhands/contract/content"

/** The translation namespace of the blog, software-blog and tutorial pages (en and ru, like the pages). */
export const NS = "articles"

/** What differs between the three kinds' pages: addresses and the API. */
export interface KindPages {
  kind: ArticleKind
  /** The list page. */
  listPath: string
  articlePath: (slug: string) => string
  rss: string
  atom: string
  /** The public endpoints (typed as the blog's: the three differ only in their addresses). */
  api: (typeof CONTENT_APIS)["blog"]["public"]
}

export function kindPages(kind: ArticleKind): KindPages {
  return {
    kind,
    listPath: ARTICLE_PAGE_PATHS[kind],
    articlePath: (slug) => articlePath(kind, slug),
    rss: feedPath(kind, "rss"),
    atom: feedPath(kind, "atom"),
    api: CONTENT_APIS[kind].public as unknown as (typeof CONTENT_APIS)["blog"]["public"],
  }
}
