/*
 * The fuzzer's cases (issue 17): made from the server's own OpenAPI document (/api/openapi.json), the classic
 * protocol's parameters (every task type's in.php and v2 field names, server/src/modules/captcha/task-types.ts)
 * and the worker API. `fuzzCase(surface, seed, index)` is a pure function of its arguments: case `index` of a
 * seed is the same request on every machine, so a failing case is replayed from the two numbers alone.
 * server/test/fuzz.test.ts runs a bounded number of them; server/fuzz/run.ts (`pnpm fuzz`) the long run.
 */
import { crc32, deflateSync } from "node:zlib"
import { CLASSIC_ACTIONS } from "@manyhands/contract/captcha-protocol"
import { TASK_TYPES } from "../src/modules/captcha/task-types"

// ---------------------------------------------------------------------------------------------------------
// Randomness

/** A small, fast PRNG (mulberry32): one stream per case, seeded from (seed, index). */
export class Random {
  private state: number
  constructor(seed: number, index: number) {
    this.state = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35)) >>> 0
    for (let i = 0; i < 4; i++) this.next()
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0)
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  int(below: number): number {
    return Math.floor(this.next() * below)
  }
  chance(p: number): boolean {
    return this.next() < p
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!
  }
}

// ---------------------------------------------------------------------------------------------------------
// The surface: what can be asked

type Schema = Record<string, unknown>

/** Who asks: nobody, a signed-in browser of a role, or an API key. */
export type Identity =
  "none" | "customer" | "worker" | "admin" | "customerKey" | "workerKey" | "badKey" | "wrongCsrf"

export interface Operation {
  /** "POST /api/v2/payouts" as the document has it. */
  name: string
  method: string
  /** OpenAPI form: /api/v2/payouts/{id}/cancel. */
  path: string
  kind: "json" | "classic" | "v2" | "worker"
  pathParams: { name: string; schema: Schema }[]
  query: { name: string; schema: Schema; required: boolean }[]
  body: Schema | undefined
  identities: Identity[]
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[]
  requestBody?: { content?: Record<string, { schema?: Schema }> }
  security?: Record<string, unknown>[]
}

/** Operations of the document, plus the protocol's routes it leaves out (v2 /test, an unknown v2 method). */
export function surfaceOf(document: {
  paths: Record<string, Record<string, OpenApiOperation>>
}): Operation[] {
  const operations: Operation[] = []
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [lower, operation] of Object.entries(item)) {
      const method = lower.toUpperCase()
      const kind: Operation["kind"] =
        path === "/in.php" || path === "/res.php"
          ? "classic"
          : !path.startsWith("/api/") && path !== "/healthz"
            ? "v2"
            : path.startsWith("/api/v1/worker/")
              ? "worker"
              : "json"
      const security = (operation.security ?? [{ session: [] }]).flatMap((entry) => Object.keys(entry))
      const identities: Identity[] =
        kind === "classic" || kind === "v2"
          ? ["customerKey", "customerKey", "customerKey", "none", "workerKey", "badKey"]
          : kind === "worker"
            ? ["workerKey", "workerKey", "worker", "none", "customer", "badKey"]
            : security.length === 0
              ? ["none", "none", "customer", "worker", "wrongCsrf"]
              : ["customer", "worker", "admin", "admin", "none", "wrongCsrf"]
      const parameters = operation.parameters ?? []
      operations.push({
        name: `${method} ${path}`,
        method,
        path,
        kind,
        pathParams: parameters
          .filter((p) => p.in === "path")
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        query: parameters
          .filter((p) => p.in === "query")
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true })),
        body: operation.requestBody?.content?.["application/json"]?.schema,
        identities,
      })
    }
  }
  const v2 = (path: string): Operation => ({
    name: `POST ${path}`,
    method: "POST",
    path,
    kind: "v2",
    pathParams: [],
    query: [],
    body: undefined,
    identities: ["customerKey", "none", "badKey"],
  })
  operations.push(v2("/test"), v2("/noSuchMethod"))
  return operations.sort((a, b) => a.name.localeCompare(b.name))
}

// ---------------------------------------------------------------------------------------------------------
// Values

/** Text sent as it is (a JSON number literal such as 1e400, or an already percent-encoded path segment). */
export class Raw {
  constructor(readonly text: string) {}
}

export const NUMBER_LITERALS = [
  "1e309",
  "1e400",
  "-1e400",
  "-1",
  "0",
  "-0",
  "1.5",
  "9223372036854775808", // 2^63
  "-9223372036854775809",
  "18446744073709551616",
  "2147483648",
  "9007199254740993",
  "1e-400",
  "123456789012345678901234567890",
]
const NUMBER_WORDS = ["NaN", "Infinity", "-Infinity", "0x10", "1e309", "1e400", " 1", "1 ", "+1", "1_000"]

/** Days (YYYY-MM-DD) and moments (ISO 8601) no database or date arithmetic takes, or no calendar has. */
export const BAD_DAYS = [
  "0000-01-01",
  "9999-99-99",
  "10000-01-01",
  "+010000-01-01",
  "-000001-01-01",
  "9999-12-31",
  "0001-01-01",
  "2026-02-30",
  "2026-13-01",
  "1969-12-31",
  "275760-09-13",
  "1e309",
]
export const BAD_MOMENTS = [
  "0000-01-01T00:00:00Z",
  "0000-12-31T23:59:59+23:59",
  "9999-12-31T23:59:59-23:59",
  "9999-12-31T23:59:59.999Z",
  "10000-01-01T00:00:00Z",
  "2026-02-30T25:61:61Z",
  "1969-12-31T23:59:59Z",
  "+275760-09-13T00:00:00Z",
]

/** Strings of every script and the awkward corners of Unicode (all valid UTF-16). */
const UNICODE = [
  "Ünïcødé",
  "Привет мир",
  "你好，世界",
  "مرحبا بالعالم",
  "שלום",
  "🙂👩‍👩‍👧‍👦🏳️‍🌈",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "e\u0301\u0301\u0301",
  "\u200b\u200d\ufeff",
  "\u202eevil",
  "\uffff\ufffe",
  "ﷺ",
  "Ǆ ǅ ǆ İ ı ß",
  "\u0085\u2028\u2029",
  "'\"<>&;--",
  "%00%ff",
  "${7*7}{{7*7}}",
]

const PATH_VALUES: (string | Raw)[] = [
  "0",
  "-1",
  "1",
  "99999999999999999999",
  "9223372036854775808",
  "1e309",
  "1.5",
  "abc",
  "__proto__",
  "constructor",
  "😀",
  "x".repeat(5000),
  new Raw("%00"),
  new Raw("%ED%A0%80"),
  new Raw("%C0%AF"),
  new Raw("%E0%A4%A"),
  new Raw("%"),
  new Raw("..%2F..%2Fetc%2Fpasswd"),
  new Raw("%20"),
]

/** A 60×20 greyscale PNG of stripes: a captcha-sized picture the image checks accept. */
const CAPTCHA_PNG_BASE64 = (() => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, "latin1"), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const [width, height] = [60, 20]
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 0, 0, 0, 0], 8)
  const rows = Buffer.alloc((width + 1) * height)
  for (let i = 0; i < rows.length; i++) rows[i] = i % (width + 1) === 0 ? 0 : (i * 37) % 251
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]).toString("base64")
})()

/** Texts tried, in turn, against a pattern the schema has (ids, days, codes, tokens). */
const PATTERN_CANDIDATES = [
  "fuzz",
  "2026-03-01",
  "fuzz@example.com",
  "abcdefghijklmnopqrstuvwxyz012345",
  "ImageToTextTask",
  "sandbox",
  "abc",
  "1",
]

function patterned(pattern: string, random: Random): string | undefined {
  const test = new RegExp(pattern, "u")
  if (test.test("1") && test.test("1234") && !test.test("a"))
    return String(1 + random.int(random.chance(0.8) ? 40 : 1_000_000))
  return PATTERN_CANDIDATES.find((candidate) => test.test(candidate))
}

function stringFor(schema: Schema, name: string, random: Random): string {
  // Ends after starts: a window's last moment later than its first.
  if (schema.format === "date-time")
    return /end|expire|until|to$/i.test(name) ? "2030-01-01T00:00:00.000Z" : "2027-03-01T12:00:00Z"
  if (schema.format === "date") return "2026-03-01"
  const pattern = typeof schema.pattern === "string" ? schema.pattern : undefined
  const matching = pattern === undefined ? undefined : patterned(pattern, random)
  if (matching !== undefined && !pattern!.includes("@")) return matching
  if (schema.format === "email" || /email|recipient/i.test(name) || pattern?.includes("@"))
    return `fuzz${random.int(1000)}@example.com`
  if (Array.isArray(schema.examples) && schema.examples.length > 0 && random.chance(0.7))
    return String(random.pick(schema.examples))
  if (/password/i.test(name)) return "correct horse battery staple 7"
  if (/url|address|addr/i.test(name)) return random.pick(["https://example.com/hook", "203.0.113.9"])
  if (/currency/i.test(name)) return random.pick(["USD", "RUB"])
  if (/ip/i.test(name)) return "203.0.113.7"
  const min = typeof schema.minLength === "number" ? schema.minLength : 0
  const max = typeof schema.maxLength === "number" ? schema.maxLength : 40
  let text = random.pick(["fuzz", "a", "Hello world", "x1"])
  while (text.length < min) text += "x"
  return text.slice(0, Math.max(max, min))
}

/** A value the schema accepts (or nearly: patterns the fuzzer does not know get plain text). */
export function validValue(schema: Schema, name: string, random: Random, depth = 0): unknown {
  if (depth > 8) return null
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return random.pick(schema.enum)
  if ("const" in schema) return schema.const
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
  if (Array.isArray(union) && union.length > 0) {
    const concrete = union.filter((member) => member.type !== "null")
    return validValue(random.pick(concrete.length > 0 ? concrete : union), name, random, depth + 1)
  }
  const types = [schema.type].flat().filter((type) => type !== undefined && type !== "null")
  const type = types.length > 0 ? random.pick(types) : undefined
  switch (type) {
    case "string":
      return stringFor(schema, name, random)
    case "integer":
    case "number": {
      const min = typeof schema.minimum === "number" ? schema.minimum : 0
      const max = typeof schema.maximum === "number" ? schema.maximum : min + 1_000_000
      // Long polls: a valid wait would hold the case for seconds.
      if (/wait/i.test(name)) return min
      // Money is in micro-units: $1 and $10 pass the amount checks that small numbers never reach past.
      const options = [min, min + 1, min + 1 + random.int(1000), 1_000_000, 10_000_000]
      return Math.min(max, random.pick(options))
    }
    case "boolean":
      return random.chance(0.5)
    case "array": {
      const items = (schema.items ?? {}) as Schema
      const minItems = typeof schema.minItems === "number" ? schema.minItems : 0
      const count = Math.max(minItems, random.int(3))
      const list = Array.from({ length: Math.min(count, 5) }, () =>
        validValue(items, name, random, depth + 1),
      )
      return schema.uniqueItems
        ? [...new Set(list.map((v) => JSON.stringify(v)))].map((v) => JSON.parse(v))
        : list
    }
    case "object": {
      const object: Record<string, unknown> = {}
      const properties = (schema.properties ?? {}) as Record<string, Schema>
      const required = new Set((schema.required ?? []) as string[])
      for (const [key, property] of Object.entries(properties))
        if (required.has(key) || random.chance(0.5))
          object[key] = validValue(property, key, random, depth + 1)
      return object
    }
    default:
      return random.pick(["x", 1, true])
  }
}

// ---------------------------------------------------------------------------------------------------------
// Mutations

/** A wrong value of another JSON type. */
const wrongTypes = (random: Random): unknown =>
  random.pick<unknown>([
    null,
    true,
    false,
    0,
    -1,
    "",
    "1",
    [],
    [1, "a"],
    {},
    { a: 1 },
    "null",
    "[object Object]",
  ])

/** NUL, lone surrogates: text no database column can store. */
const poison = (random: Random, base: string) =>
  random.pick([
    `${base}\u0000`,
    `\u0000`,
    `${base}\ud800`,
    `\udc00${base}`,
    `a\ud83d`,
    `\ude00b`,
    `${base}\u0000\ud800`,
  ])

const longString = (random: Random) =>
  random.pick([
    "x".repeat(10_000),
    "é".repeat(70_000),
    "😀".repeat(30_000),
    "a".repeat(300_000),
    `${"9".repeat(400)}`,
  ])

const unicodeString = (random: Random) => random.pick(UNICODE)

type Path = (string | number)[]

/** The paths of an object's leaves and containers (no deeper than 6), for mutations to pick from. */
function pathsOf(value: unknown, prefix: Path = [], out: Path[] = [], depth = 0): Path[] {
  if (depth > 6 || value === null || typeof value !== "object") return out
  for (const [key, item] of Object.entries(value)) {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key]
    out.push(path)
    pathsOf(item, path, out, depth + 1)
  }
  return out
}

function getAt(root: unknown, path: Path): unknown {
  let value = root
  for (const key of path) value = (value as Record<string | number, unknown> | undefined)?.[key]
  return value
}

function setAt(root: Record<string, unknown>, path: Path, value: unknown) {
  let container: Record<string | number, unknown> = root
  for (const key of path.slice(0, -1)) container = container[key] as Record<string | number, unknown>
  container[path.at(-1)!] = value
}

function deleteAt(root: Record<string, unknown>, path: Path) {
  let container: Record<string | number, unknown> = root
  for (const key of path.slice(0, -1)) container = container[key] as Record<string | number, unknown>
  if (Array.isArray(container)) container.splice(Number(path.at(-1)), 1)
  else delete container[path.at(-1)!]
}

/** Every string in the value (and object key) replaced by Unicode text. */
function unicodeEverywhere(value: unknown, random: Random, depth = 0): unknown {
  if (typeof value === "string") return unicodeString(random)
  if (depth > 20 || value === null || typeof value !== "object") return value
  if (Array.isArray(value)) return value.map((item) => unicodeEverywhere(item, random, depth + 1))
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, unicodeEverywhere(item, random, depth + 1)]),
  )
}

/** JSON nested `depth` levels deep, made as text (building it as a value would need the recursion it tests). */
export const deepJson = (depth: number, kind: "array" | "object") =>
  kind === "array"
    ? `${"[".repeat(depth)}${"]".repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`

const DEEP_LEVELS = [200_000, 10_000, 1_000, 100]

/** What the case does to the base request, by family; the weights favour the families issue 17 names. */
const FAMILIES = [
  "valid",
  "missing",
  "extra",
  "wrongType",
  "poison",
  "poison",
  "long",
  "number",
  "number",
  "unicode",
  "date",
  "deep",
  "path",
  "query",
  "envelope",
] as const
type Family = (typeof FAMILIES)[number]

// ---------------------------------------------------------------------------------------------------------
// Cases

export interface FuzzCase {
  seed: number
  index: number
  operation: string
  identity: Identity
  /** What was done to the base request, for people: "number body.amount=1e400". */
  mutation: string
  method: string
  url: string
  headers: Record<string, string>
  body: string | Buffer | undefined
}

/** Percent-encoding that keeps lone surrogates (as their WTF-8 bytes) instead of throwing as encodeURIComponent does. */
export function percentEncode(text: string): string {
  let out = ""
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    const next = text.charCodeAt(i + 1)
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2))
      i++
    } else if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join("")
    } else out += encodeURIComponent(text[i]!)
  }
  return out
}

/** A value as query text: Raw as it is, objects as JSON. */
const queryText = (value: unknown): string =>
  value instanceof Raw
    ? value.text
    : percentEncode(typeof value === "string" ? value : (jsonText(value) ?? String(value)))

export function queryString(fields: Record<string, unknown>): string {
  const parts: string[] = []
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue
    const values = Array.isArray(value) && value.every((item) => typeof item !== "object") ? value : [value]
    for (const item of values) parts.push(`${percentEncode(name)}=${queryText(item)}`)
  }
  return parts.join("&")
}

/** JSON text where Raw values are written as they are (1e400 as a number literal). */
export function jsonText(value: unknown): string | undefined {
  const raws: string[] = []
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Raw) {
      raws.push(item.text)
      return `__fuzz_raw_${raws.length - 1}__`
    }
    return item
  })
  return text?.replace(/"__fuzz_raw_(\d+)__"/g, (_, index: string) => raws[Number(index)]!)
}

/** One mutation of a field value of the given family. */
function mutateValue(family: Family, current: unknown, random: Random): { value: unknown; label: string } {
  switch (family) {
    case "wrongType": {
      const value = wrongTypes(random)
      return { value, label: JSON.stringify(value) }
    }
    case "poison": {
      const value = poison(random, typeof current === "string" ? current : "a")
      return { value, label: JSON.stringify(value).slice(0, 40) }
    }
    case "long": {
      const value = longString(random)
      return { value, label: `${value.length} chars` }
    }
    case "number": {
      const asString = random.chance(0.4)
      const literal = asString ? random.pick(NUMBER_WORDS) : random.pick(NUMBER_LITERALS)
      return {
        value: asString ? literal : new Raw(literal),
        label: asString ? JSON.stringify(literal) : literal,
      }
    }
    case "unicode": {
      const value = unicodeString(random)
      return { value, label: JSON.stringify(value) }
    }
    case "date": {
      // A moment where the field has one (it has a time), else a day; now and then the other kind.
      const moment = typeof current === "string" && current.includes("T")
      const value = random.pick(moment !== random.chance(0.2) ? BAD_MOMENTS : BAD_DAYS)
      return { value, label: value }
    }
    case "deep": {
      const depth = random.pick(DEEP_LEVELS)
      const kind = random.pick(["array", "object"] as const)
      return { value: new Raw(deepJson(depth, kind)), label: `${kind} nested ${depth}` }
    }
    default:
      return { value: current, label: "" }
  }
}

/** A field to mutate: date-like ones for bad dates, number-like ones for numbers, when there are any. */
function pickPath(family: Family, paths: Path[], random: Random): Path | undefined {
  if (paths.length === 0) return undefined
  const preferred =
    family === "date"
      ? paths.filter((path) => /date|day|at$|from|to$|until|since/i.test(String(path.at(-1))))
      : family === "number"
        ? paths.filter((path) =>
            /amount|page|size|limit|id|percent|count|seconds|max|min/i.test(String(path.at(-1))),
          )
        : []
  return random.pick(preferred.length > 0 && random.chance(0.8) ? preferred : paths)
}

interface Parts {
  path: Record<string, unknown>
  query: Record<string, unknown>
  body: unknown
  /** Extra headers (content types). */
  headers: Record<string, string>
  /** The body as sent, when a mutation wrote it itself. */
  rawBody?: string | Buffer
}

/** Mutates one of the request's parts; returns the label. */
function mutate(family: Family, parts: Parts, operation: Operation, random: Random): string {
  const bodyObject =
    parts.body !== null && typeof parts.body === "object"
      ? (parts.body as Record<string, unknown>)
      : undefined
  const targets: { where: "query" | "body"; path: Path }[] = [
    ...pathsOf(parts.query).map((path) => ({ where: "query" as const, path })),
    ...(bodyObject ? pathsOf(bodyObject).map((path) => ({ where: "body" as const, path })) : []),
  ]
  const rootOf = (where: "query" | "body") => (where === "query" ? parts.query : bodyObject!)
  switch (family) {
    case "valid":
      return "valid"
    case "missing": {
      const target = targets.length > 0 ? random.pick(targets) : undefined
      if (!target) return "valid (nothing to leave out)"
      deleteAt(rootOf(target.where), target.path)
      return `missing ${target.where}.${target.path.join(".")}`
    }
    case "extra": {
      const name = random.pick(["extra", "__proto__", "constructor", "prototype", "é", "a".repeat(300), "id"])
      const value = random.pick<unknown>(["x", 1, null, { polluted: true }])
      if (bodyObject && random.chance(0.6)) {
        const paths = pathsOf(bodyObject).filter((path) => {
          const at = getAt(bodyObject, path)
          return at !== null && typeof at === "object" && !Array.isArray(at)
        })
        const path = paths.length > 0 && random.chance(0.3) ? random.pick(paths) : []
        const container = path.length > 0 ? (getAt(bodyObject, path) as Record<string, unknown>) : bodyObject
        Object.defineProperty(container, name, {
          value,
          enumerable: true,
          configurable: true,
          writable: true,
        })
        return `extra body.${[...path, name].join(".")}=${JSON.stringify(value)}`
      }
      parts.query[name] = typeof value === "object" ? JSON.stringify(value) : value
      return `extra query.${name}`
    }
    case "wrongType":
    case "poison":
    case "long":
    case "number":
    case "unicode":
    case "date":
    case "deep": {
      if (family === "unicode" && random.chance(0.5)) {
        parts.query = unicodeEverywhere(parts.query, random) as Record<string, unknown>
        if (bodyObject) parts.body = unicodeEverywhere(bodyObject, random)
        return "unicode in every string"
      }
      if (family === "deep" && (operation.method !== "GET" || random.chance(0.2)) && random.chance(0.5)) {
        const depth = random.pick(DEEP_LEVELS)
        const kind = random.pick(["array", "object"] as const)
        parts.rawBody = deepJson(depth, kind)
        parts.headers["content-type"] = "application/json"
        return `body: ${kind} nested ${depth} deep`
      }
      // A field of the request, or a new one when it has none (query for GET, body otherwise).
      const known = family === "deep" ? targets.filter((target) => target.where === "body") : targets
      if (known.length > 0 && random.chance(0.9)) {
        const path = pickPath(
          family,
          known.map((target) => target.path),
          random,
        )!
        const target = known.find((candidate) => candidate.path === path)!
        const { value, label } = mutateValue(family, getAt(rootOf(target.where), path), random)
        setAt(rootOf(target.where), path, value)
        return `${family} ${target.where}.${path.join(".")}=${label}`
      }
      const { value, label } =
        family === "deep" && operation.method === "GET"
          ? { value: new Raw(deepJson(1000, "array")), label: "array nested 1000" }
          : mutateValue(family, undefined, random)
      if (operation.method === "GET" || (!bodyObject && random.chance(0.5))) {
        parts.query.value = value
        return `${family} query.value=${label}`
      }
      const body = bodyObject ?? {}
      body.value = value
      parts.body = body
      return `${family} body.value=${label}`
    }
    case "path": {
      if (operation.pathParams.length === 0) {
        parts.query[random.pick(["page", "id", "limit"])] = random.pick(PATH_VALUES)
        return "path (none): odd query value"
      }
      const param = random.pick(operation.pathParams)
      const value = random.pick(PATH_VALUES)
      parts.path[param.name] = value
      return `path ${param.name}=${value instanceof Raw ? value.text : JSON.stringify(value).slice(0, 40)}`
    }
    case "query": {
      const choice = random.int(4)
      const names = Object.keys(parts.query)
      const name = names.length > 0 ? random.pick(names) : random.pick(["page", "pageSize", "dateFrom", "id"])
      if (choice === 0) {
        parts.query[name] = [String(parts.query[name] ?? "1"), "2"]
        return `query ${name} twice`
      }
      if (choice === 1) {
        parts.query[`${name}[]`] = "1"
        parts.query[`${name}[a]`] = "b"
        return `query ${name}[] and ${name}[a]`
      }
      if (choice === 2) {
        parts.query[name] = new Raw(random.pick(["%", "%zz", "%00", "%ED%A0%80", "%C0%80", "a%2", "%FF%FE"]))
        return `query ${name}: malformed escape`
      }
      parts.query[name] = ""
      return `query ${name} empty`
    }
    case "envelope": {
      const choice = random.int(7)
      if (choice === 0) {
        parts.rawBody = '{"a":'
        parts.headers["content-type"] = "application/json"
        return "body: malformed JSON"
      }
      if (choice === 1) {
        parts.rawBody = jsonText(parts.body ?? {}) ?? "{}"
        parts.headers["content-type"] = random.pick([
          "text/plain",
          "application/xml",
          "multipart/form-data",
          "application/x-www-form-urlencoded",
        ])
        return `body: JSON sent as ${parts.headers["content-type"]}`
      }
      if (choice === 2) {
        parts.rawBody = random.pick(["[]", "null", "1e400", '"text"', "true", "[1,2,3]"])
        parts.headers["content-type"] = "application/json"
        return `body: ${parts.rawBody} instead of an object`
      }
      if (choice === 3) {
        parts.rawBody = ""
        parts.headers["content-type"] = "application/json"
        return "body: empty with a JSON content type"
      }
      if (choice === 4) {
        parts.rawBody = Buffer.alloc(1_100_000, 0x61)
        parts.headers["content-type"] = "application/json"
        return "body: 1.1 MB"
      }
      if (choice === 5) {
        parts.rawBody = Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0xc3, 0x28, 0xed, 0xa0, 0x80])
        parts.headers["content-type"] = "application/json; charset=utf-8"
        return "body: invalid UTF-8"
      }
      parts.rawBody = `{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}`
      parts.headers["content-type"] = "application/json"
      return "body: prototype keys"
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The captcha protocol: in.php / res.php fields of every task type, API v2 tasks

const TYPE_NAMES = Object.keys(TASK_TYPES)

/** A plausible value for a protocol field, by its name. */
function protocolValue(name: string, random: Random): string {
  const lower = name.toLowerCase()
  if (/url|domain|server|subdomain|host/.test(lower))
    return random.pick(["https://example.com/login", "example.com"])
  if (/googlekey|websitekey|sitekey|publickey|captchaid|^gt$|key$/.test(lower))
    return "6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-"
  if (lower === "proxy") return random.pick(["user:pass@203.0.113.5:8080", "203.0.113.5:3128"])
  if (/proxytype/.test(lower)) return random.pick(["HTTP", "socks5"])
  if (/proxyaddress/.test(lower)) return "203.0.113.5"
  if (/proxyport/.test(lower)) return "8080"
  if (/body|image|img|file|audio|part/.test(lower)) return CAPTCHA_PNG_BASE64
  if (/min|max|rows|cols|score|angle|num|count|steps|len/.test(lower)) return random.pick(["1", "3", "0.3"])
  if (/json|data|payload|cookies|challenge/.test(lower)) return '{"a":"b"}'
  if (/lang/.test(lower)) return random.pick(["en", "ru"])
  return random.pick(["abc", "1", "Hello"])
}

/** An in.php submission of a random type with its required and some optional fields (classic names). */
function classicSubmission(random: Random): Record<string, unknown> {
  const type = random.pick(TYPE_NAMES)
  const spec = TASK_TYPES[type]!
  const methods = Object.keys(spec.classicMethods)
  const fields: Record<string, unknown> = {
    method: methods.length > 0 ? random.pick(methods) || "base64" : "base64",
  }
  for (const field of spec.fields) {
    if (!field.required && !random.chance(0.3)) continue
    const name = random.pick(field.legacy?.length ? field.legacy : [field.name.toLowerCase()])
    fields[name] = protocolValue(name, random)
  }
  for (const file of spec.files ?? []) {
    if (!file.required && !random.chance(0.3)) continue
    const name = random.pick(file.classic?.length ? file.classic : [file.name.toLowerCase()])
    fields[name] = CAPTCHA_PNG_BASE64
  }
  if (random.chance(0.2)) fields.soft_id = random.pick(["1", "2147483647", "2147483648", "-1"])
  if (random.chance(0.1)) fields.pingback = "https://example.com/hook"
  if (random.chance(0.3)) fields.lang = random.pick(["en", "ru", "xx"])
  return fields
}

function resultRequest(random: Random): Record<string, unknown> {
  const action = random.pick([...CLASSIC_ACTIONS, "__proto__", "constructor", "", "GET", "toString"])
  const fields: Record<string, unknown> = { action }
  if (random.chance(0.7)) fields.id = String(1 + random.int(50))
  if (action === "get" && random.chance(0.3)) fields.ids = "1,2,3,abc,,99999999999999999999"
  if (/pingback/.test(action)) fields.addr = random.pick(["https://example.com/hook", "203.0.113.9", "all"])
  return fields
}

/** A v2 task: its type (a v2 name) and that type's fields (v2 names). */
function v2Task(random: Random): Record<string, unknown> {
  const type = random.pick(TYPE_NAMES)
  const spec = TASK_TYPES[type]!
  const task: Record<string, unknown> = { type: random.pick(Object.keys(spec.v2Names)) }
  for (const field of spec.fields)
    if (field.required || random.chance(0.3)) task[field.name] = protocolValue(field.name, random)
  for (const file of spec.files ?? [])
    if (file.required || random.chance(0.3))
      task[file.name] = file.list ? [CAPTCHA_PNG_BASE64] : CAPTCHA_PNG_BASE64
  return task
}

/** The parts of a protocol request before its mutation. */
function protocolParts(operation: Operation, random: Random): Parts {
  if (operation.kind === "classic") {
    const fields = operation.path === "/in.php" ? classicSubmission(random) : resultRequest(random)
    if (random.chance(0.5)) fields.json = "1"
    return { path: {}, query: {}, body: fields, headers: {} }
  }
  const body: Record<string, unknown> = {}
  if (operation.path === "/createTask") {
    body.task = v2Task(random)
    if (random.chance(0.2)) body.softId = random.pick([1, 2147483647, 2147483648, -1])
    if (random.chance(0.2)) body.languagePool = random.pick(["en", "rn", "xx"])
    if (random.chance(0.1)) body.callbackUrl = "https://example.com/hook"
  } else if (operation.path !== "/getBalance" && operation.path !== "/test") {
    body.taskId = random.chance(0.5) ? 1 + random.int(50) : String(1 + random.int(50))
  }
  return { path: {}, query: {}, body, headers: {} }
}

/** Multipart form data of flat fields (strings; anything else as JSON). */
function multipart(fields: Record<string, unknown>, random: Random): { body: Buffer; type: string } {
  const boundary = `fuzz${random.int(1e9)}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    const text =
      typeof value === "string" ? value : value instanceof Raw ? value.text : (jsonText(value) ?? "")
    const asFile = /^(file|imginstructions)/.test(name) || (name === "body" && random.chance(0.3))
    const disposition = asFile
      ? `form-data; name="${name === "body" ? "file" : name}"; filename="captcha.png"`
      : `form-data; name="${name}"`
    const data = asFile && text === CAPTCHA_PNG_BASE64 ? Buffer.from(text, "base64") : Buffer.from(text)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${asFile ? "Content-Type: image/png\r\n" : ""}\r\n`,
      ),
      data,
      Buffer.from("\r\n"),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` }
}

/** How a classic request carries its fields: the query, a form, multipart or JSON (labelled or not). */
function encodeClassic(
  parts: Parts,
  operation: Operation,
  random: Random,
): { url: string; body?: string | Buffer; note: string } {
  const fields = (parts.body ?? {}) as Record<string, unknown>
  const base = operation.path
  const query = queryString(parts.query)
  const join = (extra: string) =>
    `${base}${[query, extra].filter(Boolean).length ? "?" : ""}${[query, extra].filter(Boolean).join("&")}`
  if (parts.rawBody !== undefined) return { url: join(""), body: parts.rawBody, note: "" }
  const how = random.pick(["query", "form", "multipart", "json", "json-unlabelled"] as const)
  if (how === "query") return { url: join(queryString(fields)), note: "in the query" }
  if (how === "form") {
    parts.headers["content-type"] = "application/x-www-form-urlencoded"
    return { url: join(""), body: queryString(fields), note: "as a form" }
  }
  if (how === "multipart") {
    const { body, type } = multipart(fields, random)
    parts.headers["content-type"] = type
    return { url: join(""), body, note: "as multipart" }
  }
  if (how === "json") parts.headers["content-type"] = "application/json"
  return {
    url: join(""),
    body: jsonText(fields) ?? "{}",
    note: how === "json" ? "as JSON" : "as unlabelled JSON",
  }
}

// ---------------------------------------------------------------------------------------------------------

/** Whether the operation takes a day or a moment (a `date-time` format, or a YYYY-MM-DD pattern). */
const takesDates = (operation: Operation) =>
  /date-time|\[0-9\]\{2\}-\[0-9\]\{2\}/.test(JSON.stringify([operation.query, operation.body ?? {}]))

/** Case `index` of `seed`: operations in turn (so every one gets its share), the rest from the case's own stream. */
export function fuzzCase(surface: Operation[], seed: number, index: number): FuzzCase {
  const random = new Random(seed, index)
  const operation = surface[index % surface.length]!
  const identity = random.pick(operation.identities)
  // Operations that take days or moments get more bad dates than the families' weights give them.
  const family = takesDates(operation) && random.chance(0.1) ? "date" : random.pick(FAMILIES)
  let parts: Parts
  if (operation.kind === "classic" || operation.kind === "v2") parts = protocolParts(operation, random)
  else {
    const path: Record<string, unknown> = {}
    for (const param of operation.pathParams) path[param.name] = validValue(param.schema, param.name, random)
    const query: Record<string, unknown> = {}
    for (const param of operation.query)
      if (param.required || random.chance(0.5))
        query[param.name] = validValue(param.schema, param.name, random)
    const body = operation.body
      ? validValue(operation.body, "body", random)
      : operation.method !== "GET" && random.chance(0.3)
        ? { x: "y" }
        : undefined
    parts = { path, query, body, headers: {} }
  }
  let mutation = mutate(family, parts, operation, random)

  const pathText = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = parts.path[name]
    return value instanceof Raw
      ? value.text
      : percentEncode(typeof value === "string" ? value : String(value))
  })
  let method = operation.method
  let url: string
  let body: string | Buffer | undefined
  if (operation.kind === "classic") {
    const encoded = encodeClassic(parts, { ...operation, path: pathText }, random)
    // Fields in the query go with the operation's method (GET or POST); a body is POSTed.
    if (encoded.body !== undefined) method = "POST"
    url = encoded.url
    body = encoded.body
    if (encoded.note) mutation = `${mutation} (${encoded.note})`
  } else {
    const query = queryString(parts.query)
    url = query ? `${pathText}?${query}` : pathText
    if (parts.rawBody !== undefined) body = parts.rawBody
    else if (parts.body !== undefined) {
      body = jsonText(parts.body)
      parts.headers["content-type"] ??= "application/json"
    }
  }
  return {
    seed,
    index,
    operation: operation.name,
    identity,
    mutation,
    method,
    url,
    headers: parts.headers,
    body,
  }
}

/** One line naming a case, with enough of the request to see what was sent. */
export function describeCase(fuzz: FuzzCase): string {
  const body =
    fuzz.body === undefined
      ? ""
      : ` body(${fuzz.body.length} ${Buffer.isBuffer(fuzz.body) ? "bytes" : "chars"})=${JSON.stringify(String(fuzz.body).slice(0, 160))}`
  return (
    `#${fuzz.index} ${fuzz.operation} as ${fuzz.identity}: ${fuzz.mutation}\n` +
    `    ${fuzz.method} ${fuzz.url.slice(0, 300)}${fuzz.url.length > 300 ? "…" : ""}${body}\n` +
    `    replay: pnpm fuzz --seed ${fuzz.seed} --case ${fuzz.index}`
  )
}
