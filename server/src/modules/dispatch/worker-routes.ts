import { createHash } from "node:crypto"
import { workerApi, type Offer } from "@manyhands/contract/worker"
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import type { Database } from "../../db/database"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import type { CaptchaEngine } from "../captcha/engine"
import { WorkerRefusal } from "./queue"
import { workerDocsPage, workerDocument, type OpenApiDocument } from "./worker-docs"
import { workerAccuracy, workerMistakes, workerStats, workerTraining } from "./worker-figures"

const REALM = 'Bearer realm="manyhands-worker"'

/**
 * Per worker and server process. A claim waits up to 30 s for work, so a worker asking again as soon as one
 * ends stays far below this; only a script hammering empty claims meets it.
 */
const CLAIM_LIMIT = { max: 1200, timeWindow: "1 minute" }
const ACTION_LIMIT = { max: 1200, timeWindow: "1 minute" }
const STATS_LIMIT = { max: 60, timeWindow: "1 minute" }
/** Long polls one worker may hold open at once in one process. */
const MAX_WAITING_CLAIMS = 4

// ---------------------------------------------------------------------------------------------------------
// Authentication

interface Worker {
  id: string
}

const unauthenticated = (code: string, message: string, challenge = REALM) =>
  new HttpError(401, code, message, undefined, { "www-authenticate": challenge })

const normaliseIp = (ip: string) => ip.replace(/^::ffff:/, "")

/** The worker behind an API key (hashed as the profile stores it), with the key's IP allow-list applied. */
async function workerByKey(engine: CaptchaEngine, header: string, ip: string): Promise<Worker> {
  const match = /^Bearer +([0-9a-f]{32}) *$/i.exec(header)
  if (!match) {
    const invalid = /^Bearer\b/i.test(header)
    throw unauthenticated(
      invalid ? "INVALID_API_KEY" : "NOT_AUTHENTICATED",
      invalid
        ? "The API key must be 32 hexadecimal digits."
        : "Send your API key as Authorization: Bearer <key>.",
      invalid ? `${REALM}, error="invalid_token"` : REALM,
    )
  }
  const hash = createHash("sha256").update(match[1]!.toLowerCase()).digest()
  const owner = await engine.keyOwner(hash)
  if (!owner)
    throw unauthenticated(
      "INVALID_API_KEY",
      "No account has this API key.",
      `${REALM}, error="invalid_token"`,
    )
  const { allowed } = owner.row
  if (allowed.length > 0 && !allowed.includes(normaliseIp(ip)))
    throw new HttpError(403, "IP_NOT_ALLOWED", `This API key may not be used from ${normaliseIp(ip)}.`)
  if (owner.bannedUntil !== null && owner.bannedUntil > Date.now())
    throw new HttpError(403, "ACCOUNT_SUSPENDED", "This account is suspended by an administrator.")
  if (owner.row.user_type !== "worker") throw notAWorker()
  return { id: owner.userId }
}

const notAWorker = () => new HttpError(403, "NOT_A_WORKER", "Only worker accounts can use the worker API.")

/** A Bearer key, or else the signed-in session (whose state-changing requests passed the CSRF check). */
async function identify(engine: CaptchaEngine, request: FastifyRequest): Promise<Worker> {
  const header = request.headers.authorization
  if (header !== undefined) return workerByKey(engine, header, request.ip)
  const user = request.visitor.user
  if (!user)
    throw unauthenticated(
      "NOT_AUTHENTICATED",
      "Send your API key as Authorization: Bearer <key>, or sign in.",
    )
  if (user.profile.userType !== "worker") throw notAWorker()
  return { id: user.id }
}

// ---------------------------------------------------------------------------------------------------------
// Long poll

type Claimed = { offer: Offer | null } | { error: unknown }

/**
 * Waits for the engine's claim unless the request is given up first (the client left or the server is
 * closing). An offer that arrives after that is undone: the task goes back to the queue, and may still come to this worker.
 */
async function claimUnlessCancelled(
  engine: CaptchaEngine,
  workerId: string,
  options: { waitMs: number; types?: string[]; demoWidgets?: boolean },
  cancelled: AbortSignal,
): Promise<Offer | null> {
  const claimed: Promise<Claimed> = engine.workers.claim(workerId, { ...options, abort: cancelled }).then(
    (offer) => ({ offer }),
    (error: unknown) => ({ error }),
  )
  const givenUp = new Promise<null>((resolve) => {
    if (cancelled.aborted) resolve(null)
    cancelled.addEventListener("abort", () => resolve(null), { once: true })
  })
  const first = await Promise.race([claimed, givenUp])
  if (first) {
    if ("error" in first) throw first.error
    return first.offer
  }
  void claimed.then(async (late) => {
    if ("offer" in late && late.offer)
      await engine.workers.release(workerId, late.offer.assignmentId).catch(() => undefined)
  })
  return null
}

/** Aborts when the client goes away before its answer, or when the server starts closing. */
function cancellation(reply: FastifyReply, closing: AbortSignal): AbortSignal {
  const gone = new AbortController()
  reply.raw.once("close", () => {
    if (!reply.raw.writableEnded) gone.abort()
  })
  return AbortSignal.any([gone.signal, closing])
}

// ---------------------------------------------------------------------------------------------------------

/**
 * The worker API (JSON; schemas in @manyhands/contract/worker), its OpenAPI 3.1 document (the worker part of
 * /api/openapi.json) and a page for people. The web cabinet uses it too.
 */
export async function workerApiRoutes(
  fastify: FastifyInstance,
  { engine, db }: { engine: CaptchaEngine; db: Database },
) {
  const app = api(fastify)
  const workers = new WeakMap<FastifyRequest, Worker>()
  const workerOf = (request: FastifyRequest) => workers.get(request)!
  const waiting = new Map<string, number>()
  const closing = new AbortController()
  app.addHook("preClose", async () => closing.abort())

  /** Credentials first (a Bearer key or the session), then the per-worker rate limit. */
  const guarded = (limit: { max: number; timeWindow: string }) => ({
    onRequest: async (request: FastifyRequest) => {
      workers.set(request, await identify(engine, request))
    },
    config: {
      rateLimit: {
        ...limit,
        hook: "preHandler" as const,
        keyGenerator: (request: FastifyRequest) => `worker:${workers.get(request)?.id ?? request.ip}`,
      },
    },
  })
  /** A body-less POST of an operation whose fields are all optional is read as an empty object. */
  const optionalBody = {
    preValidation: async (request: FastifyRequest) => {
      request.body ??= {}
    },
  }

  app.route({
    ...routeOf(workerApi.claim),
    ...guarded(CLAIM_LIMIT),
    ...optionalBody,
    handler: async (request, reply) => {
      const worker = workerOf(request)
      const { types, demoWidgets, waitSeconds = 0 } = request.body
      const held = waiting.get(worker.id) ?? 0
      if (held >= MAX_WAITING_CLAIMS)
        throw new HttpError(
          429,
          "RATE_LIMITED",
          `At most ${MAX_WAITING_CLAIMS} claims of one worker may wait at once.`,
          undefined,
          { "retry-after": "1" },
        )
      waiting.set(worker.id, held + 1)
      try {
        const offer = await claimUnlessCancelled(
          engine,
          worker.id,
          {
            waitMs: Math.round(waitSeconds * 1000),
            ...(types ? { types } : {}),
            ...(demoWidgets ? { demoWidgets } : {}),
          },
          cancellation(reply, closing.signal),
        )
        reply.header("cache-control", "no-store")
        if (!offer) return reply.code(204).send()
        return offer
      } finally {
        const left = (waiting.get(worker.id) ?? 1) - 1
        if (left > 0) waiting.set(worker.id, left)
        else waiting.delete(worker.id)
      }
    },
  })

  app.route({
    ...routeOf(workerApi.answer),
    ...guarded(ACTION_LIMIT),
    handler: async (request) =>
      engine.workers.answer(workerOf(request).id, request.params.id, request.body.solution),
  })

  app.route({
    ...routeOf(workerApi.skip),
    ...guarded(ACTION_LIMIT),
    handler: async (request, reply) => {
      await engine.workers.skip(workerOf(request).id, request.params.id, "skip")
      return reply.code(204).send()
    },
  })

  app.route({
    ...routeOf(workerApi.notACaptcha),
    ...guarded(ACTION_LIMIT),
    handler: async (request, reply) => {
      await engine.workers.skip(workerOf(request).id, request.params.id, "not_a_captcha")
      return reply.code(204).send()
    },
  })

  app.route({
    ...routeOf(workerApi.heartbeat),
    ...guarded(ACTION_LIMIT),
    ...optionalBody,
    handler: async (request) => engine.workers.heartbeat(workerOf(request).id, request.body.assignmentId),
  })

  app.route({
    ...routeOf(workerApi.stats),
    ...guarded(STATS_LIMIT),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store")
      return workerStats(db, workerOf(request).id)
    },
  })

  app.route({
    ...routeOf(workerApi.mistakes),
    ...guarded(STATS_LIMIT),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store")
      const workerId = workerOf(request).id
      const [items, accuracy] = [await workerMistakes(db, workerId), await workerAccuracy(db, workerId)]
      return { items, accuracy }
    },
  })

  app.route({
    ...routeOf(workerApi.training),
    ...guarded(STATS_LIMIT),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store")
      return workerTraining(db, engine.catalogue, workerOf(request).id)
    },
  })

  app.route({
    ...routeOf(workerApi.trainingClaim),
    ...guarded(CLAIM_LIMIT),
    handler: async (request, reply) => {
      const offer = await engine.workers.trainingClaim(workerOf(request).id, request.body.type)
      reply.header("cache-control", "no-store")
      if (!offer) return reply.code(204).send()
      return offer
    },
  })

  // The worker part of /api/openapi.json, made once the routes are all registered (on the first request).
  let document: OpenApiDocument | undefined
  const described = () => (document ??= workerDocument(fastify.swagger() as unknown as OpenApiDocument))

  app.route({
    ...routeOf(workerApi.openapi),
    handler: async () => described(),
  })

  app.route({
    ...routeOf(workerApi.docs),
    handler: async (_request, reply) =>
      reply.type("text/html; charset=utf-8").send(
        workerDocsPage(described(), {
          documentUrl: workerApi.openapi.path,
          styleNonce: reply.cspNonce?.style,
        }),
      ),
  })

  // The engine's refusals become the API's error envelope.
  app.setErrorHandler((failure) => {
    if (failure instanceof WorkerRefusal)
      throw new HttpError(failure.statusCode, failure.code, failure.message)
    throw failure
  })
}
