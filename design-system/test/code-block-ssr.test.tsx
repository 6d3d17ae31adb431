import { renderToString } from "react-dom/server"
import { describe, expect, it, vi } from "vitest"

/** The code-block module as a page loads it the first time: its tokenizer not yet loaded. */
async function freshCodeBlock() {
  vi.resetModules()
  return import("../src/code-block")
}

describe("CodeBlock's tokenizer, loaded on first use", () => {
  it("renders plain text before the tokenizer is loaded, and in colour after, with the same text", async () => {
    const { CodeBlock, loadCodeHighlighter } = await freshCodeBlock()
    const code = 'const answer = "42" // the id\n\nawait poll(answer)'
    const block = <CodeBlock code={code} language="javascript" lineNumbers />
    const text = (html: string) =>
      html
        .replace(/<span aria-hidden="true"[^>]*>\d+<\/span>/g, "") // the line numbers
        .replace(/<[^>]+>/g, "")
        .replaceAll("&quot;", '"')
        .replaceAll("<!-- -->", "")

    const plain = renderToString(block)
    expect(plain).not.toContain("text-success-text")
    expect(plain).not.toContain("text-promo-text")
    expect(plain.match(/data-line="/g)).toHaveLength(3)

    await loadCodeHighlighter()
    const coloured = renderToString(block)
    expect(coloured).toContain('<span class="text-success-text">&quot;42&quot;</span>')
    expect(coloured).toContain('<span class="text-promo-text">const</span>')
    expect(coloured.match(/data-line="/g)).toHaveLength(3)
    // The copy button's value aside, the same characters in the same lines either way.
    expect(text(coloured)).toBe(text(plain))
  })

  it("loads once, and its tokenizer gives each line back", async () => {
    const { loadCodeHighlighter } = await freshCodeBlock()
    const [first, second] = await Promise.all([loadCodeHighlighter(), loadCodeHighlighter()])
    expect(first).toBe(second)
    const lines = first("a = 1\n\n# b", "python")
    expect(lines.map((line) => line.map((token) => token.text).join(""))).toEqual(["a = 1", "", "# b"])
  })
})
