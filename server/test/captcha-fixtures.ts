import { createHash, randomBytes, randomUUID } from "node:crypto"
import { crc32, deflateSync } from "node:zlib"
import type { Database, Queryable } from "../src/db/database"
import type { CaptchaEngine } from "../src/modules/captcha/engine"
import type { NewTask } from "../src/modules/captcha/task-types"
import { CABINET_TYPES, type Offer } from "@manyhands/contract/worker"
import { ledgerAccount, transfer } from "../src/modules/ledger/ledger"

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, "latin1"), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A valid greyscale PNG of random noise (each one different, never tiny), made without an image library. */
export function pngImage(width = 60, height = 20): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 0, 0, 0, 0], 8) // 8-bit greyscale
  const rows = randomBytes((width + 1) * height)
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0 // filter type "none" on every row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ])
}

/** A 60×20 captcha-sized PNG. */
export const PNG = pngImage(60, 20)

export const imageTask = (extra: Partial<NewTask> = {}): NewTask => ({
  type: "ImageToTextTask",
  params: {},
  files: [{ name: "body", mime: "image/png", data: PNG }],
  language: null,
  ...extra,
})

export async function userId(db: Queryable, email: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>("SELECT id::text FROM users WHERE email = $1", [email])
  if (!rows[0]) throw new Error(`No user ${email}`)
  return rows[0].id
}

/**
 * Gives the account an API key, stored as the profile stores it (SHA-256 only), and returns it: a new key, or
 * `key` where a test wants a known one.
 */
export async function giveApiKey(
  db: Queryable,
  email: string,
  key = randomBytes(16).toString("hex"),
): Promise<string> {
  const { rows } = await db.query(
    `UPDATE users SET api_key_hash = $2, api_key_hint = $3, api_key_created_at = now() WHERE email = $1
     RETURNING id`,
    [email, createHash("sha256").update(key).digest(), key.slice(-4)],
  )
  if (!rows[0]) throw new Error(`No user ${email}`)
  return key
}

/** Puts money on a customer's balance from the promotional-credit account, as the demo seed does. */
export async function giveCredit(db: Database, userId: string, amount: number): Promise<void> {
  await db.transaction(async (tx) => {
    await transfer(tx, {
      key: `test-credit:${randomUUID()}`,
      debitAccountId: await ledgerAccount(tx, {
        userId: null,
        purpose: "promotional_credit",
        currency: "USD",
      }),
      creditAccountId: await ledgerAccount(tx, { userId, purpose: "customer_balance", currency: "USD" }),
      amount,
      currency: "USD",
    })
  })
}

/**
 * A new account of this type; returns its id. A worker has passed the training of every cabinet type, so it meets
 * real work at once; `{ trained: false }` makes a newcomer who starts in training like a real one.
 */
export async function newUser(
  db: Queryable,
  email: string,
  userType: "customer" | "worker",
  { trained = true }: { trained?: boolean } = {},
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, user_type, email_confirmed_at) VALUES ($1, 'x', $2, now())
     RETURNING id::text`,
    [email, userType],
  )
  const id = rows[0]!.id
  if (userType === "worker" && trained) await passTraining(db, id)
  return id
}

/** The worker has passed the training of every cabinet type (a worker registered through the API starts without). */
export async function passTraining(db: Queryable, workerId: string): Promise<void> {
  await db.query(
    `INSERT INTO worker_skills (worker_id, type, status)
     SELECT $1, type, 'active' FROM unnest($2::text[]) AS type
     ON CONFLICT (worker_id, type) DO NOTHING`,
    [workerId, CABINET_TYPES],
  )
}

/** The worker takes offers until one matches, skipping the others (they go back to the queue for others). */
export async function takeOffer(
  engine: CaptchaEngine,
  workerId: string,
  match: (offer: Offer) => boolean,
  types?: string[],
): Promise<Offer> {
  for (let tries = 0; tries < 50; tries++) {
    const offer = await engine.workers.claim(workerId, { waitMs: 0, ...(types ? { types } : {}) })
    if (!offer) break
    if (match(offer)) return offer
    await engine.workers.skip(workerId, offer.assignmentId, "skip")
  }
  throw new Error("the task was not offered")
}

/** The worker answers the image task whose picture is `image`. */
export async function solveImage(engine: CaptchaEngine, workerId: string, image: Buffer, answer: string) {
  const offer = await takeOffer(
    engine,
    workerId,
    (candidate) => candidate.files[0]?.data === image.toString("base64"),
  )
  await engine.workers.answer(workerId, offer.assignmentId, { text: answer })
}
