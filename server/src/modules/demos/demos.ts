/*
 * The captcha demos (contract/src/captcha-demo.ts): a demo's page data, its widget's challenges and tokens, and
 * the verifier. A token is bound to the demo and site key it was issued for, lives `lifetimeSeconds`, and is
 * accepted once; an image demo's picture takes one answer.
 */
import { randomBytes } from "node:crypto"
import {
  demoBySlug,
  DEMOS,
  isTokenDemo,
  type DemoChallenge,
  type DemoDefinition,
  type DemoInfo,
  type DemoRefusal,
  type DemoSolution,
  type DemoToken,
  type DemoVerdict,
  type DemoVerification,
  type NewDemoChallenge,
} from "@manyhands/contract/captcha-demo"
import { SAMPLE_LANGUAGES, type CodeSample } from "@manyhands/contract/api-docs"
import type { Database, Queryable } from "../../db/database"
import { FileRef, generateSample, type SampleObject } from "../docs/samples"
import { isRight, makeChallenge, type DemoAnswer, type MadeChallenge } from "./challenges"

export type DemoErrorCode =
  | "DEMO_NOT_FOUND"
  | "NOT_A_TOKEN_DEMO"
  | "WRONG_SITE_KEY"
  | "CHALLENGE_NOT_FOUND"
  | "CHALLENGE_EXPIRED"
  | "CHALLENGE_USED"
  | "WRONG_ANSWER"

export class DemoError extends Error {
  constructor(
    readonly code: DemoErrorCode,
    message: string,
  ) {
    super(message)
  }
}

/** reCAPTCHA v3: a visit that executes at least this long after it asked for the widget scores high. */
export const V3_HUMAN_DELAY_MS = 1_000
export const V3_HIGH_SCORE = 0.9
export const V3_LOW_SCORE = 0.3

/** Rows older than this past their expiry are deleted when a new challenge is made. */
const KEEP_EXPIRED_MS = 24 * 60 * 60 * 1000

const MESSAGES: Record<DemoRefusal | "OK", string> = {
  OK: "Verified: the response is valid for this demo.",
  UNKNOWN_RESPONSE: "The response is not one this demo issued.",
  WRONG_ANSWER: "The answer is wrong.",
  EXPIRED: "The response has expired: solve the captcha again.",
  ALREADY_USED: "The response was already verified once.",
  WRONG_SITE_KEY: "The response was issued for another site key.",
  WRONG_DEMO: "The response belongs to another demo.",
  WRONG_PAGE: "The response was issued for another page than this demo's.",
  LOW_SCORE: "The visit's score is below the demo's least score.",
  WRONG_ACTION: "The response was issued for another action.",
}

interface ChallengeRow {
  id: string
  slug: string
  site_key: string | null
  page_url: string | null
  page_data: string | null
  answer: DemoAnswer
  created_at: Date
  expires_at: Date
  used_at: Date | null
}

interface TokenRow {
  token: string
  slug: string
  site_key: string
  page_url: string | null
  action: string | null
  score: string | null
  issued_at: Date
  expires_at: Date
  used_at: Date | null
}

/** A challenge's row, locked for this transaction (undefined when there is none). */
async function lockChallenge(tx: Queryable, id: string): Promise<ChallengeRow | undefined> {
  const { rows } = await tx.query<ChallengeRow>(
    `SELECT id, slug, site_key, page_url, page_data, answer, created_at, expires_at, used_at
       FROM demo_challenges WHERE id = $1 FOR UPDATE`,
    [id],
  )
  return rows[0]
}

/** The verifier's decision for a token, before it is marked used. Pure. */
export function judgeToken(
  demo: DemoDefinition,
  row:
    | Pick<TokenRow, "slug" | "site_key" | "page_url" | "action" | "score" | "expires_at" | "used_at">
    | undefined,
  request: Pick<DemoVerification, "siteKey" | "action">,
  now: Date,
): DemoRefusal | null {
  if (!row) return "UNKNOWN_RESPONSE"
  if (row.site_key !== demo.siteKey || (request.siteKey !== undefined && request.siteKey !== row.site_key))
    return "WRONG_SITE_KEY"
  if (row.slug !== demo.slug) return "WRONG_DEMO"
  if (!isDemoPage(demo, row.page_url)) return "WRONG_PAGE"
  if (row.used_at) return "ALREADY_USED"
  if (row.expires_at.getTime() <= now.getTime()) return "EXPIRED"
  if (request.action !== undefined && row.action !== null && request.action !== row.action)
    return "WRONG_ACTION"
  if (demo.minScore !== undefined && Number(row.score ?? 0) < demo.minScore) return "LOW_SCORE"
  return null
}

const newId = () => randomBytes(16).toString("hex")

/** Whether a page address is the demo's own page, on any of the site's hosts (each language has its own). */
function isDemoPage(demo: DemoDefinition, pageUrl: string | null): boolean {
  if (!pageUrl) return false
  try {
    return new URL(pageUrl).pathname.replace(/\/+$/, "") === `/demo/${demo.slug}`
  } catch {
    return false
  }
}

/** The field a vendor's widget puts its token in. */
const TOKEN_FIELDS = [
  "g-recaptcha-response",
  "h-captcha-response",
  "cf-turnstile-response",
  "mtcaptcha-verifiedtoken",
  "geetest_validate",
  // GeeTest v3 through API v2 (and our engine's res.php): challenge, validate, seccode.
  "validate",
  "pass_token",
  "answer",
] as const

export class CaptchaDemos {
  private readonly now: () => Date

  constructor(
    private readonly db: Database,
    options: { now?: () => Date } = {},
  ) {
    this.now = options.now ?? (() => new Date())
  }

  private demo(slug: string): DemoDefinition {
    const demo = demoBySlug(slug)
    if (!demo) throw new DemoError("DEMO_NOT_FOUND", `There is no demo ${slug}`)
    return demo
  }

  /** Every demo's page data (no fresh pictures). */
  list(origin: string): DemoInfo[] {
    return DEMOS.map((demo) => describe(demo, origin, null, null, false))
  }

  /** One demo: an image demo gets a fresh picture; GeeTest v3 a fresh challenge; Turnstile's page its data. */
  async info(slug: string, origin: string): Promise<DemoInfo> {
    const demo = this.demo(slug)
    const pageUrl = pageUrlOf(demo, origin)
    if (!isTokenDemo(demo)) {
      const challenge = await this.make(demo, { siteKey: null, pageUrl, pageData: null })
      return describe(demo, origin, challenge, null)
    }
    const pageData = demo.geetestVersion === 3 || demo.pageData ? newId() : null
    return describe(demo, origin, null, pageData)
  }

  /** A token widget's challenge, for the demo's site key on a page. */
  async challenge(slug: string, request: NewDemoChallenge): Promise<DemoChallenge> {
    const demo = this.demo(slug)
    if (!isTokenDemo(demo))
      throw new DemoError("NOT_A_TOKEN_DEMO", `The ${slug} demo is a picture: GET it for a fresh one`)
    if (request.siteKey !== demo.siteKey)
      throw new DemoError("WRONG_SITE_KEY", `${request.siteKey} is not the site key of the ${slug} demo`)
    return this.make(demo, {
      siteKey: request.siteKey,
      pageUrl: request.pageUrl,
      pageData: request.pageData ?? null,
    })
  }

  private async make(
    demo: DemoDefinition,
    where: { siteKey: string | null; pageUrl: string; pageData: string | null },
  ): Promise<DemoChallenge> {
    const id = newId()
    const made: MadeChallenge = makeChallenge(demo, id)
    const now = this.now()
    const expiresAt = new Date(now.getTime() + demo.lifetimeSeconds * 1000)
    await this.db.query("DELETE FROM demo_challenges WHERE expires_at < $1", [
      new Date(now.getTime() - KEEP_EXPIRED_MS),
    ])
    await this.db.query(
      `INSERT INTO demo_challenges (id, slug, kind, site_key, page_url, page_data, answer, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        demo.slug,
        made.kind,
        where.siteKey,
        where.pageUrl,
        where.pageData,
        JSON.stringify(made.answer),
        now,
        expiresAt,
      ],
    )
    const { answer: _answer, ...shown } = made
    return { id, ...shown, expiresAt: expiresAt.toISOString() }
  }

  /** Answers a widget's challenge: the token and the vendor's fields, or why not. */
  async solve(slug: string, solution: DemoSolution): Promise<DemoToken> {
    const demo = this.demo(slug)
    const issued = await this.db.transaction(async (tx) => {
      const row = await this.takeChallenge(tx, demo, solution.challengeId)
      // A wrong answer still uses the challenge up (committed): the widget asks for the next one.
      if (!isRight(row.answer, solution.answer)) return null
      const now = this.now()
      const token = `${demo.vendor === "recaptcha" ? "03A" : "P1_"}${randomBytes(48).toString("base64url")}`
      const expiresAt = new Date(now.getTime() + demo.lifetimeSeconds * 1000)
      const score =
        demo.challenge === "score"
          ? now.getTime() - row.created_at.getTime() >= V3_HUMAN_DELAY_MS
            ? V3_HIGH_SCORE
            : V3_LOW_SCORE
          : null
      await tx.query(
        `INSERT INTO demo_tokens (token, slug, site_key, page_url, challenge_id, action, score, issued_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          token,
          demo.slug,
          row.site_key,
          row.page_url,
          row.id,
          demo.challenge === "score" ? (solution.action ?? demo.action ?? null) : (demo.action ?? null),
          score,
          now,
          expiresAt,
        ],
      )
      return { token, fields: vendorFields(demo, token, row, now), expiresAt: expiresAt.toISOString() }
    })
    if (!issued) throw new DemoError("WRONG_ANSWER", "That is not the answer: ask for the next challenge")
    return issued
  }

  /** Locks a challenge and marks it answered; refuses one that is unknown, of another demo, used or expired. */
  private async takeChallenge(tx: Queryable, demo: DemoDefinition, id: string): Promise<ChallengeRow> {
    const row = await lockChallenge(tx, id)
    if (!row || row.slug !== demo.slug)
      throw new DemoError("CHALLENGE_NOT_FOUND", "This demo has no such challenge: ask for a new one")
    if (row.used_at)
      throw new DemoError("CHALLENGE_USED", "This challenge was already answered: ask for a new one")
    if (row.expires_at.getTime() <= this.now().getTime())
      throw new DemoError("CHALLENGE_EXPIRED", "This challenge has expired: ask for a new one")
    await tx.query("UPDATE demo_challenges SET used_at = $2 WHERE id = $1", [id, this.now()])
    return row
  }

  /** Checks a token (or an image demo's answer) once, like a vendor's siteverify. */
  async verify(slug: string, request: DemoVerification): Promise<DemoVerdict> {
    const demo = this.demo(slug)
    const now = this.now()
    if (!isTokenDemo(demo)) return this.verifyAnswer(demo, request, now)
    const token =
      request.response ??
      TOKEN_FIELDS.map((field) => request.fields?.[field]).find((value) => value !== undefined)
    if (!token) return verdict("UNKNOWN_RESPONSE", null)
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<TokenRow>(
        `SELECT token, slug, site_key, page_url, action, score::text AS score, issued_at, expires_at, used_at
           FROM demo_tokens WHERE token = $1 FOR UPDATE`,
        [token],
      )
      const row = rows[0]
      const reason = judgeToken(demo, row, request, now)
      // Like siteverify, a token of this demo is good for one verification, whatever it answers.
      if (
        row &&
        reason !== "UNKNOWN_RESPONSE" &&
        reason !== "WRONG_SITE_KEY" &&
        reason !== "WRONG_DEMO" &&
        reason !== "WRONG_PAGE" &&
        !row.used_at
      )
        await tx.query("UPDATE demo_tokens SET used_at = $2 WHERE token = $1", [token, now])
      return verdict(reason, row ?? null)
    })
  }

  private async verifyAnswer(
    demo: DemoDefinition,
    request: DemoVerification,
    now: Date,
  ): Promise<DemoVerdict> {
    if (!request.challengeId) return verdict("UNKNOWN_RESPONSE", null)
    return this.db.transaction(async (tx) => {
      const row = await lockChallenge(tx, request.challengeId!)
      const reason: DemoRefusal | null = !row
        ? "UNKNOWN_RESPONSE"
        : row.slug !== demo.slug
          ? "WRONG_DEMO"
          : row.used_at
            ? "ALREADY_USED"
            : row.expires_at.getTime() <= now.getTime()
              ? "EXPIRED"
              : isRight(row.answer, request.answer)
                ? null
                : "WRONG_ANSWER"
      // A picture takes one answer, right or wrong.
      if (row && row.slug === demo.slug && !row.used_at)
        await tx.query("UPDATE demo_challenges SET used_at = $2 WHERE id = $1", [row.id, now])
      return { ...verdict(reason, null), issuedAt: row ? row.created_at.toISOString() : null }
    })
  }
}

function verdict(reason: DemoRefusal | null, row: TokenRow | null): DemoVerdict {
  return {
    success: reason === null,
    reason,
    message: MESSAGES[reason ?? "OK"],
    score: row?.score != null ? Number(row.score) : null,
    action: row?.action ?? null,
    siteKey: row?.site_key ?? null,
    issuedAt: row ? row.issued_at.toISOString() : null,
  }
}

const pageUrlOf = (demo: DemoDefinition, origin: string) => `${origin}/demo/${demo.slug}`

/** What the vendor's widget writes into the page once solved. */
function vendorFields(
  demo: DemoDefinition,
  token: string,
  row: ChallengeRow,
  now: Date,
): Record<string, string> {
  switch (demo.vendor) {
    case "recaptcha":
      return { "g-recaptcha-response": token }
    case "hcaptcha":
      return { "h-captcha-response": token, "g-recaptcha-response": token }
    case "turnstile":
      return { "cf-turnstile-response": token }
    case "mtcaptcha":
      return { "mtcaptcha-verifiedtoken": token }
    case "lemin":
      return { answer: token, challenge_id: row.id }
    case "geetest":
      return demo.geetestVersion === 4
        ? {
            captcha_id: demo.siteKey!,
            lot_number: row.id,
            pass_token: token,
            gen_time: String(Math.floor(now.getTime() / 1000)),
            captcha_output: Buffer.from(`${row.id}:${token.slice(3, 19)}`).toString("base64url"),
          }
        : {
            geetest_challenge: row.page_data ?? row.id,
            geetest_validate: token,
            geetest_seccode: `${token}|jordan`,
          }
    case "image":
      return {}
  }
}

/** The task a client sends for a demo (createTask's `task`, in.php's fields). */
function requestsOf(
  demo: DemoDefinition,
  pageUrl: string,
  pageData: string | null,
): { createTask: Record<string, unknown>; inPhp: Record<string, unknown> | null } {
  const key = demo.siteKey
  switch (demo.vendor) {
    case "recaptcha": {
      const v3 = demo.challenge === "score"
      return {
        createTask: {
          type: demo.taskType,
          websiteURL: pageUrl,
          websiteKey: key,
          ...(demo.invisible ? { isInvisible: true } : {}),
          ...(v3 ? { minScore: demo.minScore, pageAction: demo.action } : {}),
          ...(v3 && demo.enterprise ? { isEnterprise: true } : {}),
        },
        inPhp: {
          method: "userrecaptcha",
          googlekey: key,
          pageurl: pageUrl,
          ...(demo.invisible ? { invisible: 1 } : {}),
          ...(v3 ? { version: "v3", action: demo.action, min_score: demo.minScore } : {}),
          ...(demo.enterprise ? { enterprise: 1 } : {}),
        },
      }
    }
    case "turnstile":
      return {
        createTask: {
          type: demo.taskType,
          websiteURL: pageUrl,
          websiteKey: key,
          ...(demo.action ? { action: demo.action } : {}),
          ...(demo.cData ? { data: demo.cData } : {}),
          ...(demo.pageData && pageData ? { pagedata: pageData } : {}),
        },
        inPhp: {
          method: "turnstile",
          sitekey: key,
          pageurl: pageUrl,
          ...(demo.action ? { action: demo.action } : {}),
          ...(demo.cData ? { data: demo.cData } : {}),
          ...(demo.pageData && pageData ? { pagedata: pageData } : {}),
        },
      }
    case "geetest":
      return demo.geetestVersion === 4
        ? {
            createTask: {
              type: demo.taskType,
              websiteURL: pageUrl,
              version: 4,
              initParameters: { captcha_id: key },
            },
            inPhp: { method: "geetest_v4", captcha_id: key, pageurl: pageUrl },
          }
        : {
            createTask: { type: demo.taskType, websiteURL: pageUrl, gt: key, challenge: pageData ?? "" },
            inPhp: { method: "geetest", gt: key, challenge: pageData ?? "", pageurl: pageUrl },
          }
    case "lemin":
      return {
        createTask: {
          type: demo.taskType,
          websiteURL: pageUrl,
          captchaId: key,
          divId: "lemin-cropped-captcha",
        },
        inPhp: { method: "lemin", captcha_id: key, div_id: "lemin-cropped-captcha", pageurl: pageUrl },
      }
    case "mtcaptcha":
      return {
        createTask: { type: demo.taskType, websiteURL: pageUrl, websiteKey: key },
        inPhp: { method: "mt_captcha", sitekey: key, pageurl: pageUrl },
      }
    case "hcaptcha":
      // hCaptcha is solved as its picture grid: the widget's challenge goes to the API as a GridTask.
      return {
        createTask: {
          type: "GridTask",
          body: CHALLENGE_PICTURE,
          comment: CHALLENGE_PROMPT,
        },
        inPhp: {
          method: "base64",
          body: CHALLENGE_PICTURE,
          textinstructions: CHALLENGE_PROMPT,
          recaptcha: 1,
        },
      }
    case "image":
      return imageRequests(demo)
  }
}

function imageRequests(demo: DemoDefinition): {
  createTask: Record<string, unknown>
  inPhp: Record<string, unknown> | null
} {
  const body = PICTURE
  switch (demo.challenge) {
    case "text-question":
      return {
        createTask: { type: "TextCaptchaTask", comment: QUESTION },
        inPhp: { method: "post", textcaptcha: QUESTION },
      }
    case "rotate":
      return {
        createTask: { type: "RotateTask", body, angle: 30 },
        inPhp: { method: "rotatecaptcha", body, angle: 30 },
      }
    case "click":
      return {
        createTask: { type: "CoordinatesTask", body, comment: PROMPT },
        inPhp: { method: "base64", body, coordinatescaptcha: 1, textinstructions: PROMPT },
      }
    default:
      return {
        createTask: { type: "ImageToTextTask", body },
        inPhp: { method: "base64", body },
      }
  }
}

function describe(
  demo: DemoDefinition,
  origin: string,
  task: DemoChallenge | null,
  pageData: string | null,
  withSamples = true,
): DemoInfo {
  const pageUrl = pageUrlOf(demo, origin)
  const requests = requestsOf(demo, pageUrl, pageData)
  return {
    slug: demo.slug,
    vendor: demo.vendor,
    challenge: demo.challenge,
    taskType: demo.taskType,
    classicMethod: demo.classicMethod,
    siteKey: demo.siteKey,
    pageUrl,
    lifetimeSeconds: demo.lifetimeSeconds,
    invisible: demo.invisible ?? false,
    enterprise: demo.enterprise ?? false,
    callback: demo.callback ?? null,
    action: demo.action ?? null,
    minScore: demo.minScore ?? null,
    cData: demo.cData ?? null,
    pageData: demo.pageData ? pageData : null,
    geetestChallenge: demo.geetestVersion === 3 ? pageData : null,
    geetestVersion: demo.geetestVersion ?? null,
    task,
    ...(task ? withPicture(requests, task) : requests),
    samples: withSamples
      ? {
          v2: samplesOf(demo, 2, requests.createTask, origin, task),
          v1: requests.inPhp && samplesOf(demo, 1, requests.inPhp, origin, task),
        }
      : null,
  }
}

const PICTURE = "(the picture, base64)"
/** hCaptcha's grid task: the picture and prompt of the challenge the widget shows. */
const CHALLENGE_PICTURE = "(the challenge picture, base64)"
const CHALLENGE_PROMPT = "(the challenge's prompt)"
const QUESTION = "(the question)"
const PROMPT = "(the prompt)"

/** An image demo's requests with this visit's picture (or question) in place of the placeholders. */
function withPicture(
  requests: { createTask: Record<string, unknown>; inPhp: Record<string, unknown> | null },
  task: DemoChallenge,
) {
  const fill = (fields: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [
        name,
        value === PICTURE
          ? (task.image ?? "").replace(/^data:image\/png;base64,/, "")
          : value === QUESTION || value === PROMPT
            ? task.prompt
            : value,
      ]),
    )
  return { createTask: fill(requests.createTask), inPhp: requests.inPhp && fill(requests.inPhp) }
}

/**
 * The docs' programs (curl and seven languages) for a demo's task: a picture is read from captcha.png, which the
 * page offers to download.
 */
function samplesOf(
  demo: DemoDefinition,
  version: 1 | 2,
  fields: Record<string, unknown>,
  base: string,
  task: DemoChallenge | null,
): CodeSample[] {
  const sampleFields = Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [
      name,
      value === PICTURE || value === CHALLENGE_PICTURE
        ? new FileRef("captcha.png")
        : task && (value === QUESTION || value === PROMPT)
          ? task.prompt
          : value,
    ]),
  ) as SampleObject
  const spec = {
    scenario: "solve" as const,
    version,
    what: `the ${demo.slug} demo`,
    fields: sampleFields,
    timeoutSeconds: demo.vendor === "image" || demo.vendor === "hcaptcha" ? 120 : 300,
  }
  // The same task gives the same programs: made once (a demo's page is asked for on every visit).
  const key = JSON.stringify([base, spec])
  const known = madeSamples.get(key)
  if (known) return known
  const samples = SAMPLE_LANGUAGES.map((language) => generateSample(language, spec, base))
  if (madeSamples.size >= MADE_SAMPLES_KEPT) madeSamples.delete(madeSamples.keys().next().value!)
  madeSamples.set(key, samples)
  return samples
}

/** Programs made for demo tasks, by task and origin; the oldest goes first when full. */
const madeSamples = new Map<string, CodeSample[]>()
const MADE_SAMPLES_KEPT = 200
