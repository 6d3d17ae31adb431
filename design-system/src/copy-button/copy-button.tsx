import { useEffect, useRef, useState, type ReactNode } from "react"
import { Button, type ButtonSize, type ButtonVariant } from "../button/button"
import { CheckIcon, CopyIcon, DangerIcon } from "../icons/icons"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"

export type CopyState = "idle" | "copied" | "failed"

/** How long the "Copied" (or "Could not copy") state stays before the button reads "Copy" again. */
export const COPY_FEEDBACK_MS = 2000

export interface CopyButtonProps {
  /** The text put on the clipboard (an API key, a code sample, a task id…). */
  value: string
  /** Visible text and accessible name; defaults to the provider's text for "Copy". */
  label?: string
  /** @default "md" */
  size?: ButtonSize
  /** @default "service" */
  variant?: ButtonVariant
  /** Called after the value is on the clipboard. */
  onCopied?: () => void
  className?: string
}

/**
 * Copies `value` with the Clipboard API. For about two seconds it then reads "Copied" (or "Could not
 * copy" when the browser refuses), and a polite live region says the same to screen readers. The button
 * is as wide as its longest text, so it does not jump while its text changes.
 */
export function CopyButton({
  value,
  label,
  size = "md",
  variant = "service",
  onCopied,
  className,
}: CopyButtonProps) {
  const { messages } = useMessages()
  const [state, setState] = useState<CopyState>("idle")
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  const show = (next: CopyState) => {
    setState(next)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setState("idle"), COPY_FEEDBACK_MS)
  }

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error("Clipboard API unavailable")
      await navigator.clipboard.writeText(value)
      show("copied")
      onCopied?.()
    } catch {
      show("failed")
    }
  }

  const iconSize = size === "lg" ? 18 : 16
  const faces: Record<CopyState, { icon: ReactNode; text: string; tone?: string }> = {
    idle: { icon: <CopyIcon size={iconSize} />, text: label ?? messages.copy },
    copied: { icon: <CheckIcon size={iconSize} />, text: messages.copied, tone: "text-success-text" },
    failed: { icon: <DangerIcon size={iconSize} />, text: messages.copyFailed, tone: "text-danger-text" },
  }
  const announcement = state === "idle" ? "" : faces[state].text

  return (
    <>
      <Button
        data-slot="copy-button"
        data-state={state}
        variant={variant}
        size={size}
        className={className}
        onClick={copy}
      >
        {/* All three faces share one grid cell: the widest sets the width; only the current one is shown
            (hidden ones are `invisible`, so they are not part of the accessible name). */}
        <span className="grid">
          {(Object.keys(faces) as CopyState[]).map((face) => (
            <span
              key={face}
              aria-hidden={face === state ? undefined : true}
              className={cn(
                "col-start-1 row-start-1 inline-flex items-center justify-center gap-2",
                face !== state && "invisible",
                face === state && showsTone(variant) ? faces[face].tone : undefined,
              )}
            >
              {faces[face].icon}
              {faces[face].text}
            </span>
          ))}
        </span>
      </Button>
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </>
  )
}

/** The success and danger text colours are readable only on the light, neutral variants. */
const tonedVariants = new Set<ButtonVariant>([
  "service",
  "primary-light",
  "primary-gray",
  "secondary",
  "tertiary",
])

function showsTone(variant: ButtonVariant) {
  return tonedVariants.has(variant)
}
