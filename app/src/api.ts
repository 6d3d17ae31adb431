import { fetchJson } from "./fetcher"

export interface ApiClient {
  /** GET with the app's headers: the SWR fetcher. */
  get: <T = unknown>(url: string) => Promise<T>
  /** A state-changing call; the body is sent as JSON, a Blob or File as it is. */
  send: <T = unknown>(method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, body?: unknown) => Promise<T>
}

/**
 * The one API client of the app (spec §7): every call sends the cookies and the headers taken from app
 * state — the CSRF token the server checks on state changes, and the page's language for messages.
 * Failures arrive as FetchError (FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR or an HTTP status with data).
 */
export function createApiClient({ csrfToken, language }: { csrfToken: string; language: string }): ApiClient {
  const headers = { "x-csrf-token": csrfToken, "x-language": language }
  return {
    get: (url) => fetchJson(url, { headers }),
    send: (method, url, body) => {
      // A file goes as it is (its own content type); anything else as JSON.
      if (body instanceof Blob)
        return fetchJson(url, {
          method,
          headers: { ...headers, "content-type": body.type || "application/octet-stream" },
          body,
        })
      return fetchJson(url, {
        method,
        headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    },
  }
}

/** True for the answer GET /api/v2/user gives a session whose user no longer exists (spec §8). */
export function isEmptyUserError(error: unknown): boolean {
  const data = (error as { status?: number; data?: { error?: { code?: string } } } | null) ?? null
  return data?.status === 400 && data.data?.error?.code === "ERROR_EMPTY_USER"
}
