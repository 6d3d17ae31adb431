import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import type { Config } from "../../config"
import type { Database } from "../../db/database"
import { HttpError } from "../../http/errors"
import { jsonNestingExceeds, MAX_JSON_DEPTH } from "../../http/json-depth"
import { UnsafeTextError, unsafeTextAt } from "../../http/safe-text"
import multipart from "@fastify/multipart"
import type { LimitStore } from "../limits/store"
import { AbuseGuard, type AbuseLimits, type SubmitOutcome, type Suspension } from "./abuse"
import { classicAnswer, v2Solution } from "./answers"
import {
  ApiRefusal,
  MaxBidRefusal,
  RepeatedReport,
  type ApiClient,
  type CaptchaEngine,
  type TaskResult,
} from "./engine"
import { debugDumpJson, debugDumpText } from "./debug-dump"
import { idempotencyKeyOf } from "./idempotency"
import { parseClassicSubmission } from "./parse-classic"
import { parseV2Task, v2Error } from "./parse-v2"
import { addPingbackAddress, listPingbackAddresses, PingbackRefused, removePingbackAddress } from "./pingback"
import { recordReceivingError } from "./receiving-errors"
import { TaskInputError, type TaskFile } from "./task-types"

/*
 * The customer API (captcha-api §1, §2): classic /in.php and /res.php, and API v2 (POST /createTask, …).
 * API-level errors are answered with HTTP 200 and the code in the body, as every client expects. These paths
 * are outside /api/, so the CSRF check of the site does not apply: the key is the only credential, and it is
 * never logged (the request log keeps the method and the redacted URL only, never bodies or headers).
 * An error answered to a known customer's key is recorded for their "receiving errors" list.
 */

export interface CustomerApiOptions {
  engine: CaptchaEngine
  db: Database
  config: Config
  /** Where the timing rules count (shared by all processes when it is Redis). */
  limits: LimitStore
  /** Thresholds of the timing rules (tests use small ones); the documented values by default. */
  abuseLimits?: Partial<AbuseLimits>
}

/** Requests up to this size: a few images or a 1 MB audio file in base64. */
const BODY_LIMIT = 2 * 1024 * 1024
const MAX_MULTIPART_PARTS = 100
/** ids of one bulk res.php?action=get. */
const MAX_BULK_IDS = 100
const V2_METHOD = /^[A-Za-z][A-Za-z0-9]*$/
/** The largest soft_id stored (a PostgreSQL integer). */
const MAX_SOFT_ID = 2_147_483_647

/** One API call: the endpoint, and the owner of the key once it is known (their errors are recorded). */
interface Call {
  endpoint: string
  userId?: string
}

// ---------------------------------------------------------------------------------------------------------
// Answers

/** The outcome of one API call, before it is written in the caller's format. */
type Outcome = { ok: true; text: string; request: unknown; extra?: Record<string, unknown> } | Failure
type Failure = { ok: false; code: string; message: string }

/** A refusal on the way through a request; the handlers turn it into an Outcome. */
class Refusal extends Error {
  constructor(
    readonly code: string,
    message: string = code,
  ) {
    super(message)
  }
}

const success = (text: string, request: unknown = text, extra?: Record<string, unknown>): Outcome => ({
  ok: true,
  text,
  request,
  ...(extra ? { extra } : {}),
})

const failure = (code: string, message: string = code): Failure => ({ ok: false, code, message })

/** Why each timing rule blocks, and what: an IP address (1004) or one account's key (the others). */
const SUSPENSIONS: Record<Suspension["code"], string> = {
  MAX_USER_TURN: "Too many submissions in a short time: submissions are blocked",
  "ERROR: 1001":
    "Too many ERROR_NO_SLOT_AVAILABLE answers for bids below the price: submissions are suspended",
  "ERROR: 1002": "Too many ERROR_ZERO_BALANCE answers: submissions are suspended",
  "ERROR: 1003": "Too many ERROR_NO_SLOT_AVAILABLE answers for a long queue: submissions are suspended",
  "ERROR: 1004": "Too many requests with a non-existent key from your IP address: it is blocked",
  "ERROR: 1005": "Too many result requests for the tasks submitted: polling is suspended",
}

/** The refusal of a suspended caller: the legacy code, why, and until when (API v2 shows it in its description). */
const suspended = ({ code, until }: Suspension) =>
  new Refusal(
    code,
    `${SUSPENSIONS[code]} until ${new Date(until).toISOString()}, in ${Math.max(1, Math.ceil((until - Date.now()) / 1000))} s; ${code}`,
  )

/** Refusals of the engine, the parsers and this file as a Failure; anything else is a real failure. */
function refusalOutcome(error: unknown): Failure {
  if (error instanceof Refusal || error instanceof ApiRefusal || error instanceof TaskInputError)
    return failure(error.code, error.message)
  if (error instanceof PingbackRefused) return failure("ERROR_BAD_PARAMETERS", error.message)
  throw error
}

/** Micro-units as a decimal of the currency: at least `minDecimals` decimals, trailing zeros beyond dropped. */
export function decimal(micro: number, minDecimals: number): string {
  const units = Math.abs(Math.round(micro))
  let fraction = String(units % 1_000_000).padStart(6, "0")
  while (fraction.length > minDecimals && fraction.endsWith("0")) fraction = fraction.slice(0, -1)
  return `${micro < 0 ? "-" : ""}${Math.floor(units / 1_000_000)}${fraction ? `.${fraction}` : ""}`
}

const truthy = (value: string | undefined) =>
  value !== undefined && ["1", "true", "yes", "on"].includes(value.trim().toLowerCase())

// ---------------------------------------------------------------------------------------------------------
// Classic requests: query, urlencoded, multipart and JSON parameters merged, names in lower case

interface ClassicRequest {
  fields: Record<string, string>
  files: Record<string, TaskFile>
  json: boolean
  cors: boolean
  /** debug_dump=1: the parameters received come back before the answer (§1.1). */
  debug: boolean
}

/** A JSON value as an in.php parameter: numbers and booleans as their form values, lists and objects as JSON. */
function formValue(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined
  if (typeof value === "string") return value
  if (typeof value === "boolean") return value ? "1" : "0"
  if (typeof value === "number" || typeof value === "bigint") return String(value)
  return JSON.stringify(value)
}

function queryFields(url: string): Record<string, string> {
  const at = url.indexOf("?")
  const fields: Record<string, string> = {}
  if (at < 0) return fields
  for (const [name, value] of new URLSearchParams(url.slice(at + 1))) fields[name.toLowerCase()] = value
  return fields
}

/** The query alone, for answers given before the body could be read. */
function queryRequest(url: string): ClassicRequest {
  const fields = queryFields(url)
  return { fields, files: {}, ...flagsOf(fields) }
}

const flagsOf = (fields: Record<string, string>) => ({
  json: truthy(fields.json),
  cors: truthy(fields.header_acao),
  debug: truthy(fields.debug_dump),
})

function mediaType(request: FastifyRequest): string {
  return (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase()
}

/** Parts of a multipart body (busboy's limits); the whole body is capped at BODY_LIMIT besides. */
const MULTIPART_LIMITS = {
  parts: MAX_MULTIPART_PARTS,
  fieldNameSize: 100,
  fieldSize: BODY_LIMIT,
  fileSize: BODY_LIMIT,
  headerPairs: 20,
}

/** @fastify/multipart's refusals as the API's answers: too big, or a malformed upload. */
function multipartRefusal(error: unknown): never {
  if (error instanceof Refusal) throw error
  const code = (error as { code?: string }).code
  if (code === "FST_REQ_FILE_TOO_LARGE")
    throw new Refusal("ERROR_TOO_BIG_CAPTCHA_FILESIZE", "A file of the multipart body is too large")
  throw new Refusal(
    "ERROR_UPLOAD",
    code === "FST_PARTS_LIMIT" || code === "FST_FILES_LIMIT" || code === "FST_FIELDS_LIMIT"
      ? "The multipart body has too many parts"
      : `The multipart body is malformed: ${(error as Error).message}`,
  )
}

/** multipart/form-data (RFC 7578) through @fastify/multipart (busboy); anything malformed is ERROR_UPLOAD. */
async function addMultipart(classic: ClassicRequest, request: FastifyRequest) {
  let total = 0
  const count = (bytes: number) => {
    total += bytes
    if (total > BODY_LIMIT)
      throw new Refusal("ERROR_TOO_BIG_CAPTCHA_FILESIZE", "The multipart body is larger than 2 MB")
  }
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      const name = part.fieldname.toLowerCase()
      if (part.type === "file") {
        const data = await part.toBuffer()
        count(data.length)
        // An empty file input of a browser form: no file at all.
        if (part.filename !== "" || data.length > 0)
          classic.files[name] = { name: part.filename, mime: part.mimetype.toLowerCase(), data }
      } else {
        if (part.fieldnameTruncated || part.valueTruncated)
          throw new Refusal("ERROR_TOO_BIG_CAPTCHA_FILESIZE", `The field ${name} is too large`)
        const value = typeof part.value === "string" ? part.value : (formValue(part.value) ?? "")
        count(Buffer.byteLength(value))
        classic.fields[name] = value
      }
    }
  } catch (error) {
    multipartRefusal(error)
  }
}

/** JSON nested deeper than any request of the protocol: ERROR_BAD_PARAMETERS before it is parsed. */
function refuseDeepJson(text: string) {
  if (jsonNestingExceeds(text))
    throw new Refusal("ERROR_BAD_PARAMETERS", `The JSON body nests more than ${MAX_JSON_DEPTH} levels deep`)
}

function addJson(request: ClassicRequest, text: string) {
  refuseDeepJson(text)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new Refusal("ERROR_UPLOAD", "The JSON body is malformed")
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new Refusal("ERROR_UPLOAD", "The JSON body must be an object")
  for (const [name, value] of Object.entries(parsed)) {
    const field = formValue(value)
    if (field !== undefined) request.fields[name.toLowerCase()] = field
  }
}

function addForm(request: ClassicRequest, text: string) {
  for (const [name, value] of new URLSearchParams(text)) request.fields[name.toLowerCase()] = value
}

/** The parameters of an in.php / res.php call; body values win over query values of the same name. */
async function classicRequest(request: FastifyRequest): Promise<ClassicRequest> {
  const classic = queryRequest(request.url)
  const body = request.body
  if (request.isMultipart()) await addMultipart(classic, request)
  else if (Buffer.isBuffer(body) && body.length > 0) {
    const type = mediaType(request)
    if (type === "application/json" || type.endsWith("+json")) addJson(classic, body.toString("utf8"))
    else if (type === "application/x-www-form-urlencoded") addForm(classic, body.toString("utf8"))
    // Unlabelled bodies: a JSON object or a form, whichever it looks like.
    else if (/^\s*\{/.test(body.toString("utf8", 0, 64))) addJson(classic, body.toString("utf8"))
    else addForm(classic, body.toString("utf8"))
  }
  return { ...classic, ...flagsOf(classic.fields) }
}

/** NUL or an unpaired surrogate anywhere in the fields: ERROR_BAD_PARAMETERS (the database cannot store them). */
function refuseUnsafeText(fields: unknown) {
  const field = unsafeTextAt(fields, "")
  if (field !== null)
    throw new Refusal(
      "ERROR_BAD_PARAMETERS",
      `${field.slice(1) || "a field name"} contains NUL or half of a surrogate pair`,
    )
}

/** The key from the parameters, or from an x-api-key or Authorization: Bearer header. */
function headerKey(request: FastifyRequest): string | undefined {
  const header = request.headers["x-api-key"]
  if (typeof header === "string" && header.trim()) return header.trim()
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")
  return bearer?.[1]
}

function sendClassic(reply: FastifyReply, classic: ClassicRequest, outcome: Outcome) {
  // nosniff: debug_dump echoes parameters, which must never be read as a page.
  reply.code(200).header("cache-control", "no-store").header("x-content-type-options", "nosniff")
  if (classic.cors) reply.header("access-control-allow-origin", "*")
  if (!classic.json) {
    const line = outcome.ok ? outcome.text : outcome.code
    const dump = classic.debug ? debugDumpText(classic.fields, classic.files) : ""
    return reply.type("text/plain; charset=utf-8").send(dump + line)
  }
  const body = outcome.ok
    ? { status: 1, request: outcome.request, ...outcome.extra }
    : { status: 0, request: outcome.code, error_text: outcome.message }
  const dump = classic.debug ? { debug_dump: debugDumpJson(classic.fields, classic.files) } : {}
  return reply.type("application/json; charset=utf-8").send(JSON.stringify({ ...body, ...dump }))
}

// ---------------------------------------------------------------------------------------------------------
// The plugin

export async function customerApiRoutes(app: FastifyInstance, options: CustomerApiOptions) {
  const { engine, db, config } = options
  const guard = new AbuseGuard(options.limits, options.abuseLimits)
  const pingbackPolicy = { allowPrivate: config.pingbackAllowPrivate }

  // Every body arrives as bytes and is read by the handler, so that a malformed one gets the API's own answer.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  )
  // multipart/form-data is streamed by the handler (request.parts()), with busboy's part and size limits.
  await app.register(multipart, { limits: MULTIPART_LIMITS })
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Text the database cannot store, in the query (checked for every route before this plugin's own parsing).
    if (error instanceof UnsafeTextError) {
      if (isV2(request)) return sendV2(reply, v2Failure("ERROR_BAD_PARAMETERS", error.message))
      return sendClassic(reply, queryRequest(request.url), failure("ERROR_BAD_PARAMETERS"))
    }
    const status = error.statusCode ?? 500
    // The site's handler answers these: 5xx (logged; clients retry them) and deliberate 404s.
    if (status >= 500 || error instanceof HttpError) throw error
    const code = status === 413 ? "ERROR_TOO_BIG_CAPTCHA_FILESIZE" : "ERROR_UPLOAD"
    if (isV2(request)) return sendV2(reply, v2Failure(code, error.message))
    return sendClassic(reply, queryRequest(request.url), failure(code))
  })

  /** The client of the key; a non-existent key counts towards the IP's ban (ERROR: 1004). */
  async function authenticate(key: string | undefined, ip: string, call: Call): Promise<ApiClient> {
    const ban = await guard.ipBan(ip)
    if (ban) throw suspended(ban)
    try {
      const client = await engine.authenticate(key, ip)
      call.userId = client.userId
      return client
    } catch (error) {
      if (error instanceof ApiRefusal && error.code === "ERROR_KEY_DOES_NOT_EXIST") await guard.unknownKey(ip)
      if (error instanceof ApiRefusal && error.userId) call.userId = error.userId
      throw error
    }
  }

  async function poller(key: string | undefined, ip: string, call: Call): Promise<ApiClient> {
    const client = await authenticate(key, ip, call)
    const suspension = await guard.poll(client.userId)
    if (suspension) throw suspended(suspension)
    return client
  }

  /** Stores a task for a client that may submit; counts the outcome for the timing rules. */
  async function submit(
    client: ApiClient,
    parse: () => Parameters<CaptchaEngine["submit"]>[1],
    submitOptions: Parameters<CaptchaEngine["submit"]>[2],
  ): Promise<string> {
    const suspension = await guard.submission(client.userId)
    if (suspension) throw suspended(suspension)
    let outcome: SubmitOutcome = "other"
    try {
      const { id } = await engine.submit(client, parse(), submitOptions)
      outcome = "accepted"
      return id
    } catch (error) {
      if (error instanceof MaxBidRefusal) outcome = "low_bid"
      else if (error instanceof ApiRefusal && error.code === "ERROR_NO_SLOT_AVAILABLE") outcome = "no_slot"
      if (error instanceof ApiRefusal && error.code === "ERROR_ZERO_BALANCE") outcome = "zero_balance"
      throw error
    } finally {
      await guard.submitted(client.userId, outcome)
    }
  }

  /**
   * A report through either API. A repeat of the verdict already recorded changes nothing and is "repeated";
   * the other verdict is refused with ERROR_REPORT_NOT_RECORDED (a report is not turned round).
   */
  async function report(client: ApiClient, id: string, verdict: "good" | "bad") {
    try {
      await engine.report(client, id, verdict)
      return "recorded"
    } catch (error) {
      if (!(error instanceof RepeatedReport)) throw error
      if (error.previous === verdict) return "repeated"
      const previous = error.previous === "bad" ? "wrong" : "correct"
      throw new Refusal(
        "ERROR_REPORT_NOT_RECORDED",
        `This task was already reported as ${previous}; a report cannot be changed`,
      )
    }
  }

  /** An error answered to a known key, for the customer's list; never at the cost of the answer itself. */
  async function recordError(call: Call, code: string, request: FastifyRequest) {
    if (!call.userId || code === "CAPCHA_NOT_READY") return
    try {
      await recordReceivingError(db, { userId: call.userId, endpoint: call.endpoint, code, ip: request.ip })
    } catch (error) {
      request.log.error({ err: error }, "receiving error not recorded")
    }
  }

  // -------------------------------------------------------------------------------------------------------
  // Classic API

  const classicRoute = (
    url: string,
    answer: (classic: ClassicRequest, request: FastifyRequest, call: Call) => Promise<Outcome>,
  ) => {
    app.route({
      method: ["GET", "POST"],
      url,
      bodyLimit: BODY_LIMIT,
      handler: async (request, reply) => {
        let classic: ClassicRequest | undefined
        let outcome: Outcome
        const call: Call = { endpoint: url.slice(1) }
        try {
          classic = await classicRequest(request)
          // After the flags are read, so that the refusal comes as the client asked (json=1 …).
          refuseUnsafeText(classic.fields)
          outcome = await answer(classic, request, call)
        } catch (error) {
          outcome = refusalOutcome(error)
        }
        if (!outcome.ok) await recordError(call, outcome.code, request)
        return sendClassic(reply, classic ?? queryRequest(request.url), outcome)
      },
    })
    // Browsers ask before a cross-origin POST; the key is no cookie, so any origin may call.
    app.options(url, async (request, reply) => {
      reply
        .code(204)
        .header("access-control-allow-origin", "*")
        .header("access-control-allow-methods", "GET, POST, OPTIONS")
        .header(
          "access-control-allow-headers",
          request.headers["access-control-request-headers"] ?? "content-type",
        )
        .header("access-control-max-age", "86400")
      return reply.send()
    })
  }

  classicRoute("/in.php", async ({ fields, files }, request, call) => {
    const client = await authenticate(fields.key || headerKey(request), request.ip, call)
    const softId = /^\d{1,9}$/.test(fields.soft_id?.trim() ?? "") ? Number(fields.soft_id) : undefined
    const id = await submit(client, () => parseClassicSubmission(fields, files), {
      api: "classic",
      pingbackUrl: fields.pingback?.trim() || undefined,
      softId,
      ip: request.ip,
      idempotencyKey: idempotencyKeyOf(request.headers["idempotency-key"], fields.idempotency_key),
    })
    return success(`OK|${id}`, id)
  })

  type ResAction = (call: { client: ApiClient; fields: Record<string, string> }) => Promise<Outcome>

  const taskOutcome = (result: TaskResult, withPrice: boolean): Outcome => {
    if (result.state === "processing") return failure("CAPCHA_NOT_READY", "The task is not solved yet")
    if (result.state === "failed") return failure(result.code, v2Error(result.code).errorDescription)
    const answer = classicAnswer(result.type, result.params, result.solution)
    if (!withPrice) return success(`OK|${answer.text}`, answer.request, answer.extra)
    const price = decimal(result.cost, 5)
    return success(`OK|${answer.text}|${price}`, answer.request, { ...answer.extra, price })
  }

  const bulkGet = async (client: ApiClient, ids: string): Promise<Outcome> => {
    const list = ids.split(",").map((id) => id.trim())
    if (list.length > MAX_BULK_IDS) throw new Refusal("ERROR_BAD_PARAMETERS", `At most ${MAX_BULK_IDS} ids`)
    const slots: string[] = []
    for (const id of list) {
      try {
        const outcome = taskOutcome(await engine.result(client, id), false)
        slots.push(outcome.ok ? outcome.text.slice("OK|".length) : outcome.code)
      } catch (error) {
        slots.push(refusalOutcome(error).code)
      }
    }
    return success(slots.join("|"))
  }

  const address = (fields: Record<string, string>) => {
    const addr = fields.addr?.trim()
    if (!addr) throw new Refusal("ERROR_BAD_PARAMETERS", "addr is missing")
    return addr
  }

  const RES_ACTIONS: Record<string, ResAction> = {
    get: async ({ client, fields }) =>
      fields.ids?.trim()
        ? bulkGet(client, fields.ids)
        : taskOutcome(await engine.result(client, fields.id?.trim() ?? ""), false),
    get2: async ({ client, fields }) =>
      taskOutcome(await engine.result(client, fields.id?.trim() ?? ""), true),
    getbalance: async ({ client }) => success(decimal((await engine.balance(client)).amount, 2)),
    // §1.4: a repeated reportbad is ERROR_DUPLICATE_REPORT; a repeated reportgood is recorded already.
    reportgood: async ({ client, fields }) => {
      await report(client, fields.id?.trim() ?? "", "good")
      return success("OK_REPORT_RECORDED")
    },
    reportbad: async ({ client, fields }) => {
      if ((await report(client, fields.id?.trim() ?? "", "bad")) === "repeated")
        return failure("ERROR_DUPLICATE_REPORT", "This task was already reported")
      return success("OK_REPORT_RECORDED")
    },
    add_pingback: async ({ client, fields }) => {
      await addPingbackAddress(db, client.userId, address(fields), pingbackPolicy)
      return success("OK")
    },
    get_pingback: async ({ client }) => {
      const addresses = await listPingbackAddresses(db, client.userId)
      return success(["OK", ...addresses].join("|"), addresses)
    },
    del_pingback: async ({ client, fields }) => {
      await removePingbackAddress(db, client.userId, address(fields))
      return success("OK")
    },
  }

  classicRoute("/res.php", async ({ fields }, request, call) => {
    const client = await poller(fields.key || headerKey(request), request.ip, call)
    const action = fields.action?.trim().toLowerCase()
    if (!action) throw new Refusal("ERROR_EMPTY_ACTION", "action is missing")
    // Own keys only: "__proto__" or "constructor" are not actions.
    const handle = Object.hasOwn(RES_ACTIONS, action) ? RES_ACTIONS[action] : undefined
    if (!handle) throw new Refusal("ERROR_BAD_PARAMETERS", `Unknown action ${action}`)
    return handle({ client, fields })
  })

  // -------------------------------------------------------------------------------------------------------
  // API v2

  const v2Route = (
    method: string,
    answer: (body: Record<string, unknown>, request: FastifyRequest, call: Call) => Promise<V2Body>,
  ) => {
    app.post(
      `/${method}`,
      { bodyLimit: BODY_LIMIT, config: { customerApi: "v2" } },
      async (request, reply) => {
        let body: V2Body
        const call: Call = { endpoint: method }
        try {
          body = await answer(v2Request(request), request, call)
        } catch (error) {
          const { code, message } = refusalOutcome(error)
          body = v2Failure(code, message)
        }
        if (body.errorId !== 0 && typeof body.errorCode === "string")
          await recordError(call, body.errorCode, request)
        return sendV2(reply, body)
      },
    )
  }

  const v2Key = (body: Record<string, unknown>, request: FastifyRequest) =>
    typeof body.clientKey === "string" ? body.clientKey : headerKey(request)

  const taskIdOf = (body: Record<string, unknown>) =>
    typeof body.taskId === "number" || typeof body.taskId === "string" ? String(body.taskId).trim() : ""

  v2Route("createTask", async (body, request, call) => {
    const client = await authenticate(v2Key(body, request), request.ip, call)
    const softId = Number(body.softId)
    const id = await submit(client, () => parseV2Task(body.task, { languagePool: body.languagePool }), {
      api: "v2",
      pingbackUrl:
        typeof body.callbackUrl === "string" && body.callbackUrl.trim() ? body.callbackUrl.trim() : undefined,
      softId: Number.isSafeInteger(softId) && softId > 0 && softId <= MAX_SOFT_ID ? softId : undefined,
      ip: request.ip,
      idempotencyKey: idempotencyKeyOf(request.headers["idempotency-key"], body.idempotencyKey),
    })
    return { errorId: 0, taskId: Number(id) }
  })

  v2Route("getTaskResult", async (body, request, call) => {
    const client = await poller(v2Key(body, request), request.ip, call)
    const result = await engine.result(client, taskIdOf(body))
    if (result.state === "processing") return { errorId: 0, status: "processing" }
    if (result.state === "failed") return v2Failure(result.code)
    return {
      errorId: 0,
      status: "ready",
      solution: v2Solution(result.type, result.solution, result.params),
      cost: decimal(result.cost, 5),
      ip: result.ip,
      createTime: result.createTime,
      endTime: result.endTime,
      solveCount: result.solveCount,
    }
  })

  v2Route("getBalance", async (body, request, call) => {
    const client = await poller(v2Key(body, request), request.ip, call)
    return { errorId: 0, balance: (await engine.balance(client)).amount / 1_000_000 }
  })

  // §2.5 has no duplicate code: a repeat of the verdict already recorded is a success again, with no second effect.
  const v2Report =
    (verdict: "good" | "bad") =>
    async (body: Record<string, unknown>, request: FastifyRequest, call: Call) => {
      const client = await poller(v2Key(body, request), request.ip, call)
      await report(client, taskIdOf(body), verdict)
      return { errorId: 0, status: "success" }
    }
  for (const method of ["reportCorrect", "reportCorrectRecaptcha"]) v2Route(method, v2Report("good"))
  for (const method of ["reportIncorrect", "reportIncorrectImageCaptcha", "reportIncorrectRecaptcha"])
    v2Route(method, v2Report("bad"))

  // A debugging aid: how the body was understood (the key masked, in case the answer is shown around).
  v2Route("test", async (body, request) => ({
    errorId: 0,
    contentType: request.headers["content-type"] ?? null,
    parsed: { ...body, ...(body.clientKey === undefined ? {} : { clientKey: "[redacted]" }) },
  }))

  // Any other method name posted to the API host: the v2 answer for an unknown method.
  app.post("/:method", { bodyLimit: BODY_LIMIT, config: { customerApi: "v2" } }, async (request, reply) => {
    const { method } = request.params as { method: string }
    if (!V2_METHOD.test(method))
      throw new HttpError(404, "NOT_FOUND", `Nothing at ${request.method} ${request.url.split("?")[0]}`)
    return sendV2(reply, v2Failure("ERROR_NO_SUCH_METHOD", `There is no API method ${method}`))
  })
}

type V2Body = Record<string, unknown> & { errorId: number }

function isV2(request: FastifyRequest) {
  return (request.routeOptions.config as { customerApi?: string } | undefined)?.customerApi === "v2"
}

/** The v2 error envelope of a legacy code, with the particular reason when there is one. */
function v2Failure(code: string, message?: string): V2Body {
  return v2Error(code, message)
}

/** The JSON object of a v2 call; an unreadable body is treated as an empty one (then: no key, no task). */
function v2Request(request: FastifyRequest): Record<string, unknown> {
  const body = request.body
  if (!Buffer.isBuffer(body) || body.length === 0) return {}
  const text = body.toString("utf8")
  refuseDeepJson(text)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new Refusal("ERROR_BAD_PARAMETERS", "The body is not JSON")
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new Refusal("ERROR_BAD_PARAMETERS", "The body must be a JSON object")
  refuseUnsafeText(parsed)
  return parsed as Record<string, unknown>
}

function sendV2(reply: FastifyReply, body: V2Body) {
  return reply
    .code(200)
    .header("cache-control", "no-store")
    .type("application/json; charset=utf-8")
    .send(body)
}
