import type { Solution } from "@manyhands/contract/worker"

export interface Point {
  x: number
  y: number
}

export interface Box {
  xMin: number
  xMax: number
  yMin: number
  yMax: number
}

/**
 * A solution as the mistakes page shows it, by its form (worker-data.ts, `Solution`): the answer's shape, not
 * the task type, decides, so an answer of an unexpected shape still reads.
 */
export type ReadableSolution =
  | { form: "text"; text: string }
  | { form: "click"; tiles: number[] }
  | { form: "coordinates"; points: Point[] }
  | { form: "rotate"; degrees: number[] }
  | { form: "boxes"; boxes: Box[] }
  | { form: "canvas"; areas: Point[][] }
  | { form: "other"; json: string }

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value)

const isPoint = (value: unknown): value is Point =>
  typeof value === "object" && value !== null && isNumber((value as Point).x) && isNumber((value as Point).y)

const isBox = (value: unknown): value is Box =>
  typeof value === "object" &&
  value !== null &&
  (["xMin", "xMax", "yMin", "yMax"] as const).every((key) => isNumber((value as Box)[key]))

/** The answer's form and values; anything else is shown as its JSON. */
export function readSolution(solution: Solution): ReadableSolution {
  const { text, click, coordinates, rotate, bounding_boxes: boxes, canvas } = solution
  if (typeof text === "string") return { form: "text", text }
  if (Array.isArray(click) && click.every(isNumber)) return { form: "click", tiles: click }
  if (Array.isArray(coordinates) && coordinates.every(isPoint))
    return { form: "coordinates", points: coordinates }
  if (isNumber(rotate)) return { form: "rotate", degrees: [rotate] }
  if (Array.isArray(rotate) && rotate.every(isNumber)) return { form: "rotate", degrees: rotate }
  if (Array.isArray(boxes) && boxes.every(isBox)) return { form: "boxes", boxes }
  if (Array.isArray(canvas) && canvas.every((area) => Array.isArray(area) && area.every(isPoint)))
    return { form: "canvas", areas: canvas as Point[][] }
  return { form: "other", json: JSON.stringify(solution) }
}

/** Whether the answer can be drawn over the task's picture. */
export const drawable = (solution: ReadableSolution) =>
  solution.form === "click" ||
  solution.form === "coordinates" ||
  solution.form === "boxes" ||
  solution.form === "canvas"

/**
 * The grid of a GridTask picture. The mistakes list does not carry the task's rows and columns, so this follows
 * the API's documented default (3 × 3 for a 300 × 300 picture, otherwise 4 × 4) and grows the grid when a tile
 * number does not fit it.
 */
export function gridOf(width: number, height: number, tiles: readonly number[]) {
  let size = width === 300 && height === 300 ? 3 : 4
  const highest = Math.max(0, ...tiles)
  while (size * size < highest && size < 10) size++
  return { rows: size, columns: size }
}
