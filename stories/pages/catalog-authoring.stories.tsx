import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import {
  catalogApi,
  type ModerationSubmission,
  type ModerationSubmissions,
  type MySoftware,
  type SoftwareCategories,
  type SoftwareDraft,
  type SoftwareDraftFields,
  type SoftwareItem,
  type SoftwarePicture,
  type SoftwareReviews,
} from "@manyhands/contract/catalog"
import { screens } from "@manyhands/pages/catalog/screens"
import fixtures from "./catalog-fixtures.json"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, refusal, storyUser, type StoryApi } from "./story-shell"

/*
 * The catalogue's author and moderator screens (pages/src/catalog): adding a program (the form checked, then sent;
 * an address already taken), editing one (rejected with the moderator's reason; published with changes waiting;
 * someone else's), the moderators' queue of new programs, edits and reports (and empty), and a reader reporting a
 * program whose page has a logo and screenshots. Pictures are inline SVG data: addresses, so the screenshots need
 * no network.
 */

const [{ default: Add }, { default: Edit }, { default: Moderation }, { default: Program }] =
  await Promise.all([
    screens.SoftwareAdd(),
    screens.SoftwareEdit(),
    screens.SoftwareModeration(),
    screens.Software(),
  ])

const meta = {
  title: "Screens/Software catalogue/Authors and moderation",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const categories = fixtures.categories as SoftwareCategories

// ---------------------------------------------------------------------------------------------------------
// Pictures: small SVGs as data: addresses (no text in them, so no font can change their pixels).

const svg = (width: number, height: number, body: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  )}`

const picture = (id: string, url: string, width: number, height: number, alt = ""): SoftwarePicture => ({
  id,
  url,
  variants: [{ width, url }],
  width,
  height,
  alt,
})

const logo = picture(
  "701",
  svg(
    128,
    128,
    '<rect width="128" height="128" rx="24" fill="#1d4ed8"/>' +
      '<path d="M34 66l20 20 42-44" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>',
  ),
  128,
  128,
)

/** A window with a sidebar and rows: `accent` tells the two screenshots apart. */
const windowShot = (accent: string) =>
  svg(
    640,
    400,
    '<rect width="640" height="400" fill="#f1f5f9"/>' +
      '<rect width="640" height="36" fill="#334155"/>' +
      '<circle cx="20" cy="18" r="6" fill="#f87171"/><circle cx="40" cy="18" r="6" fill="#fbbf24"/>' +
      '<circle cx="60" cy="18" r="6" fill="#34d399"/>' +
      '<rect y="36" width="150" height="364" fill="#e2e8f0"/>' +
      `<rect x="20" y="60" width="110" height="14" rx="4" fill="${accent}"/>` +
      '<rect x="20" y="90" width="90" height="14" rx="4" fill="#94a3b8"/>' +
      '<rect x="20" y="120" width="100" height="14" rx="4" fill="#94a3b8"/>' +
      [0, 1, 2, 3]
        .map(
          (row) =>
            `<rect x="180" y="${70 + row * 70}" width="420" height="48" rx="8" fill="#fff"/>` +
            `<rect x="196" y="${86 + row * 70}" width="${180 + row * 40}" height="16" rx="4" fill="#cbd5e1"/>` +
            `<rect x="540" y="${84 + row * 70}" width="44" height="20" rx="10" fill="${accent}"/>`,
        )
        .join(""),
  )

const screenshots = [
  picture("702", windowShot("#1d4ed8"), 640, 400, "The task list with four solved reCAPTCHAs"),
  picture("703", windowShot("#059669"), 640, 400),
]

/** Waits until every picture in `root` is decoded (lazy ones are scrolled to first), so the screenshot has them. */
async function picturesLoaded(root: HTMLElement) {
  for (const image of root.querySelectorAll("img")) {
    image.scrollIntoView({ block: "center" })
    await waitFor(() => expect(image.complete && image.naturalWidth > 0).toBe(true))
  }
}

// ---------------------------------------------------------------------------------------------------------
// An author's programs

const fields = (overrides: Partial<SoftwareDraftFields> = {}): SoftwareDraftFields => ({
  name: "Form Filler Pro",
  texts: {
    en: {
      summary: "Fills web forms from a spreadsheet and solves their captchas through Manyhands.",
      description: "Point it at a page, map the columns to the fields, and set your API key in **Settings**.",
    },
    ru: null,
  },
  categories: ["browser-automation"],
  platforms: ["windows", "macos"],
  pricing: "freemium",
  website: "https://formfiller.example",
  logo: null,
  screenshots: [],
  ...overrides,
})

const rejectedDraft: SoftwareDraft = {
  id: "27",
  slug: "form-filler-pro",
  status: "rejected",
  softId: 10001,
  rejectReason: "The website does not say that the program works with Manyhands",
  fields: fields(),
  revision: null,
  createdAt: "2026-11-18T09:00:00.000Z",
  updatedAt: "2026-11-20T15:30:00.000Z",
}

const publishedDraft: SoftwareDraft = {
  id: "33",
  slug: "solver-bridge",
  status: "published",
  softId: 10003,
  rejectReason: null,
  // The form starts from the waiting revision's fields.
  fields: fields({
    name: "Solver Bridge",
    texts: {
      en: {
        summary: "A local proxy that sends the captchas of any 2captcha-compatible program to Manyhands.",
        description: "Run it, then point your program's 2captcha host at `localhost:8088`.",
      },
      ru: {
        summary: "Локальный прокси: капчи любой программы, совместимой с 2captcha, уходят в Manyhands.",
        description: "",
      },
    },
    categories: ["libraries", "scraping"],
    platforms: ["windows", "linux"],
    pricing: "open-source",
    website: "https://github.com/example/solver-bridge",
    logo,
    screenshots,
  }),
  revision: { id: "88", status: "pending", rejectReason: null, createdAt: "2026-11-29T11:00:00.000Z" },
  createdAt: "2026-09-01T09:00:00.000Z",
  updatedAt: "2026-11-29T11:00:00.000Z",
}

const mine: MySoftware = {
  records: [
    {
      id: "31",
      slug: "captcha-harvester",
      name: "Captcha Harvester",
      status: "pending",
      softId: 10002,
      rejectReason: null,
      revision: null,
      updatedAt: "2026-11-28T09:00:00.000Z",
    },
    {
      id: rejectedDraft.id,
      slug: rejectedDraft.slug,
      name: rejectedDraft.fields.name,
      status: "rejected",
      softId: rejectedDraft.softId,
      rejectReason: rejectedDraft.rejectReason,
      revision: null,
      updatedAt: rejectedDraft.updatedAt,
    },
  ],
}

const authorApi = (extra: StoryApi = {}): StoryApi => ({
  [on(catalogApi.categories, {}, { language: "en" })]: categories,
  [on(catalogApi.mine)]: mine,
  ...extra,
})

/** Fills the listing's required fields as an author would. */
async function fillListing(form: HTMLElement, slug?: string) {
  const scope = within(form)
  await userEvent.type(scope.getByRole("textbox", { name: /^Name/ }), "Captcha Helper Studio")
  if (slug) await userEvent.type(scope.getByRole("textbox", { name: /^Address/ }), slug)
  await userEvent.type(
    scope.getByRole("textbox", { name: /^Summary/ }),
    "Solves the captchas of your browser macros through Manyhands.",
  )
  await userEvent.click(scope.getByRole("checkbox", { name: "Browser automation" }))
  await userEvent.click(scope.getByRole("checkbox", { name: "Windows" }))
  await userEvent.click(scope.getByRole("checkbox", { name: "Linux" }))
  await userEvent.click(scope.getByRole("radio", { name: "Free" }))
}

const created = fn((body: unknown): SoftwareDraft => {
  const sent = body as { name: string; submit: boolean }
  return {
    ...rejectedDraft,
    id: "34",
    slug: "captcha-helper-studio",
    status: sent.submit ? "pending" : "draft",
    softId: 10004,
    rejectReason: null,
  }
})
const goTo = fn()

/** /software/add: the author's two programs (waiting, rejected); the empty form says what is missing, then sends. */
export const AddProgram: Story = {
  name: "Add a program: your programs, the form checked and sent",
  render: () => (
    <Shell
      services={{ user: storyUser, goTo }}
      api={authorApi({ [on(catalogApi.create)]: (body: unknown) => created(body) })}
    >
      <Add softwareCategories={categories} softwareMine={mine} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Add your program" })).toBeVisible()
    const yours = within(canvas.getByRole("complementary", { name: "Your programs" }))
    await expect(yours.getByRole("link", { name: "Captcha Harvester" })).toHaveAttribute(
      "href",
      "/software/captcha-harvester/edit",
    )
    await expect(yours.getByText("Waiting for a moderator")).toBeVisible()
    await expect(yours.getByRole("link", { name: "Form Filler Pro" })).toBeVisible()
    await expect(yours.getByText("Rejected")).toBeVisible()

    const form = canvas.getByRole("form", { name: "The listing" })
    await userEvent.click(within(form).getByRole("button", { name: "Send for review" }))
    await expect(
      await within(form).findByText("Give the program a name of at least 2 characters."),
    ).toBeVisible()
    await expect(within(form).getByText("Write a one-sentence summary.")).toBeVisible()
    await expect(within(form).getByText("Choose at least one category.")).toBeVisible()
    await expect(within(form).getByText("Choose where it runs.")).toBeVisible()
    await expect(within(form).getByText("Choose how it is priced.")).toBeVisible()
    await expect(within(form).getByRole("textbox", { name: /^Name/ })).toHaveFocus()
    await expect(created).not.toHaveBeenCalled()
    // Each list of checkboxes is a group named by its label; each box is named by its own.
    await expect(within(form).getByRole("group", { name: /^Categories/ })).toBeVisible()
    await expect(within(form).getByRole("group", { name: /^Platforms/ })).toBeVisible()

    await fillListing(form)
    // The address follows the name until the author writes one.
    await expect(
      within(form).getByText(/^Its page will be \/software\/captcha-helper-studio\./),
    ).toBeVisible()
    await userEvent.click(within(form).getByRole("button", { name: "Send for review" }))
    await waitFor(() =>
      expect(created).toHaveBeenCalledWith({
        name: "Captcha Helper Studio",
        texts: {
          en: { summary: "Solves the captchas of your browser macros through Manyhands.", description: "" },
          ru: null,
        },
        categories: ["browser-automation"],
        platforms: ["windows", "linux"],
        pricing: "free",
        website: null,
        logoId: null,
        screenshotIds: [],
        submit: true,
      }),
    )
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/software/captcha-helper-studio/edit"))
    await expect(canvas.queryByText("Choose at least one category.")).toBeNull()
  },
}

/** The server refuses the chosen address (409 SLUG_TAKEN on `slug`): its reason shows under the Address field. */
export const AddRefused: Story = {
  name: "Add a program: the address is taken",
  render: () => (
    <Shell
      services={{ user: storyUser, goTo }}
      api={authorApi({
        [on(catalogApi.mine)]: { records: [] },
        [on(catalogApi.create)]: () => {
          const message = "The address /software/captcha-helper is taken: choose another."
          throw refusal(message, "SLUG_TAKEN", 409, { slug: message })
        },
      })}
    >
      <Add softwareCategories={categories} softwareMine={{ records: [] }} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("You have not added a program yet.")).toBeVisible()
    const form = canvas.getByRole("form", { name: "The listing" })
    await fillListing(form, "captcha-helper")
    await userEvent.click(within(form).getByRole("button", { name: "Save as draft" }))
    const address = within(form).getByRole("textbox", { name: /^Address/ })
    await waitFor(() => expect(address).toHaveAttribute("aria-invalid", "true"))
    await expect(address).toHaveAccessibleDescription(
      expect.stringContaining("The address /software/captcha-helper is taken: choose another."),
    )
    await expect(address).toHaveFocus()
    // Said once, beside its field, not again above the buttons.
    await expect(within(form).getAllByText(/is taken: choose another/)).toHaveLength(1)
    await expect(goTo).not.toHaveBeenCalled()
  },
}

/**
 * A rejected program: the moderator's reason, its soft_id and how to send it, and the form (no address: it was
 * fixed when the program was added) that may still keep a draft.
 */
export const EditRejected: Story = {
  name: "Edit a program: rejected, with the moderator's reason",
  render: () => (
    <Shell services={{ user: storyUser }} api={authorApi()}>
      <Edit softwareDraft={rejectedDraft} softwareCategories={categories} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Edit Form Filler Pro" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Your programs" })).toHaveAttribute("href", "/software/add")
    await expect(canvas.getByText("Rejected")).toBeVisible()
    await expect(canvas.getByText("A moderator rejected it")).toBeVisible()
    await expect(
      canvas.getByText(
        "Reason: The website does not say that the program works with Manyhands. Change the listing and send it again.",
      ),
    ).toBeVisible()
    await expect(
      canvas.getByRole("heading", { level: 2, name: "Your program's soft_id is 10001" }),
    ).toBeVisible()
    await expect(canvas.getByText("soft_id=10001")).toBeVisible()

    const form = canvas.getByRole("form", { name: "The listing" })
    await expect(within(form).queryByRole("textbox", { name: /^Address/ })).toBeNull()
    await expect(within(form).getByRole("textbox", { name: /^Summary/ })).toHaveValue(
      rejectedDraft.fields.texts.en.summary,
    )
    await expect(within(form).getByRole("checkbox", { name: "Browser automation" })).toBeChecked()
    await expect(within(form).getByRole("radio", { name: "Freemium" })).toBeChecked()
    await expect(within(form).getByRole("button", { name: "Send for review" })).toBeVisible()
    await expect(within(form).getByRole("button", { name: "Save as draft" })).toBeVisible()
  },
}

const revised = fn((body: unknown): SoftwareDraft => ({
  ...publishedDraft,
  fields: {
    ...publishedDraft.fields,
    texts: { ...publishedDraft.fields.texts, en: (body as SoftwareDraftFields).texts.en },
  },
  // The new changes replace the waiting ones.
  revision: { id: "89", status: "pending", rejectReason: null, createdAt: "2026-11-30T10:00:00.000Z" },
  updatedAt: "2026-11-30T10:00:00.000Z",
}))

/**
 * A published program whose last changes wait for a moderator: both banners, the form starting from the waiting
 * changes (a Russian text, a logo and two screenshots), no draft for a published program; the author sends more
 * changes, pictures and all, and they wait in place of the earlier ones.
 */
export const EditPublishedWithRevision: Story = {
  name: "Edit a program: published, changes waiting, more sent",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={authorApi({
        [on(catalogApi.edit, { softwareId: publishedDraft.id })]: (body: unknown) => revised(body),
      })}
    >
      <Edit softwareDraft={publishedDraft} softwareCategories={categories} />
    </Shell>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Edit Solver Bridge" })).toBeVisible()
    await expect(canvas.getByText("Changes waiting")).toBeVisible()
    await expect(canvas.getByText("Your changes wait for a moderator")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Open its page" })).toHaveAttribute(
      "href",
      "/software/solver-bridge",
    )
    await expect(
      canvas.getByRole("heading", { level: 2, name: "Your program's soft_id is 10003" }),
    ).toBeVisible()

    const form = canvas.getByRole("form", { name: "The listing" })
    await expect(within(form).getByRole("switch", { name: "Add a Russian description" })).toBeChecked()
    await expect(within(form).getByRole("checkbox", { name: "Client libraries" })).toBeChecked()
    await expect(within(form).getByRole("checkbox", { name: "Scraping frameworks" })).toBeChecked()
    await expect(within(form).getByRole("radio", { name: "Open source" })).toBeChecked()
    await expect(within(form).getByRole("button", { name: "Remove the logo 1" })).toBeVisible()
    await expect(within(form).getAllByRole("button", { name: /^Remove screenshot/ })).toHaveLength(2)
    await expect(within(form).queryByRole("button", { name: "Save as draft" })).toBeNull()
    await expect(
      within(form).getByText(
        "The published page keeps its approved listing until a moderator publishes your changes.",
      ),
    ).toBeVisible()

    const summary = within(form).getAllByRole("textbox", { name: /^Summary/ })[0]!
    await userEvent.clear(summary)
    await userEvent.type(summary, "A local proxy that sends any 2captcha program's captchas to Manyhands.")
    await userEvent.click(within(form).getByRole("button", { name: "Send the changes for review" }))
    await waitFor(() =>
      expect(revised).toHaveBeenCalledWith({
        name: "Solver Bridge",
        texts: {
          en: {
            summary: "A local proxy that sends any 2captcha program's captchas to Manyhands.",
            description: publishedDraft.fields.texts.en.description,
          },
          ru: { summary: publishedDraft.fields.texts.ru!.summary, description: "" },
        },
        categories: ["libraries", "scraping"],
        platforms: ["windows", "linux"],
        pricing: "open-source",
        website: "https://github.com/example/solver-bridge",
        logoId: "701",
        screenshotIds: ["702", "703"],
        submit: true,
      }),
    )
    await expect(await canvas.findByText("Sent to the moderators")).toBeVisible()
    await expect(canvas.getByText("Your changes wait for a moderator")).toBeVisible()
    await picturesLoaded(canvasElement)
  },
}

/** Someone else's program (the draft endpoint refused, so the route has no draft): said, with the way back. */
export const EditNotYours: Story = {
  name: "Edit a program: not yours",
  render: () => (
    <Shell services={{ user: storyUser }} api={authorApi()}>
      <Edit softwareCategories={categories} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Not your program" })).toBeVisible()
    await expect(canvas.getByText("There is no such program, or it is not yours to edit.")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Your programs" })).toHaveAttribute("href", "/software/add")
    await expect(canvas.queryByRole("form")).toBeNull()
  },
}

// ---------------------------------------------------------------------------------------------------------
// The moderators' queue

const grace = {
  id: "9101",
  email: "grace@example.com",
  displayName: "Grace Hopper",
  registeredAt: "2026-10-02T08:00:00.000Z",
}

const newProgram: ModerationSubmission = {
  kind: "item",
  id: "31",
  program: {
    id: "31",
    slug: "captcha-harvester",
    name: "Captcha Harvester",
    status: "pending",
    softId: 10002,
  },
  author: { ...grace, id: "9102", email: "sam@example.com", displayName: null },
  submittedAt: "2026-11-27T09:00:00.000Z",
  changes: [
    { field: "name", before: null, after: "Captcha Harvester" },
    {
      field: "texts.en.summary",
      before: null,
      after: "Collects captchas from your scraper's pages and solves them in bulk.",
    },
    {
      field: "texts.en.description",
      before: null,
      after: "Install it with pip.\nSet MANYHANDS_KEY and run `harvest`.",
    },
    { field: "texts.ru.summary", before: null, after: null },
    { field: "texts.ru.description", before: null, after: null },
    { field: "categories", before: null, after: "scraping" },
    { field: "platforms", before: null, after: "linux" },
    { field: "pricing", before: null, after: "paid" },
    { field: "website", before: null, after: "https://harvester.example" },
    { field: "logo", before: null, after: logo.url },
    { field: "screenshots", before: null, after: screenshots[0]!.url },
  ],
  reports: [],
}

const revision: ModerationSubmission = {
  kind: "revision",
  id: "88",
  program: { id: "33", slug: "solver-bridge", name: "Solver Bridge", status: "published", softId: 10003 },
  author: grace,
  submittedAt: "2026-11-29T11:00:00.000Z",
  changes: [
    {
      field: "texts.en.summary",
      before: "A local proxy for 2captcha-compatible programs.",
      after: "A local proxy that sends the captchas of any 2captcha-compatible program to Manyhands.",
    },
  ],
  reports: [],
}

const reportedProgram: ModerationSubmission = {
  kind: "report",
  id: "5",
  program: { id: "5", slug: "2captcha-python", name: "2captcha-python", status: "published", softId: 4101 },
  author: null,
  submittedAt: "2026-11-29T16:00:00.000Z",
  changes: [],
  reports: [
    { reason: "The install command on the page is out of date.", at: "2026-11-29T16:00:00.000Z" },
    { reason: "Links to a fork, not the official repository.", at: "2026-11-30T08:30:00.000Z" },
  ],
}

const submissions: ModerationSubmissions = {
  records: [newProgram, revision, reportedProgram],
  totalCount: 3,
  page: 0,
  pageSize: 20,
}

const decidedItem = fn((_id: string, _body: unknown) => ({}))
const decidedRevision = fn((_id: string, _body: unknown) => ({}))

/**
 * Three kinds in the queue: a new program (every field, as it was sent), an edit (the one field it changes, now
 * and proposed) and a reported program (readers' reasons). A rejection needs its reason; a published edit leaves
 * the queue and the decision is said.
 */
export const ModerationQueue: Story = {
  name: "Program moderation queue: a rejection's reason, an edit published",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={{
        // Asked again after each decision: the published edit has left the queue.
        [on(catalogApi.moderationItems)]: () =>
          decidedRevision.mock.calls.length > 0
            ? { ...submissions, records: [newProgram, reportedProgram], totalCount: 2 }
            : submissions,
        [on(catalogApi.decideItem, { id: newProgram.id })]: (body: unknown) =>
          decidedItem(newProgram.id, body),
        [on(catalogApi.decideRevision, { id: revision.id })]: (body: unknown) =>
          decidedRevision(revision.id, body),
      }}
    >
      <Moderation softwareModerationItems={submissions} />
    </Shell>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Program moderation" })).toBeVisible()
    await expect(canvas.getByText("3 programs in the queue")).toBeVisible()

    const item = within(canvas.getByRole("article", { name: "Captcha Harvester" }))
    await expect(item.getByText("New program")).toBeVisible()
    await expect(item.getByRole("table", { name: "What Captcha Harvester changes" })).toBeVisible()
    await expect(item.getByRole("columnheader", { name: "Value" })).toBeVisible()
    await expect(item.getByRole("rowheader", { name: "Summary (English)" })).toBeVisible()
    await expect(item.getByRole("img", { name: "Logo 1" })).toBeVisible()

    const edit = within(canvas.getByRole("article", { name: "Solver Bridge" }))
    await expect(edit.getByRole("columnheader", { name: "Now" })).toBeVisible()
    await expect(edit.getByRole("columnheader", { name: "Proposed" })).toBeVisible()
    await expect(edit.getAllByRole("row")).toHaveLength(2)
    await expect(edit.getByText("A local proxy for 2captcha-compatible programs.")).toBeVisible()
    await expect(edit.queryByRole("button", { name: "Hide" })).toBeNull()

    const report = within(canvas.getByRole("article", { name: "2captcha-python" }))
    await expect(report.queryByRole("table")).toBeNull()
    await expect(report.getByText(/^The install command on the page is out of date\./)).toBeVisible()
    await expect(report.getByText(/^Listed by Manyhands/)).toBeVisible()
    await expect(report.getByRole("button", { name: "Keep it published" })).toBeVisible()

    // A rejection without a reason is not sent.
    await userEvent.click(item.getByRole("button", { name: "Reject…" }))
    const confirm = item.getByRole("button", { name: "Reject it" })
    await userEvent.click(confirm)
    const reason = item.getByRole("textbox", { name: "Why it is rejected" })
    await waitFor(() => expect(reason).toHaveAttribute("aria-invalid", "true"))
    await expect(reason).toHaveAccessibleDescription(
      expect.stringContaining("The author reads it: say what to change. Say why: its author reads it."),
    )
    await expect(decidedItem).not.toHaveBeenCalled()

    await userEvent.click(edit.getByRole("button", { name: "Publish" }))
    await waitFor(() => expect(decidedRevision).toHaveBeenCalledWith("88", { decision: "publish" }))
    // Said in the page's live region.
    const done = await canvas.findByText("The changes to Solver Bridge are published.")
    await expect(done).toBeVisible()
    await expect(done.closest('[role="status"]')).not.toBeNull()
    await expect(await canvas.findByText("2 programs in the queue")).toBeVisible()
    await expect(canvas.queryByRole("article", { name: "Solver Bridge" })).toBeNull()
    await picturesLoaded(canvasElement)
  },
}

/** Nothing waits: said in the queue's place. */
export const ModerationEmpty: Story = {
  name: "Program moderation queue: empty",
  render: () => {
    const empty: ModerationSubmissions = { records: [], totalCount: 0, page: 0, pageSize: 20 }
    return (
      <Shell services={{ user: storyUser }} api={{ [on(catalogApi.moderationItems)]: empty }}>
        <Moderation softwareModerationItems={empty} />
      </Shell>
    )
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Program moderation" })).toBeVisible()
    await expect(canvas.getByText("Nothing to moderate: every program has a decision.")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Review moderation" })).toHaveAttribute(
      "href",
      "/software/moderation/reviews",
    )
    await expect(canvas.queryByRole("article")).toBeNull()
  },
}

// ---------------------------------------------------------------------------------------------------------
// A program's page with pictures, reported by a reader

const pictured: SoftwareItem = {
  ...(fixtures.itemSignedIn as SoftwareItem),
  id: publishedDraft.id,
  slug: publishedDraft.slug,
  name: "Solver Bridge",
  summary: "A local proxy for 2captcha-compatible programs.",
  categories: ["libraries", "scraping"],
  platforms: ["windows", "linux"],
  rating: { average: null, count: 0, weighted: 4.5 },
  usage30d: 42,
  logoUrl: logo.url,
  publishedAt: "2026-09-03T09:00:00.000Z",
  updatedAt: "2026-09-03T09:00:00.000Z",
  descriptionHtml:
    "<p>Solver Bridge listens on <code>localhost:8088</code> and forwards the 2captcha protocol to Manyhands, " +
    "so programs without a host setting use it too.</p>",
  website: "https://github.com/example/solver-bridge",
  softId: 10003,
  listedByManyhands: false,
  author: "Grace Hopper",
  logo,
  screenshots,
  ratingCounts: [0, 0, 0, 0, 0],
  title: "Solver Bridge",
  description: "A local proxy for 2captcha-compatible programs.",
  translations: [{ language: "en", slug: "solver-bridge" }],
}
const noReviews: SoftwareReviews = { records: [], totalCount: 0, page: 0, pageSize: 10 }
const reportedByReader = fn((_body: unknown) => undefined)

/**
 * A program listed by its author, with its logo and two screenshots (one described by its author, one named by
 * the page); another signed-in reader reports it: a reason is needed, then the report is sent and acknowledged.
 */
export const ProgramReported: Story = {
  name: "Program page: logo, screenshots, reported by a reader",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={{
        [`GET ${catalogApi.reviews.url({ slug: pictured.slug })}`]: noReviews,
        [on(catalogApi.reportProgram, { softwareId: pictured.id })]: (body: unknown) =>
          reportedByReader(body),
      }}
    >
      <Program softwareItem={pictured} />
    </Shell>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Solver Bridge" })).toBeVisible()
    await expect(canvas.getByText("Grace Hopper")).toBeVisible()
    await expect(canvas.getByRole("heading", { level: 2, name: "Screenshots" })).toBeVisible()
    await expect(
      canvas.getByRole("link", { name: "The task list with four solved reCAPTCHAs" }),
    ).toHaveAttribute("href", screenshots[0]!.url)
    await expect(canvas.getByRole("img", { name: "Solver Bridge, screenshot 2" })).toBeVisible()
    await expect(canvas.queryByRole("link", { name: "Edit your listing" })).toBeNull()

    await userEvent.click(canvas.getByRole("button", { name: "Report this program" }))
    const reason = canvas.getByRole("textbox", { name: "What is wrong with this program or its listing?" })
    const facts = within(canvas.getByRole("complementary", { name: "About this listing" }))
    await userEvent.click(facts.getByRole("button", { name: "Send the report" }))
    await waitFor(() =>
      expect(reason).toHaveAccessibleDescription(
        expect.stringContaining("Say in a few words what is wrong."),
      ),
    )
    await expect(reportedByReader).not.toHaveBeenCalled()
    await userEvent.type(reason, "The website is a parked domain.")
    await userEvent.click(facts.getByRole("button", { name: "Send the report" }))
    await waitFor(() =>
      expect(reportedByReader).toHaveBeenCalledWith({ reason: "The website is a parked domain." }),
    )
    await expect(
      await canvas.findByText("Thank you: the moderators will look at this program."),
    ).toBeVisible()
    await picturesLoaded(canvasElement)
  },
}
