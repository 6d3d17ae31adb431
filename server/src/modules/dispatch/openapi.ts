import type { FastifySchema } from "fastify"
import { errorEnvelopeSchema } from "../../http/errors"

/** A JSON Schema object as Fastify validates it and OpenAPI 3.1 documents it (the same object for both). */
export type JsonSchema = Readonly<Record<string, unknown>>

export interface ApiResponse {
  description: string
  /** The JSON body; none for 204. */
  schema?: JsonSchema
  /** A body that is not JSON (the documentation page). */
  mediaType?: string
}

/** One route of a documented API: the route is registered from it and its OpenAPI entry is made from it. */
export interface ApiOperation {
  method: "GET" | "POST"
  /** Fastify form, e.g. /api/v1/worker/assignments/:id/answer. */
  url: string
  operationId: string
  summary: string
  description: string
  params?: JsonSchema
  body?: JsonSchema
  /** The body may be left out entirely (all its fields are optional). */
  bodyOptional?: boolean
  responses: Record<number, ApiResponse>
  /** Public operations (the documentation itself) need no credentials. */
  public?: boolean
}

export interface SecurityScheme {
  name: string
  scheme: Record<string, unknown>
}

export interface OpenApiOptions {
  title: string
  version: string
  description: string
  /** The common prefix of every url; the document's server is this relative address. */
  basePath: string
  securitySchemes: SecurityScheme[]
}

/** The Fastify schema of an operation: the same objects its OpenAPI entry shows. */
export function fastifySchema(operation: ApiOperation): FastifySchema {
  // Only JSON bodies are serialised by a schema; a 204 or an HTML page has none.
  const response = Object.fromEntries(
    Object.entries(operation.responses).flatMap(([status, answer]) =>
      answer.schema ? [[status, { ...answer.schema, description: answer.description }]] : [],
    ),
  )
  return {
    ...(operation.params ? { params: operation.params } : {}),
    ...(operation.body ? { body: operation.body } : {}),
    response,
  }
}

/** /assignments/:id/answer → /assignments/{id}/answer, relative to the base path. */
function openApiPath(url: string, basePath: string) {
  const relative = url.startsWith(basePath) ? url.slice(basePath.length) || "/" : url
  return relative.replace(/:([A-Za-z0-9_]+)/g, "{$1}")
}

interface PropertySchema {
  description?: string
}

function pathParameters(params: JsonSchema | undefined) {
  if (!params) return []
  const properties = (params.properties ?? {}) as Record<string, JsonSchema & PropertySchema>
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: "path",
    required: true,
    ...(schema.description ? { description: schema.description } : {}),
    schema,
  }))
}

function openApiOperation(operation: ApiOperation, securitySchemes: SecurityScheme[]) {
  const responses = Object.fromEntries(
    Object.entries(operation.responses).map(([status, answer]) => [
      status,
      {
        description: answer.description,
        ...(answer.schema ? { content: { "application/json": { schema: answer.schema } } } : {}),
        ...(answer.mediaType ? { content: { [answer.mediaType]: { schema: { type: "string" } } } } : {}),
      },
    ]),
  )
  const parameters = pathParameters(operation.params)
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: operation.description,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: !operation.bodyOptional,
            content: { "application/json": { schema: operation.body } },
          },
        }
      : {}),
    responses,
    security: operation.public ? [] : securitySchemes.map((scheme) => ({ [scheme.name]: [] })),
  }
}

/** The OpenAPI 3.1 document of these operations. */
export function openApiDocument(operations: ApiOperation[], options: OpenApiOptions) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const operation of operations) {
    const path = openApiPath(operation.url, options.basePath)
    paths[path] = {
      ...paths[path],
      [operation.method.toLowerCase()]: openApiOperation(operation, options.securitySchemes),
    }
  }
  return {
    openapi: "3.1.0",
    info: { title: options.title, version: options.version, description: options.description },
    servers: [{ url: options.basePath }],
    components: {
      securitySchemes: Object.fromEntries(
        options.securitySchemes.map((scheme) => [scheme.name, scheme.scheme]),
      ),
    },
    security: options.securitySchemes.map((scheme) => ({ [scheme.name]: [] })),
    paths,
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * A plain page listing the operations, for people: no scripts and no external files (the app's CSP allows
 * neither inline scripts nor other origins); its one style block carries the CSP nonce when there is one.
 */
export function operationsPage(
  operations: ApiOperation[],
  options: OpenApiOptions & { documentUrl: string; styleNonce?: string | undefined },
) {
  const items = operations
    .map((operation) => {
      const path = openApiPath(operation.url, options.basePath)
      const statuses = Object.entries(operation.responses)
        .map(([status, answer]) => `<li><code>${status}</code> ${escapeHtml(answer.description)}</li>`)
        .join("")
      return `<section id="${escapeHtml(operation.operationId)}">
<h2><code>${operation.method} ${escapeHtml(options.basePath + path)}</code></h2>
<p><strong>${escapeHtml(operation.summary)}</strong></p>
<p>${escapeHtml(operation.description)}</p>
<ul>${statuses}</ul>
</section>`
    })
    .join("\n")
  const nonce = options.styleNonce ? ` nonce="${escapeHtml(options.styleNonce)}"` : ""
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<style${nonce}>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;line-height:1.5}code{background:#f3f3f3;padding:0 .2em}h2{font-size:1.1rem;margin-top:2rem}</style>
</head>
<body>
<h1>${escapeHtml(options.title)} <small>${escapeHtml(options.version)}</small></h1>
<p>${escapeHtml(options.description)}</p>
<p>Machine-readable description: <a href="${escapeHtml(options.documentUrl)}">${escapeHtml(options.documentUrl)}</a> (OpenAPI 3.1).</p>
${items}
</body>
</html>
`
}

// =========================================================================================================
// The worker API

export const WORKER_API_BASE = "/api/v1/worker"
const BASE = WORKER_API_BASE

// ---------------------------------------------------------------------------------------------------------
// Schemas: Fastify validates and serialises with them, and the OpenAPI document shows the same objects.

const assignmentId = {
  type: "string",
  pattern: "^[0-9]{1,18}$",
  description: "The assignment id of an offer.",
} as const

const assignmentParams = {
  type: "object",
  required: ["id"],
  additionalProperties: false,
  properties: { id: assignmentId },
} as const

const claimBody = {
  type: "object",
  additionalProperties: false,
  properties: {
    types: {
      type: "array",
      minItems: 1,
      maxItems: 64,
      uniqueItems: true,
      items: { type: "string", pattern: "^[A-Za-z0-9]{1,64}$" },
      description:
        "Task types the worker takes (catalogue codes such as ImageToTextTask or RecaptchaV2Task). Without it, " +
        "every image type; token types are offered only when listed here.",
    },
    waitSeconds: {
      type: "number",
      minimum: 0,
      maximum: 30,
      default: 0,
      description: "How long to wait for a task when none is available now (long poll); 0 answers at once.",
    },
  },
} as const

const offerSchema = {
  type: "object",
  required: ["assignmentId", "type", "kind", "params", "language", "files", "leaseUntil"],
  properties: {
    assignmentId: { type: "string", description: "Answer, skip or renew the lease with this id." },
    type: { type: "string", description: "The task type, e.g. ImageToTextTask." },
    kind: { enum: ["image", "token"] },
    params: {
      type: "object",
      additionalProperties: true,
      description: "The task's fields with their API v2 names (websiteURL, comment, textinstructions …).",
    },
    language: { type: ["string", "null"], description: "The language of a text task (lang / languagePool)." },
    files: {
      type: "array",
      items: {
        type: "object",
        required: ["name", "mime", "data"],
        properties: {
          name: { type: "string", description: "body, imgInstructions, images.0 …" },
          mime: { type: "string" },
          data: { type: "string", contentEncoding: "base64" },
        },
      },
    },
    leaseUntil: {
      type: "string",
      format: "date-time",
      description: "Answer before this time or send a heartbeat; afterwards the task goes to someone else.",
    },
  },
} as const

const answerBody = {
  type: "object",
  required: ["solution"],
  additionalProperties: false,
  properties: {
    // Any JSON value: the task's type decides (BAD_ANSWER otherwise). A "type" here would let the validator's
    // type coercion turn a bare "123" into ["123"].
    solution: {
      examples: [{ text: "w9h5k" }, "w9h5k", { click: [1, 4] }],
      description:
        'The solution object as API v2 getTaskResult returns it for the task\'s type, e.g. { "text": "w9h5k" } ' +
        'for ImageToTextTask, { "click": [1, 4] } for GridTask, { "gRecaptchaResponse": "…" } for ' +
        'reCAPTCHA; or just its one value ("w9h5k", [1, 4]).',
    },
  },
} as const

const answerOutcomeSchema = {
  type: "object",
  required: ["accepted", "earned", "currency"],
  properties: {
    accepted: { type: "boolean", const: true },
    earned: {
      type: "integer",
      description: "Micro-units (millionths of the currency) credited for this answer now.",
    },
    currency: { type: "string" },
    training: {
      type: "object",
      required: ["correct", "expected"],
      properties: {
        correct: { type: "boolean" },
        expected: {
          type: "object",
          additionalProperties: true,
          description:
            'The accepted answer (the first one known), a v2 solution object such as { "text": "w9h5k" }.',
        },
      },
      description: "Training tasks only: whether the answer was right, and the right answer.",
    },
  },
} as const

const heartbeatBody = {
  type: "object",
  additionalProperties: false,
  properties: { assignmentId: { ...assignmentId, description: "The assignment whose lease to renew." } },
} as const

const heartbeatSchema = {
  type: "object",
  required: ["leaseUntil"],
  properties: {
    leaseUntil: {
      type: ["string", "null"],
      format: "date-time",
      description: "The renewed lease; null when no assignment was named.",
    },
  },
} as const

const statsSchema = {
  type: "object",
  required: ["types", "today", "balance"],
  properties: {
    types: {
      type: "array",
      items: {
        type: "object",
        required: [
          "type",
          "status",
          "reason",
          "rating",
          "answered",
          "goldAccuracy",
          "reportedGood",
          "reportedBad",
        ],
        properties: {
          type: { type: "string" },
          status: { enum: ["training", "active", "suspended"] },
          reason: { type: ["string", "null"], description: "Why the worker is suspended from this type." },
          rating: { type: "integer" },
          answered: { type: "integer" },
          goldAccuracy: { type: ["number", "null"], description: "Share of gold tasks answered right." },
          reportedGood: { type: "integer" },
          reportedBad: { type: "integer" },
        },
      },
    },
    today: {
      type: "object",
      required: ["answered", "earned"],
      properties: { answered: { type: "integer" }, earned: { type: "integer", description: "Micro-units." } },
    },
    balance: {
      type: "object",
      required: ["amount", "currency"],
      properties: { amount: { type: "integer", description: "Micro-units." }, currency: { type: "string" } },
    },
  },
} as const

const mistakesSchema = {
  type: "object",
  required: ["items", "accuracy"],
  properties: {
    items: {
      type: "array",
      items: {
        type: "object",
        required: ["id", "type", "source", "given", "expected", "at", "image", "comment"],
        properties: {
          id: { type: "string" },
          type: { type: "string" },
          source: {
            enum: ["gold", "report"],
            description:
              "gold: a check task with a known answer; report: the customer reported the answer wrong.",
          },
          given: { description: "The worker's answer (a v2 solution object)." },
          expected: { description: "The known answer of a check task; null for reports." },
          at: { type: "string", format: "date-time" },
          image: {
            type: ["string", "null"],
            description:
              "The task's picture as a data: URL; null for a task without one (a question), a task whose " +
              "files are gone, or once the list's pictures pass 4 MB.",
          },
          comment: { type: ["string", "null"], description: "The task's question or instructions, if any." },
        },
      },
    },
    accuracy: {
      type: "array",
      description:
        "Checked answers (check tasks, training tasks, answers customers reported) per type and day of the " +
        "last 30 days in the worker's time zone, oldest first; days without any are left out.",
      items: {
        type: "object",
        required: ["type", "date", "checked", "correct"],
        properties: {
          type: { type: "string" },
          date: { type: "string", format: "date" },
          checked: { type: "integer" },
          correct: { type: "integer" },
        },
      },
    },
  },
} as const

const trainingSchema = {
  type: "object",
  required: ["required", "passShare", "types"],
  properties: {
    required: { type: "integer", description: "Training answers that are judged: the last ones given." },
    passShare: {
      type: "number",
      description: "The share of them that must be right to be admitted to real work (0.8).",
    },
    types: {
      type: "array",
      description: "Each type that has training tasks, in catalogue order.",
      items: {
        type: "object",
        required: ["type", "status", "answered", "correct", "remaining"],
        properties: {
          type: { type: "string" },
          status: { enum: ["training", "active", "suspended"] },
          answered: {
            type: "integer",
            description: "The worker's last training answers (at most required).",
          },
          correct: { type: "integer", description: "How many of those were right." },
          remaining: {
            type: "integer",
            description: "Training tasks of the type the worker has not answered right yet.",
          },
        },
      },
    },
  },
} as const

const trainingClaimBody = {
  type: "object",
  required: ["type"],
  additionalProperties: false,
  properties: {
    type: {
      type: "string",
      pattern: "^[A-Za-z0-9]{1,64}$",
      description: "The task type to train for, e.g. ImageToTextTask.",
    },
  },
} as const

const openApiSchema = {
  type: "object",
  required: ["openapi", "info", "paths"],
  additionalProperties: true,
  properties: { openapi: { type: "string" } },
} as const

const error = (description: string) => ({ description, schema: errorEnvelopeSchema })
const badRequest = error("Malformed request (VALIDATION_FAILED).")
const unauthorised = error(
  "No or unknown credentials (NOT_AUTHENTICATED, INVALID_API_KEY); the WWW-Authenticate header says how to authenticate.",
)
const forbidden = error(
  "The account is not a worker's (NOT_A_WORKER), the key may not be used from this address (IP_NOT_ALLOWED), or a " +
    "signed-in browser's request lacks its CSRF token (CSRF_TOKEN_INVALID).",
)
const notFound = error("No such assignment of yours (ASSIGNMENT_NOT_FOUND).")
const conflict = error(
  "The assignment is closed (ASSIGNMENT_CLOSED), its lease ran out (LEASE_EXPIRED) or the task ended (TASK_ENDED).",
)
const tooMany = error("Too many requests (RATE_LIMITED); the Retry-After header says when to try again.")
const guarded = { 401: unauthorised, 403: forbidden, 429: tooMany }

// ---------------------------------------------------------------------------------------------------------

export const workerOperations = {
  claim: {
    method: "POST",
    url: `${BASE}/claim`,
    operationId: "claimTask",
    summary: "Take the next task (long poll)",
    description:
      "Gives the next task for this worker, waiting up to waitSeconds for one to come in. The task is leased to " +
      "the worker until leaseUntil. A worker is never offered the same task twice.",
    body: claimBody,
    bodyOptional: true,
    responses: {
      200: { description: "A task for the worker.", schema: offerSchema },
      204: { description: "No task came in within waitSeconds; ask again." },
      400: error("Malformed request (VALIDATION_FAILED) or a task type that does not exist (UNKNOWN_TYPE)."),
      ...guarded,
    },
  },
  answer: {
    method: "POST",
    url: `${BASE}/assignments/:id/answer`,
    operationId: "answerTask",
    summary: "Answer an assigned task",
    description:
      "Sends the solution of a claimed task. It is checked against the task's type (BAD_ANSWER when it does not " +
      "fit); an accepted answer is paid once the task is solved.",
    params: assignmentParams,
    body: answerBody,
    responses: {
      200: { description: "The answer was accepted.", schema: answerOutcomeSchema },
      400: error(
        "Malformed request (VALIDATION_FAILED) or a solution that does not fit the task (BAD_ANSWER).",
      ),
      ...guarded,
      404: notFound,
      409: conflict,
    },
  },
  skip: {
    method: "POST",
    url: `${BASE}/assignments/:id/skip`,
    operationId: "skipTask",
    summary: "Give a task back",
    description:
      "Returns the task to the queue for another worker; this worker will not be offered it again.",
    params: assignmentParams,
    responses: {
      204: { description: "The task went back to the queue." },
      400: badRequest,
      ...guarded,
      404: notFound,
      409: conflict,
    },
  },
  notACaptcha: {
    method: "POST",
    url: `${BASE}/assignments/:id/not-a-captcha`,
    operationId: "reportNotACaptcha",
    summary: "Report that a task is not a captcha",
    description:
      "Gives the task back like a skip and records that it is not a captcha; when two workers say so the task " +
      "ends as unsolvable and the customer is not charged.",
    params: assignmentParams,
    responses: {
      204: { description: "Recorded." },
      400: badRequest,
      ...guarded,
      404: notFound,
      409: conflict,
    },
  },
  heartbeat: {
    method: "POST",
    url: `${BASE}/heartbeat`,
    operationId: "heartbeat",
    summary: "Keep working on a task",
    description:
      "Renews the lease of the named assignment (never past the task's deadline). Without an assignment it " +
      "only checks the credentials.",
    body: heartbeatBody,
    bodyOptional: true,
    responses: {
      200: { description: "The lease now runs until leaseUntil.", schema: heartbeatSchema },
      400: badRequest,
      ...guarded,
      404: notFound,
      409: conflict,
    },
  },
  stats: {
    method: "GET",
    url: `${BASE}/stats`,
    operationId: "workerStats",
    summary: "Own statistics",
    description:
      "The worker's standing and accuracy per task type, today's answers and earnings, and balance.",
    responses: { 200: { description: "The worker's figures.", schema: statsSchema }, ...guarded },
  },
  mistakes: {
    method: "GET",
    url: `${BASE}/mistakes`,
    operationId: "workerMistakes",
    summary: "Own mistakes",
    description:
      "The worker's last 100 wrong answers, newest first (check and training tasks answered wrong, answers " +
      "customers reported), with each task's picture and question, and the worker's accuracy per type and day.",
    responses: { 200: { description: "Mistakes and accuracy.", schema: mistakesSchema }, ...guarded },
  },
  training: {
    method: "GET",
    url: `${BASE}/training`,
    operationId: "workerTraining",
    summary: "Own training",
    description:
      "Per type that has training tasks: the worker's standing, their last training answers and how many were " +
      "right, and the training tasks not yet answered right. Of the last `required` answers, a share of " +
      "`passShare` right admits the worker to real work of the type.",
    responses: { 200: { description: "The worker's training.", schema: trainingSchema }, ...guarded },
  },
  trainingClaim: {
    method: "POST",
    url: `${BASE}/training/claim`,
    operationId: "claimTrainingTask",
    summary: "Take a training task",
    description:
      "Gives a training task of the type that the worker has not answered right yet, leased like any task. " +
      "Its answer outcome says whether the answer was right and what the right answer is.",
    body: trainingClaimBody,
    responses: {
      200: { description: "A training task.", schema: offerSchema },
      204: {
        description:
          "The worker is not in training for the type (already admitted, suspended, or the type has no " +
          "training tasks), or no training task is left for them.",
      },
      400: error("Malformed request (VALIDATION_FAILED) or a task type that does not exist (UNKNOWN_TYPE)."),
      ...guarded,
    },
  },
  openApi: {
    method: "GET",
    url: `${BASE}/openapi.json`,
    operationId: "openApiDocument",
    summary: "This description (OpenAPI 3.1)",
    description: "The machine-readable description of the worker API.",
    public: true,
    responses: { 200: { description: "The OpenAPI 3.1 document.", schema: openApiSchema } },
  },
  docs: {
    method: "GET",
    url: `${BASE}/docs`,
    operationId: "documentationPage",
    summary: "This description for people",
    description: "A plain HTML page listing the operations.",
    public: true,
    responses: { 200: { description: "An HTML page.", mediaType: "text/html" } },
  },
} satisfies Record<string, ApiOperation>

export const workerApiDescription: OpenApiOptions = {
  title: "Manyhands worker API",
  version: "1.0.0",
  description:
    "Workers take tasks, answer or skip them, keep their leases alive, train for new types and read their " +
    "statistics. Authenticate " +
    "with the account's API key (Authorization: Bearer <32 hex digits>), or from a signed-in browser with the " +
    "session cookie plus the x-csrf-token header. Only worker accounts are served. Errors are JSON: " +
    '{ "error": { "code", "message", "details"? } }.',
  basePath: BASE,
  securitySchemes: [
    {
      name: "apiKey",
      scheme: {
        type: "http",
        scheme: "bearer",
        description: "The API key of the worker's account (32 hexadecimal digits).",
      },
    },
    {
      name: "session",
      scheme: {
        type: "apiKey",
        in: "cookie",
        name: "mh_session",
        description:
          "The web cabinet's session (named __Host-mh_session on HTTPS); state-changing calls also need the " +
          "x-csrf-token header of the page.",
      },
    },
  ],
}
