import { cva } from "class-variance-authority"
import { useRef, useState, type ChangeEvent, type ClipboardEvent, type KeyboardEvent, type Ref } from "react"
import { useFieldControl } from "../field/field"
import { cn } from "../lib/cn"
import { controlClasses } from "../lib/control"
import { useMessages } from "../provider/provider"

export const otpCellVariants = /* @__PURE__ */ cva(
  [controlClasses, "p-0 text-center font-mono font-semibold tabular-nums"],
  {
    variants: {
      size: { md: "h-12 w-10 text-xl", lg: "h-14 w-12 text-2xl" },
    },
    defaultVariants: { size: "md" },
  },
)

export interface OtpInputProps {
  /** Number of digits. @default 6 */
  length?: number
  /** The code (controlled); a new value replaces what the cells show, "" clears them. */
  value?: string
  /** The code at first render when uncontrolled. */
  defaultValue?: string
  /** Called with the digits typed so far, in order. */
  onChange?: (code: string) => void
  /** Called once every cell holds a digit, with the whole code. */
  onComplete?: (code: string) => void
  /** @default "md" */
  size?: "md" | "lg"
  /** Name of the group for screen readers when no Field labels it ("Confirmation code"). */
  "aria-label"?: string
  /** Put the cursor in the first cell on mount (a screen that only asks for the code). */
  autoFocus?: boolean
  /** Form field name; a hidden input carries the joined code. */
  name?: string
  /** Id of the first cell (the one a Field's label points at). */
  id?: string
  "aria-describedby"?: string
  "aria-invalid"?: true
  required?: boolean
  disabled?: boolean
  className?: string
  ref?: Ref<HTMLDivElement>
}

function toCells(code: string, length: number): string[] {
  const digits = code.replace(/\D/g, "").slice(0, length)
  return Array.from({ length }, (_, index) => digits[index] ?? "")
}

/**
 * One-time code in separate digit cells (email confirmation, payout approval). Typing moves on, Backspace
 * moves back, a pasted or autofilled code fills every cell.
 */
export function OtpInput({
  length = 6,
  value,
  defaultValue = "",
  onChange,
  onComplete,
  size = "md",
  autoFocus,
  name,
  className,
  ref,
  "aria-label": groupLabel,
  ...rest
}: OtpInputProps) {
  const field = useFieldControl(rest)
  const { t } = useMessages()
  const [cells, setCells] = useState(() => toCells(value ?? defaultValue, length))
  const [shown, setShown] = useState({ value, length })
  if (shown.value !== value || shown.length !== length) {
    setShown({ value, length })
    if (value !== undefined && value !== cells.join("")) setCells(toCells(value, length))
    else if (shown.length !== length) setCells(toCells(cells.join(""), length))
  }
  const inputs = useRef<(HTMLInputElement | null)[]>([])

  const focusCell = (index: number) => {
    const input = inputs.current[Math.max(0, Math.min(length - 1, index))]
    input?.focus()
    input?.select()
  }

  const commit = (next: string[]) => {
    const before = cells.join("")
    setCells(next)
    const code = next.join("")
    if (code !== before) onChange?.(code)
    if (code.length === length && before.length !== length) onComplete?.(code)
  }

  /** Digits from `start` on, as many as fit; returns the cell after the last one written. */
  const fill = (digits: string, start: number) => {
    const next = [...cells]
    let index = start
    for (const digit of digits) {
      if (index >= length) break
      next[index] = digit
      index += 1
    }
    commit(next)
    return index
  }

  const handleChange = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const digits = event.target.value.replace(/\D/g, "")
    const old = cells[index] ?? ""
    if (digits === "") {
      const next = [...cells]
      next[index] = ""
      return commit(next)
    }
    // One new digit next to the old one (the caret was not on it): keep the new one.
    if (digits.length === 2 && old !== "") {
      const fresh = digits[0] === old ? (digits[1] ?? "") : (digits[0] ?? "")
      return focusCell(fill(fresh, index))
    }
    // A whole code (autofill from an SMS or a password manager) always starts at the first cell.
    const start = digits.length >= length ? 0 : index
    focusCell(fill(digits, start))
  }

  const handlePaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    const digits = event.clipboardData.getData("text").replace(/\D/g, "")
    if (!digits) return
    const start = digits.length >= length ? 0 : index
    focusCell(fill(digits, start))
  }

  const handleKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "Backspace":
        if ((cells[index] ?? "") === "" && index > 0) {
          event.preventDefault()
          const next = [...cells]
          next[index - 1] = ""
          commit(next)
          focusCell(index - 1)
        }
        break
      case "Delete": {
        event.preventDefault()
        const next = [...cells]
        next[index] = ""
        commit(next)
        break
      }
      case "ArrowLeft":
        event.preventDefault()
        focusCell(index - 1)
        break
      case "ArrowRight":
        event.preventDefault()
        focusCell(index + 1)
        break
      case "Home":
        event.preventDefault()
        focusCell(0)
        break
      case "End":
        event.preventDefault()
        focusCell(length - 1)
        break
    }
  }

  const half = length >= 6 && length % 2 === 0 ? length / 2 : -1

  return (
    <div
      ref={ref}
      role="group"
      aria-label={groupLabel}
      data-slot="otp-input"
      data-size={size}
      data-state={cells.every(Boolean) ? "complete" : "incomplete"}
      className={cn("inline-flex items-center gap-2", className)}
    >
      {cells.map((digit, index) => (
        <span key={index} className="contents">
          {index === half ? (
            <span aria-hidden="true" className="mx-0.5 h-0.5 w-3 shrink-0 rounded-full bg-border-strong" />
          ) : null}
          <input
            ref={(element) => {
              inputs.current[index] = element
            }}
            id={index === 0 ? field.id : undefined}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? "one-time-code" : "off"}
            autoFocus={index === 0 ? autoFocus : undefined}
            aria-label={t("otpDigit", { index: index + 1, count: length })}
            aria-describedby={field["aria-describedby"]}
            aria-invalid={field["aria-invalid"]}
            required={field.required}
            disabled={field.disabled}
            value={digit}
            onChange={handleChange(index)}
            onPaste={handlePaste(index)}
            onKeyDown={handleKeyDown(index)}
            onFocus={(event) => event.target.select()}
            className={cn(otpCellVariants({ size }))}
          />
        </span>
      ))}
      {name ? <input type="hidden" name={name} value={cells.join("")} /> : null}
    </div>
  )
}
