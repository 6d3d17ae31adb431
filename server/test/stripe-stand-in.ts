import { createHmac, randomBytes } from "node:crypto"
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

/**
 * A local stand-in for the part of Stripe's HTTP API the card provider uses (Checkout Sessions: create and
 * retrieve), speaking it as Stripe documents it: form-encoded bodies with bracket keys, Bearer secret key,
 * Idempotency-Key, errors as { error: { type, message, ... } }. Plus what Stripe itself would do outside
 * the API: the customer paying or the session expiring, and signed webhook events.
 */

export interface StandInSession {
  id: string
  object: "checkout.session"
  amount_subtotal: number
  amount_total: number
  cancel_url: string
  client_reference_id: string | null
  created: number
  currency: string
  expires_at: number
  livemode: false
  metadata: Record<string, string>
  mode: string
  payment_status: "paid" | "unpaid" | "no_payment_required"
  status: "open" | "complete" | "expired"
  success_url: string
  url: string | null
}

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  /** The form body with bracket keys unfolded: line_items[0][price_data][currency] → line_items[0].price_data.currency. */
  form: Record<string, unknown>
}

export interface StripeStandIn {
  /** For the adapter's apiBase, e.g. http://127.0.0.1:54321. */
  url: string
  requests: RecordedRequest[]
  sessions: Map<string, StandInSession>
  /** The customer finished checkout: paid (card) or unpaid (an asynchronous method still on its way). */
  complete(sessionId: string, paymentStatus: "paid" | "unpaid"): StandInSession
  /** The asynchronous payment arrived. */
  markPaid(sessionId: string): StandInSession
  expire(sessionId: string): StandInSession
  /**
   * A webhook delivery as Stripe sends it: the raw JSON body and its Stripe-Signature header
   * (t=<unix seconds>,v1=hex HMAC-SHA256 of "<t>.<body>" with the endpoint's signing secret).
   */
  signedEvent(
    type: string,
    object: object,
    options?: { timestamp?: number; secret?: string },
  ): { body: Buffer; headers: Record<string, string>; eventId: string }
  close(): Promise<void>
}

type StripeErrorBody = { type: string; message: string; code?: string; param?: string }

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message)
  }
}

const missing = (param: string) =>
  new Refusal(400, {
    type: "invalid_request_error",
    code: "parameter_missing",
    param,
    message: `Missing required param: ${param}.`,
  })

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`

/** Unfolds Stripe's bracket keys (a[b][0][c]=v) into nested objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const [head = "", ...rest] = key.split("[")
    const path = [head, ...rest.map((part) => part.replace(/\]$/, ""))]
    let node = root
    path.forEach((segment, i) => {
      const next = path[i + 1]
      if (next === undefined) node[segment] = value
      else node = (node[segment] ??= /^\d+$/.test(next) ? [] : {}) as Record<string, unknown>
    })
  }
  return root
}

export async function startStripeStandIn(options: {
  secretKey: string
  webhookSecret: string
}): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = []
  const sessions = new Map<string, StandInSession>()
  // Stripe keeps an idempotent request's first answer and replays it for the same key and parameters.
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>()
  let base = ""

  const authenticate = (headers: IncomingHttpHeaders) => {
    const authorization = headers.authorization
    if (!authorization?.startsWith("Bearer "))
      throw new Refusal(401, {
        type: "invalid_request_error",
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, " +
          "using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      })
    const key = authorization.slice("Bearer ".length)
    if (key !== options.secretKey)
      throw new Refusal(401, {
        type: "invalid_request_error",
        message: `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`,
      })
  }

  const createSession = (form: Record<string, unknown>): StandInSession => {
    if (form.mode !== "payment") throw missing("mode")
    const items = form.line_items as Record<string, unknown>[] | undefined
    if (!Array.isArray(items) || items.length === 0) throw missing("line_items")
    let total = 0
    let currency = ""
    items.forEach((item, i) => {
      const price = item.price_data as Record<string, unknown> | undefined
      if (!price) throw missing(`line_items[${i}][price_data]`)
      if (typeof price.currency !== "string") throw missing(`line_items[${i}][price_data][currency]`)
      if (typeof item.quantity !== "string") throw missing(`line_items[${i}][quantity]`)
      if (typeof price.unit_amount !== "string" || !/^\d+$/.test(price.unit_amount))
        throw new Refusal(400, {
          type: "invalid_request_error",
          code: "parameter_invalid_integer",
          param: `line_items[${i}][price_data][unit_amount]`,
          message: `Invalid integer: ${String(price.unit_amount)}`,
        })
      total += Number(price.unit_amount) * Number(item.quantity)
      currency = price.currency
    })
    if (typeof form.success_url !== "string") throw missing("success_url")
    const id = randomId("cs_test")
    const created = Math.floor(Date.now() / 1000)
    const session: StandInSession = {
      id,
      object: "checkout.session",
      amount_subtotal: total,
      amount_total: total,
      cancel_url: String(form.cancel_url ?? ""),
      client_reference_id: typeof form.client_reference_id === "string" ? form.client_reference_id : null,
      created,
      currency,
      expires_at: created + 24 * 3600,
      livemode: false,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      mode: "payment",
      payment_status: "unpaid",
      status: "open",
      success_url: form.success_url,
      url: `${base}/c/pay/${id}`,
    }
    sessions.set(id, session)
    return session
  }

  const answer = (
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, {
      "content-type": "application/json",
      "request-id": randomId("req"),
      ...headers,
    })
    response.end(JSON.stringify(body, null, 2))
  }

  /** The session of a request's path, or Stripe's 404. */
  const known = (encodedId: string) => {
    const session = sessions.get(decodeURIComponent(encodedId))
    if (!session)
      throw new Refusal(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "session",
        message: `No such checkout.session: '${decodeURIComponent(encodedId)}'`,
      })
    return session
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString()
      const path = new URL(request.url ?? "/", "http://stand-in").pathname
      const method = request.method ?? "GET"
      const form = parseStripeForm(raw)
      requests.push({ method, path, headers: request.headers, form })
      try {
        authenticate(request.headers)
        if (method === "POST" && path === "/v1/checkout/sessions") {
          const key = request.headers["idempotency-key"]
          const earlier = typeof key === "string" ? idempotent.get(key) : undefined
          if (earlier && earlier.body !== raw)
            throw new Refusal(400, {
              type: "idempotency_error",
              message:
                "Keys for idempotent requests can only be used with the same parameters they were first used " +
                `with. Try using a key other than '${String(key)}' if you meant to execute a different request.`,
            })
          if (earlier)
            return answer(response, earlier.status, earlier.answer, { "idempotent-replayed": "true" })
          const session = createSession(form)
          // A snapshot: the replay is the first answer, not the session as it is now.
          if (typeof key === "string")
            idempotent.set(key, { body: raw, status: 200, answer: structuredClone(session) })
          return answer(response, 200, session)
        }
        const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)
        if (method === "GET" && retrieve) return answer(response, 200, known(retrieve[1]!))
        // Only an open session can be expired (Stripe answers 400 for any other).
        const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)
        if (method === "POST" && expire) {
          const session = known(expire[1]!)
          if (session.status !== "open")
            throw new Refusal(400, {
              type: "invalid_request_error",
              message: 'Only Checkout Sessions with a status in ["open"] can be expired.',
            })
          return answer(response, 200, Object.assign(session, { status: "expired", url: null }))
        }
        throw new Refusal(404, {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${method}: ${path}).`,
        })
      } catch (error) {
        if (!(error instanceof Refusal)) throw error
        answer(response, error.status, { error: error.body })
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const find = (id: string) => {
    const session = sessions.get(id)
    if (!session) throw new Error(`stand-in: no session ${id}`)
    return session
  }

  return {
    url: base,
    requests,
    sessions,
    complete(id, paymentStatus) {
      return Object.assign(find(id), { status: "complete", payment_status: paymentStatus, url: null })
    },
    markPaid(id) {
      return Object.assign(find(id), { payment_status: "paid" })
    },
    expire(id) {
      return Object.assign(find(id), { status: "expired", url: null })
    },
    signedEvent(
      type,
      object,
      { timestamp = Math.floor(Date.now() / 1000), secret = options.webhookSecret } = {},
    ) {
      const eventId = randomId("evt")
      const payload = JSON.stringify(
        {
          id: eventId,
          object: "event",
          api_version: null,
          created: timestamp,
          data: { object },
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          type,
        },
        null,
        2,
      )
      const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex")
      return {
        body: Buffer.from(payload),
        headers: { "content-type": "application/json", "stripe-signature": `t=${timestamp},v1=${signature}` },
        eventId,
      }
    },
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
