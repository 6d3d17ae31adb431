// Captcha pictures drawn without an image library, for the samples of /testcaptcha (samples.ts) and the demo
// data: a small rasteriser (shapes given as signed distances, anti-aliased), a 5×7 bitmap font for digits and
// Latin letters, and a PNG encoder (zlib + CRC-32). Everything is deterministic: the same text gives the same
// bytes.

import { crc32, deflateSync } from "node:zlib"

// ---------------------------------------------------------------------------------------------------------
// Drawing

type Rgb = readonly [number, number, number]

/** A repeatable stream of numbers in [0, 1) from a text (mulberry32 seeded with FNV-1a). */
export function randomFrom(seed: string): () => number {
  let state = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 0x01000193)
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A signed distance: negative inside the shape, positive outside, in pixels. */
type Distance = (x: number, y: number) => number

interface Box {
  x0: number
  y0: number
  x1: number
  y1: number
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value))

/** An RGB picture, 8 bits per channel. */
export class Raster {
  readonly pixels: Uint8Array

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb = [255, 255, 255],
  ) {
    this.pixels = new Uint8Array(width * height * 3)
    for (let i = 0; i < width * height; i++) this.pixels.set(background, i * 3)
  }

  /** Mixes `color` into one pixel with this opacity (0–1). */
  blend(x: number, y: number, color: Rgb, alpha: number) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || alpha <= 0) return
    const at = (y * this.width + x) * 3
    const a = Math.min(alpha, 1)
    for (let c = 0; c < 3; c++)
      this.pixels[at + c] = Math.round(this.pixels[at + c]! * (1 - a) + color[c]! * a)
  }

  /** Paints a shape over its bounding box; the edge is anti-aliased over one pixel. */
  fill(box: Box, distance: Distance, color: Rgb, opacity = 1) {
    const x0 = clamp(Math.floor(box.x0), 0, this.width)
    const x1 = clamp(Math.ceil(box.x1), 0, this.width)
    const y0 = clamp(Math.floor(box.y0), 0, this.height)
    const y1 = clamp(Math.ceil(box.y1), 0, this.height)
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        const coverage = clamp(0.5 - distance(x + 0.5, y + 0.5), 0, 1)
        if (coverage > 0) this.blend(x, y, color, coverage * opacity)
      }
  }

  /** The picture as a PNG file (RGB, 8 bits, each row filtered with "Sub"). */
  png(): Buffer {
    const header = Buffer.alloc(13)
    header.writeUInt32BE(this.width, 0)
    header.writeUInt32BE(this.height, 4)
    header.set([8, 2, 0, 0, 0], 8)
    const stride = this.width * 3
    const rows = Buffer.alloc((stride + 1) * this.height)
    for (let y = 0; y < this.height; y++) {
      const out = y * (stride + 1)
      rows[out] = 1
      for (let i = 0; i < stride; i++) {
        const value = this.pixels[y * stride + i]!
        const left = i >= 3 ? this.pixels[y * stride + i - 3]! : 0
        rows[out + 1 + i] = (value - left) & 0xff
      }
    }
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", header),
      pngChunk("IDAT", deflateSync(rows, { level: 9 })),
      pngChunk("IEND", Buffer.alloc(0)),
    ])
  }
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, "latin1"), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

interface Point {
  x: number
  y: number
}

/** Distance from a point to the segment a–b. */
function segmentDistance(px: number, py: number, a: Point, b: Point) {
  const dx = b.x - a.x
  const dy = b.y - a.y
  const length = dx * dx + dy * dy
  const t = length === 0 ? 0 : clamp(((px - a.x) * dx + (py - a.y) * dy) / length, 0, 1)
  return Math.hypot(px - (a.x + t * dx), py - (a.y + t * dy))
}

/** A stroke of this half-width along the segments (a single point makes a dot). */
const strokes =
  (segments: [Point, Point][], radius: number): Distance =>
  (x, y) => {
    let best = Infinity
    for (const [a, b] of segments) best = Math.min(best, segmentDistance(x, y, a, b))
    return best - radius
  }

const disc =
  (centre: Point, radius: number): Distance =>
  (x, y) =>
    Math.hypot(x - centre.x, y - centre.y) - radius

/** A polygon (any simple one): distance to the nearest edge, negative inside. */
const polygon =
  (corners: Point[]): Distance =>
  (x, y) => {
    let best = Infinity
    let inside = false
    for (let i = 0, j = corners.length - 1; i < corners.length; j = i++) {
      const a = corners[i]!
      const b = corners[j]!
      best = Math.min(best, segmentDistance(x, y, a, b))
      if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside
    }
    return inside ? -best : best
  }

const around = (centre: Point, reach: number): Box => ({
  x0: centre.x - reach,
  y0: centre.y - reach,
  x1: centre.x + reach,
  y1: centre.y + reach,
})

const boxOf = (points: Point[], margin: number): Box => ({
  x0: Math.min(...points.map((p) => p.x)) - margin,
  y0: Math.min(...points.map((p) => p.y)) - margin,
  x1: Math.max(...points.map((p) => p.x)) + margin,
  y1: Math.max(...points.map((p) => p.y)) + margin,
})

// ---------------------------------------------------------------------------------------------------------
// The font: 5×7 cells per glyph, "#" is ink.

const GLYPHS: Record<string, string> = {
  "0": ".###. #...# #..## #.#.# ##..# #...# .###.",
  "1": "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.",
  "2": ".###. #...# ....# ...#. ..#.. .#... #####",
  "3": "##### ...#. ..#.. ...#. ....# #...# .###.",
  "4": "...#. ..##. .#.#. #..#. ##### ...#. ...#.",
  "5": "##### #.... ####. ....# ....# #...# .###.",
  "6": "..##. .#... #.... ####. #...# #...# .###.",
  "7": "##### ....# ...#. ..#.. .#... .#... .#...",
  "8": ".###. #...# #...# .###. #...# #...# .###.",
  "9": ".###. #...# #...# .#### ....# ...#. .##..",
  A: ".###. #...# #...# ##### #...# #...# #...#",
  B: "####. #...# #...# ####. #...# #...# ####.",
  C: ".###. #...# #.... #.... #.... #...# .###.",
  D: "###.. #..#. #...# #...# #...# #..#. ###..",
  E: "##### #.... #.... ####. #.... #.... #####",
  F: "##### #.... #.... ####. #.... #.... #....",
  G: ".###. #...# #.... #.### #...# #...# .####",
  H: "#...# #...# #...# ##### #...# #...# #...#",
  I: ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
  J: "..### ...#. ...#. ...#. ...#. #..#. .##..",
  K: "#...# #..#. #.#.. ##... #.#.. #..#. #...#",
  L: "#.... #.... #.... #.... #.... #.... #####",
  M: "#...# ##.## #.#.# #.#.# #...# #...# #...#",
  N: "#...# #...# ##..# #.#.# #..## #...# #...#",
  O: ".###. #...# #...# #...# #...# #...# .###.",
  P: "####. #...# #...# ####. #.... #.... #....",
  Q: ".###. #...# #...# #...# #.#.# #..#. .##.#",
  R: "####. #...# #...# ####. #.#.. #..#. #...#",
  S: ".#### #.... #.... .###. ....# ....# ####.",
  T: "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
  U: "#...# #...# #...# #...# #...# #...# .###.",
  V: "#...# #...# #...# #...# #...# .#.#. ..#..",
  W: "#...# #...# #...# #.#.# #.#.# #.#.# .#.#.",
  X: "#...# #...# .#.#. ..#.. .#.#. #...# #...#",
  Y: "#...# #...# #...# .#.#. ..#.. ..#.. ..#..",
  Z: "##### ....# ...#. ..#.. .#... #.... #####",
  a: "..... ..... .###. ....# .#### #...# .####",
  b: "#.... #.... #.##. ##..# #...# #...# ####.",
  c: "..... ..... .###. #.... #.... #...# .###.",
  d: "....# ....# .##.# #..## #...# #...# .####",
  e: "..... ..... .###. #...# ##### #.... .###.",
  f: "..##. .#..# .#... ###.. .#... .#... .#...",
  g: "..... .#### #...# #...# .#### ....# .###.",
  h: "#.... #.... #.##. ##..# #...# #...# #...#",
  i: "..#.. ..... .##.. ..#.. ..#.. ..#.. .###.",
  j: "...#. ..... ..##. ...#. ...#. #..#. .##..",
  k: "#.... #.... #..#. #.#.. ##... #.#.. #..#.",
  l: ".##.. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
  m: "..... ..... ##.#. #.#.# #.#.# #...# #...#",
  n: "..... ..... #.##. ##..# #...# #...# #...#",
  o: "..... ..... .###. #...# #...# #...# .###.",
  p: "..... ..... ####. #...# ####. #.... #....",
  q: "..... ..... .##.# #..## .#### ....# ....#",
  r: "..... ..... #.##. ##..# #.... #.... #....",
  s: "..... ..... .###. #.... .###. ....# ####.",
  t: ".#... .#... ###.. .#... .#... .#..# ..##.",
  u: "..... ..... #...# #...# #...# #..## .##.#",
  v: "..... ..... #...# #...# #...# .#.#. ..#..",
  w: "..... ..... #...# #...# #.#.# #.#.# .#.#.",
  x: "..... ..... #...# .#.#. ..#.. .#.#. #...#",
  y: "..... ..... #...# #...# .#### ....# .###.",
  z: "..... ..... ##### ...#. ..#.. .#... #####",
}

/**
 * The strokes of a glyph in cell units (0–4 across, 0–6 down): each inked cell is a dot, joined to its inked
 * neighbours to the right and below, and diagonally where no straight join already links them.
 */
function glyphStrokes(char: string): [Point, Point][] {
  const pattern = GLYPHS[char]
  if (!pattern) throw new Error(`The sample font has no glyph for ${JSON.stringify(char)}`)
  const rows = pattern.split(" ")
  const ink = (c: number, r: number) => rows[r]?.[c] === "#"
  const segments: [Point, Point][] = []
  for (let r = 0; r < 7; r++)
    for (let c = 0; c < 5; c++) {
      if (!ink(c, r)) continue
      const here = { x: c, y: r }
      segments.push([here, here])
      if (ink(c + 1, r)) segments.push([here, { x: c + 1, y: r }])
      if (ink(c, r + 1)) segments.push([here, { x: c, y: r + 1 }])
      if (ink(c + 1, r + 1) && !ink(c + 1, r) && !ink(c, r + 1)) segments.push([here, { x: c + 1, y: r + 1 }])
      if (ink(c - 1, r + 1) && !ink(c - 1, r) && !ink(c, r + 1)) segments.push([here, { x: c - 1, y: r + 1 }])
    }
  return segments
}

/** Whether the sample font can draw every character of the text. */
export const drawable = (text: string) => [...text].every((char) => char in GLYPHS)

const INKS: Rgb[] = [
  [32, 45, 110],
  [120, 30, 40],
  [25, 85, 50],
  [60, 60, 70],
  [95, 40, 110],
]

/**
 * A text captcha: the characters with their own size, tilt and height, on a light noisy background crossed by
 * thin wavy lines. Hard for a naive OCR, easy for a person. 200 × 70 pixels for five characters.
 */
export function renderTextCaptcha(text: string): Buffer {
  if (!drawable(text) || text.length === 0 || text.length > 12)
    throw new Error(`Cannot draw ${JSON.stringify(text)}`)
  const random = randomFrom(`text:${text}`)
  const between = (low: number, high: number) => low + random() * (high - low)
  const advance = 34
  const width = 30 + advance * text.length
  const height = 70
  const top: Rgb = [238 + Math.round(between(0, 12)), 240, 228 + Math.round(between(0, 20))]
  const raster = new Raster(width, height, top)
  // A soft vertical gradient.
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raster.blend(x, y, [205, 222, 236], (y / height) * 0.55)
  // Speckles.
  for (let i = 0; i < width * height * 0.05; i++) {
    const shade = Math.round(between(90, 190))
    raster.blend(
      Math.floor(random() * width),
      Math.floor(random() * height),
      [shade, shade, Math.round(between(120, 200))],
      between(0.2, 0.5),
    )
  }
  // A wave shared by every character, so the line of text bends a little.
  const phase = between(0, Math.PI * 2)
  const wave = (x: number) => Math.sin(x / 38 + phase) * 4
  const ink = INKS[Math.floor(random() * INKS.length)]!
  ;[...text].forEach((char, index) => {
    const cell = between(5.2, 6.2)
    const angle = between(-0.22, 0.22)
    const cx = 15 + advance * index + advance / 2 + between(-3, 3)
    const cy = height / 2 + between(-5, 5)
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)]
    const place = ({ x, y }: Point): Point => {
      const [lx, ly] = [(x - 2) * cell, (y - 3) * cell]
      const px = cx + lx * cos - ly * sin
      return { x: px, y: cy + lx * sin + ly * cos + wave(px) }
    }
    const segments = glyphStrokes(char).map(([a, b]) => [place(a), place(b)] as [Point, Point])
    const radius = between(2.1, 2.6)
    const color: Rgb = random() < 0.7 ? ink : INKS[Math.floor(random() * INKS.length)]!
    raster.fill(boxOf(segments.flat(), radius + 1), strokes(segments, radius), color)
  })
  // Two thin wavy lines across, in the ink's colour but lighter: they cross the text without hiding it.
  for (let line = 0; line < 2; line++) {
    const y0 = between(height * 0.3, height * 0.7)
    const amplitude = between(6, 14)
    const period = between(35, 70)
    const shift = between(0, Math.PI * 2)
    const points: Point[] = []
    for (let x = -4; x <= width + 4; x += 4)
      points.push({ x, y: y0 + Math.sin(x / period + shift) * amplitude })
    const segments = points.slice(1).map((point, i) => [points[i]!, point] as [Point, Point])
    raster.fill(boxOf(points, 3), strokes(segments, 0.7), ink, 0.55)
  }
  return raster.png()
}

// ---------------------------------------------------------------------------------------------------------
// The grid picture: 3 × 3 tiles, each with one shape.

export type Shape = "circle" | "square" | "triangle" | "star" | "cross"

const TILE_COLOURS: Rgb[] = [
  [226, 239, 250],
  [250, 236, 220],
  [230, 246, 228],
  [244, 230, 246],
  [250, 248, 222],
]
const SHAPE_COLOURS: Rgb[] = [
  [214, 69, 65],
  [44, 110, 180],
  [46, 150, 90],
  [230, 150, 30],
  [120, 70, 160],
]

function shapeDistance(shape: Shape, centre: Point, size: number, turn: number): Distance {
  const corner = (angle: number, reach: number): Point => ({
    x: centre.x + Math.cos(angle + turn) * reach,
    y: centre.y + Math.sin(angle + turn) * reach,
  })
  const ring = (count: number, reach: (i: number) => number, start = -Math.PI / 2) =>
    Array.from({ length: count }, (_, i) => corner(start + (i * 2 * Math.PI) / count, reach(i)))
  switch (shape) {
    case "circle":
      return disc(centre, size * 0.85)
    case "square":
      return polygon(ring(4, () => size * 1.05, Math.PI / 4))
    case "triangle":
      return polygon(ring(3, () => size * 1.15))
    case "star":
      return polygon(ring(10, (i) => (i % 2 === 0 ? size * 1.15 : size * 0.48)))
    case "cross": {
      const arm = size * 0.32
      const reach = size * 1.05
      return polygon(
        [
          [-arm, -reach],
          [arm, -reach],
          [arm, -arm],
          [reach, -arm],
          [reach, arm],
          [arm, arm],
          [arm, reach],
          [-arm, reach],
          [-arm, arm],
          [-reach, arm],
          [-reach, -arm],
          [-arm, -arm],
        ].map(([x, y]) => ({
          x: centre.x + x! * Math.cos(turn) - y! * Math.sin(turn),
          y: centre.y + x! * Math.sin(turn) + y! * Math.cos(turn),
        })),
      )
    }
  }
}

/** A 300 × 300 grid of 3 × 3 tiles with these shapes, row by row. */
export function renderGridCaptcha(shapes: Shape[], seed: string): Buffer {
  const random = randomFrom(`grid:${seed}`)
  const between = (low: number, high: number) => low + random() * (high - low)
  const size = 300
  const raster = new Raster(size, size, [255, 255, 255])
  const tile = 94
  const gap = 4
  shapes.forEach((shape, index) => {
    const x0 = 1 + gap + (index % 3) * (tile + gap)
    const y0 = 1 + gap + Math.floor(index / 3) * (tile + gap)
    const background = TILE_COLOURS[Math.floor(random() * TILE_COLOURS.length)]!
    raster.fill({ x0, y0, x1: x0 + tile, y1: y0 + tile }, () => -1, background)
    for (let i = 0; i < 160; i++) {
      const shade = Math.round(between(150, 220))
      raster.blend(
        x0 + Math.floor(random() * tile),
        y0 + Math.floor(random() * tile),
        [shade, shade, shade],
        0.35,
      )
    }
    const centre = { x: x0 + tile / 2 + between(-9, 9), y: y0 + tile / 2 + between(-9, 9) }
    const radius = between(20, 27)
    const colour = SHAPE_COLOURS[Math.floor(random() * SHAPE_COLOURS.length)]!
    raster.fill(
      around(centre, radius * 1.3),
      shapeDistance(shape, centre, radius, between(-0.4, 0.4)),
      colour,
    )
  })
  return raster.png()
}

// ---------------------------------------------------------------------------------------------------------
// Scenes for the training of the pointing types (coordinates, boxes, outlines) and pictures to turn upright.

export interface SceneItem {
  shape: Shape
  x: number
  y: number
  /** About the shape's radius, in pixels. */
  size: number
  turn?: number
}

/** The pixels a shape covers, as a box: the first pixel inside on each side to the last one. */
export interface PixelBox {
  xMin: number
  xMax: number
  yMin: number
  yMax: number
}

/**
 * A light picture with these shapes on it (colours from the seed), and the box of each shape's pixels, in
 * order: what a worker points at, boxes or outlines.
 */
export function renderScene(
  items: SceneItem[],
  { width, height, seed }: { width: number; height: number; seed: string },
): { png: Buffer; boxes: PixelBox[] } {
  const random = randomFrom(`scene:${seed}`)
  const between = (low: number, high: number) => low + random() * (high - low)
  const raster = new Raster(width, height, TILE_COLOURS[Math.floor(random() * TILE_COLOURS.length)]!)
  for (let i = 0; i < width * height * 0.02; i++) {
    const shade = Math.round(between(150, 220))
    raster.blend(Math.floor(random() * width), Math.floor(random() * height), [shade, shade, shade], 0.35)
  }
  const boxes = items.map((item, index) => {
    const centre = { x: item.x, y: item.y }
    const distance = shapeDistance(item.shape, centre, item.size, item.turn ?? 0)
    const colour =
      SHAPE_COLOURS[(index + Math.floor(random() * SHAPE_COLOURS.length)) % SHAPE_COLOURS.length]!
    const reach = around(centre, item.size * 1.3)
    raster.fill(reach, distance, colour)
    const box = { xMin: Infinity, xMax: -Infinity, yMin: Infinity, yMax: -Infinity }
    for (let y = Math.floor(reach.y0); y < Math.ceil(reach.y1); y++)
      for (let x = Math.floor(reach.x0); x < Math.ceil(reach.x1); x++)
        if (distance(x + 0.5, y + 0.5) < 0) {
          box.xMin = Math.min(box.xMin, x)
          box.xMax = Math.max(box.xMax, x)
          box.yMin = Math.min(box.yMin, y)
          box.yMax = Math.max(box.yMax, y)
        }
    return box
  })
  return { png: raster.png(), boxes }
}

/**
 * A square picture of an arrow pointing up with a base line under it (so "up" is plain), turned clockwise by
 * `turn` degrees: the worker turns it back.
 */
export function renderArrow(turn: number, seed: string, size = 160): Buffer {
  const random = randomFrom(`arrow:${seed}`)
  const raster = new Raster(size, size, TILE_COLOURS[Math.floor(random() * TILE_COLOURS.length)]!)
  const c = size / 2
  const angle = (turn * Math.PI) / 180
  const place = ([x, y]: [number, number]): Point => ({
    x: c + x * Math.cos(angle) - y * Math.sin(angle),
    y: c + x * Math.sin(angle) + y * Math.cos(angle),
  })
  const u = size / 160
  const colour = SHAPE_COLOURS[Math.floor(random() * SHAPE_COLOURS.length)]!
  const arrow = (
    [
      [0, -62],
      [34, -20],
      [12, -20],
      [12, 40],
      [-12, 40],
      [-12, -20],
      [-34, -20],
    ] as [number, number][]
  ).map(([x, y]) => place([x * u, y * u]))
  raster.fill({ x0: 0, y0: 0, x1: size, y1: size }, polygon(arrow), colour)
  const base = (
    [
      [-46, 52],
      [46, 52],
      [46, 62],
      [-46, 62],
    ] as [number, number][]
  ).map(([x, y]) => place([x * u, y * u]))
  raster.fill({ x0: 0, y0: 0, x1: size, y1: size }, polygon(base), [70, 70, 80])
  return raster.png()
}
