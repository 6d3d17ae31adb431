import * as Tabs from "@radix-ui/react-tabs"
import { cva } from "class-variance-authority"
import { useId, useState, type ComponentProps, type ReactNode } from "react"
import { CopyButton } from "../copy-button"
import { cn } from "../lib/cn"
import { useCodeHighlighter } from "./highlighter"
import { codeLanguageNames, type CodeLanguage, type TokenType } from "./languages"

/**
 * Colours of code tokens. Every one is a text tone that keeps at least 4.5:1 contrast on `bg-surface-muted`
 * and `bg-primary-soft` (highlighted lines) in both themes.
 */
export const codeTokenClasses: Record<TokenType, string> = {
  plain: "",
  keyword: "text-promo-text",
  string: "text-success-text",
  comment: "text-muted-foreground italic",
  number: "text-warning-text",
  literal: "text-warning-text",
  punctuation: "text-muted-foreground",
  function: "text-primary",
  property: "text-info-text",
  variable: "text-danger-text",
}

export const codeBlockVariants = /* @__PURE__ */ cva(
  "relative overflow-hidden rounded-lg border border-border bg-surface-muted text-foreground",
  {
    variants: {
      size: {
        sm: "text-xs [&_pre]:leading-5",
        md: "text-sm [&_pre]:leading-6",
      },
    },
    defaultVariants: { size: "md" },
  },
)

export interface CodeSnippet {
  language: CodeLanguage
  code: string
  /** Tab text; defaults to the language's name ("PHP", "C#", "cURL"). */
  label?: string
  /** File name shown while this tab is open, instead of the block's title. */
  title?: ReactNode
}

export interface CodeBlockProps extends Omit<
  ComponentProps<"div">,
  "title" | "children" | "defaultValue" | "dir"
> {
  /** The code of a single-language block (use `snippets` for tabs). */
  code?: string
  /** Language of `code`. @default "text" */
  language?: CodeLanguage
  /** One snippet per language; more than one shows tabs to switch between them (arrow keys move). */
  snippets?: readonly CodeSnippet[]
  /** Tab open at first; the block remembers nothing between visits. @default the first snippet */
  defaultLanguage?: CodeLanguage
  /** Called when the reader opens another language's tab. */
  onLanguageChange?: (language: CodeLanguage) => void
  /** A title or file name above the code ("solve.py", "Send a captcha"). */
  title?: ReactNode
  /** Accessible name of the tab list ("Language of the example"); without it the block's `title` names it. */
  tabsLabel?: string
  /** Numbers in a gutter; they are not copied and screen readers skip them. @default false */
  lineNumbers?: boolean
  /** Lines (1-based) to mark, e.g. the line that sets the API key. */
  highlightLines?: readonly number[]
  /** Text of the copy button; defaults to the provider's "Copy". */
  copyLabel?: string
  /** Called after the code is on the clipboard. */
  onCopied?: () => void
  /** @default "md" */
  size?: "sm" | "md"
}

/**
 * Highlighted code with an optional title, language tabs, line numbers and a copy button. The code is plain text
 * until the highlighter is loaded (`loadCodeHighlighter`), which the first block to mount does by itself.
 */
export function CodeBlock({
  code = "",
  language = "text",
  snippets,
  defaultLanguage,
  onLanguageChange,
  title,
  tabsLabel,
  lineNumbers = false,
  highlightLines,
  copyLabel,
  onCopied,
  size = "md",
  className,
  ...props
}: CodeBlockProps) {
  const all: readonly CodeSnippet[] = snippets?.length ? snippets : [{ language, code }]
  const [active, setActive] = useState<CodeLanguage>(
    all.some((s) => s.language === defaultLanguage) ? defaultLanguage! : all[0]!.language,
  )
  const current = all.find((s) => s.language === active) ?? all[0]!
  const titleId = useId()
  const tabbed = all.length > 1
  const heading = current.title ?? title
  const text = current.code.replace(/\s+$/, "")

  const copy = (
    <CopyButton
      value={text}
      label={copyLabel}
      onCopied={onCopied}
      className={cn("h-8 px-3 text-xs", !heading && !tabbed && "absolute right-2 top-2 z-[1]")}
    />
  )
  // Title row (title + copy), then the tab row (tabs, and the copy button when there is no title).
  const header =
    heading || tabbed ? (
      <div data-slot="code-block-header" className="border-b border-border bg-surface">
        {heading ? (
          <div className="flex min-h-11 items-center gap-3 pl-4 pr-2">
            <span id={titleId} className="min-w-0 truncate font-mono text-xs text-muted-foreground">
              {heading}
            </span>
            <div className="ml-auto shrink-0">{copy}</div>
          </div>
        ) : null}
        {tabbed ? (
          <div className={cn("flex min-h-11 items-stretch gap-3 pr-2", heading && "border-t border-border")}>
            <Tabs.List
              aria-label={tabsLabel}
              aria-labelledby={!tabsLabel && title && !current.title ? titleId : undefined}
              className="-mb-px flex min-w-0 flex-1 overflow-x-auto"
            >
              {all.map((snippet) => (
                <Tabs.Trigger
                  key={snippet.language}
                  value={snippet.language}
                  className={cn(
                    "shrink-0 whitespace-nowrap border-b-2 border-transparent px-4 font-medium text-muted-foreground",
                    "transition-colors hover:text-foreground motion-reduce:transition-none",
                    "data-[state=active]:border-primary data-[state=active]:text-foreground",
                    "focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
                  )}
                >
                  {snippet.label ?? codeLanguageNames[snippet.language]}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {heading ? null : <div className="flex shrink-0 items-center">{copy}</div>}
          </div>
        ) : null}
      </div>
    ) : null

  const body = (snippet: CodeSnippet) => (
    <CodeLines
      code={snippet.code.replace(/\s+$/, "")}
      language={snippet.language}
      lineNumbers={lineNumbers}
      highlightLines={highlightLines}
      padRight={!header}
    />
  )

  const shared = {
    "data-slot": "code-block",
    "data-language": current.language,
    "data-size": size,
    className: cn(codeBlockVariants({ size }), className),
    ...props,
  }

  if (!tabbed) {
    return (
      <div {...shared}>
        {header}
        {header ? null : copy}
        {body(current)}
      </div>
    )
  }
  return (
    <Tabs.Root
      {...shared}
      value={current.language}
      onValueChange={(value) => {
        setActive(value as CodeLanguage)
        onLanguageChange?.(value as CodeLanguage)
      }}
      activationMode="automatic"
    >
      {header}
      {all.map((snippet) => (
        // The scrolling <pre> inside is the tab stop, so the panel itself is not one.
        <Tabs.Content key={snippet.language} value={snippet.language} tabIndex={-1} className="outline-none">
          {body(snippet)}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  )
}

interface CodeLinesProps {
  code: string
  language: CodeLanguage
  lineNumbers: boolean
  highlightLines?: readonly number[]
  padRight: boolean
}

/** The scrolling <pre>: one block per line so highlighted lines span the full width. */
function CodeLines({ code, language, lineNumbers, highlightLines, padRight }: CodeLinesProps) {
  const highlighter = useCodeHighlighter(JSON.stringify([code, language, lineNumbers, highlightLines]))
  const codeClass = cn("block w-max min-w-full", padRight && "pr-24")
  if (!highlighter)
    return (
      <CodePre>
        {/* Hydrating before the tokenizer is here: React leaves the server's HTML of the code as it is. */}
        <code
          key="server"
          className={codeClass}
          dangerouslySetInnerHTML={{ __html: "" }}
          suppressHydrationWarning
        />
      </CodePre>
    )
  const lines = highlighter(code, language)
  const gutter = `${String(lines.length).length}ch`
  return (
    <CodePre>
      {/* A new element, not the server's: none of its HTML is left beside React's. */}
      <code key="client" className={codeClass}>
        {lines.map((line, index) => {
          const marked = highlightLines?.includes(index + 1)
          return (
            <span
              key={index}
              data-line={index + 1}
              data-highlighted={marked ? "" : undefined}
              className={cn(
                "block border-l-2 border-transparent pl-[calc(1rem-2px)] pr-4",
                marked && "border-primary bg-primary-soft",
              )}
            >
              {lineNumbers ? (
                <span
                  aria-hidden="true"
                  className="mr-4 inline-block select-none text-right text-muted-foreground"
                  style={{ width: gutter }}
                >
                  {index + 1}
                </span>
              ) : null}
              {line.length
                ? line.map((token, n) =>
                    token.type === "plain" ? (
                      token.text
                    ) : (
                      <span key={n} className={codeTokenClasses[token.type]}>
                        {token.text}
                      </span>
                    ),
                  )
                : " "}
            </span>
          )
        })}
      </code>
    </CodePre>
  )
}

function CodePre({ children }: { children: ReactNode }) {
  return (
    <pre
      data-slot="code-block-pre"
      // Long lines scroll sideways; keyboard users scroll with the arrow keys once it has focus.
      tabIndex={0}
      className="m-0 overflow-x-auto py-3 font-mono [font-variant-ligatures:none] [tab-size:4] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
    >
      {children}
    </pre>
  )
}
