import { cva } from "class-variance-authority"
import { useId, useState, type ComponentProps, type ReactNode } from "react"
import { EyeIcon, EyeOffIcon } from "../icons/icons"
import { cn } from "../lib/cn"
import { controlClasses, controlSizes } from "../lib/control"
import { useMessages } from "../provider/provider"
import { useControlWiring } from "./control-props"

export type ControlSize = keyof typeof controlSizes

/** The bare input: the shared control look at one of the control sizes. */
export const textInputVariants = /* @__PURE__ */ cva(controlClasses, {
  variants: {
    size: controlSizes,
  },
  defaultVariants: { size: "md" },
})

/**
 * The box around an input with a prefix, a suffix or a reveal button: it carries the control look
 * (border, focus, invalid, disabled, read-only) and the input inside it is borderless.
 */
export const textInputGroupVariants = /* @__PURE__ */ cva(
  [
    "flex w-full min-w-0 items-center rounded-md border border-border-strong bg-surface text-foreground shadow-sm",
    "has-[input:focus-visible]:border-ring has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-0 has-[input:focus-visible]:outline-ring",
    "data-invalid:border-danger data-invalid:has-[input:focus-visible]:outline-danger",
    "data-readonly:bg-surface-muted data-readonly:shadow-none",
    "data-disabled:cursor-not-allowed data-disabled:bg-surface-muted data-disabled:opacity-70",
  ],
  {
    variants: {
      size: { md: "h-10 gap-2 px-3 text-sm", lg: "h-12 gap-2.5 px-4 text-base" },
    },
    defaultVariants: { size: "md" },
  },
)

export interface TextInputProps extends Omit<ComponentProps<"input">, "size" | "prefix"> {
  /** Height and text size; matches Button sizes. @default "md" */
  size?: ControlSize
  /** Shown before the value inside the box: a currency sign, an icon. Read to screen readers as a description. */
  prefix?: ReactNode
  /** Shown after the value inside the box: a unit ("USD", "s"), an icon. Read as a description. */
  suffix?: ReactNode
  /** Shows the invalid look and sets `aria-invalid`; inside a Field with an `error` it is set for you. @default false */
  invalid?: boolean
  /**
   * With `type="password"`, a button that shows and hides the value, named by the provider's
   * "Show password" text and pressed while the value is visible. @default true
   */
  revealable?: boolean
  /** Classes of the `<input>` itself when the control has a box around it (prefix, suffix, reveal button). */
  inputClassName?: string
}

/**
 * A one-line text input. Alone it is a bare `<input>`; with a prefix, a suffix or a password reveal button it is
 * a box holding them and the input (`className` goes on the outermost element, `ref` always on the input).
 */
export function TextInput({
  size = "md",
  prefix,
  suffix,
  invalid,
  revealable = true,
  className,
  inputClassName,
  type = "text",
  id,
  "aria-describedby": ariaDescribedBy,
  "aria-invalid": ariaInvalid,
  required,
  disabled,
  readOnly,
  ...props
}: TextInputProps) {
  const wiring = useControlWiring({
    id,
    "aria-describedby": ariaDescribedBy,
    "aria-invalid": ariaInvalid,
    required,
    disabled,
    invalid,
  })
  const { messages } = useMessages()
  const [revealed, setRevealed] = useState(false)
  const adornmentId = useId()
  const prefixId = prefix != null ? `${adornmentId}-prefix` : undefined
  const suffixId = suffix != null ? `${adornmentId}-suffix` : undefined
  const isPassword = type === "password"
  const canReveal = isPassword && revealable
  const grouped = prefix != null || suffix != null || canReveal
  const describedBy = [wiring.describedBy, prefixId, suffixId].filter(Boolean).join(" ") || undefined

  const inputProps = {
    id: wiring.id,
    type: canReveal && revealed ? "text" : type,
    "aria-describedby": describedBy,
    "aria-invalid": wiring.invalid || undefined,
    required: wiring.required,
    disabled: wiring.disabled,
    readOnly,
    "data-slot": "text-input",
    "data-size": size,
    ...props,
  }

  if (!grouped) {
    return (
      <input
        {...inputProps}
        className={cn(
          textInputVariants({ size }),
          "read-only:bg-surface-muted read-only:shadow-none",
          className,
          inputClassName,
        )}
      />
    )
  }

  return (
    <div
      data-slot="text-input-group"
      data-size={size}
      data-invalid={wiring.invalid ? "" : undefined}
      data-disabled={wiring.disabled ? "" : undefined}
      data-readonly={readOnly ? "" : undefined}
      className={cn(textInputGroupVariants({ size }), className)}
    >
      {prefix != null ? (
        <span
          id={prefixId}
          data-slot="text-input-prefix"
          className="flex shrink-0 select-none items-center text-muted-foreground"
        >
          {prefix}
        </span>
      ) : null}
      <input
        {...inputProps}
        className={cn(
          "h-full w-full min-w-0 flex-1 bg-transparent text-foreground outline-none",
          "placeholder:text-muted-foreground disabled:cursor-not-allowed",
          inputClassName,
        )}
      />
      {suffix != null ? (
        <span
          id={suffixId}
          data-slot="text-input-suffix"
          className="flex shrink-0 select-none items-center text-muted-foreground"
        >
          {suffix}
        </span>
      ) : null}
      {canReveal ? (
        <button
          type="button"
          data-slot="text-input-reveal"
          // The name stays the same and aria-pressed tells the state, as a toggle button should.
          aria-label={messages.showPassword}
          aria-pressed={revealed}
          aria-controls={wiring.id}
          title={revealed ? messages.hidePassword : messages.showPassword}
          disabled={wiring.disabled}
          onClick={() => setRevealed((value) => !value)}
          className={cn(
            "-mr-1.5 inline-flex size-8 shrink-0 items-center justify-center rounded-sm text-muted-foreground",
            "hover:bg-surface-muted hover:text-foreground focus-ring disabled:pointer-events-none",
            size === "lg" && "-mr-2 size-9",
          )}
        >
          {revealed ? (
            <EyeOffIcon size={size === "lg" ? 20 : 18} />
          ) : (
            <EyeIcon size={size === "lg" ? 20 : 18} />
          )}
        </button>
      ) : null}
    </div>
  )
}
