import { useEffect, useState, useSyncExternalStore } from "react"
import type { CodeLanguage, Token } from "./languages"

/** Splits code into lines of tokens; joining a line's tokens' text gives the line back. */
export type CodeHighlighter = (code: string, language: CodeLanguage) => Token[][]

/*
 * The tokenizer (highlight.ts, about 3.5 KB gzip) is not part of what an app loads with the package: a page without
 * code never needs it. A code block shows its code as plain text until it is loaded, then in colour. To render code
 * in colour on the server, call `loadCodeHighlighter()` first and wait for it; a block that hydrates that HTML keeps
 * it as it is until the tokenizer has loaded in the browser (`useCodeHighlighter`).
 */
let loaded: CodeHighlighter | undefined
let loading: Promise<CodeHighlighter> | undefined

/** Loads the tokenizer once; code blocks rendered after it resolves are in colour from their first render. */
export function loadCodeHighlighter(): Promise<CodeHighlighter> {
  loading ??= import("./highlight").then(
    ({ tokenizeLines }) => (loaded = tokenizeLines),
    (error: unknown) => {
      loading = undefined // a later block asks again
      throw error
    },
  )
  return loading
}

/** Each line as one plain token: what a block shows before the tokenizer is there. */
export const plainLines: CodeHighlighter = (code) =>
  code.split("\n").map((line) => (line ? [{ type: "plain", text: line }] : []))

const subscribeNever = () => () => {}

/**
 * The tokenizer if it is loaded; otherwise plain lines now, and the tokenizer once it has loaded. `undefined` while
 * the block hydrates HTML the server rendered and the tokenizer is not here yet: the block keeps the server's HTML
 * of its code as it is (in colour, when the server had the tokenizer) rather than turn it plain, so a page need not
 * wait for the tokenizer to hydrate. `content` is everything the code's HTML depends on: if it changes before the
 * tokenizer arrives, the block shows plain lines of the new content.
 */
export function useCodeHighlighter(content: string): CodeHighlighter | undefined {
  const hydrating = useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  )
  const [highlighter, setHighlighter] = useState<CodeHighlighter | undefined>(() => loaded)
  // Only the first render of a block that hydrates sees `hydrating`; the state keeps what it rendered then.
  const [serverContent] = useState(() => (hydrating && typeof document !== "undefined" ? content : undefined))
  useEffect(() => {
    if (highlighter) return
    let mounted = true
    loadCodeHighlighter().then(
      (tokenize) => mounted && setHighlighter(() => tokenize),
      // Not loaded (offline, a stale deploy): the code stays readable as it is.
      () => {},
    )
    return () => {
      mounted = false
    }
  }, [highlighter])
  if (highlighter) return highlighter
  return serverContent === content ? undefined : plainLines
}
