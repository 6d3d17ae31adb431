// Workers' answers: checked and normalised into the API v2 `solution` object (captcha-api reference §2.3,
// §2.4), formatted for in.php/res.php (§1.5), and compared for agreement and gold checks.

import { isRecord, taskType, TaskInputError, type AnswerSpec, type Params } from "./task-types"

type Solution = Record<string, unknown>
export interface ClassicAnswer {
  text: string
  request: unknown
  extra: Record<string, unknown>
}

interface FormRules {
  normalise(raw: unknown, params: Params, answer: AnswerSpec): Solution
  classic(solution: Solution): ClassicAnswer
  /** Absent: answers of this form are never compared (tokens, free-form objects). */
  same?(a: Solution, b: Solution, params: Params): boolean
}

const refuse = (message: string): never => {
  throw new TaskInputError("ERROR_BAD_PARAMETERS", message)
}

/** The value under `key` when the worker sent the solution object, else the raw value itself. */
const unwrap = (raw: unknown, key: string) => (isRecord(raw) && key in raw ? raw[key] : raw)

const toNumber = (value: unknown) => {
  const result =
    typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : NaN
  return Number.isFinite(result) ? result : undefined
}

interface Point {
  x: number
  y: number
}
const point = (value: unknown): Point => {
  const [x, y] = isRecord(value) ? [toNumber(value.x), toNumber(value.y)] : []
  if (x === undefined || y === undefined || x < 0 || y < 0) refuse("a point must be {x, y} with x, y ≥ 0")
  return { x: Math.round(x!), y: Math.round(y!) }
}

const list = (value: unknown, what: string): unknown[] =>
  Array.isArray(value) ? value : refuse(`the answer must be a list of ${what}`)

const pointList = (raw: unknown, nullable = false) =>
  list(unwrap(raw, "coordinates"), "points").map((item) => (nullable && item === null ? null : point(item)))

const whole = (value: unknown, min: number, max: number, message: string): number => {
  const number = toNumber(value)
  if (number === undefined || !Number.isInteger(number) || number < min || number > max) refuse(message)
  return number!
}

const close = (a: Point | null, b: Point | null) =>
  a === null || b === null ? a === b : Math.abs(a.x - b.x) <= 15 && Math.abs(a.y - b.y) <= 15

const sameLists = <T>(a: unknown, b: unknown, equal: (x: T, y: T) => boolean) =>
  Array.isArray(a) &&
  Array.isArray(b) &&
  a.length === b.length &&
  a.every((item, index) => equal(item, b[index]))

const samePoints = (a: Solution, b: Solution) => sameLists(a.coordinates, b.coordinates, close)

const asJson = (solution: Solution, key?: string): ClassicAnswer => {
  const request = key === undefined ? solution : solution[key]
  return { text: JSON.stringify(request), request, extra: {} }
}
const plain = (text: string): ClassicAnswer => ({ text, request: text, extra: {} })

const tokenText = (value: unknown, what = "token"): string => {
  const token = typeof value === "string" ? value.trim() : ""
  if (!token || token.length > 100_000) refuse(`the answer must be a ${what} string`)
  return token
}

/** The task's text rules (§1.3), told to the worker at once rather than found out by the customer. */
function checkTextRules(text: string, params: Params) {
  const symbols = text.replace(/\s+/g, "")
  const digits = /^\d+$/.test(symbols)
  const letters = /^\p{L}+$/u.test(symbols)
  const [min, max] = [Number(params.minLength ?? 0), Number(params.maxLength ?? 0)]
  const rules: [boolean, string][] = [
    [params.numeric === 1 && !digits, "the answer must contain digits only"],
    [params.numeric === 2 && !letters, "the answer must contain letters only"],
    [params.numeric === 3 && !digits && !letters, "the answer must be digits only or letters only"],
    [
      params.numeric === 4 && !(/\d/.test(symbols) && /\p{L}/u.test(symbols)),
      "the answer must mix digits and letters",
    ],
    [min > 0 && symbols.length < min, `the answer must have at least ${min} symbols`],
    [max > 0 && symbols.length > max, `the answer must have at most ${max} symbols`],
    [params.phrase === true && !/\S\s+\S/.test(text), "the answer must have at least two words"],
    [
      params.math === true && !/^-?\d+([.,]\d+)?$/.test(symbols),
      "the answer must be the result of the calculation",
    ],
  ]
  const broken = rules.find(([failed]) => failed)
  if (broken) refuse(broken[1])
}

const EDGES = ["xMin", "xMax", "yMin", "yMax"]

/** How far apart (px) two outlines' bounding boxes may be on each side and still outline the same object. */
const OUTLINE_TOLERANCE = 20
const outlineBox = (area: Point[]) => ({
  xMin: Math.min(...area.map((p) => p.x)),
  xMax: Math.max(...area.map((p) => p.x)),
  yMin: Math.min(...area.map((p) => p.y)),
  yMax: Math.max(...area.map((p) => p.y)),
})
/**
 * Outlines drawn around objects agree when there are as many of them, and each one's bounding box is within
 * OUTLINE_TOLERANCE of the other's on every side: two people never click the same points, but they enclose the
 * same object. No outlines at all never agree.
 */
const sameOutlines = (a: Solution, b: Solution) =>
  Array.isArray(a.canvas) &&
  a.canvas.length > 0 &&
  sameLists<Point[]>(a.canvas, b.canvas, (x, y) => {
    if (!Array.isArray(x) || !Array.isArray(y) || x.length === 0 || y.length === 0) return false
    const [one, other] = [outlineBox(x), outlineBox(y)]
    return (["xMin", "xMax", "yMin", "yMax"] as const).every(
      (edge) => Math.abs(one[edge] - other[edge]) <= OUTLINE_TOLERANCE,
    )
  })
const BOX_RULE = "a box is {xMin, xMax, yMin, yMax} with 0 ≤ xMin < xMax and 0 ≤ yMin < yMax"

const FORMS: Record<AnswerSpec["form"], FormRules> = {
  text: {
    normalise(raw, params) {
      const value = unwrap(raw, "text")
      const text = typeof value === "string" || typeof value === "number" ? String(value).trim() : ""
      if (!text || text.length > 1000) refuse("the answer must be a text of 1 to 1000 characters")
      checkTextRules(text, params)
      return { text }
    },
    classic: (solution) => plain(String(solution.text)),
    same(a, b, params) {
      const normal = (solution: Solution) => {
        const text = String(solution.text ?? "").trim()
        return params.case === true ? text : text.toLowerCase()
      }
      return normal(a) === normal(b)
    },
  },
  grid: {
    normalise(raw, params) {
      const cells = Number(params.rows ?? 3) * Number(params.columns ?? 3)
      const clicks = list(unwrap(raw, "click"), "cell numbers").map((cell) =>
        whole(cell, 1, cells, `cells are numbered 1 to ${cells}`),
      )
      const click = [...new Set(clicks)].sort((a, b) => a - b)
      const [min, max] = [Number(params.minClicks ?? 1), Number(params.maxClicks ?? cells)]
      if (click.length === 0 && params.canNoAnswer !== true) refuse("select at least one cell")
      if (click.length > 0 && (click.length < min || click.length > max))
        refuse(`select ${min} to ${max} cells`)
      return { click }
    },
    classic: (solution) => {
      const click = solution.click as number[]
      return plain(click.length === 0 ? "No_matching_images" : `click:${click.join("/")}`)
    },
    same: (a, b) =>
      sameLists<number>(
        [...(a.click as number[])].sort((x, y) => x - y),
        [...(b.click as number[])].sort((x, y) => x - y),
        (x, y) => x === y,
      ),
  },
  coordinates: {
    normalise(raw, params) {
      const coordinates = pointList(raw)
      const [min, max] = [Number(params.minClicks ?? 1), Number(params.maxClicks ?? 0)]
      if (coordinates.length < min || (max > 0 && coordinates.length > max))
        refuse(max > 0 ? `give ${min} to ${max} points` : `give at least ${min} point(s)`)
      return { coordinates }
    },
    classic: (solution) => {
      const points = solution.coordinates as Point[]
      return {
        text: `coordinates:${points.map(({ x, y }) => `x=${x},y=${y}`).join(";")}`,
        request: points.map(({ x, y }) => ({ x: String(x), y: String(y) })),
        extra: {},
      }
    },
    same: samePoints,
  },
  points: {
    normalise(raw) {
      const coordinates = pointList(raw)
      if (coordinates.length === 0) refuse("give at least one point")
      return { coordinates }
    },
    classic: (solution) => asJson(solution, "coordinates"),
    same: samePoints,
  },
  dragDrop: {
    normalise(raw, params) {
      const coordinates = pointList(raw, true)
      const pieces = Number(params.imageCount ?? coordinates.length)
      if (coordinates.length !== pieces) refuse(`give one point (or null) for each of the ${pieces} pieces`)
      return { coordinates }
    },
    classic: (solution) => asJson(solution, "coordinates"),
    same: samePoints,
  },
  rotate: {
    normalise(raw, params) {
      const value = unwrap(raw, "rotate")
      const angles = (Array.isArray(value) ? value : [value]).map((angle) =>
        whole(angle, -360, 360, "an angle is a whole number of degrees from -360 to 360"),
      )
      const images = Number(params.imageCount ?? 1)
      if (angles.length !== images) refuse(`give one angle for each of the ${images} images`)
      return { rotate: images === 1 ? angles[0] : angles }
    },
    classic: (solution) =>
      plain(Array.isArray(solution.rotate) ? solution.rotate.join("|") : String(solution.rotate)),
    same: (a, b) => JSON.stringify(a.rotate) === JSON.stringify(b.rotate),
  },
  boundingBoxes: {
    normalise(raw, params) {
      const boxes = list(unwrap(raw, "bounding_boxes"), "boxes").map((box) => {
        const [xMin, xMax, yMin, yMax] = EDGES.map((edge) =>
          whole(isRecord(box) ? Math.round(toNumber(box[edge]) ?? NaN) : NaN, 0, 100_000, BOX_RULE),
        ) as [number, number, number, number]
        if (xMin >= xMax || yMin >= yMax) refuse(BOX_RULE)
        return { xMin, xMax, yMin, yMax }
      })
      if (boxes.length === 0 && params.canNoAnswer !== true) refuse("draw at least one box")
      return { bounding_boxes: boxes }
    },
    classic: (solution) => plain(JSON.stringify(solution.bounding_boxes)),
    same: (a, b) =>
      sameLists<Record<string, number>>(a.bounding_boxes, b.bounding_boxes, (x, y) =>
        EDGES.every((edge) => Math.abs(x[edge]! - y[edge]!) <= 15),
      ),
  },
  canvas: {
    normalise(raw) {
      const canvas = list(unwrap(raw, "canvas"), "areas").map((area) => {
        const points = list(area, "points").map(point)
        if (points.length < 3) refuse("an area needs at least 3 points")
        return points
      })
      if (canvas.length === 0) refuse("draw at least one area")
      return { canvas }
    },
    classic: (solution) => {
      const areas = (solution.canvas as Point[][]).map((area) =>
        area.map(({ x, y }) => `${x},${y}`).join(","),
      )
      return plain(`canvas:${areas.map((area) => `${area};`).join("")}`)
    },
    same: sameOutlines,
  },
  string: {
    normalise(raw) {
      const value = unwrap(raw, "text")
      return { text: tokenText(typeof value === "number" ? String(value) : value, "text") }
    },
    classic: (solution) => plain(String(solution.text)),
    same: (a, b) => String(a.text).trim() === String(b.text).trim(),
  },
  token: {
    normalise(raw, params, answer) {
      const token = tokenText(unwrap(raw, "token"))
      if (!answer.userAgent) return { token }
      const given = isRecord(raw) && typeof raw.userAgent === "string" ? raw.userAgent.trim() : ""
      const userAgent = given || params.userAgent
      if (typeof userAgent !== "string" || !userAgent)
        refuse("the answer must give the userAgent the token is for")
      return { token, userAgent }
    },
    classic: (solution) => ({
      ...plain(String(solution.token)),
      extra: typeof solution.userAgent === "string" ? { useragent: solution.userAgent } : {},
    }),
  },
  recaptcha: {
    normalise(raw) {
      const token = tokenText(isRecord(raw) ? (raw.gRecaptchaResponse ?? raw.token) : raw)
      const cookies =
        isRecord(raw) && typeof raw.cookies === "string" && raw.cookies.trim() ? raw.cookies.trim() : ""
      return { gRecaptchaResponse: token, token, ...(cookies && { cookies }) }
    },
    classic: (solution) => ({
      ...plain(String(solution.gRecaptchaResponse)),
      extra: typeof solution.cookies === "string" ? { cookies: solution.cookies } : {},
    }),
  },
  cookie: {
    normalise: (raw) => ({ cookie: tokenText(unwrap(raw, "cookie"), "cookie") }),
    classic: (solution) => plain(String(solution.cookie)),
  },
  object: {
    normalise(raw, params, answer) {
      if (!isRecord(raw)) refuse("the answer must be an object")
      const missing = (answer.keys?.(params) ?? []).filter((key) => (raw as Solution)[key] == null)
      if (missing.length > 0) refuse(`the answer lacks ${missing.join(", ")}`)
      const json = JSON.stringify(raw)
      if (json.length > 200_000) refuse("the answer is too long")
      return JSON.parse(json) as Solution
    },
    classic: (solution) => asJson(solution),
  },
}

const rulesOf = (type: string) => {
  const { answer } = taskType(type)
  return { answer, rules: FORMS[answer.form] }
}

/** Checks a worker's answer for a task and returns the API v2 `solution`; TaskInputError when malformed. */
export function normaliseSolution(type: string, params: Params, raw: unknown): Solution {
  const { answer, rules } = rulesOf(type)
  return rules.normalise(raw, params, answer)
}

/** What follows `OK|` in res.php, the `request` of json=1, and the extra keys of the JSON answer. */
export function classicAnswer(type: string, _params: Params, solution: Solution): ClassicAnswer {
  return rulesOf(type).rules.classic(solution)
}

/** The `solution` of getTaskResult: the object, except PazlCaptcha's bare string. */
export function v2Solution(type: string, solution: Solution, params: Params = {}): unknown {
  // A task created as Anti-Captcha's ImageToCoordinatesTask: [x, y] per point, [x1, y1, x2, y2] per rectangle.
  const form = rulesOf(type).answer.form
  if (form === "coordinates" && params.mode === "points" && Array.isArray(solution.coordinates))
    return { coordinates: (solution.coordinates as Point[]).map(({ x, y }) => [x, y]) }
  if (form === "boundingBoxes" && params.mode === "rectangles" && Array.isArray(solution.bounding_boxes)) {
    const boxes = solution.bounding_boxes as Record<"xMin" | "xMax" | "yMin" | "yMax", number>[]
    return { coordinates: boxes.map(({ xMin, yMin, xMax, yMax }) => [xMin, yMin, xMax, yMax]) }
  }
  return form === "string" ? solution.text : solution
}

/** Whether answers of the type can be compared at all (agreement, gold tasks). */
export const isComparable = (type: string) => rulesOf(type).rules.same !== undefined

/** Agreement of two normalised solutions; never true for tokens and other answers that cannot be compared. */
export function sameAnswer(type: string, params: Params, a: unknown, b: unknown): boolean {
  const { same } = rulesOf(type).rules
  if (!same || !isRecord(a) || !isRecord(b)) return false
  try {
    return same(a, b, params)
  } catch {
    return false // a stored answer of another shape
  }
}
