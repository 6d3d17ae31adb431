import type { FastifyInstance } from "fastify"
import { HttpError } from "./errors"
import { MAX_JSON_DEPTH } from "./json-depth"

/*
 * Ajv coerces the text of a query (or a string in a body) to the number a schema asks for, and "1e309",
 * "Infinity" or 400 nines become Infinity: a number `type: "integer"` does not recheck after coercing, and
 * that `minimum` and `maximum` let through (they compare finite numbers only). Such a value reached SQL as
 * 'Infinity' and ended in a 500. No API takes a number that is not finite: refused after validation, for every
 * route, with 400 VALIDATION_FAILED naming the field.
 */

/** The path ("query.page") of the first number in `value` that is not finite, or null. */
export function infiniteNumberAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "number") return Number.isFinite(value) ? null : path
  if (value === null || typeof value !== "object" || depth > MAX_JSON_DEPTH) return null
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return null
  for (const [key, item] of Object.entries(value)) {
    const found = infiniteNumberAt(item, `${path}.${key}`, depth + 1)
    if (found) return found
  }
  return null
}

export function installFiniteNumbers(app: FastifyInstance) {
  app.addHook("preHandler", async (request) => {
    const found =
      infiniteNumberAt(request.params, "params") ??
      infiniteNumberAt(request.query, "query") ??
      infiniteNumberAt(request.body, "body")
    if (!found) return
    const field = found.replace(/^(params|query|body)\./, "")
    const message = "must be a finite number"
    throw new HttpError(400, "VALIDATION_FAILED", `${field} ${message}`, [{ field, message }])
  })
}
