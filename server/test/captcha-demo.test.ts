import {
  DEMO_SLUGS,
  DEMOS,
  demoBySlug,
  isTokenDemo,
  type DemoChallenge,
  type DemoInfo,
  type DemoToken,
  type DemoVerdict,
} from "@manyhands/contract/captcha-demo"
import type { FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import { parseClassicSubmission } from "../src/modules/captcha/parse-classic"
import { parseV2Task } from "../src/modules/captcha/parse-v2"
import { isRight, makeChallenge, type DemoAnswer } from "../src/modules/demos/challenges"
import { CaptchaDemos, DemoError, V3_HUMAN_DELAY_MS } from "../src/modules/demos/demos"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

/** The right answer to a challenge, read where the server keeps it (as a person would see it in the picture). */
async function rightAnswer(db: Database, id: string): Promise<unknown> {
  const { rows } = await db.query<{ answer: DemoAnswer }>(
    "SELECT answer FROM demo_challenges WHERE id = $1",
    [id],
  )
  const answer = rows[0]!.answer
  switch (answer.kind) {
    case "text":
      return answer.text.toLowerCase()
    case "grid":
      return answer.cells
    case "slider":
      return answer.x + 3
    case "rotate":
      return 360 - answer.turn
    case "click":
      return answer.boxes.map((box) => ({ x: (box.xMin + box.xMax) / 2, y: (box.yMin + box.yMax) / 2 }))
    case "none":
      return undefined
  }
}

const refusalCodeOf = async (work: Promise<unknown>) => {
  try {
    await work
  } catch (error) {
    if (error instanceof DemoError) return error.code
    throw error
  }
  return null
}

describe("the demos' challenges", () => {
  it("checks each kind of answer, with the tolerances and the text alternative", () => {
    const grid = makeChallenge(demoBySlug("recaptcha-v2")!, "seed-1")
    expect(grid.image).toMatch(/^data:image\/png;base64,/)
    expect(grid.alternative).toMatch(/^Type the digits: \w+, \w+, \w+, \w+$/)
    const gridAnswer = grid.answer as Extract<DemoAnswer, { kind: "grid" }>
    expect(isRight(gridAnswer, [...gridAnswer.cells].reverse())).toBe(true)
    expect(isRight(gridAnswer, gridAnswer.cells.slice(1))).toBe(false)
    expect(isRight(gridAnswer, gridAnswer.alternative)).toBe(true)
    expect(isRight(gridAnswer, "0000")).toBe(gridAnswer.alternative === "0000")

    expect(isRight({ kind: "slider", x: 120 }, 126)).toBe(true)
    expect(isRight({ kind: "slider", x: 120 }, 127)).toBe(false)
    expect(isRight({ kind: "rotate", turn: 90 }, 270)).toBe(true)
    expect(isRight({ kind: "rotate", turn: 90 }, -80)).toBe(true)
    expect(isRight({ kind: "rotate", turn: 90 }, 90)).toBe(false)
    expect(isRight({ kind: "text", text: "K7PQA" }, " k7p qa")).toBe(true)
    expect(isRight({ kind: "text", text: "K7PQA" }, "K7PQ")).toBe(false)
    const box = { xMin: 10, xMax: 30, yMin: 10, yMax: 30 }
    const click: DemoAnswer = { kind: "click", boxes: [box, { xMin: 100, xMax: 120, yMin: 10, yMax: 30 }] }
    expect(
      isRight(click, [
        { x: 110, y: 20 },
        { x: 20, y: 20 },
      ]),
    ).toBe(true)
    // The same shape twice is not two shapes.
    expect(
      isRight(click, [
        { x: 20, y: 20 },
        { x: 21, y: 21 },
      ]),
    ).toBe(false)
    expect(isRight(click, "20,20")).toBe(false)
  })

  it("makes a challenge of every demo's kind, the same for the same seed", () => {
    for (const demo of DEMOS) {
      const made = makeChallenge(demo, "seed-2")
      expect(made.kind).toBe(demo.challenge)
      expect(makeChallenge(demo, "seed-2")).toEqual(made)
      if (["grid", "slider", "text-image", "rotate", "click"].includes(demo.challenge))
        expect(made.image, demo.slug).toMatch(/^data:image\/png;base64,/)
    }
  })
})

describe.each(engines)("the demos over HTTP on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
  })
  afterAll(() => stop())

  const post = (url: string, payload: object) => app.inject({ method: "POST", url, payload })

  it("lists every demo of the spec, each with a task the API accepts as it is", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/captcha-demo" })
    expect(response.statusCode).toBe(200)
    const { demos } = response.json<{ demos: DemoInfo[] }>()
    expect(demos.map((demo) => demo.slug)).toEqual(DEMO_SLUGS)
    for (const slug of DEMO_SLUGS) {
      const info = (await app.inject({ method: "GET", url: `/api/v1/captcha-demo/${slug}` })).json<DemoInfo>()
      expect(info.pageUrl).toMatch(new RegExp(`^http://localhost(:80)?/demo/${slug}$`))
      // The programs of the docs (curl and seven languages) for this demo's task, in both versions.
      expect(info.samples!.v2.map((sample) => sample.language)).toHaveLength(8)
      if (info.siteKey && !slug.startsWith("hcaptcha"))
        for (const sample of info.samples!.v2)
          expect(sample.code, `${slug} ${sample.language}`).toContain(info.siteKey)
      if (slug.startsWith("hcaptcha")) continue // its task is the widget's picture (below)
      const type = demoBySlug(slug)!.taskType.replace("Proxyless", "")
      expect(parseV2Task(info.createTask, {}).type, slug).toBe(type)
      const fields = Object.fromEntries(
        Object.entries(info.inPhp!).map(([name, value]) => [name, String(value)]),
      )
      expect(parseClassicSubmission(fields, {}).type, `${slug} through in.php`).toBe(type)
    }
  })

  it("solves every demo once: a token widget's token, or an image demo's answer, verified then refused as used", async () => {
    for (const demo of DEMOS) {
      const info = (
        await app.inject({ method: "GET", url: `/api/v1/captcha-demo/${demo.slug}` })
      ).json<DemoInfo>()
      let verification: object
      if (isTokenDemo(demo)) {
        const made = await post(`/api/v1/captcha-demo/${demo.slug}/challenge`, {
          siteKey: demo.siteKey,
          pageUrl: info.pageUrl,
          ...(info.geetestChallenge ? { pageData: info.geetestChallenge } : {}),
        })
        expect(made.statusCode, demo.slug).toBe(201)
        const challenge = made.json<DemoChallenge>()
        expect(JSON.stringify(challenge)).not.toContain('"answer"')
        const solved = await post(`/api/v1/captcha-demo/${demo.slug}/solve`, {
          challengeId: challenge.id,
          ...(demo.challenge === "score" ? {} : { answer: await rightAnswer(db, challenge.id) }),
        })
        expect(solved.statusCode, demo.slug).toBe(201)
        const token = solved.json<DemoToken>()
        // The page posts the vendor's fields, as the vendor's widget leaves them in the form.
        verification = { fields: token.fields, siteKey: demo.siteKey }
        if (demo.geetestVersion === 3) expect(token.fields.geetest_challenge).toBe(info.geetestChallenge)
        if (demo.challenge === "score") {
          // Executed at once: a low score.
          const verdict = (
            await post(`/api/v1/captcha-demo/${demo.slug}/verify`, verification)
          ).json<DemoVerdict>()
          expect(verdict).toMatchObject({
            success: false,
            reason: "LOW_SCORE",
            score: 0.3,
            action: demo.action,
          })
          continue
        }
      } else {
        verification = { challengeId: info.task!.id, answer: await rightAnswer(db, info.task!.id) }
      }
      const first = await post(`/api/v1/captcha-demo/${demo.slug}/verify`, verification)
      expect(first.statusCode).toBe(200)
      expect(first.json<DemoVerdict>(), demo.slug).toMatchObject({ success: true, reason: null })
      const again = (await post(`/api/v1/captcha-demo/${demo.slug}/verify`, verification)).json<DemoVerdict>()
      expect(again, demo.slug).toMatchObject({ success: false, reason: "ALREADY_USED" })
    }
  })

  it("refuses wrong answers, other site keys, other demos' responses and made-up ones with their reasons", async () => {
    const pageUrl = "http://localhost/demo/recaptcha-v2"
    const challenge = (
      await post("/api/v1/captcha-demo/recaptcha-v2/challenge", {
        siteKey: demoBySlug("recaptcha-v2")!.siteKey,
        pageUrl,
      })
    ).json<DemoChallenge>()
    const wrong = await post("/api/v1/captcha-demo/recaptcha-v2/solve", {
      challengeId: challenge.id,
      answer: [],
    })
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json()).toMatchObject({ error: { code: "WRONG_ANSWER" } })
    // One answer per challenge.
    const retry = await post("/api/v1/captcha-demo/recaptcha-v2/solve", {
      challengeId: challenge.id,
      answer: await rightAnswer(db, challenge.id),
    })
    expect(retry.json()).toMatchObject({ error: { code: "CHALLENGE_USED" } })

    const otherKey = await post("/api/v1/captcha-demo/recaptcha-v2/challenge", {
      siteKey: demoBySlug("recaptcha-v2-callback")!.siteKey,
      pageUrl,
    })
    expect(otherKey.statusCode).toBe(422)
    expect(otherKey.json()).toMatchObject({ error: { code: "WRONG_SITE_KEY" } })

    const fresh = (
      await post("/api/v1/captcha-demo/recaptcha-v2/challenge", {
        siteKey: demoBySlug("recaptcha-v2")!.siteKey,
        pageUrl,
      })
    ).json<DemoChallenge>()
    const token = (
      await post("/api/v1/captcha-demo/recaptcha-v2/solve", {
        challengeId: fresh.id,
        answer: await rightAnswer(db, fresh.id),
      })
    ).json<DemoToken>()
    // A token of one demo at another's verifier (another site key), and with the page naming another key.
    const elsewhere = await post("/api/v1/captcha-demo/recaptcha-v2-callback/verify", {
      response: token.token,
    })
    expect(elsewhere.json()).toMatchObject({ success: false, reason: "WRONG_SITE_KEY" })
    const claimed = await post("/api/v1/captcha-demo/recaptcha-v2/verify", {
      response: token.token,
      siteKey: demoBySlug("recaptcha-v2-callback")!.siteKey,
    })
    expect(claimed.json()).toMatchObject({ success: false, reason: "WRONG_SITE_KEY" })
    // A token the widget issued on another page: not for this demo's page.
    const away = (
      await post("/api/v1/captcha-demo/recaptcha-v2/challenge", {
        siteKey: demoBySlug("recaptcha-v2")!.siteKey,
        pageUrl: "https://elsewhere.example/login",
      })
    ).json<DemoChallenge>()
    const awayToken = (
      await post("/api/v1/captcha-demo/recaptcha-v2/solve", {
        challengeId: away.id,
        answer: await rightAnswer(db, away.id),
      })
    ).json<DemoToken>()
    for (let twice = 0; twice < 2; twice++)
      expect(
        (await post("/api/v1/captcha-demo/recaptcha-v2/verify", { response: awayToken.token })).json(),
      ).toMatchObject({ success: false, reason: "WRONG_PAGE" })
    // Neither used it up.
    expect(
      (await post("/api/v1/captcha-demo/recaptcha-v2/verify", { response: token.token })).json(),
    ).toMatchObject({
      success: true,
    })
    expect(
      (await post("/api/v1/captcha-demo/recaptcha-v2/verify", { response: "03Amadeup" })).json(),
    ).toMatchObject({
      success: false,
      reason: "UNKNOWN_RESPONSE",
    })

    const picture = (await app.inject({ method: "GET", url: "/api/v1/captcha-demo/normal" })).json<DemoInfo>()
    const wrongText = await post("/api/v1/captcha-demo/normal/verify", {
      challengeId: picture.task!.id,
      answer: "nope",
    })
    expect(wrongText.json()).toMatchObject({ success: false, reason: "WRONG_ANSWER" })
    const sameAgain = await post("/api/v1/captcha-demo/normal/verify", {
      challengeId: picture.task!.id,
      answer: await rightAnswer(db, picture.task!.id),
    })
    expect(sameAgain.json()).toMatchObject({ success: false, reason: "ALREADY_USED" })
    const otherPicture = (
      await app.inject({ method: "GET", url: "/api/v1/captcha-demo/text" })
    ).json<DemoInfo>()
    const crossed = await post("/api/v1/captcha-demo/normal/verify", {
      challengeId: otherPicture.task!.id,
      answer: await rightAnswer(db, otherPicture.task!.id),
    })
    expect(crossed.json()).toMatchObject({ success: false, reason: "WRONG_DEMO" })
  })

  it("answers bad input with a clear error, never a 5xx", async () => {
    expect((await app.inject({ method: "GET", url: "/api/v1/captcha-demo/nope" })).json()).toMatchObject({
      error: { code: "DEMO_NOT_FOUND" },
    })
    const extra = await post("/api/v1/captcha-demo/recaptcha-v2/verify", { response: "x", secret: "y" })
    expect(extra.statusCode).toBe(400)
    const picture = await post("/api/v1/captcha-demo/normal/challenge", { siteKey: "x", pageUrl: "http://x" })
    expect(picture.statusCode).toBe(409)
    expect(picture.json()).toMatchObject({ error: { code: "NOT_A_TOKEN_DEMO" } })
    const noChallenge = await post("/api/v1/captcha-demo/recaptcha-v2/solve", {
      challengeId: "0".repeat(32),
      answer: [1],
    })
    expect(noChallenge.statusCode).toBe(404)
    const badAnswer = await post("/api/v1/captcha-demo/recaptcha-v2/solve", {
      challengeId: "0".repeat(32),
      answer: { cells: [1] },
    })
    expect(badAnswer.statusCode).toBe(400)
  })
})

describe.each(engines)("the demos' lifetimes on $name", (engine) => {
  let db: Database
  let drop: () => Promise<void>
  let now = new Date("2026-11-30T10:00:00Z")
  let demos: CaptchaDemos
  beforeAll(async () => {
    ;({ db, drop } = await engine.create("migrated"))
    demos = new CaptchaDemos(db, { now: () => now })
  })
  afterAll(() => drop())

  const later = (ms: number) => {
    now = new Date(now.getTime() + ms)
  }

  it("refuses an expired challenge and an expired token", async () => {
    const demo = demoBySlug("cloudflare-turnstile")!
    const where = { siteKey: demo.siteKey!, pageUrl: "http://localhost/demo/cloudflare-turnstile" }
    const stale = await demos.challenge(demo.slug, where)
    later(demo.lifetimeSeconds * 1000)
    expect(await refusalCodeOf(demos.solve(demo.slug, { challengeId: stale.id }))).toBe("CHALLENGE_EXPIRED")

    const challenge = await demos.challenge(demo.slug, where)
    const token = await demos.solve(demo.slug, { challengeId: challenge.id })
    later(demo.lifetimeSeconds * 1000 - 1)
    const expired = { response: token.token }
    const fresh = await demos.solve(demo.slug, { challengeId: (await demos.challenge(demo.slug, where)).id })
    later(1)
    expect(await demos.verify(demo.slug, expired)).toMatchObject({ success: false, reason: "EXPIRED" })
    expect(await demos.verify(demo.slug, { response: fresh.token })).toMatchObject({ success: true })

    const picture = await demos.info("rotatecaptcha", "http://localhost")
    later(demoBySlug("rotatecaptcha")!.lifetimeSeconds * 1000)
    expect(await demos.verify("rotatecaptcha", { challengeId: picture.task!.id, answer: 0 })).toMatchObject({
      reason: "EXPIRED",
    })
  })

  it("scores a v3 visit that waited high, checks the action, and refuses a low score", async () => {
    const demo = demoBySlug("recaptcha-v3")!
    const where = { siteKey: demo.siteKey!, pageUrl: "http://localhost/demo/recaptcha-v3" }
    const patient = await demos.challenge(demo.slug, where)
    later(V3_HUMAN_DELAY_MS)
    const high = await demos.solve(demo.slug, { challengeId: patient.id, action: demo.action })
    expect(await demos.verify(demo.slug, { response: high.token, action: "another_action" })).toMatchObject({
      success: false,
      reason: "WRONG_ACTION",
    })

    const again = await demos.challenge(demo.slug, where)
    later(V3_HUMAN_DELAY_MS)
    const good = await demos.solve(demo.slug, { challengeId: again.id, action: demo.action })
    expect(await demos.verify(demo.slug, { response: good.token, action: demo.action })).toMatchObject({
      success: true,
      score: 0.9,
      action: demo.action,
    })

    const hasty = await demos.challenge(demo.slug, where)
    const low = await demos.solve(demo.slug, { challengeId: hasty.id })
    expect(await demos.verify(demo.slug, { response: low.token })).toMatchObject({
      success: false,
      reason: "LOW_SCORE",
      score: 0.3,
    })
  })
})
