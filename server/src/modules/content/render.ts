/*
 * The Markdown renderer of articles (docs/ARCHITECTURE.md "Content"): run once when a translation is saved —
 * never per request — and its output stored with the source. One kept unified pipeline:
 *
 *   remark-parse → remark-gfm (tables, task lists, strikethrough, autolinks, footnotes) → remark-rehype →
 *   rehype-raw (HTML inside the Markdown, parsed as a browser would) → rehype-sanitize (the schema below) →
 *   callouts and figures → rehype-slug (heading anchors) → table of contents and plain text → shiki
 *   (code highlighted on the server) → rehype-stringify
 *
 * Sanitising comes before everything this module adds, so what it adds (heading ids, shiki's inline colours,
 * callout classes) is ours and what an author wrote passes the schema: no script, no event handler, no style,
 * no javascript: or data: address, classes only `language-*` on code.
 *
 * The highlighter is made once per process with a fixed set of languages (the first one takes ~0.8 s to load
 * its grammars; `warmRenderer` does that at start-up in production so no request waits for it).
 */
import type { Element, ElementContent, Root, RootContent } from "hast"
import { toText } from "hast-util-to-text"
import rehypeRaw from "rehype-raw"
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize"
import rehypeSlug from "rehype-slug"
import rehypeStringify from "rehype-stringify"
import remarkGfm from "remark-gfm"
import remarkParse from "remark-parse"
import remarkRehype from "remark-rehype"
import { createHighlighter, type HighlighterGeneric } from "shiki"
import { unified } from "unified"
import { visit } from "unist-util-visit"

/** The languages code blocks are highlighted in (the API's client libraries, and the shell and JSON). */
export const HIGHLIGHTED_LANGUAGES = [
  "php",
  "python",
  "csharp",
  "java",
  "go",
  "ruby",
  "javascript",
  "bash",
  "json",
] as const
type HighlightedLanguage = (typeof HIGHLIGHTED_LANGUAGES)[number]

/** Other names authors give them in a fence (```js). */
const LANGUAGE_ALIASES: Record<string, HighlightedLanguage> = {
  js: "javascript",
  node: "javascript",
  nodejs: "javascript",
  py: "python",
  python3: "python",
  cs: "csharp",
  "c#": "csharp",
  dotnet: "csharp",
  rb: "ruby",
  golang: "go",
  sh: "bash",
  shell: "bash",
  zsh: "bash",
  console: "bash",
  curl: "bash",
}

/** Light and dark colours: each token carries both as CSS variables (--shiki-light, --shiki-dark). */
const THEMES = { light: "github-light", dark: "github-dark" } as const

/**
 * github-light's orange (parameters, Python's keyword arguments) is 3.6:1 on white: darkened to 5.4:1 so every
 * token meets WCAG AA, as the theme's other colours do.
 */
const LIGHT_CONTRAST: Record<string, Record<string, string>> = { "github-light": { "#e36209": "#b35000" } }

/** The kinds of GitHub-style callouts: `> [!NOTE]` … */
export const CALLOUT_TYPES = ["note", "tip", "important", "warning", "caution"] as const
export type CalloutType = (typeof CALLOUT_TYPES)[number]

/** The title of each callout in the article's language (the content namespace of locales/). */
export type CalloutTitles = Record<CalloutType, string>

export const ENGLISH_CALLOUT_TITLES: CalloutTitles = {
  note: "Note",
  tip: "Tip",
  important: "Important",
  warning: "Warning",
  caution: "Caution",
}

export interface TocEntry {
  /** 2 or 3 (h2, h3). */
  depth: number
  /** The heading's id: link to #id. */
  id: string
  text: string
}

export interface Rendered {
  html: string
  /** The text a reader sees, blocks on their own lines: for search and descriptions. */
  plainText: string
  toc: TocEntry[]
  readingMinutes: number
}

// ---------------------------------------------------------------------------------------------------------
// The sanitising schema: GitHub's (rehype-sanitize's default), tightened.

const DROPPED_GLOBAL_ATTRIBUTES = new Set([
  // Focus order and keyboard shortcuts belong to the page, not to an article.
  "accessKey",
  "tabIndex",
  // Forms are not allowed anyway; no form attributes either.
  "action",
  "method",
  "encType",
  "accept",
  "acceptCharset",
])

const CLOBBER_PREFIX = "user-content-"

export const SANITIZE_SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  clobberPrefix: CLOBBER_PREFIX,
  // <picture>/<source srcset> would carry addresses the protocol check below does not see.
  tagNames: (defaultSchema.tagNames ?? []).filter((name) => name !== "picture" && name !== "source"),
  attributes: {
    ...defaultSchema.attributes,
    // The only class an author may set: the language of a code block.
    code: [["className", /^language-[a-z0-9+#-]{1,30}$/]],
    "*": (defaultSchema.attributes?.["*"] ?? []).filter(
      (attribute) => typeof attribute !== "string" || !DROPPED_GLOBAL_ATTRIBUTES.has(attribute),
    ),
  },
  protocols: {
    ...defaultSchema.protocols,
    // Pictures over https or from this site (relative addresses have no protocol); never http: or data:.
    src: ["https"],
  },
  // Elements removed with their content (the others not allowed are unwrapped, their text kept as text).
  strip: ["script", "style", "template", "noscript", "textarea", "title", "iframe", "object", "embed"],
}

// ---------------------------------------------------------------------------------------------------------
// Plugins of our own, on the sanitised tree.

const isElement = (node: RootContent | ElementContent | undefined, tag?: string): node is Element =>
  node?.type === "element" && (tag === undefined || node.tagName === tag)

const isBlank = (node: ElementContent) => node.type === "text" && node.value.trim() === ""

/**
 * `> [!NOTE]` (GitHub's callouts; also TIP, IMPORTANT, WARNING, CAUTION) becomes
 * `<div class="callout callout-note" role="note"><p class="callout-title">Note</p>…</div>`, the title in the
 * article's language, or the words after the marker on its line (`> [!TIP] Faster answers`).
 */
function rehypeCallouts(titles: CalloutTitles) {
  return (tree: Root) => {
    visit(tree, "element", (node, index, parent) => {
      if (node.tagName !== "blockquote" || !parent || index === undefined) return
      const first = node.children.find((child) => !isBlank(child))
      if (!isElement(first, "p")) return
      const lead = first.children[0]
      if (lead?.type !== "text") return
      const match = /^\[!(note|tip|important|warning|caution)\][ \t]*([^\n]*)(?:\n|$)/i.exec(lead.value)
      if (!match) return
      const type = match[1]!.toLowerCase() as CalloutType
      const custom = match[2]!.trim()
      const rest = lead.value.slice(match[0].length)
      const body: ElementContent[] = rest
        ? [{ type: "text", value: rest }, ...first.children.slice(1)]
        : first.children.slice(1)
      const children: ElementContent[] = [
        {
          type: "element",
          tagName: "p",
          properties: { className: ["callout-title"] },
          children: [{ type: "text", value: custom || titles[type] }],
        },
      ]
      if (body.some((child) => !isBlank(child))) children.push({ ...first, children: body })
      children.push(
        ...node.children.slice(node.children.indexOf(first) + 1).filter((child) => !isBlank(child)),
      )
      parent.children[index] = {
        type: "element",
        tagName: "div",
        properties: { className: ["callout", `callout-${type}`], role: "note" },
        children,
      }
    })
  }
}

/**
 * A picture alone in its paragraph, with a title (`![A worker's screen](/files/a.webp "The task queue")`), becomes
 * `<figure><img …><figcaption>The task queue</figcaption></figure>`. Pictures load lazily either way.
 */
function rehypeFigures() {
  return (tree: Root) => {
    visit(tree, "element", (node, index, parent) => {
      if (node.tagName === "img") node.properties.loading = "lazy"
      if (node.tagName !== "p" || !parent || index === undefined) return
      const content = node.children.filter((child) => !isBlank(child))
      const image = content[0]
      if (content.length !== 1 || !isElement(image, "img")) return
      const caption = image.properties.title
      if (typeof caption !== "string" || caption.trim() === "") return
      delete image.properties.title
      parent.children[index] = {
        type: "element",
        tagName: "figure",
        properties: {},
        children: [
          image,
          {
            type: "element",
            tagName: "figcaption",
            properties: {},
            children: [{ type: "text", value: caption }],
          },
        ],
      }
    })
  }
}

/**
 * The sanitiser prefixes ids an author wrote (and footnotes') with `user-content-`, so that no id of an article
 * can shadow one of the page (DOM clobbering); links to them within the article (`#fn-1`) follow the prefix.
 */
function rehypeFragmentLinks() {
  return (tree: Root) => {
    const ids = new Set<string>()
    visit(tree, "element", (node) => {
      if (typeof node.properties.id === "string") ids.add(node.properties.id)
    })
    visit(tree, "element", (node) => {
      const href = node.properties.href
      if (node.tagName !== "a" || typeof href !== "string" || !href.startsWith("#")) return
      const target = decodeURIComponent(href.slice(1))
      if (!ids.has(target) && ids.has(`${CLOBBER_PREFIX}${target}`))
        node.properties.href = `#${CLOBBER_PREFIX}${target}`
    })
  }
}

/** Collects the h2/h3 headings (after rehype-slug gave them ids) and the plain text, into `file.data`. */
function rehypeCollect() {
  return (tree: Root, file: { data: Record<string, unknown> }) => {
    const toc: TocEntry[] = []
    visit(tree, "element", (node) => {
      const depth = node.tagName === "h2" ? 2 : node.tagName === "h3" ? 3 : 0
      const id = node.properties.id
      // Not the footnotes' heading, which only screen readers see.
      const hidden = Array.isArray(node.properties.className) && node.properties.className.includes("sr-only")
      if (!depth || typeof id !== "string" || hidden) return
      const text = toText(node).replace(/\s+/g, " ").trim()
      if (text) toc.push({ depth, id, text })
    })
    file.data.toc = toc
    file.data.plainText = toText(tree)
      .split("\n")
      .map((line) => line.replace(/[ \t\u00a0]+/g, " ").trim())
      .filter((line, i, lines) => line !== "" || (i > 0 && lines[i - 1] !== ""))
      .join("\n")
      .trim()
  }
}

type Highlighter = HighlighterGeneric<string, string>

let highlighter: Promise<Highlighter> | undefined

/** The process's one highlighter, made on first use with every language of HIGHLIGHTED_LANGUAGES. */
function loadHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({
    themes: Object.values(THEMES),
    langs: [...HIGHLIGHTED_LANGUAGES],
  }) as Promise<Highlighter>
  return highlighter
}

/** Loads the highlighter's grammars now (at start-up), so the first save does not wait ~0.8 s for them. */
export async function warmRenderer(): Promise<void> {
  await loadHighlighter()
}

/** The highlighted language of a `language-*` class, or undefined (the block stays plain, escaped text). */
function highlightedLanguage(code: Element): HighlightedLanguage | undefined {
  const classes = code.properties.className
  const name = Array.isArray(classes)
    ? classes
        .map(String)
        .find((value) => value.startsWith("language-"))
        ?.slice("language-".length)
        .toLowerCase()
    : undefined
  if (!name) return undefined
  if ((HIGHLIGHTED_LANGUAGES as readonly string[]).includes(name)) return name as HighlightedLanguage
  return LANGUAGE_ALIASES[name]
}

/**
 * `<pre><code class="language-python">` → shiki's `<pre class="shiki …" data-language="python">` with colours; without
 * shiki the code stays as it is.
 */
function rehypeHighlight(shiki: Highlighter | null) {
  return (tree: Root) => {
    if (!shiki) return
    visit(tree, "element", (node, index, parent) => {
      if (node.tagName !== "pre" || !parent || index === undefined) return
      const code = node.children.find((child) => isElement(child, "code"))
      if (!isElement(code)) return
      const language = highlightedLanguage(code)
      if (!language) return
      const source = toText(code, { whitespace: "pre" }).replace(/\n$/, "")
      const highlighted = shiki.codeToHast(source, {
        lang: language,
        themes: THEMES,
        defaultColor: "light",
        colorReplacements: LIGHT_CONTRAST,
      })
      const pre = highlighted.children.find((child): child is Element => isElement(child, "pre"))
      if (!pre) return
      pre.properties.dataLanguage = language
      // Keyboard users can scroll a wide block (shiki sets tabindex="0" on it).
      parent.children[index] = pre
      return "skip"
    })
  }
}

/** Minutes to read: 200 words a minute, and 500 characters a minute of scripts written without spaces. */
export function readingMinutes(text: string): number {
  const unspaced =
    text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/gu)?.length ?? 0
  const words = text
    .replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/gu, " ")
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length
  return Math.max(1, Math.ceil(words / 200 + unspaced / 500))
}

/** Renders an article's Markdown: sanitised HTML with anchors and highlighted code, its text and contents. */
export async function renderMarkdown(
  markdown: string,
  {
    calloutTitles = ENGLISH_CALLOUT_TITLES,
    highlight = true,
  }: {
    calloutTitles?: CalloutTitles
    /** Whether code is highlighted: not for a caller that reads only the text and contents (a third of the time). */
    highlight?: boolean
  } = {},
): Promise<Rendered> {
  const shiki = highlight ? await loadHighlighter() : null
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    // No prefix here: the sanitiser prefixes every id (footnotes' too), and rehypeFragmentLinks follows.
    .use(remarkRehype, { allowDangerousHtml: true, clobberPrefix: "" })
    .use(rehypeRaw)
    .use(rehypeSanitize, SANITIZE_SCHEMA)
    .use(rehypeCallouts, calloutTitles)
    .use(rehypeFigures)
    .use(rehypeSlug)
    .use(rehypeFragmentLinks)
    .use(rehypeCollect)
    .use(rehypeHighlight, shiki)
    .use(rehypeStringify)
  const file = await processor.process(markdown)
  const plainText = String(file.data.plainText ?? "")
  return {
    html: String(file),
    plainText,
    toc: (file.data.toc as TocEntry[] | undefined) ?? [],
    readingMinutes: readingMinutes(plainText),
  }
}
