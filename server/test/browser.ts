import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { expect } from "vitest"
import type { Queryable } from "../src/db/database"
import { newUser } from "./captcha-fixtures"

/** The CSRF token every test browser holds, as its page's initial state would give it. */
export const CSRF = "test-csrf-token-0123456789"

export type Method = "GET" | "POST" | "PUT" | "DELETE"

export interface SendOptions {
  /** The x-csrf-token header: the browser's own token by default, null for none, or a forged one. */
  csrf?: string | null
  /** The client's address for this request. */
  ip?: string
  /** A raw body's content type (uploads); JSON otherwise. */
  contentType?: string
  /** More request headers (e.g. a Referer). */
  headers?: Record<string, string>
}

/**
 * A browser for app.inject: keeps its cookies (dropping expired ones) and sends the CSRF header its page
 * would give it. `ip` is its address, so limits per IP of one test do not spill into another.
 */
export function testBrowser(app: FastifyInstance, { ip = "127.0.0.1" }: { ip?: string } = {}) {
  const jar = new Map<string, string>([["mh_csrf", CSRF]])
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ")
  const remember = (response: LightMyRequestResponse) => {
    for (const cookie of response.cookies) {
      if (cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now()))
        jar.delete(cookie.name)
      else jar.set(cookie.name, cookie.value)
    }
    return response
  }
  const request = async (method: Method, url: string, payload?: unknown, options: SendOptions = {}) => {
    const csrf = options.csrf === undefined ? CSRF : options.csrf
    return remember(
      await app.inject({
        method,
        url,
        remoteAddress: options.ip ?? ip,
        ...(payload === undefined ? {} : { payload: payload as object }),
        headers: {
          cookie: cookieHeader(),
          "user-agent": "manyhands-test",
          ...(csrf === null || method === "GET" ? {} : { "x-csrf-token": csrf }),
          ...(options.contentType ? { "content-type": options.contentType } : {}),
          ...options.headers,
        },
      }),
    )
  }
  return {
    jar,
    get: (url: string, options?: SendOptions) => request("GET", url, undefined, options),
    /** A state-changing call; `csrf` as in SendOptions. */
    send: (method: Method, url: string, payload?: unknown, csrf?: string | null) =>
      request(method, url, payload, { csrf }),
    post: (url: string, payload?: object, options?: SendOptions) => request("POST", url, payload, options),
    upload: (url: string, body: Buffer | string, contentType: string, method: Method = "POST") =>
      request(method, url, body, { contentType }),
    /** Signs in as a demo user through the development helper. */
    signIn: (email: string) => request("POST", "/dev/session", { email }),
  }
}

export type TestBrowser = ReturnType<typeof testBrowser>

/** The answer's JSON once its status is `status` (the body is the failure's message otherwise). */
export async function ok<T>(response: Promise<LightMyRequestResponse>, status = 200): Promise<T> {
  const answered = await response
  expect(answered.statusCode, answered.body).toBe(status)
  return answered.json<T>()
}

/** A browser signed in as `email` from `ip`; `create` adds the account first (a customer). */
export async function signedInBrowser(
  app: FastifyInstance,
  db: Queryable,
  email: string,
  ip: string,
  create = true,
): Promise<TestBrowser> {
  if (create) await newUser(db, email, "customer")
  const browser = testBrowser(app, { ip })
  expect((await browser.signIn(email)).statusCode).toBe(200)
  return browser
}
