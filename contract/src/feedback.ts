/*
 * Feedback (spec §2 /p/service-feedback, /p/proxy-feedback; §3 the cached kind "feedback"): anyone may rate the
 * service or the proxies and say why, with a way to reach them if they wish; staff (administrators and
 * moderators) read it, with the average rating, on the same pages.
 */
import { Records } from "./common"
import { defineEndpoints } from "./endpoint"
import { DateTime, Nullable, StrictObject, StringEnum, Type, type Static } from "./schema"

export const FEEDBACK_TOPICS = ["service", "proxy"] as const
export type FeedbackTopic = (typeof FEEDBACK_TOPICS)[number]
export const FEEDBACK_MIN_LENGTH = 10
export const FEEDBACK_MAX_LENGTH = 4000
export const FEEDBACK_CONTACT_MAX_LENGTH = 200
/** Feedback one address (or account) may send an hour (429 RATE_LIMITED beyond). */
export const FEEDBACK_PER_HOUR = 5
export const FEEDBACK_PAGE_SIZE = 20

export const NewFeedback = StrictObject({
  topic: StringEnum(FEEDBACK_TOPICS),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  body: Type.String({ minLength: 1, maxLength: FEEDBACK_MAX_LENGTH }),
  contact: Type.Optional(
    Type.String({
      maxLength: FEEDBACK_CONTACT_MAX_LENGTH,
      description: "How to reach the writer (an address, a messenger name); optional.",
    }),
  ),
})
export type NewFeedback = Static<typeof NewFeedback>

export const FeedbackReceipt = Type.Object({ id: Type.String(), createdAt: DateTime() })

export const FeedbackEntry = Type.Object({
  id: Type.String(),
  topic: StringEnum(FEEDBACK_TOPICS),
  rating: Type.Integer(),
  body: Type.String(),
  contact: Nullable(Type.String()),
  /** The signed-in account that sent it, if any. */
  account: Nullable(Type.Object({ id: Type.String(), email: Type.String() })),
  language: Type.String(),
  createdAt: DateTime(),
})
export type FeedbackEntry = Static<typeof FeedbackEntry>

export const FeedbackList = Records(FeedbackEntry, {
  /** Of every entry on the topic: the mean rating (null: none) and how many gave each of 1–5. */
  average: Nullable(Type.Number()),
  ratingCounts: Type.Array(Type.Integer(), { minItems: 5, maxItems: 5 }),
})
export type FeedbackList = Static<typeof FeedbackList>

export const FeedbackListQuery = StrictObject({
  topic: StringEnum(FEEDBACK_TOPICS),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, default: 0, description: "From 0." })),
})

export const feedbackApi = defineEndpoints("feedback", {
  send: {
    method: "POST",
    path: "/api/v1/feedback",
    summary: "Sends feedback on the service or the proxies (signed in or not)",
    public: true,
    body: NewFeedback,
    response: { 201: FeedbackReceipt },
    errors: ["CSRF_TOKEN_INVALID", "VALIDATION_FAILED", "RATE_LIMITED"],
  },
  list: {
    method: "GET",
    path: "/api/v1/feedback",
    summary: "The feedback on a topic, newest first, with its average rating (staff)",
    querystring: FeedbackListQuery,
    response: { 200: FeedbackList },
    errors: ["NOT_SIGNED_IN", "FORBIDDEN"],
  },
})
