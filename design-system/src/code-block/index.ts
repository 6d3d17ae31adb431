export {
  CodeBlock,
  codeBlockVariants,
  codeTokenClasses,
  type CodeBlockProps,
  type CodeSnippet,
} from "./code-block"
export { loadCodeHighlighter, type CodeHighlighter } from "./highlighter"
export { codeLanguageNames, codeLanguages, type CodeLanguage, type Token, type TokenType } from "./languages"
