import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import {
  type BotGaps,
  type BotMessage,
  type BotThread,
  type PublishedBotThreads,
  botApi,
} from "@manyhands/contract/bot"
import {
  faqApi,
  type ArticleIndex,
  type ArticleList,
  type ArticleSummary,
  type ArticleView,
} from "@manyhands/contract/content"
import { faqVotesApi, type FaqHelpfulness } from "@manyhands/contract/faq"
import type { ShellUser } from "@manyhands/pages"
import { screens } from "@manyhands/pages/support/screens"
import fixtures from "./articles-fixtures.json"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, storyUser, type StoryApi } from "./story-shell"

/*
 * The support self-help screens (pages/src/support/faq-screens.tsx, bot-screen.tsx, bot-threads-screen.tsx): the
 * help centre searched (too short, found, nothing found); the customers' FAQ; an answer voted "not helpful", then
 * "helpful"; the support bot asked twice by a moderator (a good match, then one it is unsure of and a ticket
 * offered), an answer judged, the conversation published, and staff's two reports; the published conversations
 * with a second page loaded.
 */

const [
  { default: HelpIndex },
  { default: FaqCustomers },
  { default: FaqArticle },
  { default: Bot },
  { default: BotThreads },
] = await Promise.all([
  screens.HelpIndex(),
  screens.FaqCustomer(),
  screens.FaqArticle(),
  screens.SupportBot(),
  screens.BotThreads(),
])

const meta = {
  title: "Screens/Help",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

// ---------------------------------------------------------------------------------------------------------
// FAQ answers (articles of kind faq: the first tag is the audience)

const faqAnswer = (
  overrides: Partial<ArticleSummary> & Pick<ArticleSummary, "id" | "slug" | "title" | "description" | "tags">,
): ArticleSummary => ({
  kind: "faq",
  language: "en",
  coverUrl: null,
  author: { name: null },
  publishedAt: "2026-11-02T09:00:00.000Z",
  updatedAt: "2026-11-02T09:00:00.000Z",
  readingMinutes: 2,
  views: 0,
  ...overrides,
})

const refundWrong = faqAnswer({
  id: "31",
  slug: "refund-for-a-wrong-answer",
  title: "How do I get money back for a wrong answer?",
  description:
    "Report the wrong answer with reportbad within 10 minutes: the captcha's price goes back to your balance " +
    "and the worker's accuracy is corrected.",
  tags: ["customer", "refunds"],
  views: 1840,
})
const topUp = faqAnswer({
  id: "32",
  slug: "top-up-the-balance",
  title: "How do I top up my balance?",
  description:
    "Cards, USDT and bank transfers: the least you can pay, the fees, and how fast the money arrives.",
  tags: ["customer", "payments"],
  views: 1512,
})
const refundTopUp = faqAnswer({
  id: "33",
  slug: "refund-a-top-up",
  title: "Can I get an unused top-up refunded?",
  description: "Within 30 days of paying, what you have not spent goes back the way it came, less the fees.",
  tags: ["customer", "refunds"],
  views: 420,
})
const zeroBalance = faqAnswer({
  id: "41",
  slug: "error-zero-balance",
  title: "Why does the API answer ERROR_ZERO_BALANCE?",
  description:
    "Your balance cannot pay for the captcha you sent; a top-up counts the moment it is confirmed.",
  tags: ["developer", "errors"],
  views: 1288,
})
const firstPayout = faqAnswer({
  id: "51",
  slug: "first-payout",
  title: "When can I ask for my first payout?",
  description: "Once you have earned $1 and finished training: payouts go to your wallet within a day.",
  tags: ["worker", "payouts"],
  views: 977,
})

const faqIndex: ArticleIndex = {
  language: "en",
  requestedLanguage: "en",
  total: 14,
  tags: [
    { tag: "customer", count: 5 },
    { tag: "developer", count: 4 },
    { tag: "refunds", count: 3 },
    { tag: "worker", count: 3 },
    { tag: "worker-terms", count: 2 },
  ],
  latest: [refundTopUp, firstPayout],
  popular: [refundWrong, topUp, zeroBalance],
}

const answers = (items: ArticleSummary[], extra: Partial<ArticleList> = {}): ArticleList => ({
  items,
  total: items.length,
  page: 0,
  pageSize: 10,
  language: "en",
  requestedLanguage: "en",
  sort: "relevance",
  q: null,
  tag: null,
  ...extra,
})

/** The FAQ answer's page: the tutorial fixture's shape, with an answer's words. */
const refundArticle: ArticleView = {
  ...(fixtures.tutorial as ArticleView),
  ...refundWrong,
  requestedLanguage: "en",
  html:
    "<p>When a worker's answer is wrong, report it and the captcha is free: its price goes back to your " +
    "balance at once, and the worker's accuracy counts the mistake.</p>\n" +
    '<h2 id="report-it-in-time">Report it in time</h2>\n' +
    "<p>Call <code>res.php?action=reportbad&amp;id=TASK_ID</code> (API v1) or <code>reportIncorrect</code> " +
    "(API v2) within 10 minutes of the answer. Reports after that are refused.</p>\n" +
    '<h2 id="what-we-check">What we check</h2>\n' +
    "<p>Accounts that report more than a third of their answers are reviewed by a person before more " +
    "refunds are made.</p>",
  toc: [
    { depth: 2, id: "report-it-in-time", text: "Report it in time" },
    { depth: 2, id: "what-we-check", text: "What we check" },
  ],
  seoTitle: null,
  seoDescription: null,
  canonical: null,
  outdated: false,
  translations: [
    { language: "en", slug: refundWrong.slug },
    { language: "ru", slug: "vozvrat-za-nevernyj-otvet" },
  ],
  related: [refundTopUp, topUp],
  previous: null,
  next: { slug: topUp.slug, title: topUp.title },
}

// ---------------------------------------------------------------------------------------------------------
// The help centre

/** The address the help centre searches: the site's language, ten answers. */
const searchKey = (q: string) => on(faqApi.list, {}, { q, language: "en", pageSize: 10 })
const searched = fn((q: string) =>
  q === "refund" ? answers([refundWrong, refundTopUp], { q }) : answers([], { q }),
)
const searchApi: StoryApi = Object.fromEntries(
  // "re" is answered too, so the story would see a search the page must not make.
  ["re", "refund", "zzzz"].map((q) => [searchKey(q), () => searched(q)]),
)

/**
 * /support/h: the audiences with their answer counts and the most read answers; two letters are not a search
 * (spec §5), "refund" finds two answers, "zzzz" none.
 */
export const HelpSearch: Story = {
  name: "Help centre: search",
  render: () => (
    <Shell api={searchApi}>
      <HelpIndex faqIndex={faqIndex} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Help centre" })).toBeVisible()
    // The hero's two ways to ask; "Still need help?" repeats them as cards.
    await expect(canvas.getAllByRole("link", { name: "Ask the support bot" })[0]).toHaveAttribute(
      "href",
      "/support/bot",
    )
    await expect(canvas.getAllByRole("link", { name: "Open a ticket" })[0]).toHaveAttribute(
      "href",
      "/support/tickets/new",
    )

    const audiences = within(canvas.getByRole("region", { name: "Answers by who you are" }))
    for (const [name, href, count] of [
      ["Customers", "/support/faq/customer", "5 answers"],
      ["Developers", "/support/faq/developer", "4 answers"],
      ["Workers", "/support/faq/worker", "3 answers"],
      ["Worker terms", "/support/faq/worker-terms", "2 answers"],
    ] as const) {
      await expect(audiences.getByRole("link", { name })).toHaveAttribute("href", href)
      await expect(audiences.getByText(count)).toBeVisible()
    }

    const popular = within(canvas.getByRole("list", { name: "Most read answers" }))
    await expect(popular.getAllByRole("listitem")).toHaveLength(3)
    await expect(popular.getByRole("link", { name: new RegExp(refundWrong.title) })).toHaveAttribute(
      "href",
      "/support/faq/refund-for-a-wrong-answer",
    )

    const search = canvas.getByRole("searchbox", { name: "Search the FAQ" })
    await step("two characters are too few", async () => {
      await userEvent.type(search, "re")
      await expect(await canvas.findByText(/^Type at least 3 characters to search/)).toBeVisible()
      await expect(searched).not.toHaveBeenCalled()
    })

    await step("a search that finds two answers", async () => {
      await userEvent.clear(search)
      await userEvent.type(search, "refund{Enter}")
      await waitFor(() => expect(searched).toHaveBeenLastCalledWith("refund"))
      const results = within(await canvas.findByRole("region", { name: "2 answers for “refund”" }))
      await expect(results.getAllByRole("listitem")).toHaveLength(2)
      await expect(results.getByRole("link", { name: new RegExp(refundTopUp.title) })).toHaveAttribute(
        "href",
        "/support/faq/refund-a-top-up",
      )
      await expect(canvas.queryByText(/^Type at least 3 characters to search/)).toBeNull()
    })

    await step("a search that finds nothing", async () => {
      await userEvent.clear(search)
      await userEvent.type(search, "zzzz{Enter}")
      await waitFor(() => expect(searched).toHaveBeenLastCalledWith("zzzz"))
      await expect(await canvas.findByText("No answer matches")).toBeVisible()
      await expect(canvas.getByRole("heading", { name: "0 answers for “zzzz”" })).toBeVisible()
      await expect(searched).not.toHaveBeenCalledWith("re")
    })
    // Back to the top for the screenshot.
    window.scrollTo(0, 0)
  },
}

// ---------------------------------------------------------------------------------------------------------
// An audience's answers

const customers = answers([refundWrong, topUp, refundTopUp], {
  tag: "customer",
  sort: "popular",
  pageSize: 50,
})

/** /support/faq/customer: its three answers, the other audiences a click away, this one marked as current. */
export const FaqCustomers_: Story = {
  name: "FAQ: customers",
  render: () => (
    <Shell>
      <FaqCustomers faqCustomer={customers} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "FAQ for customers" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Help centre" })).toHaveAttribute("href", "/support/h")

    const sections = within(canvas.getByRole("navigation", { name: "FAQ sections" }))
    await expect(sections.getAllByRole("link")).toHaveLength(4)
    await expect(sections.getByRole("link", { name: "Customers" })).toHaveAttribute("aria-current", "page")
    await expect(sections.getByRole("link", { name: "Developers" })).not.toHaveAttribute("aria-current")
    await expect(sections.getByRole("link", { name: "Worker terms" })).toHaveAttribute(
      "href",
      "/support/faq/worker-terms",
    )

    const list = within(canvas.getByRole("list", { name: "3 answers" }))
    const items = list.getAllByRole("listitem")
    await expect(items).toHaveLength(3)
    for (const [item, answer] of [
      [items[0]!, refundWrong],
      [items[1]!, topUp],
      [items[2]!, refundTopUp],
    ] as const)
      await expect(within(item).getByRole("link", { name: new RegExp(answer.title) })).toHaveAttribute(
        "href",
        `/support/faq/${answer.slug}`,
      )
    await expect(canvas.getByRole("heading", { level: 2, name: "Still need help?" })).toBeVisible()
  },
}

// ---------------------------------------------------------------------------------------------------------
// An answer

const voted = fn((_body: unknown) => undefined)
const viewed = fn((_body: unknown) => undefined)

/**
 * /support/faq/refund-for-a-wrong-answer: the trail through its audience, the text with its contents, and
 * "was this helpful": "No" says sorry and where to ask; "Yes" (a changed vote) thanks.
 */
export const FaqAnswer: Story = {
  name: "FAQ answer: was this helpful",
  render: () => (
    <Shell
      api={{
        [on(faqVotesApi.vote, { id: refundArticle.id })]: (body: unknown) => voted(body),
        [on(faqApi.view, { id: refundArticle.id })]: (body: unknown) => viewed(body),
      }}
    >
      <FaqArticle faqArticle={refundArticle} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: refundWrong.title })).toBeVisible()
    const trail = within(canvas.getByRole("navigation", { name: "You are here" }))
    await expect(trail.getByRole("link", { name: "Help centre" })).toHaveAttribute("href", "/support/h")
    await expect(trail.getByRole("link", { name: "Customers" })).toHaveAttribute(
      "href",
      "/support/faq/customer",
    )
    // The audience tag leads to its page; the other tag leads nowhere.
    const tags = within(canvas.getAllByRole("list", { name: "Tags" })[0]!)
    await expect(tags.getByRole("link", { name: "customer" })).toHaveAttribute(
      "href",
      "/support/faq/customer",
    )
    await expect(tags.queryByRole("link", { name: "refunds" })).toBeNull()
    await expect(tags.getByText("refunds")).toBeVisible()
    await waitFor(() => expect(viewed).toHaveBeenCalledWith({ language: "en" }))

    const vote = within(canvas.getByRole("region", { name: "Was this answer helpful?" }))
    const status = vote.getByRole("status")
    await expect(status).toHaveTextContent("")

    await step("not helpful", async () => {
      await userEvent.click(vote.getByRole("button", { name: "No" }))
      await waitFor(() => expect(voted).toHaveBeenCalledWith({ helpful: false }))
      await waitFor(() => expect(status).toHaveTextContent("Sorry it did not help. Tell us more:"))
      await expect(within(status).getByRole("link", { name: "ask the support bot" })).toHaveAttribute(
        "href",
        "/support/bot",
      )
      await expect(within(status).getByRole("link", { name: "open a ticket" })).toHaveAttribute(
        "href",
        "/support/tickets/new",
      )
      await expect(vote.getByRole("button", { name: "No" })).toHaveAttribute("aria-pressed", "true")
    })

    await step("changed to helpful", async () => {
      await userEvent.click(vote.getByRole("button", { name: "Yes" }))
      await waitFor(() => expect(voted).toHaveBeenLastCalledWith({ helpful: true }))
      await waitFor(() => expect(status).toHaveTextContent("Thank you — your vote is counted."))
      await expect(within(status).queryByRole("link")).toBeNull()
      await expect(vote.getByRole("button", { name: "Yes" })).toHaveAttribute("aria-pressed", "true")
      await expect(vote.getByRole("button", { name: "No" })).toHaveAttribute("aria-pressed", "false")
      await expect(voted).toHaveBeenCalledTimes(2)
    })
    // Screenshot without the clicked button's focus ring (drawn or not as Chromium judged the last input).
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

// ---------------------------------------------------------------------------------------------------------
// The support bot

/** A moderator of the support team: they also see the FAQ's gaps and ratings. */
const moderator: ShellUser = {
  ...storyUser,
  id: "7",
  email: "grace@manyhands.dev",
  profile: { ...storyUser.profile, displayName: "Grace Hopper" },
  permissions: { moderator: true },
}

const refundQuestion = "How do I get my money back for a wrong answer?"
const bankQuestion = "Can I pay by bank transfer from Bhutan?"

const refundMessage: BotMessage = {
  id: "601",
  question: refundQuestion,
  passages: [
    {
      source: "faq",
      title: refundWrong.title,
      heading: "Report it in time",
      path: "/support/faq/refund-for-a-wrong-answer#report-it-in-time",
      quote:
        "Call res.php?action=reportbad&id=TASK_ID (API v1) or reportIncorrect (API v2) within 10 minutes of " +
        "the answer. Reports after that are refused.",
    },
    {
      source: "docs",
      title: "Reporting answers",
      heading: "reportbad",
      path: "/api-docs/reporting#reportbad",
      quote:
        "A report of a wrong answer refunds the captcha's price to your balance and lowers the worker's accuracy.",
    },
  ],
  confidence: 0.72,
  answered: true,
  helpful: null,
  createdAt: "2026-11-30T10:00:00.000Z",
}
const bankMessage: BotMessage = {
  id: "602",
  question: bankQuestion,
  passages: [
    {
      source: "faq",
      title: topUp.title,
      heading: null,
      path: "/support/faq/top-up-the-balance",
      quote:
        "Cards, USDT and bank transfers: the least you can pay, the fees, and how fast the money arrives.",
    },
  ],
  confidence: 0.22,
  answered: false,
  helpful: null,
  createdAt: "2026-11-30T10:01:00.000Z",
}

const thread = (messages: BotMessage[], published = false): BotThread => ({
  id: "501",
  language: "en",
  published,
  messages,
  createdAt: "2026-11-30T10:00:00.000Z",
})

const asked = fn((body: unknown) => {
  const { threadId } = body as { threadId?: string }
  return threadId ? thread([refundMessage, bankMessage]) : thread([refundMessage])
})
const judged = fn((_body: unknown) => thread([{ ...refundMessage, helpful: false }, bankMessage]))
const published = fn((body: unknown) =>
  thread([{ ...refundMessage, helpful: false }, bankMessage], (body as { published: boolean }).published),
)

const gaps: BotGaps = {
  since: "2026-09-01T00:00:00.000Z",
  items: [
    {
      question: "can i pay by bank transfer from bhutan",
      language: "en",
      asked: 4,
      notAnswered: 4,
      notHelpful: 0,
      lastAskedAt: "2026-11-29T16:20:00.000Z",
      bestPath: "/support/faq/top-up-the-balance",
    },
  ],
}
const ratings: FaqHelpfulness = {
  items: [
    {
      id: refundWrong.id,
      key: "refund-wrong-answer",
      title: refundWrong.title,
      audience: "customer",
      helpful: 14,
      notHelpful: 3,
    },
  ],
}

/**
 * /support/bot for a moderator: a question sent with Enter finds two passages (a good match); a second one only
 * a weak one, so the bot says it is unsure and offers a ticket with the conversation. The first answer is judged
 * not helpful (a ticket offered there too) and the conversation published. Below: the FAQ's gaps and ratings.
 */
export const BotAsked: Story = {
  name: "Bot: asked, unsure, ticket offer, staff reports",
  render: () => (
    <Shell
      services={{ user: moderator }}
      api={{
        [on(botApi.ask)]: (body: unknown) => asked(body),
        [on(botApi.thread, { id: "501" })]: thread([refundMessage]),
        [on(botApi.feedback, { id: "501", messageId: refundMessage.id })]: (body: unknown) => judged(body),
        [on(botApi.publish, { id: "501" })]: (body: unknown) => published(body),
        [on(botApi.gaps)]: gaps,
        [on(faqVotesApi.helpfulness)]: ratings,
      }}
    >
      <Bot />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Support bot" })).toBeVisible()
    await expect(canvas.queryByRole("switch")).toBeNull()

    await step("a question, sent with Enter: a good match", async () => {
      await userEvent.type(
        canvas.getByRole("textbox", { name: /^Your question/ }),
        `${refundQuestion}{Enter}`,
      )
      await waitFor(() => expect(asked).toHaveBeenCalledWith({ question: refundQuestion, language: "en" }))
      const conversation = within(canvas.getByRole("region", { name: "The conversation" }))
      const messages = await conversation.findAllByRole("listitem")
      await expect(messages).toHaveLength(1)
      const first = within(messages[0]!)
      await expect(first.getByText(refundQuestion)).toBeVisible()
      await expect(first.getByText("Here is what our pages say:")).toBeVisible()
      await expect(first.getByText("Good match · 72 %")).toBeVisible()
      await expect(first.getAllByRole("figure")).toHaveLength(2)
      await expect(
        first.getByRole("link", { name: `${refundWrong.title} › Report it in time` }),
      ).toHaveAttribute("href", "/support/faq/refund-for-a-wrong-answer#report-it-in-time")
      await expect(first.getByRole("link", { name: "Reporting answers › reportbad" })).toHaveAttribute(
        "href",
        "/api-docs/reporting#reportbad",
      )
      await expect(first.queryByRole("link", { name: "Open a ticket with this conversation" })).toBeNull()
      await expect(canvas.getByRole("textbox", { name: /^Ask another question/ })).toHaveValue("")
    })

    await step("a second question: unsure, a ticket offered", async () => {
      await userEvent.type(
        canvas.getByRole("textbox", { name: /^Ask another question/ }),
        `${bankQuestion}{Enter}`,
      )
      await waitFor(() =>
        expect(asked).toHaveBeenLastCalledWith({ question: bankQuestion, language: "en", threadId: "501" }),
      )
      await expect(await canvas.findByText("I am not sure these answer your question:")).toBeVisible()
      await expect(canvas.getByText("Weak match · 22 %")).toBeVisible()
      const offers = canvas.getAllByRole("link", { name: "Open a ticket with this conversation" })
      await expect(offers).toHaveLength(1)
      await expect(offers[0]).toHaveAttribute("href", "/support/tickets/new?bot=501")
    })

    await step("the first answer did not help", async () => {
      const [firstJudgement] = canvas.getAllByRole("group", { name: "Did this answer your question?" })
      await userEvent.click(within(firstJudgement!).getByRole("button", { name: "No" }))
      await waitFor(() => expect(judged).toHaveBeenCalledWith({ helpful: false }))
      await waitFor(() =>
        expect(within(firstJudgement!).getByRole("button", { name: "No" })).toHaveAttribute(
          "aria-pressed",
          "true",
        ),
      )
      await expect(
        canvas.getAllByRole("link", { name: "Open a ticket with this conversation" }),
      ).toHaveLength(2)
    })

    await step("published", async () => {
      const publish = canvas.getByRole("switch", { name: "Publish this conversation" })
      await expect(publish).not.toBeChecked()
      await userEvent.click(publish)
      await waitFor(() => expect(published).toHaveBeenCalledWith({ published: true }))
      await waitFor(() => expect(publish).toBeChecked())
      await expect(canvas.getByRole("link", { name: "See published conversations" })).toHaveAttribute(
        "href",
        "/p/support-bot-threads",
      )
    })

    await step("staff's reports", async () => {
      await expect(
        canvas.getByRole("heading", { level: 2, name: "For staff: what the bot could not answer" }),
      ).toBeVisible()
      const gapTable = within(canvas.getByRole("table", { name: "Questions without a good answer" }))
      const gap = within(await gapTable.findByRole("row", { name: /can i pay by bank transfer from bhutan/ }))
      await expect(gap.getByRole("link", { name: "/support/faq/top-up-the-balance" })).toHaveAttribute(
        "href",
        "/support/faq/top-up-the-balance",
      )
      await expect(gap.getByText("Nov 29, 2026")).toBeVisible()
      const ratingTable = within(canvas.getByRole("table", { name: "FAQ answers as readers rated them" }))
      const rating = within(await ratingTable.findByRole("row", { name: new RegExp(refundWrong.title) }))
      await expect(rating.getByRole("link", { name: refundWrong.title })).toHaveAttribute(
        "href",
        "/editor/faq/refund-wrong-answer",
      )
      await expect(rating.getByText("Customers")).toBeVisible()
      await expect(rating.getByText("14")).toBeVisible()
      await expect(rating.getByText("3")).toBeVisible()
    })
    // The screenshot is of the conversation, without the clicked switch's focus ring (drawn or not as Chromium
    // judged the last input).
    ;(document.activeElement as HTMLElement | null)?.blur()
    window.scrollTo(0, 0)
  },
}

// ---------------------------------------------------------------------------------------------------------
// Published conversations

const publishedThreads: PublishedBotThreads = {
  records: [
    {
      id: "520",
      language: "en",
      messages: [
        { question: refundQuestion, passages: refundMessage.passages, answered: true },
        { question: bankQuestion, passages: [], answered: false },
      ],
      publishedAt: "2026-11-30T10:05:00.000Z",
    },
    {
      id: "517",
      language: "en",
      messages: [
        {
          question: "Why does the API say ERROR_ZERO_BALANCE right after a top-up?",
          passages: [
            {
              source: "faq",
              title: zeroBalance.title,
              heading: null,
              path: "/support/faq/error-zero-balance",
              quote: zeroBalance.description,
            },
          ],
          answered: true,
        },
      ],
      publishedAt: "2026-11-28T14:30:00.000Z",
    },
  ],
  totalCount: 3,
  page: 0,
  pageSize: 2,
}
const secondPage = fn((): PublishedBotThreads => ({
  records: [
    {
      id: "509",
      language: "en",
      messages: [
        {
          question: "When can I ask for my first payout?",
          passages: [
            {
              source: "faq",
              title: firstPayout.title,
              heading: null,
              path: "/support/faq/first-payout",
              quote: firstPayout.description,
            },
          ],
          answered: true,
        },
      ],
      publishedAt: "2026-11-25T08:00:00.000Z",
    },
  ],
  totalCount: 3,
  page: 1,
  pageSize: 2,
}))

/** /p/support-bot-threads: two conversations (one with a question the bot could not answer), then one more. */
export const PublishedConversations: Story = {
  name: "Published conversations",
  render: () => (
    <Shell api={{ [on(botApi.published, {}, { page: 1 })]: () => secondPage() }}>
      <BotThreads botPublished={publishedThreads} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Published conversations" })).toBeVisible()
    const articles = canvas.getAllByRole("article")
    await expect(articles).toHaveLength(2)
    const first = within(articles[0]!)
    await expect(first.getByRole("heading", { level: 3, name: refundQuestion })).toBeVisible()
    await expect(first.getByText("November 30, 2026")).toBeVisible()
    await expect(first.getByText(bankQuestion)).toBeVisible()
    await expect(first.getByText("I found nothing about this in our pages.")).toBeVisible()
    await expect(within(articles[1]!).getByRole("link", { name: zeroBalance.title })).toHaveAttribute(
      "href",
      "/support/faq/error-zero-balance",
    )

    await userEvent.click(canvas.getByRole("button", { name: "Show more" }))
    await waitFor(() => expect(secondPage).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(canvas.getAllByRole("article")).toHaveLength(3))
    await expect(
      canvas.getByRole("heading", { level: 3, name: "When can I ask for my first payout?" }),
    ).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Show more" })).toBeNull()
  },
}
