import type { RouteDataProps } from "../screen-loader"
import { withData, type ScreenEntry } from "../screen-loader"

/*
 * The blog, the software blog and tutorials share two screens (article-list-screen, article-screen); each kind's
 * routes preload their own endpoints, so each kind has its own entries here.
 */
const list = () => import("./article-list-screen")
const article = () => import("./article-screen")

export const screens = {
  BlogList: withData(["blogIndex", "blogArticles"], async () => {
    const { ArticleListScreen } = await list()
    return {
      default: (props: RouteDataProps<["blogIndex", "blogArticles"]>) => (
        <ArticleListScreen kind="blog" index={props.blogIndex} list={props.blogArticles} />
      ),
    }
  }),
  BlogArticle: withData(["blogArticle"], async () => {
    const { ArticleScreen } = await article()
    return {
      default: (props: RouteDataProps<["blogArticle"]>) => (
        <ArticleScreen kind="blog" article={props.blogArticle} />
      ),
    }
  }),
  SoftwareBlogList: withData(["softwareArticlesIndex", "softwareArticles"], async () => {
    const { ArticleListScreen } = await list()
    return {
      default: (props: RouteDataProps<["softwareArticlesIndex", "softwareArticles"]>) => (
        <ArticleListScreen
          kind="software_blog"
          index={props.softwareArticlesIndex}
          list={props.softwareArticles}
        />
      ),
    }
  }),
  SoftwareBlogArticle: withData(["softwareArticle"], async () => {
    const { ArticleScreen } = await article()
    return {
      default: (props: RouteDataProps<["softwareArticle"]>) => (
        <ArticleScreen kind="software_blog" article={props.softwareArticle} />
      ),
    }
  }),
  TutorialList: withData(["tutorialsIndex", "tutorials"], async () => {
    const { ArticleListScreen } = await list()
    return {
      default: (props: RouteDataProps<["tutorialsIndex", "tutorials"]>) => (
        <ArticleListScreen kind="tutorial" index={props.tutorialsIndex} list={props.tutorials} />
      ),
    }
  }),
  Tutorial: withData(["tutorial"], async () => {
    const { ArticleScreen } = await article()
    return {
      default: (props: RouteDataProps<["tutorial"]>) => (
        <ArticleScreen kind="tutorial" article={props.tutorial} />
      ),
    }
  }),
} satisfies Record<string, ScreenEntry>
