import { createElement } from "react"
import type { ArticleKind, EditorArticle, EditorArticleList } from "@manyhands/contract/content"
import { withData, type RouteDataProps, type ScreenEntry } from "../screen-loader"

/*
 * The editors' pages of the blog, the software blog and tutorials: four screens shared by the three kinds, each
 * kind's routes preloading their own endpoints (a .ts file like every area's list, hence createElement).
 */
type ListName = "blogEditorList" | "softwareArticlesEditorList" | "tutorialsEditorList" | "faqEditorList"
type ArticleName =
  "blogEditorArticle" | "softwareArticlesEditorArticle" | "tutorialsEditorArticle" | "faqEditorArticle"

const listOf =
  <L extends ListName>(kind: ArticleKind, list: L) =>
  async () => {
    const { EditorListScreen } = await import("./editor-list-screen")
    return {
      default: (props: RouteDataProps<[L]>) =>
        createElement(EditorListScreen, { kind, list: props[list] as EditorArticleList | undefined }),
    }
  }

const newOf = (kind: ArticleKind) => async () => {
  const { EditorNewScreen } = await import("./editor-new-screen")
  return { default: () => createElement(EditorNewScreen, { kind }) }
}

const articleOf =
  <A extends ArticleName>(kind: ArticleKind, article: A) =>
  async () => {
    const { EditorArticleScreen } = await import("./editor-article-screen")
    return {
      default: (props: RouteDataProps<[A]>) =>
        createElement(EditorArticleScreen, { kind, article: props[article] as EditorArticle | undefined }),
    }
  }

const editOf =
  <A extends ArticleName>(kind: ArticleKind, article: A) =>
  async () => {
    const { EditorEditScreen } = await import("./editor-edit-screen")
    return {
      default: (props: RouteDataProps<[A]>) =>
        createElement(EditorEditScreen, { kind, article: props[article] as EditorArticle | undefined }),
    }
  }

export const screens = {
  EditorBlogList: withData(["blogEditorList"], listOf("blog", "blogEditorList")),
  EditorBlogNew: newOf("blog"),
  EditorBlogArticle: withData(["blogEditorArticle"], articleOf("blog", "blogEditorArticle")),
  EditorBlogEdit: withData(["blogEditorArticle"], editOf("blog", "blogEditorArticle")),
  EditorSoftwareBlogList: withData(
    ["softwareArticlesEditorList"],
    listOf("software_blog", "softwareArticlesEditorList"),
  ),
  EditorSoftwareBlogNew: newOf("software_blog"),
  EditorSoftwareBlogArticle: withData(
    ["softwareArticlesEditorArticle"],
    articleOf("software_blog", "softwareArticlesEditorArticle"),
  ),
  EditorSoftwareBlogEdit: withData(
    ["softwareArticlesEditorArticle"],
    editOf("software_blog", "softwareArticlesEditorArticle"),
  ),
  EditorTutorialList: withData(["tutorialsEditorList"], listOf("tutorial", "tutorialsEditorList")),
  EditorTutorialNew: newOf("tutorial"),
  EditorTutorialArticle: withData(
    ["tutorialsEditorArticle"],
    articleOf("tutorial", "tutorialsEditorArticle"),
  ),
  EditorTutorialEdit: withData(["tutorialsEditorArticle"], editOf("tutorial", "tutorialsEditorArticle")),
  EditorFaqList: withData(["faqEditorList"], listOf("faq", "faqEditorList")),
  EditorFaqNew: newOf("faq"),
  EditorFaqArticle: withData(["faqEditorArticle"], articleOf("faq", "faqEditorArticle")),
  EditorFaqEdit: withData(["faqEditorArticle"], editOf("faq", "faqEditorArticle")),
} satisfies Record<string, ScreenEntry>
