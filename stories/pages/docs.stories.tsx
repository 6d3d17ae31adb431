import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, waitFor, within } from "storybook/test"
import type { CaptchaPage, CaptchaPageList, DocPage } from "@manyhands/contract/api-docs"
import { screens } from "@manyhands/pages/docs/screens"
import fixtures from "./docs-fixtures.json"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell } from "./story-shell"

/*
 * The developer docs and captcha landing pages (pages/src/docs) with answers the server gave for the product's
 * own texts and its demo data: the docs' layout on their index; a method page (createTask) switched to in.php's
 * version; a task type's page with its generated parameters and samples in eight languages; a language guide;
 * a captcha landing page with live figures; the staff's test page; and pages that do not exist.
 */

const [{ default: Doc }, { default: Captcha }, { default: AdminTest }, { default: Reference }] =
  await Promise.all([
    screens.DocPage(),
    screens.CaptchaPage(),
    screens.CaptchaAdminTest(),
    screens.ApiReference(),
  ])

const meta = {
  title: "Screens/Docs",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const index = fixtures.index as DocPage
const method = fixtures.method as DocPage
const type = fixtures.type as DocPage
const lang = fixtures.lang as DocPage
const captchaPage = fixtures.captchaPage as CaptchaPage
const captchaPages = fixtures.captchaPages as CaptchaPageList

/**
 * /api-docs: the sidebar of every page by group, the introduction, and the sections as cards; the sidebar's search
 * finds a type by its API name.
 */
export const Index: Story = {
  name: "Docs layout: the index",
  render: () => (
    <Shell>
      <Doc docPage={index} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: index.title })).toBeVisible()
    const nav = canvas.getByRole("navigation", { name: "Documentation" })
    for (const group of ["Guides", "Methods", "Picture tasks", "Token tasks"])
      await expect(within(nav).getByRole("heading", { name: group })).toBeVisible()
    await expect(within(nav).getByRole("link", { name: index.title })).toHaveAttribute("aria-current", "page")
    await expect(canvas.getByRole("heading", { level: 2, name: "Sections" })).toBeVisible()
    await userEvent.type(canvas.getByRole("searchbox", { name: "Search the docs" }), "TurnstileTask{Enter}")
    await waitFor(() => expect(within(nav).getByRole("status")).toHaveTextContent(/pages? match/))
    await expect(within(nav).getByRole("link", { name: "Cloudflare Turnstile" })).toBeVisible()
    await expect(within(nav).queryByRole("link", { name: "Audio captcha" })).toBeNull()
  },
}

/** createTask: its explanation, sample, answer and errors; the switch opens in.php's version of the same page. */
export const MethodPage: Story = {
  name: "Method page: createTask, then in.php",
  render: () => (
    <Shell>
      <Doc docPage={method} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    const article = canvas.getByRole("article")
    await expect(article).toHaveAttribute("data-version", "2")
    await expect(canvas.getByRole("heading", { level: 2, name: "Error codes" })).toBeVisible()
    await expect(canvas.getByRole("rowheader", { name: /ERROR_ZERO_BALANCE/ })).toBeVisible()
    const versions = canvas.getByRole("navigation", { name: "API version" })
    await userEvent.click(within(versions).getByRole("link", { name: "in.php (v1)" }))
    await waitFor(() => expect(canvas.getByRole("article")).toHaveAttribute("data-version", "1"))
    await expect(within(versions).getByRole("link", { name: "in.php (v1)" })).toHaveAttribute(
      "aria-current",
      "page",
    )
    await expect(canvas.getByRole("rowheader", { name: /ERROR_WRONG_USER_KEY/ })).toBeVisible()
  },
}

/** reCAPTCHA v2: parameters from the catalogue's checks, and a sample per language (arrow keys change tabs). */
export const TypePage: Story = {
  name: "Task type page: reCAPTCHA v2",
  render: () => (
    <Shell>
      <Doc docPage={type} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 2, name: "Parameters" })).toBeVisible()
    await expect(canvas.getAllByText("websiteKey")[0]).toBeVisible()
    const tabs = canvas.getByRole("tablist", { name: "Language of the sample" })
    const tabNames = within(tabs)
      .getAllByRole("tab")
      .map((tab) => tab.textContent)
    await expect(tabNames).toEqual(["cURL", "PHP", "Python", "C#", "Java", "Go", "Ruby", "JavaScript"])
    within(tabs).getByRole("tab", { name: "cURL" }).focus()
    await userEvent.keyboard("{ArrowRight}{ArrowRight}")
    await expect(within(tabs).getByRole("tab", { name: "Python" })).toHaveAttribute("aria-selected", "true")
    await expect(canvas.getByText("solve.py")).toBeVisible()
  },
}

/** /lang/python: the guide with its generated programs in place. */
export const LangPage: Story = {
  name: "Language guide: Python",
  render: () => (
    <Shell>
      <Doc docPage={lang} />
    </Shell>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: lang.title })).toBeVisible()
    await expect(canvas.queryByRole("navigation", { name: "API version" })).toBeNull()
    const programs = [...canvasElement.querySelectorAll("article pre")].filter((pre) =>
      pre.textContent?.includes('API_KEY = "YOUR_API_KEY"'),
    )
    await expect(programs.length).toBeGreaterThan(3)
  },
}

/** /p/recaptcha_v2: text, live price, median time and load, the sample and related pages. */
export const CaptchaLanding: Story = {
  name: "Captcha page: reCAPTCHA v2",
  render: () => (
    <Shell>
      <Captcha captchaPage={captchaPage} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: captchaPage.title })).toBeVisible()
    await expect(canvas.getByText("Price per 1,000")).toBeVisible()
    await expect(canvas.getByRole("heading", { level: 2, name: "Related captchas" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Step-by-step tutorial" })).toBeVisible()
  },
}

/** /p/admin-test: every landing page with its languages and live figures. */
export const StaffTest: Story = {
  name: "Captcha pages: admin test",
  render: () => (
    <Shell>
      <AdminTest captchaPages={captchaPages} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    const table = canvas.getByRole("table", { name: "Captcha landing pages" })
    await expect(within(table).getAllByRole("row").length).toBe(captchaPages.pages.length - 1)
    await expect(within(table).queryByText(/missing/)).toBeNull()
  },
}

/** /api-docs/reference: endpoints of the OpenAPI document by area, one opened, then a search that finds none. */
export const JsonReference: Story = {
  name: "JSON API reference",
  render: () => (
    <Shell>
      <Reference openapiDocument={fixtures.openapi} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "JSON API reference" })).toBeVisible()
    await expect(canvas.getByText("3 endpoints")).toBeVisible()
    await userEvent.click(canvas.getByText("/api/v1/api-docs/{slug}"))
    await expect(
      canvas.getByRole("table", { name: "Parameters of GET /api/v1/api-docs/{slug}" }),
    ).toBeVisible()
    await userEvent.type(
      canvas.getByRole("searchbox", { name: "Search the endpoints" }),
      "nothing-like-this{Enter}",
    )
    await waitFor(() => expect(canvas.getByText("0 endpoints")).toBeVisible())
    await expect(canvas.getByText("No endpoint matches.")).toBeVisible()
  },
}

/** A docs page and a captcha page that do not exist. */
export const NotFound: Story = {
  name: "Pages that do not exist",
  render: () => (
    <Shell>
      <Doc />
      <Captcha />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("heading", { level: 1, name: "Page not found" })).toHaveLength(2)
    await expect(canvas.getByRole("link", { name: "To the documentation" })).toBeVisible()
  },
}
