import type { ReactNode } from "react"

/** A name from code (a parameter, an error) inside running text; translations mark it with a tag. */
export function InlineCode({ children }: { children?: ReactNode }) {
  return <code className="rounded-sm bg-surface-muted px-1 font-mono text-[0.85em]">{children}</code>
}
