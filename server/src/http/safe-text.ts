import type { FastifyInstance } from "fastify"
import { HttpError } from "./errors"
import { MAX_JSON_DEPTH } from "./json-depth"

/*
 * Text PostgreSQL cannot store: a NUL character, or half of a UTF-16 surrogate pair (an unpaired surrogate has no
 * UTF-8 form). Either in any string of a request ended in a 500 when it reached the database; every route now
 * refuses it at the boundary, once, before validation: JSON APIs with 400 VALIDATION_FAILED, the captcha
 * protocol with its own ERROR_BAD_PARAMETERS (customer-routes.ts reads its raw bodies and checks them too).
 */

/** How deep a value is searched: as deep as a JSON body may nest (json-depth.ts refuses deeper ones). */
const MAX_DEPTH = MAX_JSON_DEPTH

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const unsafe = (text: string) => text.includes("\u0000") || LONE_SURROGATE.test(text)

/** The path ("body.task.comment") of the first string (or object key) in `value` that cannot be stored, or null. */
export function unsafeTextAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "string") return unsafe(value) ? path : null
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return null
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unsafeTextAt(item, `${path}.${index}`, depth + 1)
      if (found) return found
    }
    return null
  }
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return null
  for (const [key, item] of Object.entries(value)) {
    if (unsafe(key)) return path
    const found = unsafeTextAt(item, `${path}.${key}`, depth + 1)
    if (found) return found
  }
  return null
}

/** The refusal of such text: VALIDATION_FAILED naming the field. */
export class UnsafeTextError extends HttpError {
  constructor(readonly field: string) {
    const message = `${field} contains a character that cannot be stored: NUL or half of a surrogate pair.`
    super(400, "VALIDATION_FAILED", message, [{ field, message: "contains NUL or an unpaired surrogate" }])
  }
}

/** Checks the path parameters, query and parsed body of every request before its route validates them. */
export function installSafeText(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    // Server-rendered pages store nothing; a stray %00 in a page's address must not turn it into a JSON error.
    if (request.routeOptions.url === "/*") return
    const field =
      unsafeTextAt(request.params, "params") ??
      unsafeTextAt(request.query, "query") ??
      unsafeTextAt(request.body, "body")
    if (field) throw new UnsafeTextError(field.replace(/^(params|query|body)\./, ""))
  })
}
