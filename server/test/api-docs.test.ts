import { randomBytes } from "node:crypto"
import {
  CAPTCHA_PAGES,
  CAPTCHA_PAGE_LANGUAGES,
  CAPTCHA_TEST_PAGES,
  DOCS_LANGUAGES,
  SAMPLE_LANGUAGES,
  TYPE_DOC_SLUGS,
  type CaptchaPage,
  type CaptchaPageList,
  type DocPage,
} from "@manyhands/contract/api-docs"
import type { FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { parseClassicSubmission } from "../src/modules/captcha/parse-classic"
import { parseV2Task } from "../src/modules/captcha/parse-v2"
import { TASK_TYPES } from "../src/modules/captcha/task-types"
import { ApiDocs, DOC_SLUGS, docPath } from "../src/modules/docs/api-docs"
import { fieldReferences, readDocsTexts, solveSpec } from "../src/modules/docs/docs-content"
import { FileRef, type SampleValue } from "../src/modules/docs/samples"
import { exampleClassicFields, exampleFields, sampleV2Name, typeFields } from "../src/modules/docs/type-docs"
import { pngImage } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

/** The files a reader keeps beside a sample, as base64: pictures, and an MP3 (an ID3 tag first). */
const FILE_BASE64: Record<string, string> = {
  "captcha.png": pngImage(120, 40).toString("base64"),
  "instructions.png": pngImage(100, 30).toString("base64"),
  "background.png": pngImage(300, 200).toString("base64"),
  "piece.png": pngImage(40, 40).toString("base64"),
  "part.png": pngImage(60, 60).toString("base64"),
  "recording.mp3": Buffer.concat([Buffer.from("ID3\x04\x00\x00"), randomBytes(400)]).toString("base64"),
}

const resolveFiles = (value: SampleValue): unknown => {
  if (value instanceof FileRef) {
    const data = FILE_BASE64[value.file]
    if (!data) throw new Error(`no test file ${value.file}`)
    return value.list ? [data] : data
  }
  if (Array.isArray(value)) return value.map(resolveFiles)
  if (typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveFiles(item)]))
  return value
}

const texts = readDocsTexts()
const CODES = Object.keys(TASK_TYPES)

describe("the docs follow the task catalogue", () => {
  it("has a docs page for every task type of the catalogue, and none for a type it lacks", () => {
    expect(Object.keys(TYPE_DOC_SLUGS).sort()).toEqual([...CODES].sort())
    expect(new Set(Object.values(TYPE_DOC_SLUGS)).size).toBe(CODES.length)
  })

  it("has the hand-written explanation of every type in English and Russian", () => {
    for (const [code, slug] of Object.entries(TYPE_DOC_SLUGS))
      for (const language of DOCS_LANGUAGES)
        expect(
          texts.types.get(slug)?.get(language),
          `${code}: server/content/docs/types/${slug}/${language}.md`,
        ).toBeDefined()
  })

  it("refers only to fields the catalogue accepts for that type", () => {
    for (const [code, slug] of Object.entries(TYPE_DOC_SLUGS)) {
      const accepted = new Set(typeFields(code).map((field) => field.name))
      for (const [language, doc] of texts.types.get(slug) ?? [])
        for (const name of fieldReferences(doc.markdown))
          expect(
            accepted.has(name),
            `${slug}/${language}.md names {{field ${name}}}, which ${code} does not accept`,
          ).toBe(true)
    }
  })

  it("describes every field of every type in English and Russian", () => {
    for (const code of CODES)
      for (const field of typeFields(code))
        for (const language of DOCS_LANGUAGES) {
          const fields = texts.fields[language]!
          expect(
            fields[`${code}.${field.name}`] ?? fields[field.name],
            `${language}: ${code}.${field.name}`,
          ).toBeTruthy()
        }
  })

  it("sends an example request of every type that the engine accepts through both APIs", () => {
    for (const code of CODES) {
      const task = resolveFiles({ type: sampleV2Name(code), ...exampleFields(code) })
      expect(parseV2Task(task, {}).type, code).toBe(code)
      const classic = exampleClassicFields(code)
      if (TASK_TYPES[code]!.classicMethods && Object.keys(TASK_TYPES[code]!.classicMethods).length > 0)
        expect(classic, `${code} has an in.php method`).not.toBeNull()
      if (!classic) continue
      // As the samples send them: a list of files comma-joined, other lists and objects as JSON.
      const fields = Object.fromEntries(
        Object.entries(classic).map(([key, value]) => {
          const resolved = resolveFiles(value)
          const text =
            value instanceof FileRef && Array.isArray(resolved)
              ? resolved.join(",")
              : typeof resolved === "object"
                ? JSON.stringify(resolved)
                : String(resolved)
          return [key.toLowerCase(), text]
        }),
      )
      expect(parseClassicSubmission(fields, {}).type, `${code} through in.php`).toBe(code)
    }
  })

  it("documents a limit exactly where the check has one", () => {
    const docs = new ApiDocs(
      { prices: async () => ({ currency: "USD", generatedAt: "", prices: [] }) },
      texts,
    )
    return docs.page("recaptcha-v3", "en", "http://127.0.0.1:1").then((page) => {
      const minScore = page.versions[0]!.params.find((param) => param.name === "minScore")!
      expect(minScore.limits).toContain("0.1 to 0.9")
      expect(minScore.default).toBe(0.4)
      const classic = page.versions.find((version) => version.version === 1)!.params
      expect(classic.find((param) => param.classicNames.includes("min_score"))?.name).toBe("min_score")
    })
  })

  it("has meaning and advice for every error code a page lists, in English and Russian", async () => {
    const docs = new ApiDocs(
      { prices: async () => ({ currency: "USD", generatedAt: "", prices: [] }) },
      texts,
    )
    const codes = new Set<string>()
    for (const slug of DOC_SLUGS) {
      const page = await docs.page(slug, "en", "http://127.0.0.1:1")
      for (const version of page.versions) for (const error of version.errors) codes.add(error.code)
    }
    for (const code of codes)
      for (const language of DOCS_LANGUAGES) {
        const text = texts.errors[language]![code]
        expect(text?.meaning && text.fix, `server/content/docs/errors/${language}.json: ${code}`).toBeTruthy()
      }
  })

  it("has every captcha landing page in English, Russian and Chinese", () => {
    for (const page of CAPTCHA_PAGES) {
      if (page.slug in CAPTCHA_TEST_PAGES) continue
      for (const language of CAPTCHA_PAGE_LANGUAGES)
        expect(
          texts.captchaPages.get(page.slug)?.get(language),
          `captcha-pages/${page.slug}/${language}.md`,
        ).toBeDefined()
      for (const type of page.types) expect(TASK_TYPES[type], `${page.slug}: ${type}`).toBeDefined()
    }
  })

  it("builds a solve program for every type in every version it has", () => {
    for (const code of CODES) {
      expect(solveSpec(code, 2).scenario).toBe("solve")
      if (exampleClassicFields(code)) expect(solveSpec(code, 1).scenario).toBe("solve")
    }
  })
})

describe("the docs endpoints", () => {
  let app: FastifyInstance
  let stop: () => Promise<void>

  beforeAll(async () => {
    ;({ app, stop } = await startTestApp(engines[0]!))
  })
  afterAll(() => stop?.())

  const get = async <T>(url: string, host = "docs.example.test:8443") => {
    const response = await app.inject({ method: "GET", url, headers: { host } })
    return { status: response.statusCode, body: response.json() as T }
  }

  it("answers every docs page in English and Russian, samples addressed to the host asked", async () => {
    for (const slug of DOC_SLUGS)
      for (const language of DOCS_LANGUAGES) {
        const { status, body } = await get<DocPage>(`/api/v1/api-docs/${slug}?language=${language}`)
        expect(status, `${slug} ${language}`).toBe(200)
        expect(body.language, `${slug} is written in ${language}`).toBe(language)
        expect(body.path).toBe(docPath(slug))
        for (const version of body.versions)
          for (const sample of version.samples) expect(sample.code).toContain("http://docs.example.test:8443")
      }
    const type = (await get<DocPage>("/api/v1/api-docs/recaptcha-v2?hostname=api.example.org")).body
    expect(type.versions.map((version) => version.version)).toEqual([2, 1])
    expect(type.versions[0]!.samples.map((sample) => sample.language)).toEqual([...SAMPLE_LANGUAGES])
    expect(type.versions[0]!.samples[0]!.code).toContain("http://api.example.org")
    expect((await get<DocPage>("/api/v1/api-docs/recaptcha-v2?version=1")).body.versions).toHaveLength(1)
  })

  it("answers 404 for a page that does not exist, 400 for a bad version", async () => {
    expect((await get("/api/v1/api-docs/no-such-page")).status).toBe(404)
    expect((await get("/api/v1/api-docs/recaptcha-v2?version=3")).status).toBe(400)
    expect((await get("/api/v1/captcha-recognition/no-such-page")).status).toBe(404)
    expect((await get("/api/v1/captcha-recognition/admin-test")).status).toBe(404)
  })

  it("answers every captcha landing page in its languages, with its types' live figures", async () => {
    const list = (await get<CaptchaPageList>("/api/v1/captcha-recognition?ids=recaptcha_v2,geetest")).body
    expect(list.pages.map((page) => page.slug)).toEqual(["recaptcha_v2", "geetest"])
    for (const page of CAPTCHA_PAGES) {
      if (page.slug in CAPTCHA_TEST_PAGES) continue
      for (const language of CAPTCHA_PAGE_LANGUAGES) {
        const { status, body } = await get<CaptchaPage>(
          `/api/v1/captcha-recognition/${page.slug}?language=${language}`,
        )
        expect(status, `${page.slug} ${language}`).toBe(200)
        expect(body.language).toBe(language)
        expect(body.types.map((type) => type.type)).toEqual(page.types)
        if (page.types.length > 0) expect(body.samples).toHaveLength(SAMPLE_LANGUAGES.length)
      }
    }
  })
})
