// in.php submissions (captcha-api reference §1.2, §1.3, §1.9, §3.6) → one NewTask with v2-named params.

import { addMedia, checkFileName, decodeBase64, type MediaSet } from "./images"
import {
  buildParams,
  checkLanguage,
  classicProxyMode,
  isAbsent,
  TASK_TYPES,
  TaskInputError,
  taskType,
  type FileSpec,
  type NewTask,
  type Params,
  type TaskFile,
  type TaskTypeSpec,
} from "./task-types"

/** Names clients send for the documented parameters: §3.6, and the renames of the Python and JS clients. */
const ALIASES = Object.fromEntries(
  (
    "datas=data-s casesensitive=regsense minlen=min_len minlength=min_len maxlen=max_len maxlength=max_len " +
    "hinttext=textinstructions hintimg=imginstructions url=pageurl score=min_score text=textcaptcha " +
    "rows=recaptcharows cols=recaptchacols canskip=can_no_answer apiserver=api_server minclicks=min_clicks " +
    "maxclicks=max_clicks imgtype=img_type miserykey=misery_key apikey=api_key appid=app_id " +
    "challengeurl=challenge_url challengejson=challenge_json validateid=validate_id yidungetlib=yidun_get_lib " +
    "yidunapiserversubdomain=yidun_api_server_subdomain sceneid=scene_id verifytype=verify_type " +
    "usercertifyid=user_certify_id apigetlib=api_get_lib tspdcookie=tspd_cookie htmlpagebase64=html_page_base64"
  )
    .split(" ")
    .map((pair) => pair.split("=")),
) as Record<string, string>

/** Image methods whose exact kind comes from flags (§1.3, §3.6 item 7). */
const FLAGGED_METHODS = ["", "post", "base64"]
/** The Go client's grid request carries neither method nor recaptcha=1, only these. */
const GRID_HINTS = ["recaptcharows", "recaptchacols", "previousid"]

/** in.php method → the type it selects and the values it implies (GeeTest's version). */
const METHODS: Record<string, { type: string; preset: Params }> = {}
for (const [type, spec] of Object.entries(TASK_TYPES)) {
  for (const [method, preset] of Object.entries(spec.classicMethods)) {
    if (!FLAGGED_METHODS.includes(method)) METHODS[method] ??= { type, preset }
  }
}

const truthy = (value: string | undefined) =>
  value !== undefined && ["1", "true"].includes(value.trim().toLowerCase())

function withAliases<T>(record: Record<string, T>): Record<string, T> {
  const result: Record<string, T> = {}
  for (const [name, value] of Object.entries(record)) result[name.toLowerCase()] = value
  for (const [alias, name] of Object.entries(ALIASES)) {
    const value = result[alias]
    if (value !== undefined && result[name] === undefined) result[name] = value
  }
  return result
}

/** FunCaptcha's data[blob]=… parameters become the JSON string of the v2 `data` field. */
function collectBracketData(fields: Record<string, string>) {
  const entries = Object.entries(fields).flatMap(([name, value]) => {
    const inner = /^data\[(.+)\]$/.exec(name)?.[1]
    return inner === undefined ? [] : [[inner, value] as const]
  })
  if (entries.length > 0 && isAbsent(fields.data)) fields.data = JSON.stringify(Object.fromEntries(entries))
}

function recaptchaType(fields: Record<string, string>) {
  const version = (fields.version ?? "").trim().toLowerCase()
  if (version === "v3" || version === "3") return "RecaptchaV3Task"
  return truthy(fields.enterprise) ? "RecaptchaV2EnterpriseTask" : "RecaptchaV2Task"
}

function flaggedImageType(method: string, fields: Record<string, string>, files: Record<string, TaskFile>) {
  if (truthy(fields.coordinatescaptcha)) return "CoordinatesTask"
  if (truthy(fields.canvas)) return "DrawAroundTask"
  if (truthy(fields.recaptcha) || GRID_HINTS.some((name) => !isAbsent(fields[name]))) return "GridTask"
  const hasImage = files.file !== undefined || !isAbsent(fields.body)
  if (!hasImage && !isAbsent(fields.textcaptcha)) return "TextCaptchaTask"
  if (!hasImage && method === "") throw new TaskInputError("ERROR_METHOD_CALL", "method is missing")
  return "ImageToTextTask"
}

function selectType(fields: Record<string, string>, files: Record<string, TaskFile>) {
  const method = (fields.method ?? "").trim().toLowerCase()
  if (method === "hcaptcha") throw new TaskInputError("ERROR_METHOD_CALL", "hCaptcha is no longer supported")
  if (method === "userrecaptcha") return { type: recaptchaType(fields), preset: {} }
  if (FLAGGED_METHODS.includes(method)) return { type: flaggedImageType(method, fields, files), preset: {} }
  // Own keys only: "__proto__" or "constructor" are not methods.
  const selected = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined
  if (!selected) throw new TaskInputError("ERROR_METHOD_CALL", `unknown method ${method}`)
  return selected
}

/** "login:pass@host:port" or "host:port" (optionally "type://…") → the v2 proxy fields. */
export function parseClassicProxy(proxy: string, proxyType: string | undefined): Params {
  const scheme = /^([a-z0-9]+):\/\//i.exec(proxy.trim())
  const rest = proxy.trim().slice(scheme?.[0].length ?? 0)
  const at = rest.lastIndexOf("@")
  const [credentials, server] = at < 0 ? [undefined, rest] : [rest.slice(0, at), rest.slice(at + 1)]
  const colon = server.lastIndexOf(":")
  if (colon <= 0 || (credentials !== undefined && !credentials.includes(":"))) {
    throw new TaskInputError("ERROR_PROXY_FORMAT", "proxy must be login:password@host:port or host:port")
  }
  const loginEnd = credentials?.indexOf(":") ?? -1
  return {
    proxyType: isAbsent(proxyType) ? (scheme?.[1] ?? "http") : proxyType,
    proxyAddress: server.slice(0, colon),
    proxyPort: server.slice(colon + 1),
    ...(credentials !== undefined && {
      proxyLogin: credentials.slice(0, loginEnd),
      proxyPassword: credentials.slice(loginEnd + 1),
    }),
  }
}

/** A list parameter (drag & drop `images`): a JSON array, or the comma-joined form of a JS array. */
function splitList(value: string): string[] {
  const trimmed = value.trim()
  if (trimmed.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(trimmed)
      if (Array.isArray(parsed)) return parsed.map(String)
    } catch {
      throw new TaskInputError("ERROR_UPLOAD", "malformed image list")
    }
  }
  // A data-URI prefix contains a comma of its own: glue it back to its data.
  return trimmed.split(",").reduce<string[]>((items, piece) => {
    const last = items.at(-1)
    if (last !== undefined && /^data:[^,]*$/.test(last)) items[items.length - 1] = `${last},${piece}`
    else items.push(piece)
    return items
  }, [])
}

function classicBlobs(
  spec: FileSpec,
  fields: Record<string, string>,
  files: Record<string, TaskFile>,
): Buffer[] {
  const blobs: Buffer[] = []
  for (const source of spec.classic ?? [spec.name.toLowerCase()]) {
    const upload = files[source]
    const encoded = fields[source]
    if (upload) {
      checkFileName(upload.name, spec.limit === "audio")
      blobs.push(upload.data)
    } else if (!isAbsent(encoded)) {
      const items = spec.list ? splitList(encoded!) : [encoded!]
      blobs.push(...items.map(decodeBase64))
    }
    if (blobs.length > 0 && !spec.list && !spec.classicAll) break
  }
  return blobs
}

function classicRaw(spec: TaskTypeSpec, fields: Record<string, string>, preset: Params): Params {
  const raw: Params = {}
  for (const field of spec.fields) {
    const source = (field.legacy ?? [field.name.toLowerCase()]).find((name) => !isAbsent(fields[name]))
    if (source !== undefined)
      raw[field.name] = field.fromLegacy ? field.fromLegacy(fields[source]) : fields[source]
  }
  // A proxy given for a type that takes none (reCAPTCHA v3, images) is ignored, not refused.
  const ignored = isAbsent(fields.proxy) || classicProxyMode(spec) === "ignore"
  const proxy = ignored ? {} : parseClassicProxy(fields.proxy!, fields.proxytype)
  return { ...raw, ...proxy, ...preset }
}

/**
 * fields: the merged in.php parameters with lower-case names; files: multipart parts by lower-case part name,
 * each with the client's file name.
 */
export function parseClassicSubmission(
  fields: Record<string, string>,
  files: Record<string, TaskFile>,
): NewTask {
  const named = withAliases(fields)
  const uploads = withAliases(files)
  collectBracketData(named)
  const { type, preset } = selectType(named, uploads)
  const spec = taskType(type)
  const set: MediaSet = { files: [], media: {} }
  for (const fileSpec of spec.files ?? []) addMedia(fileSpec, classicBlobs(fileSpec, named, uploads), set)
  const params = buildParams(type, classicRaw(spec, named, preset), classicProxyMode(spec), set.media)
  const language = typeof params.lang === "string" ? params.lang : checkLanguage(named.lang)
  return { type, params, files: set.files, language }
}
