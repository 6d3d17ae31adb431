import { createElement } from "react"
import type { ArticleIndex, ArticleKind, ArticleList, ArticleView } from "@manyhands/contract/content"
import { withData, type RouteDataProps, type ScreenEntry } from "../screen-loader"

/*
 * The blog, the software blog and tutorials share two screens (article-list-screen, article-screen); each kind's
 * routes preload their own endpoints, so each kind has its own entries here (a .ts file like every area's list,
 * hence createElement).
 */
const listOf =
  <
    I extends "blogIndex" | "softwareArticlesIndex" | "tutorialsIndex",
    L extends "blogArticles" | "softwareArticles" | "tutorials",
  >(
    kind: ArticleKind,
    index: I,
    list: L,
  ) =>
  async () => {
    const { ArticleListScreen } = await import("./article-list-screen")
    return {
      default: (props: RouteDataProps<[I, L]>) =>
        createElement(ArticleListScreen, {
          kind,
          index: props[index] as ArticleIndex | undefined,
          list: props[list] as ArticleList | undefined,
        }),
    }
  }

const articleOf =
  <A extends "blogArticle" | "softwareArticle" | "tutorial">(kind: ArticleKind, article: A) =>
  async () => {
    const { ArticleScreen } = await import("./article-screen")
    return {
      default: (props: RouteDataProps<[A]>) =>
        createElement(ArticleScreen, { kind, article: props[article] as ArticleView | undefined }),
    }
  }

export const screens = {
  BlogList: withData(["blogIndex", "blogArticles"], listOf("blog", "blogIndex", "blogArticles")),
  BlogArticle: withData(["blogArticle"], articleOf("blog", "blogArticle")),
  SoftwareBlogList: withData(
    ["softwareArticlesIndex", "softwareArticles"],
    listOf("software_blog", "softwareArticlesIndex", "softwareArticles"),
  ),
  SoftwareBlogArticle: withData(["softwareArticle"], articleOf("software_blog", "softwareArticle")),
  TutorialList: withData(["tutorialsIndex", "tutorials"], listOf("tutorial", "tutorialsIndex", "tutorials")),
  Tutorial: withData(["tutorial"], articleOf("tutorial", "tutorial")),
} satisfies Record<string, ScreenEntry>
