import { createHash } from "node:crypto"
import type { Queryable } from "../../db/database"
import { TaskInputError, type NewTask } from "./task-types"

/*
 * Idempotency keys of in.php and createTask (our addition to the 2captcha protocol, CAPTCHA-API.md): a retry
 * with a key the same customer used in the last 24 hours answers the first task's id; nothing is stored or held
 * again. The key row is written in the transaction of the task and its hold (engine.ts submit).
 */

/** Keys are kept this long; a key older than this is free again. */
export const IDEMPOTENCY_KEY_HOURS = 24
/** 1–255 printable ASCII characters, no spaces (a UUID, a ULID, a hash, a counter …). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/

/** A key that cannot be used: bad characters or length, two different keys, the key of another task. */
export class IdempotencyKeyError extends TaskInputError {
  constructor(message: string) {
    super("ERROR_BAD_PARAMETERS", message)
    this.name = "IdempotencyKeyError"
  }
}

/**
 * The key of a submission, from the `Idempotency-Key` header and/or the documented parameter (in.php
 * `idempotency_key`, createTask `idempotencyKey`); undefined when neither is given or both are empty.
 */
export function idempotencyKeyOf(
  header: string | string[] | undefined,
  parameter: unknown,
): string | undefined {
  if (Array.isArray(header)) throw new IdempotencyKeyError("Send one Idempotency-Key header")
  if (parameter !== undefined && parameter !== null && typeof parameter !== "string")
    throw new IdempotencyKeyError("The idempotency key must be a string")
  const fromHeader = header || undefined
  const fromParameter = parameter || undefined
  if (fromHeader !== undefined && fromParameter !== undefined && fromHeader !== fromParameter)
    throw new IdempotencyKeyError("The Idempotency-Key header and the idempotency key parameter differ")
  const key = fromHeader ?? fromParameter
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key))
    throw new IdempotencyKeyError(
      "The idempotency key must be 1–255 printable ASCII characters without spaces",
    )
  return key
}

/** JSON with object keys sorted, so that the same submission always gives the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonical(item)}`).join(",")}}`
  }
  return JSON.stringify(value) ?? "null"
}

/** SHA-256 of what a submission asks for: the parsed task (file bytes included) and the request's options. */
export function submissionFingerprint(
  task: NewTask,
  options: { api: string; pingbackUrl?: string | undefined; softId?: number | undefined },
): Buffer {
  const files = task.files.map((file) => ({
    name: file.name,
    mime: file.mime,
    sha256: createHash("sha256").update(file.data).digest("hex"),
  }))
  return createHash("sha256")
    .update(
      canonical({
        type: task.type,
        params: task.params,
        language: task.language,
        files,
        api: options.api,
        pingbackUrl: options.pingbackUrl ?? null,
        softId: options.softId ?? null,
      }),
    )
    .digest()
}

/** The task a live key was used for; the same key with another submission is refused. */
function earlierTask(
  row: { task_id: string; fingerprint: Buffer | Uint8Array },
  fingerprint: Buffer,
): string {
  if (!Buffer.from(row.fingerprint).equals(fingerprint))
    throw new IdempotencyKeyError("This idempotency key was already used for a task with other parameters")
  return row.task_id
}

/** The task of a live key (used in the last 24 hours), or null; outside a transaction, to answer retries early. */
export async function findIdempotentTask(
  db: Queryable,
  customerId: string,
  key: string,
  fingerprint: Buffer,
): Promise<string | null> {
  const { rows } = await db.query<{ task_id: string; fingerprint: Buffer }>(
    `SELECT task_id::text, fingerprint FROM captcha_idempotency_keys
      WHERE customer_id = $1 AND key = $2 AND created_at > now() - make_interval(hours => $3)`,
    [customerId, key, IDEMPOTENCY_KEY_HOURS],
  )
  return rows[0] ? earlierTask(rows[0], fingerprint) : null
}

/**
 * Inside the submission's transaction, before anything else: takes the key for a new task id and returns
 * `{ id, earlier: false }`, or `{ id, earlier: true }` with the task of a live key of the same submission.
 * A concurrent transaction holding the same key makes this wait until it ends (the primary key's lock).
 * An expired key that was not pruned yet is taken over.
 */
export async function claimIdempotencyKey(
  tx: Queryable,
  customerId: string,
  key: string,
  fingerprint: Buffer,
): Promise<{ id: string; earlier: boolean }> {
  const claimed = await tx.query<{ task_id: string }>(
    `INSERT INTO captcha_idempotency_keys AS k (customer_id, key, fingerprint, task_id)
     VALUES ($1, $2, $3, nextval('captcha_task_ids'))
     ON CONFLICT (customer_id, key) DO UPDATE
       SET fingerprint = excluded.fingerprint, task_id = excluded.task_id, created_at = now()
       WHERE k.created_at <= now() - make_interval(hours => $4)
     RETURNING task_id::text`,
    [customerId, key, fingerprint, IDEMPOTENCY_KEY_HOURS],
  )
  if (claimed.rows[0]) return { id: claimed.rows[0].task_id, earlier: false }
  // The key is live: its transaction committed (READ COMMITTED: this statement sees it).
  const { rows } = await tx.query<{ task_id: string; fingerprint: Buffer }>(
    "SELECT task_id::text, fingerprint FROM captcha_idempotency_keys WHERE customer_id = $1 AND key = $2",
    [customerId, key],
  )
  if (!rows[0]) throw new Error("idempotency key vanished while it was being claimed")
  return { id: earlierTask(rows[0], fingerprint), earlier: true }
}

/**
 * Deletes keys older than 24 hours (lookups ignore them already; this keeps the table small). Runs in the
 * engine's hourly purge beside purgeReceivingErrors; idempotent, so any process may run it. Returns the count.
 */
export async function pruneIdempotencyKeys(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM captcha_idempotency_keys
                    WHERE created_at <= now() - make_interval(hours => $1) RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [IDEMPOTENCY_KEY_HOURS],
  )
  return rows[0]!.n
}
