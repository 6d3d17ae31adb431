import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { contentAttachmentsApi } from "@manyhands/contract/attachments"
import { blogEditorApi, contentEditorApi, type EditorArticle } from "@manyhands/contract/content"
import { screens } from "@manyhands/pages/editor/screens"
import { article, diff, draft, english, list, pictures, picture, revisions } from "./editor-fixtures"
import { withScreenContext } from "./screen-decorator"
import { on, StoryShell as Shell, refusal, storyUser, type StoryApi } from "./story-shell"

/*
 * The editors' pages (pages/src/editor) for the blog; the software blog and tutorials are the same screens at
 * other addresses. The list with its filters and failure; a new article refused then made; an article's page
 * with publishing, a schedule and its history; the editing page with the live preview, an autosaved draft, a
 * picture uploaded and put into the text, and a save that met someone else's.
 */

const [{ default: List }, { default: New }, { default: Article }, { default: Edit }] = await Promise.all([
  screens.EditorBlogList(),
  screens.EditorBlogNew(),
  screens.EditorBlogArticle(),
  screens.EditorBlogEdit(),
])

const meta = {
  title: "Screens/Editor",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const moderator = { user: { ...storyUser, permissions: { moderator: true } } }
const pending = () => new Promise<never>(() => {})
const byKey = (source: EditorArticle) => on(blogEditorApi.byKey, { key: source.key })

/**
 * The blog's articles with each translation's state (a Russian one outdated, one scheduled), then an editor's
 * filters: two letters are not enough to search, "outdated only" asks the server for those.
 */
export const ListFilters: Story = {
  name: "List: translations and filters",
  render: () => (
    <Shell
      services={moderator}
      api={{
        [on(blogEditorApi.list)]: list,
        [on(blogEditorApi.list, null, { outdated: true })]: { ...list, items: [list.items[1]!], total: 1 },
      }}
    >
      <List blogEditorList={list} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Blog articles" })).toBeVisible()
    const table = canvas.getByRole("table", { name: "Blog articles" })
    await expect(within(table).getAllByRole("row")).toHaveLength(4)
    await expect(within(table).getByText("Outdated")).toBeVisible()
    await expect(within(table).getAllByRole("link", { name: "Write the Russian version" })).toHaveLength(2)
    await userEvent.type(canvas.getByRole("searchbox", { name: "Search by title, address or key" }), "pi")
    await waitFor(() => expect(canvas.getByText("Type at least 3 characters to search.")).toBeVisible())
    await userEvent.clear(canvas.getByRole("searchbox", { name: "Search by title, address or key" }))
    await userEvent.click(canvas.getByRole("button", { name: "Outdated translations only" }))
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(2))
    await expect(canvas.getByRole("button", { name: "Outdated translations only" })).toHaveAttribute(
      "aria-pressed",
      "true",
    )
  },
}

const empty = { items: [], page: 1, pageSize: 20, total: 0 }

/** The list when the server fails: the reason and a way to try again. */
export const ListFailed: Story = {
  name: "List: failed",
  render: () => (
    <Shell
      services={moderator}
      api={{
        [on(blogEditorApi.list)]: () => {
          throw refusal("The server could not answer. Try again in a minute.", "INTERNAL_ERROR", 500)
        },
      }}
    >
      <List />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getAllByRole("heading", { name: "The list could not be loaded" })[0]).toBeVisible(),
    )
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeVisible()
  },
}

/** A kind with no article yet: where to start. */
export const ListEmpty: Story = {
  name: "List: empty",
  render: () => (
    <Shell services={moderator} api={{ [on(blogEditorApi.list)]: empty }}>
      <List blogEditorList={empty} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("No articles yet")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "New article" })).toBeVisible()
  },
}

const created = fn((body: unknown) => {
  if ((body as { slug?: string }).slug === "pingbacks-or-polling")
    throw refusal("Another article already has this address.", "ARTICLE_SLUG_TAKEN", 409, {
      slug: "Another article already has this address.",
    })
  return draft
})

/** A new article: a title is required, a taken address is refused by the server, then it is made. */
export const NewArticle: Story = {
  name: "New article: refused, then made",
  render: () => (
    <Shell services={moderator} api={{ [on(blogEditorApi.create)]: created }}>
      <New />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Create and edit" }))
    await expect(canvas.getByText("Give the article a title.")).toBeVisible()
    await userEvent.type(canvas.getByRole("textbox", { name: "Title" }), "Proxies in tasks")
    await userEvent.type(canvas.getByRole("textbox", { name: /^Address/ }), "pingbacks-or-polling")
    await userEvent.type(canvas.getByRole("textbox", { name: /^Tags/ }), "proxy, Bad Tag")
    await userEvent.click(canvas.getByRole("button", { name: "Create and edit" }))
    await expect(canvas.getByText(/“bad tag” is not a valid tag/)).toBeVisible()
    await userEvent.clear(canvas.getByRole("textbox", { name: /^Tags/ }))
    await userEvent.type(canvas.getByRole("textbox", { name: /^Tags/ }), "proxy")
    await userEvent.click(canvas.getByRole("button", { name: "Create and edit" }))
    await waitFor(() =>
      expect(canvas.getAllByText("Another article already has this address.")[0]).toBeVisible(),
    )
    await userEvent.clear(canvas.getByRole("textbox", { name: /^Address/ }))
    await userEvent.click(canvas.getByRole("button", { name: "Create and edit" }))
    await waitFor(() =>
      expect(created).toHaveBeenLastCalledWith({
        language: "en",
        title: "Proxies in tasks",
        markdown: "",
        tags: ["proxy"],
      }),
    )
  },
}

const scheduled = fn((body: unknown): EditorArticle => ({
  ...article,
  translations: [
    english,
    {
      ...article.translations[1]!,
      status: "scheduled",
      publishAt: (body as { publishAt: string }).publishAt,
    },
  ],
}))

const articleApi: StoryApi = {
  [byKey(article)]: article,
  [on(blogEditorApi.revisions, { id: article.id })]: revisions,
  [on(blogEditorApi.diff, { id: article.id }, { from: "27", to: "31" })]: diff,
  [on(blogEditorApi.schedule, { id: article.id })]: scheduled,
}

/**
 * An article's page: English public, Russian a draft behind the English text. A time in the past is refused at
 * once; a time to come schedules the Russian text. The history compares a revision with the one before it.
 */
export const ArticlePage: Story = {
  name: "Article: publishing, schedule and history",
  render: () => (
    <Shell services={moderator} api={articleApi}>
      <Article blogEditorArticle={article} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: english.title })).toBeVisible()
    const russianCard = canvas.getByRole("region", { name: "Russian" })
    const when = within(russianCard).getByLabelText(/^Publish at/)
    await userEvent.clear(when)
    await userEvent.type(when, "2020-01-01T10:00")
    await userEvent.click(within(russianCard).getByRole("button", { name: "Schedule" }))
    await expect(within(russianCard).getByText("Choose a time in the future.")).toBeVisible()
    await userEvent.clear(when)
    await userEvent.type(when, "2099-01-01T10:00")
    await userEvent.click(within(russianCard).getByRole("button", { name: "Schedule" }))
    await waitFor(() => expect(scheduled).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(canvas.getByText(/The Russian version goes public on/)).toBeVisible())
    await step("deleting asks first; the focus starts on Keep it, Escape keeps it", async () => {
      const deleteCard = canvas.getByRole("region", { name: "Delete the article" })
      const opener = within(deleteCard).getByRole("button", { name: "Delete the article" })
      await userEvent.click(opener)
      const confirm = await within(document.body).findByRole("alertdialog", { name: "Delete this article?" })
      await expect(confirm).toHaveAccessibleDescription(
        `Every translation and revision of “${article.key}” is deleted. This cannot be undone.`,
      )
      await waitFor(() => expect(within(confirm).getByRole("button", { name: "Keep it" })).toHaveFocus())
      // Only the article's key typed in full lets it go.
      await expect(within(confirm).getByRole("button", { name: "Delete for good" })).toBeDisabled()
      await userEvent.keyboard("{Escape}")
      await waitFor(() => expect(within(document.body).queryByRole("alertdialog")).toBeNull())
      await waitFor(() => expect(opener).toHaveFocus())
    })
    const history = canvas.getByRole("region", { name: "History" })
    await waitFor(() => expect(within(history).getAllByRole("listitem")).toHaveLength(3))
    await userEvent.click(within(history).getAllByRole("button", { name: "Changes" })[0]!)
    const dialog = await waitFor(() =>
      within(document.body).getByRole("dialog", { name: "Changes in this revision" }),
    )
    await expect(within(dialog).getByText("2 lines added, 0 removed", { exact: false })).toBeVisible()
  },
}

const previewed = fn((body: unknown) => ({
  html: (body as { markdown: string }).markdown
    .split("\n")
    .filter(Boolean)
    .map((line) => `<p>${line}</p>`)
    .join(""),
  toc: [],
  readingMinutes: 1,
}))
const saved = fn((body: unknown): EditorArticle => {
  const sent = body as { title: string; markdown: string }
  return {
    ...draft,
    translations: [{ ...draft.translations[0]!, title: sent.title, markdown: sent.markdown, revision: "41" }],
  }
})
const uploaded = fn(() => picture)
const cleaned = fn(() => ({ html: "<p>Use <b>your</b> proxy</p>" }))

/**
 * Writing a draft: the preview follows the text (rendered by the server), the draft saves itself when typing
 * pauses, an uploaded picture goes into the text where the cursor is, and pasted HTML is cleaned by the server.
 */
export const EditDraft: Story = {
  name: "Edit: preview, autosave and a picture",
  render: () => (
    <Shell
      services={moderator}
      api={{
        [byKey(draft)]: draft,
        [on(contentEditorApi.preview)]: previewed,
        // The autosave after the paste stays in flight, so the screenshot always shows "Saving…" rather than
        // whichever of "Unsaved changes" or a save time the clock happened to reach.
        [on(blogEditorApi.save, { id: draft.id })]: (body: unknown) =>
          saved.mock.calls.length === 0 ? saved(body) : (saved(body), new Promise<never>(() => {})),
        [on(contentAttachmentsApi.list, null, { pageSize: 6 })]: pictures,
        [on(contentAttachmentsApi.upload)]: uploaded,
        [on(contentEditorApi.cleanHtml)]: cleaned,
      }}
    >
      <Edit blogEditorArticle={draft} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("tab", { name: "English" })).toHaveAttribute("aria-selected", "true")
    await expect(canvas.getByRole("tab", { name: /Russian · not written/ })).toBeVisible()
    const text = canvas.getByRole("textbox", { name: /^Text/ })
    await userEvent.type(text, "Send the proxy with the task.")
    await waitFor(() =>
      expect(canvas.getByText("Send the proxy with the task.", { selector: "p" })).toBeVisible(),
    )
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1), { timeout: 5000 })
    await expect(saved).toHaveBeenLastCalledWith(
      expect.objectContaining({
        language: "en",
        markdown: "Send the proxy with the task.",
        baseRevision: "40",
      }),
    )
    await waitFor(() => expect(canvas.getByText(/^Saved/)).toBeVisible())
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "pingback-flow.png", {
      type: "image/png",
    })
    await userEvent.upload(canvas.getByLabelText(/^Picture/, { selector: "input" }), file)
    await waitFor(() => expect(uploaded).toHaveBeenCalledTimes(1))
    await userEvent.click(canvas.getAllByRole("button", { name: "Insert into the text" })[0]!)
    await expect(text).toHaveValue(`Send the proxy with the task.\n\n${picture.markdown}\n\n`)
    // The screen gives the text its focus back on the next frame; a paste before that lands on the button.
    await waitFor(() => expect(text).toHaveFocus())
    // HTML pasted from a web page is cleaned by the server before it joins the text.
    const clipboard = new DataTransfer()
    clipboard.setData("text/html", '<p onclick="steal()">Use <b>your</b> proxy<script>steal()</script></p>')
    clipboard.setData("text/plain", "Use your proxy")
    await userEvent.paste(clipboard)
    await waitFor(() =>
      expect(text).toHaveValue(
        `Send the proxy with the task.\n\n${picture.markdown}\n\n<p>Use <b>your</b> proxy</p>`,
      ),
    )
    await expect(cleaned).toHaveBeenCalledWith({
      html: '<p onclick="steal()">Use <b>your</b> proxy<script>steal()</script></p>',
    })
    // The pasted text saves itself too.
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(2), { timeout: 5000 })
    await expect(saved).toHaveBeenLastCalledWith(expect.objectContaining({ baseRevision: "41" }))
    await waitFor(() => expect(canvas.getByText("Saving…")).toBeVisible())
  },
}

/**
 * A public translation saves only when told to, and a save that meets someone else's (409) keeps the text and
 * says what to do. A picture the server refuses says why, in the pictures' own words.
 */
export const EditConflict: Story = {
  name: "Edit: public text, a conflicting save, a refused picture",
  render: () => (
    <Shell
      services={moderator}
      api={{
        [byKey(article)]: article,
        [on(contentEditorApi.preview)]: previewed,
        [on(blogEditorApi.save, { id: article.id })]: () => {
          throw refusal("Someone saved this translation after you opened it.", "ARTICLE_EDIT_CONFLICT", 409)
        },
        [on(contentAttachmentsApi.list, null, { pageSize: 6 })]: pending,
        [on(contentAttachmentsApi.upload)]: () => {
          throw refusal("Upload a JPEG, PNG or PDF file.", "FILE_TYPE_NOT_ALLOWED", 415)
        },
      }}
    >
      <Edit blogEditorArticle={article} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("This translation is public")).toBeVisible()
    const title = canvas.getByRole("textbox", { name: "Title" })
    await userEvent.type(title, " (2026)")
    await expect(canvas.getByText("Unsaved changes")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Save and update the public page" }))
    await waitFor(() =>
      expect(canvas.getByText("Someone else saved this translation meanwhile")).toBeVisible(),
    )
    await expect(title).toHaveValue(`${english.title} (2026)`)
    // An SVG renamed .png passes the browser's check by name; the server reads its bytes and refuses it.
    const svg = new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "chart.png", { type: "image/png" })
    await userEvent.upload(canvas.getByLabelText(/^Picture/, { selector: "input" }), svg)
    await waitFor(() => expect(canvas.getByText("chart.png was not uploaded")).toBeVisible())
    await expect(canvas.getByText(/other files \(SVG included\) are refused/)).toBeVisible()
  },
}

/** The editing page on a phone: the text, then its preview, one under the other. */
export const EditMobile: Story = {
  name: "Edit: mobile",
  globals: { viewport: { value: "mobile" } },
  render: () => (
    <Shell
      services={moderator}
      api={{ [byKey(article)]: article, [on(contentAttachmentsApi.list, null, { pageSize: 6 })]: pictures }}
    >
      <Edit blogEditorArticle={article} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "Preview" })).toBeVisible()
    await waitFor(() => expect(canvas.getByText("pingback-flow.png")).toBeVisible())
  },
}
