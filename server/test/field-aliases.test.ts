import { randomBytes } from "node:crypto"
import type { FastifyInstance } from "fastify"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import type { Offer } from "@manyhands/contract/worker"
import { giveApiKey, pngImage, userId } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

/*
 * Every field alias of the API reference (captcha-api §1.3, §2.4, §2.7, §3.2, §3.4, §3.6) reaches the worker:
 * a task submitted with the alias is offered with the value under the field's own (v2) name, as the worker API
 * hands it out.
 */

const PAGE = "https://example.com/login"
const GKEY = "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI"
const TKEY = "0x4AAAAAAAC3DHQFLr1GavRN"
const PROXY = { proxy: "1.2.3.4:3128", proxytype: "HTTP" }
const image = () => pngImage(120, 40).toString("base64")

interface AliasCase {
  /** What is sent, in the alias's name. */
  alias: string
  api: "classic" | "v2"
  type: string
  /** The submission (in.php parameters, or the v2 task object); `$` in a value is made unique per case. */
  fields: Record<string, unknown>
  /** What the worker finds in the offer's params. */
  params: Record<string, unknown>
}

const geetest = { method: "geetest", gt: "gt-1", challenge: "ch-1", pageurl: PAGE }
const grid = { method: "base64", recaptcha: "1", textinstructions: "cars $" }
const keyCaptcha = { method: "keycaptcha", pageurl: PAGE }

const CASES: AliasCase[] = [
  // §3.6 and the renames of the Python client (§3.4)
  ...[
    [
      "datas",
      { method: "userrecaptcha", googlekey: GKEY, pageurl: PAGE, datas: "s-$" },
      "RecaptchaV2Task",
      { recaptchaDataSValue: "s-$" },
    ],
    [
      "data-s (Enterprise)",
      { method: "userrecaptcha", enterprise: "1", googlekey: GKEY, pageurl: PAGE, "data-s": "s-$" },
      "RecaptchaV2EnterpriseTask",
      { enterprisePayload: { s: "s-$" } },
    ],
    [
      "userAgent",
      { method: "turnstile", sitekey: TKEY, pageurl: PAGE, userAgent: "UA $" },
      "TurnstileTask",
      { userAgent: "UA $" },
    ],
    [
      "useragent",
      { method: "captchafox", sitekey: "fox-key", pageurl: PAGE, useragent: "UA $", ...PROXY },
      "CaptchaFoxTask",
      { userAgent: "UA $" },
    ],
    ["previousId", { ...grid, previousId: "prev-$" }, "GridTask", { previousId: "prev-$" }],
    [
      "caseSensitive",
      { method: "base64", caseSensitive: "1", textinstructions: "$" },
      "ImageToTextTask",
      { case: true, comment: "$" },
    ],
    [
      "minLen / maxLen",
      { method: "base64", minLen: "2", maxLen: "7", textinstructions: "$" },
      "ImageToTextTask",
      { minLength: 2, maxLength: 7 },
    ],
    [
      "minLength / maxLength",
      { method: "base64", minLength: "3", maxLength: "8", textinstructions: "$" },
      "ImageToTextTask",
      { minLength: 3, maxLength: 8 },
    ],
    ["hintText", { method: "base64", hintText: "type it $" }, "ImageToTextTask", { comment: "type it $" }],
    [
      "url",
      { method: "turnstile", sitekey: TKEY, url: `${PAGE}?$` },
      "TurnstileTask",
      { websiteURL: `${PAGE}?$` },
    ],
    [
      "score",
      { method: "userrecaptcha", version: "v3", googlekey: GKEY, pageurl: `${PAGE}?$`, score: "0.7" },
      "RecaptchaV3Task",
      { minScore: 0.7, websiteURL: `${PAGE}?$` },
    ],
    ["text", { method: "post", text: "2 + 2 = ? $" }, "TextCaptchaTask", { comment: "2 + 2 = ? $" }],
    [
      "rows / cols",
      { ...grid, rows: "2", cols: "5" },
      "GridTask",
      { rows: 2, columns: 5, comment: "cars $" },
    ],
    ["canSkip", { ...grid, canSkip: "1" }, "GridTask", { canNoAnswer: true, comment: "cars $" }],
    [
      "apiServer (GeeTest)",
      { ...geetest, apiServer: "api-$.geetest.com" },
      "GeeTestTask",
      { geetestApiServerSubdomain: "api-$.geetest.com" },
    ],
  ].map(([alias, fields, type, params]) => ({ api: "classic", alias, fields, type, params }) as AliasCase),
  // the renames of the JS client (§3.2)
  ...[
    [
      "minClicks / maxClicks",
      { method: "base64", coordinatescaptcha: "1", textinstructions: "$", minClicks: "2", maxClicks: "4" },
      "CoordinatesTask",
      { minClicks: 2, maxClicks: 4, comment: "$" },
    ],
    ["imgType", { ...grid, imgType: "funcaptcha" }, "GridTask", { imgType: "funcaptcha", comment: "cars $" }],
    [
      "userId / sessionId / webServerSign / webServerSign2",
      { ...keyCaptcha, userId: "u-$", sessionId: "s-$", webServerSign: "w1-$", webServerSign2: "w2-$" },
      "KeyCaptchaTask",
      {
        s_s_c_user_id: "u-$",
        s_s_c_session_id: "s-$",
        s_s_c_web_server_sign: "w1-$",
        s_s_c_web_server_sign2: "w2-$",
      },
    ],
    [
      "miseryKey / apiKey",
      { method: "cutcaptcha", pageurl: PAGE, miseryKey: "m-$", apiKey: "a-$" },
      "CutCaptchaTask",
      { miseryKey: "m-$", apiKey: "a-$" },
    ],
    ["appId", { method: "tencent", pageurl: PAGE, appId: "app-$" }, "TencentTask", { appId: "app-$" }],
    [
      "appId / apiServer (atb)",
      { method: "atb_captcha", pageurl: PAGE, appId: "app-$", apiServer: "https://atb-$.example" },
      "AtbCaptchaTask",
      { appId: "app-$", apiServer: "https://atb-$.example" },
    ],
    [
      "challengeUrl",
      { method: "altcha", pageurl: PAGE, challengeUrl: "https://example.com/altcha?$" },
      "AltchaTask",
      { challengeURL: "https://example.com/altcha?$" },
    ],
    [
      "challengeJson",
      { method: "altcha", pageurl: PAGE, challengeJson: '{"c":"$"}' },
      "AltchaTask",
      { challengeJSON: '{"c":"$"}' },
    ],
    [
      "captcha_url (Altcha)",
      { method: "altcha", pageurl: PAGE, captcha_url: "https://example.com/altcha?$" },
      "AltchaTask",
      { challengeURL: "https://example.com/altcha?$" },
    ],
    [
      "validateId",
      { method: "binance", sitekey: "bn-key", pageurl: PAGE, validateId: "v-$" },
      "BinanceTask",
      { validateId: "v-$" },
    ],
    [
      "yidunGetLib / yidunApiServerSubdomain",
      {
        method: "yidun",
        sitekey: "yd-key",
        pageurl: PAGE,
        yidunGetLib: "https://yd.example/lib-$.js",
        yidunApiServerSubdomain: "c-$.dun.163.com",
      },
      "YidunTask",
      { yidunGetLib: "https://yd.example/lib-$.js", yidunApiServerSubdomain: "c-$.dun.163.com" },
    ],
    [
      "sceneId / verifyType / userCertifyId / apiGetLib",
      {
        method: "alibaba",
        prefix: "p",
        pageurl: PAGE,
        sceneId: "sc-$",
        verifyType: "1.0",
        userCertifyId: "uc-$",
        apiGetLib: "https://ali.example/$.js",
      },
      "AlibabaTask",
      { sceneId: "sc-$", verifyType: "1.0", userCertifyId: "uc-$", apiGetLib: "https://ali.example/$.js" },
    ],
    [
      "apiGetLib (Hunt)",
      { method: "hunt", pageurl: PAGE, apiGetLib: "https://hunt.example/$.js" },
      "HuntTask",
      { apiGetLib: "https://hunt.example/$.js" },
    ],
    [
      "tspdCookie / htmlPageBase64",
      { method: "tspd", pageurl: PAGE, tspdCookie: "TS01=$", htmlPageBase64: "PGh0bWw+", ...PROXY },
      "TspdTask",
      { tspdCookie: "TS01=$", htmlPageBase64: "PGh0bWw+" },
    ],
  ].map(([alias, fields, type, params]) => ({ api: "classic", alias, fields, type, params }) as AliasCase),
  // the legacy names of §1.3 and §2.6
  ...[
    [
      "data / pagedata (Turnstile)",
      { method: "turnstile", sitekey: TKEY, pageurl: PAGE, action: "login", data: "c-$", pagedata: "p-$" },
      "TurnstileTask",
      { action: "login", data: "c-$", pagedata: "p-$" },
    ],
    [
      "cData / chlPageData (Turnstile)",
      { method: "turnstile", sitekey: TKEY, pageurl: PAGE, cData: "c-$", chlPageData: "p-$" },
      "TurnstileTask",
      { data: "c-$", pagedata: "p-$" },
    ],
    [
      "data[blob] (FunCaptcha)",
      { method: "funcaptcha", publickey: "PK-1", pageurl: PAGE, "data[blob]": "b-$" },
      "FunCaptchaTask",
      { data: '{"blob":"b-$"}' },
    ],
    [
      "captcha_id (GeeTest v4)",
      { method: "geetest_v4", captcha_id: "id-$", pageurl: PAGE },
      "GeeTestTask",
      { version: 4, initParameters: { captcha_id: "id-$" } },
    ],
    [
      "jsapiScript (Amazon)",
      { method: "amazon_waf", sitekey: "amz", pageurl: PAGE, jsapiScript: "https://amz.example/$.js" },
      "AmazonTask",
      { jsapiScript: "https://amz.example/$.js" },
    ],
  ].map(([alias, fields, type, params]) => ({ api: "classic", alias, fields, type, params }) as AliasCase),
  // API v2: Anti-Captcha's names (§2.4, §2.7)
  {
    api: "v2",
    alias: "cData / chlPageData",
    type: "TurnstileTask",
    fields: {
      type: "TurnstileTaskProxyless",
      websiteURL: PAGE,
      websiteKey: TKEY,
      action: "a",
      cData: "c-$",
      chlPageData: "p-$",
    },
    params: { action: "a", data: "c-$", pagedata: "p-$" },
  },
  {
    api: "v2",
    alias: "data / pagedata",
    type: "TurnstileTask",
    fields: {
      type: "TurnstileTaskProxyless",
      websiteURL: PAGE,
      websiteKey: TKEY,
      data: "c-$",
      pagedata: "p-$",
    },
    params: { data: "c-$", pagedata: "p-$" },
  },
]

/** The case's values with `$` replaced by `mark`. */
function marked<T>(value: T, mark: string): T {
  return JSON.parse(JSON.stringify(value).replaceAll("$", mark)) as T
}

describe.each(engines)("field aliases reach the worker on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let workerId: string
  const customerKey = randomBytes(16).toString("hex")

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    await db.query("UPDATE gold_tasks SET enabled = false")
    workerId = await userId(db, "worker@demo.manyhands.dev")
    await giveApiKey(db, "customer@demo.manyhands.dev", customerKey)
  })
  afterAll(() => stop())
  afterEach(async () => {
    await db.query("UPDATE captcha_tasks SET deadline_at = now() - interval '1 second' WHERE state = 'open'")
    await app.captchaEngine.sweep()
  })

  async function submit(api: "classic" | "v2", fields: Record<string, unknown>): Promise<string> {
    if (api === "classic") {
      const form = new URLSearchParams({ key: customerKey, ...(fields as Record<string, string>) })
      if (["base64", "post"].includes(String(fields.method)) && fields.text === undefined)
        form.set("body", image())
      const response = await app.inject({
        method: "POST",
        url: "/in.php",
        payload: form.toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      })
      expect(response.body).toMatch(/^OK\|\d+$/)
      return response.body.slice(3)
    }
    const response = await app.inject({
      method: "POST",
      url: "/createTask",
      payload: { clientKey: customerKey, task: fields },
    })
    const answer = response.json<{ errorId: number; taskId: number }>()
    expect(answer).toMatchObject({ errorId: 0 })
    return String(answer.taskId)
  }

  /** The offer of the task as the worker API gives it out. */
  async function offered(type: string): Promise<Offer> {
    const offer = await app.captchaEngine.workers.claim(workerId, { waitMs: 0, types: [type] })
    expect(offer).not.toBeNull()
    await app.captchaEngine.workers.skip(workerId, offer!.assignmentId, "skip")
    return offer!
  }

  it.each(CASES.map((entry) => [entry.api, entry.alias, entry] as const))(
    "%s %s",
    async (_api, _alias, entry) => {
      const mark = randomBytes(4).toString("hex")
      await submit(entry.api, marked(entry.fields, mark))
      const offer = await offered(entry.type)
      expect(offer.type).toBe(entry.type)
      expect(offer.params).toMatchObject(marked(entry.params, mark))
    },
  )

  it("classic hintImg (base64) arrives as the imgInstructions picture", async () => {
    const hint = pngImage(60, 20)
    await submit("classic", { method: "base64", hintImg: hint.toString("base64") })
    expect((await offered("ImageToTextTask")).files).toContainEqual(
      expect.objectContaining({ name: "imgInstructions", data: hint.toString("base64") }),
    )
  })
})
