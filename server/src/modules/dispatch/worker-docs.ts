import { WORKER_API_BASE } from "@manyhands/contract/worker"

/*
 * The worker API's own description, for worker software written against /api/v1/worker/openapi.json: the
 * worker-tagged operations of the generated /api/openapi.json (server/src/modules/docs/openapi.ts) under
 * /api/v1/worker, with that prefix as the document's server, and a plain page listing them for people.
 */

interface Operation {
  operationId?: string
  summary?: string
  description?: string
  tags?: string[]
  security?: Record<string, string[]>[]
  responses?: Record<string, { description?: string }>
}

/** What this file reads of the generated document. */
export interface OpenApiDocument {
  openapi: string
  info: Record<string, unknown>
  paths: Record<string, Record<string, Operation>>
  components?: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, unknown> }
  [key: string]: unknown
}

const TAG = "worker"
/** Every operation but the public description itself takes either (WORKER_SECURITY of the contract). */
const SECURITY = [{ workerKey: [] }, { session: [] }]

export const workerApiInfo = {
  title: "Manyhands worker API",
  version: "1.0.0",
  description:
    "Workers take tasks, answer or skip them, keep their leases alive, train for new types and read their " +
    "statistics. Authenticate with the account's API key (Authorization: Bearer <32 hex digits>), or from a " +
    "signed-in browser with the session cookie (__Host-mh_session on HTTPS) plus the x-csrf-token header. Only " +
    'worker accounts are served. Errors are JSON: { "error": { "code", "message", "details"? } }. This is the ' +
    "worker part of /api/openapi.json.",
}

const METHODS = new Set(["get", "put", "post", "delete", "patch"])

/** The worker-tagged operations under /api/v1/worker, with paths relative to that server. */
export function workerDocument(full: OpenApiDocument): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {}
  const schemes = new Set<string>()
  for (const [path, item] of Object.entries(full.paths)) {
    if (!path.startsWith(`${WORKER_API_BASE}/`)) continue
    const operations = Object.entries(item).filter(
      ([method, operation]) => METHODS.has(method) && operation.tags?.includes(TAG),
    )
    if (operations.length === 0) continue
    paths[path.slice(WORKER_API_BASE.length)] = Object.fromEntries(operations)
    for (const [, operation] of operations)
      for (const requirement of operation.security ?? SECURITY)
        for (const name of Object.keys(requirement)) schemes.add(name)
  }
  const available = full.components?.securitySchemes ?? {}
  const schemas = full.components?.schemas ?? {}
  return {
    openapi: full.openapi,
    info: workerApiInfo,
    servers: [{ url: WORKER_API_BASE }],
    components: {
      securitySchemes: Object.fromEntries(Object.entries(available).filter(([name]) => schemes.has(name))),
      ...(Object.keys(schemas).length > 0 ? { schemas } : {}),
    },
    security: SECURITY,
    paths,
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * A plain page listing the operations of the document, for people: no scripts and no external files (the app's
 * CSP allows neither inline scripts nor other origins); its one style block carries the CSP nonce when there is
 * one.
 */
export function workerDocsPage(
  document: OpenApiDocument,
  options: { documentUrl: string; styleNonce?: string | undefined },
) {
  const items = Object.entries(document.paths)
    .flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => {
        const statuses = Object.entries(operation.responses ?? {})
          .map(
            ([status, answer]) =>
              `<li><code>${escapeHtml(status)}</code> ${escapeHtml(answer.description ?? "")}</li>`,
          )
          .join("")
        return `<section id="${escapeHtml(operation.operationId ?? `${method} ${path}`)}">
<h2><code>${method.toUpperCase()} ${escapeHtml(WORKER_API_BASE + path)}</code></h2>
<p><strong>${escapeHtml(operation.summary ?? "")}</strong></p>
<p>${escapeHtml(operation.description ?? "")}</p>
<ul>${statuses}</ul>
</section>`
      }),
    )
    .join("\n")
  const info = document.info as typeof workerApiInfo
  const nonce = options.styleNonce ? ` nonce="${escapeHtml(options.styleNonce)}"` : ""
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)}</title>
<style${nonce}>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;line-height:1.5}code{background:#f3f3f3;padding:0 .2em}h2{font-size:1.1rem;margin-top:2rem}</style>
</head>
<body>
<h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1>
<p>${escapeHtml(info.description)}</p>
<p>Machine-readable description: <a href="${escapeHtml(options.documentUrl)}">${escapeHtml(options.documentUrl)}</a> (OpenAPI 3.1).</p>
${items}
</body>
</html>
`
}
