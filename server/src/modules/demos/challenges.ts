/*
 * The demos' challenges (contract/src/captcha-demo.ts): made fresh on the server, drawn with the captcha
 * rasteriser, their answers kept here. Pure: a challenge comes from a seed, an answer is checked by a function.
 */
import type { DemoChallengeKind, DemoDefinition, DemoWords } from "@manyhands/contract/captcha-demo"
import {
  randomFrom,
  Raster,
  renderArrow,
  renderGridCaptcha,
  renderScene,
  renderTextCaptcha,
  type Shape,
} from "../captcha/rasteriser"

/** What the server keeps of a challenge: enough to check an answer. */
export type DemoAnswer =
  | { kind: "text"; text: string; alternative?: string }
  | { kind: "grid"; cells: number[]; alternative: string }
  | { kind: "slider"; x: number }
  | { kind: "rotate"; turn: number }
  | { kind: "click"; boxes: { xMin: number; xMax: number; yMin: number; yMax: number }[] }
  | { kind: "none" }

export interface MadeChallenge {
  kind: DemoChallengeKind
  prompt: string
  image: string | null
  rows: number | null
  columns: number | null
  piece: string | null
  pieceTop: number | null
  width: number | null
  height: number | null
  alternative: string | null
  /** What the prompt and the alternative name, for the widget to say them in the page's language. */
  words: DemoWords
  answer: DemoAnswer
}

const png = (bytes: Buffer) => `data:image/png;base64,${bytes.toString("base64")}`

const SHAPES: Shape[] = ["circle", "square", "triangle", "star", "cross"]
const SHAPE_WORDS: Record<Shape, string> = {
  circle: "circles",
  square: "squares",
  triangle: "triangles",
  star: "stars",
  cross: "crosses",
}
const DIGIT_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
/** Letters and digits no one mistakes for another in the picture (no 0/O, 1/I/L, 5/S, 2/Z, 8/B). */
const CLEAR_CHARACTERS = "ACDEFGHJKMNPQRTUVWXY34679"

/** The grid's and slider's sizes, in pixels. */
export const SLIDER = { width: 300, height: 160, piece: 44 }
/** How near a slider's offset (pixels) or a turn (degrees) must be. */
export const SLIDER_TOLERANCE = 6
export const ROTATE_TOLERANCE = 15

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!
}

/** A challenge of the demo's kind from a seed (the challenge's id): the same seed gives the same challenge. */
export function makeChallenge(demo: DemoDefinition, seed: string): MadeChallenge {
  const random = randomFrom(`demo:${demo.slug}:${seed}`)
  const blank = {
    image: null,
    rows: null,
    columns: null,
    piece: null,
    pieceTop: null,
    width: null,
    height: null,
    alternative: null,
    words: { shape: null, digits: [], characters: [] } as DemoWords,
  }
  switch (demo.challenge) {
    case "text-image": {
      const text = Array.from({ length: 5 }, () => pick(random, [...CLEAR_CHARACTERS])).join("")
      // MTCaptcha has an audio challenge: its words, written out, are the alternative.
      const alternative =
        demo.vendor === "mtcaptcha"
          ? `Type these characters: ${[...text].map((char) => (/\d/.test(char) ? DIGIT_WORDS[Number(char)] : char)).join(", ")}`
          : null
      return {
        ...blank,
        kind: "text-image",
        prompt: "Type the characters in the picture",
        image: png(renderTextCaptcha(text)),
        width: 200,
        height: 70,
        alternative,
        words: { ...blank.words, characters: alternative ? [...text] : [] },
        answer: alternative ? { kind: "text", text, alternative: text } : { kind: "text", text },
      }
    }
    case "text-question": {
      const a = 2 + Math.floor(random() * 7)
      const b = 1 + Math.floor(random() * 8)
      return {
        ...blank,
        kind: "text-question",
        prompt: `What is ${DIGIT_WORDS[a]} plus ${DIGIT_WORDS[b]}? Answer with a number.`,
        words: { ...blank.words, digits: [a, b] },
        answer: { kind: "text", text: String(a + b) },
      }
    }
    case "grid": {
      const target = pick(random, SHAPES)
      const count = 2 + Math.floor(random() * 3)
      const cells = new Set<number>()
      while (cells.size < count) cells.add(1 + Math.floor(random() * 9))
      const others = SHAPES.filter((shape) => shape !== target)
      const shapes = Array.from({ length: 9 }, (_, index) =>
        cells.has(index + 1) ? target : pick(random, others),
      )
      const digits = Array.from({ length: 4 }, () => Math.floor(random() * 10))
      return {
        ...blank,
        kind: "grid",
        prompt: `Select all squares with ${SHAPE_WORDS[target]}`,
        image: png(renderGridCaptcha(shapes, seed)),
        rows: 3,
        columns: 3,
        width: 300,
        height: 300,
        // The vendors' audio challenge reads out digits; its written form is the text alternative.
        alternative: `Type the digits: ${digits.map((digit) => DIGIT_WORDS[digit]).join(", ")}`,
        words: { ...blank.words, shape: target, digits },
        answer: { kind: "grid", cells: [...cells].sort((x, y) => x - y), alternative: digits.join("") },
      }
    }
    case "slider": {
      const { width, height, piece } = SLIDER
      const x = Math.round(90 + random() * (width - piece - 100))
      const y = Math.round(20 + random() * (height - piece - 40))
      return {
        ...blank,
        kind: "slider",
        prompt: "Move the piece into the gap",
        image: png(sliderPicture(random, { x, y, size: piece })),
        piece: png(pieceImage(piece)),
        pieceTop: y,
        width,
        height,
        answer: { kind: "slider", x },
      }
    }
    case "rotate": {
      const turn = 30 + Math.floor(random() * 10) * 30
      return {
        ...blank,
        kind: "rotate",
        prompt: "Turn the picture until the arrow points up",
        image: png(renderArrow(turn, seed)),
        width: 160,
        height: 160,
        answer: { kind: "rotate", turn },
      }
    }
    case "click": {
      const target = pick(random, SHAPES)
      const others = SHAPES.filter((shape) => shape !== target)
      const slots = [
        [60, 60],
        [170, 55],
        [280, 65],
        [70, 160],
        [175, 165],
        [285, 155],
      ].map(([x, y]) => ({ x: x! + (random() - 0.5) * 20, y: y! + (random() - 0.5) * 20 }))
      const targets = 2 + Math.floor(random() * 2)
      const items = slots.map((slot, index) => ({
        shape: index < targets ? target : pick(random, others),
        ...slot,
        size: 22,
        turn: random() * 0.6 - 0.3,
      }))
      // Shuffle the places so the targets are not always first.
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1))
        ;[items[i]!.x, items[j]!.x, items[i]!.y, items[j]!.y] = [
          items[j]!.x,
          items[i]!.x,
          items[j]!.y,
          items[i]!.y,
        ]
      }
      const { png: picture, boxes } = renderScene(items, { width: 340, height: 220, seed })
      return {
        ...blank,
        kind: "click",
        prompt: `Click every ${target}, then Verify`,
        words: { ...blank.words, shape: target },
        image: png(picture),
        width: 340,
        height: 220,
        answer: { kind: "click", boxes: boxes.filter((_, index) => items[index]!.shape === target) },
      }
    }
    case "checkbox":
      return { ...blank, kind: "checkbox", prompt: "Verify you are human", answer: { kind: "none" } }
    case "score":
      return {
        ...blank,
        kind: "score",
        prompt: "Nothing to solve: the visit is scored",
        answer: { kind: "none" },
      }
  }
}

/** A light picture with soft discs on it and a dark square where the piece belongs. */
function sliderPicture(random: () => number, gap: { x: number; y: number; size: number }): Buffer {
  const { width, height } = SLIDER
  const raster = new Raster(width, height, [226, 239, 250])
  for (let i = 0; i < width * height * 0.03; i++) {
    const shade = Math.round(150 + random() * 70)
    raster.blend(Math.floor(random() * width), Math.floor(random() * height), [shade, shade, shade], 0.35)
  }
  for (let i = 0; i < 6; i++) {
    const cx = random() * width
    const cy = random() * height
    const r = 18 + random() * 30
    const colour = [
      Math.round(random() * 200),
      Math.round(80 + random() * 120),
      Math.round(120 + random() * 120),
    ] as const
    raster.fill(
      { x0: cx - r - 1, y0: cy - r - 1, x1: cx + r + 1, y1: cy + r + 1 },
      (px, py) => Math.hypot(px - cx, py - cy) - r,
      colour,
      0.5,
    )
  }
  raster.fill(
    { x0: gap.x, y0: gap.y, x1: gap.x + gap.size, y1: gap.y + gap.size },
    () => -1,
    [40, 40, 48],
    0.6,
  )
  return raster.png()
}

function pieceImage(size: number): Buffer {
  const raster = new Raster(size, size, [90, 120, 200])
  raster.fill({ x0: 3, y0: 3, x1: size - 3, y1: size - 3 }, () => -1, [150, 180, 240])
  return raster.png()
}

/** A number, or a number written as text (a form field, or a JSON client that sends strings). */
function numberOf(given: unknown): number | null {
  const value = typeof given === "string" && given.trim() !== "" ? Number(given) : given
  return typeof value === "number" && Number.isFinite(value) ? value : null
}

const normalise = (text: string) => text.replace(/\s+/g, "").toUpperCase()

/** Whether an answer solves a challenge. */
export function isRight(answer: DemoAnswer, given: unknown): boolean {
  switch (answer.kind) {
    case "none":
      return true
    case "text":
      if (typeof given !== "string" && typeof given !== "number") return false
      return [answer.text, answer.alternative].some(
        (expected) => expected !== undefined && normalise(String(given)) === normalise(expected),
      )
    case "grid":
      if (typeof given === "string" || typeof given === "number")
        return normalise(String(given)) === answer.alternative
      if (!Array.isArray(given) || !given.every((cell) => typeof cell === "number")) return false
      return [...new Set(given as number[])].sort((x, y) => x - y).join(",") === answer.cells.join(",")
    case "slider": {
      const x = numberOf(given)
      return x !== null && Math.abs(x - answer.x) <= SLIDER_TOLERANCE
    }
    case "rotate": {
      const angle = numberOf(given)
      if (angle === null) return false
      const off = (((angle + answer.turn) % 360) + 360) % 360
      return Math.min(off, 360 - off) <= ROTATE_TOLERANCE
    }
    case "click": {
      if (!Array.isArray(given) || given.length !== answer.boxes.length) return false
      const points = given as { x?: unknown; y?: unknown }[]
      const hit = new Set<number>()
      for (const point of points) {
        const x = numberOf(point?.x)
        const y = numberOf(point?.y)
        if (x === null || y === null) return false
        const index = answer.boxes.findIndex(
          (box, n) =>
            !hit.has(n) && x >= box.xMin - 4 && x <= box.xMax + 4 && y >= box.yMin - 4 && y <= box.yMax + 4,
        )
        if (index < 0) return false
        hit.add(index)
      }
      return true
    }
  }
}
