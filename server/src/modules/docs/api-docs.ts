/*
 * The developer docs and captcha landing pages (contract/src/api-docs.ts), built from the catalogue, the
 * hand-written texts (docs-content.ts), the generated samples (samples.ts) and the live price list.
 */
import { statSync } from "node:fs"
import {
  CAPTCHA_PAGE_LANGUAGES,
  CAPTCHA_PAGES,
  CAPTCHA_TEST_PAGES,
  DOCS_LANGUAGES,
  DOC_GUIDES,
  LANG_GUIDES,
  METHOD_DOCS,
  SAMPLE_LANGUAGES,
  TYPE_DOC_SLUGS,
  type ApiVersion,
  type CaptchaPage,
  type CaptchaPageList,
  type CaptchaPageSummary,
  type CodeSample,
  type DocLink,
  type DocPage,
  type DocsIndex,
  type DocVersion,
  type ErrorDoc,
  type ParamDoc,
  type TypeLive,
} from "@manyhands/contract/api-docs"
import { ARTICLE_PAGE_PATHS } from "@manyhands/contract/content"
import type { SiteLanguage } from "@manyhands/contract/languages"
import type { CustomerPrices, PriceCurrency } from "@manyhands/contract/statistics"
import { classicAnswer, normaliseSolution, v2Solution } from "../captcha/answers"
import { CLASSIC_ERROR_DESCRIPTIONS } from "../captcha/error-descriptions"
import { V2_ERRORS, v2Error } from "../captcha/parse-v2"
import { TASK_TYPES } from "../captcha/task-types"
import { renderMarkdown, type Rendered } from "../content/render"
import { expandDirectives, readDocsTexts, solveSpec, type DocsTexts, type DocText } from "./docs-content"
import { generateSample, type SampleSpec } from "./samples"
import { classicMethodOf, exampleFields, typeFields, type FieldFacts } from "./type-docs"

export class DocsError extends Error {
  constructor(
    readonly code: "DOC_NOT_FOUND",
    message: string,
  ) {
    super(message)
    this.name = "DocsError"
  }
}

type DocsLanguage = (typeof DOCS_LANGUAGES)[number]
type PageLanguage = (typeof CAPTCHA_PAGE_LANGUAGES)[number]

const docsLanguage = (language: string): DocsLanguage =>
  (DOCS_LANGUAGES as readonly string[]).includes(language) ? (language as DocsLanguage) : "en"
const pageLanguage = (language: string): PageLanguage =>
  (CAPTCHA_PAGE_LANGUAGES as readonly string[]).includes(language) ? (language as PageLanguage) : "en"

const TYPE_BY_SLUG = new Map(Object.entries(TYPE_DOC_SLUGS).map(([code, slug]) => [slug, code]))
const typeSlug = (code: string) => TYPE_DOC_SLUGS[code]!

/** Where a docs page lives on the site. */
export function docPath(slug: string): string {
  if (slug === "index") return "/api-docs"
  if (slug === "lang") return "/lang"
  if (slug.startsWith("lang-")) return `/lang/${slug.slice(5)}`
  if (slug === "2captcha-api" || slug === "api-rucaptcha") return `/${slug}`
  if (slug === "proxy-api") return "/proxy/api"
  return `/api-docs/${slug}`
}

/** The guides beyond errors and proxies, each at its own address. */
const OWN_GUIDES = [
  "index",
  "2captcha-api",
  "api-rucaptcha",
  "proxy-api",
  "lang",
  ...LANG_GUIDES.map((lang) => `lang-${lang}`),
]

/** The docs pages that exist: every slug the page endpoint answers. */
export const DOC_SLUGS = [
  ...OWN_GUIDES,
  ...DOC_GUIDES,
  ...METHOD_DOCS.map((method) => method.slug),
  ...Object.values(TYPE_DOC_SLUGS),
]

/** The versions of a type: 1 only where in.php has a method for it. */
const typeVersions = (code: string): ApiVersion[] =>
  classicMethodOf(TASK_TYPES[code]!) === null ? [2] : [2, 1]

// ---- words for the generated parts -------------------------------------------------------------------------------

const WORDS = {
  en: {
    maxLength: (n: number) => `at most ${n.toLocaleString("en")} characters`,
    range: (min: number, max: number) => `${min} to ${max}`,
    values: (list: string) => `one of ${list}`,
    pattern: (pattern: string) => `matches ${pattern}`,
    maxBytes: (kb: number) => `at most ${kb} kB`,
    maxSide: (px: number) => `at most ${px} px on a side`,
    list: (min: number, max: number) => `${min} to ${max} integers`,
    base64: "base64 (in.php: also a multipart file)",
    proxyRequired: "Required with the type name that takes a proxy.",
    noDescription: "",
  },
  ru: {
    maxLength: (n: number) => `не длиннее ${n.toLocaleString("ru")} символов`,
    range: (min: number, max: number) => `от ${min} до ${max}`,
    values: (list: string) => `одно из ${list}`,
    pattern: (pattern: string) => `по шаблону ${pattern}`,
    maxBytes: (kb: number) => `не больше ${kb} КБ`,
    maxSide: (px: number) => `не больше ${px} px по стороне`,
    list: (min: number, max: number) => `от ${min} до ${max} целых чисел`,
    base64: "base64 (в in.php — также файл multipart)",
    proxyRequired: "Обязателен с названием типа, принимающим прокси.",
    noDescription: "",
  },
}

function limitsOf(field: FieldFacts, language: DocsLanguage): string[] {
  const words = WORDS[language]
  const { limits } = field
  const out: string[] = []
  if (field.type === "integer list" && limits.min !== undefined && limits.max !== undefined)
    out.push(words.list(limits.min, limits.max))
  else if (limits.min !== undefined && limits.max !== undefined) out.push(words.range(limits.min, limits.max))
  if (limits.maxLength !== undefined) out.push(words.maxLength(limits.maxLength))
  if (limits.values) out.push(words.values(limits.values.map((value) => JSON.stringify(value)).join(", ")))
  if (limits.pattern) out.push(words.pattern(limits.pattern))
  if (limits.maxBytes !== undefined) out.push(words.maxBytes(limits.maxBytes / 1024))
  if (limits.maxSide !== undefined) out.push(words.maxSide(limits.maxSide))
  if (field.file) out.push(words.base64)
  return out
}

// ---- answers and errors --------------------------------------------------------------------------------------

const EXAMPLE_TOKEN = "03AFcWeA5q3Fz0w2hN1uX7rZtB4mVkLp9sYdE8cGjHqRiTuW6xOaKbNnMlPzQvC"

/** A worker's answer of the type's form, as the worker software sends it (the tests' workers send these too). */
export function exampleWorkerAnswer(code: string): Record<string, unknown> {
  const { answer } = TASK_TYPES[code]!
  switch (answer.form) {
    case "text":
    case "string":
      return { text: "w7mk4" }
    case "grid":
      return { click: [2, 5, 9] }
    case "canvas":
      return {
        canvas: [
          [
            { x: 10, y: 8 },
            { x: 50, y: 12 },
            { x: 30, y: 30 },
          ],
        ],
      }
    case "coordinates":
    case "points":
      return { coordinates: [{ x: 48, y: 23 }] }
    case "dragDrop":
      return { coordinates: [{ x: 40, y: 20 }] }
    case "rotate":
      return { rotate: 90 }
    case "boundingBoxes":
      return { bounding_boxes: [{ xMin: 10, xMax: 60, yMin: 5, yMax: 30 }] }
    case "recaptcha":
      return { gRecaptchaResponse: EXAMPLE_TOKEN }
    case "cookie":
      return { cookie: "datadome=4ZXwCBlyHx9ktZhSnycMF~hgyb3Q9aq5WQ; Path=/; Secure" }
    case "token":
      return answer.userAgent
        ? { token: EXAMPLE_TOKEN, userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0" }
        : { token: EXAMPLE_TOKEN }
    case "object": {
      const keys = answer.keys?.({ version: 3, ...exampleFields(code) }) ?? []
      return Object.fromEntries(keys.map((key) => [key, `${key}-value`]))
    }
  }
}

function answerExample(code: string, version: ApiVersion): string {
  const params = { version: 3, rows: 3, columns: 3, maxClicks: 9 }
  const solution = normaliseSolution(code, params, exampleWorkerAnswer(code))
  if (version === 2)
    return JSON.stringify(
      {
        errorId: 0,
        status: "ready",
        solution: v2Solution(code, solution, params),
        cost: "0.00120",
        ip: "198.51.100.24",
        createTime: 1764470100,
        endTime: 1764470109,
        solveCount: 1,
      },
      null,
      2,
    )
  const classic = classicAnswer(code, params, solution)
  return `OK|${classic.text}\n\n${JSON.stringify({ status: 1, request: classic.request, ...classic.extra })}`
}

/** The errors a method (or a type's submission) can answer in a version. */
const KEY_ERRORS: Record<ApiVersion, string[]> = {
  2: ["ERROR_KEY_DOES_NOT_EXIST", "ERROR_IP_NOT_ALLOWED", "ERROR_IP_BLOCKED", "ERROR_ACCOUNT_SUSPENDED"],
  1: [
    "ERROR_WRONG_USER_KEY",
    "ERROR_KEY_DOES_NOT_EXIST",
    "ERROR_IP_NOT_ALLOWED",
    "ERROR_ACCOUNT_SUSPENDED",
    "ERROR: 1004",
  ],
}
const METHOD_ERRORS: Record<string, Record<ApiVersion, string[]>> = {
  "create-task": {
    2: [
      ...KEY_ERRORS[2],
      "ERROR_ZERO_BALANCE",
      "ERROR_NO_SLOT_AVAILABLE",
      "ERROR_TASK_ABSENT",
      "ERROR_TASK_NOT_SUPPORTED",
      "ERROR_BAD_PARAMETERS",
      "ERROR_PAGEURL",
      "ERROR_ZERO_CAPTCHA_FILESIZE",
      "ERROR_TOO_BIG_CAPTCHA_FILESIZE",
      "ERROR_IMAGE_TYPE_NOT_SUPPORTED",
      "ERROR_BAD_PROXY",
      "ERROR_PROXY_REQUIRED",
      "ERROR_DOMAIN_NOT_ALLOWED",
    ],
    1: [
      ...KEY_ERRORS[1],
      "ERROR_ZERO_BALANCE",
      "ERROR_NO_SLOT_AVAILABLE",
      "ERROR_METHOD_CALL",
      "ERROR_BAD_PARAMETERS",
      "ERROR_PAGEURL",
      "ERROR_ZERO_CAPTCHA_FILESIZE",
      "ERROR_TOO_BIG_CAPTCHA_FILESIZE",
      "ERROR_WRONG_FILE_EXTENSION",
      "ERROR_IMAGE_TYPE_NOT_SUPPORTED",
      "ERROR_UPLOAD",
      "ERROR_PROXY_FORMAT",
      "ERROR_PROXY_REQUIRED",
      "ERROR_DOMAIN_NOT_ALLOWED",
      "MAX_USER_TURN",
      "ERROR: 1001",
      "ERROR: 1002",
      "ERROR: 1003",
    ],
  },
  "get-task-result": {
    2: [...KEY_ERRORS[2], "ERROR_NO_SUCH_CAPCHA_ID", "ERROR_CAPTCHA_UNSOLVABLE", "ERROR_BAD_DUPLICATES"],
    1: [
      ...KEY_ERRORS[1],
      "CAPCHA_NOT_READY",
      "ERROR_WRONG_ID_FORMAT",
      "ERROR_WRONG_CAPTCHA_ID",
      "ERROR_CAPTCHA_UNSOLVABLE",
      "ERROR_BAD_DUPLICATES",
      "ERROR: 1005",
    ],
  },
  "get-balance": { 2: KEY_ERRORS[2], 1: KEY_ERRORS[1] },
  "report-correct": {
    2: [...KEY_ERRORS[2], "ERROR_NO_SUCH_CAPCHA_ID", "ERROR_BAD_PARAMETERS"],
    1: [...KEY_ERRORS[1], "ERROR_WRONG_CAPTCHA_ID", "ERROR_REPORT_NOT_RECORDED"],
  },
  "report-incorrect": {
    2: [...KEY_ERRORS[2], "ERROR_NO_SUCH_CAPCHA_ID", "ERROR_BAD_PARAMETERS"],
    1: [...KEY_ERRORS[1], "ERROR_WRONG_CAPTCHA_ID", "ERROR_REPORT_NOT_RECORDED", "ERROR_DUPLICATE_REPORT"],
  },
  pingback: { 2: ["ERROR_BAD_PARAMETERS"], 1: [...KEY_ERRORS[1], "ERROR_BAD_PARAMETERS"] },
}

/** Every code of a version: the errors guide's table. */
const ALL_ERRORS: Record<ApiVersion, string[]> = {
  2: Object.keys(V2_ERRORS),
  1: Object.keys(CLASSIC_ERROR_DESCRIPTIONS),
}

/** A legacy code as API v2 answers it. */
const inVersion = (code: string, version: ApiVersion) => (version === 2 ? v2Error(code).errorCode : code)

const METHOD_SAMPLES: Record<string, Partial<Record<ApiVersion, SampleSpec>>> = {
  "create-task": { 2: solveSpec("ImageToTextTask", 2), 1: solveSpec("ImageToTextTask", 1) },
  "get-task-result": {
    2: { scenario: "call", version: 2, call: "get-task-result" },
    1: { scenario: "call", version: 1, call: "get-task-result" },
  },
  "get-balance": {
    2: { scenario: "call", version: 2, call: "get-balance" },
    1: { scenario: "call", version: 1, call: "get-balance" },
  },
  "report-correct": {
    2: { scenario: "call", version: 2, call: "report-correct" },
    1: { scenario: "call", version: 1, call: "report-correct" },
  },
  "report-incorrect": {
    2: { scenario: "call", version: 2, call: "report-incorrect" },
    1: { scenario: "call", version: 1, call: "report-incorrect" },
  },
  pingback: { 1: { scenario: "call", version: 1, call: "get-pingback" } },
}

const METHOD_ANSWERS: Record<string, Record<ApiVersion, string>> = {
  "create-task": {
    2: '{ "errorId": 0, "taskId": 70000000123 }',
    1: 'OK|70000000123\n\n{"status":1,"request":"70000000123"}',
  },
  "get-task-result": { 2: answerExample("ImageToTextTask", 2), 1: answerExample("ImageToTextTask", 1) },
  "get-balance": { 2: '{ "errorId": 0, "balance": 12.5 }', 1: '12.50\n\n{"status":1,"request":"12.50"}' },
  "report-correct": {
    2: '{ "errorId": 0, "status": "success" }',
    1: 'OK_REPORT_RECORDED\n\n{"status":1,"request":"OK_REPORT_RECORDED"}',
  },
  "report-incorrect": {
    2: '{ "errorId": 0, "status": "success" }',
    1: 'OK_REPORT_RECORDED\n\n{"status":1,"request":"OK_REPORT_RECORDED"}',
  },
  pingback: {
    2: "id=70000000123&code=w7mk4",
    1: '{"status":1,"request":["https://example.com/captcha-hook"]}',
  },
}

// ---- the service ---------------------------------------------------------------------------------------------

export interface LivePrices {
  prices(currency: PriceCurrency): Promise<CustomerPrices>
}

export class ApiDocs {
  private readonly rendered = new Map<string, Promise<Rendered>>()

  constructor(
    private readonly prices: LivePrices,
    readonly texts: DocsTexts = readDocsTexts(),
  ) {}

  /** Every sample a docs page can show, by page and version: what the tests run. */
  samplesOf(spec: SampleSpec, base: string): CodeSample[] {
    return SAMPLE_LANGUAGES.map((language) => generateSample(language, spec, base))
  }

  private text(tree: Map<string, Map<string, DocText>>, key: string, language: string): DocText | undefined {
    const texts = tree.get(key)
    return texts?.get(language) ?? texts?.get("en")
  }

  /** Markdown with its directives expanded, rendered once per text and address. */
  private render(doc: DocText, fields: Set<string> | null, base: string): Promise<Rendered> {
    const key = `${doc.file}\n${base}`
    let rendered = this.rendered.get(key)
    if (!rendered) {
      if (this.rendered.size > 2000) this.rendered.clear()
      const markdown = expandDirectives(doc, fields, ({ language, spec }) => ({
        fence: language === "curl" ? "bash" : language,
        code: generateSample(language, spec, base).code,
      }))
      rendered = renderMarkdown(markdown)
      rendered.catch(() => this.rendered.delete(key))
      this.rendered.set(key, rendered)
    }
    return rendered
  }

  /** The text heading any docs page, in a language. */
  private headOf(slug: string, language: DocsLanguage): DocText | undefined {
    if (TYPE_BY_SLUG.has(slug)) return this.text(this.texts.types, slug, language)
    if (METHOD_DOCS.some((method) => method.slug === slug))
      return (
        this.text(this.texts.methods, `${slug}/v2`, language) ??
        this.text(this.texts.methods, `${slug}/v1`, language)
      )
    return this.text(this.texts.guides, slug, language)
  }

  /** What finds a page in the docs' search besides its title and description. */
  private keywordsOf(slug: string): string[] {
    const code = TYPE_BY_SLUG.get(slug)
    if (code) {
      const spec = TASK_TYPES[code]!
      return [code, ...Object.keys(spec.v2Names), ...Object.keys(spec.classicMethods)]
    }
    const method = METHOD_DOCS.find((candidate) => candidate.slug === slug)
    return method ? [method.v2, method.v1] : []
  }

  index(requested: string, base: string): DocsIndex {
    const language = docsLanguage(requested)
    const link = (slug: string, versions: ApiVersion[]): DocLink => {
      const head = this.headOf(slug, language)
      return {
        slug,
        title: head?.title ?? slug,
        path: docPath(slug),
        description: head?.description ?? "",
        keywords: this.keywordsOf(slug),
        versions,
      }
    }
    const types = (kind: "image" | "token") =>
      Object.keys(TYPE_DOC_SLUGS)
        .filter((code) => TASK_TYPES[code]?.kind === kind)
        .map((code) => link(typeSlug(code), typeVersions(code)))
    return {
      language,
      baseUrl: base,
      groups: [
        {
          id: "guides",
          pages: [
            link("index", [2, 1]),
            ...DOC_GUIDES.map((slug) => link(slug, [2, 1])),
            link("2captcha-api", [2]),
            link("api-rucaptcha", [2]),
            link("proxy-api", [2]),
            link("lang", [2]),
          ],
        },
        {
          id: "methods",
          pages: METHOD_DOCS.map((method) => link(method.slug, [2, 1])),
        },
        { id: "image", pages: types("image") },
        { id: "token", pages: types("token") },
      ],
    }
  }

  private errorDocs(codes: string[], version: ApiVersion, language: DocsLanguage): ErrorDoc[] {
    const texts = { ...this.texts.errors.en, ...this.texts.errors[language] }
    const seen = new Set<string>()
    const out: ErrorDoc[] = []
    for (const legacy of codes) {
      const code = inVersion(legacy, version)
      if (seen.has(code)) continue
      seen.add(code)
      const v2 = V2_ERRORS[code as keyof typeof V2_ERRORS]
      const text = texts[code]
      out.push({
        code,
        errorId: version === 2 ? (v2?.errorId ?? null) : null,
        meaning: text?.meaning ?? CLASSIC_ERROR_DESCRIPTIONS[code] ?? v2?.description ?? code,
        fix: text?.fix ?? "",
      })
    }
    return out
  }

  private paramDocs(code: string, version: ApiVersion, language: DocsLanguage): ParamDoc[] {
    const texts = { ...this.texts.fields.en, ...this.texts.fields[language] }
    return typeFields(code).map((field) => ({
      name: version === 1 ? (field.classicNames[0] ?? field.name) : field.name,
      classicNames: field.classicNames,
      aliases: field.aliases,
      type: field.file ? (field.list ? `${field.type}[]` : field.type) : field.type,
      required: field.required,
      ...(field.default !== undefined && { default: field.default }),
      limits: limitsOf(field, language),
      description: texts[`${code}.${field.name}`] ?? texts[field.name] ?? "",
      errors: field.errors.map((error) => inVersion(error, version)),
    }))
  }

  async page(slug: string, requested: SiteLanguage, base: string, only?: ApiVersion): Promise<DocPage> {
    const language = docsLanguage(requested)
    const index = this.index(language, base)
    const code = TYPE_BY_SLUG.get(slug)
    const method = METHOD_DOCS.find((candidate) => candidate.slug === slug)
    let versions: DocVersion[] = []
    let kind: DocPage["kind"]
    let head: DocText | undefined
    if (code) {
      kind = "type"
      head = this.text(this.texts.types, slug, language)
      const fields = new Set(typeFields(code).map((field) => field.name))
      const rendered = head ? await this.render(head, fields, base) : null
      for (const version of typeVersions(code)) {
        const spec = TASK_TYPES[code]!
        versions.push({
          version,
          request:
            version === 2
              ? `createTask · type: ${Object.keys(spec.v2Names).join(" | ")}`
              : `in.php · method=${Object.keys(spec.classicMethods).join(" | ")}`,
          html: rendered?.html ?? "",
          toc: rendered?.toc ?? [],
          params: this.paramDocs(code, version, language),
          samples: this.samplesOf(solveSpec(code, version), base),
          answer: answerExample(code, version),
          errors: this.errorDocs(
            [...METHOD_ERRORS["create-task"]![version], ...typeFields(code).flatMap((field) => field.errors)],
            version,
            language,
          ),
        })
      }
    } else if (method) {
      kind = "method"
      for (const version of [2, 1] as ApiVersion[]) {
        const doc = this.text(this.texts.methods, `${slug}/v${version}`, language)
        if (!doc) continue
        head ??= doc
        const rendered = await this.render(doc, null, base)
        const sample = METHOD_SAMPLES[slug]?.[version]
        versions.push({
          version,
          request: method[`v${version}`],
          html: rendered.html,
          toc: rendered.toc,
          params: [],
          samples: sample ? this.samplesOf(sample, base) : [],
          answer: METHOD_ANSWERS[slug]?.[version] ?? "",
          errors: this.errorDocs(METHOD_ERRORS[slug]?.[version] ?? [], version, language),
        })
      }
    } else if ((DOC_SLUGS as string[]).includes(slug)) {
      kind = "guide"
      head = this.text(this.texts.guides, slug, language)
      if (head) {
        const rendered = await this.render(head, null, base)
        const both = (DOC_GUIDES as readonly string[]).includes(slug)
        versions = (both ? ([2, 1] as ApiVersion[]) : ([2] as ApiVersion[])).map((version) => ({
          version,
          request: "",
          html: rendered.html,
          toc: rendered.toc,
          params: [],
          samples: [],
          answer: "",
          errors: slug === "errors" ? this.errorDocs(ALL_ERRORS[version], version, language) : [],
        }))
      }
    } else throw new DocsError("DOC_NOT_FOUND", `There is no docs page ${slug}.`)
    if (!head || versions.length === 0)
      throw new DocsError("DOC_NOT_FOUND", `The docs page ${slug} is not written yet.`)
    if (only) versions = versions.filter((entry) => entry.version === only)
    const spec = code ? TASK_TYPES[code]! : null
    return {
      slug,
      kind,
      language: head.language as DocsLanguage,
      requestedLanguage: requested,
      title: head.title,
      description: head.description,
      path: docPath(slug),
      taskType:
        code && spec
          ? {
              code,
              kind: spec.kind,
              proxy: spec.proxy,
              v2Names: Object.keys(spec.v2Names),
              classicMethods: Object.keys(spec.classicMethods),
              captchaPages: CAPTCHA_PAGES.filter((page) => page.types.includes(code)).map(
                (page) => page.slug,
              ),
            }
          : null,
      versions,
      index,
    }
  }

  // ---- captcha landing pages ---------------------------------------------------------------------------------

  private async live(currency: PriceCurrency): Promise<Map<string, TypeLive>> {
    const { prices } = await this.prices.prices(currency)
    const byType = new Map(prices.map((price) => [price.type, price]))
    return new Map(
      Object.keys(TYPE_DOC_SLUGS).map((code) => {
        const price = byType.get(code)
        return [
          code,
          {
            type: code,
            docs: docPath(typeSlug(code)),
            perThousand: price?.perThousand ?? null,
            p50Ms: price?.p50Ms ?? null,
            load: price?.load ?? null,
            solved: price?.solved ?? 0,
          },
        ]
      }),
    )
  }

  private summary(slug: string, language: PageLanguage, live: Map<string, TypeLive>): CaptchaPageSummary {
    const page = CAPTCHA_PAGES.find((candidate) => candidate.slug === slug)!
    const doc = this.text(this.texts.captchaPages, slug, language)
    const first = page.types[0]
    return {
      slug,
      title: doc?.title ?? slug,
      description: doc?.description ?? "",
      path: `/p/${slug}`,
      languages: CAPTCHA_PAGE_LANGUAGES.filter((each) => this.texts.captchaPages.get(slug)?.has(each)),
      live: first ? (live.get(first) ?? null) : null,
    }
  }

  async captchaPages(requested: string, currency: PriceCurrency, ids?: string[]): Promise<CaptchaPageList> {
    const language = pageLanguage(requested)
    const live = await this.live(currency)
    const wanted = ids && ids.length > 0 ? new Set(ids) : null
    return {
      language,
      currency,
      pages: CAPTCHA_PAGES.filter((page) => !wanted || wanted.has(page.slug)).map((page) =>
        this.summary(page.slug, language, live),
      ),
    }
  }

  async captchaPage(
    slug: string,
    requested: SiteLanguage,
    currency: PriceCurrency,
    base: string,
  ): Promise<CaptchaPage> {
    const page = CAPTCHA_PAGES.find((candidate) => candidate.slug === slug)
    if (!page || slug in CAPTCHA_TEST_PAGES)
      throw new DocsError("DOC_NOT_FOUND", `There is no captcha page ${slug}.`)
    const language = pageLanguage(requested)
    const doc = this.text(this.texts.captchaPages, slug, language)
    if (!doc) throw new DocsError("DOC_NOT_FOUND", `The captcha page ${slug} is not written yet.`)
    const rendered = await this.render(doc, null, base)
    const live = await this.live(currency)
    const first = page.types[0]
    const tutorial = page.tutorial
    const related =
      slug === "generic"
        ? CAPTCHA_PAGES.filter((other) => other.slug !== slug && !(other.slug in CAPTCHA_TEST_PAGES))
        : CAPTCHA_PAGES.filter(
            (other) =>
              other.slug !== slug &&
              !(other.slug in CAPTCHA_TEST_PAGES) &&
              other.types.some((type) => page.types.includes(type)),
          ).slice(0, 6)
    return {
      slug,
      language: doc.language as PageLanguage,
      requestedLanguage: requested,
      title: doc.title,
      description: doc.description,
      path: `/p/${slug}`,
      html: rendered.html,
      toc: rendered.toc,
      currency,
      types: page.types.map((type) => live.get(type)!).filter(Boolean),
      samples: first ? this.samplesOf(solveSpec(first, 2), base) : [],
      tutorial: tutorial ? { path: `${ARTICLE_PAGE_PATHS.tutorial}/${tutorial}`, title: tutorial } : null,
      related: related.map((other) => this.summary(other.slug, language, live)),
    }
  }
}

/** The docs and captcha pages for sitemap.xml: each in the languages it is written in, dated by its file. */
export function docsSitemapDocuments(
  texts: DocsTexts,
): { translations: { language: string; path: string; updatedAt: string }[] }[] {
  const dated = (doc: DocText) => statSync(doc.file).mtime.toISOString()
  const docs = DOC_SLUGS.map((slug) => {
    const code = TYPE_BY_SLUG.get(slug)
    const byLanguage = code
      ? texts.types.get(slug)
      : METHOD_DOCS.some((method) => method.slug === slug)
        ? (texts.methods.get(`${slug}/v2`) ?? texts.methods.get(`${slug}/v1`))
        : texts.guides.get(slug)
    return {
      translations: [...(byLanguage ?? new Map<string, DocText>())].map(([language, doc]) => ({
        language,
        path: docPath(slug),
        updatedAt: dated(doc),
      })),
    }
  })
  const pages = CAPTCHA_PAGES.filter((page) => !(page.slug in CAPTCHA_TEST_PAGES)).map((page) => ({
    translations: [...(texts.captchaPages.get(page.slug) ?? new Map<string, DocText>())].map(
      ([language, doc]) => ({
        language,
        path: `/p/${page.slug}`,
        updatedAt: dated(doc),
      }),
    ),
  }))
  return [...docs, ...pages].filter((document) => document.translations.length > 0)
}
