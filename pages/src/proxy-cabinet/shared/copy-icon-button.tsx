import { useEffect, useRef, useState } from "react"
import { CheckIcon, CopyIcon, DangerIcon, IconButton, useMessages } from "@manyhands/design-system"

/** How long the button shows that it copied before it reads "Copy" again (as the design system's CopyButton). */
const FEEDBACK_MS = 2000

/**
 * A square copy button for a table's narrow cell (the design system's CopyButton carries its words): `label` names
 * it ("Copy the password of alice"), a check mark shows for two seconds after copying, and a polite status says
 * "Copied" (or "Could not copy").
 */
export function CopyIconButton({ value, label }: { value: string; label: string }) {
  const { messages } = useMessages()
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle")
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const copy = async () => {
    let next: "copied" | "failed" = "copied"
    try {
      if (!navigator.clipboard) throw new Error("Clipboard API unavailable")
      await navigator.clipboard.writeText(value)
    } catch {
      next = "failed"
    }
    setState(next)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setState("idle"), FEEDBACK_MS)
  }
  return (
    <>
      <IconButton
        label={label}
        icon={state === "copied" ? <CheckIcon /> : state === "failed" ? <DangerIcon /> : <CopyIcon />}
        onClick={() => void copy()}
      />
      <span role="status" className="sr-only">
        {state === "copied" ? messages.copied : state === "failed" ? messages.copyFailed : ""}
      </span>
    </>
  )
}
