/*
 * The developer docs (spec §2 /api-docs, /api-docs/{slug}, /2captcha-api, /api-rucaptcha, /lang, /lang/{lang}) and
 * the captcha landing pages (/p/{slug}), spec §7:
 *
 *   GET /api/v1/api-docs                 the docs' table of contents (both versions)
 *   GET /api/v1/api-docs/{slug}          one page: a method, a task type or a guide, in each version it exists in
 *   GET /api/v1/captcha-recognition      the landing pages with their live figures (ids: some of them)
 *   GET /api/v1/captcha-recognition/{slug}
 *
 * A type's page is generated from the engine's task catalogue — the same definitions that validate and price
 * tasks — around a hand-written explanation (server/content/docs/). Code samples carry the address of the host
 * asked (`hostname`, default the request's own), so a reader can run them as they are.
 */
import {
  API_VERSIONS,
  CAPTCHA_PAGE_LANGUAGES,
  DOCS_LANGUAGES,
  SAMPLE_LANGUAGES,
  type ApiVersion,
} from "./api-docs-catalogue"
import { TocEntry } from "./content"
import { defineEndpoints, routeDatum } from "./endpoint"
import { SITE_LANGUAGES } from "./languages"
import { Nullable, StrictObject, StringEnum, Type, type Static } from "./schema"

export * from "./api-docs-catalogue"

const Hostname = Type.Optional(
  Type.String({
    pattern: "^[A-Za-z0-9.-]{1,253}(?::[0-9]{1,5})?$",
    description: "The host the code samples address (default: the host asked).",
  }),
)

export const DocsQuery = StrictObject({
  language: Type.Optional(
    StringEnum(SITE_LANGUAGES, { description: "Default: the site's language; en where the docs lack it." }),
  ),
  hostname: Hostname,
  version: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 2,
      description: "Only this version (1: in.php / res.php, 2: the JSON API); default: every version.",
    }),
  ),
})
export type DocsQuery = Static<typeof DocsQuery>

export const DocSlugParams = StrictObject({ slug: Type.String({ minLength: 1, maxLength: 100 }) })

const Version = Type.Union([Type.Literal(1), Type.Literal(2)])

/** A code sample: one program in one language. */
export const CodeSample = Type.Object({
  language: StringEnum(SAMPLE_LANGUAGES),
  /** The file a reader saves it as (solve.py, Solve.java, …). */
  file: Type.String(),
  code: Type.String(),
})
export type CodeSample = Static<typeof CodeSample>

/** One request field, described from the check that validates it. */
export const ParamDoc = Type.Object({
  name: Type.String({
    description: "The API v2 name; also the in.php name unless `classicNames` says more.",
  }),
  classicNames: Type.Array(Type.String(), { description: "in.php names, first found wins." }),
  aliases: Type.Array(Type.String(), { description: "Other API v2 names read when the name is absent." }),
  type: Type.String({ description: "string, integer, number, boolean, object, json, url, cookies, file …" }),
  required: Type.Boolean(),
  default: Type.Optional(Type.Unknown()),
  limits: Type.Array(Type.String(), {
    description: "In the page's language: length, range, values, format.",
  }),
  description: Type.String(),
  errors: Type.Array(Type.String(), { description: "Codes answered when it is missing or malformed." }),
})
export type ParamDoc = Static<typeof ParamDoc>

export const ErrorDoc = Type.Object({
  code: Type.String(),
  errorId: Nullable(Type.Integer(), { description: "Version 2's errorId." }),
  meaning: Type.String(),
  fix: Type.String(),
})
export type ErrorDoc = Static<typeof ErrorDoc>

/** A page in one version. */
export const DocVersion = Type.Object({
  version: Version,
  /** The request in one line: "POST /createTask", or the type's names. */
  request: Type.String(),
  html: Type.String({ description: "The hand-written explanation, rendered (sanitised)." }),
  toc: Type.Array(TocEntry),
  params: Type.Array(ParamDoc),
  samples: Type.Array(CodeSample),
  /** The answer of a success, as the API sends it. */
  answer: Type.String(),
  errors: Type.Array(ErrorDoc),
})
export type DocVersion = Static<typeof DocVersion>

export const DocLink = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  path: Type.String({ description: "The page's address on the site." }),
  description: Type.String(),
  keywords: Type.Array(Type.String(), {
    description:
      "What else finds it in the docs' search: a type's API names and in.php methods, a method's request.",
  }),
  versions: Type.Array(Version),
})
export type DocLink = Static<typeof DocLink>

export const DocGroup = Type.Object({
  id: StringEnum(["guides", "methods", "image", "token"] as const),
  pages: Type.Array(DocLink),
})

export const DocsIndex = Type.Object({
  language: StringEnum(DOCS_LANGUAGES),
  baseUrl: Type.String({ description: "The address the samples use." }),
  groups: Type.Array(DocGroup),
})
export type DocsIndex = Static<typeof DocsIndex>

export const DocPage = Type.Object({
  slug: Type.String(),
  kind: StringEnum(["guide", "method", "type"] as const),
  language: StringEnum(DOCS_LANGUAGES),
  requestedLanguage: StringEnum(SITE_LANGUAGES),
  title: Type.String(),
  description: Type.String(),
  path: Type.String(),
  /** The catalogue code of a type page, its kind and its proxy rule. */
  taskType: Nullable(
    Type.Object({
      code: Type.String(),
      kind: StringEnum(["image", "token"] as const),
      proxy: StringEnum(["required", "optional", "forbidden"] as const),
      v2Names: Type.Array(Type.String()),
      classicMethods: Type.Array(Type.String()),
      captchaPages: Type.Array(Type.String(), { description: "/p/{slug} pages about this type." }),
    }),
  ),
  versions: Type.Array(DocVersion, { description: "The versions this page exists in, 2 first." }),
  index: DocsIndex,
})
export type DocPage = Static<typeof DocPage>

/** Live figures of a type (last 24 hours / hour), null without data. */
export const TypeLive = Type.Object({
  type: Type.String(),
  docs: Type.String({ description: "The docs page of the type." }),
  perThousand: Nullable(Type.String({ description: "Price per 1,000, in `currency` units." })),
  p50Ms: Nullable(Type.Integer()),
  load: Nullable(Type.Number()),
  solved: Type.Integer(),
})
export type TypeLive = Static<typeof TypeLive>

export const CaptchaPageSummary = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  description: Type.String(),
  path: Type.String(),
  languages: Type.Array(StringEnum(CAPTCHA_PAGE_LANGUAGES), {
    description: "The languages it is written in.",
  }),
  live: Nullable(TypeLive, { description: "The page's first type." }),
})
export type CaptchaPageSummary = Static<typeof CaptchaPageSummary>

export const CaptchaPagesQuery = StrictObject({
  language: Type.Optional(StringEnum(SITE_LANGUAGES)),
  hostname: Hostname,
  ids: Type.Optional(
    Type.String({ maxLength: 2000, description: "Comma-separated slugs: only these pages (default: all)." }),
  ),
})
export type CaptchaPagesQuery = Static<typeof CaptchaPagesQuery>

export const CaptchaPageList = Type.Object({
  language: StringEnum(CAPTCHA_PAGE_LANGUAGES),
  currency: Type.String(),
  pages: Type.Array(CaptchaPageSummary),
})
export type CaptchaPageList = Static<typeof CaptchaPageList>

export const CaptchaPage = Type.Object({
  slug: Type.String(),
  language: StringEnum(CAPTCHA_PAGE_LANGUAGES),
  requestedLanguage: StringEnum(SITE_LANGUAGES),
  title: Type.String(),
  description: Type.String(),
  path: Type.String(),
  html: Type.String(),
  toc: Type.Array(TocEntry),
  currency: Type.String(),
  types: Type.Array(TypeLive),
  /** A short program for the first type (API v2), in every sample language. */
  samples: Type.Array(CodeSample),
  tutorial: Nullable(Type.Object({ path: Type.String(), title: Type.String() })),
  /** The other landing pages (all of them on the generic page, else those sharing a type). */
  related: Type.Array(CaptchaPageSummary),
})
export type CaptchaPage = Static<typeof CaptchaPage>

export const apiDocsApi = defineEndpoints("apiDocs", {
  index: {
    method: "GET",
    path: "/api/v1/api-docs",
    summary: "The API docs' table of contents: guides, methods and task types, with the versions of each",
    public: true,
    querystring: DocsQuery,
    response: { 200: DocsIndex },
  },
  page: {
    method: "GET",
    path: "/api/v1/api-docs/:slug",
    summary: "One docs page (method, task type or guide) in every version it exists in, samples included",
    description:
      "A task type's parameters, limits, defaults and errors come from the checks that validate it; the code " +
      "samples (curl and seven languages) address `hostname` and are run against the server in its test suite.",
    public: true,
    params: DocSlugParams,
    querystring: DocsQuery,
    response: { 200: DocPage },
    errors: ["DOC_NOT_FOUND"],
  },
})

export const captchaPagesApi = defineEndpoints("captchaPages", {
  list: {
    method: "GET",
    path: "/api/v1/captcha-recognition",
    summary: "The captcha landing pages with each one's live price, median speed and load",
    public: true,
    querystring: CaptchaPagesQuery,
    response: { 200: CaptchaPageList },
  },
  page: {
    method: "GET",
    path: "/api/v1/captcha-recognition/:slug",
    summary: "One captcha landing page: its text, its types' live figures, a code sample and its links",
    public: true,
    params: DocSlugParams,
    querystring: CaptchaPagesQuery,
    response: { 200: CaptchaPage },
    errors: ["DOC_NOT_FOUND"],
  },
})

const withLanguage = (url: string, language: string | undefined) =>
  language ? `${url}?language=${encodeURIComponent(language)}` : url

/** The docs page of a route: its `:slug`, or the guide the route names in `params.slug`. */
export const apiDocsRouteData = {
  docsIndex: routeDatum(apiDocsApi.index, (params) => withLanguage(apiDocsApi.index.url(), params.language)),
  docPage: routeDatum(apiDocsApi.page, (params) =>
    withLanguage(apiDocsApi.page.url({ slug: params.slug ?? "" }), params.language),
  ),
  /** /lang/{lang}: the guide lang-{lang}. */
  docLangPage: routeDatum(apiDocsApi.page, (params) =>
    withLanguage(apiDocsApi.page.url({ slug: `lang-${params.lang ?? ""}` }), params.language),
  ),
  captchaPages: routeDatum(captchaPagesApi.list, (params) =>
    withLanguage(captchaPagesApi.list.url(), params.language),
  ),
  captchaPage: routeDatum(captchaPagesApi.page, (params) =>
    withLanguage(captchaPagesApi.page.url({ slug: params.slug ?? "" }), params.language),
  ),
}

export const isApiVersion = (value: unknown): value is ApiVersion =>
  API_VERSIONS.includes(Number(value) as ApiVersion)
