import type { AddressInfo } from "node:net"
import { Solver } from "@2captcha/captcha-solver"
import {
  DEMOS,
  isTokenDemo,
  type DemoChallenge,
  type DemoDefinition,
  type DemoInfo,
  type DemoToken,
  type DemoVerdict,
} from "@manyhands/contract/captcha-demo"
import type { Offer } from "@manyhands/contract/worker"
import type { FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import type { DemoAnswer } from "../src/modules/demos/challenges"
import { V3_HUMAN_DELAY_MS } from "../src/modules/demos/demos"
import { giveApiKey, userId } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

/*
 * Every demo solved through the real API, as an integrator proves their code: the official npm client
 * (@2captcha/captcha-solver, in.php / res.php) sends the demo's task; a scripted worker takes it from the engine's
 * queue, asks our widget for a challenge for the task's site key and page (as worker software would), answers it
 * and hands the token back as the task's answer; the customer verifies what the client returned.
 */

const CUSTOMER = "customer@demo.manyhands.dev"
const WORKER = "worker@demo.manyhands.dev"
/** The client sleeps this long before every poll (ms). */
const POLL_MS = 50

describe.each(engines)("the demos through the API on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let base: string
  let solver: Solver
  let workerId: string

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    await app.listen({ host: "127.0.0.1", port: 0 })
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    solver = new Solver(await giveApiKey(db, CUSTOMER), POLL_MS)
    // The client has no host option: its in.php and res.php addresses point at this server.
    Object.defineProperty(solver, "in", { value: `${base}/in.php` })
    Object.defineProperty(solver, "res", { value: `${base}/res.php` })
    workerId = await userId(db, WORKER)
  })
  afterAll(() => stop())

  const get = async <T>(path: string) => (await (await fetch(`${base}${path}`)).json()) as T
  const post = async <T>(path: string, body: object) => {
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    })
    expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300)
    return (await response.json()) as T
  }
  /** What a person reads off a challenge (the scripted worker's eyes). */
  const answerOf = async (id: string) =>
    (await db.query<{ answer: DemoAnswer }>("SELECT answer FROM demo_challenges WHERE id = $1", [id]))
      .rows[0]!.answer

  /** Waits for the next task of a type in the queue and answers it with what `solve` makes of the offer. */
  async function work(type: string, solve: (offer: Offer) => Promise<unknown>) {
    for (let tries = 0; tries < 20; tries++) {
      const offer = await app.captchaEngine.workers.claim(workerId, { waitMs: 1_000, types: [type] })
      if (!offer) continue
      const outcome = await app.captchaEngine.workers.answer(workerId, offer.assignmentId, await solve(offer))
      return { offer, outcome }
    }
    throw new Error(`No ${type} task reached the worker`)
  }

  /** Worker software on a demo's widget: a challenge for the task's site key and page, answered; the token. */
  async function widgetToken(demo: DemoDefinition, siteKey: string, pageUrl: string, pageData?: string) {
    const challenge = await post<DemoChallenge>(`/api/v1/captcha-demo/${demo.slug}/challenge`, {
      siteKey,
      pageUrl,
      ...(pageData ? { pageData } : {}),
    })
    const answer = await answerOf(challenge.id)
    // reCAPTCHA v3 scores a visit that takes its time.
    if (demo.challenge === "score") await new Promise((done) => setTimeout(done, V3_HUMAN_DELAY_MS))
    return post<DemoToken>(`/api/v1/captcha-demo/${demo.slug}/solve`, {
      challengeId: challenge.id,
      ...(answer.kind === "grid" ? { answer: answer.cells } : {}),
      ...(answer.kind === "slider" ? { answer: answer.x } : {}),
      ...(answer.kind === "text" ? { answer: answer.text } : {}),
      ...(demo.action ? { action: demo.action } : {}),
    })
  }

  /** The worker's answer of a token type, from the widget's fields. */
  function workerAnswer(demo: DemoDefinition, token: DemoToken): Record<string, unknown> {
    if (demo.vendor === "recaptcha") return { gRecaptchaResponse: token.token }
    if (demo.vendor === "turnstile")
      return { token: token.token, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0" }
    if (demo.vendor === "mtcaptcha") return { token: token.token }
    // GeeTest and Lemin answer with their fields (GeeTest v3's without the geetest_ prefix).
    return Object.fromEntries(
      Object.entries(token.fields).map(([name, value]) => [name.replace(/^geetest_/, ""), value]),
    )
  }

  /** The official client's call for a token demo, with the values the demo page shows. */
  function send(info: DemoInfo) {
    const pageurl = info.pageUrl
    switch (info.vendor) {
      case "recaptcha":
        return solver.recaptcha({
          pageurl,
          googlekey: info.siteKey!,
          ...(info.invisible ? { invisible: 1 as const } : {}),
          ...(info.enterprise ? { enterprise: 1 as const } : {}),
          ...(info.challenge === "score"
            ? { version: "v3", action: info.action!, min_score: info.minScore! }
            : {}),
        })
      case "turnstile":
        return solver.cloudflareTurnstile({
          pageurl,
          sitekey: info.siteKey!,
          ...(info.action ? { action: info.action } : {}),
          ...(info.cData ? { data: info.cData } : {}),
        })
      case "geetest":
        return info.geetestVersion === 4
          ? solver.geetestV4({ pageurl, captcha_id: info.siteKey! })
          : solver.geetest({ pageurl, gt: info.siteKey!, challenge: info.geetestChallenge! })
      case "lemin":
        return solver.lemin({ pageurl, captcha_id: info.siteKey!, div_id: "lemin-cropped-captcha" })
      case "mtcaptcha":
        return solver.mtCaptcha({ pageurl, sitekey: info.siteKey! })
      default:
        throw new Error(`${info.slug} is not sent by its site key`)
    }
  }

  const verify = (slug: string, body: object) =>
    post<DemoVerdict>(`/api/v1/captcha-demo/${slug}/verify`, body)
  const tokenDemos = DEMOS.filter((demo) => isTokenDemo(demo) && demo.vendor !== "hcaptcha")

  it.each(tokenDemos.map((demo) => [demo.slug, demo] as const))(
    "%s: the client sends the site key, a worker solves the widget, the page's server accepts the token once",
    async (_slug, demo) => {
      const info = await get<DemoInfo>(`/api/v1/captcha-demo/${demo.slug}`)
      const solved = send(info)
      const type = demo.taskType.replace("Proxyless", "")
      const { offer } = await work(type, async (task) => {
        const params = task.params as Record<string, unknown>
        const init = params.initParameters as Record<string, string> | undefined
        const key = String(params.websiteKey ?? params.gt ?? params.captchaId ?? init?.captcha_id)
        return workerAnswer(
          demo,
          await widgetToken(demo, key, String(params.websiteURL), params.challenge as string),
        )
      })
      expect(offer.params.websiteURL).toBe(info.pageUrl)
      const result = await solved
      // Tokens come back as the string; GeeTest and Lemin as their fields (a JSON object).
      const response =
        typeof result.data === "string" && !result.data.startsWith("{")
          ? { response: result.data }
          : { fields: typeof result.data === "string" ? JSON.parse(result.data) : result.data }
      const first = await verify(demo.slug, {
        ...response,
        ...(info.siteKey ? { siteKey: info.siteKey } : {}),
      })
      expect(first, JSON.stringify(result.data)).toMatchObject({ success: true, reason: null })
      expect(await verify(demo.slug, response)).toMatchObject({ success: false, reason: "ALREADY_USED" })
    },
  )

  it.each(DEMOS.filter((demo) => demo.vendor === "hcaptcha").map((demo) => [demo.slug, demo] as const))(
    "%s: the widget's picture grid goes to the API as a grid task, its cells answer the widget",
    async (_slug, demo) => {
      const info = await get<DemoInfo>(`/api/v1/captcha-demo/${demo.slug}`)
      const challenge = await post<DemoChallenge>(`/api/v1/captcha-demo/${demo.slug}/challenge`, {
        siteKey: info.siteKey,
        pageUrl: info.pageUrl,
      })
      const solved = solver.grid({
        body: challenge.image!.replace(/^data:image\/png;base64,/, ""),
        textinstructions: challenge.prompt,
        recaptcha: 1,
        rows: 3,
        cols: 3,
      })
      const answer = await answerOf(challenge.id)
      await work("GridTask", async () => ({ click: answer.kind === "grid" ? answer.cells : [] }))
      const result = await solved
      const cells = String(result.data)
        .replace(/^click:/, "")
        .split("/")
        .map(Number)
      const token = await post<DemoToken>(`/api/v1/captcha-demo/${demo.slug}/solve`, {
        challengeId: challenge.id,
        answer: cells,
      })
      expect(await verify(demo.slug, { fields: token.fields, siteKey: info.siteKey! })).toMatchObject({
        success: true,
      })
    },
  )

  it.each(DEMOS.filter((demo) => !isTokenDemo(demo)).map((demo) => [demo.slug, demo] as const))(
    "%s: this visit's picture goes to the API, the worker's answer passes the verifier",
    async (_slug, demo) => {
      const { task } = await get<DemoInfo>(`/api/v1/captcha-demo/${demo.slug}`)
      const body = task!.image?.replace(/^data:image\/png;base64,/, "") ?? ""
      const answer = await answerOf(task!.id)
      const solved =
        demo.challenge === "text-question"
          ? solver.text({ textcaptcha: task!.prompt })
          : demo.challenge === "rotate"
            ? solver.rotate({ body, angle: 30 })
            : demo.challenge === "click"
              ? solver.coordinates({ body, textinstructions: task!.prompt })
              : solver.imageCaptcha({ body })
      const type =
        demo.challenge === "text-question"
          ? "TextCaptchaTask"
          : demo.challenge === "rotate"
            ? "RotateTask"
            : demo.challenge === "click"
              ? "CoordinatesTask"
              : "ImageToTextTask"
      await work(type, async () => {
        switch (answer.kind) {
          case "text":
            return { text: answer.text }
          case "rotate":
            return { rotate: 360 - answer.turn }
          case "click":
            return {
              coordinates: answer.boxes.map((box) => ({
                x: Math.round((box.xMin + box.xMax) / 2),
                y: Math.round((box.yMin + box.yMax) / 2),
              })),
            }
          default:
            throw new Error(`No worker answer for ${answer.kind}`)
        }
      })
      const result = await solved
      const given =
        demo.challenge === "click" && Array.isArray(result.data)
          ? result.data
          : demo.challenge === "click"
            ? String(result.data)
                .replace(/^coordinates:/, "")
                .split(";")
                .map((point) => {
                  const [x, y] = point.split(",").map((part) => Number(part.split("=")[1]))
                  return { x: x!, y: y! }
                })
            : demo.challenge === "rotate"
              ? Number(result.data)
              : String(result.data)
      expect(await verify(demo.slug, { challengeId: task!.id, answer: given })).toMatchObject({
        success: true,
      })
    },
  )
})
