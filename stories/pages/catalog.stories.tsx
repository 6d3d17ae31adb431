import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import {
  catalogApi,
  type ModerationReviews,
  type SoftwareCategories,
  type SoftwareItem,
  type SoftwareList,
  type SoftwareReview,
  type SoftwareReviews,
  type SoftwareStatistics,
} from "@manyhands/contract/catalog"
import { screens } from "@manyhands/pages/catalog/screens"
import fixtures from "./catalog-fixtures.json"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, refusal, storyUser, type StoryApi } from "./story-shell"

/*
 * The software catalogue (pages/src/catalog) with answers our server gave (catalog-fixtures.json: the seeded
 * programs, three reviews and a week of tasks through 2captcha-python's soft_id): the list and its search states;
 * a program signed out and signed in, a review sent and one refused; the usage statistics over two windows; a
 * program that does not exist; the list on a phone.
 */

const [{ default: List }, { default: Program }, { default: Statistics }, { default: Moderation }] =
  await Promise.all([
    screens.SoftwareList(),
    screens.Software(),
    screens.SoftwareStatistics(),
    screens.SoftwareModerationReviews(),
  ])

const meta = {
  title: "Screens/Software catalogue",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const categories = fixtures.categories as SoftwareCategories
const list = fixtures.list as SoftwareList
const item = fixtures.item as SoftwareItem
const reviews = fixtures.reviews as SoftwareReviews
const statistics = fixtures.statistics as SoftwareStatistics
const listUrl = (query: Record<string, string | number> = {}) =>
  `GET ${catalogApi.list.url({}, { language: "en", ...query })}`

const listApi: StoryApi = {
  [listUrl()]: list,
  [listUrl({ text: "puppeteer" })]: fixtures.listSearch,
  [listUrl({ text: "zzzzzz" })]: fixtures.listEmpty,
  [listUrl({ categories: "libraries" })]: {
    ...list,
    records: list.records.filter((record) => record.categories.includes("libraries")),
    totalCount: list.records.filter((record) => record.categories.includes("libraries")).length,
  },
  [listUrl({ page: 1 })]: { ...list, records: list.records.slice(12), page: 1 },
}

/** /software: every category with its count, the programs relevant first, twelve a page. */
export const Catalogue: Story = {
  name: "Software list",
  render: () => (
    <Shell api={listApi}>
      <List softwareCategories={categories} softwareList={list} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole("heading", { level: 1, name: "Software that works with Manyhands" }),
    ).toBeVisible()
    await expect(canvas.getByText("16 programs")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "2captcha-python" })).toHaveAttribute(
      "href",
      "/software/2captcha-python",
    )
    await expect(canvas.getByRole("navigation", { name: "Pages of programs" })).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: /^Client libraries/ }))
    await waitFor(() => expect(canvas.getByText("5 programs")).toBeVisible())
    await expect(canvas.getByRole("button", { name: /^Client libraries/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    )
    await expect(canvas.getByRole("link", { name: "2captcha-go" })).toBeVisible()
  },
}

/** The text filter: fewer than 3 characters says so, a word finds, nothing found offers to clear the filters. */
export const Search: Story = {
  name: "Software list: search states",
  render: () => (
    <Shell api={listApi}>
      <List softwareCategories={categories} softwareList={list} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    const search = canvas.getByRole("searchbox", { name: "Search programs" })
    await userEvent.type(search, "pu")
    await waitFor(() => expect(canvas.getByText("Type at least 3 characters to search.")).toBeVisible())
    await userEvent.type(search, "ppeteer{Enter}")
    await waitFor(() => expect(canvas.getByText("3 programs for “puppeteer”")).toBeVisible())
    await userEvent.clear(search)
    await userEvent.type(search, "zzzzzz{Enter}")
    await waitFor(() => expect(canvas.getByText("No program matches")).toBeVisible())
    await userEvent.click(canvas.getByRole("button", { name: "Clear the filters" }))
    await waitFor(() => expect(canvas.getByText("16 programs")).toBeVisible())
  },
}

const itemApi = (extra: StoryApi = {}): StoryApi => ({
  [`GET ${catalogApi.reviews.url({ slug: item.slug })}`]: reviews,
  ...extra,
})

/** A program signed out: the description, facts, the rating's spread and the reviews (verified, an answer). */
export const ProgramPage: Story = {
  name: "Program page, signed out",
  render: () => (
    <Shell api={itemApi()}>
      <Program softwareItem={item} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "2captcha-python" })).toBeVisible()
    await expect(canvas.getByRole("heading", { level: 2, name: "Connecting to Manyhands" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Usage statistics" })).toHaveAttribute(
      "href",
      "/software/statistic/2captcha-python",
    )
    await waitFor(() => expect(canvas.getAllByText("Verified usage")).toHaveLength(2))
    await expect(canvas.getByText("The author's answer")).toBeVisible()
    await expect(canvas.getByText("Sign in to write a review.")).toBeVisible()
  },
}

const sentReview = fn((body: unknown) => {
  const { rating, body: text } = body as { rating: number; body: string }
  return {
    id: "77",
    rating,
    body: text,
    author: "Ada Lovelace",
    verifiedUsage: true,
    status: "pending",
    createdAt: "2026-11-30T10:00:00.000Z",
    reply: null,
    rejectReason: null,
  } satisfies SoftwareReview
})

/** Signed in: the form says what is missing, then sends; the review shows as waiting for moderation. */
export const WriteReview: Story = {
  name: "Program page: a review written and sent",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={itemApi({ [on(catalogApi.review, { softwareId: item.id })]: (body: unknown) => sentReview(body) })}
    >
      <Program softwareItem={fixtures.itemSignedIn as SoftwareItem} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    const form = canvas.getByRole("form", { name: "Write a review" })
    await userEvent.click(within(form).getByRole("button", { name: "Send the review" }))
    await expect(await within(form).findByText("Choose a rating from 1 to 5 stars.")).toBeVisible()
    await expect(within(form).getByText("Write at least 20 characters.")).toBeVisible()
    await expect(sentReview).not.toHaveBeenCalled()
    await userEvent.click(within(form).getByRole("radio", { name: /^Very good/ }))
    await userEvent.type(
      within(form).getByRole("textbox", { name: "Your review" }),
      "Set the server option and it just worked with my old code.",
    )
    await userEvent.click(within(form).getByRole("button", { name: "Send the review" }))
    await waitFor(() =>
      expect(sentReview).toHaveBeenCalledWith({
        softwareId: item.id,
        rating: 4,
        body: "Set the server option and it just worked with my old code.",
      }),
    )
    await expect(
      await canvas.findByText(
        "Your review is waiting for moderation. It appears here once a moderator publishes it.",
      ),
    ).toBeVisible()
    await expect(canvas.getByText("Waiting for moderation")).toBeVisible()
  },
}

/** A refused review (already written from another tab): the reason by the form, the list as it was. */
export const ReviewRefused: Story = {
  name: "Program page: a review refused",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={itemApi({
        [on(catalogApi.review, { softwareId: item.id })]: () => {
          throw refusal("You have already reviewed this program.", "REVIEW_EXISTS", 409)
        },
      })}
    >
      <Program softwareItem={fixtures.itemSignedIn as SoftwareItem} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    const form = canvas.getByRole("form", { name: "Write a review" })
    await userEvent.click(within(form).getByRole("radio", { name: /^Excellent/ }))
    await userEvent.type(
      within(form).getByRole("textbox", { name: "Your review" }),
      "Works well with async code too.",
    )
    await userEvent.click(within(form).getByRole("button", { name: "Send the review" }))
    await expect(await within(form).findByText("You have already reviewed this program.")).toBeVisible()
    await expect(canvas.queryByText("Waiting for moderation")).toBeNull()
  },
}

/** An address with no program. */
export const NotFound: Story = {
  name: "No such program",
  render: () => (
    <Shell>
      <Program />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "No such program" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "All programs" })).toHaveAttribute("href", "/software")
  },
}

const month = {
  ...statistics,
  dateFrom: "2026-11-01",
  days: [
    ...Array.from({ length: 23 }, (_, index) => ({
      date: `2026-11-${String(index + 1).padStart(2, "0")}`,
      tasks: 0,
      solved: 0,
      unsolvable: 0,
      medianSolveSeconds: null,
    })),
    ...statistics.days,
  ],
}

/** The usage of the last 7 days, then of 30: totals, tasks per day (with its table), captcha types. */
export const Usage: Story = {
  name: "Usage statistics: 7 and 30 days",
  render: () => (
    <Shell
      api={{
        [`GET ${catalogApi.statistics.url({ slug: item.slug }, { dateFrom: "2026-11-01", dateTo: statistics.dateTo })}`]:
          month,
      }}
    >
      <Statistics softwareStatistics={statistics} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Usage of 2captcha-python" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Last 7 days" })).toHaveAttribute("aria-pressed", "true")
    await expect(canvas.getByText("130")).toBeVisible()
    await expect(canvas.getByRole("table", { name: "Captcha types" })).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Last 30 days" }))
    await waitFor(() => expect(canvas.getByText(/^From November 1, 2026/)).toBeVisible())
  },
}

/** The list on a phone: categories wrap, cards stack, no sideways scroll. */
export const CatalogueOnPhone: Story = {
  name: "Software list on a phone",
  globals: { viewport: { value: "mobile" } },
  render: () => (
    <Shell api={listApi}>
      <List softwareCategories={categories} softwareList={list} />
    </Shell>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth + 1)
  },
}

const reported = fn((_body: unknown) => undefined)
const answered = fn((body: unknown) => ({
  ...reviews.records[0]!,
  reply: { body: (body as { body: string }).body, at: "2026-11-30T10:00:00.000Z" },
}))

/** Signed in, a reader reports someone's review with a reason; the program's author answers one instead. */
export const ReportAndAnswer: Story = {
  name: "Program page: a review reported, and answered by the author",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={itemApi({
        [on(catalogApi.report, { softwareId: item.id, id: reviews.records[0]!.id })]: (body: unknown) =>
          reported(body),
      })}
    >
      <Program softwareItem={fixtures.itemSignedIn as SoftwareItem} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    const [first] = await canvas.findAllByRole("button", { name: "Report" })
    await userEvent.click(first!)
    await userEvent.click(canvas.getByRole("button", { name: "Send the report" }))
    await expect(await canvas.findByText("Say in a few words what is wrong.")).toBeVisible()
    await userEvent.type(
      canvas.getByRole("textbox", { name: "What is wrong with this review?" }),
      "Looks paid for.",
    )
    await userEvent.click(canvas.getByRole("button", { name: "Send the report" }))
    await waitFor(() => expect(reported).toHaveBeenCalledWith({ reason: "Looks paid for." }))
    await expect(await canvas.findByText("Thank you: a moderator will look at this review.")).toBeVisible()
  },
}

export const AuthorAnswers: Story = {
  name: "Program page: the author answers a review",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={itemApi({
        [on(catalogApi.reply, { softwareId: item.id, id: reviews.records[0]!.id })]: (body: unknown) =>
          answered(body),
      })}
    >
      <Program
        softwareItem={{
          ...(fixtures.itemSignedIn as SoftwareItem),
          canReview: false,
          isAuthor: true,
          listedByManyhands: false,
          author: "Ada Lovelace",
        }}
      />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText("This is your program: authors do not review their own listings."),
    ).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Report" })).toBeNull()
    // Two reviews have no answer yet; the third has one.
    const buttons = await canvas.findAllByRole("button", { name: "Answer" })
    await expect(buttons).toHaveLength(2)
    await userEvent.click(buttons[0]!)
    await userEvent.type(
      canvas.getByRole("textbox", { name: "Your answer as the program's author" }),
      "Thank you!",
    )
    await userEvent.click(canvas.getByRole("button", { name: "Publish the answer" }))
    await waitFor(() => expect(answered).toHaveBeenCalledWith({ body: "Thank you!" }))
    await expect(await canvas.findByText("Your answer is published.")).toBeVisible()
  },
}

const queue: ModerationReviews = {
  records: [
    {
      review: {
        id: "501",
        rating: 5,
        body: "Best tool ever, five stars, everyone should buy it right now!",
        author: null,
        verifiedUsage: false,
        status: "pending",
        createdAt: "2026-11-28T08:00:00.000Z",
        reply: null,
        rejectReason: null,
      },
      program: { id: item.id, slug: item.slug, name: item.name },
      reviewer: {
        id: "9001",
        email: "fresh@example.com",
        displayName: null,
        registeredAt: "2026-11-27T20:00:00.000Z",
      },
      flags: ["NEW_ACCOUNT", "SAME_IP_AS_AUTHOR", "NO_USAGE"],
      reports: [],
    },
    {
      review: { ...reviews.records[1]!, status: "published" },
      program: { id: item.id, slug: item.slug, name: item.name },
      reviewer: {
        id: "9002",
        email: "mia@example.com",
        displayName: "Mia",
        registeredAt: "2026-02-01T10:00:00.000Z",
      },
      flags: ["REPORTED"],
      reports: [{ reason: "Mentions a competitor's price.", at: "2026-11-29T12:00:00.000Z" }],
    },
  ],
  totalCount: 2,
  page: 0,
  pageSize: 20,
}
const decided = fn((_id: string, _body: unknown) => ({ ...queue.records[0]!.review, status: "published" }))

/** The moderators' queue: flags with their reasons, a report; a rejection needs its reason; a decision is said. */
export const ModerationQueue: Story = {
  name: "Review moderation queue",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={{
        [on(catalogApi.moderationReviews)]: queue,
        [on(catalogApi.decideReview, { id: "501" })]: (body: unknown) => decided("501", body),
        [on(catalogApi.decideReview, { id: reviews.records[1]!.id })]: (body: unknown) =>
          decided(reviews.records[1]!.id, body),
      }}
    >
      <Moderation softwareModerationReviews={queue} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("2 reviews in the queue")).toBeVisible()
    await expect(canvas.getByText("The account is less than 7 days old.")).toBeVisible()
    await expect(canvas.getByText(/^Mentions a competitor's price\./)).toBeVisible()
    const [reject] = canvas.getAllByRole("button", { name: "Reject…" })
    await userEvent.click(reject!)
    await userEvent.click(canvas.getByRole("button", { name: "Reject the review" }))
    await expect(await canvas.findByText("Say why the review is rejected.")).toBeVisible()
    await expect(decided).not.toHaveBeenCalled()
    await userEvent.type(canvas.getByRole("textbox", { name: "Why it is rejected" }), "Advertising.")
    await userEvent.click(canvas.getByRole("button", { name: "Reject the review" }))
    await waitFor(() =>
      expect(decided).toHaveBeenCalledWith("501", { decision: "reject", reason: "Advertising." }),
    )
    await expect(
      await canvas.findByText("The review of 2captcha-python is rejected; its writer sees your reason."),
    ).toBeVisible()
  },
}
