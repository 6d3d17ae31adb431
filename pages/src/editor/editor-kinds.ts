import { CONTENT_APIS, articlePath, type ArticleKind } from "@manyhands/contract/content"

/** The translation namespace of the editors' pages (en and ru, like the articles they write). */
export const NS = "editor"

/** Spec §2: each kind's editor area; its pages are the list, `new`, `{slug}` and `{slug}/edit` (slug: the key). */
export const EDITOR_AREAS: Record<ArticleKind, string> = {
  blog: "/editor/blog",
  software_blog: "/editor/software/blog",
  tutorial: "/editor/h",
  faq: "/editor/faq",
}

/** The editor endpoints (typed as the blog's: the three kinds differ only in their addresses). */
export type EditorApi = (typeof CONTENT_APIS)["blog"]["editor"]

export interface EditorKind {
  kind: ArticleKind
  list: string
  create: string
  /** The article's page: its translations, publishing and revisions. */
  article: (key: string) => string
  /** Its editing page, on a translation's tab. */
  edit: (key: string, language?: string) => string
  /** Where readers find a translation once it is public. */
  publicPath: (slug: string) => string
  api: EditorApi
}

export function editorKind(kind: ArticleKind): EditorKind {
  const base = EDITOR_AREAS[kind]
  const article = (key: string) => `${base}/${encodeURIComponent(key)}`
  return {
    kind,
    list: base,
    create: `${base}/new`,
    article,
    edit: (key, language) => `${article(key)}/edit${language ? `?language=${language}` : ""}`,
    publicPath: (slug) => articlePath(kind, slug),
    api: CONTENT_APIS[kind].editor as unknown as EditorApi,
  }
}
