/*
 * An endpoint is declared once, here in the contract: method, path, schemas of what goes in and what comes out,
 * and the error codes it may answer. The server registers its route from it (`routeOf` in server/src/http), the
 * OpenAPI document is generated from those routes, and screens build its address with `url()` and take its
 * types from `ResponseOf` / `BodyOf` / `QueryOf`.
 */
import { ErrorEnvelope } from "./common"
import type { Static, TSchema } from "./schema"

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

export interface EndpointSpec {
  method: Method
  /** Fastify form: /api/v2/payouts/:id/cancel. */
  path: string
  /** One line for the OpenAPI document. */
  summary: string
  /** More words for the document (Markdown). */
  description?: string
  params?: TSchema
  querystring?: TSchema
  body?: TSchema
  /** The answers by status; a 4xx/5xx error envelope is added unless the spec gives its own. */
  response: Record<number, TSchema>
  /** The `error.code`s this operation may answer besides VALIDATION_FAILED and INTERNAL_ERROR. */
  errors?: readonly string[]
  /** No session or key needed (documented as such). */
  public?: boolean
  /** Security schemes of the document this operation accepts (default: the session cookie). */
  security?: readonly string[]
  /** Kept out of the OpenAPI document (development helpers). */
  hidden?: boolean
}

/** `:id` and `:slug` of a path, as the record `url()` takes. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>

/** Query values; undefined, null and "" are left out of the address. */
export type QueryValues = Record<string, string | number | boolean | null | undefined>

type UrlArgs<P extends string> = keyof PathParams<P> extends never
  ? [params?: Record<never, never> | null, query?: QueryValues]
  : [params: PathParams<P>, query?: QueryValues]

type ErrorResponses = { "4xx": typeof ErrorEnvelope; "5xx": typeof ErrorEnvelope }

/** The Fastify route schema of an endpoint (also what @fastify/swagger documents). */
export interface RouteSchema<S extends EndpointSpec> {
  operationId: string
  tags: string[]
  summary: string
  description?: string
  hide?: boolean
  security?: Record<string, string[]>[]
  params: S["params"]
  querystring: S["querystring"]
  body: S["body"]
  response: S["response"] & ErrorResponses
}

export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & {
  /** "payouts.cancel": the area and the key. */
  operationId: string
  area: string
  schema: RouteSchema<S>
  /** The address with its path parameters filled in and the query appended. */
  url: (...args: UrlArgs<S["path"]>) => string
}

/** The body of the first 2xx answer. */
export type ResponseOf<E extends { response: Record<number, TSchema> }> = Static<
  E["response"][Extract<keyof E["response"], 200 | 201 | 202>]
>
/** The request body. */
export type BodyOf<E extends { body?: TSchema }> = E["body"] extends TSchema ? Static<E["body"]> : never
/** The query string. */
export type QueryOf<E extends { querystring?: TSchema }> = E["querystring"] extends TSchema
  ? Static<E["querystring"]>
  : never

/** Appends ?a=1&b=2, leaving out empty values. */
export function withQuery(path: string, query: QueryValues = {}): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue
    search.set(name, String(value))
  }
  const text = search.toString()
  return text ? `${path}?${text}` : path
}

/** Fills :name segments. */
export function fillPath(path: string, params: Record<string, string | number> | null | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new Error(`${path} needs the path parameter "${name}"`)
    return encodeURIComponent(String(value))
  })
}

function errorText(errors: readonly string[] | undefined): string | undefined {
  if (!errors?.length) return undefined
  return `Error codes: ${errors.map((code) => `\`${code}\``).join(", ")}.`
}

/**
 * Declares the endpoints of one area of the API (its OpenAPI tag): `defineEndpoints("payouts", { cancel: {…} })`.
 */
export function defineEndpoints<const T extends Record<string, EndpointSpec>>(
  area: string,
  specs: T,
): { [K in keyof T]: Endpoint<T[K]> } {
  const result: Record<string, Endpoint> = {}
  for (const [key, spec] of Object.entries(specs)) {
    const operationId = `${area}.${key}`
    const errors = errorText(spec.errors)
    const description = [spec.description, errors].filter(Boolean).join("\n\n") || undefined
    const schema = {
      operationId,
      tags: [area],
      summary: spec.summary,
      ...(description ? { description } : {}),
      ...(spec.hidden ? { hide: true } : {}),
      ...(spec.public
        ? { security: [] }
        : spec.security
          ? { security: spec.security.map((name) => ({ [name]: [] })) }
          : {}),
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.querystring ? { querystring: spec.querystring } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      response: {
        ...spec.response,
        "4xx": { ...ErrorEnvelope, ...(errors ? { description: errors } : {}) },
        "5xx": ErrorEnvelope,
      },
    }
    result[key] = {
      ...spec,
      operationId,
      area,
      schema: schema as unknown as RouteSchema<EndpointSpec>,
      url: (params?: Record<string, string | number> | null, query?: QueryValues) =>
        withQuery(fillPath(spec.path, params), query),
    }
  }
  return result as unknown as { [K in keyof T]: Endpoint<T[K]> }
}

/** The parameters of the page's route (react-router's `useParams()`). */
export type RouteParams = Readonly<Record<string, string | undefined>>

/** Any endpoint, whatever its path parameters (`url` differs in its arguments between them). */
export type AnyEndpoint = EndpointSpec & {
  operationId: string
  area: string
  url: (...args: never[]) => string
}

/**
 * A route data hook: the endpoint whose answer a screen receives as the prop of the hook's name, and how the
 * page's route parameters make its address. Route JSON names hooks in its `data` list (app/routes/*.json).
 */

export interface RouteDatum<E extends AnyEndpoint = Endpoint> {
  endpoint: E
  /** The address for the page's route parameters (default: the endpoint's path as it is). */
  url: (params: RouteParams) => string
  /**
   * Each answer is made for one visit (a fresh challenge): a page that came with it does not ask again on
   * mount, which would make a second one nobody sees.
   */
  perVisit?: boolean
}

/** A route data hook of a GET endpoint without path parameters, or with `url` for one that has them. */
export function routeDatum<E extends AnyEndpoint>(
  endpoint: E,
  url?: (params: RouteParams) => string,
  options: { perVisit?: boolean } = {},
): RouteDatum<E> {
  if (endpoint.method !== "GET") throw new Error(`${endpoint.operationId}: route data must be a GET endpoint`)
  return { endpoint, url: url ?? (() => fillPath(endpoint.path, {})), ...options }
}
