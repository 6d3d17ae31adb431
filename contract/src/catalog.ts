/*
 * The software catalogue (spec §2 /software, /software/{slug}, /software/statistic/{slug}; §3 the list answers
 * `records` and `totalCount`, a review is created with `softwareId` and a body; §5 text search from 3 characters;
 * §7 /api/v1/catalog/…, /api/v2/software/statistics/{slug}/public; §9 pages from 0, sorting `relevant` by
 * default). Programs that work with the Manyhands API, their reviews, and their public usage through `soft_id`.
 */
import { PICTURE_UPLOAD_DESCRIPTION, PICTURE_UPLOAD_ERRORS, Picture, PictureUploadBody } from "./attachments"
import { Records } from "./common"
import { defineEndpoints, routeDatum } from "./endpoint"
import { DateTime, NoContent, Nullable, StrictObject, StringEnum, Type, type Static } from "./schema"

/** The catalogue is written in English and Russian (spec §2); other languages read English. */
export const CATALOG_LANGUAGES = ["en", "ru"] as const
export type CatalogLanguage = (typeof CATALOG_LANGUAGES)[number]
export const catalogLanguage = (language: string | undefined): CatalogLanguage =>
  language === "ru" ? "ru" : "en"

/**
 * relevant (the default): the best match of `text` first, else the best-rated and most used; popular: most tasks
 * through the program's soft_id in the last 30 days; rating: Bayesian average (few ratings pull towards the
 * catalogue's mean); new: latest published; updated: latest changed.
 */
export const SOFTWARE_SORTINGS = ["relevant", "popular", "rating", "new", "updated"] as const
export type SoftwareSorting = (typeof SOFTWARE_SORTINGS)[number]

export const SOFTWARE_PRICING = ["free", "freemium", "paid", "open-source"] as const
export const SOFTWARE_PLATFORMS = [
  "windows",
  "macos",
  "linux",
  "android",
  "ios",
  "web",
  "chrome",
  "firefox",
  "edge",
] as const
export const SOFTWARE_STATUSES = ["draft", "pending", "published", "rejected", "hidden"] as const

/** Spec §5: text search only from 3 characters (fewer: 400 SEARCH_TOO_SHORT). */
export const CATALOG_SEARCH_MIN_LENGTH = 3
export const CATALOG_SEARCH_MAX_LENGTH = 100
/** Programs per page of the list; reviews per page. */
export const CATALOG_PAGE_SIZE = 12
export const REVIEWS_PAGE_SIZE = 10
/** A review's text, in characters. */
export const REVIEW_MIN_LENGTH = 20
export const REVIEW_MAX_LENGTH = 4000
/** The Bayesian average's weight: as many ratings of the catalogue's mean as this are added to each program's. */
export const RATING_PRIOR_WEIGHT = 10
/** The public statistics' default window (days, today included) and the longest one. */
export const STATISTICS_DEFAULT_DAYS = 7
export const STATISTICS_MAX_DAYS = 92

const Slug = Type.String({ minLength: 1, maxLength: 100 })
const IdString = Type.String({ pattern: "^[1-9][0-9]{0,17}$", description: "A decimal id." })
const LanguageQuery = {
  language: Type.Optional(
    Type.String({ pattern: "^[a-z]{2}$", description: "en or ru (others read en; default: the site's)." }),
  ),
}

export const SoftwareCategory = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  /** Published programs in it. */
  count: Type.Integer(),
})
export type SoftwareCategory = Static<typeof SoftwareCategory>

export const SoftwareCategories = Type.Object({ categories: Type.Array(SoftwareCategory) })
export type SoftwareCategories = Static<typeof SoftwareCategories>

export const SoftwareRating = Type.Object({
  /** The mean of published reviews (null: none yet). */
  average: Nullable(Type.Number()),
  count: Type.Integer(),
  /** The Bayesian average the rating sort uses. */
  weighted: Type.Number(),
})

/** A program in the list. */
export const SoftwareSummary = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  summary: Type.String(),
  categories: Type.Array(Type.String()),
  platforms: Type.Array(StringEnum(SOFTWARE_PLATFORMS)),
  pricing: StringEnum(SOFTWARE_PRICING),
  rating: SoftwareRating,
  /** Tasks sent with the program's soft_id in the last 30 days. */
  usage30d: Type.Integer(),
  /** The logo's smallest copy (a /media/ path), or null. */
  logoUrl: Nullable(Type.String()),
  publishedAt: Nullable(DateTime()),
  updatedAt: DateTime(),
})
export type SoftwareSummary = Static<typeof SoftwareSummary>

export const SoftwareListQuery = StrictObject({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, default: 0, description: "From 0." })),
  sorting: Type.Optional(StringEnum(SOFTWARE_SORTINGS, { description: "Default: relevant." })),
  categories: Type.Optional(
    Type.String({
      maxLength: 300,
      pattern: "^[a-z0-9-]+(,[a-z0-9-]+)*$",
      description: "Category slugs, comma-separated: programs in any of them.",
    }),
  ),
  text: Type.Optional(
    Type.String({
      maxLength: CATALOG_SEARCH_MAX_LENGTH,
      description:
        "Words in the name, summary or description; at least 3 characters (fewer: 400 SEARCH_TOO_SHORT).",
    }),
  ),
  ...LanguageQuery,
})
export type SoftwareListQuery = Static<typeof SoftwareListQuery>

export const SoftwareList = Records(SoftwareSummary, { sorting: StringEnum(SOFTWARE_SORTINGS) })
export type SoftwareList = Static<typeof SoftwareList>

export const SoftwareReviewReply = Type.Object({ body: Type.String(), at: DateTime() })

export const SoftwareReview = Type.Object({
  id: Type.String(),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  body: Type.String(),
  /** The reviewer's display name (null: shown as a Manyhands user). */
  author: Nullable(Type.String()),
  /** The reviewer's account sent tasks with the program's soft_id. */
  verifiedUsage: Type.Boolean(),
  status: StringEnum(["pending", "published", "rejected", "hidden"]),
  createdAt: DateTime(),
  /** The program's author's answer. */
  reply: Nullable(SoftwareReviewReply),
  /** A rejected review: the moderator's reason, for its writer. */
  rejectReason: Nullable(Type.String()),
})
export type SoftwareReview = Static<typeof SoftwareReview>

/** A logo or screenshot: a picture of the content platform's attachment store, as WebP copies. */
export const SoftwarePicture = Picture
export type SoftwarePicture = Picture

/** One program's page. */
export const SoftwareItem = Type.Object({
  ...SoftwareSummary.properties,
  /** The description, rendered from its Markdown (sanitised HTML). */
  descriptionHtml: Type.String(),
  website: Nullable(Type.String()),
  /** The 2captcha protocol's developer id: requests sent with it count as this program's usage. */
  softId: Nullable(Type.Integer()),
  /** The program was listed by Manyhands itself (no author's account). */
  listedByManyhands: Type.Boolean(),
  /** The author's display name; null when listed by Manyhands or when the author has not set one. */
  author: Nullable(Type.String()),
  logo: Nullable(SoftwarePicture),
  screenshots: Type.Array(SoftwarePicture),
  language: StringEnum(CATALOG_LANGUAGES),
  /** The signed-in reader's own review (any status), and whether they may write one now. */
  myReview: Nullable(SoftwareReview),
  canReview: Type.Boolean(),
  /** The signed-in reader is the program's author (they answer reviews). */
  isAuthor: Type.Boolean(),
  /** Ratings 1–5: how many published reviews gave each. */
  ratingCounts: Type.Array(Type.Integer(), { minItems: 5, maxItems: 5 }),
  /** The page's document (app/src/head.ts): its title and description, and the languages it is written in. */
  title: Type.String(),
  description: Type.String(),
  translations: Type.Array(Type.Object({ language: StringEnum(CATALOG_LANGUAGES), slug: Type.String() })),
})
export type SoftwareItem = Static<typeof SoftwareItem>

export const SoftwareSlugParams = StrictObject({ slug: Slug })
export const SoftwareIdParams = StrictObject({ softwareId: IdString })

export const SoftwareItemQuery = StrictObject(LanguageQuery)

export const SoftwareReviewsQuery = StrictObject({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, default: 0, description: "From 0." })),
})

export const SoftwareReviews = Records(SoftwareReview)
export type SoftwareReviews = Static<typeof SoftwareReviews>

export const NewSoftwareReview = StrictObject({
  softwareId: IdString,
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  body: Type.String({ minLength: REVIEW_MIN_LENGTH, maxLength: REVIEW_MAX_LENGTH }),
})
export type NewSoftwareReview = Static<typeof NewSoftwareReview>

export const SoftwareStatisticsQuery = StrictObject({
  dateFrom: Type.Optional(
    Type.String({ format: "date", description: "First day (UTC); default: 6 days ago." }),
  ),
  dateTo: Type.Optional(
    Type.String({ format: "date", description: "Last day (UTC), included; default: today." }),
  ),
})
export type SoftwareStatisticsQuery = Static<typeof SoftwareStatisticsQuery>

const UsageFigures = {
  tasks: Type.Integer(),
  solved: Type.Integer(),
  unsolvable: Type.Integer(),
}

export const SoftwareStatistics = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  dateFrom: Type.String({ format: "date" }),
  dateTo: Type.String({ format: "date" }),
  totals: Type.Object({
    ...UsageFigures,
    customers: Type.Integer({ description: "Accounts that sent tasks with the soft_id." }),
    medianSolveSeconds: Nullable(Type.Number()),
  }),
  days: Type.Array(
    Type.Object({
      date: Type.String({ format: "date" }),
      ...UsageFigures,
      medianSolveSeconds: Nullable(Type.Number()),
    }),
  ),
  types: Type.Array(Type.Object({ type: Type.String(), ...UsageFigures })),
})
export type SoftwareStatistics = Static<typeof SoftwareStatistics>

/** Why a review is in the moderation queue (besides waiting for its first decision). */
export const REVIEW_FLAGS = [
  "NEW_ACCOUNT",
  "SAME_IP_AS_AUTHOR",
  "BURST",
  "NEAR_DUPLICATE",
  "NO_USAGE",
  "REPORTED",
] as const
export type ReviewFlag = (typeof REVIEW_FLAGS)[number]
export const MODERATION_DECISIONS = ["publish", "reject", "hide"] as const
export const MODERATION_PAGE_SIZE = 20

export const ModerationReview = Type.Object({
  review: SoftwareReview,
  program: Type.Object({ id: Type.String(), slug: Type.String(), name: Type.String() }),
  reviewer: Type.Object({
    id: Type.String(),
    email: Type.String(),
    displayName: Nullable(Type.String()),
    registeredAt: DateTime(),
  }),
  flags: Type.Array(StringEnum(REVIEW_FLAGS)),
  /** Readers' open reports of it: why they reported it. */
  reports: Type.Array(Type.Object({ reason: Type.String(), at: DateTime() })),
})
export type ModerationReview = Static<typeof ModerationReview>

export const ModerationReviews = Records(ModerationReview)
export type ModerationReviews = Static<typeof ModerationReviews>

export const ReviewIdParams = StrictObject({ id: IdString })
export const ProgramReviewParams = StrictObject({ softwareId: IdString, id: IdString })

export const ReviewDecision = StrictObject({
  decision: StringEnum(MODERATION_DECISIONS),
  /** Needed to reject: the reviewer sees it. */
  reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
})
export type ReviewDecision = Static<typeof ReviewDecision>

export const ReviewReply = StrictObject({ body: Type.String({ minLength: 2, maxLength: REVIEW_MAX_LENGTH }) })
export const ReviewReport = StrictObject({ reason: Type.String({ minLength: 5, maxLength: 500 }) })

// ---------------------------------------------------------------------------------------------------------
// Authors' programs and their moderation (/software/add, /software/{slug}/edit, /software/moderation)

/** At most this many categories and screenshots per program. */
export const SOFTWARE_MAX_CATEGORIES = 3
export const SOFTWARE_MAX_SCREENSHOTS = 6
export const SOFTWARE_SUMMARY_MAX_LENGTH = 160
export const SOFTWARE_DESCRIPTION_MAX_LENGTH = 20_000
/** A program's slug: lower-case words joined by hyphens (its address /software/{slug}). */
export const SOFTWARE_SLUG_PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*$"
/** Programs one account may add in 24 hours (429 RATE_LIMITED beyond), and pictures it may upload per hour. */
export const SOFTWARE_ADDS_PER_DAY = 5
export const SOFTWARE_PICTURES_PER_HOUR = 30

/** The slug a name suggests: ASCII letters and digits joined by hyphens (empty when nothing is left). */
export function slugOf(name: string): string {
  return name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "")
}

export const SoftwareTextsInput = StrictObject({
  summary: Type.String({ minLength: 1, maxLength: SOFTWARE_SUMMARY_MAX_LENGTH }),
  description: Type.String({
    maxLength: SOFTWARE_DESCRIPTION_MAX_LENGTH,
    description: "Markdown (rendered and sanitised on the page).",
  }),
})
export type SoftwareTextsInput = Static<typeof SoftwareTextsInput>

const draftProperties = {
  name: Type.String({ minLength: 2, maxLength: 80 }),
  texts: StrictObject({
    en: SoftwareTextsInput,
    ru: Type.Optional(Nullable(SoftwareTextsInput, { description: "The Russian text (optional)." })),
  }),
  categories: Type.Array(Type.String({ pattern: SOFTWARE_SLUG_PATTERN, maxLength: 60 }), {
    minItems: 1,
    maxItems: SOFTWARE_MAX_CATEGORIES,
    uniqueItems: true,
  }),
  platforms: Type.Array(StringEnum(SOFTWARE_PLATFORMS), { minItems: 1, uniqueItems: true }),
  pricing: StringEnum(SOFTWARE_PRICING),
  website: Nullable(
    Type.String({ maxLength: 500, description: "The program's page: an http(s) address, or null." }),
  ),
  logoId: Nullable(IdString, {
    description: "A picture uploaded by the author (PUT /api/v1/catalog/pictures).",
  }),
  screenshotIds: Type.Array(IdString, { maxItems: SOFTWARE_MAX_SCREENSHOTS, uniqueItems: true }),
  submit: Type.Boolean({
    description:
      "true: send it to the moderators; false: keep it as a draft (a program not yet published only — an edit " +
      "of a published one is always a revision for the moderators).",
  }),
}

/** A new program: pending (submit) or a draft; its soft_id is handed out by the catalogue. */
export const NewSoftware = StrictObject({
  ...draftProperties,
  slug: Type.Optional(
    Type.String({
      minLength: 3,
      maxLength: 60,
      pattern: SOFTWARE_SLUG_PATTERN,
      description: "Its address /software/{slug} (default: from the name); it does not change later.",
    }),
  ),
})
export type NewSoftware = Static<typeof NewSoftware>

/** An author's edit: of a draft, pending or rejected program in place; of a published one, a pending revision. */
export const SoftwareEdit = StrictObject(draftProperties)
export type SoftwareEdit = Static<typeof SoftwareEdit>

/** A program's editable fields as they stand (pictures resolved). */
export const SoftwareDraftFields = Type.Object({
  name: Type.String(),
  texts: Type.Object({ en: SoftwareTextsInput, ru: Nullable(SoftwareTextsInput) }),
  categories: Type.Array(Type.String()),
  platforms: Type.Array(StringEnum(SOFTWARE_PLATFORMS)),
  pricing: StringEnum(SOFTWARE_PRICING),
  website: Nullable(Type.String()),
  logo: Nullable(SoftwarePicture),
  screenshots: Type.Array(SoftwarePicture),
})
export type SoftwareDraftFields = Static<typeof SoftwareDraftFields>

export const SoftwareRevisionState = Type.Object({
  id: Type.String(),
  status: StringEnum(["pending", "rejected"]),
  /** A rejected revision: the moderator's reason. */
  rejectReason: Nullable(Type.String()),
  createdAt: DateTime(),
})

/** A program as its author edits it. */
export const SoftwareDraft = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  status: StringEnum(SOFTWARE_STATUSES),
  /** The soft_id the author's program sends with its requests (handed out when it was added). */
  softId: Nullable(Type.Integer()),
  /** A rejected program: the moderator's reason. */
  rejectReason: Nullable(Type.String()),
  /** What the form starts from: the pending revision's fields when there is one, else the program's. */
  fields: SoftwareDraftFields,
  /** The latest revision of a published program when it waits or was rejected; null otherwise. */
  revision: Nullable(SoftwareRevisionState),
  createdAt: DateTime(),
  updatedAt: DateTime(),
})
export type SoftwareDraft = Static<typeof SoftwareDraft>

export const MySoftwareItem = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  status: StringEnum(SOFTWARE_STATUSES),
  softId: Nullable(Type.Integer()),
  rejectReason: Nullable(Type.String()),
  revision: Nullable(SoftwareRevisionState),
  updatedAt: DateTime(),
})
export type MySoftwareItem = Static<typeof MySoftwareItem>
export const MySoftware = Type.Object({ records: Type.Array(MySoftwareItem) })
export type MySoftware = Static<typeof MySoftware>

/** The fields a moderator compares, in the order shown. */
export const SOFTWARE_FIELDS = [
  "name",
  "texts.en.summary",
  "texts.en.description",
  "texts.ru.summary",
  "texts.ru.description",
  "categories",
  "platforms",
  "pricing",
  "website",
  "logo",
  "screenshots",
] as const
export type SoftwareField = (typeof SOFTWARE_FIELDS)[number]

export const SoftwareChange = Type.Object({
  field: StringEnum(SOFTWARE_FIELDS),
  /** As text (lists comma-separated; pictures as their addresses, space-separated); null: not set. */
  before: Nullable(Type.String()),
  after: Nullable(Type.String()),
})
export type SoftwareChange = Static<typeof SoftwareChange>

/** What waits in /software/moderation: a new program, an edit of a published one, or a reported program. */
export const SUBMISSION_KINDS = ["item", "revision", "report"] as const
export const ModerationSubmission = Type.Object({
  kind: StringEnum(SUBMISSION_KINDS),
  /** The program's id (item, report) or the revision's (revision): the decision's address. */
  id: Type.String(),
  program: Type.Object({
    id: Type.String(),
    slug: Type.String(),
    name: Type.String(),
    status: StringEnum(SOFTWARE_STATUSES),
    softId: Nullable(Type.Integer()),
  }),
  author: Nullable(
    Type.Object({
      id: Type.String(),
      email: Type.String(),
      displayName: Nullable(Type.String()),
      registeredAt: DateTime(),
    }),
  ),
  submittedAt: DateTime(),
  /** A new program: every field (before null); a revision: the fields it changes; a report: none. */
  changes: Type.Array(SoftwareChange),
  reports: Type.Array(Type.Object({ reason: Type.String(), at: DateTime() })),
})
export type ModerationSubmission = Static<typeof ModerationSubmission>
export const ModerationSubmissions = Records(ModerationSubmission)
export type ModerationSubmissions = Static<typeof ModerationSubmissions>

export const ItemDecision = ReviewDecision
export const RevisionDecision = StrictObject({
  decision: StringEnum(["publish", "reject"] as const),
  reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
})
export type RevisionDecision = Static<typeof RevisionDecision>
export const ProgramReport = ReviewReport

export const catalogApi = defineEndpoints("catalog", {
  categories: {
    method: "GET",
    path: "/api/v1/catalog/categories",
    summary: "The catalogue's categories with their published programs",
    public: true,
    querystring: StrictObject(LanguageQuery),
    response: { 200: SoftwareCategories },
  },
  list: {
    method: "GET",
    path: "/api/v1/catalog/software",
    summary: "Published programs, a page at a time, by category, text and sorting",
    public: true,
    querystring: SoftwareListQuery,
    response: { 200: SoftwareList },
    errors: ["SEARCH_TOO_SHORT", "UNKNOWN_CATEGORY"],
  },
  item: {
    method: "GET",
    path: "/api/v1/catalog/software/:slug",
    summary: "One published program, with the reader's own review",
    public: true,
    params: SoftwareSlugParams,
    querystring: SoftwareItemQuery,
    response: { 200: SoftwareItem },
    errors: ["SOFTWARE_NOT_FOUND"],
  },
  reviews: {
    method: "GET",
    path: "/api/v1/catalog/software/:slug/reviews",
    summary: "A published program's published reviews, newest first",
    public: true,
    params: SoftwareSlugParams,
    querystring: SoftwareReviewsQuery,
    response: { 200: SoftwareReviews },
    errors: ["SOFTWARE_NOT_FOUND"],
  },
  review: {
    method: "POST",
    path: "/api/v1/catalog/software/:softwareId/reviews",
    summary: "Review a program: one review per account and program, pending until a moderator publishes it",
    description:
      "The author of a program cannot review it. The review is marked verified when the reviewer's account sent " +
      "tasks with the program's soft_id.",
    params: SoftwareIdParams,
    body: NewSoftwareReview,
    response: { 201: SoftwareReview },
    errors: [
      "NOT_SIGNED_IN",
      "CSRF_TOKEN_INVALID",
      "SOFTWARE_NOT_FOUND",
      "REVIEW_EXISTS",
      "OWN_SOFTWARE",
      "VALIDATION_FAILED",
      "RATE_LIMITED",
    ],
  },
  reply: {
    method: "POST",
    path: "/api/v1/catalog/software/:softwareId/reviews/:id/reply",
    summary: "The program's author answers a published review, once",
    params: ProgramReviewParams,
    body: ReviewReply,
    response: { 200: SoftwareReview },
    errors: ["NOT_SIGNED_IN", "CSRF_TOKEN_INVALID", "REVIEW_NOT_FOUND", "NOT_THE_AUTHOR", "ALREADY_ANSWERED"],
  },
  report: {
    method: "POST",
    path: "/api/v1/catalog/software/:softwareId/reviews/:id/report",
    summary: "Report a published review to the moderators (once per account and review)",
    params: ProgramReviewParams,
    body: ReviewReport,
    response: { 204: NoContent("Reported; the review goes back to the moderation queue.") },
    errors: ["NOT_SIGNED_IN", "CSRF_TOKEN_INVALID", "REVIEW_NOT_FOUND", "ALREADY_REPORTED"],
  },
  moderationReviews: {
    method: "GET",
    path: "/api/v1/catalog/moderation/reviews",
    summary: "Reviews waiting for a decision and reported ones, oldest first, with why they were flagged",
    querystring: StrictObject({
      page: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, default: 0, description: "From 0." })),
    }),
    response: { 200: ModerationReviews },
    errors: ["NOT_SIGNED_IN", "FORBIDDEN"],
  },
  decideReview: {
    method: "POST",
    path: "/api/v1/catalog/moderation/reviews/:id",
    summary: "Publish, reject (with a reason the reviewer sees) or hide a review; the decision is kept",
    params: ReviewIdParams,
    body: ReviewDecision,
    response: { 200: SoftwareReview },
    errors: ["NOT_SIGNED_IN", "CSRF_TOKEN_INVALID", "FORBIDDEN", "REVIEW_NOT_FOUND", "REASON_REQUIRED"],
  },
  create: {
    method: "POST",
    path: "/api/v1/catalog/software",
    summary:
      "Add a program: a draft, or pending until a moderator publishes it; the catalogue hands out its soft_id",
    body: NewSoftware,
    response: { 201: SoftwareDraft },
    errors: [
      "NOT_SIGNED_IN",
      "CSRF_TOKEN_INVALID",
      "VALIDATION_FAILED",
      "SLUG_TAKEN",
      "UNKNOWN_CATEGORY",
      "PICTURE_NOT_FOUND",
      "RATE_LIMITED",
    ],
  },
  mine: {
    method: "GET",
    path: "/api/v1/catalog/mine",
    summary: "The signed-in author's programs, whatever their status, newest first",
    response: { 200: MySoftware },
    errors: ["NOT_SIGNED_IN"],
  },
  draft: {
    method: "GET",
    path: "/api/v1/catalog/software/:slug/draft",
    summary: "A program as its author (or a moderator) edits it, whatever its status",
    params: SoftwareSlugParams,
    response: { 200: SoftwareDraft },
    errors: ["NOT_SIGNED_IN", "SOFTWARE_NOT_FOUND", "NOT_THE_AUTHOR"],
  },
  edit: {
    method: "PUT",
    path: "/api/v1/catalog/software/:softwareId",
    summary:
      "The author edits a program; a published one keeps its text until a moderator publishes the revision",
    params: SoftwareIdParams,
    body: SoftwareEdit,
    response: { 200: SoftwareDraft },
    errors: [
      "NOT_SIGNED_IN",
      "CSRF_TOKEN_INVALID",
      "VALIDATION_FAILED",
      "SOFTWARE_NOT_FOUND",
      "NOT_THE_AUTHOR",
      "UNKNOWN_CATEGORY",
      "PICTURE_NOT_FOUND",
      "NOTHING_CHANGED",
    ],
  },
  uploadPicture: {
    method: "PUT",
    path: "/api/v1/catalog/pictures",
    summary: "Uploads a logo or screenshot for a program (any signed-in account)",
    description: PICTURE_UPLOAD_DESCRIPTION,
    body: PictureUploadBody,
    response: { 201: SoftwarePicture },
    errors: ["NOT_SIGNED_IN", "CSRF_TOKEN_INVALID", ...PICTURE_UPLOAD_ERRORS, "RATE_LIMITED"],
  },
  reportProgram: {
    method: "POST",
    path: "/api/v1/catalog/software/:softwareId/report",
    summary: "Report a published program to the moderators (once per account and program)",
    params: SoftwareIdParams,
    body: ProgramReport,
    response: { 204: NoContent("Reported; the program is in the moderation queue.") },
    errors: ["NOT_SIGNED_IN", "CSRF_TOKEN_INVALID", "SOFTWARE_NOT_FOUND", "ALREADY_REPORTED", "RATE_LIMITED"],
  },
  moderationItems: {
    method: "GET",
    path: "/api/v1/catalog/moderation/items",
    summary:
      "New programs, revisions of published ones and reported programs, oldest first, with their changes",
    querystring: StrictObject({
      page: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, default: 0, description: "From 0." })),
    }),
    response: { 200: ModerationSubmissions },
    errors: ["NOT_SIGNED_IN", "FORBIDDEN"],
  },
  decideItem: {
    method: "POST",
    path: "/api/v1/catalog/moderation/items/:id",
    summary: "Publish, reject (with a reason the author sees) or hide a program; open reports are resolved",
    params: ReviewIdParams,
    body: ItemDecision,
    response: { 200: MySoftwareItem },
    errors: ["NOT_SIGNED_IN", "CSRF_TOKEN_INVALID", "FORBIDDEN", "SOFTWARE_NOT_FOUND", "REASON_REQUIRED"],
  },
  decideRevision: {
    method: "POST",
    path: "/api/v1/catalog/moderation/revisions/:id",
    summary: "Publish a pending revision (the live page takes its fields) or reject it with a reason",
    params: ReviewIdParams,
    body: RevisionDecision,
    response: { 200: MySoftwareItem },
    errors: ["NOT_SIGNED_IN", "CSRF_TOKEN_INVALID", "FORBIDDEN", "REVISION_NOT_FOUND", "REASON_REQUIRED"],
  },
  statistics: {
    method: "GET",
    path: "/api/v2/software/statistics/:slug/public",
    summary: "A published program's public usage through its soft_id, per day (UTC) and captcha type",
    public: true,
    params: SoftwareSlugParams,
    querystring: SoftwareStatisticsQuery,
    response: { 200: SoftwareStatistics },
    errors: ["SOFTWARE_NOT_FOUND", "BAD_DATES"],
  },
})

export const catalogRouteData = {
  softwareCategories: routeDatum(catalogApi.categories, (params) =>
    catalogApi.categories.url({}, { language: catalogLanguage(params.language) }),
  ),
  // The list's first page as it opens (relevant first, no filter): the server renders it.
  softwareList: routeDatum(catalogApi.list, (params) =>
    catalogApi.list.url({}, { language: catalogLanguage(params.language) }),
  ),
  softwareItem: routeDatum(catalogApi.item, (params) =>
    catalogApi.item.url({ slug: params.slug ?? "" }, { language: catalogLanguage(params.language) }),
  ),
  softwareModerationReviews: routeDatum(catalogApi.moderationReviews),
  softwareMine: routeDatum(catalogApi.mine),
  softwareDraft: routeDatum(catalogApi.draft, (params) => catalogApi.draft.url({ slug: params.slug ?? "" })),
  softwareModerationItems: routeDatum(catalogApi.moderationItems),
  softwareStatistics: routeDatum(catalogApi.statistics, (params) =>
    catalogApi.statistics.url({ slug: params.slug ?? "" }),
  ),
}
