import { createContext, useContext, useId, type ReactNode } from "react"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"

/** What a form control inside <Field> spreads onto its input so label, hint and error are wired. */
export interface FieldControlProps {
  id: string
  /**
   * Id of the Field's label (`${id}-label`). Only for controls whose root is not a labelable element (a radio
   * group, a slider): they ask for it with `useFieldControl(props, { labelledBy: true })`. Inputs, selects
   * and textareas are named by the label's `for` and never get it.
   */
  "aria-labelledby"?: string
  "aria-describedby"?: string
  "aria-invalid"?: true
  required?: boolean
  disabled?: boolean
}

const FieldContext = createContext<FieldControlProps | null>(null)

export interface FieldControlOptions {
  /**
   * The control's root is not a labelable element (`<label for>` cannot name it): also return the Field
   * label's id in `aria-labelledby`, before the control's own. It is in the server-rendered HTML, unlike an
   * id looked up in the DOM after mount. @default false
   */
  labelledBy?: boolean
}

/**
 * Props for the control inside a Field; outside a Field it returns what the control was given, so every
 * control also works alone. Explicit props win over the Field's.
 */
export function useFieldControl<P extends Partial<FieldControlProps>>(
  props: P,
  { labelledBy = false }: FieldControlOptions = {},
): P & Partial<FieldControlProps> {
  const field = useContext(FieldContext)
  if (!field) return props
  const join = (...ids: Array<string | undefined>) => ids.filter(Boolean).join(" ") || undefined
  return {
    ...props,
    id: props.id ?? field.id,
    ...(labelledBy ? { "aria-labelledby": join(field["aria-labelledby"], props["aria-labelledby"]) } : {}),
    "aria-describedby": join(field["aria-describedby"], props["aria-describedby"]),
    "aria-invalid": props["aria-invalid"] ?? field["aria-invalid"],
    required: props.required ?? field.required,
    disabled: props.disabled ?? field.disabled,
  }
}

export interface FieldProps {
  label: ReactNode
  /** Help shown under the control; stays visible while an error is shown. */
  hint?: ReactNode
  /** Shown under the control in the danger tone and announced; marks the control invalid. */
  error?: ReactNode
  required?: boolean
  disabled?: boolean
  /** Id of the control; generated when omitted. */
  id?: string
  className?: string
  /** One control: TextInput, Select, TextArea, … */
  children: ReactNode
}

/** Label, hint, error and required mark around one form control. */
export function Field({ label, hint, error, required, disabled, id, className, children }: FieldProps) {
  const generated = useId()
  const controlId = id ?? `field-${generated}`
  const hintId = hint ? `${controlId}-hint` : undefined
  const errorId = error ? `${controlId}-error` : undefined
  const labelId = `${controlId}-label`
  const { messages } = useMessages()
  const control: FieldControlProps = {
    id: controlId,
    "aria-labelledby": labelId,
    "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
    ...(error ? { "aria-invalid": true as const } : {}),
    required,
    disabled,
  }
  return (
    <div
      data-slot="field"
      data-invalid={error ? "true" : undefined}
      data-disabled={disabled ? "true" : undefined}
      className={cn("flex flex-col gap-1.5", className)}
    >
      <label id={labelId} htmlFor={controlId} className={cn("text-sm font-medium", disabled && "opacity-60")}>
        {label}
        {required ? (
          <span className="ml-0.5 text-danger" aria-hidden="true">
            *
          </span>
        ) : null}
        {required ? <span className="sr-only"> ({messages.required})</span> : null}
      </label>
      <FieldContext.Provider value={control}>{children}</FieldContext.Provider>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="flex items-start gap-1.5 text-sm font-medium text-danger-text"
        >
          {error}
        </p>
      ) : null}
    </div>
  )
}
