/**
 * The answers of the customer-area API (server/CAPTCHA-API.md, "Customer area") as the screens of /enterpage,
 * /setting/*, /statistics/* and /testcaptcha receive them. Each route's data hooks (app/src/data-hooks.ts)
 * preload the first page under these addresses; screens fetch other pages and filters with `api.get`.
 *
 * Money is in ledger micro-units (millionths of the currency): 1_450 is $0.00145.
 */
export const CUSTOMER_URLS = {
  dashboard: "/api/v2/dashboard",
  settings: "/api/v2/captcha/settings",
  pingbacks: "/api/v2/captcha/pingbacks",
  pingbackLog: "/api/v2/captcha/pingback-log",
  impossible: "/api/v2/captcha/impossible",
  errors: "/api/v2/captcha/errors",
  complaints: "/api/v2/captcha/complaints",
  notCaptcha: "/api/v2/captcha/not-captcha",
  uploads: "/api/v2/statistics/uploads",
  graph: "/api/v2/statistics/graph",
  prices: "/api/v1/captcha/prices",
  samples: "/api/v2/captcha/samples",
  test: "/api/v2/captcha/test",
  /** The task's picture (its first image file), for its owner only; 404 when it has none. */
  taskImage: (id: string) => `/api/v2/captcha/tasks/${id}/image`,
  /** A submitted test task's progress and the res.php exchange that reports it. */
  testTask: (id: string) => `/api/v2/captcha/test/${id}`,
  /** A sample picture (image/png). */
  sampleImage: (id: string) => `/api/v2/captcha/samples/${id}`,
} as const

export type Currency = "USD" | "RUB"
export type TaskState = "open" | "solved" | "unsolvable"

/** Paged lists: `page` counts from 1; `total` is the number of items matching the filters. */
export interface Page<T> {
  items: T[]
  total: number
  page: number
  pageSize: number
}

/** One of the customer's tasks as lists show it. */
export interface TaskSummary {
  id: string
  type: string
  state: TaskState
  /** Micro-units charged (0 until solved; back to 0 after a refund). */
  cost: number
  currency: Currency
  /** The answer as res.php gives it (text, click:1/3, a token …); null until solved. */
  answer: string | null
  /** ERROR_CAPTCHA_UNSOLVABLE, ERROR_BAD_DUPLICATES … when unsolvable. */
  errorCode: string | null
  createdAt: string
  endedAt: string | null
  /** Seconds from submission to the end; null while open. */
  solveSeconds: number | null
  report: "good" | "bad" | null
  refunded: boolean
  /** Whether GET CUSTOMER_URLS.taskImage(id) has a picture. */
  hasImage: boolean
}

/** GET /api/v2/dashboard. */
export interface DashboardData {
  balance: { amount: number; currency: Currency }
  /** "Today" and "this month" in the user's time zone. */
  today: { tasks: number; solved: number; spent: number }
  month: { tasks: number; solved: number; spent: number }
  /** The 10 newest tasks. */
  recent: TaskSummary[]
  /** The key itself is stored only as a hash: the hint is its last 4 characters (/profile/authentication makes a new one). */
  apiKey: { exists: boolean; hint: string | null; createdAt: string | null }
  load: {
    /** Tasks waiting for a worker now, all customers. */
    waiting: number
    /** Workers who claimed or answered in the last 2 minutes. */
    workersOnline: number
    /** Median seconds from submission to answer of image tasks solved in the last hour; null without any. */
    medianSolveSeconds: number | null
  }
  /** Current prices in the user's currency, catalogue order. */
  prices: { type: string; kind: "image" | "token"; perThousand: string }[]
}

/** GET and PUT /api/v2/captcha/settings (PUT takes any subset of the fields). */
export interface CaptchaSettings {
  /** IPv4/IPv6 addresses and CIDR ranges (203.0.113.0/24, 2001:db8::/32) that may use the key; empty = any. */
  allowedIps: string[]
  /** "100 % recognition": answers that must agree (2–5) out of at most maxAnswers (2–5); null = off. */
  recognition: { agree: number; maxAnswers: number } | null
  currency: Currency
  /** Defaults for tasks sent with the API key, used where a task does not set its own. */
  defaults: {
    /** Workers' language pool (lang): a code of LANGUAGES, or null for any. */
    language: string | null
    /** soft_id credited to a software developer; null = none. */
    softId: number | null
    /**
     * The most the customer pays per 1,000 image tasks, a decimal in the currency ("1.20"); an image task whose
     * price is higher is refused with ERROR_NO_SLOT_AVAILABLE. null = no limit.
     */
    maxBid: string | null
  }
  /** GET only: the language codes `defaults.language` may take. */
  languageOptions: string[]
}

/** GET /api/v2/captcha/pingbacks. */
export interface PingbackAddresses {
  addresses: string[]
}

/** GET /api/v2/captcha/pingback-log?page= : one row per delivery attempt, newest first. */
export interface PingbackLogItem {
  taskId: string
  url: string
  at: string
  /** HTTP status of the answer; null when there was none (error says why). */
  status: number | null
  durationMs: number
  error: string | null
  /** The delivery's state after all its attempts so far. */
  delivery: "pending" | "delivered" | "failed"
}

/** GET /api/v2/captcha/impossible?page= : tasks that ended unsolvable, newest first. */
export interface ImpossibleItem {
  id: string
  type: string
  errorCode: string
  createdAt: string
  endedAt: string
  /** Why: deadline (no accepted answer in time), no_agreement (100 % recognition answers differed), not_a_captcha. */
  reason: "deadline" | "no_agreement" | "not_a_captcha"
  /** Workers who were offered the task, and how many of them skipped it or marked it not a captcha. */
  offered: number
  skipped: number
  notACaptcha: number
  hasImage: boolean
}

/** GET /api/v2/captcha/errors?page= : what the API answered with an error to the customer's key, newest first (30 days). */
export interface ReceivingErrorItem {
  id: string
  at: string
  /** in.php, res.php, createTask, getTaskResult … */
  endpoint: string
  /** The code the API answered: ERROR_ZERO_BALANCE, ERROR_WRONG_CAPTCHA_ID … */
  code: string
  /** Why, in English, from the API reference (the screen translates known codes). */
  description: string
  ip: string | null
}

/** GET /api/v2/captcha/complaints?page= : the customer's reports, newest first. */
export interface ComplaintItem {
  taskId: string
  type: string
  verdict: "good" | "bad"
  reportedAt: string
  answer: string | null
  /** refunded: the price came back; recorded: noted (reportgood, or a bad report that was not refunded). */
  outcome: "refunded" | "recorded"
  refund: number
  currency: Currency
}

/** GET /api/v2/captcha/not-captcha?page= : tasks at least one worker marked "not a captcha", newest first. */
export interface NotCaptchaItem {
  id: string
  type: string
  createdAt: string
  state: TaskState
  /** Workers who marked it. */
  marks: number
  hasImage: boolean
}

/** Filters of GET /api/v2/statistics/uploads (query parameters; dates YYYY-MM-DD, inclusive). */
export interface UploadFilters {
  page?: number
  pageSize?: number
  type?: string
  state?: TaskState
  dateFrom?: string
  dateTo?: string
}

/** GET /api/v2/statistics/uploads: the latest uploads. */
export interface UploadItem extends TaskSummary {
  /** Seconds the worker who gave the accepted answer took from the offer to the answer. */
  workerSeconds: number | null
}

/**
 * GET /api/v2/statistics/graph?dateFrom=&dateTo= (YYYY-MM-DD, at most 92 days; default the last 7 days: today and
 * 6 days before, in the user's time zone). One row per day and type that had tasks.
 */
export interface GraphData {
  dateFrom: string
  dateTo: string
  currency: Currency
  rows: {
    date: string
    type: string
    tasks: number
    solved: number
    spent: number
    /** Mean seconds from submission to answer of the solved ones; null when none was solved. */
    averageSolveSeconds: number | null
  }[]
}

/** GET /api/v2/captcha/samples: pictures and questions to try /testcaptcha with, answers included. */
export interface CaptchaSample {
  id: string
  /** ImageToTextTask, TextCaptchaTask, GridTask … */
  type: string
  /** in.php fields that go with it (textinstructions, recaptcharows …). */
  fields: Record<string, string>
  /** CUSTOMER_URLS.sampleImage(id), or null for a question without picture (TextCaptchaTask). */
  imageUrl: string | null
  answer: string
}
export interface SamplesData {
  samples: CaptchaSample[]
}

/**
 * POST /api/v2/captcha/test: submits a task for the signed-in customer exactly as in.php would take it (the
 * same parameters, checks, price and hold). Body: in.php `fields` (method=base64 with `body`, or textcaptcha …).
 * Refusals are in.php's error codes in `response`, with HTTP 200, as the real API answers.
 */
export interface TestSubmission {
  /** The task id, or null when the API refused it. */
  taskId: string | null
  exchange: ApiExchange
}

/** One request and the API's answer, as a developer's client would see them (the key shown as YOUR_API_KEY). */
export interface ApiExchange {
  request: string
  response: string
}

/** GET /api/v2/captcha/test/:id: where the task is now, and the res.php exchange that reports it. */
export interface TestTaskProgress {
  id: string
  /** queued: waiting for a worker; working: a worker has it; then solved or unsolvable. */
  stage: "queued" | "working" | "solved" | "unsolvable"
  answer: string | null
  errorCode: string | null
  cost: number
  currency: Currency
  solveSeconds: number | null
  exchange: ApiExchange
}
