/**
 * The worker API (/api/v1/worker/*, server/CAPTCHA-API.md "Worker API", OpenAPI at /api/v1/worker/openapi.json)
 * and the worker settings as the screens of /cabinet, /cabinet/training, /cabinet/mistakes and
 * /cabinet/editlang use them. In the browser the session authenticates (with the CSRF header the app's API
 * client adds). Money is in ledger micro-units (millionths of the currency).
 */
export const WORKER_URLS = {
  claim: "/api/v1/worker/claim",
  answer: (assignmentId: string) => `/api/v1/worker/assignments/${assignmentId}/answer`,
  skip: (assignmentId: string) => `/api/v1/worker/assignments/${assignmentId}/skip`,
  notACaptcha: (assignmentId: string) => `/api/v1/worker/assignments/${assignmentId}/not-a-captcha`,
  heartbeat: "/api/v1/worker/heartbeat",
  stats: "/api/v1/worker/stats",
  mistakes: "/api/v1/worker/mistakes",
  /** GET: the worker's training per type. */
  training: "/api/v1/worker/training",
  /** POST { type }: the next training task of that type (204 when the type needs no more training). */
  trainingClaim: "/api/v1/worker/training/claim",
  settings: "/api/v2/worker/settings",
  /** Public: pay per type for /job. */
  prices: "/api/v1/captcha/prices",
} as const

/**
 * Types a person can solve in the browser cabinet, each with its solving panel. Token types (reCAPTCHA …) need
 * worker software (/workers-software).
 */
export const CABINET_TYPES = [
  "ImageToTextTask",
  "TextCaptchaTask",
  "GridTask",
  "CoordinatesTask",
  "RotateTask",
  "BoundingBoxTask",
  "DrawAroundTask",
  "AudioTask",
] as const
export type CabinetType = (typeof CABINET_TYPES)[number]

export interface OfferFile {
  /** body, imgInstructions, images.0 … */
  name: string
  mime: string
  /** base64 */
  data: string
}

/** POST claim { types, waitSeconds ≤ 30 } → 200 Offer, or 204 when nothing came within the wait. */
export interface Offer {
  assignmentId: string
  type: string
  kind: "image" | "token"
  /**
   * The task's fields with API v2 names. ImageToTextTask: phrase, case, numeric (0 any, 1 digits, 2 letters,
   * 3 digits or letters, 4 both), math, minLength, maxLength, language (0 any, 1 Cyrillic, 2 Latin), comment.
   * TextCaptchaTask: comment (the question). GridTask: rows, columns, minClicks, maxClicks, canNoAnswer, comment.
   * CoordinatesTask: minClicks, maxClicks, comment. RotateTask: angle (step in degrees), imageCount, comment.
   * BoundingBoxTask / DrawAroundTask: comment. AudioTask: lang.
   */
  params: Record<string, unknown>
  language: string | null
  files: OfferFile[]
  leaseUntil: string
}

/**
 * The solution to send (POST answer { solution }), per type:
 * { text } for ImageToTextTask, TextCaptchaTask, AudioTask; { click: [cell numbers from 1, row by row] } for
 * GridTask; { coordinates: [{ x, y }] } in image pixels for CoordinatesTask; { rotate: degrees } (or a list, one
 * per image) for RotateTask; { bounding_boxes: [{ xMin, xMax, yMin, yMax }] } for BoundingBoxTask;
 * { canvas: [[{ x, y }, …]] } (areas of ≥ 3 points) for DrawAroundTask.
 */
export type Solution = Record<string, unknown>

/**
 * POST answer → 200. A refusal is the error envelope { error: { code, message } } with 400 BAD_ANSWER (the
 * message says what is wrong), 404 ASSIGNMENT_NOT_FOUND, 409 ASSIGNMENT_CLOSED | LEASE_EXPIRED | TASK_ENDED.
 */
export interface AnswerOutcome {
  accepted: true
  earned: number
  currency: string
  /** Training tasks only: whether it was right, and the accepted answer. */
  training?: { correct: boolean; expected: Solution }
}

/** skip and not-a-captcha → 204. heartbeat { assignmentId } → { leaseUntil }. */
export interface HeartbeatOutcome {
  leaseUntil: string | null
}

export type SkillStatus = "training" | "active" | "suspended"

/** GET stats. */
export interface WorkerStats {
  types: {
    type: string
    status: SkillStatus
    /** Why the worker is suspended from this type. */
    reason: string | null
    rating: number
    answered: number
    goldAccuracy: number | null
    reportedGood: number
    reportedBad: number
  }[]
  today: { answered: number; earned: number }
  balance: { amount: number; currency: string }
}

/** GET training: per type that has training tasks. */
export interface TrainingData {
  /** Answers needed, and the share of them that must be right (5 and 0.8). */
  required: number
  passShare: number
  types: {
    type: string
    status: SkillStatus
    answered: number
    correct: number
    /** Training tasks of the type the worker has not yet answered right. */
    remaining: number
  }[]
}

/** GET mistakes. */
export interface MistakesData {
  items: {
    id: string
    type: string
    source: "gold" | "report"
    given: Solution
    /** The accepted answer of a check task; null for a customer's report. */
    expected: Solution | null
    at: string
    /** The task's picture as a data: URL, or null (a question without picture, or a task deleted since). */
    image: string | null
    /** The task's question or instructions, if any. */
    comment: string | null
  }[]
  /** Checked answers (gold, training, reports) per type and day, last 30 days, oldest first. */
  accuracy: { type: string; date: string; checked: number; correct: number }[]
}

/** GET and PUT /api/v2/worker/settings. */
export interface WorkerSettings {
  /** Codes of LANGUAGES (server/src/modules/captcha/task-types.ts): the language pools the worker takes. */
  languages: string[]
  /** GET only: every language code a worker may choose, in the catalogue's order. */
  available: string[]
}
