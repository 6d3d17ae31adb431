/*
 * The languages a code block knows and the kinds of token its highlighter gives: what the block itself needs,
 * without the tokenizer (highlight.ts, loaded on first use: highlighter.ts).
 */

export type CodeLanguage =
  "php" | "python" | "csharp" | "java" | "go" | "ruby" | "javascript" | "bash" | "json" | "http" | "text"

export type TokenType =
  | "plain"
  | "keyword"
  | "string"
  | "comment"
  | "number"
  | "literal"
  | "punctuation"
  | "function"
  | "property"
  | "variable"

export interface Token {
  type: TokenType
  text: string
}

/** Names shown on tabs; product names, the same in every language. */
export const codeLanguageNames: Record<CodeLanguage, string> = {
  php: "PHP",
  python: "Python",
  csharp: "C#",
  java: "Java",
  go: "Go",
  ruby: "Ruby",
  javascript: "JavaScript",
  bash: "cURL",
  json: "JSON",
  http: "HTTP",
  text: "Text",
}

export const codeLanguages = Object.keys(codeLanguageNames) as CodeLanguage[]
