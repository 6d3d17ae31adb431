/*
 * The captcha protocol customers' client libraries speak (server/CAPTCHA-API.md; the 2captcha / ruCaptcha wire
 * protocol): the classic form-or-query `in.php` / `res.php`, and the JSON API v2 (`/createTask`,
 * `/getTaskResult`, …). Described here for the OpenAPI document only: the server reads these requests itself
 * (every body as raw bytes, parameters from the query and any body merged, names case-insensitive), so the
 * schemas below document the protocol and are not used to validate or serialise. Every request the API
 * processed is answered with HTTP 200 — an error too, with its code in the answer.
 */
import { defineEndpoints } from "./endpoint"
import { Type, type Static, type TSchema } from "./schema"

/** res.php actions. */
export const CLASSIC_ACTIONS = [
  "get",
  "get2",
  "getbalance",
  "reportgood",
  "reportbad",
  "add_pingback",
  "get_pingback",
  "del_pingback",
] as const
export type ClassicAction = (typeof CLASSIC_ACTIONS)[number]

/** The bodies in.php and res.php read (besides the query string); all carry the same parameters. */
export const CLASSIC_BODY_TYPES = [
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "application/json",
] as const

/** The addresses of the protocol: the server registers them itself, the document takes these descriptions. */
export const CLASSIC_PATHS = ["/in.php", "/res.php"] as const

/** The customer's API key as the protocol accepts it: `key` (classic) in the query or body, or a header. */
const PROTOCOL_SECURITY = ["clientKey", "clientKeyHeader"] as const
/** API v2 takes the key as `clientKey` in the body, or in a header. */
const V2_SECURITY = ["clientKeyHeader"] as const

const text = (description: string, examples?: string[]) =>
  Type.Optional(Type.String({ description, ...(examples ? { examples } : {}) }))
const flag = (description: string) => text(`${description} 1 or true to switch on.`, ["1"])

/** The answer as text, a single line (`OK|…` or the code). */
const TextAnswer = (description: string, examples: string[]) =>
  Type.String({ description, contentMediaType: "text/plain", examples })

// ---------------------------------------------------------------------------------------------------------
// The classic protocol

const commonClassic = {
  key: text(
    "The account's API key, 32 hexadecimal digits (or send it as x-api-key or Authorization: Bearer).",
  ),
  json: flag("Answer as JSON { status, request } instead of a text line."),
  header_acao: flag("Add Access-Control-Allow-Origin: * to the answer (calls from browsers)."),
  debug_dump: flag(
    "Dump the parameters received (PHP var_dump style, the key masked) before the answer line; with json=1 " +
      "they come as the answer's debug_dump object.",
  ),
}

/** in.php parameters: the common ones and those of the usual types; every type's own are read by name. */
const submitFields = {
  ...commonClassic,
  method: text(
    "The task kind: post (multipart file) or base64 (body) for pictures, userrecaptcha, turnstile, funcaptcha, " +
      "geetest, geetest_v4, rotatecaptcha, bounding_box, audio … (captcha-api §1.3). Grids, coordinates and " +
      "canvas are pictures flagged by recaptcha=1, coordinatescaptcha=1 or canvas=1; a text question is " +
      "textcaptcha without a picture.",
    ["base64", "post", "userrecaptcha"],
  ),
  body: text("The picture in base64 (method=base64), or a data: URL."),
  textcaptcha: text("A text question to answer (at most 140 characters), instead of a picture."),
  textinstructions: text("Instructions for the worker (at most 140 characters)."),
  imginstructions: text("An instructions picture in base64 (at most 100 kB)."),
  phrase: flag("The answer has two words or more."),
  regsense: flag("The answer is case-sensitive."),
  numeric: text("0 any, 1 digits only, 2 letters only, 3 digits or letters only, 4 both.", ["1"]),
  calc: flag("The picture shows a sum to work out."),
  min_len: text("The answer's least length (0: any)."),
  max_len: text("The answer's greatest length (0: any)."),
  language: text("0 any, 1 Cyrillic, 2 Latin."),
  lang: text("The language of the task (captcha-api §1.10: en, ru, es …).", ["en"]),
  recaptcha: flag("A grid of pictures to click (recaptcharows × recaptchacols)."),
  coordinatescaptcha: flag("Points to click on the picture."),
  canvas: flag("Areas to draw around on the picture."),
  googlekey: text("reCAPTCHA's site key (method=userrecaptcha)."),
  sitekey: text("The site key of Turnstile and the other token types."),
  pageurl: text("The address of the page with the captcha (token types)."),
  proxy: text("login:password@host:port or host:port, for token types that take a proxy."),
  proxytype: text("HTTP, HTTPS, SOCKS4 or SOCKS5."),
  soft_id: text("A developer's id (1–2147483647), for revenue sharing."),
  pingback: text("An address on a registered host (add_pingback) that receives the answer as id=…&code=…."),
}

/** Files of a multipart in.php call. */
const submitFiles = {
  file: Type.Optional(
    Type.String({ description: "The picture (method=post).", contentMediaType: "application/octet-stream" }),
  ),
  imginstructions: Type.Optional(
    Type.String({
      description: "An instructions picture (or its base64 as a field).",
      contentMediaType: "application/octet-stream",
    }),
  ),
}

const SubmitQuery = Type.Object(submitFields, { additionalProperties: true })
const SubmitBody = Type.Object(
  { ...submitFields, ...submitFiles },
  {
    additionalProperties: true,
    description:
      "The same parameters as the query, as a form, multipart (files `file`, `file_1`…`file_9`, " +
      "`imginstructions`) or a flat JSON object; body values win over query values of the same name.",
  },
)

const resultFields = {
  ...commonClassic,
  action: Type.String({
    enum: [...CLASSIC_ACTIONS],
    description:
      "get: a task's answer (or several: ids); get2: with its price; getbalance; reportgood / reportbad: the " +
      "answer was right / wrong (within 15 minutes); add_pingback / get_pingback / del_pingback: the hosts " +
      "pingbacks may go to.",
  }),
  id: text("The task id in.php gave (get, get2, reportgood, reportbad)."),
  ids: text("Task ids separated by commas, at most 100 (get): the answers joined by |, in order."),
  addr: text("A pingback address (add_pingback, del_pingback; `all` removes every one)."),
}
const ResultQuery = Type.Object(resultFields, { additionalProperties: true })
const ResultBody = Type.Object(resultFields, {
  additionalProperties: true,
  description: "The same parameters as the query, as a form, multipart or a flat JSON object.",
})

/** json=1: { status: 1, request } on success, { status: 0, request: code, error_text } otherwise. */
export const ClassicJsonAnswer = Type.Object(
  {
    status: Type.Integer({ enum: [0, 1], description: "1: success; 0: an error, or not ready." }),
    request: Type.Unknown({
      description:
        "On success the task id (in.php), the answer (res.php; a string, or an object for types that answer " +
        "with one), the balance, or OK_REPORT_RECORDED; otherwise the code (CAPCHA_NOT_READY, ERROR_…).",
    }),
    error_text: Type.Optional(Type.String({ description: "What the error code means." })),
    price: Type.Optional(Type.String({ description: "get2: the task's price in the account's currency." })),
  },
  { additionalProperties: true },
)
export type ClassicJsonAnswer = Static<typeof ClassicJsonAnswer>

const classicAnswer = (description: string, examples: string[]) =>
  Type.Union([TextAnswer(description, examples), ClassicJsonAnswer], {
    description:
      "HTTP 200 for every processed request, an error too: a text line by default, JSON with json=1.",
  })

const CLASSIC_KEY_ERRORS = ["ERROR_WRONG_USER_KEY", "ERROR_KEY_DOES_NOT_EXIST", "ERROR_IP_NOT_ALLOWED"]

const SUBMIT_ERRORS = [
  ...CLASSIC_KEY_ERRORS,
  "ERROR_ZERO_BALANCE",
  "ERROR_NO_SLOT_AVAILABLE",
  "ERROR_METHOD_CALL",
  "ERROR_BAD_PARAMETERS",
  "ERROR_PAGEURL",
  "ERROR_GOOGLEKEY",
  "ERROR_WRONG_GOOGLEKEY",
  "ERROR_SITEKEY",
  "ERROR_PROXY_FORMAT",
  "ERROR_PROXY_REQUIRED",
  "ERROR_DOMAIN_NOT_ALLOWED",
  "ERROR_ZERO_CAPTCHA_FILESIZE",
  "ERROR_TOO_BIG_CAPTCHA_FILESIZE",
  "ERROR_WRONG_FILE_EXTENSION",
  "ERROR_IMAGE_TYPE_NOT_SUPPORTED",
  "ERROR_UPLOAD",
  "MAX_USER_TURN",
  "ERROR: 1001",
  "ERROR: 1002",
  "ERROR: 1003",
  "ERROR: 1004",
]

const RESULT_ERRORS = [
  ...CLASSIC_KEY_ERRORS,
  "CAPCHA_NOT_READY",
  "ERROR_CAPTCHA_UNSOLVABLE",
  "ERROR_BAD_DUPLICATES",
  "ERROR_WRONG_ID_FORMAT",
  "ERROR_WRONG_CAPTCHA_ID",
  "ERROR_REPORT_NOT_RECORDED",
  "ERROR_DUPLICATE_REPORT",
  "ERROR_EMPTY_ACTION",
  "ERROR_BAD_PARAMETERS",
  "ERROR_UPLOAD",
  "ERROR: 1004",
  "ERROR: 1005",
]

const SUBMIT_DESCRIPTION =
  'Submits a task; the answer is its id (`OK|<id>`, or `{ status: 1, request: "<id>" }` with json=1). Ask ' +
  "res.php?action=get for the result after about 5 seconds. An error is a bare code (`ERROR_ZERO_BALANCE`), or " +
  "`{ status: 0, request: <code>, error_text }` with json=1."
const RESULT_DESCRIPTION =
  "Results, reports, the balance and pingback addresses. get answers `OK|<answer>` once solved, " +
  "`CAPCHA_NOT_READY` before (poll again in 5 seconds) and the error code of a task that failed; getbalance a " +
  "number (`12.3456`); reportgood / reportbad `OK_REPORT_RECORDED` (a repeated reportbad " +
  "`ERROR_DUPLICATE_REPORT`, a repeated reportgood `OK_REPORT_RECORDED` again, the other verdict on a reported " +
  "task `ERROR_REPORT_NOT_RECORDED`); add_pingback / del_pingback `OK`, " +
  "get_pingback `OK|<address>|…`."

const classic = {
  submit: {
    method: "POST",
    path: "/in.php",
    summary: "Submit a task (classic protocol, parameters in a form, multipart or JSON body)",
    description: SUBMIT_DESCRIPTION,
    security: PROTOCOL_SECURITY,
    querystring: SubmitQuery,
    body: SubmitBody,
    response: {
      200: classicAnswer("OK|<task id>, or the error code.", ["OK|1234567", "ERROR_ZERO_BALANCE"]),
    },
    errors: SUBMIT_ERRORS,
  },
  submitByQuery: {
    method: "GET",
    path: "/in.php",
    summary: "Submit a task (classic protocol, parameters in the query)",
    description: SUBMIT_DESCRIPTION,
    security: PROTOCOL_SECURITY,
    querystring: SubmitQuery,
    response: {
      200: classicAnswer("OK|<task id>, or the error code.", ["OK|1234567", "ERROR_ZERO_BALANCE"]),
    },
    errors: SUBMIT_ERRORS,
  },
  result: {
    method: "POST",
    path: "/res.php",
    summary: "Results, reports, balance and pingback addresses (classic protocol, parameters in a body)",
    description: RESULT_DESCRIPTION,
    security: PROTOCOL_SECURITY,
    querystring: ResultQuery,
    body: ResultBody,
    response: {
      200: classicAnswer("The action's answer, or the error code.", [
        "OK|w9h5k",
        "CAPCHA_NOT_READY",
        "12.3456",
      ]),
    },
    errors: RESULT_ERRORS,
  },
  resultByQuery: {
    method: "GET",
    path: "/res.php",
    summary: "Results, reports, balance and pingback addresses (classic protocol, parameters in the query)",
    description: RESULT_DESCRIPTION,
    security: PROTOCOL_SECURITY,
    querystring: ResultQuery,
    response: {
      200: classicAnswer("The action's answer, or the error code.", [
        "OK|w9h5k",
        "CAPCHA_NOT_READY",
        "12.3456",
      ]),
    },
    errors: RESULT_ERRORS,
  },
} as const

// ---------------------------------------------------------------------------------------------------------
// API v2

/** Every API v2 failure: errorId above 0 and the code (captcha-api §2.5). */
export const V2Failure = Type.Object(
  {
    errorId: Type.Integer({ minimum: 1 }),
    errorCode: Type.String({ examples: ["ERROR_KEY_DOES_NOT_EXIST"] }),
    errorDescription: Type.String(),
  },
  { description: "A refusal (HTTP 200 all the same)." },
)
export type V2Failure = Static<typeof V2Failure>

const v2Answer = <T extends TSchema[]>(...successes: T) =>
  Type.Union([...successes, V2Failure], {
    description: "HTTP 200 for every processed request, an error too.",
  })

const clientKey = Type.Optional(
  Type.String({
    description:
      "The account's API key, 32 hexadecimal digits (or send it as x-api-key or Authorization: Bearer).",
  }),
)
const taskId = Type.Union([Type.Integer(), Type.String()], { description: "The id createTask gave." })

const V2TaskRequest = Type.Object({ clientKey, taskId }, { additionalProperties: true })

const success = Type.Literal(0)

export const V2CreateTaskAnswer = Type.Object({ errorId: success, taskId: Type.Integer() })
export const V2TaskProcessing = Type.Object({ errorId: success, status: Type.Literal("processing") })
export const V2TaskReady = Type.Object({
  errorId: success,
  status: Type.Literal("ready"),
  solution: Type.Object(
    {},
    {
      additionalProperties: true,
      description:
        'The answer as the task type gives it: { "text": "w9h5k" }, { "gRecaptchaResponse": "…" } …',
    },
  ),
  cost: Type.String({ description: "What the task cost, in the account's currency.", examples: ["0.0005"] }),
  ip: Type.String({ description: "The address that created the task." }),
  createTime: Type.Integer({ description: "Unix seconds." }),
  endTime: Type.Integer({ description: "Unix seconds." }),
  solveCount: Type.Integer({ description: "How many workers answered." }),
})
export const V2BalanceAnswer = Type.Object({
  errorId: success,
  balance: Type.Number({ description: "The available balance in the account's currency." }),
})
export const V2ReportAnswer = Type.Object({ errorId: success, status: Type.Literal("success") })

const V2_KEY_ERRORS = [
  "ERROR_KEY_DOES_NOT_EXIST",
  "ERROR_IP_NOT_ALLOWED",
  "ERROR_IP_BLOCKED",
  "ERROR_ACCOUNT_SUSPENDED",
]
const V2_REPORT_ERRORS = [...V2_KEY_ERRORS, "ERROR_NO_SUCH_CAPCHA_ID", "ERROR_BAD_PARAMETERS"]

const report = (verdict: "right" | "wrong", alias?: string) =>
  ({
    method: "POST",
    path: `/${alias ?? (verdict === "right" ? "reportCorrect" : "reportIncorrect")}`,
    summary: alias
      ? `Report a task's answer ${verdict} (the Anti-Captcha name of ${verdict === "right" ? "reportCorrect" : "reportIncorrect"})`
      : `Report a task's answer ${verdict} (within 15 minutes of submission)`,
    description:
      (verdict === "right"
        ? "Raises the rating of the worker who solved it."
        : "Refunds the task and records the worker's mistake. Tasks of 100 % recognition and customers who " +
          "report more than 40 % of their last 100 tasks are refused (ERROR_BAD_PARAMETERS, naming " +
          "ERROR_REPORT_NOT_RECORDED).") +
      " The same report again answers success and changes nothing; the other verdict on a reported task is " +
      "refused (ERROR_BAD_PARAMETERS, naming ERROR_REPORT_NOT_RECORDED).",
    security: V2_SECURITY,
    body: V2TaskRequest,
    response: { 200: v2Answer(V2ReportAnswer) },
    errors: V2_REPORT_ERRORS,
  }) as const

const v2 = {
  createTask: {
    method: "POST",
    path: "/createTask",
    summary: "Submit a task (API v2)",
    description: "Answers the task's id; ask getTaskResult for the result after a few seconds.",
    security: V2_SECURITY,
    body: Type.Object(
      {
        clientKey,
        task: Type.Object(
          { type: Type.String({ examples: ["ImageToTextTask", "RecaptchaV2TaskProxyless"] }) },
          {
            additionalProperties: true,
            description: "The task: its type and that type's fields (captcha-api §2.2–§2.4).",
          },
        ),
        languagePool: Type.Optional(Type.String({ description: "The workers' language (en, ru …)." })),
        callbackUrl: Type.Optional(
          Type.String({ description: "An address on a registered host that receives the answer." }),
        ),
        softId: Type.Optional(Type.Integer({ description: "A developer's id, for revenue sharing." })),
      },
      { additionalProperties: true },
    ),
    response: { 200: v2Answer(V2CreateTaskAnswer) },
    errors: [
      ...V2_KEY_ERRORS,
      "ERROR_NO_SLOT_AVAILABLE",
      "ERROR_ZERO_BALANCE",
      "ERROR_ZERO_CAPTCHA_FILESIZE",
      "ERROR_TOO_BIG_CAPTCHA_FILESIZE",
      "ERROR_IMAGE_TYPE_NOT_SUPPORTED",
      "ERROR_PAGEURL",
      "ERROR_TASK_ABSENT",
      "ERROR_TASK_NOT_SUPPORTED",
      "ERROR_RECAPTCHA_INVALID_SITEKEY",
      "ERROR_BAD_PARAMETERS",
      "ERROR_BAD_IMGINSTRUCTIONS",
      "ERROR_BAD_PROXY",
      "ERROR_PROXY_REQUIRED",
      "ERROR_DOMAIN_NOT_ALLOWED",
    ],
  },
  getTaskResult: {
    method: "POST",
    path: "/getTaskResult",
    summary: "A task's result (API v2)",
    description:
      "processing until a worker's answer is accepted, then ready with the solution; a task that could not be " +
      "solved answers its error (ERROR_CAPTCHA_UNSOLVABLE, ERROR_BAD_DUPLICATES: not charged).",
    security: V2_SECURITY,
    body: V2TaskRequest,
    response: { 200: v2Answer(V2TaskProcessing, V2TaskReady) },
    errors: [
      ...V2_KEY_ERRORS,
      "ERROR_NO_SUCH_CAPCHA_ID",
      "ERROR_CAPTCHA_UNSOLVABLE",
      "ERROR_BAD_DUPLICATES",
      "ERROR_BAD_PARAMETERS",
    ],
  },
  getBalance: {
    method: "POST",
    path: "/getBalance",
    summary: "The account's balance (API v2)",
    security: V2_SECURITY,
    body: Type.Object({ clientKey }, { additionalProperties: true }),
    response: { 200: v2Answer(V2BalanceAnswer) },
    errors: V2_KEY_ERRORS,
  },
  reportCorrect: report("right"),
  reportIncorrect: report("wrong"),
  reportCorrectRecaptcha: report("right", "reportCorrectRecaptcha"),
  reportIncorrectImageCaptcha: report("wrong", "reportIncorrectImageCaptcha"),
  reportIncorrectRecaptcha: report("wrong", "reportIncorrectRecaptcha"),
} as const

export const captchaProtocolApi = defineEndpoints("captcha-protocol", { ...classic, ...v2 })
