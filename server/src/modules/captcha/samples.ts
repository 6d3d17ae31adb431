// The samples of /testcaptcha: pictures and a question to try the test page with, answers included, drawn once
// per process (rasteriser.ts). Served by sample-routes.ts.

import { createHash } from "node:crypto"
import { customerApi, type CaptchaSample } from "@manyhands/contract/captcha"
import { renderGridCaptcha, renderTextCaptcha, type Shape } from "./rasteriser"

export interface SampleFile {
  sample: CaptchaSample
  png: Buffer | null
}

/**
 * Texts whose rules suit any reasonable answer of five letters and digits (the cabinet benchmark answers
 * "abc12"): no "digits only" or "two words" here.
 */
const TEXT_SAMPLES: { text: string; fields: Record<string, string> }[] = [
  { text: "w7mk4", fields: {} },
  { text: "Hd3Ry", fields: { regsense: "1" } },
  { text: "52b8x", fields: { numeric: "4" } },
  { text: "p8nte", fields: { min_len: "5", max_len: "5" } },
  { text: "k3vz6", fields: { language: "2" } },
]

const QUESTION = { question: "Which number is bigger: 12 or 21?", answer: "21" }

const GRID: { shapes: Shape[]; instructions: string } = {
  shapes: ["triangle", "circle", "square", "circle", "star", "cross", "square", "triangle", "circle"],
  instructions: "Select all images with a circle",
}

const shortHash = (data: Buffer | string) => createHash("sha256").update(data).digest("hex").slice(0, 10)

function buildSamples(): SampleFile[] {
  const withPicture = (
    kind: string,
    type: string,
    png: Buffer,
    fields: Record<string, string>,
    answer: string,
  ) => {
    const id = `${kind}-${shortHash(png)}`
    return { sample: { id, type, fields, imageUrl: customerApi.sampleImage.url({ id }), answer }, png }
  }
  const circles = GRID.shapes.flatMap((shape, index) => (shape === "circle" ? [index + 1] : []))
  return [
    ...TEXT_SAMPLES.map(({ text, fields }) =>
      withPicture("text", "ImageToTextTask", renderTextCaptcha(text), fields, text),
    ),
    {
      sample: {
        id: `question-${shortHash(QUESTION.question)}`,
        type: "TextCaptchaTask",
        fields: { textcaptcha: QUESTION.question },
        imageUrl: null,
        answer: QUESTION.answer,
      },
      png: null,
    },
    withPicture(
      "grid",
      "GridTask",
      renderGridCaptcha(GRID.shapes, "sample"),
      { recaptcha: "1", textinstructions: GRID.instructions, recaptcharows: "3", recaptchacols: "3" },
      `click:${circles.join("/")}`,
    ),
  ]
}

let built: SampleFile[] | undefined
/** The samples, drawn once per process. */
export function captchaSamples(): SampleFile[] {
  built ??= buildSamples()
  return built
}
