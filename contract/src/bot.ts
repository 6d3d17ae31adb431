/*
 * The support bot (spec §2 /support/bot, /p/support-bot-threads; §3 the cached kind "OpenAI messages"): it answers
 * a question from our own FAQ, tutorials and API guides — no external AI service. It quotes the passages it found,
 * with links and how sure it is; below BOT_CONFIDENCE_THRESHOLD, or when the asker says it did not help, it offers
 * a support ticket filled in with the conversation. Askers may publish a conversation (without who they are);
 * staff see the questions it could not answer (the FAQ's gaps).
 */
import { Records } from "./common"
import { defineEndpoints, routeDatum } from "./endpoint"
import { SITE_LANGUAGES } from "./languages"
import { DateTime, Nullable, StrictObject, StringEnum, Type, type Static } from "./schema"

export const BOT_QUESTION_MAX_LENGTH = 1000
/** Questions one reader (account or address) may ask an hour (429 RATE_LIMITED beyond). */
export const BOT_QUESTIONS_PER_HOUR = 60
/** Below this the bot says it is not sure and offers a ticket. */
export const BOT_CONFIDENCE_THRESHOLD = 0.4
/** The most passages an answer quotes. */
export const BOT_MAX_PASSAGES = 3
/** Questions a conversation holds. */
export const BOT_THREAD_MAX_MESSAGES = 30
export const BOT_PAGE_SIZE = 20

export const BOT_SOURCES = ["faq", "tutorial", "docs"] as const
export type BotSource = (typeof BOT_SOURCES)[number]

export const BotPassage = Type.Object({
  source: StringEnum(BOT_SOURCES),
  /** The article's title. */
  title: Type.String(),
  /** The section's heading; null: the article's introduction. */
  heading: Nullable(Type.String()),
  /** The page and the section's anchor, within the site (no language prefix). */
  path: Type.String(),
  /** The section's text, shortened to about 600 characters at a sentence's end. */
  quote: Type.String(),
})
export type BotPassage = Static<typeof BotPassage>

export const BotMessage = Type.Object({
  id: Type.String(),
  question: Type.String(),
  passages: Type.Array(BotPassage),
  /** 0–1: how much of the question the best passage covers. */
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  /** false: nothing good enough was found (the page offers a ticket). */
  answered: Type.Boolean(),
  /** What the asker said of the answer; null: nothing yet. */
  helpful: Nullable(Type.Boolean()),
  createdAt: DateTime(),
})
export type BotMessage = Static<typeof BotMessage>

export const BotThread = Type.Object({
  id: Type.String(),
  language: Type.String(),
  published: Type.Boolean(),
  messages: Type.Array(BotMessage),
  createdAt: DateTime(),
})
export type BotThread = Static<typeof BotThread>

export const BotQuestion = StrictObject({
  question: Type.String({ minLength: 1, maxLength: BOT_QUESTION_MAX_LENGTH }),
  language: StringEnum(SITE_LANGUAGES, { description: "The language of the page asked from." }),
  threadId: Type.Optional(
    Type.String({ pattern: "^[0-9]{1,18}$", description: "Continue this conversation; absent: a new one." }),
  ),
})
export type BotQuestion = Static<typeof BotQuestion>

export const BotThreadParams = StrictObject({ id: Type.String({ pattern: "^[0-9]{1,18}$" }) })
export const BotMessageParams = StrictObject({
  id: Type.String({ pattern: "^[0-9]{1,18}$" }),
  messageId: Type.String({ pattern: "^[0-9]{1,18}$" }),
})
export const BotFeedback = StrictObject({ helpful: Type.Boolean() })
export const BotPublish = StrictObject({ published: Type.Boolean() })

/** A published conversation, without who had it. */
export const PublishedBotThread = Type.Object({
  id: Type.String(),
  language: Type.String(),
  messages: Type.Array(
    Type.Object({ question: Type.String(), passages: Type.Array(BotPassage), answered: Type.Boolean() }),
  ),
  publishedAt: DateTime(),
})
export type PublishedBotThread = Static<typeof PublishedBotThread>
export const PublishedBotThreads = Records(PublishedBotThread)
export type PublishedBotThreads = Static<typeof PublishedBotThreads>

/** A question the bot could not answer, or whose answer did not help, with how often it was asked. */
export const BotGap = Type.Object({
  question: Type.String(),
  language: Type.String(),
  asked: Type.Integer(),
  notAnswered: Type.Integer(),
  notHelpful: Type.Integer(),
  lastAskedAt: DateTime(),
  /** The best passage it found, if any. */
  bestPath: Nullable(Type.String()),
})
export type BotGap = Static<typeof BotGap>
export const BotGaps = Type.Object({ items: Type.Array(BotGap), since: DateTime() })
export type BotGaps = Static<typeof BotGaps>

const PageQueryFromZero = StrictObject({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, default: 0, description: "From 0." })),
})

export const botApi = defineEndpoints("support-bot", {
  ask: {
    method: "POST",
    path: "/api/v1/support/bot/questions",
    summary: "Asks the support bot a question (signed in or not); answers with the passages it quotes",
    public: true,
    body: BotQuestion,
    response: { 201: BotThread },
    errors: [
      "CSRF_TOKEN_INVALID",
      "VALIDATION_FAILED",
      "RATE_LIMITED",
      "BOT_THREAD_NOT_FOUND",
      "BOT_THREAD_FULL",
    ],
  },
  thread: {
    method: "GET",
    path: "/api/v1/support/bot/threads/:id",
    summary: "One of the asker's own conversations",
    public: true,
    params: BotThreadParams,
    response: { 200: BotThread },
    errors: ["BOT_THREAD_NOT_FOUND"],
  },
  feedback: {
    method: "POST",
    path: "/api/v1/support/bot/threads/:id/messages/:messageId/feedback",
    summary: "Says whether an answer helped",
    public: true,
    params: BotMessageParams,
    body: BotFeedback,
    response: { 200: BotThread },
    errors: ["CSRF_TOKEN_INVALID", "VALIDATION_FAILED", "BOT_THREAD_NOT_FOUND"],
  },
  publish: {
    method: "POST",
    path: "/api/v1/support/bot/threads/:id/publication",
    summary: "Publishes the conversation on /p/support-bot-threads without who had it, or takes it back",
    public: true,
    params: BotThreadParams,
    body: BotPublish,
    response: { 200: BotThread },
    errors: ["CSRF_TOKEN_INVALID", "VALIDATION_FAILED", "BOT_THREAD_NOT_FOUND"],
  },
  published: {
    method: "GET",
    path: "/api/v1/support/bot/published",
    summary: "Published conversations, newest first",
    public: true,
    querystring: PageQueryFromZero,
    response: { 200: PublishedBotThreads },
  },
  gaps: {
    method: "GET",
    path: "/api/v1/support/bot/gaps",
    summary: "Questions of the last 90 days the bot could not answer or whose answer did not help (staff)",
    response: { 200: BotGaps },
    errors: ["NOT_SIGNED_IN", "FORBIDDEN"],
  },
})

export const botRouteData = {
  botPublished: routeDatum(botApi.published),
}
