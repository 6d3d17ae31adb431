import { FETCH_TIMEOUT_MS, FetchError, answerOf, fetchJson } from "./fetcher"

export interface ApiClient {
  /** GET with the app's headers: the SWR fetcher. */
  get: <T = unknown>(url: string) => Promise<T>
  /** A state-changing call; the body is sent as JSON, a Blob or File as it is. */
  send: <T = unknown>(method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, body?: unknown) => Promise<T>
  /** A multipart upload (the browser sets its content type), telling how much of it has been sent. */
  upload: <T = unknown>(
    method: "POST" | "PUT",
    url: string,
    form: FormData,
    onProgress?: (sent: number) => void,
  ) => Promise<T>
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
    upload: (method, url, form, onProgress) => uploadForm(method, url, form, headers, onProgress),
  }
}

/**
 * fetch cannot report an upload's progress; XMLHttpRequest can. Failures as fetchJson's: FETCH_ERROR,
 * TIMEOUT_ERROR (no answer within the timeout after the body was sent), PARSING_ERROR, HTTP_ERROR with data.
 */
function uploadForm<T>(
  method: "POST" | "PUT",
  url: string,
  form: FormData,
  headers: Record<string, string>,
  onProgress?: (sent: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open(method, url)
    request.withCredentials = true
    request.setRequestHeader("accept", "application/json")
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value)
    let timer: ReturnType<typeof setTimeout> | undefined
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total)
    }
    request.upload.onload = () => {
      onProgress?.(1)
      timer = setTimeout(() => {
        request.abort()
        reject(new FetchError("TIMEOUT_ERROR", `No answer from ${url} within ${FETCH_TIMEOUT_MS} ms`))
      }, FETCH_TIMEOUT_MS)
    }
    request.onerror = () => {
      clearTimeout(timer)
      reject(new FetchError("FETCH_ERROR", `Network failure on ${url}`))
    }
    request.onload = () => {
      clearTimeout(timer)
      try {
        resolve(answerOf<T>(url, request.status, request.responseText))
      } catch (error) {
        reject(error)
      }
    }
    request.send(form)
  })
}

/** True for the answer GET /api/v2/user gives a session whose user no longer exists (spec §8). */
export function isEmptyUserError(error: unknown): boolean {
  const data = (error as { status?: number; data?: { error?: { code?: string } } } | null) ?? null
  return data?.status === 400 && data.data?.error?.code === "ERROR_EMPTY_USER"
}
