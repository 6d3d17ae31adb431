export {
  CodeBlock,
  codeBlockVariants,
  codeTokenClasses,
  type CodeBlockProps,
  type CodeSnippet,
} from "./code-block"
export {
  codeLanguageNames,
  codeLanguages,
  tokenize,
  tokenizeLines,
  type CodeLanguage,
  type Token,
  type TokenType,
} from "./highlight"
