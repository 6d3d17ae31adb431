import type { FastifyError, FastifyInstance, FastifyReply } from "fastify"

import type { ErrorEnvelope } from "@manyhands/contract"

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  details?: unknown,
) {
  const body: ErrorEnvelope = { error: { code, message, ...(details === undefined ? {} : { details }) } }
  return reply.code(status).type("application/json; charset=utf-8").send(body)
}

/** The property a validation error is about: a missing one, or one that is not allowed. */
const missingOrExtra = (params: unknown) => {
  const { missingProperty, additionalProperty } = params as {
    missingProperty?: string
    additionalProperty?: string
  }
  return missingProperty ?? additionalProperty
}

const fieldName = (instancePath: string, missing: string | undefined) =>
  [...instancePath.split("/").filter(Boolean), ...(missing ? [missing] : [])].join(".")

/** Turns thrown errors into the envelope; 5xx details stay in the log, never in the answer. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers)
      return sendError(reply, error.statusCode, error.code, error.message, error.details)
    }
    if ("validation" in error && error.validation) {
      return sendError(
        reply,
        400,
        "VALIDATION_FAILED",
        error.message,
        error.validation.map((v) => ({
          // "profile.userType", so a form can show the message next to its field.
          field: fieldName(v.instancePath, missingOrExtra(v.params)),
          message: v.message,
        })),
      )
    }
    const status = error.statusCode ?? 500
    if (status >= 500) {
      request.log.error({ err: error }, "request failed")
      return sendError(reply, status, "INTERNAL_ERROR", "Something went wrong on our side; please try again.")
    }
    return sendError(reply, status, error.code ?? "BAD_REQUEST", error.message)
  })
}

/** What a module's domain error carries: its code, and the field it is about when there is one. */
interface DomainErrorShape extends Error {
  readonly code: string
  readonly field?: string
}

/**
 * A route's mapping of one module's domain errors to HTTP: `answer(() => service.act(...))` runs the work and
 * turns an error of `type` into an HttpError with the status `status` gives its code (a field error when the error
 * names a field); any other error passes through to the error handler.
 */
export function answerWith<E extends DomainErrorShape>(
  type: abstract new (...args: never[]) => E,
  status: (error: E) => number,
): <T>(work: () => Promise<T>) => Promise<T> {
  return async (work) => {
    try {
      return await work()
    } catch (error) {
      if (!(error instanceof type)) throw error
      const field = error.field
      throw new HttpError(
        status(error),
        error.code,
        error.message,
        field === undefined ? undefined : [{ field, message: error.message.replace(`${field} `, "") }],
      )
    }
  }
}
