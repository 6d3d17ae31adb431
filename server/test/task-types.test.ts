import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import {
  classicAnswer,
  isComparable,
  normaliseSolution,
  sameAnswer,
  v2Solution,
} from "../src/modules/captcha/answers"
import {
  checkFileName,
  decodeBase64,
  inspectAudio,
  inspectImage,
  LIMITS,
} from "../src/modules/captcha/images"
import { parseClassicProxy, parseClassicSubmission } from "../src/modules/captcha/parse-classic"
import { parseV2Task, v2Error, V2_ERRORS } from "../src/modules/captcha/parse-v2"
import {
  TASK_TYPES,
  TaskInputError,
  TEXT_ANSWER_TYPES,
  V2_TYPE_NAMES,
  type TaskFile,
} from "../src/modules/captcha/task-types"

// ---- tiny real images, written byte by byte ----

const png = (width: number, height: number, size = 200) => {
  const data = Buffer.alloc(size)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(data)
  data.write("IHDR", 12, "latin1")
  data.writeUInt32BE(width, 16)
  data.writeUInt32BE(height, 20)
  return data
}
const gif = (width: number, height: number, size = 200) => {
  const data = Buffer.alloc(size)
  data.write("GIF89a", 0, "latin1")
  data.writeUInt16LE(width, 6)
  data.writeUInt16LE(height, 8)
  return data
}
/** SOI, an APP0 (JFIF) segment, a fill byte, then SOF0 with the size. */
const jpeg = (width: number, height: number, size = 200) => {
  const data = Buffer.alloc(size)
  const head = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Buffer.from("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0]
  const frame = [0xff, 0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 255, width >> 8, width & 255, 3]
  Buffer.from([...head, ...frame]).copy(data)
  return data
}
const webp = () => Buffer.concat([Buffer.from("RIFF\0\0\0\0WEBPVP8 "), Buffer.alloc(200)])
const mp3 = (size = 500) => Buffer.concat([Buffer.from("ID3"), Buffer.alloc(size - 3)])
const b64 = (data: Buffer) => data.toString("base64")

const IMG = b64(png(120, 40))
const SQUARE = b64(png(300, 300))
const MP3 = b64(mp3())
const PAGE = "https://example.com/login"
const GKEY = "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI"
const TKEY = "0x4AAAAAAAC3DHQFLr1GavRN"
const UA = "Mozilla/5.0 (test)"
const PROXY = {
  proxyType: "http",
  proxyAddress: "1.2.3.4",
  proxyPort: 3128,
  proxyLogin: "u",
  proxyPassword: "p",
}
const upload = (data: Buffer, name = "captcha.png"): TaskFile => ({ name, mime: "image/png", data })

const errorCode = (work: () => unknown) => {
  try {
    work()
  } catch (error) {
    if (error instanceof TaskInputError) return error.code
    throw error
  }
  return "no error"
}

// ---- API v2: one valid task per catalogue type (proxy fields are added for the proxy names) ----

const V2_SAMPLES: Record<string, [Record<string, unknown>, Record<string, unknown>]> = {
  ImageToTextTask: [
    { body: IMG, phrase: true, case: true, numeric: 1, minLength: 2, maxLength: 6, comment: "type it" },
    { phrase: true, case: true, numeric: 1, math: false, minLength: 2, maxLength: 6, comment: "type it" },
  ],
  TextCaptchaTask: [{ comment: "2 + 2 = ?" }, { comment: "2 + 2 = ?" }],
  GridTask: [
    { body: SQUARE, comment: "cars" },
    { rows: 3, columns: 3, minClicks: 1, maxClicks: 9 },
  ],
  CoordinatesTask: [
    { body: IMG, comment: "click", maxClicks: 3 },
    { comment: "click", maxClicks: 3 },
  ],
  RotateTask: [
    { body: IMG, angle: 30 },
    { angle: 30, imageCount: 1 },
  ],
  BoundingBoxTask: [
    { body: IMG, comment: "box the cat" },
    { comment: "box the cat", canNoAnswer: false },
  ],
  DrawAroundTask: [{ body: IMG, imgInstructions: IMG }, {}],
  DragAndDropTask: [{ background: IMG, images: [IMG, IMG] }, { imageCount: 2 }],
  AudioTask: [{ body: MP3, lang: "fr" }, { lang: "fr" }],
  VKCaptchaImageTask: [{ image: IMG, steps: "[5,19,3]" }, { steps: [5, 19, 3] }],
  TemuImageTask: [{ image: IMG, parts: [IMG, IMG, IMG] }, {}],
  SmartCaptchaTask: [{ image: IMG, imgInstructions: IMG }, {}],
  PazlCaptchaTask: [{ image: IMG, task: "[1,2,3]" }, { task: "[1,2,3]" }],
  RecaptchaV2Task: [
    { websiteURL: PAGE, websiteKey: GKEY, recaptchaDataSValue: "S", isInvisible: true, cookies: "a=1; b=2" },
    { websiteURL: PAGE, websiteKey: GKEY, recaptchaDataSValue: "S", isInvisible: true, cookies: "a=1; b=2" },
  ],
  RecaptchaV2EnterpriseTask: [
    { websiteURL: PAGE, websiteKey: GKEY, enterprisePayload: { s: "S" }, apiDomain: "recaptcha.net" },
    { enterprisePayload: { s: "S" }, apiDomain: "recaptcha.net", isInvisible: false },
  ],
  RecaptchaV3Task: [
    { websiteURL: PAGE, websiteKey: GKEY, minScore: 0.7, pageAction: "login", isEnterprise: true },
    { minScore: 0.7, pageAction: "login", isEnterprise: true },
  ],
  TurnstileTask: [
    { websiteURL: PAGE, websiteKey: TKEY, action: "a", data: "c", pagedata: "p", userAgent: UA },
    { websiteKey: TKEY, action: "a", data: "c", pagedata: "p", userAgent: UA },
  ],
  GeeTestTask: [
    { websiteURL: PAGE, gt: "gt1", challenge: "ch1" },
    { version: 3, gt: "gt1", challenge: "ch1" },
  ],
  FunCaptchaTask: [
    { websiteURL: PAGE, websitePublicKey: "PK-1", data: '{"blob":"x"}' },
    { websitePublicKey: "PK-1", data: '{"blob":"x"}' },
  ],
  CapyTask: [{ websiteURL: PAGE, websiteKey: "PUZZLE_k" }, { websiteKey: "PUZZLE_k" }],
  LeminTask: [
    { websiteURL: PAGE, captchaId: "CROPPED_1", divId: "lemin" },
    { captchaId: "CROPPED_1", divId: "lemin" },
  ],
  AmazonTask: [
    { websiteURL: PAGE, websiteKey: "AQIDAH", iv: "iv1", context: "ctx" },
    { iv: "iv1", context: "ctx" },
  ],
  MtCaptchaTask: [{ websiteURL: PAGE, websiteKey: "MTPublic-abc" }, { websiteKey: "MTPublic-abc" }],
  DataDomeSliderTask: [
    { websiteURL: PAGE, captchaUrl: "https://geo.captcha-delivery.com/captcha/?t=fe", userAgent: UA },
    { userAgent: UA },
  ],
  CutCaptchaTask: [
    { websiteURL: PAGE, miseryKey: "m1", apiKey: "a1" },
    { miseryKey: "m1", apiKey: "a1" },
  ],
  FriendlyCaptchaTask: [{ websiteURL: PAGE, websiteKey: "FCMG", version: "V2" }, { version: "v2" }],
  TencentTask: [{ websiteURL: PAGE, appId: "190014885" }, { appId: "190014885" }],
  AtbCaptchaTask: [
    { websiteURL: PAGE, appId: "af23", apiServer: "https://cap.aisecurius.com" },
    { apiServer: "https://cap.aisecurius.com" },
  ],
  ProsopoTask: [{ websiteURL: PAGE, websiteKey: "5Ea" }, { websiteKey: "5Ea" }],
  CaptchaFoxTask: [{ websiteURL: PAGE, websiteKey: "sk_x", userAgent: UA }, { websiteKey: "sk_x" }],
  VKCaptchaTask: [
    { redirectUri: "https://id.vk.com/not_robot_captcha?domain=vk.com", userAgent: UA },
    { redirectUri: "https://id.vk.com/not_robot_captcha?domain=vk.com" },
  ],
  KeyCaptchaTask: [
    {
      websiteURL: PAGE,
      s_s_c_user_id: "1",
      s_s_c_session_id: "2",
      s_s_c_web_server_sign: "3",
      s_s_c_web_server_sign2: "4",
    },
    { s_s_c_user_id: "1", s_s_c_web_server_sign2: "4" },
  ],
  YandexSmartCaptchaTask: [{ websiteURL: PAGE, websiteKey: "ysc1_x" }, { websiteKey: "ysc1_x" }],
  AntiCyberSiAraTask: [
    { websiteURL: PAGE, SlideMasterUrlId: "mid", userAgent: UA },
    { SlideMasterUrlId: "mid" },
  ],
  AltchaTask: [{ websiteURL: PAGE, challengeURL: "https://example.com/altcha" }, {}],
  BinanceTask: [{ websiteURL: PAGE, websiteKey: "login", validateId: "v1" }, { validateId: "v1" }],
  YidunTask: [{ websiteURL: PAGE, websiteKey: "yd", hcg: "h" }, { hcg: "h" }],
  AlibabaTask: [
    { websiteURL: PAGE, sceneId: "s1", prefix: "p1", region: "sgp" },
    { sceneId: "s1", region: "sgp" },
  ],
  BasiliskTask: [{ websiteURL: PAGE, websiteKey: "b1" }, { websiteKey: "b1" }],
  HuntTask: [
    { websiteURL: PAGE, apiGetLib: "https://example.com/hunt.js" },
    { apiGetLib: "https://example.com/hunt.js" },
  ],
  TspdTask: [{ websiteURL: PAGE, tspdCookie: "TS=1", htmlPageBase64: "PGh0bWw+" }, { tspdCookie: "TS=1" }],
  IncapsulaTask: [
    { websiteURL: PAGE, incapsulaScriptUrl: "_Incapsula_Resource?x", incapsulaCookies: "a=b" },
    { incapsulaCookies: "a=b" },
  ],
}

describe("the catalogue", () => {
  it("has exactly the types of the 0005 migration, with the same kinds", () => {
    const sql = readFileSync(
      fileURLToPath(new URL("../migrations/0005_captcha_engine.sql", import.meta.url)),
      "utf8",
    )
    const insert = sql.slice(sql.indexOf("INSERT INTO captcha_types"), sql.indexOf("ON CONFLICT"))
    const rows = [...insert.matchAll(/\('(\w+)', '(image|token)'/g)].map(([, code, kind]) => [code, kind])
    expect(rows).toHaveLength(42)
    expect(Object.entries(TASK_TYPES).map(([code, spec]) => [code, spec.kind])).toEqual(rows)
  })

  it("lists the text-answer types for 100 % recognition", () => {
    expect([...TEXT_ANSWER_TYPES].sort()).toEqual(["AudioTask", "ImageToTextTask", "TextCaptchaTask"])
  })

  it("has a v2 sample for every type", () => {
    expect(Object.keys(V2_SAMPLES).sort()).toEqual(Object.keys(TASK_TYPES).sort())
  })
})

describe("parseV2Task", () => {
  it.each(Object.entries(V2_TYPE_NAMES))("parses %s", (name, { type, proxy }) => {
    const [fields, expected] = V2_SAMPLES[type]!
    // Anti-Captcha clients send extra fields: they are ignored.
    const task = parseV2Task({ type: name, ...fields, ...PROXY, someExtra: 1 }, { languagePool: "en" })
    expect(task.type).toBe(type)
    expect(task.params).toMatchObject(expected)
    expect(task.params).not.toHaveProperty("someExtra")
    expect(task.params).not.toHaveProperty("body")
    expect(JSON.parse(JSON.stringify(task.params))).toEqual(task.params)
    if (proxy) {
      expect(task.params).toMatchObject(PROXY)
      expect(errorCode(() => parseV2Task({ type: name, ...fields }, {}))).toBe("ERROR_BAD_PARAMETERS")
    } else {
      expect(task.params).not.toHaveProperty("proxyType")
    }
    const hasImages = TASK_TYPES[type]!.kind === "image" && type !== "TextCaptchaTask"
    expect(task.files.length > 0).toBe(hasImages)
  })

  it("keeps the images as files named after their fields, with the real type", () => {
    const task = parseV2Task(
      { type: "DragAndDropTask", background: b64(jpeg(300, 200)), images: [IMG, b64(gif(20, 20))] },
      {},
    )
    expect(task.files.map((file) => [file.name, file.mime])).toEqual([
      ["background", "image/jpeg"],
      ["images.0", "image/png"],
      ["images.1", "image/gif"],
    ])
    const audio = parseV2Task({ type: "AudioTask", body: `data:audio/mpeg;base64,${MP3}` }, {})
    expect(audio).toMatchObject({
      language: "en",
      params: { lang: "en" },
      files: [{ name: "body", mime: "audio/mpeg" }],
    })
  })

  it("defaults a grid to 4×4 for pictures that are not 300×300, and reads languagePool", () => {
    const task = parseV2Task({ type: "GridTask", body: IMG, comment: "bikes" }, { languagePool: "RN" })
    expect(task.params).toMatchObject({ rows: 4, columns: 4, maxClicks: 16 })
    expect(task.language).toBe("ru")
    expect(parseV2Task({ type: "GridTask", body: IMG, comment: "x" }, {}).language).toBeNull()
  })

  it("takes Anti-Captcha's names: cData / chlPageData of Turnstile, ImageToCoordinatesTask by its mode", () => {
    const turnstile = { type: "TurnstileTaskProxyless", websiteURL: PAGE, websiteKey: TKEY }
    expect(parseV2Task({ ...turnstile, cData: "c", chlPageData: "p" }, {}).params).toMatchObject({
      data: "c",
      pagedata: "p",
    })
    // The reference's own names win when both are given.
    expect(parseV2Task({ ...turnstile, data: "d", cData: "c" }, {}).params).toMatchObject({ data: "d" })

    const points = parseV2Task({ type: "ImageToCoordinatesTask", body: IMG, comment: "cats" }, {})
    expect(points).toMatchObject({
      type: "CoordinatesTask",
      params: { comment: "cats", maxClicks: 6, mode: "points" },
      files: [{ name: "body", mime: "image/png" }],
    })
    const rectangles = parseV2Task(
      { type: "ImageToCoordinatesTask", body: IMG, comment: "cats", mode: "rectangles" },
      {},
    )
    expect(rectangles).toMatchObject({
      type: "BoundingBoxTask",
      params: { comment: "cats", mode: "rectangles" },
    })
    expect(errorCode(() => parseV2Task({ type: "ImageToCoordinatesTask", body: IMG, mode: "x" }, {}))).toBe(
      "ERROR_BAD_PARAMETERS",
    )
    // The mode is Anti-Captcha's: in.php never reads it.
    const classic = parseClassicSubmission(
      { method: "base64", coordinatescaptcha: "1", body: IMG, mode: "points" },
      {},
    )
    expect(classic.params).not.toHaveProperty("mode")

    // getTaskResult answers those tasks in Anti-Captcha's shape, CoordinatesTask in 2captcha's.
    const clicked = { coordinates: [{ x: 1, y: 2 }] }
    expect(v2Solution("CoordinatesTask", clicked, points.params)).toEqual({ coordinates: [[1, 2]] })
    expect(v2Solution("CoordinatesTask", clicked, {})).toEqual(clicked)
    const boxes = { bounding_boxes: [{ xMin: 1, xMax: 3, yMin: 2, yMax: 4 }] }
    expect(v2Solution("BoundingBoxTask", boxes, rectangles.params)).toEqual({ coordinates: [[1, 2, 3, 4]] })
    expect(v2Solution("BoundingBoxTask", boxes, {})).toEqual(boxes)
  })

  it("takes GeeTest v4 with initParameters and Amazon with jsapiScript", () => {
    const geetest = parseV2Task(
      { type: "GeeTestTaskProxyless", websiteURL: PAGE, version: 4, initParameters: { captcha_id: "cid" } },
      {},
    )
    expect(geetest.params).toMatchObject({ version: 4, initParameters: { captcha_id: "cid" } })
    const amazon = {
      type: "AmazonTaskProxyless",
      websiteURL: PAGE,
      websiteKey: "k",
      jsapiScript: "https://x/j.js",
    }
    expect(parseV2Task(amazon, {}).params).toMatchObject({ jsapiScript: "https://x/j.js" })
  })

  it.each<[string, unknown, unknown, string]>([
    ["no task", undefined, undefined, "ERROR_TASK_ABSENT"],
    ["a task that is a string", "ImageToTextTask", undefined, "ERROR_TASK_ABSENT"],
    ["a task that is an array", [], undefined, "ERROR_TASK_ABSENT"],
    [
      "hCaptcha",
      { type: "HCaptchaTaskProxyless", websiteURL: PAGE, websiteKey: "k" },
      undefined,
      "ERROR_TASK_NOT_SUPPORTED",
    ],
    ["hCaptcha with proxy", { type: "HCaptchaTask" }, undefined, "ERROR_TASK_NOT_SUPPORTED"],
    ["an unknown type", { type: "AntiGateTask" }, undefined, "ERROR_TASK_NOT_SUPPORTED"],
    ["a type in the wrong case", { type: "recaptchav2taskproxyless" }, undefined, "ERROR_TASK_NOT_SUPPORTED"],
    ["Binance with a capital P", { type: "BinanceTaskProxyless" }, undefined, "ERROR_TASK_NOT_SUPPORTED"],
    ["no type", { websiteURL: PAGE }, undefined, "ERROR_TASK_NOT_SUPPORTED"],
    ["no websiteURL", { type: "TurnstileTaskProxyless", websiteKey: TKEY }, undefined, "ERROR_PAGEURL"],
    [
      "a bad websiteURL",
      { type: "TurnstileTaskProxyless", websiteURL: "not a url", websiteKey: TKEY },
      undefined,
      "ERROR_PAGEURL",
    ],
    [
      "no websiteKey",
      { type: "RecaptchaV2TaskProxyless", websiteURL: PAGE },
      undefined,
      "ERROR_WRONG_GOOGLEKEY",
    ],
    [
      "a bad websiteKey",
      { type: "RecaptchaV2TaskProxyless", websiteURL: PAGE, websiteKey: "x y" },
      undefined,
      "ERROR_GOOGLEKEY",
    ],
    [
      "a bad Turnstile key",
      { type: "TurnstileTaskProxyless", websiteURL: PAGE, websiteKey: "abc" },
      undefined,
      "ERROR_SITEKEY",
    ],
    [
      "a proxy task without proxy",
      { type: "RecaptchaV2Task", websiteURL: PAGE, websiteKey: GKEY },
      undefined,
      "ERROR_BAD_PARAMETERS",
    ],
    [
      "an ftp proxy",
      { type: "RecaptchaV2Task", websiteURL: PAGE, websiteKey: GKEY, ...PROXY, proxyType: "ftp" },
      undefined,
      "ERROR_PROXY_FORMAT",
    ],
    [
      "a bad proxy port",
      { type: "RecaptchaV2Task", websiteURL: PAGE, websiteKey: GKEY, ...PROXY, proxyPort: "x" },
      undefined,
      "ERROR_PROXY_FORMAT",
    ],
    [
      "SOCKS4 for VK",
      { type: "VKCaptchaTask", ...V2_SAMPLES.VKCaptchaTask![0], ...PROXY, proxyType: "socks4" },
      undefined,
      "ERROR_PROXY_FORMAT",
    ],
    [
      "no minScore range",
      { type: "RecaptchaV3TaskProxyless", websiteURL: PAGE, websiteKey: GKEY, minScore: 2 },
      undefined,
      "ERROR_BAD_PARAMETERS",
    ],
    ["no body", { type: "ImageToTextTask" }, undefined, "ERROR_ZERO_CAPTCHA_FILESIZE"],
    ["a body that is not base64", { type: "ImageToTextTask", body: "%%%" }, undefined, "ERROR_UPLOAD"],
    [
      "a WebP body",
      { type: "ImageToTextTask", body: b64(webp()) },
      undefined,
      "ERROR_IMAGE_TYPE_NOT_SUPPORTED",
    ],
    [
      "a big normal image",
      { type: "ImageToTextTask", body: b64(png(100, 30, 101 * 1024)) },
      undefined,
      "ERROR_TOO_BIG_CAPTCHA_FILESIZE",
    ],
    [
      "bad imgInstructions",
      { type: "GridTask", body: IMG, imgInstructions: "AAAA" },
      undefined,
      "ERROR_BAD_IMGINSTRUCTIONS",
    ],
    ["a grid without instructions", { type: "GridTask", body: IMG }, undefined, "ERROR_BAD_PARAMETERS"],
    [
      "minClicks over maxClicks",
      { type: "GridTask", body: IMG, comment: "x", minClicks: 5, maxClicks: 2 },
      undefined,
      "ERROR_BAD_PARAMETERS",
    ],
    [
      "images not a list",
      { type: "DragAndDropTask", background: IMG, images: IMG },
      undefined,
      "ERROR_BAD_PARAMETERS",
    ],
    ["audio in Japanese", { type: "AudioTask", body: MP3, lang: "ja" }, undefined, "ERROR_BAD_PARAMETERS"],
    ["audio that is not MP3", { type: "AudioTask", body: IMG }, undefined, "ERROR_IMAGE_TYPE_NOT_SUPPORTED"],
    ["an unknown languagePool", { type: "TextCaptchaTask", comment: "q" }, "xx", "ERROR_BAD_PARAMETERS"],
    [
      "GeeTest v3 without challenge",
      { type: "GeeTestTaskProxyless", websiteURL: PAGE, gt: "g" },
      undefined,
      "ERROR_BAD_PARAMETERS",
    ],
    [
      "GeeTest v4 without captcha_id",
      { type: "GeeTestTaskProxyless", websiteURL: PAGE, version: 4 },
      undefined,
      "ERROR_BAD_PARAMETERS",
    ],
    [
      "Amazon without iv",
      { type: "AmazonTaskProxyless", websiteURL: PAGE, websiteKey: "k", context: "c" },
      undefined,
      "ERROR_BAD_PARAMETERS",
    ],
    [
      "Altcha without challenge",
      { type: "AltchaTaskProxyless", websiteURL: PAGE },
      undefined,
      "ERROR_BAD_PARAMETERS",
    ],
    [
      "malformed cookies",
      { type: "RecaptchaV2TaskProxyless", websiteURL: PAGE, websiteKey: GKEY, cookies: "novalue" },
      undefined,
      "ERROR_BAD_PARAMETERS",
    ],
    [
      "text rules out of range",
      { type: "ImageToTextTask", body: IMG, numeric: 7 },
      undefined,
      "ERROR_BAD_PARAMETERS",
    ],
    ["a text captcha without question", { type: "TextCaptchaTask" }, undefined, "ERROR_BAD_PARAMETERS"],
    [
      "VK steps that are not numbers",
      { type: "VKCaptchaImageTask", image: IMG, steps: "[a]" },
      undefined,
      "ERROR_BAD_PARAMETERS",
    ],
  ])("refuses %s", (_label, task, languagePool, code) => {
    expect(errorCode(() => parseV2Task(task, { languagePool }))).toBe(code)
  })
})

// ---- in.php: one submission per method (and per flag combination) ----

type ClassicSample = [
  string,
  Record<string, string>,
  Record<string, TaskFile>,
  string,
  Record<string, unknown>,
]
const CLASSIC_SAMPLES: ClassicSample[] = [
  [
    "normal image, multipart",
    { method: "post", regsense: "1", numeric: "4", min_len: "3", max_len: "8", calc: "0" },
    { file: upload(png(120, 40)) },
    "ImageToTextTask",
    { case: true, numeric: 4, minLength: 3, maxLength: 8, math: false },
  ],
  [
    "normal image, base64",
    { method: "base64", body: IMG, phrase: "1", textinstructions: "hi", language: "2" },
    {},
    "ImageToTextTask",
    { phrase: true, comment: "hi", language: 2 },
  ],
  [
    "normal image, Python names",
    { method: "POST", body: IMG, casesensitive: "1", minlength: "2", hinttext: "go" },
    {},
    "ImageToTextTask",
    { case: true, minLength: 2, comment: "go" },
  ],
  ["text question", { method: "post", textcaptcha: "2+2?" }, {}, "TextCaptchaTask", { comment: "2+2?" }],
  [
    "text question without method",
    { textcaptcha: "Capital of France?" },
    {},
    "TextCaptchaTask",
    { comment: "Capital of France?" },
  ],
  [
    "grid",
    { method: "base64", recaptcha: "1", body: SQUARE, textinstructions: "cars", can_no_answer: "1" },
    {},
    "GridTask",
    { rows: 3, columns: 3, canNoAnswer: true, comment: "cars" },
  ],
  [
    "grid from the Go client",
    { recaptcharows: "4", recaptchacols: "2", previousid: "123", textinstructions: "x" },
    { file: upload(png(400, 400)) },
    "GridTask",
    { rows: 4, columns: 2, previousId: "123", maxClicks: 8 },
  ],
  [
    "grid with hint image",
    { method: "post", recaptcha: "1", img_type: "FunCaptcha" },
    { file: upload(png(300, 300)), imginstructions: upload(gif(40, 40)) },
    "GridTask",
    { imgType: "funcaptcha" },
  ],
  [
    "canvas",
    { method: "base64", recaptcha: "1", canvas: "1", body: IMG, textinstructions: "draw" },
    {},
    "DrawAroundTask",
    { comment: "draw" },
  ],
  [
    "coordinates without method",
    { coordinatescaptcha: "1", min_clicks: "2" },
    { file: upload(jpeg(500, 300), "c.JPG") },
    "CoordinatesTask",
    { minClicks: 2 },
  ],
  [
    "rotate, several files",
    { method: "rotatecaptcha", angle: "60" },
    { file_1: upload(png(80, 80)), file_2: upload(png(80, 80)), file_3: upload(png(80, 80)) },
    "RotateTask",
    { angle: 60, imageCount: 3 },
  ],
  ["rotate, base64", { method: "rotatecaptcha", body: IMG }, {}, "RotateTask", { angle: 40, imageCount: 1 }],
  [
    "bounding box",
    { method: "bounding_box", image: IMG, imginstructions: IMG },
    {},
    "BoundingBoxTask",
    { canNoAnswer: false },
  ],
  ["audio", { method: "audio", body: MP3, lang: "de" }, {}, "AudioTask", { lang: "de" }],
  [
    "VK image",
    { method: "vkimage", body: IMG, steps: "[5,19,4]" },
    {},
    "VKCaptchaImageTask",
    { steps: [5, 19, 4] },
  ],
  ["Temu", { method: "temuimage", body: IMG, part1: IMG, part2: IMG, part3: IMG }, {}, "TemuImageTask", {}],
  [
    "drag and drop, JSON list",
    { method: "drag_drop", body: IMG, images: JSON.stringify([IMG, IMG, IMG]) },
    {},
    "DragAndDropTask",
    { imageCount: 3 },
  ],
  [
    "drag and drop, joined list",
    { method: "drag_drop", body: IMG, images: `data:image/png;base64,${IMG},${IMG}` },
    {},
    "DragAndDropTask",
    { imageCount: 2 },
  ],
  [
    "reCAPTCHA v2",
    {
      method: "userrecaptcha",
      googlekey: GKEY,
      pageurl: PAGE,
      datas: "S",
      invisible: "1",
      cookies: "K1:V1;K2:V2;",
      useragent: UA,
      proxy: "login:pass@1.2.3.4:3128",
      proxytype: "SOCKS5",
    },
    {},
    "RecaptchaV2Task",
    {
      websiteKey: GKEY,
      websiteURL: PAGE,
      recaptchaDataSValue: "S",
      isInvisible: true,
      cookies: "K1=V1; K2=V2",
      userAgent: UA,
      proxyType: "socks5",
      proxyAddress: "1.2.3.4",
      proxyPort: 3128,
      proxyLogin: "login",
      proxyPassword: "pass",
    },
  ],
  [
    "reCAPTCHA v2, Python version=v2",
    { method: "userrecaptcha", googlekey: GKEY, pageurl: PAGE, version: "v2", enterprise: "0" },
    {},
    "RecaptchaV2Task",
    {},
  ],
  [
    "reCAPTCHA v3",
    {
      method: "userrecaptcha",
      googlekey: GKEY,
      pageurl: PAGE,
      version: "v3",
      min_score: "0.9",
      action: "login",
      proxy: "junk, ignored",
    },
    {},
    "RecaptchaV3Task",
    { minScore: 0.9, pageAction: "login", isEnterprise: false },
  ],
  [
    "reCAPTCHA v3 Enterprise",
    { method: "userrecaptcha", googlekey: GKEY, pageurl: PAGE, version: "v3", enterprise: "1" },
    {},
    "RecaptchaV3Task",
    { isEnterprise: true, minScore: 0.4, pageAction: "verify" },
  ],
  [
    "reCAPTCHA Enterprise",
    { method: "userrecaptcha", googlekey: GKEY, pageurl: PAGE, enterprise: "1", "data-s": "S" },
    {},
    "RecaptchaV2EnterpriseTask",
    { enterprisePayload: { s: "S" } },
  ],
  [
    "Turnstile",
    { method: "turnstile", sitekey: TKEY, pageurl: PAGE, action: "a", data: "c", pagedata: "p" },
    {},
    "TurnstileTask",
    { websiteKey: TKEY, action: "a", data: "c", pagedata: "p" },
  ],
  [
    "GeeTest",
    { method: "geetest", gt: "g", challenge: "c", api_server: "api.geetest.com", pageurl: PAGE },
    {},
    "GeeTestTask",
    { version: 3, gt: "g", challenge: "c", geetestApiServerSubdomain: "api.geetest.com" },
  ],
  [
    "GeeTest v4",
    { method: "geetest_v4", captcha_id: "cid", pageurl: PAGE },
    {},
    "GeeTestTask",
    { version: 4, initParameters: { captcha_id: "cid" } },
  ],
  [
    "FunCaptcha",
    {
      method: "funcaptcha",
      publickey: "PK",
      pageurl: PAGE,
      surl: "https://client-api.arkoselabs.com",
      "data[blob]": "B",
    },
    {},
    "FunCaptchaTask",
    {
      websitePublicKey: "PK",
      funcaptchaApiJSSubdomain: "https://client-api.arkoselabs.com",
      data: '{"blob":"B"}',
    },
  ],
  [
    "Capy",
    { method: "capy", captchakey: "PUZZLE_k", pageurl: PAGE, api_server: "https://jp.api.capy.me/" },
    {},
    "CapyTask",
    { websiteKey: "PUZZLE_k", apiServer: "https://jp.api.capy.me/" },
  ],
  [
    "Lemin",
    { method: "lemin", captcha_id: "CROPPED_1", div_id: "d", pageurl: PAGE },
    {},
    "LeminTask",
    { captchaId: "CROPPED_1", divId: "d" },
  ],
  [
    "Amazon WAF",
    {
      method: "amazon_waf",
      sitekey: "k",
      iv: "i",
      context: "c",
      challenge_script: "https://x/c.js",
      pageurl: PAGE,
    },
    {},
    "AmazonTask",
    { websiteKey: "k", iv: "i", context: "c", challengeScript: "https://x/c.js" },
  ],
  [
    "MTCaptcha",
    { method: "mt_captcha", sitekey: "MTPublic-x", pageurl: PAGE },
    {},
    "MtCaptchaTask",
    { websiteKey: "MTPublic-x" },
  ],
  [
    "DataDome",
    {
      method: "datadome",
      captcha_url: "https://geo.captcha-delivery.com/c",
      pageurl: PAGE,
      useragent: UA,
      proxy: "u:p@h.example:8080",
      proxytype: "http",
    },
    {},
    "DataDomeSliderTask",
    { captchaUrl: "https://geo.captcha-delivery.com/c", proxyAddress: "h.example", proxyPort: 8080 },
  ],
  [
    "Cutcaptcha",
    { method: "cutcaptcha", misery_key: "m", api_key: "a", pageurl: PAGE },
    {},
    "CutCaptchaTask",
    { miseryKey: "m", apiKey: "a" },
  ],
  [
    "Friendly Captcha",
    {
      method: "friendly_captcha",
      sitekey: "FC",
      pageurl: PAGE,
      version: "v1",
      module_script: "https://x/m.js",
    },
    {},
    "FriendlyCaptchaTask",
    { version: "v1", moduleScript: "https://x/m.js" },
  ],
  [
    "atbCAPTCHA",
    { method: "atb_captcha", app_id: "a", api_server: "https://cap.example", pageurl: PAGE },
    {},
    "AtbCaptchaTask",
    { appId: "a", apiServer: "https://cap.example" },
  ],
  [
    "Tencent",
    { method: "tencent", app_id: "190014885", pageurl: PAGE },
    {},
    "TencentTask",
    { appId: "190014885" },
  ],
  ["Prosopo", { method: "prosopo", sitekey: "5E", pageurl: PAGE }, {}, "ProsopoTask", { websiteKey: "5E" }],
  [
    "CaptchaFox",
    {
      method: "captchafox",
      sitekey: "sk",
      pageurl: PAGE,
      useragent: UA,
      proxy: "1.2.3.4:1080",
      proxytype: "socks4",
    },
    {},
    "CaptchaFoxTask",
    { proxyType: "socks4" },
  ],
  [
    "VK Captcha",
    {
      method: "vkcaptcha",
      redirect_uri: "https://id.vk.com/r",
      useragent: UA,
      proxy: "1.2.3.4:1080",
      proxytype: "https",
    },
    {},
    "VKCaptchaTask",
    { redirectUri: "https://id.vk.com/r" },
  ],
  [
    "Altcha",
    { method: "altcha", pageurl: PAGE, challenge_json: '{"a":1}' },
    {},
    "AltchaTask",
    { challengeJSON: '{"a":1}' },
  ],
  [
    "Altcha with captcha_url",
    { method: "altcha", pageurl: PAGE, captcha_url: "https://x/c" },
    {},
    "AltchaTask",
    { challengeURL: "https://x/c" },
  ],
  [
    "KeyCaptcha",
    {
      method: "keycaptcha",
      s_s_c_user_id: "1",
      s_s_c_session_id: "2",
      s_s_c_web_server_sign: "3",
      s_s_c_web_server_sign2: "4",
      pageurl: PAGE,
    },
    {},
    "KeyCaptchaTask",
    { s_s_c_session_id: "2" },
  ],
  [
    "Yandex",
    { method: "yandex", sitekey: "ysc1", pageurl: PAGE },
    {},
    "YandexSmartCaptchaTask",
    { websiteKey: "ysc1" },
  ],
  [
    "CyberSiARA",
    { method: "cybersiara", master_url_id: "m", pageurl: PAGE, useragent: UA },
    {},
    "AntiCyberSiAraTask",
    { SlideMasterUrlId: "m" },
  ],
  [
    "Binance",
    { method: "binance", sitekey: "login", validate_id: "v", pageurl: PAGE },
    {},
    "BinanceTask",
    { validateId: "v" },
  ],
  [
    "Yidun",
    { method: "yidun", sitekey: "y", pageurl: PAGE, yidun_get_lib: "https://x/l.js", hct: "t" },
    {},
    "YidunTask",
    { yidunGetLib: "https://x/l.js", hct: "t" },
  ],
  [
    "Alibaba",
    { method: "alibaba", scene_id: "s", prefix: "p", pageurl: PAGE, user_id: "u", verify_type: "v" },
    {},
    "AlibabaTask",
    { sceneId: "s", prefix: "p", userId: "u", verifyType: "v" },
  ],
  [
    "TSPD",
    {
      method: "tspd",
      tspd_cookie: "TS=1",
      html_page_base64: "PGh0bWw+",
      pageurl: PAGE,
      proxy: "1.2.3.4:80",
      proxytype: "HTTP",
    },
    {},
    "TspdTask",
    { tspdCookie: "TS=1", proxyType: "http" },
  ],
  ["Basilisk", { method: "basilisk", sitekey: "b", pageurl: PAGE }, {}, "BasiliskTask", { websiteKey: "b" }],
  [
    "Hunt without proxy",
    { method: "hunt", api_get_lib: "https://x/h.js", pageurl: PAGE, data: "d" },
    {},
    "HuntTask",
    { apiGetLib: "https://x/h.js", data: "d" },
  ],
]

describe("parseClassicSubmission", () => {
  it.each(CLASSIC_SAMPLES)("parses %s", (_label, fields, files, type, expected) => {
    const task = parseClassicSubmission(fields, files)
    expect(task.type).toBe(type)
    expect(task.params).toMatchObject(expected)
  })

  it("covers every type that has an in.php method", () => {
    const covered = new Set(
      CLASSIC_SAMPLES.map(([, fields, files]) => parseClassicSubmission(fields, files).type),
    )
    const withMethod = Object.keys(TASK_TYPES).filter(
      (code) => Object.keys(TASK_TYPES[code]!.classicMethods).length,
    )
    expect([...covered].sort()).toEqual(withMethod.sort())
    expect(Object.keys(TASK_TYPES).filter((code) => !withMethod.includes(code))).toEqual([
      "SmartCaptchaTask",
      "PazlCaptchaTask",
      "IncapsulaTask",
    ])
  })

  it("names files like API v2 does and reads lang", () => {
    const rotate = parseClassicSubmission(
      { method: "rotatecaptcha", lang: "PT" },
      {
        file_1: upload(png(80, 80)),
        file_2: upload(gif(80, 80), "b.gif"),
      },
    )
    expect(rotate.files.map((file) => [file.name, file.mime])).toEqual([
      ["body", "image/png"],
      ["body.1", "image/gif"],
    ])
    expect(rotate.language).toBe("pt")
    const temu = parseClassicSubmission(
      { method: "temuimage", body: IMG, part1: IMG, part2: IMG, part3: IMG },
      {},
    )
    expect(temu.files.map((file) => file.name)).toEqual(["image", "parts.0", "parts.1", "parts.2"])
    expect(parseClassicSubmission({ method: "audio", body: MP3, lang: "el" }, {}).language).toBe("el")
  })

  it.each<[string, Record<string, string>, Record<string, unknown>]>([
    [
      "ImageToTextTask",
      {
        method: "base64",
        body: IMG,
        regsense: "1",
        numeric: "1",
        min_len: "2",
        max_len: "6",
        textinstructions: "t",
      },
      {
        type: "ImageToTextTask",
        body: IMG,
        case: true,
        numeric: 1,
        minLength: 2,
        maxLength: 6,
        comment: "t",
      },
    ],
    [
      "GridTask",
      {
        method: "base64",
        recaptcha: "1",
        body: IMG,
        textinstructions: "c",
        recaptcharows: "3",
        recaptchacols: "3",
        img_type: "recaptcha",
      },
      { type: "GridTask", body: IMG, comment: "c", rows: 3, columns: 3, imgType: "recaptcha" },
    ],
    [
      "RecaptchaV2Task",
      {
        method: "userrecaptcha",
        googlekey: GKEY,
        pageurl: PAGE,
        invisible: "1",
        proxy: "u:p@1.2.3.4:3128",
        proxytype: "HTTP",
      },
      { type: "RecaptchaV2Task", websiteKey: GKEY, websiteURL: PAGE, isInvisible: true, ...PROXY },
    ],
    [
      "RecaptchaV2EnterpriseTask",
      { method: "userrecaptcha", enterprise: "1", googlekey: GKEY, pageurl: PAGE, datas: "S" },
      {
        type: "RecaptchaV2EnterpriseTaskProxyless",
        websiteKey: GKEY,
        websiteURL: PAGE,
        enterprisePayload: { s: "S" },
      },
    ],
    [
      "GeeTestTask",
      { method: "geetest_v4", captcha_id: "c", pageurl: PAGE },
      { type: "GeeTestTaskProxyless", version: 4, initParameters: { captcha_id: "c" }, websiteURL: PAGE },
    ],
    [
      "FunCaptchaTask",
      { method: "funcaptcha", publickey: "K", pageurl: PAGE, "data[blob]": "B" },
      { type: "FunCaptchaTaskProxyless", websitePublicKey: "K", websiteURL: PAGE, data: '{"blob":"B"}' },
    ],
  ])("stores %s with the same params from both APIs", (_type, fields, task) => {
    expect(parseClassicSubmission(fields, {}).params).toEqual(parseV2Task(task, {}).params)
  })

  it.each<[string, Record<string, string>, Record<string, TaskFile>, string]>([
    ["an unknown method", { method: "tiktok" }, {}, "ERROR_METHOD_CALL"],
    ["hCaptcha", { method: "hcaptcha", sitekey: "k", pageurl: PAGE }, {}, "ERROR_METHOD_CALL"],
    ["nothing at all", {}, {}, "ERROR_METHOD_CALL"],
    ["a token type without pageurl", { method: "turnstile", sitekey: TKEY }, {}, "ERROR_PAGEURL"],
    [
      "a javascript: pageurl",
      { method: "turnstile", sitekey: TKEY, pageurl: "javascript:alert(1)" },
      {},
      "ERROR_PAGEURL",
    ],
    ["reCAPTCHA without googlekey", { method: "userrecaptcha", pageurl: PAGE }, {}, "ERROR_WRONG_GOOGLEKEY"],
    [
      "reCAPTCHA with an empty googlekey",
      { method: "userrecaptcha", pageurl: PAGE, googlekey: "" },
      {},
      "ERROR_WRONG_GOOGLEKEY",
    ],
    [
      "a malformed googlekey",
      { method: "userrecaptcha", pageurl: PAGE, googlekey: "short" },
      {},
      "ERROR_GOOGLEKEY",
    ],
    [
      "a malformed Turnstile sitekey",
      { method: "turnstile", sitekey: "nope", pageurl: PAGE },
      {},
      "ERROR_SITEKEY",
    ],
    ["a sitekey with spaces", { method: "mt_captcha", sitekey: "a b", pageurl: PAGE }, {}, "ERROR_SITEKEY"],
    [
      "a proxy without port",
      { method: "userrecaptcha", googlekey: GKEY, pageurl: PAGE, proxy: "1.2.3.4" },
      {},
      "ERROR_PROXY_FORMAT",
    ],
    [
      "a proxy with a bad type",
      { method: "userrecaptcha", googlekey: GKEY, pageurl: PAGE, proxy: "1.2.3.4:80", proxytype: "FTP" },
      {},
      "ERROR_PROXY_FORMAT",
    ],
    [
      "a proxy with a bad port",
      { method: "userrecaptcha", googlekey: GKEY, pageurl: PAGE, proxy: "1.2.3.4:99999" },
      {},
      "ERROR_PROXY_FORMAT",
    ],
    [
      "a proxy with a bad login",
      { method: "userrecaptcha", googlekey: GKEY, pageurl: PAGE, proxy: "nologin@1.2.3.4:80" },
      {},
      "ERROR_PROXY_FORMAT",
    ],
    [
      "DataDome without proxy",
      { method: "datadome", captcha_url: "https://x/c", pageurl: PAGE, useragent: UA },
      {},
      "ERROR_BAD_PARAMETERS",
    ],
    [
      "DataDome without userAgent",
      { method: "datadome", captcha_url: "https://x/c", pageurl: PAGE, proxy: "1.2.3.4:80" },
      {},
      "ERROR_BAD_PARAMETERS",
    ],
    ["invalid base64", { method: "base64", body: "not*base64" }, {}, "ERROR_UPLOAD"],
    ["an empty body", { method: "base64", body: "" }, {}, "ERROR_ZERO_CAPTCHA_FILESIZE"],
    ["a post without file", { method: "post" }, {}, "ERROR_ZERO_CAPTCHA_FILESIZE"],
    ["a tiny image", { method: "base64", body: b64(png(10, 10, 60)) }, {}, "ERROR_ZERO_CAPTCHA_FILESIZE"],
    [
      "a too wide image",
      { method: "base64", body: b64(png(1200, 30)) },
      {},
      "ERROR_TOO_BIG_CAPTCHA_FILESIZE",
    ],
    [
      "a .bmp upload",
      { method: "post" },
      { file: upload(png(20, 20), "captcha.bmp") },
      "ERROR_WRONG_FILE_EXTENSION",
    ],
    [
      "a WebP upload",
      { method: "post" },
      { file: upload(webp(), "captcha") },
      "ERROR_IMAGE_TYPE_NOT_SUPPORTED",
    ],
    ["an unknown lang", { method: "base64", body: IMG, lang: "xx" }, {}, "ERROR_BAD_PARAMETERS"],
    [
      "a grid without instructions",
      { method: "base64", recaptcha: "1", body: IMG },
      {},
      "ERROR_BAD_PARAMETERS",
    ],
    ["numeric=7", { method: "base64", body: IMG, numeric: "7" }, {}, "ERROR_BAD_PARAMETERS"],
    [
      "min_len over max_len",
      { method: "base64", body: IMG, min_len: "9", max_len: "3" },
      {},
      "ERROR_BAD_PARAMETERS",
    ],
    ["audio in Japanese", { method: "audio", body: MP3, lang: "ja" }, {}, "ERROR_BAD_PARAMETERS"],
    ["GeeTest without challenge", { method: "geetest", gt: "g", pageurl: PAGE }, {}, "ERROR_BAD_PARAMETERS"],
    [
      "bad cookies",
      { method: "userrecaptcha", googlekey: GKEY, pageurl: PAGE, cookies: ";novalue;" },
      {},
      "ERROR_BAD_PARAMETERS",
    ],
    ["Temu without parts", { method: "temuimage", body: IMG }, {}, "ERROR_ZERO_CAPTCHA_FILESIZE"],
  ])("refuses %s", (_label, fields, files, code) => {
    expect(errorCode(() => parseClassicSubmission(fields, files))).toBe(code)
  })

  it("parses proxies in every documented shape", () => {
    expect(parseClassicProxy("login:pa:ss@host.example:3128", "SOCKS5")).toEqual({
      proxyType: "SOCKS5",
      proxyAddress: "host.example",
      proxyPort: "3128",
      proxyLogin: "login",
      proxyPassword: "pa:ss",
    })
    expect(parseClassicProxy("socks4://1.2.3.4:1080", undefined)).toEqual({
      proxyType: "socks4",
      proxyAddress: "1.2.3.4",
      proxyPort: "1080",
    })
    expect(parseClassicProxy("1.2.3.4:8080", undefined)).toMatchObject({ proxyType: "http" })
  })
})

// ---- images ----

describe("images", () => {
  it.each([
    ["PNG", png(640, 480), "image/png"],
    ["GIF", gif(300, 100), "image/gif"],
    ["JPEG", jpeg(1000, 999), "image/jpeg"],
  ])("reads the size of a %s from its header", (_name, data, mime) => {
    const [width, height] =
      mime === "image/gif" ? [300, 100] : mime === "image/png" ? [640, 480] : [1000, 999]
    expect(inspectImage(data, LIMITS.large)).toEqual({ mime, width, height })
  })

  it.each<[string, Buffer, keyof typeof LIMITS, string]>([
    ["under 100 bytes", png(10, 10, 99), "normal", "ERROR_ZERO_CAPTCHA_FILESIZE"],
    [
      "over 100 kB for a normal image",
      png(10, 10, 100 * 1024 + 1),
      "normal",
      "ERROR_TOO_BIG_CAPTCHA_FILESIZE",
    ],
    ["over 600 kB for a grid", gif(10, 10, 600 * 1024 + 1), "large", "ERROR_TOO_BIG_CAPTCHA_FILESIZE"],
    ["over 1000 px high", jpeg(10, 1001), "large", "ERROR_TOO_BIG_CAPTCHA_FILESIZE"],
    ["WebP", webp(), "large", "ERROR_IMAGE_TYPE_NOT_SUPPORTED"],
    ["text", Buffer.from("x".repeat(300)), "large", "ERROR_IMAGE_TYPE_NOT_SUPPORTED"],
    ["a JPEG without a frame", jpeg(10, 10).subarray(0, 20), "large", "ERROR_ZERO_CAPTCHA_FILESIZE"],
    ["a zero-width PNG", png(0, 10), "large", "ERROR_IMAGE_TYPE_NOT_SUPPORTED"],
  ])("refuses an image %s", (_label, data, limit, code) => {
    expect(errorCode(() => inspectImage(data, LIMITS[limit]))).toBe(code)
  })

  it("accepts a grid image of 500 kB and MP3 audio by ID3 tag or frame sync", () => {
    expect(inspectImage(png(300, 300, 500 * 1024), LIMITS.large).width).toBe(300)
    expect(inspectAudio(mp3()).mime).toBe("audio/mpeg")
    expect(inspectAudio(Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(300)])).mime).toBe(
      "audio/mpeg",
    )
    expect(errorCode(() => inspectAudio(png(10, 10)))).toBe("ERROR_IMAGE_TYPE_NOT_SUPPORTED")
    expect(errorCode(() => inspectAudio(mp3(1024 * 1024 + 1)))).toBe("ERROR_TOO_BIG_CAPTCHA_FILESIZE")
  })

  it("decodes base64 with a data-URI prefix, line breaks, URL-safe letters and spaces for plus signs", () => {
    const data = Buffer.from([0xfb, 0xff, 0xbf, 1, 2, 3])
    const text = data.toString("base64") // "+/+/AQID"
    expect(decodeBase64(`data:image/png;base64,${text}`)).toEqual(data)
    expect(decodeBase64(text.replace(/\+/g, " "))).toEqual(data)
    expect(decodeBase64(data.toString("base64url"))).toEqual(data)
    expect(decodeBase64("AQID\r\nBA==")).toEqual(Buffer.from([1, 2, 3, 4]))
    expect(errorCode(() => decodeBase64("A"))).toBe("ERROR_UPLOAD")
    expect(errorCode(() => decodeBase64(42))).toBe("ERROR_UPLOAD")
  })

  it("checks the extension of uploaded file names", () => {
    for (const name of ["a.jpg", "a.JPEG", "b.gif", "c.png", "blob", ""])
      expect(errorCode(() => checkFileName(name))).toBe("no error")
    expect(errorCode(() => checkFileName("a.webp"))).toBe("ERROR_WRONG_FILE_EXTENSION")
    expect(errorCode(() => checkFileName("a.mp3"))).toBe("ERROR_WRONG_FILE_EXTENSION")
    expect(errorCode(() => checkFileName("a.mp3", true))).toBe("no error")
  })
})

// ---- answers ----

const GEETEST3 = { challenge: "c", validate: "v", seccode: "s" }
const GEETEST4 = { captcha_id: "i", lot_number: "l", pass_token: "p", gen_time: "1", captcha_output: "o" }
type AnswerCase = [
  string,
  Record<string, unknown>,
  unknown,
  Record<string, unknown>,
  string,
  unknown,
  Record<string, unknown>?,
]
const ANSWERS: AnswerCase[] = [
  ["ImageToTextTask", { numeric: 0 }, " AbC ", { text: "AbC" }, "AbC", "AbC"],
  ["TextCaptchaTask", {}, { text: "Paris" }, { text: "Paris" }, "Paris", "Paris"],
  ["AudioTask", {}, "hello world", { text: "hello world" }, "hello world", "hello world"],
  ["GridTask", { rows: 3, columns: 3 }, [9, 3, 8, 3], { click: [3, 8, 9] }, "click:3/8/9", "click:3/8/9"],
  [
    "GridTask",
    { rows: 4, columns: 4, canNoAnswer: true },
    { click: [] },
    { click: [] },
    "No_matching_images",
    "No_matching_images",
  ],
  [
    "CoordinatesTask",
    {},
    [
      { x: 39, y: "59" },
      { x: 252.4, y: 72 },
    ],
    {
      coordinates: [
        { x: 39, y: 59 },
        { x: 252, y: 72 },
      ],
    },
    "coordinates:x=39,y=59;x=252,y=72",
    [
      { x: "39", y: "59" },
      { x: "252", y: "72" },
    ],
  ],
  ["RotateTask", { imageCount: 1 }, 40, { rotate: 40 }, "40", "40"],
  [
    "RotateTask",
    { imageCount: 3 },
    { rotate: [40, 200, -120] },
    { rotate: [40, 200, -120] },
    "40|200|-120",
    "40|200|-120",
  ],
  [
    "BoundingBoxTask",
    {},
    [{ xMin: 559, xMax: 797, yMin: 164, yMax: 430 }],
    { bounding_boxes: [{ xMin: 559, xMax: 797, yMin: 164, yMax: 430 }] },
    '[{"xMin":559,"xMax":797,"yMin":164,"yMax":430}]',
    '[{"xMin":559,"xMax":797,"yMin":164,"yMax":430}]',
  ],
  [
    "DrawAroundTask",
    {},
    {
      canvas: [
        [
          { x: 1, y: 2 },
          { x: 3, y: 4 },
          { x: 5, y: 6 },
        ],
        [
          { x: 7, y: 8 },
          { x: 9, y: 9 },
          { x: 0, y: 0 },
        ],
      ],
    },
    {
      canvas: [
        [
          { x: 1, y: 2 },
          { x: 3, y: 4 },
          { x: 5, y: 6 },
        ],
        [
          { x: 7, y: 8 },
          { x: 9, y: 9 },
          { x: 0, y: 0 },
        ],
      ],
    },
    "canvas:1,2,3,4,5,6;7,8,9,9,0,0;",
    "canvas:1,2,3,4,5,6;7,8,9,9,0,0;",
  ],
  [
    "DragAndDropTask",
    { imageCount: 2 },
    [{ x: 1, y: 2 }, null],
    { coordinates: [{ x: 1, y: 2 }, null] },
    '[{"x":1,"y":2},null]',
    [{ x: 1, y: 2 }, null],
  ],
  [
    "TemuImageTask",
    {},
    { coordinates: [{ x: 5, y: 6 }] },
    { coordinates: [{ x: 5, y: 6 }] },
    '[{"x":5,"y":6}]',
    [{ x: 5, y: 6 }],
  ],
  [
    "SmartCaptchaTask",
    {},
    [{ x: 5, y: 6 }],
    { coordinates: [{ x: 5, y: 6 }] },
    '[{"x":5,"y":6}]',
    [{ x: 5, y: 6 }],
  ],
  [
    "VKCaptchaImageTask",
    {},
    { best_step: 3, preview: "p", solution: [1], answer: "a" },
    { best_step: 3, preview: "p", solution: [1], answer: "a" },
    '{"best_step":3,"preview":"p","solution":[1],"answer":"a"}',
    { best_step: 3, preview: "p", solution: [1], answer: "a" },
  ],
  ["PazlCaptchaTask", {}, 8, { text: "8" }, "8", "8"],
  ["RecaptchaV2Task", {}, "tok", { gRecaptchaResponse: "tok", token: "tok" }, "tok", "tok", {}],
  [
    "RecaptchaV2EnterpriseTask",
    {},
    { token: "tok", cookies: "a=1" },
    { gRecaptchaResponse: "tok", token: "tok", cookies: "a=1" },
    "tok",
    "tok",
    { cookies: "a=1" },
  ],
  [
    "RecaptchaV3Task",
    {},
    { gRecaptchaResponse: "t3" },
    { gRecaptchaResponse: "t3", token: "t3" },
    "t3",
    "t3",
  ],
  ["TurnstileTask", { userAgent: UA }, "tt", { token: "tt", userAgent: UA }, "tt", "tt", { useragent: UA }],
  [
    "TurnstileTask",
    {},
    { token: "tt", userAgent: "Worker UA" },
    { token: "tt", userAgent: "Worker UA" },
    "tt",
    "tt",
    { useragent: "Worker UA" },
  ],
  [
    "BinanceTask",
    {},
    { token: "bt", userAgent: UA },
    { token: "bt", userAgent: UA },
    "bt",
    "bt",
    { useragent: UA },
  ],
  ["GeeTestTask", { version: 3 }, GEETEST3, GEETEST3, JSON.stringify(GEETEST3), GEETEST3],
  ["GeeTestTask", { version: 4 }, GEETEST4, GEETEST4, JSON.stringify(GEETEST4), GEETEST4],
  ["FunCaptchaTask", {}, "a|b|c", { token: "a|b|c" }, "a|b|c", "a|b|c"],
  [
    "CapyTask",
    {},
    { captchakey: "k", challengekey: "c", answer: "a" },
    { captchakey: "k", challengekey: "c", answer: "a" },
    '{"captchakey":"k","challengekey":"c","answer":"a"}',
    { captchakey: "k", challengekey: "c", answer: "a" },
  ],
  [
    "LeminTask",
    {},
    { answer: "a", challenge_id: "c" },
    { answer: "a", challenge_id: "c" },
    '{"answer":"a","challenge_id":"c"}',
    { answer: "a", challenge_id: "c" },
  ],
  [
    "AmazonTask",
    {},
    { captcha_voucher: "v", existing_token: "t" },
    { captcha_voucher: "v", existing_token: "t" },
    '{"captcha_voucher":"v","existing_token":"t"}',
    { captcha_voucher: "v", existing_token: "t" },
  ],
  [
    "TencentTask",
    {},
    { appid: "1", ret: 0, ticket: "t", randstr: "r" },
    { appid: "1", ret: 0, ticket: "t", randstr: "r" },
    '{"appid":"1","ret":0,"ticket":"t","randstr":"r"}',
    { appid: "1", ret: 0, ticket: "t", randstr: "r" },
  ],
  [
    "DataDomeSliderTask",
    {},
    "datadome=abc; Path=/; Secure",
    { cookie: "datadome=abc; Path=/; Secure" },
    "datadome=abc; Path=/; Secure",
    "datadome=abc; Path=/; Secure",
  ],
  [
    "AlibabaTask",
    {},
    { data: { tokens: "{}" } },
    { data: { tokens: "{}" } },
    '{"data":{"tokens":"{}"}}',
    { data: { tokens: "{}" } },
  ],
  [
    "BasiliskTask",
    {},
    { data: { captcha_response: "r" }, headers: { "User-Agent": UA } },
    { data: { captcha_response: "r" }, headers: { "User-Agent": UA } },
    JSON.stringify({ data: { captcha_response: "r" }, headers: { "User-Agent": UA } }),
    { data: { captcha_response: "r" }, headers: { "User-Agent": UA } },
  ],
  [
    "TspdTask",
    {},
    { Domains: { "x.com": { Cookies: { a: "b" } } } },
    { Domains: { "x.com": { Cookies: { a: "b" } } } },
    '{"Domains":{"x.com":{"Cookies":{"a":"b"}}}}',
    { Domains: { "x.com": { Cookies: { a: "b" } } } },
  ],
  [
    "IncapsulaTask",
    {},
    { domains: { "https://x.com": { cookies: {} } } },
    { domains: { "https://x.com": { cookies: {} } } },
    '{"domains":{"https://x.com":{"cookies":{}}}}',
    { domains: { "https://x.com": { cookies: {} } } },
  ],
  ...[
    "MtCaptchaTask",
    "CutCaptchaTask",
    "FriendlyCaptchaTask",
    "AtbCaptchaTask",
    "ProsopoTask",
    "CaptchaFoxTask",
    "VKCaptchaTask",
    "KeyCaptchaTask",
    "YandexSmartCaptchaTask",
    "AntiCyberSiAraTask",
    "AltchaTask",
    "YidunTask",
    "HuntTask",
  ].map((type): AnswerCase => [type, {}, { token: "x.y" }, { token: "x.y" }, "x.y", "x.y", {}]),
]

describe("answers", () => {
  it("has an example for every type", () => {
    expect([...new Set(ANSWERS.map(([type]) => type))].sort()).toEqual(Object.keys(TASK_TYPES).sort())
  })

  it.each(ANSWERS)(
    "normalises and formats a %s answer",
    (type, params, raw, solution, text, request, extra) => {
      const normal = normaliseSolution(type, params, raw)
      expect(normal).toEqual(solution)
      const formatted = classicAnswer(type, params, normal)
      expect(formatted.text).toBe(text)
      expect(formatted.request).toEqual(request)
      if (extra) expect(formatted.extra).toEqual(extra)
      // A normalised solution normalises to itself (stored gold answers, re-checks).
      expect(normaliseSolution(type, params, normal)).toEqual(solution)
    },
  )

  it("gives API v2 the PazlCaptcha answer as a bare string", () => {
    expect(v2Solution("PazlCaptchaTask", { text: "8" })).toBe("8")
    expect(v2Solution("ImageToTextTask", { text: "8" })).toEqual({ text: "8" })
  })

  it.each<[string, Record<string, unknown>, unknown, RegExp]>([
    ["ImageToTextTask", { numeric: 1 }, "12a", /digits only/],
    ["ImageToTextTask", { numeric: 2 }, "ab1", /letters only/],
    ["ImageToTextTask", { numeric: 3 }, "ab1", /digits only or letters only/],
    ["ImageToTextTask", { numeric: 4 }, "abc", /mix digits and letters/],
    ["ImageToTextTask", { minLength: 4 }, "abc", /at least 4/],
    ["ImageToTextTask", { maxLength: 2 }, "abc", /at most 2/],
    ["ImageToTextTask", { phrase: true }, "one", /two words/],
    ["ImageToTextTask", { math: true }, "seven", /calculation/],
    ["ImageToTextTask", {}, "   ", /text/],
    ["TextCaptchaTask", {}, { answer: "x" }, /text/],
    ["GridTask", { rows: 3, columns: 3 }, [10], /1 to 9/],
    ["GridTask", { rows: 3, columns: 3 }, [], /at least one/],
    ["GridTask", { rows: 3, columns: 3, maxClicks: 2 }, [1, 2, 3], /1 to 2 cells/],
    ["GridTask", { rows: 3, columns: 3 }, "click:1/2", /list/],
    ["CoordinatesTask", {}, [{ x: -1, y: 2 }], /point/],
    [
      "CoordinatesTask",
      { maxClicks: 1 },
      [
        { x: 1, y: 2 },
        { x: 3, y: 4 },
      ],
      /1 to 1/,
    ],
    ["CoordinatesTask", {}, [], /at least 1/],
    ["RotateTask", {}, 400, /-360 to 360/],
    ["RotateTask", { imageCount: 2 }, 40, /each of the 2/],
    ["BoundingBoxTask", {}, [{ xMin: 9, xMax: 3, yMin: 0, yMax: 5 }], /xMin < xMax/],
    ["BoundingBoxTask", {}, [], /at least one box/],
    [
      "DrawAroundTask",
      {},
      [
        [
          { x: 1, y: 1 },
          { x: 2, y: 2 },
        ],
      ],
      /3 points/,
    ],
    ["DragAndDropTask", { imageCount: 3 }, [{ x: 1, y: 1 }], /3 pieces/],
    ["RecaptchaV2Task", {}, "", /token/],
    ["TurnstileTask", {}, "tt", /userAgent/],
    ["GeeTestTask", { version: 3 }, { challenge: "c", seccode: "s" }, /validate/],
    ["GeeTestTask", { version: 4 }, GEETEST3, /lot_number/],
    ["CapyTask", {}, "just a token", /object/],
  ])("refuses a malformed %s answer (%j, %j)", (type, params, raw, message) => {
    expect(() => normaliseSolution(type, params, raw)).toThrow(message)
    expect(errorCode(() => normaliseSolution(type, params, raw))).toBe("ERROR_BAD_PARAMETERS")
  })

  it.each<[string, Record<string, unknown>, unknown, unknown, boolean]>([
    ["ImageToTextTask", {}, { text: "AbC" }, { text: " abc" }, true],
    ["ImageToTextTask", { case: true }, { text: "AbC" }, { text: "abc" }, false],
    ["TextCaptchaTask", {}, { text: "Paris" }, { text: "London" }, false],
    ["GridTask", {}, { click: [1, 2] }, { click: [2, 1] }, true],
    ["GridTask", {}, { click: [1, 2] }, { click: [1, 3] }, false],
    ["CoordinatesTask", {}, { coordinates: [{ x: 10, y: 10 }] }, { coordinates: [{ x: 25, y: 0 }] }, true],
    ["CoordinatesTask", {}, { coordinates: [{ x: 10, y: 10 }] }, { coordinates: [{ x: 26, y: 10 }] }, false],
    ["CoordinatesTask", {}, { coordinates: [{ x: 10, y: 10 }] }, { coordinates: [] }, false],
    [
      "DragAndDropTask",
      {},
      { coordinates: [null, { x: 1, y: 1 }] },
      { coordinates: [null, { x: 5, y: 5 }] },
      true,
    ],
    ["RotateTask", {}, { rotate: 40 }, { rotate: 40 }, true],
    ["RotateTask", {}, { rotate: [40, 80] }, { rotate: [40, 120] }, false],
    [
      "BoundingBoxTask",
      {},
      { bounding_boxes: [{ xMin: 0, xMax: 10, yMin: 0, yMax: 10 }] },
      { bounding_boxes: [{ xMin: 5, xMax: 20, yMin: 2, yMax: 12 }] },
      true,
    ],
    ["PazlCaptchaTask", {}, { text: "8" }, { text: "8" }, true],
    [
      "RecaptchaV2Task",
      {},
      { token: "t", gRecaptchaResponse: "t" },
      { token: "t", gRecaptchaResponse: "t" },
      false,
    ],
    ["GeeTestTask", {}, GEETEST3, GEETEST3, false],
    ["DrawAroundTask", {}, { canvas: [] }, { canvas: [] }, false],
    [
      "DrawAroundTask",
      {},
      {
        canvas: [
          [
            { x: 10, y: 10 },
            { x: 90, y: 12 },
            { x: 50, y: 80 },
          ],
        ],
      },
      {
        canvas: [
          [
            { x: 20, y: 0 },
            { x: 100, y: 5 },
            { x: 80, y: 60 },
            { x: 40, y: 95 },
          ],
        ],
      },
      true,
    ],
    [
      "DrawAroundTask",
      {},
      {
        canvas: [
          [
            { x: 10, y: 10 },
            { x: 90, y: 12 },
            { x: 50, y: 80 },
          ],
        ],
      },
      {
        canvas: [
          [
            { x: 10, y: 10 },
            { x: 60, y: 12 },
            { x: 50, y: 80 },
          ],
        ],
      },
      false,
    ],
    ["GridTask", {}, { click: "broken" }, { click: [1] }, false],
    ["ImageToTextTask", {}, "AbC", "abc", false],
  ])("compares %s answers (%j) %j and %j", (type, params, a, b, same) => {
    expect(sameAnswer(type, params, a, b)).toBe(same)
  })

  it("says which types can be compared at all", () => {
    expect(Object.keys(TASK_TYPES).filter(isComparable)).toEqual([
      "ImageToTextTask",
      "TextCaptchaTask",
      "GridTask",
      "CoordinatesTask",
      "RotateTask",
      "BoundingBoxTask",
      "DrawAroundTask",
      "DragAndDropTask",
      "AudioTask",
      "TemuImageTask",
      "SmartCaptchaTask",
      "PazlCaptchaTask",
    ])
  })
})

// ---- v2 errors ----

describe("v2Error", () => {
  it.each<[string, number, string]>([
    ["ERROR_KEY_DOES_NOT_EXIST", 1, "ERROR_KEY_DOES_NOT_EXIST"],
    ["ERROR_WRONG_USER_KEY", 1, "ERROR_KEY_DOES_NOT_EXIST"],
    ["ERROR_NO_SLOT_AVAILABLE", 2, "ERROR_NO_SLOT_AVAILABLE"],
    ["ERROR_ZERO_CAPTCHA_FILESIZE", 3, "ERROR_ZERO_CAPTCHA_FILESIZE"],
    ["ERROR_TOO_BIG_CAPTCHA_FILESIZE", 4, "ERROR_TOO_BIG_CAPTCHA_FILESIZE"],
    ["ERROR_PAGEURL", 5, "ERROR_PAGEURL"],
    ["ERROR_ZERO_BALANCE", 10, "ERROR_ZERO_BALANCE"],
    ["ERROR_IP_NOT_ALLOWED", 11, "ERROR_IP_NOT_ALLOWED"],
    ["ERROR_CAPTCHA_UNSOLVABLE", 12, "ERROR_CAPTCHA_UNSOLVABLE"],
    ["ERROR_BAD_DUPLICATES", 13, "ERROR_BAD_DUPLICATES"],
    ["ERROR_NO_SUCH_METHOD", 14, "ERROR_NO_SUCH_METHOD"],
    ["ERROR_UPLOAD", 15, "ERROR_IMAGE_TYPE_NOT_SUPPORTED"],
    ["ERROR_WRONG_FILE_EXTENSION", 15, "ERROR_IMAGE_TYPE_NOT_SUPPORTED"],
    ["ERROR_WRONG_CAPTCHA_ID", 16, "ERROR_NO_SUCH_CAPCHA_ID"],
    // The IP bans are ERROR_IP_BLOCKED; the rest of §1.6's suspensions are on the account (errorId 55).
    ["IP_BANNED", 21, "ERROR_IP_BLOCKED"],
    ["ERROR: 1004", 21, "ERROR_IP_BLOCKED"],
    ["MAX_USER_TURN", 55, "ERROR_ACCOUNT_SUSPENDED"],
    ["ERROR: 1001", 55, "ERROR_ACCOUNT_SUSPENDED"],
    ["ERROR: 1002", 55, "ERROR_ACCOUNT_SUSPENDED"],
    ["ERROR: 1003", 55, "ERROR_ACCOUNT_SUSPENDED"],
    ["ERROR: 1005", 55, "ERROR_ACCOUNT_SUSPENDED"],
    ["ERROR_TASK_ABSENT", 22, "ERROR_TASK_ABSENT"],
    ["ERROR_METHOD_CALL", 23, "ERROR_TASK_NOT_SUPPORTED"],
    ["ERROR_TASK_NOT_SUPPORTED", 23, "ERROR_TASK_NOT_SUPPORTED"],
    ["ERROR_GOOGLEKEY", 31, "ERROR_RECAPTCHA_INVALID_SITEKEY"],
    ["ERROR_WRONG_GOOGLEKEY", 31, "ERROR_RECAPTCHA_INVALID_SITEKEY"],
    ["ERROR_SITEKEY", 31, "ERROR_RECAPTCHA_INVALID_SITEKEY"],
    ["ERROR_ACCOUNT_SUSPENDED", 55, "ERROR_ACCOUNT_SUSPENDED"],
    ["ERROR_BAD_PARAMETERS", 110, "ERROR_BAD_PARAMETERS"],
    ["ERROR_BAD_IMGINSTRUCTIONS", 115, "ERROR_BAD_IMGINSTRUCTIONS"],
    ["ERROR_PROXY_FORMAT", 130, "ERROR_BAD_PROXY"],
    ["ERROR_BAD_PROXY", 130, "ERROR_BAD_PROXY"],
    // Manual domain rules (issue 24).
    ["ERROR_DOMAIN_NOT_ALLOWED", 60, "ERROR_DOMAIN_NOT_ALLOWED"],
    ["ERROR_PROXY_REQUIRED", 131, "ERROR_PROXY_REQUIRED"],
    ["ERROR_SOMETHING_NEW", 110, "ERROR_BAD_PARAMETERS"],
  ])("maps %s to %i %s", (legacy, errorId, errorCode) => {
    const error = v2Error(legacy)
    expect(error).toMatchObject({ errorId, errorCode })
    expect(error.errorDescription).toMatch(/^[A-Z0-9w].{10,}/)
  })

  it("describes every code of §2.5 in English", () => {
    expect(Object.values(V2_ERRORS).map((error) => error.errorId)).toEqual([
      1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15, 16, 21, 22, 23, 31, 55, 60, 110, 115, 130, 131,
    ])
    expect(v2Error("ERROR_SOMETHING_NEW").errorDescription).toContain("ERROR_SOMETHING_NEW")
  })

  it("describes a legacy code without a v2 twin by itself, not as a missing task field", () => {
    for (const code of ["ERROR_REPORT_NOT_RECORDED", "ERROR_DUPLICATE_REPORT", "ERROR_SOMETHING_NEW"]) {
      const { errorDescription } = v2Error(code)
      expect(errorDescription).toContain(code)
      expect(errorDescription).not.toMatch(/field/)
    }
    expect(v2Error("ERROR_REPORT_NOT_RECORDED", "Reports are taken for 15 minutes").errorDescription).toBe(
      "Reports are taken for 15 minutes (ERROR_REPORT_NOT_RECORDED).",
    )
  })
})
