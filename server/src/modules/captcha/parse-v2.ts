// API v2 createTask `task` objects (captcha-api reference §2.2–§2.4) → one NewTask, and the v2 error table
// (§2.5) with the translation of legacy codes.

import { addMedia, decodeBase64, type MediaSet } from "./images"
import {
  buildParams,
  checkLanguage,
  isAbsent,
  isRecord,
  TaskInputError,
  taskType,
  V2_TYPE_NAMES,
  type FileSpec,
  type NewTask,
} from "./task-types"

function v2Blobs(spec: FileSpec, value: unknown): Buffer[] {
  if (value === undefined || value === null || value === "") return []
  if (!spec.list) return [decodeBase64(value)]
  if (!Array.isArray(value)) throw new TaskInputError("ERROR_BAD_PARAMETERS", `${spec.name} must be an array`)
  return value.map(decodeBase64)
}

function addV2Media(spec: FileSpec, value: unknown, set: MediaSet) {
  try {
    addMedia(spec, v2Blobs(spec, value), set)
  } catch (error) {
    // Anything wrong with the hint image has its own v2 code.
    if (spec.name === "imgInstructions" && error instanceof TaskInputError) {
      throw new TaskInputError("ERROR_BAD_IMGINSTRUCTIONS", `imgInstructions: ${error.message}`)
    }
    throw error
  }
}

/**
 * Anti-Captcha's ImageToCoordinatesTask (§2.7: body, comment, mode): mode "points" (the default) is a
 * coordinates task of at most 6 points, as Anti-Captcha takes, "rectangles" a bounding-box task. The mode is
 * kept, so that getTaskResult answers in Anti-Captcha's shape.
 */
function fromImageToCoordinates(task: Record<string, unknown>): Record<string, unknown> {
  const mode = isAbsent(task.mode) ? "points" : task.mode
  if (mode === "points") return { maxClicks: 6, ...task, type: "CoordinatesTask", mode }
  if (mode === "rectangles") return { ...task, type: "BoundingBoxTask", mode }
  throw new TaskInputError("ERROR_BAD_PARAMETERS", 'mode must be "points" or "rectangles"')
}

/** The task's fields under their own names, taken from their other v2 names (Anti-Captcha's) when absent. */
function withV2Aliases(code: string, task: Record<string, unknown>): Record<string, unknown> {
  const raw = { ...task }
  for (const field of taskType(code).fields) {
    const alias = field.v2Aliases?.find((name) => !isAbsent(raw[name]))
    if (alias !== undefined && isAbsent(raw[field.name])) raw[field.name] = raw[alias]
  }
  return raw
}

export function parseV2Task(given: unknown, extras: { languagePool?: unknown }): NewTask {
  if (!isRecord(given)) throw new TaskInputError("ERROR_TASK_ABSENT", "task is missing or not an object")
  const task = given.type === "ImageToCoordinatesTask" ? fromImageToCoordinates(given) : given
  const name = typeof task.type === "string" ? task.type : ""
  if (/^HCaptchaTask(Proxyless)?$/.test(name)) {
    throw new TaskInputError("ERROR_TASK_NOT_SUPPORTED", "hCaptcha is no longer supported")
  }
  const variant = V2_TYPE_NAMES[name]
  if (!variant)
    throw new TaskInputError("ERROR_TASK_NOT_SUPPORTED", `unknown task type ${JSON.stringify(name)}`)
  const set: MediaSet = { files: [], media: {} }
  for (const spec of taskType(variant.type).files ?? []) addV2Media(spec, task[spec.name], set)
  const raw = withV2Aliases(variant.type, task)
  const params = buildParams(variant.type, raw, variant.proxy ? "required" : "ignore", set.media)
  const language = typeof params.lang === "string" ? params.lang : checkLanguage(extras.languagePool)
  return { type: variant.type, params, files: set.files, language }
}

const V2_ERROR_LIST = [
  [1, "ERROR_KEY_DOES_NOT_EXIST", "The account key (clientKey) is wrong or does not exist."],
  [
    2,
    "ERROR_NO_SLOT_AVAILABLE",
    "No worker can take the task at your price right now. Retry in a few seconds.",
  ],
  [3, "ERROR_ZERO_CAPTCHA_FILESIZE", "The image is missing or smaller than 100 bytes."],
  [
    4,
    "ERROR_TOO_BIG_CAPTCHA_FILESIZE",
    "The image is over the size limit of its type or over 1000 px on a side.",
  ],
  [5, "ERROR_PAGEURL", "websiteURL is missing or is not a valid address."],
  [10, "ERROR_ZERO_BALANCE", "Your balance is too low for this task."],
  [11, "ERROR_IP_NOT_ALLOWED", "This key does not accept requests from your IP address."],
  [12, "ERROR_CAPTCHA_UNSOLVABLE", "The workers could not solve this captcha in time. You were not charged."],
  [13, "ERROR_BAD_DUPLICATES", "100% recognition could not collect enough matching answers. Not charged."],
  [14, "ERROR_NO_SUCH_METHOD", "Unknown API method."],
  [15, "ERROR_IMAGE_TYPE_NOT_SUPPORTED", "Send a JPEG, PNG or GIF image (MP3 for audio) as valid base64."],
  [16, "ERROR_NO_SUCH_CAPCHA_ID", "No task with this id: it is unknown, not yours or expired."],
  [21, "ERROR_IP_BLOCKED", "Your IP address is blocked for a while."],
  [22, "ERROR_TASK_ABSENT", "The task object is missing from the request."],
  [23, "ERROR_TASK_NOT_SUPPORTED", "This task type is not supported."],
  [31, "ERROR_RECAPTCHA_INVALID_SITEKEY", "The sitekey (websiteKey) is missing or invalid."],
  [55, "ERROR_ACCOUNT_SUSPENDED", "This account (API key) is suspended for a while."],
  [60, "ERROR_DOMAIN_NOT_ALLOWED", "Captchas from this domain are not accepted."],
  [110, "ERROR_BAD_PARAMETERS", "A required field is missing or malformed."],
  [
    115,
    "ERROR_BAD_IMGINSTRUCTIONS",
    "The imgInstructions image is not a JPEG, PNG or GIF, or is over 100 kB.",
  ],
  [130, "ERROR_BAD_PROXY", "The proxy is malformed or cannot be used."],
  [131, "ERROR_PROXY_REQUIRED", "Tasks from this domain must be sent with your proxy."],
] as const

export type V2ErrorCode = (typeof V2_ERROR_LIST)[number][1]

/** §2.5: errorCode → errorId and an English errorDescription. */
export const V2_ERRORS = Object.fromEntries(
  V2_ERROR_LIST.map(([errorId, code, description]) => [code, { errorId, description }]),
) as Record<V2ErrorCode, { errorId: number; description: string }>

/** Legacy codes without a v2 twin, by the v2 code closest in meaning; the rest become ERROR_BAD_PARAMETERS. */
const V2_TWINS: Partial<Record<V2ErrorCode, string[]>> = {
  ERROR_KEY_DOES_NOT_EXIST: ["ERROR_WRONG_USER_KEY"],
  ERROR_TASK_NOT_SUPPORTED: ["ERROR_METHOD_CALL"],
  ERROR_IMAGE_TYPE_NOT_SUPPORTED: ["ERROR_UPLOAD", "ERROR_WRONG_FILE_EXTENSION"],
  ERROR_NO_SUCH_CAPCHA_ID: ["ERROR_WRONG_CAPTCHA_ID", "ERROR_WRONG_ID_FORMAT"],
  ERROR_RECAPTCHA_INVALID_SITEKEY: [
    "ERROR_GOOGLEKEY",
    "ERROR_WRONG_GOOGLEKEY",
    "ERROR_SITEKEY",
    "ERROR_BAD_TOKEN_OR_PAGEURL",
  ],
  ERROR_BAD_PROXY: ["ERROR_PROXY_FORMAT", "ERROR_PROXY_CONNECTION_FAILED"],
  // §1.6's suspensions: the ban of an IP address (1004), and those of one account's key (the others).
  ERROR_IP_BLOCKED: ["IP_BANNED", "ERROR: 1004"],
  ERROR_ACCOUNT_SUSPENDED: ["MAX_USER_TURN", "ERROR: 1001", "ERROR: 1002", "ERROR: 1003", "ERROR: 1005"],
}
export const LEGACY_TO_V2 = Object.fromEntries(
  Object.entries(V2_TWINS).flatMap(([twin, legacy]) => legacy.map((code) => [code, twin])),
) as Record<string, V2ErrorCode>

/**
 * The v2 error envelope for a legacy (or v2) code; `reason`: the particular reason, when there is one. A legacy
 * code without a v2 twin is errorId 110 ERROR_BAD_PARAMETERS described by its reason and its own code, never
 * by the text of a missing task field.
 */
export function v2Error(
  legacyCode: string,
  reason?: string,
): {
  errorId: number
  errorCode: string
  errorDescription: string
} {
  const code: V2ErrorCode | undefined =
    legacyCode in V2_ERRORS ? (legacyCode as V2ErrorCode) : LEGACY_TO_V2[legacyCode]
  const given = reason && reason !== legacyCode ? reason : undefined
  if (!code) {
    const { errorId } = V2_ERRORS.ERROR_BAD_PARAMETERS
    const errorDescription = `${given ?? "The request was refused"} (${legacyCode}).`
    return { errorId, errorCode: "ERROR_BAD_PARAMETERS", errorDescription }
  }
  const { errorId, description } = V2_ERRORS[code]
  return { errorId, errorCode: code, errorDescription: given ? `${description} (${given})` : description }
}
