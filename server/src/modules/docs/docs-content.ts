/*
 * The hand-written parts of the developer docs and captcha pages, kept as Markdown beside the product's other
 * content (docs/ARCHITECTURE.md "Content") and read once at start:
 *
 *   server/content/docs/types/<type slug>/<language>.md       around a task type's generated page
 *   server/content/docs/methods/<slug>/v<1|2>.<language>.md   a method in one version
 *   server/content/docs/guides/<slug>/<language>.md           index, errors, proxies, 2captcha-api, lang-…
 *   server/content/docs/fields/<language>.json                a sentence per request field ("<Type>.<field>" first)
 *   server/content/docs/errors/<language>.json                per error code: meaning and what to do
 *   server/content/captcha-pages/<slug>/<language>.md         the /p/{slug} landing pages
 *
 * Two directives join the text to the catalogue: `{{field NAME}}` links a field of the page's type to its row of
 * the parameter table (a name the type does not accept stops the start), and a line `{{sample LANGUAGE solve
 * TypeCode v2}}` / `{{sample LANGUAGE call get-balance v1}}` becomes the generated program (run in the tests).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import {
  paramAnchor,
  SAMPLE_LANGUAGES,
  type ApiVersion,
  type SampleLanguage,
} from "@manyhands/contract/api-docs"
import { parse as parseYaml } from "yaml"
import { TASK_TYPES } from "../captcha/task-types"
import { productContentDir } from "../content/product-content"
import type { SampleCall, SampleSpec } from "./samples"
import { exampleClassicFields, exampleFields, sampleTimeout, sampleV2Name } from "./type-docs"

export class DocsContentError extends Error {
  override name = "DocsContentError"
}

export interface DocText {
  title: string
  description: string
  markdown: string
  file: string
  language: string
}

export const docsDir = join(productContentDir, "docs")
export const captchaPagesDir = join(productContentDir, "captcha-pages")

function readDoc(file: string, language: string): DocText {
  const text = readFileSync(file, "utf8")
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text)
  if (!match) throw new DocsContentError(`${file}: no front matter (--- … ---) at its start`)
  const data = parseYaml(match[1]!, { schema: "core" }) as Record<string, unknown> | null
  const field = (name: string) => {
    const value = data?.[name]
    if (typeof value !== "string" || !value.trim())
      throw new DocsContentError(`${file}: "${name}" is missing`)
    return value.trim()
  }
  return {
    title: field("title"),
    description: field("description"),
    markdown: match[2]!.trim() + "\n",
    file,
    language,
  }
}

const readJson = (file: string): Record<string, unknown> =>
  existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : {}

/** The Markdown files of a folder of folders: key → language → text. */
function readTree(dir: string, fileName: (language: string) => string, languages: readonly string[]) {
  const tree = new Map<string, Map<string, DocText>>()
  if (!existsSync(dir)) return tree
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    const texts = new Map<string, DocText>()
    for (const language of languages) {
      const file = join(dir, entry.name, fileName(language))
      if (existsSync(file)) texts.set(language, readDoc(file, language))
    }
    tree.set(entry.name, texts)
  }
  return tree
}

export interface DocsTexts {
  types: Map<string, Map<string, DocText>>
  /** `${slug}/v${version}` → language → text. */
  methods: Map<string, Map<string, DocText>>
  guides: Map<string, Map<string, DocText>>
  fields: Record<string, Record<string, string>>
  errors: Record<string, Record<string, { meaning: string; fix: string }>>
  captchaPages: Map<string, Map<string, DocText>>
}

export function readDocsTexts(): DocsTexts {
  const docsLanguages = ["en", "ru"]
  const methods = new Map<string, Map<string, DocText>>()
  for (const version of [1, 2])
    for (const [slug, texts] of readTree(
      join(docsDir, "methods"),
      (language) => `v${version}.${language}.md`,
      docsLanguages,
    ))
      methods.set(`${slug}/v${version}`, texts)
  return {
    types: readTree(join(docsDir, "types"), (language) => `${language}.md`, docsLanguages),
    methods,
    guides: readTree(join(docsDir, "guides"), (language) => `${language}.md`, docsLanguages),
    fields: Object.fromEntries(
      docsLanguages.map((language) => [
        language,
        readJson(join(docsDir, "fields", `${language}.json`)) as Record<string, string>,
      ]),
    ),
    errors: Object.fromEntries(
      docsLanguages.map((language) => [
        language,
        readJson(join(docsDir, "errors", `${language}.json`)) as Record<
          string,
          { meaning: string; fix: string }
        >,
      ]),
    ),
    captchaPages: readTree(captchaPagesDir, (language) => `${language}.md`, ["en", "ru", "zh"]),
  }
}

// ---- directives ------------------------------------------------------------------------------------------------

const FIELD = /\{\{field ([A-Za-z0-9_.]+)\}\}/g
const SAMPLE = /^\{\{sample (\S+) (solve|call) (\S+) v([12])\}\}$/gm
const CALLS: readonly SampleCall[] = [
  "get-balance",
  "get-task-result",
  "report-correct",
  "report-incorrect",
  "get-pingback",
]

/** The fields a text refers to with {{field …}}. */
export const fieldReferences = (markdown: string): string[] =>
  [...markdown.matchAll(FIELD)].map((match) => match[1]!)

export interface SampleDirective {
  language: SampleLanguage
  spec: SampleSpec
}

/** A directive's program, or a DocsContentError naming what is wrong. */
export function sampleOf(
  language: string,
  scenario: string,
  target: string,
  version: ApiVersion,
  where: string,
): SampleDirective {
  if (!(SAMPLE_LANGUAGES as readonly string[]).includes(language))
    throw new DocsContentError(`${where}: {{sample ${language} …}}: no such sample language`)
  if (scenario === "call") {
    if (!CALLS.includes(target as SampleCall))
      throw new DocsContentError(`${where}: {{sample … call ${target}}}: no such call`)
    return {
      language: language as SampleLanguage,
      spec: { scenario: "call", version, call: target as SampleCall },
    }
  }
  return { language: language as SampleLanguage, spec: solveSpec(target, version, where) }
}

/** The solve program of a catalogue type in a version. */
export function solveSpec(code: string, version: ApiVersion, where = code): SampleSpec {
  if (!TASK_TYPES[code]) throw new DocsContentError(`${where}: ${code} is not a task type of the catalogue`)
  const what = `a ${code} task`
  if (version === 2)
    return {
      scenario: "solve",
      version,
      what,
      fields: { type: sampleV2Name(code), ...exampleFields(code) },
      timeoutSeconds: sampleTimeout(code),
    }
  const fields = exampleClassicFields(code)
  if (!fields) throw new DocsContentError(`${where}: in.php takes no ${code}`)
  return { scenario: "solve", version, what, fields, timeoutSeconds: sampleTimeout(code) }
}

/**
 * Replaces the directives: fields become links (checked against `fields` when given), samples become fenced
 * blocks generated by `render`.
 */
export function expandDirectives(
  doc: DocText,
  fields: Set<string> | null,
  render: (directive: SampleDirective) => { fence: string; code: string },
): string {
  const withFields = doc.markdown.replace(FIELD, (_, name: string) => {
    if (fields && !fields.has(name))
      throw new DocsContentError(`${doc.file}: {{field ${name}}}: the type has no such field`)
    if (!fields) throw new DocsContentError(`${doc.file}: {{field ${name}}} is only for a type's page`)
    return `[\`${name}\`](#${paramAnchor(name)})`
  })
  return withFields.replace(
    SAMPLE,
    (_, language: string, scenario: string, target: string, version: string) => {
      const { fence, code } = render(
        sampleOf(language, scenario, target, Number(version) as ApiVersion, doc.file),
      )
      return `\`\`\`${fence}\n${code.trimEnd()}\n\`\`\``
    },
  )
}
