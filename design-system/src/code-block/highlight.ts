/**
 * A small syntax highlighter for API examples: it splits code into tokens (keywords, strings, comments,
 * numbers, punctuation…) with one table of rules per language. It never throws and never drops a
 * character: joining the tokens' text gives back the input.
 */

import type { CodeLanguage, Token, TokenType } from "./languages"

export type { CodeLanguage, Token, TokenType } from "./languages"

interface StringRule {
  open: string
  close: string
  /** Backslash does not escape (Go raw strings, shell single quotes). */
  raw?: boolean
  /** May span lines. */
  multiline?: boolean
}

interface Spec {
  keywords: Set<string>
  literals: Set<string>
  lineComments: string[]
  blockComment?: [string, string]
  /** Longest delimiters first. */
  strings: StringRule[]
  /** Characters that may stand right before a string's quote and belong to it (Python f"", C# @""). */
  stringPrefixes?: RegExp
  variable?: RegExp
}

const words = (list: string) => new Set(list.split(" "))
const q = (open: string, extra: Partial<StringRule> = {}): StringRule => ({ open, close: open, ...extra })
const cLike = { lineComments: ["//"], blockComment: ["/*", "*/"] as [string, string] }

const specs: Record<Exclude<CodeLanguage, "http" | "text">, Spec> = {
  php: {
    keywords: words(
      "abstract and array as break case catch class const continue declare default do echo else elseif empty enum extends final finally fn for foreach function global if implements include instanceof interface isset list match namespace new or print private protected public readonly require require_once return static switch throw trait try unset use var while yield",
    ),
    literals: words("true false null TRUE FALSE NULL"),
    lineComments: ["//", "#"],
    blockComment: ["/*", "*/"],
    strings: [q('"'), q("'")],
    variable: /\$[A-Za-z_]\w*|<\?php|\?>/y,
  },
  python: {
    keywords: words(
      "and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield",
    ),
    literals: words("True False None"),
    lineComments: ["#"],
    strings: [q('"""', { multiline: true }), q("'''", { multiline: true }), q('"'), q("'")],
    stringPrefixes: /[rRbBfFuU]{1,2}(?=["'])/y,
    variable: /@[A-Za-z_][\w.]*/y,
  },
  csharp: {
    keywords: words(
      "abstract as async await base bool break byte case catch char class const continue decimal default do double else enum event explicit extern finally fixed float for foreach get if implicit in int interface internal is lock long namespace new object operator out override params private protected public readonly record ref return sealed set short static string struct switch this throw try typeof uint ulong using var virtual void while",
    ),
    literals: words("true false null"),
    ...cLike,
    strings: [q('"""', { multiline: true }), q('"'), q("'")],
    stringPrefixes: /[@$]{1,2}(?=")/y,
  },
  java: {
    keywords: words(
      "abstract assert boolean break byte case catch char class const continue default do double else enum extends final finally float for if implements import instanceof int interface long native new package private protected public record return short static super switch synchronized this throw throws try var void volatile while",
    ),
    literals: words("true false null"),
    ...cLike,
    strings: [q('"""', { multiline: true }), q('"'), q("'")],
    variable: /@[A-Za-z_]\w*/y,
  },
  go: {
    keywords: words(
      "break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var",
    ),
    literals: words("true false nil iota"),
    ...cLike,
    strings: [q('"'), q("'"), q("`", { raw: true, multiline: true })],
  },
  ruby: {
    keywords: words(
      "alias and begin break case class def defined? do else elsif end ensure for if in module next not or redo require require_relative rescue retry return self super then unless until when while yield puts",
    ),
    literals: words("true false nil"),
    lineComments: ["#"],
    strings: [q('"'), q("'")],
    variable: /@{1,2}[A-Za-z_]\w*|\$[A-Za-z_]\w*|:[A-Za-z_]\w*[?!]?(?!:)/y,
  },
  javascript: {
    keywords: words(
      "async await break case catch class const continue debugger default delete do else export extends finally for from function if import in instanceof let new of return static super switch this throw try typeof var void while with yield",
    ),
    literals: words("true false null undefined NaN Infinity"),
    ...cLike,
    strings: [q('"'), q("'"), q("`", { multiline: true })],
  },
  bash: {
    keywords: words(
      "if then else elif fi for while until do done case esac in function return export local readonly set unset echo exit",
    ),
    literals: words("true false"),
    lineComments: ["#"],
    strings: [q('"', { multiline: true }), q("'", { raw: true, multiline: true })],
    // $KEY, ${KEY}, $(command) openers, and command-line options (-d, --data-urlencode).
    variable: /\$\{[^}\n]*\}|\$[A-Za-z_]\w*|\$\(|(?<=^|\s)--?[A-Za-z][\w-]*/y,
  },
  json: {
    keywords: new Set(),
    literals: words("true false null"),
    lineComments: [],
    strings: [q('"')],
  },
}

const NUMBER = /-?(?:0[xX][\da-fA-F]+|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?)[fFdDlLmMuU]?/y
const WORD = /[A-Za-z_][\w]*[?!]?/y
const SPACE = /\s+/y
const PUNCTUATION = /[{}()[\];,.:=<>+\-*/%!&|^~?\\]+/y

function sticky(pattern: RegExp, code: string, at: number): string | undefined {
  pattern.lastIndex = at
  return pattern.exec(code)?.[0]
}

/** Appends text to the list, merging it into the previous token when both have the same type. */
function push(tokens: Token[], type: TokenType, text: string) {
  if (!text) return
  const last = tokens[tokens.length - 1]
  if (last && last.type === type) last.text += text
  else tokens.push({ type, text })
}

/** Index just past the end of the string that opens at `at`. */
function endOfString(code: string, at: number, rule: StringRule): number {
  let i = at + rule.open.length
  while (i < code.length) {
    if (!rule.raw && code[i] === "\\") {
      i += 2
      continue
    }
    if (code.startsWith(rule.close, i)) return i + rule.close.length
    if (code[i] === "\n" && !rule.multiline) return i
    i++
  }
  return code.length
}

function scan(code: string, spec: Spec, json = false): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < code.length) {
    const lineComment = spec.lineComments.find(
      (start) => code.startsWith(start, i) && (start !== "#" || i === 0 || /[\s;(]/.test(code[i - 1]!)),
    )
    if (lineComment) {
      const end = code.indexOf("\n", i)
      const stop = end === -1 ? code.length : end
      push(tokens, "comment", code.slice(i, stop))
      i = stop
      continue
    }
    if (spec.blockComment && code.startsWith(spec.blockComment[0], i)) {
      const end = code.indexOf(spec.blockComment[1], i + spec.blockComment[0].length)
      const stop = end === -1 ? code.length : end + spec.blockComment[1].length
      push(tokens, "comment", code.slice(i, stop))
      i = stop
      continue
    }
    const prefix = spec.stringPrefixes ? (sticky(spec.stringPrefixes, code, i) ?? "") : ""
    const rule = spec.strings.find((r) => code.startsWith(r.open, i + prefix.length))
    if (rule && (prefix || !/\w/.test(code[i - 1] ?? ""))) {
      const stop = endOfString(code, i + prefix.length, rule)
      const text = code.slice(i, stop)
      // A JSON string followed by a colon is an object key.
      const isKey = json && /^\s*:/.test(code.slice(stop, stop + 20))
      push(tokens, isKey ? "property" : "string", text)
      i = stop
      continue
    }
    const variable = spec.variable && sticky(spec.variable, code, i)
    if (variable) {
      push(tokens, variable.startsWith("<?") || variable === "?>" ? "keyword" : "variable", variable)
      i += variable.length
      continue
    }
    const previous = code[i - 1] ?? ""
    const number = /[\w.$]/.test(previous) ? undefined : sticky(NUMBER, code, i)
    if (number && !(number.startsWith("-") && /[\w)\]]\s*$/.test(code.slice(Math.max(0, i - 8), i)))) {
      push(tokens, "number", number)
      i += number.length
      continue
    }
    const word = sticky(WORD, code, i)
    if (word) {
      const bare = spec.keywords.has(word) || spec.literals.has(word) ? word : word.replace(/[?!]$/, "")
      // After "." "/" "-" a word is a member or part of a path (in.php, res.php), never a keyword.
      const member = /[./-]/.test(previous)
      const call = /^\s*\(/.test(code.slice(i + bare.length, i + bare.length + 4))
      const type: TokenType =
        !member && spec.keywords.has(bare)
          ? "keyword"
          : !member && spec.literals.has(bare)
            ? "literal"
            : call && !/[/-]/.test(previous)
              ? "function"
              : "plain"
      push(tokens, type, bare)
      i += bare.length
      continue
    }
    const space = sticky(SPACE, code, i)
    if (space) {
      push(tokens, "plain", space)
      i += space.length
      continue
    }
    const punctuation = sticky(PUNCTUATION, code, i)
    if (punctuation) {
      push(tokens, "punctuation", punctuation)
      i += punctuation.length
      continue
    }
    push(tokens, "plain", code[i]!)
    i++
  }
  return tokens
}

/** key=value&key=value bodies of in.php requests. */
function scanForm(body: string): Token[] {
  const tokens: Token[] = []
  for (const part of body.split(/(&|\n)/)) {
    if (part === "&" || part === "\n") {
      push(tokens, part === "&" ? "punctuation" : "plain", part)
      continue
    }
    const eq = part.indexOf("=")
    if (eq === -1) push(tokens, "plain", part)
    else {
      push(tokens, "property", part.slice(0, eq))
      push(tokens, "punctuation", "=")
      push(tokens, "string", part.slice(eq + 1))
    }
  }
  return tokens
}

/** A raw HTTP request or response: start line, headers, a blank line, then a JSON or form body. */
function scanHttp(code: string): Token[] {
  const tokens: Token[] = []
  const blank = code.search(/\r?\n\r?\n/)
  const head = blank === -1 ? code : code.slice(0, blank)
  const rest = blank === -1 ? "" : code.slice(blank)
  head.split("\n").forEach((line, index) => {
    if (index > 0) push(tokens, "plain", "\n")
    const start = /^([A-Z]+) (\S+)(.*)$/.exec(line) ?? /^(HTTP\/[\d.]+) (\d{3})(.*)$/.exec(line)
    const header = /^([\w-]+)(:)(.*)$/.exec(line)
    if (index === 0 && start) {
      push(tokens, "keyword", start[1]!)
      push(tokens, "plain", " ")
      push(tokens, /^\d+$/.test(start[2]!) ? "number" : "string", start[2]!)
      push(tokens, "plain", start[3]!)
    } else if (header) {
      push(tokens, "property", header[1]!)
      push(tokens, "punctuation", header[2]!)
      push(tokens, "plain", header[3]!)
    } else push(tokens, "plain", line)
  })
  const body = rest.trimStart()
  push(tokens, "plain", rest.slice(0, rest.length - body.length))
  const bodyTokens = /^[[{]/.test(body) ? scan(body, specs.json, true) : scanForm(body)
  for (const token of bodyTokens) push(tokens, token.type, token.text)
  return tokens
}

/** Splits code into coloured tokens. Unknown languages and "text" give one plain token. */
export function tokenize(code: string, language: CodeLanguage): Token[] {
  if (!code) return []
  if (language === "http") return scanHttp(code)
  const spec = language === "text" ? undefined : specs[language]
  if (!spec) return [{ type: "plain", text: code }]
  return scan(code, spec, language === "json")
}

/** The same tokens, one array per line (a token that spans lines is cut at each line break). */
export function tokenizeLines(code: string, language: CodeLanguage): Token[][] {
  const lines: Token[][] = [[]]
  for (const token of tokenize(code, language)) {
    token.text.split("\n").forEach((part, index) => {
      if (index > 0) lines.push([])
      if (part) lines[lines.length - 1]!.push({ type: token.type, text: part })
    })
  }
  return lines
}
