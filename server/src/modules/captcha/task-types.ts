import type { TaskKind } from "@manyhands/contract/worker"
import { TASK_LANGUAGES } from "@manyhands/contract/captcha"
// The catalogue of captcha task types (captcha-api reference §1.3, §2.3, §2.4): for each type the v2 names
// and in.php methods that select it, its fields with their validation, its images and the shape of its
// answer. Both API parsers and the answer formatter read this one table, so a task submitted through either
// API is stored with the same v2-named params.

export type { TaskKind }

/** An image (or audio) of a task; name: "body", "imgInstructions", "images.0", … */
export interface TaskFile {
  name: string
  mime: string
  data: Buffer
}

export interface NewTask {
  /** Catalogue code: the v2 type without "Proxyless", e.g. "RecaptchaV2Task". */
  type: string
  /** Validated v2-named fields, JSON-safe, without file bytes (proxy fields included). */
  params: Record<string, unknown>
  files: TaskFile[]
  /** lang / languagePool; null = any worker. */
  language: string | null
}

/** A submission the API refuses; `code` is the legacy (in.php) code, v2Error() translates it for API v2. */
export class TaskInputError extends Error {
  constructor(
    readonly code: string,
    message: string = code,
  ) {
    super(message)
    this.name = "TaskInputError"
  }
}

export type Params = Record<string, unknown>

/** What a check accepts, for the API docs (generated from these checks, so they cannot say otherwise). */
export interface CheckDoc {
  type: "string" | "integer" | "number" | "boolean" | "object" | "json" | "url" | "cookies" | "integer list"
  /** Longest accepted text, in characters. */
  maxLength?: number
  min?: number
  max?: number
  /** The only values accepted (case-insensitive). */
  values?: (string | number)[]
  /** A regular expression the (trimmed) text must match. */
  pattern?: string
}

/** Turns a submitted value into its stored form, or returns undefined when the value is malformed. */
export type Check = ((value: unknown) => unknown) & { doc?: CheckDoc }

const described = (doc: CheckDoc, check: (value: unknown) => unknown): Check => Object.assign(check, { doc })

export interface FieldSpec {
  /** The v2 name, also the key in the stored params. */
  name: string
  check: Check
  /** in.php names (lower case), first found wins; default: the v2 name lower-cased. */
  legacy?: string[]
  /** Other API v2 names of the field (Anti-Captcha's, §2.4), read when the field's own name is absent. */
  v2Aliases?: string[]
  /** Reshapes an in.php value into the v2 form before the check (e.g. data-s → enterprisePayload.s). */
  fromLegacy?: (value: unknown) => unknown
  required?: boolean
  /** Code when required and absent, and code when malformed; default ERROR_BAD_PARAMETERS. */
  missing?: string
  invalid?: string
  /** Stored when the field is absent, so both APIs store the same params. */
  fallback?: unknown
}

export type SizeLimit = "normal" | "large" | "instructions" | "audio"

export interface FileSpec {
  /** v2 field name and stored file name; several files are named `name.1`, … (lists: `name.0`, `name.1`, …). */
  name: string
  limit: SizeLimit
  required?: boolean
  /** v2 sends an array of base64 strings. */
  list?: boolean
  /** in.php sources in order: a multipart part or a base64 parameter; default: the name lower-cased. */
  classic?: string[]
  /** Every in.php source found is one more file (rotate's file_1…file_9, Temu's part1…part3). */
  classicAll?: boolean
}

export interface MediaSize {
  width: number
  height: number
}

export type AnswerForm =
  | "text" // {text}
  | "grid" // {click: [cells from 1]}
  | "canvas" // {canvas: [[{x,y},…],…]}
  | "coordinates" // {coordinates: [{x,y}]}, classic "coordinates:x=1,y=2;…"
  | "points" // {coordinates: [{x,y}]}, classic as a JSON list
  | "dragDrop" // {coordinates: [{x,y} | null]}, one per piece
  | "rotate" // {rotate: angle | [angle per image]}
  | "boundingBoxes" // {bounding_boxes: [{xMin,xMax,yMin,yMax}]}
  | "string" // {text}; API v2 returns the bare string
  | "token" // {token} (+ userAgent)
  | "recaptcha" // {gRecaptchaResponse, token} (+ cookies)
  | "cookie" // {cookie}
  | "object" // an object with the listed keys

export interface AnswerSpec {
  form: AnswerForm
  /** Required keys of an "object" answer. */
  keys?: (params: Params) => string[]
  /** The answer carries the browser's userAgent (Turnstile, Binance). */
  userAgent?: boolean
}

export type ProxyRule = "required" | "optional" | "forbidden"

export interface TaskTypeSpec {
  kind: TaskKind
  /** v2 type names selecting this type → whether that name requires the proxy fields. */
  v2Names: Record<string, boolean>
  proxy: ProxyRule
  /** in.php's own rule where it differs from API v2's. */
  classicProxy?: ProxyRule
  proxyTypes?: string[]
  /** in.php methods selecting this type → values the method implies. */
  classicMethods: Record<string, Params>
  fields: FieldSpec[]
  files?: FileSpec[]
  /** Cross-field rules and defaults that depend on the images; throws TaskInputError. */
  refine?: (params: Params, media: Record<string, MediaSize>) => void
  answer: AnswerSpec
}

export const LANGUAGES = [...TASK_LANGUAGES]
export const PROXY_TYPES = ["http", "https", "socks4", "socks5"]

// ---- value checks ----

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

export const isAbsent = (value: unknown) => value === undefined || value === null || value === ""

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const asText = (value: unknown) =>
  typeof value === "string"
    ? value
    : typeof value === "number" && Number.isFinite(value)
      ? String(value)
      : undefined

const text = (max = 1000): Check =>
  described({ type: "string", maxLength: max }, (value) => {
    const result = asText(value)
    return result !== undefined && result.length <= max ? result : undefined
  })

/** A key or id: printable characters without spaces. */
const key = (pattern = /^[\x21-\x7e]{1,500}$/): Check =>
  described({ type: "string", pattern: pattern.source }, (value) => {
    const result = asText(value)?.trim()
    return result !== undefined && pattern.test(result) ? result : undefined
  })

const bool: Check = described({ type: "boolean" }, (value) => {
  if (typeof value === "boolean") return value
  const flag = asText(value)?.trim().toLowerCase()
  return flag === "1" || flag === "true" ? true : flag === "0" || flag === "false" ? false : undefined
})

const num = (min: number, max: number, integer = false): Check =>
  described({ type: integer ? "integer" : "number", min, max }, (value) => {
    const digits = asText(value)?.trim()
    const result = digits ? Number(digits) : NaN
    return Number.isFinite(result) && result >= min && result <= max && (!integer || Number.isInteger(result))
      ? result
      : undefined
  })
const int = (min: number, max: number) => num(min, max, true)

const oneOf = (...allowed: (string | number)[]): Check =>
  described(
    { type: allowed.every((option) => typeof option === "number") ? "integer" : "string", values: allowed },
    (value) => {
      const given = asText(value)?.trim().toLowerCase()
      return allowed.find((option) => String(option).toLowerCase() === given)
    },
  )

const object: Check = described({ type: "object" }, (value) => {
  const parsed = typeof value === "string" ? parseJson(value) : value
  return isRecord(parsed) ? parsed : undefined
})

/** JSON kept as a string (FunCaptcha data, Altcha challenge); objects are serialised. */
const jsonText: Check = described({ type: "json", maxLength: 100_000 }, (value) => {
  if (isRecord(value) || Array.isArray(value)) return JSON.stringify(value)
  const result = asText(value)
  return result !== undefined && result.length <= 100_000 && parseJson(result) !== undefined
    ? result
    : undefined
})

/** VK slider steps: "[5,19,…]" or an array, stored as numbers. */
const intList: Check = described({ type: "integer list", min: 1, max: 500 }, (value) => {
  const list = typeof value === "string" ? parseJson(value) : value
  return Array.isArray(list) && list.length > 0 && list.length <= 500 && list.every(Number.isInteger)
    ? list
    : undefined
})

export const checkUrl: Check = described({ type: "url", maxLength: 2000 }, (value) => {
  const address = asText(value)?.trim()
  if (!address || address.length > 2000) return undefined
  // Some clients leave out the scheme: accept "example.com/login" as well.
  for (const candidate of [address, `http://${address}`]) {
    try {
      const parsed = new URL(candidate)
      if ((parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname) return address
    } catch {
      // try the next form
    }
  }
  return undefined
})

/** Cookies as "k1=v1; k2=v2" (v2) from that or the legacy "K1:V1;K2:V2;". */
const cookies: Check = described({ type: "cookies", maxLength: 20_000 }, (value) => {
  const given = asText(value)?.trim()
  if (!given || given.length > 20_000) return undefined
  const pairs = given
    .split(";")
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const split = pair.search(/[=:]/)
      return split > 0 ? `${pair.slice(0, split).trim()}=${pair.slice(split + 1).trim()}` : undefined
    })
  return pairs.length > 0 && pairs.every(Boolean) ? pairs.join("; ") : undefined
})

// ---- field builders ----

type FieldOptions = Omit<FieldSpec, "name" | "check">
const opt = (name: string, check: Check, options?: FieldOptions): FieldSpec => ({ name, check, ...options })
const req = (name: string, check: Check, options: FieldOptions = {}): FieldSpec =>
  opt(name, check, { ...options, required: true })
const flag = (name: string, legacy?: string) =>
  opt(name, bool, { fallback: false, ...(legacy && { legacy: [legacy] }) })
const str = (name: string, legacy?: string, max = 5000) =>
  opt(name, text(max), legacy ? { legacy: [legacy] } : {})
const id = (name: string, legacy?: string) => req(name, key(), legacy ? { legacy: [legacy] } : {})

const PAGEURL = "ERROR_PAGEURL"
const websiteURL = req("websiteURL", checkUrl, { legacy: ["pageurl"], missing: PAGEURL, invalid: PAGEURL })
const userAgent = str("userAgent", "useragent", 1000)
const needUserAgent = { ...userAgent, required: true }
const siteKey = req("websiteKey", key(), { legacy: ["sitekey"], invalid: "ERROR_SITEKEY" })
const googleKey = req("websiteKey", key(/^[\w-]{30,60}$/), {
  legacy: ["googlekey"],
  missing: "ERROR_WRONG_GOOGLEKEY",
  invalid: "ERROR_GOOGLEKEY",
})
const comment = str("comment", "textinstructions", 1000)
const minClicks = opt("minClicks", int(1, 100), { legacy: ["min_clicks"] })
const maxClicks = opt("maxClicks", int(1, 100), { legacy: ["max_clicks"] })
const apiDomain = opt("apiDomain", oneOf("google.com", "recaptcha.net"), { legacy: ["domain"] })

const file = (name: string, limit: SizeLimit, classic?: string[]): FileSpec => ({
  name,
  limit,
  required: true,
  classic,
})
const body = (limit: SizeLimit, classic = ["file", "body"]) => file("body", limit, classic)
const image = (classic = ["body", "file", "image"]) => file("image", "large", classic)
const FILE_1_TO_9 = Array.from({ length: 9 }, (_, index) => `file_${index + 1}`)
const imgInstructions: FileSpec = { name: "imgInstructions", limit: "instructions" }
const IMAGE_METHODS = { post: {}, base64: {} }
/**
 * Anti-Captcha's ImageToCoordinatesTask mode (§2.7) the task was created with: API v2 then answers in
 * Anti-Captcha's shape. Never read from in.php.
 */
const antiCaptchaMode = (mode: "points" | "rectangles") => opt("mode", oneOf(mode), { legacy: [] })

// ---- cross-field rules ----

const refused = (message: string): never => {
  throw new TaskInputError("ERROR_BAD_PARAMETERS", message)
}

const ordered = (params: Params, low: string, high: string) => {
  const [min, max] = [params[low], params[high]]
  if (typeof min === "number" && typeof max === "number" && max > 0 && min > max)
    refused(`${low} must not be greater than ${high}`)
}

const needInstructions = (params: Params, media: Record<string, MediaSize>) => {
  if (params.comment === undefined && !media.imgInstructions)
    refused("textinstructions (comment) or imginstructions (imgInstructions) is required")
}

const needOneOf = (params: Params, ...groups: string[][]) => {
  if (!groups.some((group) => group.every((name) => params[name] !== undefined)))
    refused(`${groups.map((group) => group.join(" + ")).join(" or ")} required`)
}

/** How many images were given as `prefix`, `prefix.1`, … or `prefix.0`, … (rotate, drag & drop). */
const countImages = (params: Params, media: Record<string, MediaSize>, prefix: string) => {
  params.imageCount = Object.keys(media).filter((name) => name.replace(/\.\d+$/, "") === prefix).length
}

// ---- the catalogue ----

const TEXT: AnswerSpec = { form: "text" }
const TOKEN: AnswerSpec = { form: "token" }
const RECAPTCHA: AnswerSpec = { form: "recaptcha" }
const WITH_USER_AGENT: AnswerSpec = { form: "token", userAgent: true }
const objectWith = (...keys: string[]): AnswerSpec => ({ form: "object", keys: () => keys })

type ImageSpec = Omit<TaskTypeSpec, "kind" | "v2Names" | "proxy" | "classicMethods"> &
  Partial<Pick<TaskTypeSpec, "v2Names" | "classicMethods">>
const imageType = (code: string, spec: ImageSpec): [string, TaskTypeSpec] => [
  code,
  { kind: "image", v2Names: { [code]: false }, proxy: "forbidden", classicMethods: {}, ...spec },
]

type TokenOptions = Partial<Omit<TaskTypeSpec, "kind" | "fields">>
/** A token type: websiteURL and userAgent are added to its fields unless it lists its own. */
const tokenType = (
  code: string,
  method: string,
  fields: FieldSpec[],
  options: TokenOptions = {},
): [string, TaskTypeSpec] => {
  const proxy = options.proxy ?? "optional"
  const has = (name: string) => fields.some((field) => field.name === name)
  const spec: TaskTypeSpec = {
    kind: "token",
    v2Names: proxy === "required" ? { [code]: true } : { [`${code}Proxyless`]: false, [code]: true },
    proxy,
    classicMethods: method ? { [method]: {} } : {},
    fields: [...(has("websiteURL") ? [] : [websiteURL]), ...fields, ...(has("userAgent") ? [] : [userAgent])],
    answer: TOKEN,
    ...options,
  }
  return [code, spec]
}

const recaptcha = [googleKey, flag("isInvisible", "invisible"), opt("cookies", cookies), apiDomain]
const enterpriseS: FieldOptions = { legacy: ["data-s"], fromLegacy: (s) => ({ s }) }

const textRules = [
  flag("phrase"),
  flag("case", "regsense"),
  opt("numeric", int(0, 4), { fallback: 0 }),
  flag("math", "calc"),
  opt("minLength", int(0, 100), { legacy: ["min_len"], fallback: 0 }),
  opt("maxLength", int(0, 100), { legacy: ["max_len"], fallback: 0 }),
  opt("language", int(0, 2), { fallback: 0 }),
]

export const TASK_TYPES: Record<string, TaskTypeSpec> = Object.fromEntries([
  imageType("ImageToTextTask", {
    classicMethods: IMAGE_METHODS,
    fields: [...textRules, comment],
    files: [body("normal"), imgInstructions],
    refine: (params) => ordered(params, "minLength", "maxLength"),
    answer: TEXT,
  }),
  imageType("TextCaptchaTask", {
    classicMethods: IMAGE_METHODS,
    fields: [
      req("comment", text(1000), { legacy: ["textcaptcha"] }),
      opt("language", int(0, 2), { fallback: 0 }),
    ],
    answer: TEXT,
  }),
  imageType("GridTask", {
    classicMethods: IMAGE_METHODS,
    fields: [
      comment,
      opt("rows", int(1, 10), { legacy: ["recaptcharows"] }),
      opt("columns", int(1, 10), { legacy: ["recaptchacols"] }),
      str("previousId", "previousid", 100),
      opt("imgType", oneOf("funcaptcha", "funcaptcha_compare", "recaptcha"), { legacy: ["img_type"] }),
      minClicks,
      maxClicks,
      flag("canNoAnswer", "can_no_answer"),
    ],
    files: [body("large"), imgInstructions],
    refine: (params, media) => {
      needInstructions(params, media)
      // The documented default: 3×3 for a 300×300 picture, otherwise 4×4.
      const cells = media.body?.width === 300 && media.body.height === 300 ? 3 : 4
      params.rows ??= cells
      params.columns ??= cells
      params.minClicks ??= 1
      params.maxClicks ??= Number(params.rows) * Number(params.columns)
      ordered(params, "minClicks", "maxClicks")
    },
    answer: { form: "grid" },
  }),
  imageType("CoordinatesTask", {
    classicMethods: IMAGE_METHODS,
    fields: [comment, minClicks, maxClicks, antiCaptchaMode("points")],
    files: [body("large"), imgInstructions],
    refine: (params) => ordered(params, "minClicks", "maxClicks"),
    answer: { form: "coordinates" },
  }),
  imageType("RotateTask", {
    classicMethods: { rotatecaptcha: {} },
    fields: [opt("angle", int(1, 360), { fallback: 40 }), comment],
    files: [{ ...body("large", ["file", "body", ...FILE_1_TO_9]), classicAll: true }, imgInstructions],
    refine: (params, media) => countImages(params, media, "body"),
    answer: { form: "rotate" },
  }),
  imageType("BoundingBoxTask", {
    classicMethods: { bounding_box: {} },
    fields: [comment, flag("canNoAnswer", "can_no_answer"), antiCaptchaMode("rectangles")],
    files: [body("large", ["image", "file", "body"]), imgInstructions],
    refine: needInstructions,
    answer: { form: "boundingBoxes" },
  }),
  imageType("DrawAroundTask", {
    classicMethods: IMAGE_METHODS,
    fields: [comment],
    files: [body("large"), imgInstructions],
    refine: needInstructions,
    answer: { form: "canvas" },
  }),
  imageType("DragAndDropTask", {
    classicMethods: { drag_drop: {} },
    fields: [comment],
    files: [
      file("background", "large", ["body", "file", "background"]),
      { ...file("images", "large"), list: true },
    ],
    refine: (params, media) => countImages(params, media, "images"),
    answer: { form: "dragDrop" },
  }),
  imageType("AudioTask", {
    classicMethods: { audio: {} },
    fields: [opt("lang", oneOf("en", "fr", "de", "el", "pt", "ru"), { fallback: "en" })],
    files: [body("audio", ["body", "file"])],
    answer: TEXT,
  }),
  imageType("VKCaptchaImageTask", {
    classicMethods: { vkimage: {} },
    fields: [req("steps", intList)],
    files: [image()],
    answer: objectWith("best_step", "preview", "solution", "answer"),
  }),
  imageType("TemuImageTask", {
    v2Names: { TemuImageTask: false, TemuCaptchaTask: false },
    classicMethods: { temuimage: {} },
    fields: [],
    files: [
      image(),
      { ...file("parts", "large", ["part1", "part2", "part3"]), list: true, classicAll: true },
    ],
    answer: { form: "points" },
  }),
  imageType("SmartCaptchaTask", {
    fields: [comment],
    files: [image([]), { ...imgInstructions, required: true }],
    answer: { form: "points" },
  }),
  imageType("PazlCaptchaTask", {
    fields: [req("task", jsonText)],
    files: [image([])],
    answer: { form: "string" },
  }),
  tokenType(
    "RecaptchaV2Task",
    "userrecaptcha",
    [...recaptcha, str("recaptchaDataSValue", "data-s", 10_000)],
    {
      answer: RECAPTCHA,
    },
  ),
  tokenType("RecaptchaV2EnterpriseTask", "", [...recaptcha, opt("enterprisePayload", object, enterpriseS)], {
    classicMethods: { userrecaptcha: { enterprise: 1 } },
    answer: RECAPTCHA,
  }),
  tokenType(
    "RecaptchaV3Task",
    "",
    [
      googleKey,
      // v2 documents it as required, the legacy API defaults it to 0.4: take the lenient side for both.
      opt("minScore", num(0.1, 0.9), { legacy: ["min_score"], fallback: 0.4 }),
      opt("pageAction", text(200), { legacy: ["action"], fallback: "verify" }),
      flag("isEnterprise", "enterprise"),
      apiDomain,
    ],
    {
      v2Names: { RecaptchaV3TaskProxyless: false },
      classicMethods: { userrecaptcha: { version: "v3" } },
      proxy: "forbidden",
      answer: RECAPTCHA,
    },
  ),
  tokenType(
    "TurnstileTask",
    "turnstile",
    [
      { ...siteKey, check: key(/^[0-9]x[\w-]{10,100}$/) },
      str("action"),
      // cData and chlPageData in the reference's words, and in Anti-Captcha's TurnstileTask.
      opt("data", text(5000), { legacy: ["data", "cdata"], v2Aliases: ["cData"] }),
      opt("pagedata", text(5000), { legacy: ["pagedata", "chlpagedata"], v2Aliases: ["chlPageData"] }),
    ],
    { answer: WITH_USER_AGENT },
  ),
  tokenType(
    "GeeTestTask",
    "",
    [
      opt("gt", key()),
      opt("challenge", key()),
      opt("version", oneOf(3, 4), { legacy: [], fallback: 3 }),
      opt("initParameters", object, { legacy: ["captcha_id"], fromLegacy: (id) => ({ captcha_id: id }) }),
      str("geetestApiServerSubdomain", "api_server", 500),
      str("risk_type", undefined, 100),
    ],
    {
      classicMethods: { geetest: { version: 3 }, geetest_v4: { version: 4 } },
      refine: (params) => {
        const init = params.initParameters
        if (params.version === 3) needOneOf(params, ["gt", "challenge"])
        else if (!isRecord(init) || !key()(init.captcha_id))
          refused("captcha_id (initParameters.captcha_id) required")
      },
      answer: {
        form: "object",
        keys: (params) =>
          params.version === 4
            ? ["captcha_id", "lot_number", "pass_token", "gen_time", "captcha_output"]
            : ["challenge", "validate", "seccode"],
      },
    },
  ),
  tokenType("FunCaptchaTask", "funcaptcha", [
    id("websitePublicKey", "publickey"),
    str("funcaptchaApiJSSubdomain", "surl", 500),
    opt("data", jsonText),
  ]),
  tokenType(
    "CapyTask",
    "capy",
    [{ ...siteKey, legacy: ["captchakey"] }, str("apiServer", "api_server", 500)],
    {
      answer: objectWith("captchakey", "challengekey", "answer"),
    },
  ),
  tokenType(
    "LeminTask",
    "lemin",
    [id("captchaId", "captcha_id"), id("divId", "div_id"), str("leminApiServerSubdomain", "api_server", 500)],
    { answer: objectWith("answer", "challenge_id") },
  ),
  tokenType(
    "AmazonTask",
    "amazon_waf",
    [
      siteKey,
      str("iv"),
      str("context"),
      str("jsapiScript", "jsapiscript", 2000),
      str("challengeScript", "challenge_script", 2000),
      str("captchaScript", "captcha_script", 2000),
    ],
    {
      refine: (params) => needOneOf(params, ["iv", "context"], ["jsapiScript"]),
      answer: objectWith("captcha_voucher", "existing_token"),
    },
  ),
  tokenType("MtCaptchaTask", "mt_captcha", [siteKey]),
  tokenType(
    "DataDomeSliderTask",
    "datadome",
    [req("captchaUrl", checkUrl, { legacy: ["captcha_url"] }), needUserAgent],
    {
      proxy: "required",
      answer: { form: "cookie" },
    },
  ),
  tokenType("CutCaptchaTask", "cutcaptcha", [id("miseryKey", "misery_key"), id("apiKey", "api_key")]),
  tokenType("FriendlyCaptchaTask", "friendly_captcha", [
    siteKey,
    opt("version", oneOf("v1", "v2")),
    str("moduleScript", "module_script", 2000),
    str("nomoduleScript", "nomodule_script", 2000),
  ]),
  tokenType("TencentTask", "tencent", [id("appId", "app_id"), str("captchaScript", "captcha_script", 2000)], {
    answer: objectWith("appid", "ret", "ticket", "randstr"),
  }),
  tokenType("AtbCaptchaTask", "atb_captcha", [
    id("appId", "app_id"),
    req("apiServer", text(500), { legacy: ["api_server"] }),
  ]),
  tokenType("ProsopoTask", "prosopo", [siteKey]),
  tokenType("CaptchaFoxTask", "captchafox", [siteKey, needUserAgent, str("apiServer", "api_server", 500)], {
    proxy: "required",
  }),
  tokenType(
    "VKCaptchaTask",
    "vkcaptcha",
    [
      { ...websiteURL, required: false },
      req("redirectUri", checkUrl, { legacy: ["redirect_uri"] }),
      needUserAgent,
    ],
    { proxy: "required", proxyTypes: ["http", "https", "socks5"] },
  ),
  // The JS client's names (userId, sessionId, webServerSign, webServerSign2) as well (§3.2).
  tokenType(
    "KeyCaptchaTask",
    "keycaptcha",
    [
      ["s_s_c_user_id", "userid"],
      ["s_s_c_session_id", "sessionid"],
      ["s_s_c_web_server_sign", "webserversign"],
      ["s_s_c_web_server_sign2", "webserversign2"],
    ].map(([name, alias]) => req(name!, key(), { legacy: [name!, alias!] })),
  ),
  tokenType("YandexSmartCaptchaTask", "yandex", [siteKey, opt("cookies", cookies)]),
  tokenType("AntiCyberSiAraTask", "cybersiara", [id("SlideMasterUrlId", "master_url_id"), needUserAgent]),
  tokenType(
    "AltchaTask",
    "altcha",
    [
      opt("challengeURL", checkUrl, { legacy: ["challenge_url", "captcha_url"] }),
      opt("challengeJSON", jsonText, { legacy: ["challenge_json"] }),
    ],
    { refine: (params) => needOneOf(params, ["challengeURL"], ["challengeJSON"]) },
  ),
  tokenType("BinanceTask", "binance", [siteKey, id("validateId", "validate_id")], {
    v2Names: { BinanceTaskproxyless: false, BinanceTask: true },
    answer: WITH_USER_AGENT,
  }),
  tokenType("YidunTask", "yidun", [
    siteKey,
    str("yidunGetLib", "yidun_get_lib", 2000),
    str("yidunApiServerSubdomain", "yidun_api_server_subdomain", 500),
    ...["challenge", "hcg", "hct"].map((name) => str(name)),
  ]),
  tokenType(
    "AlibabaTask",
    "alibaba",
    [
      id("sceneId", "scene_id"),
      id("prefix"),
      str("userId", "user_id"),
      str("userUserId", "user_user_id"),
      str("verifyType", "verify_type"),
      str("region"),
      str("userCertifyId", "user_certify_id"),
      str("apiGetLib", "api_get_lib", 2000),
    ],
    { answer: objectWith("data") },
  ),
  tokenType("BasiliskTask", "basilisk", [siteKey], { answer: objectWith("data") }),
  tokenType(
    "HuntTask",
    "hunt",
    [req("apiGetLib", checkUrl, { legacy: ["api_get_lib"] }), str("data", undefined, 100_000)],
    {
      proxy: "required",
      classicProxy: "optional", // in.php documents the proxy as optional for Hunt
    },
  ),
  tokenType(
    "TspdTask",
    "tspd",
    [
      req("tspdCookie", text(20_000), { legacy: ["tspd_cookie"] }),
      req("htmlPageBase64", key(/^[A-Za-z0-9+/=\s]{1,3000000}$/), { legacy: ["html_page_base64"] }),
    ],
    { proxy: "required", answer: objectWith("Domains") },
  ),
  tokenType(
    "IncapsulaTask",
    "",
    [
      req("incapsulaScriptUrl", text(2000)),
      req("incapsulaCookies", text(20_000)),
      str("reese84UrlEndpoint", undefined, 2000),
    ],
    { v2Names: { IncapsulaTask: true, ImpervaTask: true }, proxy: "required", answer: objectWith("domains") },
  ),
])

/** Types whose answer is text: the ones "100 % recognition" can compare. */
export const TEXT_ANSWER_TYPES: readonly string[] = Object.keys(TASK_TYPES).filter(
  (code) => TASK_TYPES[code]!.answer.form === "text",
)

/** Every v2 type name → catalogue code and whether that name requires the proxy fields. */
export const V2_TYPE_NAMES: Record<string, { type: string; proxy: boolean }> = Object.fromEntries(
  Object.entries(TASK_TYPES).flatMap(([type, spec]) =>
    Object.entries(spec.v2Names).map(([name, proxy]) => [name, { type, proxy }]),
  ),
)

export function taskType(code: string): TaskTypeSpec {
  const spec = TASK_TYPES[code]
  if (!spec) throw new TaskInputError("ERROR_TASK_NOT_SUPPORTED", `unknown task type ${code}`)
  return spec
}

// ---- validation shared by both APIs ----

export type ProxyMode = "required" | "optional" | "ignore"

/** The proxy mode for in.php submissions of a type. */
export const classicProxyMode = (spec: TaskTypeSpec): ProxyMode => {
  const rule = spec.classicProxy ?? spec.proxy
  return rule === "forbidden" ? "ignore" : rule
}

const PROXY_HOST = /^(?:[A-Za-z0-9-]+\.)*[A-Za-z0-9-]+$|^\[?[0-9A-Fa-f:.]+\]?$/

const PROXY_FORMAT = { invalid: "ERROR_PROXY_FORMAT" }
export const proxyFields = (types: string[]): FieldSpec[] => [
  req("proxyType", oneOf(...types), PROXY_FORMAT),
  req("proxyAddress", key(PROXY_HOST), PROXY_FORMAT),
  req("proxyPort", int(1, 65535), PROXY_FORMAT),
  opt("proxyLogin", text(255), PROXY_FORMAT),
  opt("proxyPassword", text(255), PROXY_FORMAT),
]

const fieldLabel = (field: FieldSpec) => {
  const legacy = field.legacy?.[0]
  return legacy && legacy !== field.name.toLowerCase() ? `${field.name} (${legacy})` : field.name
}

/** Validates the v2-named raw values of a task; media: the sizes of its images by file name. */
export function buildParams(
  code: string,
  raw: Params,
  proxyMode: ProxyMode,
  media: Record<string, MediaSize>,
): Params {
  const spec = taskType(code)
  const params: Params = {}
  const proxyGiven = ["proxyType", "proxyAddress", "proxyPort"].some((name) => !isAbsent(raw[name]))
  const withProxy = proxyMode === "required" || (proxyMode === "optional" && proxyGiven)
  const proxy = withProxy ? proxyFields(spec.proxyTypes ?? PROXY_TYPES) : []
  for (const field of [...spec.fields, ...proxy]) {
    const value = raw[field.name]
    if (isAbsent(value)) {
      if (field.required)
        throw new TaskInputError(field.missing ?? "ERROR_BAD_PARAMETERS", `${fieldLabel(field)} is required`)
      if (field.fallback !== undefined) params[field.name] = field.fallback
      continue
    }
    const checked = field.check(value)
    if (checked === undefined)
      throw new TaskInputError(field.invalid ?? "ERROR_BAD_PARAMETERS", `${fieldLabel(field)} is malformed`)
    params[field.name] = checked
  }
  spec.refine?.(params, media)
  return params
}

/** lang / languagePool: a §1.10 code ("rn" is an old name for Russian workers), or null for any. */
export function checkLanguage(value: unknown): string | null {
  if (isAbsent(value)) return null
  const code = typeof value === "string" ? value.trim().toLowerCase() : ""
  if (code === "rn") return "ru"
  if (!LANGUAGES.includes(code))
    throw new TaskInputError("ERROR_BAD_PARAMETERS", `unknown language ${String(value)}`)
  return code
}
