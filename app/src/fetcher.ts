/** Client fetch errors (spec §8). */
export type FetchErrorCode = "FETCH_ERROR" | "TIMEOUT_ERROR" | "PARSING_ERROR" | "HTTP_ERROR"

export class FetchError extends Error {
  constructor(
    readonly code: FetchErrorCode,
    message: string,
    readonly status?: number,
    readonly data?: unknown,
  ) {
    super(message)
    this.name = "FetchError"
  }
}

export const FETCH_TIMEOUT_MS = 15_000

/** GETs JSON with cookies; every failure becomes a FetchError with one of the spec's codes. */
export async function fetchJson<T = unknown>(url: string, init: RequestInit = {}): Promise<T> {
  // The caller's headers are added to ours, not put in their place (they may be a Headers object).
  const headers = new Headers(init.headers)
  if (!headers.has("accept")) headers.set("accept", "application/json")
  let response: Response
  try {
    response = await fetch(url, {
      credentials: "same-origin",
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      ...init,
      headers,
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") {
      throw new FetchError("TIMEOUT_ERROR", `No answer from ${url} within ${FETCH_TIMEOUT_MS} ms`)
    }
    throw new FetchError("FETCH_ERROR", `Network failure on ${url}`)
  }
  return answerOf<T>(url, response.status, await response.text())
}

/** An answer's body as JSON; PARSING_ERROR when it is none, HTTP_ERROR (with the body) unless its status is 2xx. */
export function answerOf<T>(url: string, status: number, text: string): T {
  let body: unknown
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    throw new FetchError("PARSING_ERROR", `Unparseable answer from ${url}`, status, text)
  }
  if (status < 200 || status > 299)
    throw new FetchError("HTTP_ERROR", `HTTP ${status} from ${url}`, status, body)
  return body as T
}
