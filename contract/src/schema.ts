/*
 * The schema vocabulary of the contract: TypeBox (JSON Schema objects with static types), plus the few helpers
 * every area uses. A schema here is at once what Fastify validates and serialises, what OpenAPI documents and,
 * through `Static`, the TypeScript type screens and services use — so the three cannot drift apart.
 */
import Type, { type Static, type TSchema } from "typebox"

export { Type }
export type { Static, TSchema }

/**
 * `T | null` as a JSON Schema type list (`{ "type": ["integer", "null"] }`) where T has a single type, else
 * `anyOf`. A type list keeps Ajv's coercion from turning a null body field into 0 or "" (it would with anyOf).
 */
export function Nullable<T extends TSchema>(schema: T, options: { description?: string } = {}) {
  const { type } = schema as { type?: unknown }
  if (typeof type === "string")
    return Type.Unsafe<Static<T> | null>({ ...schema, ...options, type: [type, "null"] })
  return Type.Unsafe<Static<T> | null>({ ...options, anyOf: [schema, { type: "null" }] })
}

/** One of fixed strings, as `{ "enum": [...] }` (the form the API has always had; OpenAPI shows the list). */
export function StringEnum<const V extends readonly string[]>(
  values: V,
  options: { description?: string; default?: V[number] } = {},
) {
  return Type.Unsafe<V[number]>({ enum: [...values], ...options })
}

/** An object that refuses unknown properties: every request body and query of the API. */
export function StrictObject<P extends Record<string, TSchema>>(properties: P, options: object = {}) {
  return Type.Object(properties, { additionalProperties: false, ...options })
}

/** Money in integer minor units: micro-units of USD in the ledger (20_000_000 is $20.00) unless a field says. */
export const Money = (description = "Micro-units of USD (millionths: 20000000 is $20.00).") =>
  Type.Integer({ description })

/** A moment as ISO 8601 text (`2026-11-29T04:02:34.000Z`). */
export const DateTime = (description = "ISO 8601.") => Type.String({ description })

/**
 * A moment a request gives, ISO 8601 with a time zone, in the years 1900–2999: PostgreSQL has no year 0, and a
 * moment after 9999 (9999-12-31T23:59-23:59 is in 10000) has no ISO 8601 form of four-digit years.
 */
export const DateTimeInput = (description = "ISO 8601 with a time zone.") =>
  Type.String({ format: "date-time", pattern: "^(?:19|2[0-9])[0-9]{2}-", description })

/**
 * A calendar day as YYYY-MM-DD, in the years 1900–2999: PostgreSQL has no year 0, and a window a few days
 * after 9999-12-31 has no YYYY-MM-DD form (the server checks the calendar itself: 2026-02-30 is no day).
 */
export const DAY_PATTERN = "^(?:19|2[0-9])[0-9]{2}-[0-9]{2}-[0-9]{2}$"

/** A calendar day, YYYY-MM-DD (years 1900–2999). */
export const Day = (description = "A day, YYYY-MM-DD.") => Type.String({ pattern: DAY_PATTERN, description })

/** A database id as the API writes it: decimal digits in a string (bigint ids do not fit a JSON number). */
export const Id = (description?: string) =>
  Type.String({ pattern: "^[0-9]{1,18}$", ...(description ? { description } : {}) })

/** `:id` in a path. */
export const IdParams = StrictObject({ id: Id() })

/** Text with something in it besides spaces, at most `maxLength` characters. */
export const Text = (maxLength: number, options: { description?: string } = {}) =>
  Type.String({ minLength: 1, maxLength, pattern: "\\S", ...options })

/** An answer without a body (204): documented as such, typed so `reply.code(204).send()` fits. */
export const NoContent = (description: string) => Type.Unsafe<void>({ type: "null", description })
