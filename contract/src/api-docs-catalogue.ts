/*
 * The developer docs' and captcha pages' fixed lists (spec §2): which pages exist, under which addresses, in
 * which languages. The server builds the pages from them and the engine's task catalogue; the routes, the
 * sitemap and the tests read the same lists.
 */
import type { SiteLanguage } from "./languages"

/** The two protocol versions: 1 is in.php / res.php, 2 the JSON API (createTask, getTaskResult, …). */
export const API_VERSIONS = [1, 2] as const
export type ApiVersion = (typeof API_VERSIONS)[number]
export const DEFAULT_API_VERSION: ApiVersion = 2

/** Spec §2: API docs (and the guides around them) are written in en and ru; landing pages in en, ru and zh. */
export const DOCS_LANGUAGES = ["en", "ru"] as const satisfies readonly SiteLanguage[]
export const CAPTCHA_PAGE_LANGUAGES = ["en", "ru", "zh"] as const satisfies readonly SiteLanguage[]

/**
 * The docs page of each task type of the catalogue, by catalogue code (the v2 type without "Proxyless"). A
 * type's page has the same address in both versions; a type with no in.php method exists in version 2 only.
 * server/test/api-docs.test.ts fails when the catalogue has a type without an entry here, or the other way.
 */
export const TYPE_DOC_SLUGS: Record<string, string> = {
  ImageToTextTask: "normal-captcha",
  TextCaptchaTask: "text-captcha",
  GridTask: "grid",
  CoordinatesTask: "coordinates",
  RotateTask: "rotate",
  BoundingBoxTask: "bounding-box",
  DrawAroundTask: "draw-around",
  DragAndDropTask: "drag-and-drop",
  AudioTask: "audio",
  VKCaptchaImageTask: "vk-captcha-image",
  TemuImageTask: "temu",
  SmartCaptchaTask: "smartcaptcha-image",
  PazlCaptchaTask: "pazl-captcha",
  RecaptchaV2Task: "recaptcha-v2",
  RecaptchaV2EnterpriseTask: "recaptcha-v2-enterprise",
  RecaptchaV3Task: "recaptcha-v3",
  TurnstileTask: "cloudflare-turnstile",
  GeeTestTask: "geetest",
  FunCaptchaTask: "funcaptcha",
  CapyTask: "capy",
  LeminTask: "lemin",
  AmazonTask: "amazon-waf",
  MtCaptchaTask: "mtcaptcha",
  DataDomeSliderTask: "datadome",
  CutCaptchaTask: "cutcaptcha",
  FriendlyCaptchaTask: "friendly-captcha",
  TencentTask: "tencent",
  AtbCaptchaTask: "atb-captcha",
  ProsopoTask: "prosopo-procaptcha",
  CaptchaFoxTask: "captchafox",
  VKCaptchaTask: "vk-captcha",
  KeyCaptchaTask: "keycaptcha",
  YandexSmartCaptchaTask: "yandex-smartcaptcha",
  AntiCyberSiAraTask: "cybersiara",
  AltchaTask: "altcha",
  BinanceTask: "binance",
  YidunTask: "yidun",
  AlibabaTask: "alibaba",
  BasiliskTask: "basilisk",
  HuntTask: "hunt",
  TspdTask: "tspd",
  IncapsulaTask: "incapsula",
}

/**
 * The methods' pages: the same address in both versions where the method exists in both (version 2's name,
 * then version 1's request).
 */
export const METHOD_DOCS = [
  { slug: "create-task", v2: "POST /createTask", v1: "POST /in.php" },
  { slug: "get-task-result", v2: "POST /getTaskResult", v1: "GET /res.php?action=get" },
  { slug: "get-balance", v2: "POST /getBalance", v1: "GET /res.php?action=getbalance" },
  { slug: "report-correct", v2: "POST /reportCorrect", v1: "GET /res.php?action=reportgood" },
  { slug: "report-incorrect", v2: "POST /reportIncorrect", v1: "GET /res.php?action=reportbad" },
  { slug: "pingback", v2: "createTask callbackUrl", v1: "GET /res.php?action=add_pingback" },
] as const
export type MethodDocSlug = (typeof METHOD_DOCS)[number]["slug"]

/** Hand-written pages of the docs, in both versions: errors, proxies, and the guide addresses below. */
export const DOC_GUIDES = ["errors", "proxies"] as const

/** The id of a parameter's row on a docs page: the target of the texts' {{field NAME}} links. */
export const paramAnchor = (name: string) => `param-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`

/** The programming-language guides (spec §2: /lang/{lang}). */
export const LANG_GUIDES = ["php", "python", "csharp", "java", "go", "ruby", "javascript"] as const
export type LangGuide = (typeof LANG_GUIDES)[number]

/** The languages code samples are shown in, in this order: curl first, then the guides' languages. */
export const SAMPLE_LANGUAGES = ["curl", ...LANG_GUIDES] as const
export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number]

/**
 * The captcha landing pages (spec §2: /p/{slug}); "generic" lists the others. `types`: the catalogue codes the
 * page is about (its live price, speed and load, its code sample and docs link come from the first);
 * `tutorial`: the key of a tutorial about it.
 */
export const CAPTCHA_PAGES: readonly { slug: string; types: readonly string[]; tutorial?: string }[] = [
  { slug: "generic", types: [] },
  { slug: "simple_captcha", types: ["ImageToTextTask"], tutorial: "image-captcha-python-requests" },
  { slug: "text_captcha", types: ["TextCaptchaTask"], tutorial: "text-questions-and-audio-captchas" },
  {
    slug: "clickcaptcha",
    types: ["CoordinatesTask", "GridTask"],
    tutorial: "grid-and-coordinates-captchas-python",
  },
  { slug: "rotatecaptcha", types: ["RotateTask"] },
  { slug: "recaptcha_v2", types: ["RecaptchaV2Task"], tutorial: "recaptcha-v2-javascript-api-v2" },
  { slug: "recaptcha_v2_callback", types: ["RecaptchaV2Task"], tutorial: "recaptcha-v2-javascript-api-v2" },
  { slug: "recaptcha_v2_invisible", types: ["RecaptchaV2Task"], tutorial: "recaptcha-v2-javascript-api-v2" },
  { slug: "recaptcha_enterprise", types: ["RecaptchaV2EnterpriseTask", "RecaptchaV3Task"] },
  { slug: "recaptcha_v3", types: ["RecaptchaV3Task"], tutorial: "recaptcha-v3-score-and-action" },
  { slug: "geetest", types: ["GeeTestTask"] },
  { slug: "hcaptcha", types: ["GridTask", "CoordinatesTask"] },
  { slug: "funcaptcha", types: ["FunCaptchaTask", "GridTask"] },
  { slug: "capy_puzzle", types: ["CapyTask"] },
  { slug: "cloudflare-turnstile", types: ["TurnstileTask"], tutorial: "cloudflare-turnstile-python" },
  { slug: "amazon-captcha-bypass", types: ["AmazonTask"] },
  { slug: "lemin-captcha", types: ["LeminTask"] },
  { slug: "audio-captcha", types: ["AudioTask"], tutorial: "text-questions-and-audio-captchas" },
  { slug: "mtcaptcha-solver", types: ["MtCaptchaTask"] },
  { slug: "datadome", types: ["DataDomeSliderTask"], tutorial: "own-proxy-for-token-captchas" },
  { slug: "cutcaptcha", types: ["CutCaptchaTask"] },
  { slug: "friendly-captcha", types: ["FriendlyCaptchaTask"] },
  { slug: "russian", types: ["ImageToTextTask"], tutorial: "image-captcha-python-requests" },
  { slug: "chinese", types: ["ImageToTextTask"] },
  { slug: "number", types: ["ImageToTextTask"], tutorial: "image-captcha-python-requests" },
  { slug: "math", types: ["ImageToTextTask", "TextCaptchaTask"] },
  { slug: "slider", types: ["CoordinatesTask", "DataDomeSliderTask"] },
  { slug: "tencent", types: ["TencentTask"] },
  { slug: "atb", types: ["AtbCaptchaTask"] },
  { slug: "procaptcha", types: ["ProsopoTask"] },
  { slug: "image-picture", types: ["GridTask", "CoordinatesTask", "BoundingBoxTask"] },
  { slug: "captchafox", types: ["CaptchaFoxTask"] },
  { slug: "vk-captcha-solver", types: ["VKCaptchaTask", "VKCaptchaImageTask"] },
  {
    slug: "bypass-recaptcha",
    types: ["RecaptchaV2Task", "RecaptchaV3Task"],
    tutorial: "recaptcha-v2-javascript-api-v2",
  },
  { slug: "break-captcha", types: ["ImageToTextTask", "RecaptchaV2Task", "TurnstileTask"] },
  { slug: "puppeteer-captcha-solver", types: ["RecaptchaV2Task", "TurnstileTask"] },
  { slug: "selenium-captcha-solver", types: ["RecaptchaV2Task", "ImageToTextTask"] },
  { slug: "admin-test", types: [] },
  { slug: "moderator-test", types: [] },
]

/** The test pages of the list above: for admins and for moderators only, never in the sitemap. */
export const CAPTCHA_TEST_PAGES = { "admin-test": "admin", "moderator-test": "moderator" } as const
