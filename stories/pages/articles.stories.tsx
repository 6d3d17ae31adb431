import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor } from "storybook/test"
import {
  blogApi,
  tutorialsApi,
  type ArticleIndex,
  type ArticleList,
  type ArticleView,
} from "@manyhands/contract/content"
import { screens } from "@manyhands/pages/content/screens"
import fixtures from "./articles-fixtures.json"
import { withScreenContext } from "./screen-decorator"
import { on, StoryShell as Shell, refusal, type StoryApi } from "./story-shell"

/*
 * The blog, software blog and tutorial pages (pages/src/content) with answers the server gave for the product's
 * own articles (server/content): the lists with search, tags and their empty, loading and failed states; an
 * article with contents, code, callouts, neighbours and related articles; one shown in English to a Russian
 * reader with an outdated translation; and one that does not exist.
 */

const [{ default: BlogList }, { default: TutorialList }, { default: Tutorial }] = await Promise.all([
  screens.BlogList(),
  screens.TutorialList(),
  screens.Tutorial(),
])

const meta = {
  title: "Screens/Articles",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const index = fixtures.blogIndex as ArticleIndex
const list = fixtures.blogList as ArticleList
const tutorial = fixtures.tutorial as ArticleView

const pending = () => new Promise<never>(() => {})
const found = (items: ArticleList["items"], q: string | null, tag: string | null = null): ArticleList => ({
  ...list,
  items,
  total: items.length,
  q,
  tag,
  sort: q ? "relevance" : "popular",
})

const listApi: StoryApi = {
  [on(blogApi.list)]: list,
  [on(blogApi.index)]: index,
  [`GET ${blogApi.list.url(null, { q: "pingback" })}`]: found(
    list.items.filter((article) => article.tags.includes("pingback")),
    "pingback",
  ),
  [`GET ${blogApi.list.url(null, { q: "zzzz" })}`]: found([], "zzzz"),
  [`GET ${blogApi.list.url(null, { tag: "quality" })}`]: found(
    list.items.filter((article) => article.tags.includes("quality")),
    null,
    "quality",
  ),
}

/**
 * The blog as it opens (most read first, tags and newest beside), then a reader's search: two letters are
 * not enough (spec §5), "pingback" finds its article, a tag narrows the list, and a search for nothing says so.
 */
export const BlogList_: Story = {
  name: "Blog list: search and tags",
  render: () => (
    <Shell api={listApi}>
      <BlogList blogIndex={index} blogArticles={list} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "The Manyhands blog" })).toBeVisible()
    await expect(canvas.getByRole("status")).toHaveTextContent("12 articles")
    await expect(canvas.getAllByRole("article")).toHaveLength(12)
    const search = canvas.getByRole("searchbox", { name: "Search the articles" })
    await userEvent.type(search, "pi")
    await waitFor(() =>
      expect(canvas.getByRole("status")).toHaveTextContent("Type at least 3 characters to search."),
    )
    await userEvent.clear(search)
    await userEvent.type(search, "pingback{Enter}")
    await waitFor(() =>
      expect(canvas.getByRole("status")).toHaveTextContent("1 article found for “pingback”"),
    )
    await expect(canvas.getByRole("link", { name: /Pingbacks or polling/ })).toBeVisible()
    await userEvent.clear(search)
    await userEvent.type(search, "zzzz{Enter}")
    await waitFor(() => expect(canvas.getByText("No article matches.")).toBeVisible())
    await userEvent.click(canvas.getByRole("button", { name: "Clear the search and tag" }))
    await userEvent.click(canvas.getByRole("button", { name: "quality (3)" }))
    await waitFor(() => expect(canvas.getByRole("status")).toHaveTextContent("3 articles tagged quality"))
    await expect(canvas.getByRole("button", { name: "quality (3)" })).toHaveAttribute("aria-pressed", "true")
  },
}

/** The tutorials while their list loads (a slow connection). */
export const ListLoading: Story = {
  name: "Tutorial list: loading",
  render: () => (
    <Shell api={{ [on(tutorialsApi.list)]: pending }}>
      <TutorialList />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Loading the articles…")).toBeInTheDocument()
  },
}

/** The blog when the server fails: the reason and a way to try again. */
export const ListFailed: Story = {
  name: "Blog list: failed",
  render: () => (
    <Shell
      api={{
        [on(blogApi.list)]: () => {
          throw refusal("The server could not answer. Try again in a minute.", "INTERNAL_ERROR", 500)
        },
      }}
    >
      <BlogList />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByText("The articles could not be loaded")).toBeVisible())
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeVisible()
  },
}

const viewed = fn()

/**
 * A tutorial: breadcrumbs, author, date and reading time, tags linking to the list, the contents beside the
 * text, code coloured on the server, callouts, share links, the next tutorial and related ones. The read is
 * counted once.
 */
export const Article: Story = {
  name: "Tutorial",
  render: () => (
    <Shell api={{ [on(tutorialsApi.view, { id: tutorial.id })]: viewed }}>
      <Tutorial tutorial={tutorial} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole("heading", { level: 1, name: "Your first solved captcha in 5 minutes with curl" }),
    ).toBeVisible()
    const contents = canvas.getByRole("navigation", { name: "Contents" })
    await expect(contents).toBeVisible()
    await expect(canvas.getAllByRole("note").length).toBeGreaterThan(0)
    await expect(canvas.getByRole("link", { name: /Solving reCAPTCHA v3/ })).toBeVisible()
    await expect(canvas.getByRole("heading", { name: "Related articles" })).toBeVisible()
    await waitFor(() => expect(viewed).toHaveBeenCalledWith({ language: "en" }))
    await expect(viewed).toHaveBeenCalledTimes(1)
  },
}

/**
 * The same tutorial on a phone, for a reader of the Russian site: it has no Russian translation yet, so it is
 * shown in English and says so. The contents come after the text; code scrolls within its box.
 */
export const ArticleMobile: Story = {
  name: "Tutorial: mobile, in English",
  globals: { viewport: { value: "mobile" } },
  render: () => (
    <Shell api={{ [on(tutorialsApi.view, { id: tutorial.id })]: () => undefined }}>
      <Tutorial tutorial={{ ...tutorial, requestedLanguage: "ru" }} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText("This article is not written in your language; here it is in English."),
    ).toBeVisible()
  },
}

/** A Russian translation older than the English text: it says it may lag behind and offers the original. */
export const ArticleOutdated: Story = {
  name: "Article: outdated translation",
  render: () => (
    <Shell api={{ [on(tutorialsApi.view, { id: tutorial.id })]: () => undefined }}>
      <Tutorial
        tutorial={{
          ...tutorial,
          ...fixtures.russianBlogArticle,
          language: "ru",
          requestedLanguage: "ru",
          outdated: true,
          html: "<p>Короткий перевод, который отстаёт от английского текста.</p>",
          toc: [],
          related: [],
          previous: null,
          next: null,
        }}
      />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(/The English original has changed since this translation was made/),
    ).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Read the English version" })).toBeVisible()
  },
}

/** An address with no article: the page says so (the server answers 404) and leads back to the list. */
export const ArticleNotFound: Story = {
  name: "Article: not found",
  render: () => (
    <Shell>
      <Tutorial />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Article not found" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "All tutorials" })).toHaveAttribute("href", "/h")
  },
}
