/*
 * The worker API (server/CAPTCHA-API.md "Dispatch and the worker API"): worker software and the browser cabinet
 * take tasks (a long poll), answer or skip them, keep their leases alive, train for new types and read their
 * own figures. A worker authenticates with the account's API key (Authorization: Bearer <32 hex digits>) or the
 * signed-in session (with the x-csrf-token header on POST). Its own OpenAPI document, the worker-tagged part of
 * /api/openapi.json, is served at /api/v1/worker/openapi.json and as a page at /api/v1/worker/docs.
 *
 * Also here: the check tasks (gold and training tasks with known answers) that moderators manage.
 * Money is in ledger micro-units (millionths of the currency).
 */
import { ErrorEnvelope } from "./common"
import { defineEndpoints, routeDatum } from "./endpoint"
import { NoContent, Id, IdParams, Nullable, StrictObject, StringEnum, Type, type Static } from "./schema"

/** The common prefix of the worker API's addresses: its OpenAPI document's server. */
export const WORKER_API_BASE = "/api/v1/worker"

/** image: a picture or question a person answers; token: a widget worker software loads (reCAPTCHA …). */
export const TASK_KINDS = ["image", "token"] as const
export type TaskKind = (typeof TASK_KINDS)[number]

/**
 * A worker's standing in a task type: training first, active (real work) once the training is passed, suspended
 * when accuracy falls below the bar — until the worker passes the type's training again (or a moderator lifts it).
 */
export const SKILL_STATUSES = ["training", "active", "suspended"] as const
export type SkillStatus = (typeof SKILL_STATUSES)[number]

/**
 * Types a person solves in the browser cabinet, each with its solving panel. Every one of them has training,
 * and a worker gets real tasks of one only once they have passed it. Other types (widget captchas, image types
 * the cabinet cannot show) are for worker software.
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

/**
 * Why a worker was suspended from a type: goldAccuracy (check tasks answered right fell below the bar),
 * reports (customers reported too many answers wrong), moderator (a moderator's decision, see the note).
 */
export const SUSPENSION_CAUSES = ["goldAccuracy", "reports", "moderator"] as const
export type SuspensionCause = (typeof SUSPENSION_CAUSES)[number]

/** gold: a check task with a known answer answered wrong; report: the customer reported the answer wrong. */
export const MISTAKE_SOURCES = ["gold", "report"] as const
export type MistakeSource = (typeof MISTAKE_SOURCES)[number]

/** The longest a claim waits for a task (long poll), in seconds. */
export const MAX_WAIT_SECONDS = 30

/** The security schemes of /api/openapi.json the worker API accepts: the API key, or the browser's session. */
const WORKER_SECURITY = ["workerKey", "session"] as const

/**
 * A solution as API v2 getTaskResult gives it for the task's type: { text } for ImageToTextTask, TextCaptchaTask,
 * AudioTask; { click: [cell numbers from 1, row by row] } for GridTask; { coordinates: [{ x, y }] } in image
 * pixels for CoordinatesTask; { rotate: degrees } (or a list, one per image) for RotateTask;
 * { bounding_boxes: [{ xMin, xMax, yMin, yMax }] } for BoundingBoxTask; { canvas: [[{ x, y }, …]] } (areas of
 * ≥ 3 points) for DrawAroundTask; { gRecaptchaResponse } for reCAPTCHA …
 */
export type Solution = Record<string, unknown>

/** A JSON object with any properties, as `{ "type": "object", "additionalProperties": true }`. */
const AnyObject = (description?: string) =>
  Type.Unsafe<Record<string, unknown>>({
    type: "object",
    additionalProperties: true,
    ...(description ? { description } : {}),
  })

/** A task type's catalogue code as a claim names it (ImageToTextTask, RecaptchaV2Task …). */
const TypeCode = (description?: string) =>
  Type.String({ pattern: "^[A-Za-z0-9]{1,64}$", ...(description ? { description } : {}) })

/**
 * 204 No Content: documented without a body (`{ "type": "null" }`), and typed so that a handler answers it with
 * `reply.code(204).send()` — no payload, so Fastify sends no content type either.
 */

/** The error envelope of one HTTP status, with what it means for this API. */
const refusal = (description: string) => Type.Unsafe<ErrorEnvelope>({ ...ErrorEnvelope, description })

// ---------------------------------------------------------------------------------------------------------
// Answers

export const OfferFile = Type.Object({
  name: Type.String({ description: "body, imgInstructions, images.0 …" }),
  mime: Type.String(),
  data: Type.String({ contentEncoding: "base64" }),
})
export type OfferFile = Static<typeof OfferFile>

/** A task given to a worker (POST claim → 200, or 204 when none came within the wait). */
export const Offer = Type.Object({
  assignmentId: Type.String({ description: "Answer, skip or renew the lease with this id." }),
  type: Type.String({ description: "The task type, e.g. ImageToTextTask." }),
  kind: StringEnum(TASK_KINDS),
  /**
   * ImageToTextTask: phrase, case, numeric (0 any, 1 digits, 2 letters, 3 digits or letters, 4 both), math,
   * minLength, maxLength, language (0 any, 1 Cyrillic, 2 Latin), comment. TextCaptchaTask: comment (the
   * question). GridTask: rows, columns, minClicks, maxClicks, canNoAnswer, comment. CoordinatesTask: minClicks,
   * maxClicks, comment. RotateTask: angle (step in degrees), imageCount, comment. BoundingBoxTask /
   * DrawAroundTask: comment. AudioTask: lang. CoordinatesTask / BoundingBoxTask created as Anti-Captcha's
   * ImageToCoordinatesTask also carry mode ("points" / "rectangles"); nothing changes for the worker.
   */
  params: AnyObject("The task's fields with their API v2 names (websiteURL, comment, textinstructions …)."),
  language: Nullable(Type.String(), { description: "The language of a text task (lang / languagePool)." }),
  files: Type.Array(OfferFile),
  leaseUntil: Type.String({
    format: "date-time",
    description: "Answer before this time or send a heartbeat; afterwards the task goes to someone else.",
  }),
})
export type Offer = Static<typeof Offer>

/**
 * POST answer → 200. A refusal is 400 BAD_ANSWER (the message says what is wrong), 404 ASSIGNMENT_NOT_FOUND,
 * 409 ASSIGNMENT_CLOSED | LEASE_EXPIRED | TASK_ENDED.
 */
/** What an answer did to the player's XP, in the worker API's answer outcome. */
export const XpAward = Type.Object(
  {
    xp: Type.Integer({ description: "XP credited for this answer." }),
    worth: Type.Integer({ description: "What it was worth before the hour's cap." }),
    capped: Type.Boolean(),
    total: Type.Integer({ description: "The player's XP now." }),
    level: Type.Integer({ description: "The player's level now." }),
    levelUp: Type.Boolean({ description: "This answer reached a new level (a reward waits in /rewards)." }),
    hour: Type.Integer({
      description: "XP earned in this clock hour, this answer's included (the cap's measure).",
    }),
    bonus: Type.Integer({
      description: "The active booster's bonus for this answer, micro-units of its currency (0 without one).",
    }),
  },
  { description: "Play-and-earn: the XP this answer earned (and the booster's bonus)." },
)
export type XpAward = Static<typeof XpAward>

export const AnswerOutcome = Type.Object({
  accepted: Type.Literal(true),
  earned: Type.Integer({
    description: "Micro-units (millionths of the currency) credited for this answer now.",
  }),
  currency: Type.String(),
  training: Type.Optional(
    Type.Object(
      {
        correct: Type.Boolean(),
        expected: AnyObject(
          'The accepted answer (the first one known), a v2 solution object such as { "text": "w9h5k" }.',
        ),
      },
      { description: "Training tasks only: whether the answer was right, and the right answer." },
    ),
  ),
  xp: Type.Optional(XpAward),
})
export type AnswerOutcome = Static<typeof AnswerOutcome>

export const HeartbeatOutcome = Type.Object({
  leaseUntil: Nullable(Type.String({ format: "date-time" }), {
    description: "The renewed lease; null when no assignment was named.",
  }),
})
export type HeartbeatOutcome = Static<typeof HeartbeatOutcome>

export const Suspension = Type.Object(
  {
    cause: StringEnum(SUSPENSION_CAUSES),
    percent: Nullable(Type.Integer(), {
      description:
        "goldAccuracy: the share of check tasks answered right, in per cent; reports: the share of answers " +
        "customers reported wrong; null for a moderator's decision.",
    }),
    limit: Nullable(Type.Integer(), {
      description:
        "The bar in per cent: at least this much right (goldAccuracy), at most this much reported.",
    }),
    at: Type.String({ format: "date-time", description: "When the suspension began." }),
  },
  {
    description:
      "Why the worker is suspended from the type. Passing the type's training again (judged on the training " +
      "answers given since `at`) lifts it.",
  },
)
export type Suspension = Static<typeof Suspension>

export const WorkerTypeStats = Type.Object({
  type: Type.String(),
  status: StringEnum(SKILL_STATUSES),
  reason: Nullable(Type.String(), {
    description: "Why the worker is suspended from this type, in English (suspension has it in figures).",
  }),
  suspension: Nullable(Suspension),
  rating: Type.Integer(),
  answered: Type.Integer(),
  goldAccuracy: Nullable(Type.Number(), { description: "Share of gold tasks answered right." }),
  reportedGood: Type.Integer(),
  reportedBad: Type.Integer(),
})
export type WorkerTypeStats = Static<typeof WorkerTypeStats>

/** GET stats. */
export const WorkerStats = Type.Object({
  types: Type.Array(WorkerTypeStats),
  today: Type.Object({
    answered: Type.Integer(),
    earned: Type.Integer({ description: "Micro-units." }),
  }),
  balance: Type.Object({
    amount: Type.Integer({ description: "Micro-units." }),
    currency: Type.String(),
  }),
})
export type WorkerStats = Static<typeof WorkerStats>

export const Mistake = Type.Object({
  id: Type.String(),
  type: Type.String(),
  source: StringEnum(MISTAKE_SOURCES, {
    description: "gold: a check task with a known answer; report: the customer reported the answer wrong.",
  }),
  given: Type.Unsafe<Solution>({ description: "The worker's answer (a v2 solution object)." }),
  expected: Type.Unsafe<Solution | null>({
    description: "The known answer of a check task; null for reports.",
  }),
  at: Type.String({ format: "date-time" }),
  image: Nullable(Type.String(), {
    description:
      "The task's picture as a data: URL; null for a task without one (a question), a task whose " +
      "files are gone, or once the list's pictures pass 4 MB.",
  }),
  comment: Nullable(Type.String(), { description: "The task's question or instructions, if any." }),
})
export type Mistake = Static<typeof Mistake>

export const AccuracyDay = Type.Object({
  type: Type.String(),
  date: Type.String({ format: "date", description: "YYYY-MM-DD in the worker's time zone." }),
  checked: Type.Integer(),
  correct: Type.Integer(),
})
export type AccuracyDay = Static<typeof AccuracyDay>

/** GET mistakes. */
export const MistakesData = Type.Object({
  items: Type.Array(Mistake),
  accuracy: Type.Array(AccuracyDay, {
    description:
      "Checked answers (check tasks, training tasks, answers customers reported) per type and day of the " +
      "last 30 days in the worker's time zone, oldest first; days without any are left out.",
  }),
})
export type MistakesData = Static<typeof MistakesData>

export const TrainingType = Type.Object({
  type: Type.String(),
  status: StringEnum(SKILL_STATUSES),
  answered: Type.Integer({
    description:
      "The worker's last training answers (at most required); while suspended, only those given since the " +
      "suspension (retraining).",
  }),
  correct: Type.Integer({ description: "How many of those were right." }),
  remaining: Type.Integer({
    description:
      "Training tasks of the type the worker has not answered right yet (while suspended: not since the " +
      "suspension).",
  }),
  suspension: Nullable(Suspension),
})
export type TrainingType = Static<typeof TrainingType>

/** GET training: every type that opens only after training. */
export const TrainingData = Type.Object({
  required: Type.Integer({ description: "Training answers that are judged: the last ones given." }),
  passShare: Type.Number({
    description: "The share of them that must be right to be admitted to real work (0.8).",
  }),
  types: Type.Array(TrainingType, {
    description:
      "Each type that opens only after training (the cabinet's types, and any other with training tasks), in " +
      "catalogue order.",
  }),
})
export type TrainingData = Static<typeof TrainingData>

/** A check task as moderators see it: gold (mixed into real work) or training, with its accuracy so far. */
export const GoldTask = Type.Object({
  id: Type.String(),
  type: Type.String(),
  training: Type.Boolean(),
  enabled: Type.Boolean(),
  answers: Type.Array(AnyObject(), { description: "The accepted answers, as v2 solutions." }),
  createdAt: Type.String(),
  given: Type.Integer(),
  accuracy: Nullable(Type.Number()),
})
export type GoldTask = Static<typeof GoldTask>

// ---------------------------------------------------------------------------------------------------------
// Requests

const AssignmentParams = StrictObject({ id: Id("The assignment id of an offer.") })

const guarded = {
  401: refusal(
    "No or unknown credentials (NOT_AUTHENTICATED, INVALID_API_KEY); the WWW-Authenticate header says how to " +
      "authenticate.",
  ),
  403: refusal(
    "The account is not a worker's (NOT_A_WORKER), the key may not be used from this address (IP_NOT_ALLOWED), " +
      "or a signed-in browser's request lacks its CSRF token (CSRF_TOKEN_INVALID).",
  ),
  429: refusal("Too many requests (RATE_LIMITED); the Retry-After header says when to try again."),
}
const notFound = refusal("No such assignment of yours (ASSIGNMENT_NOT_FOUND).")
const GUARD_ERRORS = [
  "NOT_AUTHENTICATED",
  "INVALID_API_KEY",
  "IP_NOT_ALLOWED",
  "NOT_A_WORKER",
  "RATE_LIMITED",
]
/** POST calls of a signed-in browser also need the x-csrf-token header. */
const POST_GUARD_ERRORS = [...GUARD_ERRORS, "CSRF_TOKEN_INVALID"]

export const workerApi = defineEndpoints("worker", {
  claim: {
    method: "POST",
    path: `${WORKER_API_BASE}/claim`,
    summary: "Take the next task (long poll)",
    description:
      "Gives the next task for this worker, waiting up to waitSeconds for one to come in. The task is leased to " +
      "the worker until leaseUntil. A worker is never offered the same task twice. Real tasks of a type come " +
      "only once the worker has passed its training (GET training); until then that type's training tasks " +
      "come first. The body may be left out.",
    security: WORKER_SECURITY,
    body: StrictObject({
      types: Type.Optional(
        Type.Array(TypeCode(), {
          minItems: 1,
          maxItems: 64,
          uniqueItems: true,
          description:
            "Task types the worker takes (catalogue codes such as ImageToTextTask or RecaptchaV2Task). Without " +
            "it, every image type; token types are offered only when listed here.",
        }),
      ),
      demoWidgets: Type.Optional(
        Type.Boolean({
          description:
            "Also token tasks for Manyhands' own demo widgets (/demo): tasks of a token type that carry a demo's " +
            "site key, which a person solves on our widget in the browser (the worker cabinet sends true). " +
            "Token tasks for other sites still come only by `types`.",
        }),
      ),
      waitSeconds: Type.Optional(
        Type.Number({
          minimum: 0,
          maximum: MAX_WAIT_SECONDS,
          default: 0,
          description:
            "How long to wait for a task when none is available now (long poll); 0 answers at once.",
        }),
      ),
    }),
    response: {
      200: { ...Offer, description: "A task for the worker." } as typeof Offer,
      204: NoContent("No task came in within waitSeconds; ask again."),
      400: refusal(
        "Malformed request (VALIDATION_FAILED) or a task type that does not exist (UNKNOWN_TYPE).",
      ),
      ...guarded,
    },
    errors: ["UNKNOWN_TYPE", ...POST_GUARD_ERRORS],
  },
  answer: {
    method: "POST",
    path: `${WORKER_API_BASE}/assignments/:id/answer`,
    summary: "Answer an assigned task",
    description:
      "Sends the solution of a claimed task. It is checked against the task's type (BAD_ANSWER when it does not " +
      "fit); an accepted answer is paid once the task is solved.",
    security: WORKER_SECURITY,
    params: AssignmentParams,
    body: StrictObject({
      // Any JSON value: the task's type decides (BAD_ANSWER otherwise). A "type" here would let the validator's
      // type coercion turn a bare "123" into ["123"].
      solution: Type.Unknown({
        examples: [{ text: "w9h5k" }, "w9h5k", { click: [1, 4] }],
        description:
          'The solution object as API v2 getTaskResult returns it for the task\'s type, e.g. { "text": "w9h5k" } ' +
          'for ImageToTextTask, { "click": [1, 4] } for GridTask, { "gRecaptchaResponse": "…" } for ' +
          'reCAPTCHA; or just its one value ("w9h5k", [1, 4]).',
      }),
    }),
    response: {
      200: { ...AnswerOutcome, description: "The answer was accepted." } as typeof AnswerOutcome,
      400: refusal(
        "Malformed request (VALIDATION_FAILED) or a solution that does not fit the task (BAD_ANSWER).",
      ),
      ...guarded,
      404: notFound,
      409: refusal(
        "The assignment is closed (ASSIGNMENT_CLOSED), its lease ran out (LEASE_EXPIRED) or the task ended " +
          "(TASK_ENDED).",
      ),
    },
    errors: [
      "BAD_ANSWER",
      "ASSIGNMENT_NOT_FOUND",
      "ASSIGNMENT_CLOSED",
      "LEASE_EXPIRED",
      "TASK_ENDED",
      ...POST_GUARD_ERRORS,
    ],
  },
  skip: {
    method: "POST",
    path: `${WORKER_API_BASE}/assignments/:id/skip`,
    summary: "Give a task back",
    description:
      "Returns the task to the queue for another worker; this worker will not be offered it again.",
    security: WORKER_SECURITY,
    params: AssignmentParams,
    response: {
      204: NoContent("The task went back to the queue."),
      400: refusal("Malformed request (VALIDATION_FAILED)."),
      ...guarded,
      404: notFound,
      409: refusal("The assignment is closed (ASSIGNMENT_CLOSED)."),
    },
    errors: ["ASSIGNMENT_NOT_FOUND", "ASSIGNMENT_CLOSED", ...POST_GUARD_ERRORS],
  },
  notACaptcha: {
    method: "POST",
    path: `${WORKER_API_BASE}/assignments/:id/not-a-captcha`,
    summary: "Report that a task is not a captcha",
    description:
      "Gives the task back like a skip and records that it is not a captcha; when two workers say so the task " +
      "ends as unsolvable and the customer is not charged.",
    security: WORKER_SECURITY,
    params: AssignmentParams,
    response: {
      204: NoContent("Recorded."),
      400: refusal("Malformed request (VALIDATION_FAILED)."),
      ...guarded,
      404: notFound,
      409: refusal("The assignment is closed (ASSIGNMENT_CLOSED)."),
    },
    errors: ["ASSIGNMENT_NOT_FOUND", "ASSIGNMENT_CLOSED", ...POST_GUARD_ERRORS],
  },
  heartbeat: {
    method: "POST",
    path: `${WORKER_API_BASE}/heartbeat`,
    summary: "Keep working on a task",
    description:
      "Renews the lease of the named assignment (never past the task's deadline). Without an assignment it " +
      "only checks the credentials. The body may be left out.",
    security: WORKER_SECURITY,
    body: StrictObject({
      assignmentId: Type.Optional(Id("The assignment whose lease to renew.")),
    }),
    response: {
      200: {
        ...HeartbeatOutcome,
        description: "The lease now runs until leaseUntil.",
      } as typeof HeartbeatOutcome,
      400: refusal("Malformed request (VALIDATION_FAILED)."),
      ...guarded,
      404: notFound,
      409: refusal("The assignment is closed (ASSIGNMENT_CLOSED) or its lease ran out (LEASE_EXPIRED)."),
    },
    errors: ["ASSIGNMENT_NOT_FOUND", "ASSIGNMENT_CLOSED", "LEASE_EXPIRED", ...POST_GUARD_ERRORS],
  },
  stats: {
    method: "GET",
    path: `${WORKER_API_BASE}/stats`,
    summary: "Own statistics",
    description:
      "The worker's standing and accuracy per task type, today's answers and earnings, and balance.",
    security: WORKER_SECURITY,
    response: {
      200: { ...WorkerStats, description: "The worker's figures." } as typeof WorkerStats,
      ...guarded,
    },
    errors: GUARD_ERRORS,
  },
  mistakes: {
    method: "GET",
    path: `${WORKER_API_BASE}/mistakes`,
    summary: "Own mistakes",
    description:
      "The worker's last 100 wrong answers, newest first (check and training tasks answered wrong, answers " +
      "customers reported), with each task's picture and question, and the worker's accuracy per type and day.",
    security: WORKER_SECURITY,
    response: {
      200: { ...MistakesData, description: "Mistakes and accuracy." } as typeof MistakesData,
      ...guarded,
    },
    errors: GUARD_ERRORS,
  },
  training: {
    method: "GET",
    path: `${WORKER_API_BASE}/training`,
    summary: "Own training",
    description:
      "Per type that opens only after training: the worker's standing, their last training answers and how many " +
      "were right, and the training tasks not yet answered right. Of the last `required` answers, a share of " +
      "`passShare` right admits the worker to real work of the type; a suspended worker retrains the same way, " +
      "judged on the answers given since the suspension.",
    security: WORKER_SECURITY,
    response: {
      200: { ...TrainingData, description: "The worker's training." } as typeof TrainingData,
      ...guarded,
    },
    errors: GUARD_ERRORS,
  },
  trainingClaim: {
    method: "POST",
    path: `${WORKER_API_BASE}/training/claim`,
    summary: "Take a training task",
    description:
      "Gives a training task of the type that the worker has not answered right yet (while suspended from the " +
      "type: not since the suspension), leased like any task. Its answer outcome says whether the answer was " +
      "right and what the right answer is.",
    security: WORKER_SECURITY,
    body: StrictObject({ type: TypeCode("The task type to train for, e.g. ImageToTextTask.") }),
    response: {
      200: { ...Offer, description: "A training task." } as typeof Offer,
      204: NoContent(
        "The worker is not in training for the type (already admitted, or the type has no training tasks), " +
          "or no training task is left for them.",
      ),
      400: refusal(
        "Malformed request (VALIDATION_FAILED) or a task type that does not exist (UNKNOWN_TYPE).",
      ),
      ...guarded,
    },
    errors: ["UNKNOWN_TYPE", ...POST_GUARD_ERRORS],
  },
  openapi: {
    method: "GET",
    path: `${WORKER_API_BASE}/openapi.json`,
    summary: "The worker API's description (OpenAPI 3.1)",
    description:
      "The machine-readable description of the worker API: the worker-tagged part of /api/openapi.json, with " +
      "paths relative to its server, /api/v1/worker.",
    public: true,
    response: {
      200: Type.Object(
        { openapi: Type.String(), info: AnyObject(), paths: AnyObject() },
        { additionalProperties: true, description: "The OpenAPI 3.1 document." },
      ),
    },
  },
  docs: {
    method: "GET",
    path: `${WORKER_API_BASE}/docs`,
    summary: "The worker API's description for people",
    description: "A plain HTML page listing the operations.",
    public: true,
    response: { 200: Type.String({ description: "An HTML page.", contentMediaType: "text/html" }) },
  },
})

/** The most answers a check task may list. */
export const MAX_GOLD_ANSWERS = 10

const REVIEWER_ERRORS = ["NOT_SIGNED_IN", "FORBIDDEN"]

/** Check tasks (quality control, server/CAPTCHA-API.md): moderators and administrators manage them. */
export const goldTasksApi = defineEndpoints("gold-tasks", {
  list: {
    method: "GET",
    path: "/api/v2/admin/gold-tasks",
    summary: "Check tasks, newest first (at most 500), with how often they were given and answered right",
    response: { 200: Type.Object({ items: Type.Array(GoldTask) }) },
    errors: REVIEWER_ERRORS,
  },
  create: {
    method: "POST",
    path: "/api/v2/admin/gold-tasks",
    summary: "Add a check task: an API v2 task object with its accepted answers",
    description:
      "The task is validated like a customer's createTask `task`; the answers are v2 solutions of its type. " +
      "Only image types whose answers can be compared (text, grid, coordinates, rotation …) take check tasks.",
    body: StrictObject({
      task: AnyObject("An API v2 createTask `task` object."),
      answers: Type.Array(Type.Unknown(), {
        minItems: 1,
        maxItems: MAX_GOLD_ANSWERS,
        description: "The accepted answers, as v2 solutions.",
      }),
      training: Type.Optional(
        Type.Boolean({ description: "A training task (true) or a gold task mixed into real work." }),
      ),
    }),
    response: { 201: GoldTask },
    errors: [...REVIEWER_ERRORS, "GOLD_TASK_INVALID"],
  },
  update: {
    method: "PUT",
    path: "/api/v2/admin/gold-tasks/:id",
    summary: "Turn a check task on or off",
    params: IdParams,
    body: StrictObject({ enabled: Type.Boolean() }),
    response: { 200: GoldTask },
    errors: [...REVIEWER_ERRORS, "GOLD_TASK_NOT_FOUND"],
  },
})

/** A worker's standing in one type, as a moderator's change leaves it. */
export const WorkerStanding = Type.Object({
  workerId: Type.String(),
  type: Type.String(),
  status: StringEnum(SKILL_STATUSES),
})
export type WorkerStanding = Static<typeof WorkerStanding>

/** Workers' standing per type: moderators and administrators lift a suspension. */
export const workerStandingApi = defineEndpoints("worker-standing", {
  reinstate: {
    method: "POST",
    path: "/api/v2/admin/workers/:id/types/:type/reinstate",
    summary: "Lift a worker's suspension from a task type",
    description:
      "Makes the type active for the worker again, as passing its training again would: accuracy on check " +
      "tasks and customers' reports are judged afresh from now on.",
    params: StrictObject({
      id: Id("The worker's account id."),
      type: TypeCode("The task type, e.g. GridTask."),
    }),
    response: { 200: WorkerStanding },
    errors: [...REVIEWER_ERRORS, "WORKER_NOT_FOUND", "UNKNOWN_TYPE", "NOT_SUSPENDED"],
  },
})

/** The worker screens' route data (app/routes/worker.json). */
export const workerRouteData = {
  workerStats: routeDatum(workerApi.stats),
  training: routeDatum(workerApi.training),
  mistakes: routeDatum(workerApi.mistakes),
}
