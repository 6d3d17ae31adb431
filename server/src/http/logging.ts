import type { FastifyServerOptions } from "fastify"

/** Query parameters that carry credentials (the captcha API sends its key in the query). */
const SECRET_PARAMS = /^(key|api_?key|client_?key|token|password|pass|secret|hash|session)$/i

/** The URL as it may appear in logs: credential values replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?")
  if (queryAt === -1) return url
  const params = new URLSearchParams(url.slice(queryAt + 1))
  let changed = false
  for (const name of new Set(params.keys())) {
    if (SECRET_PARAMS.test(name)) {
      params.set(name, "[redacted]")
      changed = true
    }
  }
  return changed ? `${url.slice(0, queryAt)}?${params.toString()}` : url
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
      censor: "[redacted]",
    },
    serializers: {
      req: (req: { method: string; url: string; host?: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
      }),
    },
  }
}
