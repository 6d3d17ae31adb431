import type { FastifyRequest } from "fastify"
import type { Config } from "../../config"
import { classicAnswer } from "./answers"
import { ApiRefusal } from "./engine"
import { v2Error } from "./parse-v2"
import { PingbackRefused } from "./pingback"
import { TaskInputError } from "./task-types"

/*
 * The in.php / res.php exchanges the test page shows (POST /api/v2/captcha/test and GET …/test/:id): the
 * request as a developer's client sends it, and the exact json=1 answer of the classic API
 * (customer-routes.ts: sendClassic, taskOutcome).
 */

/** Shown instead of the customer's key: it is stored only as a hash, and pages are shared in screenshots. */
export const KEY_PLACEHOLDER = "YOUR_API_KEY"
/** Longer values (images in base64, long instructions) are shown by their size. */
const SHOWN_LENGTH = 100
/** Parameters of the transport, not of the task: the exchange sets them itself. */
const TRANSPORT_FIELDS = ["key", "json", "header_acao"]

/** The site's origin this request came to (the API answers on every site's origin). */
export function apiOrigin(request: FastifyRequest, config: Pick<Config, "origins">): string {
  const host = request.headers.host
  const origins = Object.values(config.origins)
  return origins.find((origin) => new URL(origin).host === host) ?? config.origins.international
}

/** in.php parameter names are case-insensitive: the classic routes read them in lower case. */
export function classicFields(given: Record<string, string>): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [name, value] of Object.entries(given)) fields[name.toLowerCase()] = value
  return fields
}

const thousands = (n: number) => n.toLocaleString("en-US")

function shownValue(value: string): string {
  if (value.length <= SHOWN_LENGTH) return encodeURIComponent(value)
  const bare = value.replace(/^data:[^,]*,/, "")
  if (/^[A-Za-z0-9+/=\s_-]*$/.test(bare)) return `<${thousands(value.length)} bytes of base64>`
  return `<${thousands(value.length)} characters of text>`
}

/** The in.php call a client makes with these fields: a form POST with the key and json=1. */
export function inRequestText(origin: string, fields: Record<string, string>): string {
  const pairs = [
    `key=${KEY_PLACEHOLDER}`,
    ...Object.entries(fields)
      .filter(([name]) => !TRANSPORT_FIELDS.includes(name))
      .map(([name, value]) => `${encodeURIComponent(name)}=${shownValue(value)}`),
    "json=1",
  ]
  return [
    `POST ${origin}/in.php`,
    "Content-Type: application/x-www-form-urlencoded",
    "",
    pairs.join("&"),
  ].join("\n")
}

/** The res.php call that reports a task. */
export const resRequestText = (origin: string, id: string) =>
  `GET ${origin}/res.php?key=${KEY_PLACEHOLDER}&action=get&id=${id}&json=1`

/** A json=1 answer of in.php / res.php, byte for byte as the classic routes write it. */
export const classicSuccess = (request: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ status: 1, request, ...extra })
export const classicFailure = (code: string, message: string) =>
  JSON.stringify({ status: 0, request: code, error_text: message })

/** A refusal of the parsers or the engine as in.php answers it; anything else is rethrown. */
export function classicRefusal(error: unknown): string {
  if (error instanceof ApiRefusal || error instanceof TaskInputError)
    return classicFailure(error.code, error.message)
  if (error instanceof PingbackRefused) return classicFailure("ERROR_BAD_PARAMETERS", error.message)
  throw error
}

/** What res.php?action=get&json=1 answers for a task in this state (customer-routes.ts: taskOutcome). */
export function resAnswer(task: {
  state: "open" | "solved" | "unsolvable"
  type: string
  params: Record<string, unknown>
  solution: Record<string, unknown> | null
  error_code: string | null
}): string {
  if (task.state === "open") return classicFailure("CAPCHA_NOT_READY", "The task is not solved yet")
  if (task.state === "unsolvable") {
    const code = task.error_code ?? "ERROR_CAPTCHA_UNSOLVABLE"
    return classicFailure(code, v2Error(code).errorDescription)
  }
  const answer = classicAnswer(task.type, task.params, task.solution ?? {})
  return classicSuccess(answer.request, answer.extra)
}
