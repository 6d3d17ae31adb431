/*
 * A task type's docs, read from the engine's catalogue (server/src/modules/captcha/task-types.ts): its fields with
 * the limits their checks apply, its files, its proxy rule, and a request that passes those checks — the one the
 * page's code samples send. Nothing here restates a rule: a change of a check changes the page.
 */
import { LIMITS } from "../captcha/images"
import {
  TASK_TYPES,
  proxyFields,
  PROXY_TYPES,
  type FieldSpec,
  type FileSpec,
  type TaskTypeSpec,
} from "../captcha/task-types"
import { FileRef, type SampleObject, type SampleValue } from "./samples"

export interface FieldFacts {
  name: string
  classicNames: string[]
  aliases: string[]
  type: string
  required: boolean
  default?: unknown
  /** Machine-readable limits, turned into words by the page's language. */
  limits: {
    maxLength?: number
    min?: number
    max?: number
    values?: (string | number)[]
    pattern?: string
    maxBytes?: number
    maxSide?: number
  }
  errors: string[]
  file: boolean
  list: boolean
}

/** The name that reaches the v2 task: the field's own; the in.php names the parser reads. */
const classicNamesOf = (field: FieldSpec) => field.legacy ?? [field.name.toLowerCase()]

function fieldFacts(field: FieldSpec): FieldFacts {
  const doc = field.check.doc
  return {
    name: field.name,
    classicNames: classicNamesOf(field),
    aliases: field.v2Aliases ?? [],
    type: doc?.type ?? "string",
    required: field.required === true,
    ...(field.fallback !== undefined && { default: field.fallback }),
    limits: {
      ...(doc?.maxLength !== undefined && { maxLength: doc.maxLength }),
      ...(doc?.min !== undefined && { min: doc.min }),
      ...(doc?.max !== undefined && { max: doc.max }),
      ...(doc?.values && { values: doc.values }),
      ...(doc?.pattern && doc.pattern !== "^[\\x21-\\x7e]{1,500}$" && { pattern: doc.pattern }),
    },
    errors: [
      ...new Set([
        ...(field.required ? [field.missing ?? "ERROR_BAD_PARAMETERS"] : []),
        field.invalid ?? "ERROR_BAD_PARAMETERS",
      ]),
    ],
    file: false,
    list: false,
  }
}

function fileFacts(file: FileSpec): FieldFacts {
  const limit = LIMITS[file.limit]
  return {
    name: file.name,
    classicNames: file.classic ?? [file.name.toLowerCase()],
    aliases: [],
    type: file.limit === "audio" ? "audio" : "image",
    required: file.required === true,
    limits: { maxBytes: limit.maxBytes, ...(limit.maxSide > 0 && { maxSide: limit.maxSide }) },
    errors:
      file.limit === "audio"
        ? ["ERROR_ZERO_CAPTCHA_FILESIZE", "ERROR_TOO_BIG_CAPTCHA_FILESIZE", "ERROR_IMAGE_TYPE_NOT_SUPPORTED"]
        : ["ERROR_ZERO_CAPTCHA_FILESIZE", "ERROR_TOO_BIG_CAPTCHA_FILESIZE", "ERROR_IMAGE_TYPE_NOT_SUPPORTED"],
    file: true,
    list: file.list === true,
  }
}

/** Every field of a type a request may carry: its own, its files, and the proxy's when it takes one. */
export function typeFields(code: string): FieldFacts[] {
  const spec = TASK_TYPES[code]!
  const proxy = spec.proxy === "forbidden" ? [] : proxyFields(spec.proxyTypes ?? PROXY_TYPES).map(fieldFacts)
  // The proxy's fields are required only by the names that require them (…Proxyless does not).
  for (const field of proxy) if (spec.proxy === "optional") field.required = false
  return [...spec.fields.map(fieldFacts), ...(spec.files ?? []).map(fileFacts), ...proxy]
}

/** The names a hand-written text may refer to with {{field …}}: fields, files, proxy fields. */
export const fieldNames = (code: string): Set<string> => new Set(typeFields(code).map((field) => field.name))

// ---- the example request -------------------------------------------------------------------------------------

/** Example values by field name, written to pass the checks (a test submits every type's example). */
const EXAMPLES: Record<string, SampleValue> = {
  websiteURL: "https://example.com/login",
  websiteKey: "6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-",
  comment: "Type the characters you see",
  websitePublicKey: "69A21A01-CC7B-B9C6-0F9A-E7FA06677FFC",
  captchaId: "CROPPED_d3d4d56_73ca4008925b4f83a8bed59c2dd0df6d",
  divId: "lemin-cropped-captcha",
  captchaUrl: "https://geo.captcha-delivery.com/captcha/?initialCid=AHrlqAAAAAMA",
  miseryKey: "a1488b66da00bf332a1488993a5443c79047e752",
  apiKey: "SAb83IIB",
  appId: "190014885",
  apiServer: "https://cap.example.com",
  redirectUri: "https://id.vk.com/not_robot_captcha?domain=vk.com",
  SlideMasterUrlId: "OXR2LVNvCuXykkZbB8KZIfh162sNT8S2",
  challengeURL: "https://example.com/altcha/challenge",
  validateId: "cb0bfefa598b4a2e8f5bdbf7a3a9e4d1",
  sceneId: "a6c1h3sm",
  prefix: "1frpz6",
  apiGetLib: "https://example.com/hunt/lib.js",
  tspdCookie: "TS01b2c3d4=01a2b3c4d5e6f7",
  htmlPageBase64: "PGh0bWw+PC9odG1sPg==",
  incapsulaScriptUrl: "_Incapsula_Resource?SWJIYLWA=719d34d31c8e3a6e6fffd425f7e032f3",
  incapsulaCookies: "incap_ses_1166_2930313=br7iX33ZNCtf3HlpEXcuEDzz72cAAAAA0suDnBGrq/iA0J4oERYzjQ==",
  steps: [5, 19, 14, 14, 6, 4, 8, 9],
  task: '{"type":"pazl","question":"Move the piece into place"}',
  s_s_c_user_id: "184015",
  s_s_c_session_id: "9ff29e0176e78eb7ba59314f92dbac1b",
  s_s_c_web_server_sign: "964635241a3e5e76980f2572e5f63452",
  s_s_c_web_server_sign2: "3ca802a38ffc5831fa293ac2819b1204",
  userAgent:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
}

/** Per type: values of its own (a key format of its own) and the fields its cross-field rules need. */
const TYPE_EXAMPLES: Record<string, SampleObject> = {
  TextCaptchaTask: { comment: "If tomorrow is Saturday, what day is today?" },
  GridTask: { comment: "Select all squares with traffic lights" },
  CoordinatesTask: { comment: "Click the letters in the order shown" },
  BoundingBoxTask: { comment: "Draw a box around every car" },
  DrawAroundTask: { comment: "Draw around the animal" },
  DragAndDropTask: { comment: "Drag the pieces into place" },
  RotateTask: { comment: "Rotate the picture upright" },
  SmartCaptchaTask: { comment: "Click the shapes in the order shown" },
  TurnstileTask: { websiteKey: "0x4AAAAAAAC3DHQFLr1GavRN" },
  GeeTestTask: { gt: "81388ea1fc187e0c335c0a8907ff2625", challenge: "2e2f0f65240058b683cb6ea21c303eea6n" },
  AmazonTask: {
    iv: "CgAHbCe2GgAAAAAj",
    context:
      "9BUgmlm48F92WUoqv97a49ZuEJJ50TCk9MVr3C7WMtQ0X6flVbufM4n8mjFLmbLVAPgaQ1Jydeaja94iAS49ljb+sUNLoukWedAQZKrlY4RdbOOzvcFqmD/ZepQFS9N5w15Exr4VwnVq+HIxTsDJwRviElWCdzKDebN/mk8/eX2n7qJi5G3Riq0tdQw9+C4diFZU5E97RSeahejOAAJTDqduqW6uLw9NsjJBkDRBlRjxjn5CaMMo5pYOxYbGrM8Un1JH5DMOLeXbq1xWbC17YSEoM1cRFfTgOoc+VpCe36Ai9Kc=",
  },
  AltchaTask: { challengeURL: "https://example.com/altcha/challenge" },
  YandexSmartCaptchaTask: { websiteKey: "ysc1_uvp8TpXFBJ3EOvtD0VvmMZbJrIrpIU2lbSPMkl9q8f6fe4af" },
  MtCaptchaTask: { websiteKey: "MTPublic-KzqLY1cKH" },
  FriendlyCaptchaTask: { websiteKey: "FCMG5RH0OBIDRDI8" },
  ProsopoTask: { websiteKey: "5EZVvsHMrKCFKp5NYNoTyDjTjetoVo1Z4UNNbTwJf1GfN6Xm" },
  CaptchaFoxTask: { websiteKey: "sk_vKdD8WGlPF5FKpRDs1U4qTuu6Jv0w285" },
  CapyTask: { websiteKey: "PUZZLE_Abc1dEFghIJKLM2no34P56q7rStu8v" },
  BinanceTask: { websiteKey: "login" },
  YidunTask: { websiteKey: "6cw0f0485d5d46auacf9b735d20218a5" },
  BasiliskTask: { websiteKey: "b7890hre5cf2544b2759c19fb2600897" },
  AtbCaptchaTask: { apiServer: "https://cap.aisecurius.com" },
  AudioTask: { lang: "en" },
  DataDomeSliderTask: { websiteURL: "https://example.com/" },
}

/** Files beside the program, by file field. */
const FILE_NAMES: Record<string, string> = {
  body: "captcha.png",
  image: "captcha.png",
  imgInstructions: "instructions.png",
  background: "background.png",
  images: "piece.png",
  parts: "part.png",
}

export const SAMPLE_FILES = [
  "captcha.png",
  "instructions.png",
  "background.png",
  "piece.png",
  "part.png",
  "recording.mp3",
]

const EXAMPLE_PROXY: SampleObject = {
  proxyType: "http",
  proxyAddress: "203.0.113.7",
  proxyPort: 3128,
  proxyLogin: "user",
  proxyPassword: "secret",
}

function exampleValue(code: string, field: FieldFacts): SampleValue | undefined {
  const own = TYPE_EXAMPLES[code]?.[field.name]
  if (own !== undefined) return own
  if (field.file)
    return new FileRef(code === "AudioTask" ? "recording.mp3" : FILE_NAMES[field.name]!, field.list)
  return EXAMPLES[field.name]
}

/** The fields of the example request of a type in API v2's names (the task object without `type`). */
export function exampleFields(code: string, withProxy = false): SampleObject {
  const spec = TASK_TYPES[code]!
  const fields: SampleObject = {}
  for (const field of typeFields(code)) {
    if (field.name.startsWith("proxy")) continue
    const value = exampleValue(code, field)
    const wanted = field.required || TYPE_EXAMPLES[code]?.[field.name] !== undefined
    if (wanted) {
      if (value === undefined)
        throw new Error(`${code}.${field.name}: no example value (type-docs.ts EXAMPLES)`)
      fields[field.name] = value
    }
  }
  if (withProxy || spec.proxy === "required") Object.assign(fields, EXAMPLE_PROXY)
  return fields
}

/** The v2 type name a sample sends: the proxyless name where there is one. */
export function sampleV2Name(code: string): string {
  const spec = TASK_TYPES[code]!
  const proxyless = Object.entries(spec.v2Names).find(([, proxy]) => !proxy)?.[0]
  return proxyless ?? Object.keys(spec.v2Names)[0]!
}

/** in.php's image types are told apart by a flag beside method=base64. */
const CLASSIC_FLAGS: Record<string, SampleObject> = {
  GridTask: { recaptcha: 1 },
  CoordinatesTask: { coordinatescaptcha: 1 },
  DrawAroundTask: { canvas: 1 },
}

/** The in.php method of a type, or null when in.php has none. */
export function classicMethodOf(spec: TaskTypeSpec): string | null {
  return Object.keys(spec.classicMethods)[0] ?? null
}

/** The example request in in.php's names (method included), or null for a type in.php does not take. */
export function exampleClassicFields(code: string): SampleObject | null {
  const spec = TASK_TYPES[code]!
  const method = classicMethodOf(spec)
  if (method === null) return null
  const fields: SampleObject = {
    // A picture goes as base64 (method=post is for a multipart upload); a text question has no picture.
    method: code === "TextCaptchaTask" ? "post" : "base64" in spec.classicMethods ? "base64" : method,
    ...(spec.classicMethods[method] as SampleObject),
    ...CLASSIC_FLAGS[code],
  }
  const v2 = exampleFields(code, false)
  for (const facts of typeFields(code)) {
    const value = v2[facts.name]
    if (value === undefined || facts.name.startsWith("proxy")) continue
    const name = facts.classicNames[0]
    if (name === undefined) continue
    fields[name] = value
  }
  if (spec.proxy === "required" && (spec.classicProxy ?? spec.proxy) !== "forbidden") {
    fields.proxy = "user:secret@203.0.113.7:3128"
    fields.proxytype = "HTTP"
  }
  return fields
}

/** How long a sample waits for an answer: pictures are quick, tokens take a browser. */
export const sampleTimeout = (code: string) => (TASK_TYPES[code]!.kind === "image" ? 120 : 300)
