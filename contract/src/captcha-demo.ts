/*
 * The captcha demos of spec §2 (/demo, /demo/{slug}) and their API (§7: GET /api/v1/captcha-demo/{slug},
 * POST /api/v1/captcha-demo/{slug}/verify). Our machines reach no vendor, so every demo is a widget of our own
 * that embeds like the vendor's (site key, callback, invisible execute, v3 action and score, GeeTest's and
 * Turnstile's fields) and is verified by our server, once, within its lifetime, for its site key.
 */
import { CodeSample } from "./api-docs"
import { defineEndpoints, routeDatum } from "./endpoint"
import { DateTime, Nullable, StrictObject, StringEnum, Type, type Static } from "./schema"

/**
 * How a person solves a demo's challenge:
 * - grid: select the cells of a picture that hold a shape;
 * - slider: move a puzzle piece to its gap;
 * - text-image: type the characters of a picture;
 * - text-question: answer a question written in words;
 * - rotate: turn a picture upright;
 * - click: click every shape of one kind in a picture;
 * - checkbox: tick a box (Turnstile asks no more);
 * - score: nothing to solve (reCAPTCHA v3 scores the visit).
 */
export const DEMO_CHALLENGES = [
  "grid",
  "slider",
  "text-image",
  "text-question",
  "rotate",
  "click",
  "checkbox",
  "score",
] as const
export type DemoChallengeKind = (typeof DEMO_CHALLENGES)[number]

/** The vendor whose embedding shape a token demo copies; "image" demos are pictures sent to the API as they are. */
export const DEMO_VENDORS = [
  "recaptcha",
  "hcaptcha",
  "turnstile",
  "geetest",
  "lemin",
  "mtcaptcha",
  "image",
] as const
export type DemoVendor = (typeof DEMO_VENDORS)[number]

export interface DemoDefinition {
  slug: string
  vendor: DemoVendor
  /** What the person in front of the widget does. */
  challenge: DemoChallengeKind
  /** The task type a client sends (v2 name) and the in.php method, when it has one. */
  taskType: string
  classicMethod: string | null
  /** The site key the page embeds (null for image demos: the picture itself is the task). */
  siteKey: string | null
  /** Seconds a token (or an image challenge) stays valid. */
  lifetimeSeconds: number
  /** Invisible widgets render no box: the page calls execute(). */
  invisible?: boolean
  enterprise?: boolean
  /** The page's data-callback. */
  callback?: string
  /** reCAPTCHA v3's action, and the least score the demo's verifier accepts. */
  action?: string
  minScore?: number
  /** Turnstile's cData and (challenge page) chlPageData. */
  cData?: string
  pageData?: boolean
  /** GeeTest's version. */
  geetestVersion?: 3 | 4
}

const RECAPTCHA_LIFETIME = 120
const IMAGE_LIFETIME = 600

/** Every demo of spec §2, in the order of the /demo page. */
export const DEMOS: readonly DemoDefinition[] = [
  {
    slug: "recaptcha-v2",
    vendor: "recaptcha",
    challenge: "grid",
    taskType: "RecaptchaV2TaskProxyless",
    classicMethod: "userrecaptcha",
    siteKey: "6LfMhDemoRecaptchaV2Checkbox0000000000001",
    lifetimeSeconds: RECAPTCHA_LIFETIME,
  },
  {
    slug: "recaptcha-v2-callback",
    vendor: "recaptcha",
    challenge: "grid",
    taskType: "RecaptchaV2TaskProxyless",
    classicMethod: "userrecaptcha",
    siteKey: "6LfMhDemoRecaptchaV2Callback0000000000002",
    lifetimeSeconds: RECAPTCHA_LIFETIME,
    callback: "onDemoSolved",
  },
  {
    slug: "recaptcha-v2-invisible",
    vendor: "recaptcha",
    challenge: "grid",
    taskType: "RecaptchaV2TaskProxyless",
    classicMethod: "userrecaptcha",
    siteKey: "6LfMhDemoRecaptchaV2Invisible000000000003",
    lifetimeSeconds: RECAPTCHA_LIFETIME,
    invisible: true,
    callback: "onDemoSubmit",
  },
  {
    slug: "recaptcha-v2-enterprise",
    vendor: "recaptcha",
    challenge: "grid",
    taskType: "RecaptchaV2EnterpriseTaskProxyless",
    classicMethod: "userrecaptcha",
    siteKey: "6LfMhDemoRecaptchaV2Enterprise00000000004",
    lifetimeSeconds: RECAPTCHA_LIFETIME,
    enterprise: true,
  },
  {
    slug: "recaptcha-v3",
    vendor: "recaptcha",
    challenge: "score",
    taskType: "RecaptchaV3TaskProxyless",
    classicMethod: "userrecaptcha",
    siteKey: "6LfMhDemoRecaptchaV3Score000000000000005",
    lifetimeSeconds: RECAPTCHA_LIFETIME,
    action: "demo_submit",
    minScore: 0.7,
  },
  {
    slug: "recaptcha-v3-enterprise",
    vendor: "recaptcha",
    challenge: "score",
    taskType: "RecaptchaV3TaskProxyless",
    classicMethod: "userrecaptcha",
    siteKey: "6LfMhDemoRecaptchaV3Enterprise00000000006",
    lifetimeSeconds: RECAPTCHA_LIFETIME,
    enterprise: true,
    action: "demo_login",
    minScore: 0.7,
  },
  {
    slug: "text",
    vendor: "image",
    challenge: "text-question",
    taskType: "TextCaptchaTask",
    classicMethod: "post",
    siteKey: null,
    lifetimeSeconds: IMAGE_LIFETIME,
  },
  {
    slug: "normal",
    vendor: "image",
    challenge: "text-image",
    taskType: "ImageToTextTask",
    classicMethod: "base64",
    siteKey: null,
    lifetimeSeconds: IMAGE_LIFETIME,
  },
  {
    slug: "rotatecaptcha",
    vendor: "image",
    challenge: "rotate",
    taskType: "RotateTask",
    classicMethod: "rotatecaptcha",
    siteKey: null,
    lifetimeSeconds: IMAGE_LIFETIME,
  },
  {
    slug: "hcaptcha",
    vendor: "hcaptcha",
    challenge: "grid",
    taskType: "GridTask",
    classicMethod: "base64",
    siteKey: "4c672d35-0701-42b2-88c3-78380b0db560",
    lifetimeSeconds: RECAPTCHA_LIFETIME,
  },
  {
    slug: "hcaptcha-invisible",
    vendor: "hcaptcha",
    challenge: "grid",
    taskType: "GridTask",
    classicMethod: "base64",
    siteKey: "4c672d35-0701-42b2-88c3-78380b0db561",
    lifetimeSeconds: RECAPTCHA_LIFETIME,
    invisible: true,
    callback: "onDemoSubmit",
  },
  {
    slug: "geetest",
    vendor: "geetest",
    challenge: "slider",
    taskType: "GeeTestTaskProxyless",
    classicMethod: "geetest",
    siteKey: "81388ea1fc187e0c335c0a8907ff2625",
    lifetimeSeconds: RECAPTCHA_LIFETIME,
    geetestVersion: 3,
  },
  {
    slug: "geetest-v4",
    vendor: "geetest",
    challenge: "slider",
    taskType: "GeeTestTaskProxyless",
    classicMethod: "geetest_v4",
    siteKey: "e392e1d7fd421dc63325744d5a2b9c73",
    lifetimeSeconds: RECAPTCHA_LIFETIME,
    geetestVersion: 4,
  },
  {
    slug: "lemin",
    vendor: "lemin",
    challenge: "slider",
    taskType: "LeminTaskProxyless",
    classicMethod: "lemin",
    siteKey: "CROPPED_d3d4d56_73ca4008925b4f83a8bed59c2dd0df6d",
    lifetimeSeconds: RECAPTCHA_LIFETIME,
  },
  {
    slug: "solvemedia",
    vendor: "image",
    challenge: "text-image",
    taskType: "ImageToTextTask",
    classicMethod: "base64",
    siteKey: null,
    lifetimeSeconds: IMAGE_LIFETIME,
  },
  {
    slug: "clickcaptcha",
    vendor: "image",
    challenge: "click",
    taskType: "CoordinatesTask",
    classicMethod: "base64",
    siteKey: null,
    lifetimeSeconds: IMAGE_LIFETIME,
  },
  {
    slug: "cloudflare-turnstile",
    vendor: "turnstile",
    challenge: "checkbox",
    taskType: "TurnstileTaskProxyless",
    classicMethod: "turnstile",
    siteKey: "0x4AAAAAAAMhDemoTurnstile01",
    lifetimeSeconds: 300,
    action: "demo",
  },
  {
    slug: "cloudflare-turnstile-challenge",
    vendor: "turnstile",
    challenge: "checkbox",
    taskType: "TurnstileTaskProxyless",
    classicMethod: "turnstile",
    siteKey: "0x4AAAAAAAMhDemoTurnstile02",
    lifetimeSeconds: 300,
    action: "managed",
    cData: "demo-cdata",
    pageData: true,
  },
  {
    slug: "mtcaptcha",
    vendor: "mtcaptcha",
    challenge: "text-image",
    taskType: "MtCaptchaTaskProxyless",
    classicMethod: "mt_captcha",
    siteKey: "MTPublic-MhDemo0001",
    lifetimeSeconds: RECAPTCHA_LIFETIME,
  },
]

export const DEMO_SLUGS = DEMOS.map((demo) => demo.slug)
export const demoBySlug = (slug: string): DemoDefinition | undefined =>
  DEMOS.find((demo) => demo.slug === slug)
/** Image demos are verified by their challenge and answer; the others by the token their widget issued. */
export const isTokenDemo = (demo: DemoDefinition) => demo.vendor !== "image"

/** The token types whose tasks may carry a demo's site key (the API's names, without "Proxyless"). */
export const DEMO_WIDGET_TYPES = [
  ...new Set(
    DEMOS.filter((demo) => demo.siteKey && demo.vendor !== "hcaptcha").map((demo) => baseType(demo)),
  ),
]
/** Every demo site key: a token task for one is solvable by a person on our widget (the worker cabinet). */
export const DEMO_SITE_KEYS = [...new Set(DEMOS.flatMap((demo) => (demo.siteKey ? [demo.siteKey] : [])))]

function baseType(demo: DemoDefinition) {
  return demo.taskType.replace(/Proxyless$/, "")
}

/** A token task's site key, whatever the type calls it (websiteKey, gt, captchaId, initParameters.captcha_id). */
export function siteKeyOfTask(params: Record<string, unknown>): string | null {
  const init = params.initParameters as Record<string, unknown> | undefined
  const key = params.websiteKey ?? params.gt ?? params.captchaId ?? init?.captcha_id
  return typeof key === "string" ? key : null
}

/**
 * The demo whose widget a token task is for: its type and site key (v3 and v2 share site keys, so the type and,
 * for v3, the action and enterprise flag choose between them). Undefined for any other site.
 */
export function demoOfTask(type: string, params: Record<string, unknown>): DemoDefinition | undefined {
  const key = siteKeyOfTask(params)
  const bare = type.replace(/Proxyless$/, "")
  const candidates = DEMOS.filter((demo) => demo.siteKey === key && baseType(demo) === bare)
  if (candidates.length <= 1) return candidates[0]
  return (
    candidates.find(
      (demo) =>
        (demo.action === undefined || params.pageAction === demo.action) &&
        Boolean(demo.enterprise) === Boolean(params.isEnterprise),
    ) ?? candidates[0]
  )
}

/** What a task for a demo carries for its widget: the page, and GeeTest v3's challenge or Turnstile's data. */
export function demoPlaceOfTask(params: Record<string, unknown>): {
  pageUrl: string
  pageData: string | null
} {
  const pageData = params.challenge ?? params.pagedata
  return {
    pageUrl: typeof params.websiteURL === "string" ? params.websiteURL : "",
    pageData: typeof pageData === "string" && pageData ? pageData : null,
  }
}

/** The hidden fields a vendor's widget leaves in the page's form (none for pictures). */
export function demoFieldNames(demo: Pick<DemoDefinition, "vendor" | "geetestVersion">): string[] {
  switch (demo.vendor) {
    case "recaptcha":
      return ["g-recaptcha-response"]
    case "hcaptcha":
      return ["h-captcha-response", "g-recaptcha-response"]
    case "turnstile":
      return ["cf-turnstile-response"]
    case "mtcaptcha":
      return ["mtcaptcha-verifiedtoken"]
    case "lemin":
      return ["answer", "challenge_id"]
    case "geetest":
      return demo.geetestVersion === 4
        ? ["captcha_id", "lot_number", "pass_token", "gen_time", "captcha_output"]
        : ["geetest_challenge", "geetest_validate", "geetest_seccode"]
    default:
      return []
  }
}

/** The worker API's answer to a demo's token task, from what our widget issued. */
export function demoWorkerAnswer(demo: DemoDefinition, token: DemoToken): Record<string, unknown> {
  switch (demo.vendor) {
    case "recaptcha":
      return { gRecaptchaResponse: token.token }
    case "turnstile":
    case "mtcaptcha":
      return { token: token.token }
    default:
      // GeeTest and Lemin answer with their fields (GeeTest v3's without the geetest_ prefix).
      return Object.fromEntries(
        Object.entries(token.fields).map(([name, value]) => [name.replace(/^geetest_/, ""), value]),
      )
  }
}

/**
 * The widget's fields from a token task's answer as the API gives it to the customer (res.php's text: the token,
 * or GeeTest's and Lemin's fields as JSON). Null when the text is not an answer of this demo's shape.
 */
export function demoFieldsOfAnswer(demo: DemoDefinition, answer: string): Record<string, string> | null {
  const names = demoFieldNames(demo)
  if (demo.vendor === "geetest" || demo.vendor === "lemin") {
    let parsed: unknown
    try {
      parsed = JSON.parse(answer)
    } catch {
      return null
    }
    if (typeof parsed !== "object" || parsed === null) return null
    const given = parsed as Record<string, unknown>
    const fields: Record<string, string> = {}
    for (const name of names) {
      const value = given[name] ?? given[name.replace(/^geetest_/, "")]
      if (value === undefined || value === null) return null
      fields[name] = String(value)
    }
    return fields
  }
  const token = answer.trim()
  if (!token || names.length === 0) return null
  return Object.fromEntries(names.map((name) => [name, token]))
}

/** A click answer's point. */
export interface DemoPoint {
  x: number
  y: number
}

/**
 * A picture's answer as the widget and the verifier take it, from the API's answer text (res.php): text, an angle,
 * grid cells ("click:1/3/5") or points ("coordinates:x=12,y=34;…"). Null when the text is not of that shape.
 */
export function demoAnswerOfText(
  demo: Pick<DemoDefinition, "challenge">,
  text: string,
): string | number | number[] | DemoPoint[] | null {
  const answer = text.trim()
  switch (demo.challenge) {
    case "grid": {
      if (answer === "No_matching_images") return []
      const match = /^click:(\d+(?:\/\d+)*)$/.exec(answer)
      return match ? match[1]!.split("/").map(Number) : null
    }
    case "click": {
      const match = /^coordinates:(.+)$/.exec(answer)
      if (!match) return null
      const points = match[1]!.split(";").map((point) => {
        const found = /^x=(-?\d+(?:\.\d+)?),y=(-?\d+(?:\.\d+)?)$/.exec(point.trim())
        return found ? { x: Number(found[1]), y: Number(found[2]) } : null
      })
      return points.every((point) => point !== null) ? (points as DemoPoint[]) : null
    }
    case "rotate": {
      const angle = Number(answer)
      return answer !== "" && Number.isFinite(angle) ? angle : null
    }
    default:
      return answer || null
  }
}

/** in.php's fields of a demo's task as strings, as the site's own submission (POST /api/v2/captcha/test) takes them. */
export function demoInPhpFields(inPhp: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(inPhp).map(([name, value]) => [
      name,
      typeof value === "string" ? value : JSON.stringify(value),
    ]),
  )
}

/** Why the verifier refused (like the vendors' siteverify error codes). */
export const DEMO_REFUSALS = [
  "UNKNOWN_RESPONSE",
  "WRONG_ANSWER",
  "EXPIRED",
  "ALREADY_USED",
  "WRONG_SITE_KEY",
  "WRONG_DEMO",
  "WRONG_PAGE",
  "LOW_SCORE",
  "WRONG_ACTION",
] as const
export type DemoRefusal = (typeof DEMO_REFUSALS)[number]

// ---------------------------------------------------------------------------------------------------------
// Schemas

const Slug = Type.String({ minLength: 1, maxLength: 100 })
export const DemoSlugParams = StrictObject({ slug: Slug })

/** The shapes of grid and click challenges. */
export const DEMO_SHAPES = ["circle", "square", "triangle", "star", "cross"] as const

/**
 * What a challenge's prompt and text alternative name, for a widget to say them in the page's language: the
 * shape to find, the digits of a sum or of the spoken alternative, the characters to type.
 */
export const DemoWords = Type.Object({
  shape: Nullable(StringEnum(DEMO_SHAPES)),
  digits: Type.Array(Type.Integer({ minimum: 0, maximum: 9 })),
  characters: Type.Array(Type.String()),
})
export type DemoWords = Static<typeof DemoWords>

/** A challenge as the widget draws it. The answer stays on the server. */
export const DemoChallenge = Type.Object({
  id: Type.String({ description: "Sent back with the answer." }),
  kind: StringEnum(DEMO_CHALLENGES),
  /** What to do, in words (also the text alternative's question for a picture). */
  prompt: Type.String(),
  /** The picture, as a data: URL of a PNG (none for text questions, checkboxes and scores). */
  image: Nullable(Type.String()),
  /** Grid challenges: rows × columns; cells are numbered from 1, left to right, top to bottom. */
  rows: Nullable(Type.Integer()),
  columns: Nullable(Type.Integer()),
  /** Slider challenges: the piece's picture and the track's width in pixels. */
  piece: Nullable(Type.String()),
  /** Slider challenges: the piece's distance from the picture's top, in pixels (it moves only sideways). */
  pieceTop: Nullable(Type.Integer()),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  /** A text alternative to the picture (what the audio challenge says, written out), where the vendor has one. */
  alternative: Nullable(Type.String()),
  /** The prompt's and the alternative's values, to be said in the page's language (prompt is English). */
  words: DemoWords,
  expiresAt: DateTime(),
})
export type DemoChallenge = Static<typeof DemoChallenge>

export const DemoInfo = Type.Object({
  slug: Type.String(),
  vendor: StringEnum(DEMO_VENDORS),
  challenge: StringEnum(DEMO_CHALLENGES),
  taskType: Type.String(),
  classicMethod: Nullable(Type.String()),
  siteKey: Nullable(Type.String()),
  /** The page address a client sends as websiteURL / pageurl. */
  pageUrl: Type.String(),
  lifetimeSeconds: Type.Integer(),
  invisible: Type.Boolean(),
  enterprise: Type.Boolean(),
  callback: Nullable(Type.String()),
  action: Nullable(Type.String()),
  minScore: Nullable(Type.Number()),
  cData: Nullable(Type.String()),
  /** Turnstile challenge page: this visit's chlPageData. GeeTest v3: this visit's challenge. */
  pageData: Nullable(Type.String()),
  geetestChallenge: Nullable(Type.String()),
  geetestVersion: Nullable(Type.Integer()),
  /** Image demos: this visit's picture (the task a client sends). */
  task: Nullable(DemoChallenge),
  /** The task a client sends for this demo, as createTask's `task` and as in.php's fields. */
  createTask: Type.Record(Type.String(), Type.Unknown()),
  inPhp: Nullable(Type.Record(Type.String(), Type.Unknown())),
  /**
   * The task in curl and seven languages, as the API docs show them (a picture is read from captcha.png); not in
   * the list.
   */
  samples: Nullable(Type.Object({ v2: Type.Array(CodeSample), v1: Nullable(Type.Array(CodeSample)) })),
})
export type DemoInfo = Static<typeof DemoInfo>

export const DemoList = Type.Object({ demos: Type.Array(DemoInfo) })
export type DemoList = Static<typeof DemoList>

export const NewDemoChallenge = StrictObject({
  siteKey: Type.String({ minLength: 1, maxLength: 200 }),
  pageUrl: Type.String({ minLength: 1, maxLength: 2000 }),
  /** GeeTest v3's challenge, Turnstile's chlPageData: what the task carried. */
  pageData: Type.Optional(Type.String({ maxLength: 2000 })),
})
export type NewDemoChallenge = Static<typeof NewDemoChallenge>

const Answer = Type.Union(
  [
    Type.String({ maxLength: 200 }),
    Type.Number(),
    Type.Array(Type.Integer({ minimum: 1, maximum: 100 }), { maxItems: 100 }),
    // Points as numbers, or as the digits in.php clients hand back ({"x":"12","y":"34"}).
    Type.Array(
      StrictObject({
        x: Type.Union([Type.Number(), Type.String({ pattern: "^-?[0-9]+(\\.[0-9]+)?$" })]),
        y: Type.Union([Type.Number(), Type.String({ pattern: "^-?[0-9]+(\\.[0-9]+)?$" })]),
      }),
      { maxItems: 50 },
    ),
  ],
  { description: "Text; a slider's offset or an angle; grid cells; click points." },
)

export const DemoSolution = StrictObject({
  challengeId: Type.String({ minLength: 1, maxLength: 100 }),
  /** Absent for a checkbox or a score. */
  answer: Type.Optional(Answer),
  /** reCAPTCHA v3: the action execute() named. */
  action: Type.Optional(Type.String({ maxLength: 100 })),
})
export type DemoSolution = Static<typeof DemoSolution>

/** What the widget puts into the page once it is solved: the token and the vendor's hidden fields. */
export const DemoToken = Type.Object({
  token: Type.String(),
  /** The vendor's field names, e.g. g-recaptcha-response, or GeeTest's challenge/validate/seccode. */
  fields: Type.Record(Type.String(), Type.String()),
  expiresAt: DateTime(),
})
export type DemoToken = Static<typeof DemoToken>

export const DemoVerification = StrictObject({
  /** The token, or the vendor's fields as the page posts them (GeeTest, Lemin). */
  response: Type.Optional(Type.String({ maxLength: 5000 })),
  fields: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 5000 }))),
  /** The site key the page embeds (the token must have been issued for it). */
  siteKey: Type.Optional(Type.String({ maxLength: 200 })),
  /** Image demos: the picture's id and the answer. */
  challengeId: Type.Optional(Type.String({ maxLength: 100 })),
  answer: Type.Optional(Answer),
  /** reCAPTCHA v3: the action the page expects. */
  action: Type.Optional(Type.String({ maxLength: 100 })),
})
export type DemoVerification = Static<typeof DemoVerification>

export const DemoVerdict = Type.Object({
  success: Type.Boolean(),
  reason: Nullable(StringEnum(DEMO_REFUSALS)),
  /** In words, for the page. */
  message: Type.String(),
  score: Nullable(Type.Number()),
  action: Nullable(Type.String()),
  siteKey: Nullable(Type.String()),
  issuedAt: Nullable(DateTime()),
})
export type DemoVerdict = Static<typeof DemoVerdict>

export const captchaDemoApi = defineEndpoints("captchaDemo", {
  list: {
    method: "GET",
    path: "/api/v1/captcha-demo",
    summary: "Every demo: its widget, site key, page address and the task a client sends for it",
    public: true,
    response: { 200: DemoList },
  },
  demo: {
    method: "GET",
    path: "/api/v1/captcha-demo/:slug",
    summary: "One demo; an image demo answers a fresh picture (its answer stays on the server)",
    public: true,
    params: DemoSlugParams,
    response: { 200: DemoInfo },
    errors: ["DEMO_NOT_FOUND"],
  },
  challenge: {
    method: "POST",
    path: "/api/v1/captcha-demo/:slug/challenge",
    summary: "A token widget's challenge for a site key and page (what a person, or a worker, solves)",
    public: true,
    params: DemoSlugParams,
    body: NewDemoChallenge,
    response: { 201: DemoChallenge },
    errors: ["DEMO_NOT_FOUND", "NOT_A_TOKEN_DEMO", "WRONG_SITE_KEY"],
  },
  solve: {
    method: "POST",
    path: "/api/v1/captcha-demo/:slug/solve",
    summary: "Answers a widget's challenge: a token for the page, or the reason it was refused",
    public: true,
    params: DemoSlugParams,
    body: DemoSolution,
    response: { 201: DemoToken },
    errors: ["DEMO_NOT_FOUND", "CHALLENGE_NOT_FOUND", "CHALLENGE_EXPIRED", "CHALLENGE_USED", "WRONG_ANSWER"],
  },
  verify: {
    method: "POST",
    path: "/api/v1/captcha-demo/:slug/verify",
    summary: "Checks a token (or an image demo's answer) server-side, like the vendors' siteverify",
    description:
      "Answers success, or the reason: an unknown response, a wrong answer, expired, already used, issued " +
      "for another site key or demo, a v3 score below the demo's least score, or another action.",
    public: true,
    params: DemoSlugParams,
    body: DemoVerification,
    response: { 200: DemoVerdict },
    errors: ["DEMO_NOT_FOUND"],
  },
})

export const captchaDemoRouteData = {
  demoList: routeDatum(captchaDemoApi.list, () => captchaDemoApi.list.url()),
  // An image demo's answer carries a fresh picture: the page keeps the one it came with.
  demoPage: routeDatum(
    captchaDemoApi.demo,
    (params) => captchaDemoApi.demo.url({ slug: params.slug ?? "" }),
    {
      perVisit: true,
    },
  ),
}
