import type { FastifyInstance } from "fastify"
import { HttpError } from "./errors"

/*
 * How deep a JSON body may nest. Parsing a deep body is no problem for V8, but every walk of the value after it
 * is (JSON.stringify, validation, the text check of safe-text.ts): a body nested 200,000 levels deep overflowed
 * the stack of in.php. No request of the API nests deeper than a few levels; bodies that do are refused before
 * they are parsed, by a scan of the text without recursion.
 */

/** The deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 64

/** Whether the JSON text nests arrays and objects more than `max` levels deep (brackets in strings do not count). */
export function jsonNestingExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === 0x5c)
        i++ // a backslash escapes the next character
      else if (code === 0x22) inString = false
    } else if (code === 0x22) inString = true
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > max) return true
    } else if (code === 0x5d || code === 0x7d) depth--
  }
  return false
}

/** JSON bodies of the JSON APIs: refused with 400 VALIDATION_FAILED when nested too deep, else parsed as before. */
export function installJsonDepthLimit(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error")
  app.removeContentTypeParser("application/json")
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8")
    if (jsonNestingExceeds(text)) {
      const message = `The JSON body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`
      done(new HttpError(400, "VALIDATION_FAILED", message, [{ field: "body", message }]), undefined)
      return
    }
    parse(request, text, done)
  })
}
