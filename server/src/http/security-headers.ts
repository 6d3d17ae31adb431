import { randomBytes } from "node:crypto"
import type { IncomingMessage, ServerResponse } from "node:http"
import type { FastifyInstance } from "fastify"
import helmet from "helmet"

/** The nonces of one response's Content-Security-Policy: its inline script (initial state) and style tags carry them. */
export interface CspNonces {
  script: string
  style: string
}

declare module "fastify" {
  interface FastifyReply {
    /** This response's CSP nonces; null where no policy applies (Vite's development pages). */
    cspNonce: CspNonces | null
  }
}

const NONCES = Symbol("cspNonces")
type WithNonces = ServerResponse & { [NONCES]?: CspNonces }
const nonceOf = (kind: keyof CspNonces) => (_request: IncomingMessage, response: ServerResponse) =>
  `'nonce-${(response as WithNonces)[NONCES]![kind]}'`

/** Random bytes drawn 8 KB at a time: a system call for every 256 responses instead of every one. */
const POOL_BYTES = 8192
let pool = Buffer.alloc(0)
let used = 0

/**
 * 32 bytes from the operating system's random source that no other call gets: slices of a pool drawn at once, as
 * Node keeps the randomness of `randomUUID`. Each response's nonces are still unpredictable to anyone else.
 */
export function nonceBytes(): Buffer {
  if (used + 32 > pool.length) {
    pool = randomBytes(POOL_BYTES)
    used = 0
  }
  used += 32
  return pool.subarray(used - 32, used)
}

/**
 * Helmet's security headers on every response, with a Content-Security-Policy whose script and style nonces are
 * new for each response. The helmet middleware is made once: @fastify/helmet made it again for every request (with
 * a merged copy of the options when nonces were on), about 40 µs of each poll of res.php (issue 27); made once,
 * it costs a third of that. Without `policy` (Vite's development server injects inline scripts) there is no CSP
 * and no nonces; the other headers stay.
 */
export function installSecurityHeaders(app: FastifyInstance, { policy }: { policy: boolean }) {
  const headers = helmet({
    contentSecurityPolicy: policy
      ? {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", nonceOf("script")],
            styleSrc: ["'self'", nonceOf("style")],
            styleSrcAttr: ["'unsafe-inline'"],
            imgSrc: ["'self'", "data:"],
            fontSrc: ["'self'", "data:"],
            connectSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            upgradeInsecureRequests: null,
          },
        }
      : false,
  })
  app.decorateReply("cspNonce", null)
  app.addHook("onRequest", (request, reply, done) => {
    if (policy) {
      // 32 random bytes: 16 for each nonce, as before.
      const random = nonceBytes().toString("hex")
      const nonces = { script: random.slice(0, 32), style: random.slice(32) }
      reply.cspNonce = nonces
      ;(reply.raw as WithNonces)[NONCES] = nonces
    }
    headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined))
  })
}
