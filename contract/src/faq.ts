/*
 * The FAQ (spec §2 /support/faq/{id}, /support/faq/customer|developer|worker|worker-terms, /support/h): answers
 * are articles of the content model, kind `faq` (contract/src/content.ts: faqApi for readers, faqEditorApi for
 * editors, files in server/content/faq/), written in en and ru. An answer's first tag is its audience; an
 * answer's page is /support/faq/{slug}. Readers say whether an answer helped; staff see the tally.
 */
import { contentLanguage, faqApi } from "./content"
import { defineEndpoints, routeDatum } from "./endpoint"
import { NoContent, StrictObject, StringEnum, Type, type Static } from "./schema"

/** The audiences, in the order the help index shows them; each has its page /support/faq/{audience}. */
export const FAQ_AUDIENCES = ["customer", "developer", "worker", "worker-terms"] as const
export type FaqAudience = (typeof FAQ_AUDIENCES)[number]

/** The tag of the answers the play-and-earn hub's FAQ lists (their first tag is still their audience, worker). */
export const PLAY_FAQ_TAG = "play-and-earn"

/** An audience's page. */
export const faqAudiencePath = (audience: FaqAudience) => `/support/faq/${audience}`

/** The most answers an audience has (its page shows them all). */
export const FAQ_AUDIENCE_PAGE_SIZE = 50

/** An answer's audience: its first tag, when that names one. */
export function faqAudienceOf(tags: readonly string[]): FaqAudience | null {
  const first = tags[0]
  return (FAQ_AUDIENCES as readonly string[]).includes(first ?? "") ? (first as FaqAudience) : null
}

export const FaqVote = StrictObject({
  helpful: Type.Boolean({ description: "true: the answer helped; false: it did not." }),
})
export type FaqVote = Static<typeof FaqVote>

export const FaqVoteParams = StrictObject({ id: Type.String({ pattern: "^[0-9]{1,18}$" }) })

export const FaqHelpfulness = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.String(),
      key: Type.String(),
      title: Type.String(),
      audience: Type.Union([StringEnum(FAQ_AUDIENCES), Type.Null()]),
      helpful: Type.Integer(),
      notHelpful: Type.Integer(),
    }),
  ),
})
export type FaqHelpfulness = Static<typeof FaqHelpfulness>

export const faqVotesApi = defineEndpoints("faq-votes", {
  vote: {
    method: "POST",
    path: "/api/v1/faq/:id/helpful",
    summary: "Says whether an FAQ answer helped (one vote per reader; voting again changes it)",
    public: true,
    params: FaqVoteParams,
    body: FaqVote,
    response: { 204: NoContent("Stored.") },
    errors: ["CSRF_TOKEN_INVALID", "VALIDATION_FAILED", "ARTICLE_NOT_FOUND", "RATE_LIMITED"],
  },
  helpfulness: {
    method: "GET",
    path: "/api/v1/editor/faq/helpfulness",
    summary: "Every FAQ answer with its votes, least helpful first (staff)",
    response: { 200: FaqHelpfulness },
    errors: ["NOT_SIGNED_IN", "FORBIDDEN"],
  },
})

const faqLanguage = (language: string | undefined) => contentLanguage("faq", language)

/** The answers of one audience, in the site's language (en where it has none). */
const audienceDatum = (audience: FaqAudience) =>
  routeDatum(faqApi.list, (params) =>
    faqApi.list.url(
      {},
      {
        language: faqLanguage(params.language),
        tag: audience,
        pageSize: FAQ_AUDIENCE_PAGE_SIZE,
        sort: "popular",
      },
    ),
  )

/** Route data (app/routes/support.json). */
export const faqRouteData = {
  faqIndex: routeDatum(faqApi.index, (params) =>
    faqApi.index.url({}, { language: faqLanguage(params.language) }),
  ),
  faqCustomer: audienceDatum("customer"),
  faqDeveloper: audienceDatum("developer"),
  faqWorker: audienceDatum("worker"),
  faqWorkerTerms: audienceDatum("worker-terms"),
  // The play-and-earn hub's FAQ (/play-and-earn/faq): worker answers that also carry this tag.
  faqPlay: routeDatum(faqApi.list, (params) =>
    faqApi.list.url(
      {},
      {
        language: faqLanguage(params.language),
        tag: PLAY_FAQ_TAG,
        pageSize: FAQ_AUDIENCE_PAGE_SIZE,
        sort: "popular",
      },
    ),
  ),
  faqArticle: routeDatum(faqApi.bySlug, (params) =>
    faqApi.bySlug.url({ slug: params.slug ?? "" }, { language: faqLanguage(params.language) }),
  ),
  faqHelpfulness: routeDatum(faqVotesApi.helpfulness),
}
