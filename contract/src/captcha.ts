/*
 * The captcha API of the site (server/CAPTCHA-API.md, "Settings and prices", "Settings and problem lists",
 * "Customer area"): the public list of captcha types and prices, the customer area (dashboard, statistics, task
 * pictures, the test page and its samples), the customer's captcha settings with pingback addresses and problem
 * lists, the administrators' price list, and the worker's language settings.
 *
 * Money is in ledger micro-units of the currency (millionths: 1_450 is $0.00145), except prices shown per 1,000
 * tasks: a decimal string in currency units ("0.50", "3.125").
 */
import { Page, PageQuery, pageQueryProperties } from "./common"
import { defineEndpoints, routeDatum } from "./endpoint"
import { PRICE_CURRENCIES } from "./statistics"
import { DateTime, Day, Id, IdParams, Nullable, StrictObject, StringEnum, Type, type Static } from "./schema"

// ---------------------------------------------------------------------------------------------------------
// Values and limits

/** The currencies a customer account keeps its balance and pays in. */
export const CURRENCIES = ["USD", "RUB"] as const
export type Currency = (typeof CURRENCIES)[number]

export const TASK_STATES = ["open", "solved", "unsolvable"] as const
export type TaskState = (typeof TASK_STATES)[number]

/** image: a person reads a picture; token: worker software passes a widget (reCAPTCHA, Turnstile …). */
export const CAPTCHA_KINDS = ["image", "token"] as const
export type CaptchaKind = (typeof CAPTCHA_KINDS)[number]

export const REPORT_VERDICTS = ["good", "bad"] as const
export type ReportVerdict = (typeof REPORT_VERDICTS)[number]
export const PINGBACK_STATES = ["pending", "delivered", "failed"] as const

/** "100 % recognition": agreeing answers and answers at most, each from 2 to 5. */
export const RECOGNITION_MIN = 2
export const RECOGNITION_MAX = 5
/** Addresses and ranges the API key may be used from. */
export const MAX_ALLOWED_IPS = 50
/** The longest pingback address the server takes. */
export const PINGBACK_URL_MAX_LENGTH = 2000
/** The longest window of the upload graph, and its window without dates (today and the 6 days before). */
export const MAX_GRAPH_DAYS = 92
export const GRAPH_DEFAULT_DAYS = 7
/** The language codes of the captcha API (§1.10): task language pools and the languages workers solve in. */
export const TASK_LANGUAGES: readonly string[] = (
  "en ru es pt uk vi fr id ar ja tr de zh fil pl th it nl sk bg ro hu ko cs az fa bn el lt lv sv sr hr he hi " +
  "nb sl da uz fi ca ka ms te et ml be kk mr ne my bs hy mk pa"
).split(" ")
/** Languages a worker may choose at once. */
export const MIN_WORKER_LANGUAGES = 1
export const MAX_WORKER_LANGUAGES = 10
/** The test page's in.php fields: at most this many, each name at most 64 characters. */
export const MAX_TEST_FIELDS = 50
/** As /in.php takes it: a few images in base64. */
export const TEST_BODY_LIMIT = 2 * 1024 * 1024

/** One of fixed strings or null, as `{ "type": ["string", "null"], "enum": [..., null] }`. */
function NullableEnum<const V extends readonly string[]>(values: V) {
  return Type.Unsafe<V[number] | null>({ type: ["string", "null"], enum: [...values, null] })
}

/** An object of string values under any names, as `{ "type": "object", "additionalProperties": … }`. */
function StringMap(value: { maxLength?: number } = {}, options: object = {}) {
  return Type.Unsafe<Record<string, string>>({
    type: "object",
    ...options,
    additionalProperties: { type: "string", ...value },
  })
}

const PerThousand = (description = 'Per 1,000 tasks, a decimal in currency units ("0.50").') =>
  Type.String({ description })

// ---------------------------------------------------------------------------------------------------------
// Captcha types and prices

/** GET /api/v1/captcha-types: a type the API accepts, for the public pages. */
export const CaptchaType = Type.Object({
  code: Type.String({ description: "ImageToTextTask, RecaptchaV2Task …" }),
  kind: StringEnum(CAPTCHA_KINDS),
  deadlineSeconds: Type.Integer(),
})
export type CaptchaType = Static<typeof CaptchaType>

/** GET /api/v1/captcha/prices: the current price of an enabled type in one currency. */
export const CaptchaPrice = Type.Object({
  type: Type.String(),
  kind: StringEnum(CAPTCHA_KINDS),
  currency: StringEnum(PRICE_CURRENCIES),
  perThousand: PerThousand(),
  deadlineSeconds: Type.Integer(),
})
export type CaptchaPrice = Static<typeof CaptchaPrice>

export const CaptchaPrices = Type.Object({ prices: Type.Array(CaptchaPrice) })
export type CaptchaPrices = Static<typeof CaptchaPrices>

/** GET /api/v2/admin/captcha-prices: a type as stored, with its prices per 1,000 by currency. */
export const AdminCaptchaType = Type.Object({
  type: Type.String(),
  kind: StringEnum(CAPTCHA_KINDS),
  enabled: Type.Boolean(),
  workerSharePercent: Type.Integer(),
  deadlineSeconds: Type.Integer(),
  prices: Type.Object({
    USD: Type.Optional(PerThousand()),
    RUB: Type.Optional(PerThousand()),
    EUR: Type.Optional(PerThousand()),
  }),
})
export type AdminCaptchaType = Static<typeof AdminCaptchaType>

/** PUT /api/v2/admin/captcha-prices: one type, at least one change; currency and perThousand go together. */
export const CaptchaPriceChange = StrictObject(
  {
    type: Type.String({ minLength: 1, maxLength: 100 }),
    currency: Type.Optional(StringEnum(PRICE_CURRENCIES)),
    perThousand: Type.Optional(Type.String({ maxLength: 20 })),
    workerSharePercent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    enabled: Type.Optional(Type.Boolean()),
  },
  {
    minProperties: 2,
    dependencies: { currency: ["perThousand"], perThousand: ["currency"] },
  },
)
export type CaptchaPriceChange = Static<typeof CaptchaPriceChange>

// ---------------------------------------------------------------------------------------------------------
// Tasks as lists show them

const ReportableUntil = () =>
  Nullable(DateTime(), {
    description:
      "Until when the task's answer may be reported (reportbad / reportgood, POST /api/v2/captcha/tasks/:id/report): " +
      "15 minutes after submission. null when it may not be: not solved, already reported, answers agreed by " +
      "several workers (100 % recognition), or the 15 minutes are over.",
  })

const taskSummaryProperties = {
  id: Type.String(),
  type: Type.String(),
  state: StringEnum(TASK_STATES),
  cost: Type.Integer({ description: "Micro-units charged (0 until solved; back to 0 after a refund)." }),
  currency: StringEnum(CURRENCIES),
  answer: Nullable(Type.String(), {
    description: "The answer as res.php gives it (text, click:1/3, a token …); null until solved.",
  }),
  errorCode: Nullable(Type.String(), {
    description: "ERROR_CAPTCHA_UNSOLVABLE, ERROR_BAD_DUPLICATES … when unsolvable.",
  }),
  createdAt: DateTime(),
  endedAt: Nullable(DateTime()),
  solveSeconds: Nullable(Type.Number(), { description: "From submission to the end; null while open." }),
  report: NullableEnum(REPORT_VERDICTS),
  refunded: Type.Boolean(),
  reportableUntil: ReportableUntil(),
  hasImage: Type.Boolean({ description: "Whether GET /api/v2/captcha/tasks/:id/image has a picture." }),
}

/** One of the customer's tasks as lists show it. */
export const TaskSummary = Type.Object(taskSummaryProperties)
export type TaskSummary = Static<typeof TaskSummary>

/** GET /api/v2/statistics/uploads: a task of the latest uploads. */
export const UploadItem = Type.Object({
  ...taskSummaryProperties,
  workerSeconds: Nullable(Type.Number(), {
    description: "Seconds the worker who gave the accepted answer took from the offer to the answer.",
  }),
})
export type UploadItem = Static<typeof UploadItem>

/** Filters of GET /api/v2/statistics/uploads (dates YYYY-MM-DD, inclusive). */
export const UploadFilters = StrictObject({
  ...pageQueryProperties,
  type: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  state: Type.Optional(StringEnum(TASK_STATES)),
  dateFrom: Type.Optional(Day()),
  dateTo: Type.Optional(Day()),
})
export type UploadFilters = Static<typeof UploadFilters>

const Period = Type.Object({ tasks: Type.Integer(), solved: Type.Integer(), spent: Type.Integer() })

/** GET /api/v2/dashboard. */
export const DashboardData = Type.Object({
  balance: Type.Object({ amount: Type.Integer(), currency: StringEnum(CURRENCIES) }),
  today: Period,
  month: Period,
  recent: Type.Array(TaskSummary, { description: "The 10 newest tasks." }),
  apiKey: Type.Object({
    exists: Type.Boolean(),
    hint: Nullable(Type.String(), {
      description: "The key's last 4 characters (the key is kept as a hash).",
    }),
    createdAt: Nullable(Type.String()),
  }),
  load: Type.Object({
    waiting: Type.Integer({ description: "Tasks waiting for a worker now, all customers." }),
    workersOnline: Type.Integer({ description: "Workers who claimed or answered in the last 2 minutes." }),
    medianSolveSeconds: Nullable(Type.Number(), {
      description: "Median seconds to the answer of image tasks solved in the last hour; null without any.",
    }),
  }),
  prices: Type.Array(
    Type.Object({ type: Type.String(), kind: StringEnum(CAPTCHA_KINDS), perThousand: PerThousand() }),
    { description: "Current prices in the user's currency, catalogue order." },
  ),
})
export type DashboardData = Static<typeof DashboardData>

/**
 * GET /api/v2/statistics/graph: one row per day and type that had tasks, over at most 92 days (the last 7 by
 * default, in the user's time zone).
 */
export const GraphData = Type.Object({
  dateFrom: Type.String(),
  dateTo: Type.String(),
  currency: StringEnum(CURRENCIES),
  rows: Type.Array(
    Type.Object({
      date: Type.String(),
      type: Type.String(),
      tasks: Type.Integer(),
      solved: Type.Integer(),
      spent: Type.Integer(),
      averageSolveSeconds: Nullable(Type.Number(), {
        description: "Mean seconds from submission to answer of the solved ones; null when none was solved.",
      }),
    }),
  ),
})
export type GraphData = Static<typeof GraphData>

/** GET /api/v2/captcha/tasks: the customer's tasks, newest first, a page at a time. */
export const TaskList = Type.Object({
  tasks: Type.Array(
    Type.Object({
      id: Type.String(),
      type: Type.String(),
      state: StringEnum(TASK_STATES),
      cost: Type.Integer(),
      currency: StringEnum(CURRENCIES),
      createdAt: Type.String(),
      endedAt: Nullable(Type.String()),
      report: NullableEnum(REPORT_VERDICTS),
      refunded: Type.Boolean(),
      reportableUntil: ReportableUntil(),
    }),
  ),
  next: Nullable(Type.String(), { description: "The `before` of the next page, or null." }),
})
export type TaskList = Static<typeof TaskList>

// ---------------------------------------------------------------------------------------------------------
// The test page and its samples

/** One request and the API's answer, as a developer's client would see them (the key shown as YOUR_API_KEY). */
export const ApiExchange = Type.Object({ request: Type.String(), response: Type.String() })
export type ApiExchange = Static<typeof ApiExchange>

/** GET /api/v2/captcha/samples: a picture or question to try /testcaptcha with, answer included. */
export const CaptchaSample = Type.Object({
  id: Type.String(),
  type: Type.String({ description: "ImageToTextTask, TextCaptchaTask, GridTask …" }),
  fields: StringMap(
    {},
    { description: "in.php fields that go with it (textinstructions, recaptcharows …)." },
  ),
  imageUrl: Nullable(Type.String(), {
    description: "The sample's picture (image/png), or null for a question without one.",
  }),
  answer: Type.String({ description: "The answer as res.php gives it." }),
})
export type CaptchaSample = Static<typeof CaptchaSample>

export const SamplesData = Type.Object({ samples: Type.Array(CaptchaSample) })
export type SamplesData = Static<typeof SamplesData>

/** POST /api/v2/captcha/test: the in.php fields of one submission. */
export const TestRequest = StrictObject({
  fields: StringMap(
    { maxLength: TEST_BODY_LIMIT },
    { maxProperties: MAX_TEST_FIELDS, propertyNames: { maxLength: 64 } },
  ),
})
export type TestRequest = Static<typeof TestRequest>

/** POST /api/v2/captcha/test: the task id (null when the API refused it) and in.php's exchange. */
export const TestSubmission = Type.Object({ taskId: Nullable(Type.String()), exchange: ApiExchange })
export type TestSubmission = Static<typeof TestSubmission>

export const TEST_STAGES = ["queued", "working", "solved", "unsolvable"] as const

/** GET /api/v2/captcha/test/:id: where the task is now, and the res.php exchange that reports it. */
export const TestTaskProgress = Type.Object({
  id: Type.String(),
  stage: StringEnum(TEST_STAGES, {
    description: "queued: waiting for a worker; working: a worker has it; then solved or unsolvable.",
  }),
  answer: Nullable(Type.String()),
  errorCode: Nullable(Type.String()),
  cost: Type.Integer(),
  currency: StringEnum(CURRENCIES),
  solveSeconds: Nullable(Type.Number()),
  report: NullableEnum(REPORT_VERDICTS),
  refunded: Type.Boolean(),
  reportableUntil: ReportableUntil(),
  exchange: ApiExchange,
})
export type TestTaskProgress = Static<typeof TestTaskProgress>

// ---------------------------------------------------------------------------------------------------------
// Reports from the customer area

/** POST /api/v2/captcha/tasks/:id/report: the customer's verdict on a solved task's answer. */
export const TaskReportRequest = StrictObject({
  verdict: StringEnum(REPORT_VERDICTS, {
    description: "bad: the answer was wrong (reportbad, refunded); good: it was right (reportgood).",
  }),
})
export type TaskReportRequest = Static<typeof TaskReportRequest>

/** POST /api/v2/captcha/tasks/:id/report: the task as reported, and the balance after it. */
export const TaskReport = Type.Object({
  id: Type.String(),
  report: StringEnum(REPORT_VERDICTS),
  refunded: Type.Boolean(),
  refund: Type.Integer({ description: "Micro-units that came back to the balance (0 for `good`)." }),
  cost: Type.Integer({ description: "What the task costs now: 0 after a refund." }),
  currency: StringEnum(CURRENCIES),
  balance: Type.Object({
    amount: Type.Integer({ description: "What the customer can spend now, holds deducted." }),
    currency: StringEnum(CURRENCIES),
  }),
})
export type TaskReport = Static<typeof TaskReport>

/** Why POST /api/v2/captcha/tasks/:id/report refused (409), besides 404 TASK_NOT_FOUND. */
export const REPORT_REFUSALS = [
  "TASK_ALREADY_REPORTED",
  "TASK_NOT_SOLVED",
  "REPORT_WINDOW_CLOSED",
  "AGREED_ANSWER_NOT_REPORTABLE",
  "TOO_MANY_REPORTS",
] as const
export type ReportRefusalCode = (typeof REPORT_REFUSALS)[number]

// ---------------------------------------------------------------------------------------------------------
// Captcha settings and pingback addresses

const Recognition = Nullable(
  StrictObject({
    agree: Type.Integer({ minimum: RECOGNITION_MIN, maximum: RECOGNITION_MAX }),
    maxAnswers: Type.Integer({ minimum: RECOGNITION_MIN, maximum: RECOGNITION_MAX }),
  }),
  { description: '"100 % recognition": answers that must agree out of at most maxAnswers; null = off.' },
)

/** GET and PUT /api/v2/captcha/settings. */
export const CaptchaSettings = Type.Object({
  allowedIps: Type.Array(Type.String(), {
    description: "IPv4/IPv6 addresses and CIDR ranges that may use the key; empty = any.",
  }),
  recognition: Recognition,
  currency: StringEnum(CURRENCIES),
  defaults: Type.Object(
    {
      language: Nullable(Type.String(), { description: "Workers' language pool (lang), or null for any." }),
      softId: Nullable(Type.Integer(), {
        description: "soft_id credited to a software developer; null = none.",
      }),
      maxBid: Nullable(Type.String(), {
        description:
          'The most paid per 1,000 image tasks, a decimal in the currency ("1.20"); a task priced higher is ' +
          "refused with ERROR_NO_SLOT_AVAILABLE. null = no limit.",
      }),
    },
    { description: "Defaults for tasks sent with the API key, used where a task does not set its own." },
  ),
  languageOptions: Type.Array(Type.String(), {
    description: "GET only: the language codes `defaults.language` may take.",
  }),
})
export type CaptchaSettings = Static<typeof CaptchaSettings>

/** PUT /api/v2/captcha/settings: any subset of the settings; `languageOptions` is accepted and ignored. */
export const CaptchaSettingsChange = StrictObject(
  {
    allowedIps: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: MAX_ALLOWED_IPS })),
    recognition: Type.Optional(Recognition),
    currency: Type.Optional(StringEnum(CURRENCIES)),
    defaults: Type.Optional(
      StrictObject({
        language: Type.Optional(Nullable(Type.String({ maxLength: 16 }))),
        // Numbers or strings (a form's text): checked by the server, with a message for each.
        softId: Type.Optional(Type.Unknown()),
        maxBid: Type.Optional(Type.Unknown()),
      }),
    ),
    languageOptions: Type.Optional(Type.Array(Type.Unknown())),
  },
  { minProperties: 1 },
)
export type CaptchaSettingsChange = Static<typeof CaptchaSettingsChange>

/** GET /api/v2/captcha/pingbacks (and the answer of POST). */
export const PingbackAddresses = Type.Object({ addresses: Type.Array(Type.String()) })
export type PingbackAddresses = Static<typeof PingbackAddresses>

/** DELETE /api/v2/captcha/pingbacks?url=. */
export const PingbackRemoval = Type.Object({ removed: Type.Integer(), addresses: Type.Array(Type.String()) })
export type PingbackRemoval = Static<typeof PingbackRemoval>

/** One attempt to deliver a pingback. */
export const PingbackAttempt = Type.Object({
  at: Type.String(),
  status: Type.Optional(Type.Integer({ description: "HTTP status of the answer, when there was one." })),
  error: Type.Optional(Type.String({ description: "Why there was no answer, or why it counts as failed." })),
  durationMs: Type.Integer(),
})
export type PingbackAttempt = Static<typeof PingbackAttempt>

/** GET /api/v2/captcha/tasks/:id/pingback. */
export const TaskPingback = Type.Object({
  taskId: Type.String(),
  url: Nullable(Type.String()),
  state: NullableEnum(PINGBACK_STATES),
  attempts: Type.Array(PingbackAttempt, { description: "Oldest first." }),
})
export type TaskPingback = Static<typeof TaskPingback>

// ---------------------------------------------------------------------------------------------------------
// Problem lists (pages of ?page=&pageSize=, newest first)

/** GET /api/v2/captcha/pingback-log: one row per delivery attempt. */
export const PingbackLogItem = Type.Object({
  taskId: Type.String(),
  url: Type.String(),
  at: Type.String(),
  status: Nullable(Type.Integer(), {
    description: "HTTP status of the answer; null when there was none (error says why).",
  }),
  durationMs: Type.Integer(),
  error: Nullable(Type.String()),
  delivery: StringEnum(PINGBACK_STATES, {
    description: "The delivery's state after all its attempts so far.",
  }),
})
export type PingbackLogItem = Static<typeof PingbackLogItem>

export const IMPOSSIBLE_REASONS = ["deadline", "no_agreement", "not_a_captcha"] as const

/** GET /api/v2/captcha/impossible: a task that ended unsolvable. */
export const ImpossibleItem = Type.Object({
  id: Type.String(),
  type: Type.String(),
  errorCode: Type.String(),
  createdAt: Type.String(),
  endedAt: Type.String(),
  reason: StringEnum(IMPOSSIBLE_REASONS, {
    description:
      "deadline (no accepted answer in time), no_agreement (100 % recognition answers differed), not_a_captcha.",
  }),
  offered: Type.Integer({ description: "Workers who were offered the task." }),
  skipped: Type.Integer(),
  notACaptcha: Type.Integer(),
  hasImage: Type.Boolean(),
})
export type ImpossibleItem = Static<typeof ImpossibleItem>

/** GET /api/v2/captcha/errors: what the API answered with an error to the customer's key (30 days). */
export const ReceivingErrorItem = Type.Object({
  id: Type.String(),
  at: Type.String(),
  endpoint: Type.String({ description: "in.php, res.php, createTask, getTaskResult …" }),
  code: Type.String({ description: "The code the API answered: ERROR_ZERO_BALANCE …" }),
  description: Type.String({ description: "Why, in English, from the API reference." }),
  ip: Nullable(Type.String()),
})
export type ReceivingErrorItem = Static<typeof ReceivingErrorItem>

export const COMPLAINT_OUTCOMES = ["refunded", "recorded"] as const

/** GET /api/v2/captcha/complaints: the customer's reports. */
export const ComplaintItem = Type.Object({
  taskId: Type.String(),
  type: Type.String(),
  verdict: StringEnum(REPORT_VERDICTS),
  reportedAt: Type.String(),
  answer: Nullable(Type.String()),
  outcome: StringEnum(COMPLAINT_OUTCOMES, {
    description: "refunded: the price came back; recorded: noted.",
  }),
  refund: Type.Integer(),
  currency: StringEnum(CURRENCIES),
})
export type ComplaintItem = Static<typeof ComplaintItem>

/** GET /api/v2/captcha/not-captcha: a task at least one worker marked "not a captcha". */
export const NotCaptchaItem = Type.Object({
  id: Type.String(),
  type: Type.String(),
  createdAt: Type.String(),
  state: StringEnum(TASK_STATES),
  marks: Type.Integer({ description: "Workers who marked it." }),
  hasImage: Type.Boolean(),
})
export type NotCaptchaItem = Static<typeof NotCaptchaItem>

// ---------------------------------------------------------------------------------------------------------
// Worker settings

/** GET and PUT /api/v2/worker/settings. */
export const WorkerSettings = Type.Object({
  languages: Type.Array(Type.String(), { description: "The language pools the worker takes." }),
  available: Type.Array(Type.String(), {
    description: "GET only: every language code a worker may choose, in the catalogue's order.",
  }),
})
export type WorkerSettings = Static<typeof WorkerSettings>

// ---------------------------------------------------------------------------------------------------------
// Endpoints

const CUSTOMER = ["NOT_SIGNED_IN", "CUSTOMER_ACCOUNT_REQUIRED"] as const
const DATES = ["DATE_INVALID", "DATE_RANGE_INVALID"] as const
/** A file answered as it is (a picture): bytes, not JSON. */
const binary = (description: string) =>
  Type.Unsafe<Uint8Array>({ type: "string", format: "binary", description })

export const captchaTypesApi = defineEndpoints("captcha-types", {
  list: {
    method: "GET",
    path: "/api/v1/captcha-types",
    summary: "The captcha types the API accepts, catalogue order (public, cached 60 s)",
    public: true,
    response: { 200: Type.Array(CaptchaType) },
  },
})

export const customerApi = defineEndpoints("customer", {
  dashboard: {
    method: "GET",
    path: "/api/v2/dashboard",
    summary: "Balance, spending, the newest tasks, the API key, the service load and the prices",
    response: { 200: DashboardData },
    errors: CUSTOMER,
  },
  uploads: {
    method: "GET",
    path: "/api/v2/statistics/uploads",
    summary: "The customer's uploads, newest first, by type, state and days",
    querystring: UploadFilters,
    response: { 200: Page(UploadItem) },
    errors: [...CUSTOMER, ...DATES],
  },
  graph: {
    method: "GET",
    path: "/api/v2/statistics/graph",
    summary: "Tasks, spend and solve time per day and type over at most 92 days",
    querystring: StrictObject({ dateFrom: Type.Optional(Day()), dateTo: Type.Optional(Day()) }),
    response: { 200: GraphData },
    errors: [...CUSTOMER, ...DATES, "DATE_RANGE_TOO_LONG"],
  },
  tasks: {
    method: "GET",
    path: "/api/v2/captcha/tasks",
    summary: "The customer's tasks, newest first, a page before a task id",
    querystring: StrictObject({
      limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
      before: Type.Optional(Id("A task id: the page starts after it.")),
    }),
    response: { 200: TaskList },
    errors: CUSTOMER,
  },
  taskImage: {
    method: "GET",
    path: "/api/v2/captcha/tasks/:id/image",
    summary: "The picture of one of the customer's tasks (its first image file)",
    params: IdParams,
    response: { 200: binary("The picture, in its own image type (image/png, image/jpeg …).") },
    errors: [...CUSTOMER, "TASK_IMAGE_NOT_FOUND"],
  },
  test: {
    method: "POST",
    path: "/api/v2/captcha/test",
    summary: "Submit a task as in.php takes it, for the signed-in customer (the test page)",
    description: "Refusals are in.php's own answers in `exchange.response`, with HTTP 200 and `taskId` null.",
    body: TestRequest,
    response: { 200: TestSubmission },
    errors: [...CUSTOMER, "RATE_LIMITED"],
  },
  report: {
    method: "POST",
    path: "/api/v2/captcha/tasks/:id/report",
    summary:
      "Report a solved task's answer as wrong (refunded) or confirm it correct, as reportbad / reportgood",
    description:
      "The rules of reportbad and reportgood: once per task, within 15 minutes of submission, solved tasks " +
      "only, not for answers agreed by several workers; a wrong-answer report is not believed (not recorded) " +
      "when it would make more than 40 % of the customer's last 100 solved tasks (at least 10) reported wrong. " +
      "Refusals are 409 with the codes below; someone else's task or an unknown id is 404 `TASK_NOT_FOUND`.",
    params: IdParams,
    body: TaskReportRequest,
    response: { 200: TaskReport },
    errors: [...CUSTOMER, "TASK_NOT_FOUND", ...REPORT_REFUSALS],
  },
  testTask: {
    method: "GET",
    path: "/api/v2/captcha/test/:id",
    summary: "A test task's progress and the res.php exchange that reports it",
    params: IdParams,
    response: { 200: TestTaskProgress },
    errors: [...CUSTOMER, "TASK_NOT_FOUND"],
  },
  samples: {
    method: "GET",
    path: "/api/v2/captcha/samples",
    summary: "Sample captchas to try the test page with, answers included (public)",
    public: true,
    response: { 200: SamplesData },
  },
  sampleImage: {
    method: "GET",
    path: "/api/v2/captcha/samples/:id",
    summary: "A sample's picture (image/png, cached for good: the id changes with the picture)",
    public: true,
    params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
    response: { 200: binary("The picture, image/png.") },
    errors: ["SAMPLE_NOT_FOUND"],
  },
})

export const captchaSettingsApi = defineEndpoints("captcha-settings", {
  settings: {
    method: "GET",
    path: "/api/v2/captcha/settings",
    summary: "The customer's captcha settings: allowed IPs, 100 % recognition, currency, task defaults",
    response: { 200: CaptchaSettings },
    errors: CUSTOMER,
  },
  change: {
    method: "PUT",
    path: "/api/v2/captcha/settings",
    summary: "Change any of the captcha settings; a refused change stores nothing",
    body: CaptchaSettingsChange,
    response: { 200: CaptchaSettings },
    errors: [
      ...CUSTOMER,
      "IP_ADDRESS_INVALID",
      "RECOGNITION_INVALID",
      "LANGUAGE_UNKNOWN",
      "SOFT_ID_INVALID",
      "MAX_BID_INVALID",
      "SETTINGS_INVALID",
      "CURRENCY_CHANGE_BLOCKED",
    ],
  },
  pingbacks: {
    method: "GET",
    path: "/api/v2/captcha/pingbacks",
    summary: "The registered pingback addresses",
    response: { 200: PingbackAddresses },
    errors: CUSTOMER,
  },
  addPingback: {
    method: "POST",
    path: "/api/v2/captcha/pingbacks",
    summary: "Register a pingback address",
    body: StrictObject({ url: Type.String({ minLength: 1, maxLength: PINGBACK_URL_MAX_LENGTH }) }),
    response: { 200: PingbackAddresses },
    errors: [...CUSTOMER, "TOO_MANY_PINGBACK_ADDRESSES", "PINGBACK_URL_REFUSED"],
  },
  removePingback: {
    method: "DELETE",
    path: "/api/v2/captcha/pingbacks",
    summary: "Remove a pingback address (`all` removes every one)",
    querystring: StrictObject({ url: Type.String({ minLength: 1, maxLength: PINGBACK_URL_MAX_LENGTH }) }),
    response: { 200: PingbackRemoval },
    errors: [...CUSTOMER, "PINGBACK_ADDRESS_NOT_FOUND"],
  },
  taskPingback: {
    method: "GET",
    path: "/api/v2/captcha/tasks/:id/pingback",
    summary: "The pingback of one of the customer's tasks and its delivery attempts",
    params: IdParams,
    response: { 200: TaskPingback },
    errors: [...CUSTOMER, "TASK_NOT_FOUND"],
  },
  impossible: {
    method: "GET",
    path: "/api/v2/captcha/impossible",
    summary: "Tasks that ended unsolvable, and why",
    querystring: PageQuery,
    response: { 200: Page(ImpossibleItem) },
    errors: CUSTOMER,
  },
  errors: {
    method: "GET",
    path: "/api/v2/captcha/errors",
    summary: "What the API answered with an error to the customer's key in the last 30 days",
    querystring: PageQuery,
    response: { 200: Page(ReceivingErrorItem) },
    errors: CUSTOMER,
  },
  complaints: {
    method: "GET",
    path: "/api/v2/captcha/complaints",
    summary: "The customer's reportgood / reportbad, by report time",
    querystring: PageQuery,
    response: { 200: Page(ComplaintItem) },
    errors: CUSTOMER,
  },
  notCaptcha: {
    method: "GET",
    path: "/api/v2/captcha/not-captcha",
    summary: 'Tasks at least one worker marked "not a captcha"',
    querystring: PageQuery,
    response: { 200: Page(NotCaptchaItem) },
    errors: CUSTOMER,
  },
  pingbackLog: {
    method: "GET",
    path: "/api/v2/captcha/pingback-log",
    summary: "Every pingback delivery attempt, newest first",
    querystring: PageQuery,
    response: { 200: Page(PingbackLogItem) },
    errors: CUSTOMER,
  },
})

export const pricesApi = defineEndpoints("prices", {
  list: {
    method: "GET",
    path: "/api/v1/captcha/prices",
    summary: "The price per 1,000 tasks of each enabled type, per currency (public, cached 60 s)",
    public: true,
    response: { 200: CaptchaPrices },
  },
  adminList: {
    method: "GET",
    path: "/api/v2/admin/captcha-prices",
    summary: "Every captcha type as stored, with its prices, worker share and switch, for administrators",
    response: { 200: Type.Object({ types: Type.Array(AdminCaptchaType) }) },
    errors: ["NOT_SIGNED_IN", "FORBIDDEN"],
  },
  adminChange: {
    method: "PUT",
    path: "/api/v2/admin/captcha-prices",
    summary: "Change one type's price in a currency, its worker share or whether it is enabled",
    body: CaptchaPriceChange,
    response: { 200: AdminCaptchaType },
    errors: ["NOT_SIGNED_IN", "FORBIDDEN", "PRICE_INVALID", "CAPTCHA_TYPE_NOT_FOUND"],
  },
})

/** The worker's settings: tagged "worker" beside the worker API (contract/src/worker.ts), keys prefixed `settings`. */
export const workerSettingsApi = defineEndpoints("worker", {
  settings: {
    method: "GET",
    path: "/api/v2/worker/settings",
    summary: "The languages the worker takes tasks in, and every one they may choose",
    response: { 200: WorkerSettings },
    errors: ["NOT_SIGNED_IN", "WORKER_ACCOUNT_REQUIRED"],
  },
  settingsChange: {
    method: "PUT",
    path: "/api/v2/worker/settings",
    summary: "Choose the languages the worker takes tasks in",
    body: StrictObject({
      languages: Type.Array(Type.String({ maxLength: 8 }), {
        minItems: MIN_WORKER_LANGUAGES,
        maxItems: MAX_WORKER_LANGUAGES,
        uniqueItems: true,
      }),
      // GET only: a screen that sends the settings back as it got them is not refused for it.
      available: Type.Optional(Type.Array(Type.Unknown())),
    }),
    response: { 200: WorkerSettings },
    errors: ["NOT_SIGNED_IN", "WORKER_ACCOUNT_REQUIRED", "LANGUAGE_UNKNOWN"],
  },
})

/**
 * The captcha screens' route data (app/routes/customer.json, marketing.json, worker.json): lists preload their
 * first page, the graph its default window.
 */
export const captchaRouteData = {
  captchaTypes: routeDatum(captchaTypesApi.list),
  dashboard: routeDatum(customerApi.dashboard),
  captchaSamples: routeDatum(customerApi.samples),
  captchaSettings: routeDatum(captchaSettingsApi.settings),
  captchaPrices: routeDatum(pricesApi.list),
  pingbacks: routeDatum(captchaSettingsApi.pingbacks),
  pingbackLog: routeDatum(captchaSettingsApi.pingbackLog),
  impossibleCaptchas: routeDatum(captchaSettingsApi.impossible),
  receivingErrors: routeDatum(captchaSettingsApi.errors),
  complaints: routeDatum(captchaSettingsApi.complaints),
  notCaptcha: routeDatum(captchaSettingsApi.notCaptcha),
  uploads: routeDatum(customerApi.uploads),
  captureGraph: routeDatum(customerApi.graph),
  workerSettings: routeDatum(workerSettingsApi.settings),
}
