// Realistic tasks for the worker cabinet's stories (cabinet.stories.tsx, cabinet-training.stories.tsx): offers
// as the worker API sends them, with small pictures drawn as SVG and a short recording made here as WAV.
import {
  CABINET_TYPES,
  workerApi as workerEndpoints,
  type Offer,
  type TrainingData,
  type WorkerStats,
} from "@manyhands/contract/worker"
import { ApiFailure, type ShellUser } from "@manyhands/pages"
import type { StoryApi } from "./story-shell"
import { storyUser } from "./story-shell"

/** The stories' clock: 4 March 2026, 10:15 UTC (Date.now is held here, so countdowns stand still). */
export const NOW = Date.UTC(2026, 2, 4, 10, 15, 0)

export const workerUser: ShellUser = {
  ...storyUser,
  id: "70000001234",
  email: "oleh.worker@example.com",
  profile: { ...storyUser.profile, userType: "worker", displayName: "Oleh", timezone: "Europe/Kyiv" },
}

const base64 = (text: string) => btoa(text)
const svg = (name: string, body: string) => ({ name, mime: "image/svg+xml", data: base64(body) })

const distortedText = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="70" viewBox="0 0 200 70">
<rect width="200" height="70" fill="#f3eee3"/>
<g stroke="#b9ad94" stroke-width="1">${Array.from({ length: 14 }, (_, i) => `<line x1="${i * 15}" y1="0" x2="${i * 15 + 30}" y2="70"/>`).join("")}</g>
<g font-family="serif" font-size="40" font-weight="700" fill="#27385a">
<text x="16" y="50" transform="rotate(-12 28 40)">k</text>
<text x="50" y="47" transform="rotate(9 62 38)">7</text>
<text x="86" y="52" transform="rotate(-6 98 42)">m</text>
<text x="126" y="46" transform="rotate(14 138 36)">4</text>
<text x="158" y="51" transform="rotate(-10 170 40)">x</text>
</g>
<path d="M2 44 C 40 18, 80 64, 118 34 S 176 52, 198 22" stroke="#27385a" stroke-width="2.5" fill="none"/>
</svg>`

/** 3 × 3 tiles; red circles in tiles 2, 4 and 9. */
const gridScene = (() => {
  const colours = [
    "#cfe3c1",
    "#d7e6f2",
    "#e9dcc2",
    "#d7e6f2",
    "#cfe3c1",
    "#e2d4e8",
    "#e9dcc2",
    "#d7e6f2",
    "#cfe3c1",
  ]
  const shapes: Record<number, string> = {
    1: `<circle cx="50" cy="50" r="26" fill="#d23b2f"/>`,
    3: `<circle cx="50" cy="50" r="30" fill="#c8322a"/><circle cx="42" cy="40" r="8" fill="#f08a80"/>`,
    8: `<circle cx="54" cy="46" r="22" fill="#d23b2f"/>`,
    0: `<rect x="26" y="30" width="48" height="40" rx="6" fill="#3c6fb6"/>`,
    4: `<polygon points="50,20 80,78 20,78" fill="#e0a21b"/>`,
    5: `<rect x="30" y="30" width="40" height="40" fill="#3c9a5f"/>`,
    6: `<circle cx="50" cy="50" r="24" fill="#3c6fb6"/>`,
    7: `<polygon points="50,22 78,50 50,78 22,50" fill="#7a4fb0"/>`,
    2: `<rect x="24" y="40" width="52" height="20" rx="10" fill="#e0a21b"/>`,
  }
  const tiles = colours
    .map(
      (colour, i) =>
        `<g transform="translate(${(i % 3) * 100} ${Math.floor(i / 3) * 100})"><rect width="100" height="100" fill="${colour}"/>${shapes[i] ?? ""}</g>`,
    )
    .join("")
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">${tiles}</svg>`
})()

const redCircleSample = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="48" viewBox="0 0 120 48">
<rect width="120" height="48" fill="#ffffff"/><circle cx="24" cy="24" r="16" fill="#d23b2f"/>
<text x="48" y="30" font-family="sans-serif" font-size="14" fill="#333">like this</text></svg>`

const star = (x: number, y: number, r: number, fill: string) => {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45
    const angle = (Math.PI / 5) * i - Math.PI / 2
    return `${(x + radius * Math.cos(angle)).toFixed(1)},${(y + radius * Math.sin(angle)).toFixed(1)}`
  })
  return `<polygon points="${points.join(" ")}" fill="${fill}"/>`
}

const starsScene = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="260" viewBox="0 0 400 260">
<rect width="400" height="260" fill="#1d2b4f"/>
${Array.from({ length: 30 }, (_, i) => `<circle cx="${(i * 53) % 400}" cy="${(i * 37) % 260}" r="1.5" fill="#9fb3e0"/>`).join("")}
${star(80, 90, 28, "#f4c542")}${star(205, 160, 34, "#f4c542")}${star(322, 72, 24, "#f4c542")}
<circle cx="300" cy="200" r="22" fill="#c9d3ea"/><circle cx="292" cy="194" r="22" fill="#1d2b4f"/>
</svg>`

/** A house turned by 120°: three turns of 40° to the left stand it upright. */
const turnedHouse = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
<rect width="200" height="200" fill="#dbeafe"/>
<g transform="rotate(120 100 100)">
<rect x="0" y="150" width="200" height="50" fill="#7fb069"/>
<rect x="60" y="90" width="80" height="62" fill="#f2e8cf"/>
<polygon points="50,92 100,48 150,92" fill="#bc4b51"/>
<rect x="88" y="116" width="24" height="36" fill="#6b4226"/>
<circle cx="160" cy="40" r="14" fill="#f4c542"/>
</g></svg>`

const car = (x: number, y: number, body: string) =>
  `<g transform="translate(${x} ${y})"><rect x="0" y="22" width="120" height="34" rx="10" fill="${body}"/>
<path d="M22 22 L38 0 H84 L100 22 Z" fill="${body}"/><path d="M42 5 H62 V20 H31 Z M68 5 H82 L94 20 H68 Z" fill="#cfe8ff"/>
<circle cx="28" cy="58" r="12" fill="#222"/><circle cx="92" cy="58" r="12" fill="#222"/></g>`

const streetScene = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300" viewBox="0 0 480 300">
<rect width="480" height="300" fill="#cfe4f7"/><rect y="170" width="480" height="130" fill="#6b6f76"/>
<line x1="0" y1="231" x2="480" y2="231" stroke="#f5f5f5" stroke-width="6" stroke-dasharray="30 20"/>
<rect x="20" y="60" width="90" height="110" fill="#d9c7a3"/><rect x="360" y="40" width="100" height="130" fill="#c9b28a"/>
${car(40, 150, "#c8322a")}${car(300, 196, "#2f6db5")}
</svg>`

const catScene = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">
<rect width="400" height="300" fill="#e8f1dc"/><rect y="220" width="400" height="80" fill="#9cc27a"/>
<ellipse cx="200" cy="200" rx="80" ry="55" fill="#4a4a4a"/>
<circle cx="200" cy="120" r="42" fill="#4a4a4a"/>
<polygon points="166,96 172,52 196,84" fill="#4a4a4a"/><polygon points="234,96 228,52 204,84" fill="#4a4a4a"/>
<circle cx="186" cy="116" r="6" fill="#f4c542"/><circle cx="214" cy="116" r="6" fill="#f4c542"/>
<path d="M278 214 C 320 200, 330 160, 312 140" stroke="#4a4a4a" stroke-width="12" fill="none" stroke-linecap="round"/>
<rect x="40" y="160" width="40" height="60" fill="#b07b4f"/><circle cx="60" cy="140" r="36" fill="#5f9a4a"/>
</svg>`

/** 0.6 s of a soft two-tone signal as 8 kHz 16-bit WAV. */
const recording = (() => {
  const rate = 8000
  const samples = Math.round(rate * 0.6)
  const bytes = new Uint8Array(44 + samples * 2)
  const view = new DataView(bytes.buffer)
  const text = (at: number, value: string) =>
    [...value].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)))
  text(0, "RIFF")
  view.setUint32(4, 36 + samples * 2, true)
  text(8, "WAVEfmt ")
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true)
  view.setUint16(22, 1, true)
  view.setUint32(24, rate, true)
  view.setUint32(28, rate * 2, true)
  view.setUint16(32, 2, true)
  view.setUint16(34, 16, true)
  text(36, "data")
  view.setUint32(40, samples * 2, true)
  for (let i = 0; i < samples; i++) {
    const tone = i < samples / 2 ? 440 : 660
    view.setInt16(44 + i * 2, Math.round(Math.sin((2 * Math.PI * tone * i) / rate) * 6000), true)
  }
  let binary = ""
  bytes.forEach((byte) => (binary += String.fromCharCode(byte)))
  return btoa(binary)
})()

const lease = (seconds: number) => new Date(NOW + seconds * 1000).toISOString()

export const offers = {
  imageToText: (assignmentId = "80000412771"): Offer => ({
    assignmentId,
    type: "ImageToTextTask",
    kind: "image",
    params: {
      case: true,
      numeric: 4,
      minLength: 5,
      maxLength: 5,
      comment: "Type the letters and digits, ignore the line.",
    },
    language: "en",
    files: [svg("body", distortedText)],
    leaseUntil: lease(45),
  }),
  textQuestion: (assignmentId = "80000412802"): Offer => ({
    assignmentId,
    type: "TextCaptchaTask",
    kind: "image",
    params: { comment: "If tomorrow is Friday, what day was yesterday?", language: 2 },
    language: "en",
    files: [],
    leaseUntil: lease(40),
  }),
  grid: (assignmentId = "80000412835"): Offer => ({
    assignmentId,
    type: "GridTask",
    kind: "image",
    params: {
      rows: 3,
      columns: 3,
      minClicks: 1,
      maxClicks: 9,
      comment: "Pick every tile with a red circle.",
    },
    language: "en",
    files: [svg("body", gridScene), svg("imgInstructions", redCircleSample)],
    leaseUntil: lease(60),
  }),
  coordinates: (assignmentId = "80000412860"): Offer => ({
    assignmentId,
    type: "CoordinatesTask",
    kind: "image",
    params: { minClicks: 3, maxClicks: 3, comment: "Click the centre of each star, from left to right." },
    language: "en",
    files: [svg("body", starsScene)],
    leaseUntil: lease(60),
  }),
  rotate: (assignmentId = "80000412894"): Offer => ({
    assignmentId,
    type: "RotateTask",
    kind: "image",
    params: { angle: 40, imageCount: 1, comment: "Turn the picture until the house stands upright." },
    language: null,
    files: [svg("body", turnedHouse)],
    leaseUntil: lease(50),
  }),
  boundingBox: (assignmentId = "80000412917"): Offer => ({
    assignmentId,
    type: "BoundingBoxTask",
    kind: "image",
    params: { comment: "Draw a box around each car." },
    language: "en",
    files: [svg("body", streetScene)],
    leaseUntil: lease(90),
  }),
  drawAround: (assignmentId = "80000412948"): Offer => ({
    assignmentId,
    type: "DrawAroundTask",
    kind: "image",
    params: { comment: "Outline the cat (body, head and ears)." },
    language: "en",
    files: [svg("body", catScene)],
    leaseUntil: lease(90),
  }),
  audio: (assignmentId = "80000412976"): Offer => ({
    assignmentId,
    type: "AudioTask",
    kind: "image",
    params: { lang: "en" },
    language: "en",
    files: [{ name: "body", mime: "audio/wav", data: recording }],
    leaseUntil: lease(60),
  }),
}

export const stats: WorkerStats = {
  types: [
    {
      type: "ImageToTextTask",
      status: "active",
      reason: null,
      suspension: null,
      rating: 412,
      answered: 18342,
      goldAccuracy: 0.97,
      reportedGood: 118,
      reportedBad: 3,
    },
    {
      type: "TextCaptchaTask",
      status: "active",
      reason: null,
      suspension: null,
      rating: 288,
      answered: 2210,
      goldAccuracy: 0.94,
      reportedGood: 12,
      reportedBad: 1,
    },
    {
      type: "GridTask",
      status: "active",
      reason: null,
      suspension: null,
      rating: 236,
      answered: 5120,
      goldAccuracy: 0.91,
      reportedGood: 40,
      reportedBad: 4,
    },
    {
      type: "CoordinatesTask",
      status: "active",
      reason: null,
      suspension: null,
      rating: 164,
      answered: 903,
      goldAccuracy: 0.9,
      reportedGood: 6,
      reportedBad: 0,
    },
    {
      type: "RotateTask",
      status: "active",
      reason: null,
      suspension: null,
      rating: 175,
      answered: 640,
      goldAccuracy: 0.95,
      reportedGood: 2,
      reportedBad: 0,
    },
    {
      type: "BoundingBoxTask",
      status: "active",
      reason: null,
      suspension: null,
      rating: 120,
      answered: 310,
      goldAccuracy: 0.88,
      reportedGood: 1,
      reportedBad: 0,
    },
    {
      type: "DrawAroundTask",
      status: "active",
      reason: null,
      suspension: null,
      rating: 104,
      answered: 95,
      goldAccuracy: null,
      reportedGood: 0,
      reportedBad: 0,
    },
    {
      type: "AudioTask",
      status: "active",
      reason: null,
      suspension: null,
      rating: 131,
      answered: 412,
      goldAccuracy: 0.92,
      reportedGood: 0,
      reportedBad: 0,
    },
  ] as {
    type: string
    status: "training" | "active" | "suspended"
    reason: string | null
    suspension: WorkerStats["types"][number]["suspension"]
    rating: number
    answered: number
    goldAccuracy: number | null
    reportedGood: number
    reportedBad: number
  }[],
  today: { answered: 341, earned: 512_400 },
  balance: { amount: 18_240_000, currency: "USD" },
}

/** When the stories' worker was suspended from bounding boxes: two days before the stories' clock. */
const SUSPENDED_AT = new Date(NOW - 2 * 86_400_000).toISOString()

/** Some types still in training, one suspended for its accuracy on check tasks. */
export const statsWithStanding: WorkerStats = {
  ...stats,
  types: stats.types.map((type) =>
    type.type === "CoordinatesTask" || type.type === "DrawAroundTask"
      ? { ...type, status: "training" as const, rating: 100, answered: 0, goldAccuracy: null }
      : type.type === "BoundingBoxTask"
        ? {
            ...type,
            status: "suspended" as const,
            rating: 40,
            goldAccuracy: 0.62,
            reason: "Accuracy on check tasks is 62 %, below the 70 % needed.",
            suspension: { cause: "goldAccuracy" as const, percent: 62, limit: 70, at: SUSPENDED_AT },
          }
        : type,
  ),
}

/** The training behind statsWithStanding: progress in the types in training, retraining begun in the suspended one. */
export const trainingWithStanding: TrainingData = {
  required: 5,
  passShare: 0.8,
  types: CABINET_TYPES.map((type) =>
    type === "CoordinatesTask"
      ? { type, status: "training" as const, answered: 3, correct: 2, remaining: 4, suspension: null }
      : type === "DrawAroundTask"
        ? { type, status: "training" as const, answered: 0, correct: 0, remaining: 6, suspension: null }
        : type === "BoundingBoxTask"
          ? {
              type,
              status: "suspended" as const,
              answered: 1,
              correct: 1,
              remaining: 5,
              suspension: { cause: "goldAccuracy" as const, percent: 62, limit: 70, at: SUSPENDED_AT },
            }
          : { type, status: "active" as const, answered: 5, correct: 5, remaining: 1, suspension: null },
  ),
}

/** A worker who has just signed up: every type in training, nothing answered yet. */
export const newcomerStats: WorkerStats = {
  types: CABINET_TYPES.map((type) => ({
    type,
    status: "training" as const,
    reason: null,
    suspension: null,
    rating: 100,
    answered: 0,
    goldAccuracy: null,
    reportedGood: 0,
    reportedBad: 0,
  })),
  today: { answered: 0, earned: 0 },
  balance: { amount: 0, currency: "USD" },
}

export const newcomerTraining: TrainingData = {
  required: 5,
  passShare: 0.8,
  types: CABINET_TYPES.map((type) => ({
    type,
    status: "training" as const,
    answered: 0,
    correct: 0,
    remaining: type === "ImageToTextTask" || type === "TextCaptchaTask" ? 8 : 6,
    suspension: null,
  })),
}

/** A network failure as the app shell hands it over (no status). */
export const offline = () =>
  new ApiFailure(
    "We could not reach Manyhands. Check your connection and try again.",
    "FETCH_ERROR",
    undefined,
  )

/** Never answers: a long poll still waiting. */
export const pending = () => new Promise<never>(() => {})

/**
 * The worker API for a story: claims hand out `queue` in order (then wait for ever), and every offer's answer,
 * skip and not-a-captcha addresses answer with the given functions.
 */
export function workerApi({
  queue,
  answer = () => ({ accepted: true, earned: 1_450, currency: "USD" }),
  skip = () => null,
  claim,
  extra = {},
}: {
  queue: Offer[]
  answer?: (body: unknown, id: string) => unknown
  skip?: (body: unknown, id: string) => unknown
  claim?: (body: unknown) => unknown
  extra?: StoryApi
}): StoryApi {
  const waiting = [...queue]
  const api: StoryApi = {
    [`POST ${workerEndpoints.claim.url()}`]: claim ?? (() => waiting.shift() ?? pending()),
    [`POST ${workerEndpoints.heartbeat.url()}`]: () => ({ leaseUntil: null }),
    ...extra,
  }
  for (const offer of queue) {
    const id = offer.assignmentId
    api[`POST ${workerEndpoints.answer.url({ id })}`] = (body: unknown) => answer(body, id)
    api[`POST ${workerEndpoints.skip.url({ id })}`] = (body: unknown) => skip(body, id)
    api[`POST ${workerEndpoints.notACaptcha.url({ id })}`] = (body: unknown) => skip(body, id)
  }
  return api
}
