import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { CABINET_TYPES } from "@manyhands/contract/worker"
import { hashPassword } from "../modules/accounts/passwords"
import { normaliseSolution } from "../modules/captcha/answers"
import { parseV2Task } from "../modules/captcha/parse-v2"
import {
  renderArrow,
  renderGridCaptcha,
  renderScene,
  renderTextCaptcha,
  type PixelBox,
  type Shape,
} from "../modules/captcha/rasteriser"
import { setStatus } from "../modules/dispatch/standing"
import { serverRoot } from "../paths"
import { ledgerAccount, transfer } from "../modules/ledger/ledger"
import type { Database, Queryable } from "./database"

/** Demo accounts of the embedded demo database (the README lists them); never seeded into PostgreSQL. */
export const DEMO_PASSWORD = "manyhands-demo"
export const demoUsers: { email: string; userType: string | null; roles: string[] }[] = [
  { email: "admin@demo.manyhands.dev", userType: "customer", roles: ["admin"] },
  { email: "moderator@demo.manyhands.dev", userType: "worker", roles: ["moderator"] },
  { email: "customer@demo.manyhands.dev", userType: "customer", roles: [] },
  { email: "developer@demo.manyhands.dev", userType: "developer", roles: [] },
  { email: "worker@demo.manyhands.dev", userType: "worker", roles: [] },
  { email: "newcomer@demo.manyhands.dev", userType: null, roles: [] },
]

/** $25.00 of promotional credit for the demo customer and developer (ledger micro-units). */
const DEMO_CREDIT = 25_000_000
const DEMO_CREDIT_EMAILS = ["customer@demo.manyhands.dev", "developer@demo.manyhands.dev"]
/** $12.00 of earnings for the demo worker: enough for a first payout. */
const DEMO_WORKER_EARNINGS = 12_000_000

const welcome = {
  en: "<p>Welcome to Manyhands! Your demo account is ready: explore the site, and close this message when you have read it.</p>",
  ru: "<p>Добро пожаловать в Manyhands! Демо-аккаунт готов: осмотритесь на сайте и закройте это сообщение, когда прочитаете его.</p>",
}

// ---------------------------------------------------------------------------------------------------------
// Check tasks: content every database needs, demo or not. A new worker answers training tasks before real work
// of a type; gold tasks are mixed into real work. The pictures come from the sample rasteriser, with texts that
// are not among the public samples of /testcaptcha (whose answers anyone can read).

/** Pictures for training: a person reads them at a glance (no 0/O, 1/l/I, 9/g/q look-alikes). */
const TRAINING_TEXTS = ["f4ht8", "38627", "mxa6e", "r2kwe", "bn7xd", "74263", "tc3vh", "eh8uy"]
const GOLD_TEXTS = ["u6pk3", "7d2rn", "hw4bc"]

/** Short questions with every answer accepted (compared without regard to case). */
const TRAINING_QUESTIONS: [string, string[]][] = [
  ["What is 3 + 4?", ["7", "seven"]],
  ["Type the digits 5, 8 and 2 in that order.", ["582"]],
  ["How many legs does a cat have?", ["4", "four"]],
  ["What colour is the sky on a clear day?", ["blue"]],
  ["Which is larger: 17 or 71?", ["71"]],
  ['What is the first letter of the word "river"?', ["r"]],
  ["How many days are in a week?", ["7", "seven"]],
  ["What is 10 minus 4?", ["6", "six"]],
]
const GOLD_QUESTIONS: [string, string[]][] = [
  ["What is 2 + 6?", ["8", "eight"]],
  ["How many hours are in a day?", ["24", "twenty-four", "twenty four"]],
]

interface CheckTask {
  task: Record<string, unknown>
  answers: unknown[]
  training: boolean
}

function checkTasks(): CheckTask[] {
  const picture = (text: string, training: boolean): CheckTask => ({
    task: { type: "ImageToTextTask", body: renderTextCaptcha(text).toString("base64") },
    answers: [{ text }],
    training,
  })
  const question = ([comment, answers]: [string, string[]], training: boolean): CheckTask => ({
    task: { type: "TextCaptchaTask", comment, languagePool: "en" },
    answers: answers.map((text) => ({ text })),
    training,
  })
  return [
    ...TRAINING_TEXTS.map((text) => picture(text, true)),
    ...TRAINING_QUESTIONS.map((item) => question(item, true)),
    ...GOLD_TEXTS.map((text) => picture(text, false)),
    ...GOLD_QUESTIONS.map((item) => question(item, false)),
  ]
}

// Training for every other type a person solves in the cabinet (CABINET_TYPES): each opens only after its
// training (dispatch/standing.ts), so each has some. Instructions in English, like the questions above.

const b64 = (data: Buffer) => data.toString("base64")

/** Grid: the shape to pick, and the nine tiles row by row. */
const GRID_TRAINING: [Shape, Shape[]][] = [
  ["circle", ["circle", "square", "triangle", "star", "circle", "cross", "square", "triangle", "star"]],
  ["star", ["triangle", "star", "square", "circle", "cross", "star", "star", "square", "circle"]],
  ["triangle", ["square", "circle", "triangle", "triangle", "star", "cross", "circle", "square", "cross"]],
  ["square", ["cross", "square", "circle", "star", "triangle", "circle", "square", "cross", "square"]],
  ["cross", ["star", "triangle", "cross", "circle", "square", "star", "cross", "triangle", "circle"]],
  ["circle", ["triangle", "cross", "star", "square", "circle", "circle", "star", "circle", "triangle"]],
]

/** Pictures with one shape to find among others: clicked, boxed or outlined. */
const SCENES: { target: Shape; others: Shape[] }[] = [
  { target: "star", others: ["circle", "square", "triangle"] },
  { target: "circle", others: ["cross", "triangle", "square"] },
  { target: "triangle", others: ["star", "circle", "cross"] },
  { target: "square", others: ["triangle", "star", "circle"] },
  { target: "cross", others: ["square", "circle", "star"] },
  { target: "star", others: ["triangle", "cross", "square"] },
]

/** A 320 × 200 scene: the target and three other shapes in four of six places; the target's pixel box. */
function scene(
  n: number,
  size: number,
  seed: string,
): { png: Buffer; target: PixelBox; centre: { x: number; y: number } } {
  const { target, others } = SCENES[n]!
  const slots = [0, 1, 2, 3, 4, 5].map((slot) => ({
    x: 55 + (slot % 3) * 105,
    y: 55 + Math.floor(slot / 3) * 95,
  }))
  const shapes = [target, ...others].map((shape, i) => ({
    shape,
    ...slots[(n + i * (n % 2 === 0 ? 2 : 3)) % 6]!,
    size,
    turn: ((n + i) % 3) * 0.2 - 0.2,
  }))
  const { png, boxes } = renderScene(shapes, { width: 320, height: 200, seed })
  return { png, target: boxes[0]!, centre: { x: shapes[0]!.x, y: shapes[0]!.y } }
}

/** The turns (clockwise) of the arrows to put upright, with a step of 90°. */
const ARROW_TURNS = [90, 180, 270, 90, 270, 180]

/**
 * Recordings of five digits each, named by their digits: made with espeak-ng (en-us, 120 words a minute) and
 * lame (mono, 16 kHz, 24 kbit/s), since a text-to-speech engine is not part of the server.
 */
const AUDIO_DIR = join(serverRoot, "data/training-audio")

function cabinetTraining(): CheckTask[] {
  const grid = GRID_TRAINING.map(([shape, tiles], n): CheckTask => ({
    task: {
      type: "GridTask",
      body: b64(renderGridCaptcha(tiles, `training-${n}`)),
      comment: `Select all images with a ${shape}`,
    },
    answers: [{ click: tiles.flatMap((tile, index) => (tile === shape ? [index + 1] : [])) }],
    training: true,
  }))
  const coordinates = SCENES.map(({ target }, n): CheckTask => {
    const { png, centre } = scene(n, 13, `coordinates-${n}`)
    return {
      task: {
        type: "CoordinatesTask",
        body: b64(png),
        comment: `Click the ${target}`,
        minClicks: 1,
        maxClicks: 1,
      },
      answers: [{ coordinates: [centre] }],
      training: true,
    }
  })
  const boxes = SCENES.map(({ target }, n): CheckTask => {
    const { png, target: box } = scene(n, 30, `box-${n}`)
    return {
      task: { type: "BoundingBoxTask", body: b64(png), comment: `Draw a box around the ${target}` },
      answers: [{ bounding_boxes: [{ ...box, xMax: box.xMax + 1, yMax: box.yMax + 1 }] }],
      training: true,
    }
  })
  const outlines = SCENES.map((_, n): CheckTask => {
    // The same pictures as for boxes, in another order and colours.
    const m = (n + 3) % SCENES.length
    const { png, target: box } = scene(m, 30, `outline-${n}`)
    const [x0, x1, y0, y1] = [box.xMin - 5, box.xMax + 6, box.yMin - 5, box.yMax + 6]
    const [mx, my] = [Math.round((x0 + x1) / 2), Math.round((y0 + y1) / 2)]
    return {
      task: {
        type: "DrawAroundTask",
        body: b64(png),
        comment: `Draw around the ${SCENES[m]!.target}`,
      },
      answers: [
        {
          canvas: [
            [
              { x: x0, y: y0 },
              { x: mx, y: y0 - 2 },
              { x: x1, y: y0 },
              { x: x1 + 2, y: my },
              { x: x1, y: y1 },
              { x: mx, y: y1 + 2 },
              { x: x0, y: y1 },
              { x: x0 - 2, y: my },
            ],
          ],
        },
      ],
      training: true,
    }
  })
  const rotate = ARROW_TURNS.map((turn, n): CheckTask => ({
    task: {
      type: "RotateTask",
      body: b64(renderArrow(turn, `training-${n}`)),
      angle: 90,
      comment: "Turn the picture until the arrow points up",
    },
    // Back by the same angle, or on round the rest of the way: both end upright.
    answers: [{ rotate: -turn }, { rotate: 360 - turn }],
    training: true,
  }))
  const audio = readdirSync(AUDIO_DIR)
    .filter((name) => /^\d+\.mp3$/.test(name))
    .sort()
    .map((name): CheckTask => {
      const digits = name.replace(".mp3", "")
      return {
        task: { type: "AudioTask", body: b64(readFileSync(join(AUDIO_DIR, name))), lang: "en" },
        answers: [{ text: digits }, { text: [...digits].join(" ") }],
        training: true,
      }
    })
  return [...grid, ...coordinates, ...rotate, ...boxes, ...outlines, ...audio]
}

/** Stores check tasks as the moderators' API does: validated like a customer's v2 task. */
async function insertCheckTasks(tx: Queryable, tasks: CheckTask[]) {
  for (const { task, answers, training } of tasks) {
    const parsed = parseV2Task(task, { languagePool: task.languagePool })
    const solutions = answers.map((answer) => normaliseSolution(parsed.type, parsed.params, answer))
    await tx.query(
      `INSERT INTO gold_tasks (type, params, files, language, answers, training)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        parsed.type,
        JSON.stringify(parsed.params),
        JSON.stringify(
          parsed.files.map((file) => ({
            name: file.name,
            mime: file.mime,
            data: file.data.toString("base64"),
          })),
        ),
        parsed.language,
        JSON.stringify(solutions),
        training,
      ],
    )
  }
}

/** A past answer of the demo worker to a check task (and the mistake, when wrong). */
async function pastAnswer(
  tx: Queryable,
  workerId: string,
  goldId: string,
  answer: unknown,
  correct: boolean,
  { daysAgo, minutes }: { daysAgo: number; minutes: number },
) {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO task_assignments (gold_task_id, worker_id, state, lease_until, answer, correct, created_at,
                                   answered_at)
     SELECT $1, $2, 'answered', answered, $3, $4, answered - interval '9 seconds', answered
       FROM (SELECT date_trunc('day', now()) - make_interval(days => $5) + make_interval(hours => 10, mins => $6)
                      AS answered) moment
     RETURNING id::text`,
    [goldId, workerId, JSON.stringify(answer), correct, daysAgo, minutes],
  )
  if (!correct)
    await tx.query(
      `INSERT INTO worker_mistakes (worker_id, assignment_id, source, given, expected, created_at)
       SELECT $1, a.id, 'gold', a.answer, g.answers -> 0, a.answered_at
         FROM task_assignments a JOIN gold_tasks g ON g.id = a.gold_task_id WHERE a.id = $2`,
      [workerId, rows[0]!.id],
    )
}

/**
 * worker@demo passed training in every type that has training tasks (five right answers twelve days ago) and
 * has answered some check tasks since, one of them wrong per type, so the cabinet shows a worker's history;
 * every cabinet type is open to them (also in a database without check tasks, for tests). moderator@demo (also
 * a worker account) has not trained yet.
 */
async function seedDemoWorker(tx: Queryable) {
  const { rows: workers } = await tx.query<{ id: string }>(
    "SELECT id::text FROM users WHERE email = 'worker@demo.manyhands.dev'",
  )
  const workerId = workers[0]?.id
  if (!workerId) return
  const { rows: golds } = await tx.query<{ id: string; type: string; training: boolean; answers: unknown[] }>(
    "SELECT id::text, type, training, answers FROM gold_tasks WHERE enabled ORDER BY id",
  )
  const trained = [...new Set(golds.filter((gold) => gold.training).map((gold) => gold.type))]
  for (const type of new Set<string>([...CABINET_TYPES, ...trained])) {
    const training = golds.filter((gold) => gold.type === type && gold.training).slice(0, 5)
    for (const [n, gold] of training.entries())
      await pastAnswer(tx, workerId, gold.id, gold.answers[0], true, { daysAgo: 12, minutes: n * 2 })
    await setStatus(tx, workerId, type, "active", null)
    // Check tasks on the days after: the second one answered wrong ("7d2rn" read as "7d2m"; 12 hours a day).
    const checks = golds.filter((gold) => gold.type === type && !gold.training)
    if (checks.length === 0) continue
    let right = 0
    let wrong = 0
    for (const [n, gold] of checks.entries()) {
      const correct = n !== 1
      const given = correct ? gold.answers[0] : { text: type === "TextCaptchaTask" ? "12" : "7d2m" }
      await pastAnswer(tx, workerId, gold.id, given, correct, { daysAgo: 9 - 3 * n, minutes: 30 + n })
      if (correct) right++
      else wrong++
    }
    await tx.query(
      `INSERT INTO worker_accuracy (worker_id, type, language, gold_correct, gold_wrong) VALUES ($1, $2, '', $3, $4)
       ON CONFLICT (worker_id, type, language) DO UPDATE
         SET gold_correct = worker_accuracy.gold_correct + $3, gold_wrong = worker_accuracy.gold_wrong + $4`,
      [workerId, type, right, wrong],
    )
  }
}

/** Records that a part of the seed ran; false when it had run before. */
async function firstTime(tx: Queryable, key: string): Promise<boolean> {
  const { rows } = await tx.query(
    "INSERT INTO app_settings (key, value) VALUES ($1, to_jsonb(now())) ON CONFLICT (key) DO NOTHING RETURNING key",
    [key],
  )
  return rows.length > 0
}

/**
 * Fills a new database: the check tasks (training and gold) always, and demo data (the captcha catalogue comes
 * with the migrations). Each part runs once per database — the `check_tasks_seeded_at` and `demo_seeded_at`
 * settings record it — so data an operator later edits or removes stays that way; a database seeded before
 * check tasks existed gets them on its next start. Returns whether anything was seeded now.
 */
export async function seed(
  db: Database,
  {
    // Known passwords belong only in the embedded demo database, never on a real server.
    demoAccounts = db.engine === "pglite",
    // Tests that need a worker to meet real work at once (no training, no gold offers) leave them out.
    checkTasks: withCheckTasks = true,
  }: { demoAccounts?: boolean; checkTasks?: boolean } = {},
): Promise<boolean> {
  // Drawn only for a database without them, and before the transaction (PGlite has one connection).
  const { rows: done } = await db.query<{ key: string }>(
    "SELECT key FROM app_settings WHERE key IN ('check_tasks_seeded_at', 'cabinet_training_seeded_at')",
  )
  const seeded = new Set(done.map((row) => row.key))
  const content = withCheckTasks && !seeded.has("check_tasks_seeded_at") ? checkTasks() : []
  const training = withCheckTasks && !seeded.has("cabinet_training_seeded_at") ? cabinetTraining() : []
  return db.transaction(async (tx) => {
    let checksNow = withCheckTasks && (await firstTime(tx, "check_tasks_seeded_at"))
    if (checksNow) await insertCheckTasks(tx, content)
    // The training of the other cabinet types came later: a database seeded before gets it on its next start.
    if (withCheckTasks && (await firstTime(tx, "cabinet_training_seeded_at"))) {
      await insertCheckTasks(tx, training)
      checksNow = true
    }
    // The embedded demo's proxy exits: the gateway itself in every pool ("direct"; a real deployment lists its
    // upstream proxies in proxy_exits instead). Given once, also to a demo database made before proxies existed.
    if (demoAccounts && (await firstTime(tx, "proxy_exits_seeded_at"))) {
      await tx.query(
        `INSERT INTO proxy_exits (pool, country, upstream_url, properties)
         SELECT pool, 'us', NULL, ARRAY['elite', 'anonymous'] FROM unnest($1::text[]) AS pool`,
        [["residential", "mobile", "datacenter", "isp"]],
      )
      checksNow = true
    }
    if (!(await firstTime(tx, "demo_seeded_at"))) return checksNow
    if (!demoAccounts) return true
    const passwordHash = await hashPassword(DEMO_PASSWORD)
    for (const user of demoUsers) {
      await tx.query(
        `INSERT INTO users (email, password_hash, user_type, roles, email_confirmed_at)
         VALUES ($1, $2, $3, $4, now())
         ON CONFLICT (email) DO NOTHING`,
        [user.email, passwordHash, user.userType, user.roles],
      )
    }
    // Demo customers start with promotional credit: a ledger transfer, like any other money.
    const promo = await ledgerAccount(tx, { userId: null, purpose: "promotional_credit", currency: "USD" })
    for (const email of DEMO_CREDIT_EMAILS) {
      const { rows } = await tx.query<{ id: string }>("SELECT id::text AS id FROM users WHERE email = $1", [
        email,
      ])
      if (!rows[0]) continue
      const balance = await ledgerAccount(tx, {
        userId: rows[0].id,
        purpose: "customer_balance",
        currency: "USD",
      })
      await transfer(tx, {
        key: `demo-credit:${email}`,
        debitAccountId: promo,
        creditAccountId: balance,
        amount: DEMO_CREDIT,
        currency: "USD",
        memo: "Demo credit",
      })
    }
    await tx.query(
      `INSERT INTO system_messages (user_id, message) SELECT id, $2 FROM users WHERE email = $1`,
      ["customer@demo.manyhands.dev", JSON.stringify(welcome)],
    )
    await seedDemoWorker(tx)
    // The demo worker has earned enough for a first payout, to a confirmed PayPal address (/partner/payment).
    const { rows: workers } = await tx.query<{ id: string }>(
      `UPDATE users SET payout_method = 'paypal', payout_wallet = email WHERE email = $1 RETURNING id::text`,
      ["worker@demo.manyhands.dev"],
    )
    if (workers[0])
      await transfer(tx, {
        key: "demo-earnings:worker@demo.manyhands.dev",
        debitAccountId: promo,
        creditAccountId: await ledgerAccount(tx, {
          userId: workers[0].id,
          purpose: "worker_earnings",
          currency: "USD",
        }),
        amount: DEMO_WORKER_EARNINGS,
        currency: "USD",
        memo: "Demo earnings",
      })
    return true
  })
}
