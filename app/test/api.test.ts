import { afterEach, describe, expect, it, vi } from "vitest"
import { createApiClient, isEmptyUserError } from "../src/api"
import { FetchError } from "../src/fetcher"

describe("the API client", () => {
  afterEach(() => vi.unstubAllGlobals())

  it("sends the CSRF token and language from app state, and JSON bodies on changes", async () => {
    const calls: [string, RequestInit][] = []
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      calls.push([url, init])
      return new Response('{"ok":true}', { status: 200 })
    })
    const api = createApiClient({ csrfToken: "tok", language: "de" })
    await api.get("/api/v2/user")
    await api.send("PUT", "/api/v2/user", { interfaceLanguage: "de" })
    const [getUrl, getInit] = calls[0]!
    const [, putInit] = calls[1]!
    expect(getUrl).toBe("/api/v2/user")
    expect(new Headers(getInit.headers).get("x-csrf-token")).toBe("tok")
    expect(new Headers(getInit.headers).get("x-language")).toBe("de")
    expect(getInit.credentials).toBe("same-origin")
    expect(putInit.method).toBe("PUT")
    expect(new Headers(putInit.headers).get("content-type")).toBe("application/json")
    expect(putInit.body).toBe('{"interfaceLanguage":"de"}')
  })

  it("recognises ERROR_EMPTY_USER and nothing else", () => {
    const body = { error: { code: "ERROR_EMPTY_USER", message: "gone" } }
    expect(isEmptyUserError(new FetchError("HTTP_ERROR", "x", 400, body))).toBe(true)
    expect(isEmptyUserError(new FetchError("HTTP_ERROR", "x", 401, body))).toBe(false)
    expect(isEmptyUserError(new FetchError("HTTP_ERROR", "x", 400, { error: { code: "OTHER" } }))).toBe(false)
    expect(isEmptyUserError(new Error("x"))).toBe(false)
  })
})
