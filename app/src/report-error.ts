import { visitorsApi } from "@manyhands/contract/accounts"
/** Where the browser reports render errors it recovered from or showed the fallback screen for (spec §8). */
export const CLIENT_ERRORS_URL = visitorsApi.clientError.url()

const reported = new Set<string>()

/** Sends one report per distinct error and page; never throws, never retries. */
export function reportRenderError(kind: "fallback" | "recoverable", error: unknown, componentStack?: string) {
  if (typeof window === "undefined") return
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  const id = `${kind}|${message}|${window.location.pathname}`
  if (reported.has(id)) return
  reported.add(id)
  const body = JSON.stringify({
    kind,
    message: message.slice(0, 1000),
    stack: error instanceof Error ? error.stack?.slice(0, 4000) : undefined,
    componentStack: componentStack?.slice(0, 4000),
    url: window.location.href.slice(0, 2000),
  })
  void fetch(CLIENT_ERRORS_URL, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body,
    keepalive: true,
  }).catch(() => {})
}
