import type { ApiExchange, CaptchaSample } from "@manyhands/contract/captcha"

/** The task types this page can send, in the order it offers them. */
export const TEST_TYPES = ["ImageToTextTask", "TextCaptchaTask", "GridTask"] as const
export type TestType = (typeof TEST_TYPES)[number]

export const isTestType = (type: string): type is TestType => (TEST_TYPES as readonly string[]).includes(type)

/** What in.php takes as pictures, and how large (the server's limits, 100 and 600 KiB, rounded down). */
export const IMAGE_MIME_TYPES = ["image/png", "image/jpeg", "image/gif"] as const
export const MAX_IMAGE_BYTES: Record<Exclude<TestType, "TextCaptchaTask">, number> = {
  ImageToTextTask: 100_000,
  GridTask: 600_000,
}
export const MAX_INSTRUCTIONS = 140
export const MAX_QUESTION = 1000
export const MAX_ANSWER_LENGTH = 20
export const MAX_GRID = 10

/**
 * What is sent: a picture the user chose (read as a data: URL for the preview), or a sample (a picture, or for
 * a text question none: it is kept for its expected answer).
 */
export type Source =
  { kind: "file"; file: File; dataUrl: string | null } | { kind: "sample"; sample: CaptchaSample }

export interface TestValues {
  type: TestType
  source: Source | null
  /** in.php numeric: 0 any, 1 digits, 2 letters, 3 digits or letters, 4 both. */
  numeric: string
  minLen: string
  maxLen: string
  phrase: boolean
  regsense: boolean
  calc: boolean
  /** in.php language: 0 any, 1 Cyrillic, 2 Latin. */
  language: string
  instructions: string
  question: string
  rows: string
  columns: string
}

export const INITIAL_VALUES: TestValues = {
  type: "ImageToTextTask",
  source: null,
  numeric: "0",
  minLen: "",
  maxLen: "",
  phrase: false,
  regsense: false,
  calc: false,
  language: "0",
  instructions: "",
  question: "",
  rows: "",
  columns: "",
}

/** The in.php fields the form sets itself; a sample's own values for them only prefill the form. */
const FORM_FIELDS = [
  "method",
  "body",
  "numeric",
  "min_len",
  "max_len",
  "phrase",
  "regsense",
  "calc",
  "language",
  "textinstructions",
  "textcaptcha",
  "recaptcha",
  "recaptcharows",
  "recaptchacols",
]

const flag = (value: string | undefined) => value === "1" || value === "true"

/** The form as a sample fills it: its type, its picture and the options its in.php fields set. */
export function valuesFromSample(sample: CaptchaSample & { type: TestType }): TestValues {
  const f = sample.fields
  return {
    ...INITIAL_VALUES,
    type: sample.type,
    source: { kind: "sample", sample },
    numeric: f.numeric ?? "0",
    minLen: f.min_len && f.min_len !== "0" ? f.min_len : "",
    maxLen: f.max_len && f.max_len !== "0" ? f.max_len : "",
    phrase: flag(f.phrase),
    regsense: flag(f.regsense),
    calc: flag(f.calc),
    language: f.language ?? "0",
    instructions: f.textinstructions ?? "",
    question: f.textcaptcha ?? "",
    rows: f.recaptcharows ?? "",
    columns: f.recaptchacols ?? "",
  }
}

/**
 * The in.php fields of the test: the sample's other fields, then what the form says (defaults left out, as a
 * client would), then the picture as method=base64 with its body.
 */
export function inPhpFields(
  values: TestValues,
  sample: CaptchaSample | null,
  body: string | null,
): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [name, value] of Object.entries(sample?.fields ?? {}))
    if (!FORM_FIELDS.includes(name.toLowerCase())) fields[name] = value
  const set = (name: string, value: string) => {
    if (value.trim() !== "") fields[name] = value.trim()
  }
  if (values.type === "TextCaptchaTask") {
    set("textcaptcha", values.question)
    if (values.language !== "0") set("language", values.language)
    return fields
  }
  fields.method = "base64"
  fields.body = body ?? ""
  if (values.type === "ImageToTextTask") {
    if (values.numeric !== "0") set("numeric", values.numeric)
    if (Number(values.minLen) > 0) set("min_len", values.minLen)
    if (Number(values.maxLen) > 0) set("max_len", values.maxLen)
    if (values.phrase) fields.phrase = "1"
    if (values.regsense) fields.regsense = "1"
    if (values.calc) fields.calc = "1"
    if (values.language !== "0") set("language", values.language)
  } else {
    fields.recaptcha = "1"
    set("recaptcharows", values.rows)
    set("recaptchacols", values.columns)
  }
  set("textinstructions", values.instructions)
  return fields
}

/** A blob's bytes as base64 (without the data: prefix), read in the browser. */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"))
    reader.readAsDataURL(blob)
  })
}

export const base64Of = (dataUrl: string) => dataUrl.slice(dataUrl.indexOf(",") + 1)

/** A whole number in [min, max], or "" (not set). */
export function wholeNumberIn(value: string, min: number, max: number): boolean {
  if (value.trim() === "") return true
  if (!/^\d+$/.test(value.trim())) return false
  const number = Number(value)
  return number >= min && number <= max
}

const KNOWN_CODES = /ERROR: ?\d{4}|ERROR_[A-Z0-9_]+|IP_BANNED|MAX_USER_TURN|TOO_MANY_BAD_IMAGES/

/** The error code in an in.php or res.php answer (plain `ERROR_…` or JSON `{"status":0,"request":"ERROR_…"}`). */
export function errorCodeOf(response: string): string {
  try {
    const answer: unknown = JSON.parse(response)
    if (answer && typeof answer === "object" && "request" in answer && typeof answer.request === "string")
      return answer.request
  } catch {
    // A plain-text answer: the code is in the text.
  }
  const match = KNOWN_CODES.exec(response)
  if (match) return match[0]
  const lines = response.trim().split("\n")
  return (lines[lines.length - 1] ?? "").trim()
}

/** The translation key of an API error code's explanation (the 1001…1005 suspensions share one). */
export function errorKeyOf(code: string): string {
  if (/^ERROR: ?\d{4}$/.test(code)) return "SUSPENDED"
  return /^[A-Z0-9_]+$/.test(code) ? code : "UNKNOWN"
}

/** Long runs of base64 (the picture) are cut, so the log stays readable. */
const shorten = (text: string) => text.replace(/[A-Za-z0-9+/%]{80,}={0,2}/g, (run) => `${run.slice(0, 32)}…`)

/** The exchanges as a developer's terminal would show them: "> " before what is sent, "< " before answers. */
export function exchangeLog(exchanges: ApiExchange[]): string {
  const mark = (prefix: string, text: string) =>
    shorten(text)
      .trimEnd()
      .split("\n")
      .map((line) => (line.trim() ? `${prefix} ${line}` : prefix))
      .join("\n")
  return exchanges
    .map((exchange) => `${mark(">", exchange.request)}\n${mark("<", exchange.response)}`)
    .join("\n\n")
}
