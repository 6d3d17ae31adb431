import { useCallback, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { ApiFailure } from "../shell-context"

/** Messages by field name; a field without an entry is valid. */
export type FieldErrors<V> = Partial<Record<keyof V, string>>

export interface FormOptions<V> {
  initial: V
  /** Client-side checks, run on every change; returns a message per invalid field. */
  validate?: (values: V) => FieldErrors<V>
  /** Sends the form; a rejection with ApiFailure is shown next to its fields or above the buttons. */
  submit: (values: V) => Promise<void>
}

/** Props for a design-system Field: its control's id (to focus it) and the message shown under it. */
export interface FieldBinding {
  id: string
  error: string | undefined
}

/** Props for a text input of a string field. */
export interface InputBinding {
  name: string
  value: string
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
  onBlur: () => void
}

export interface Form<V> {
  values: V
  set: <K extends keyof V>(name: K, value: V[K]) => void
  /** Marks a field as visited, so its client error shows (for controls without a blur, e.g. a checkbox). */
  touch: (name: keyof V) => void
  /** The message to show next to a field, or undefined. */
  fieldError: (name: keyof V) => string | undefined
  /** The id the field's control gets (unique per form instance). */
  fieldId: (name: keyof V) => string
  /** `<Field {...form.field("email")}>`: id and error. */
  field: (name: keyof V) => FieldBinding
  /** `<TextInput {...form.input("email")}>` for string fields. */
  input: (name: keyof V & string) => InputBinding
  /** A failure that belongs to no field, in the page's language. */
  formError: string | null
  /** The last failure of submit, for screens that react to a code (EMAIL_NOT_CONFIRMED, RATE_LIMITED). */
  failure: ApiFailure | null
  submitting: boolean
  onSubmit: (event?: FormEvent) => void
  /** Back to the initial (or given) values, with no errors and nothing touched. */
  reset: (values?: V) => void
}

/**
 * One form's state: values, client validation as the user types (after a field was typed into and left, or a
 * submit tried; tabbing past an empty field says nothing yet),
 * the server's field errors next to their fields until the field changes, and a form-level error.
 */
export function useForm<V extends object>({ initial, validate, submit }: FormOptions<V>): Form<V> {
  const { t } = useTranslation("common")
  const prefix = useId()
  const [values, setValues] = useState(initial)
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({})
  const [tried, setTried] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors<V>>({})
  const [failure, setFailure] = useState<ApiFailure | null>(null)
  const [crashed, setCrashed] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  // A second Enter while the first request runs must not send the form twice.
  const busy = useRef(false)
  // Fields the user has typed into: leaving one shows its errors; tabbing past an untouched one does not.
  const edited = useRef(new Set<keyof V>())

  const clientErrors: FieldErrors<V> = validate ? validate(values) : {}
  const names = Object.keys(initial) as (keyof V)[]
  const fieldId = (name: keyof V) => `${prefix}-${String(name)}`

  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    edited.current.add(name)
    setValues((current) => ({ ...current, [name]: value }))
    setServerErrors((current) => {
      if (!(name in current)) return current
      const next = { ...current }
      delete next[name]
      return next
    })
  }, [])

  const touch = useCallback((name: keyof V) => {
    setTouched((current) => (current[name] ? current : { ...current, [name]: true }))
  }, [])

  const fieldError = (name: keyof V) =>
    (tried || touched[name] ? clientErrors[name] : undefined) ?? serverErrors[name]

  const focus = (name: keyof V | undefined) => {
    if (name !== undefined) document.getElementById(fieldId(name))?.focus()
  }

  const onSubmit = (event?: FormEvent) => {
    event?.preventDefault()
    if (busy.current) return
    setTried(true)
    const firstInvalid = names.find((name) => clientErrors[name])
    if (firstInvalid !== undefined) {
      focus(firstInvalid)
      return
    }
    busy.current = true
    setSubmitting(true)
    setFailure(null)
    setCrashed(false)
    setServerErrors({})
    submit(values)
      .catch((error: unknown) => {
        if (!(error instanceof ApiFailure)) {
          // A bug rather than a refusal: say so in general words and keep the details for the console.
          console.error("Manyhands: a form failed", error)
          setCrashed(true)
          return
        }
        const mine = names.filter((name) => error.fields[String(name)])
        setFailure(error)
        setServerErrors(
          Object.fromEntries(mine.map((name) => [name, error.fields[String(name)]])) as FieldErrors<V>,
        )
        focus(mine[0])
      })
      .finally(() => {
        busy.current = false
        setSubmitting(false)
      })
  }

  const reset = (next: V = initial) => {
    edited.current.clear()
    setValues(next)
    setTouched({})
    setTried(false)
    setServerErrors({})
    setFailure(null)
    setCrashed(false)
  }

  // A failure whose field errors are all shown next to their fields needs no second message.
  const shownNextToFields = failure !== null && names.some((name) => failure.fields[String(name)])
  const formError =
    failure && !shownNextToFields ? failure.message : crashed ? t("errors.codes.INTERNAL_ERROR") : null

  return {
    values,
    set,
    touch,
    fieldError,
    fieldId,
    field: (name) => ({ id: fieldId(name), error: fieldError(name) }),
    input: (name) => ({
      name,
      value: String(values[name] ?? ""),
      onChange: (event) => set(name, event.target.value as V[typeof name]),
      onBlur: () => {
        if (edited.current.has(name)) touch(name)
      },
    }),
    formError,
    failure,
    submitting,
    onSubmit,
    reset,
  }
}
