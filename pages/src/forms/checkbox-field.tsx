import type { ReactNode } from "react"
import { Checkbox, Switch } from "@manyhands/design-system"

interface ToggleFieldProps {
  id: string
  error: string | undefined
  label: ReactNode
  description?: ReactNode
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  disabled?: boolean
}

/**
 * A control that names itself (so it does not go in a Field) with its error under it, wired the way Field wires
 * it: described-by, invalid, announced.
 */
function ToggleField({
  id,
  error,
  children,
}: {
  id: string
  error: string | undefined
  children: (wiring: { invalid: boolean; "aria-describedby": string | undefined }) => ReactNode
}) {
  const errorId = `${id}-error`
  return (
    <div data-slot="field" data-invalid={error ? "true" : undefined} className="flex flex-col gap-1.5">
      {children({ invalid: Boolean(error), "aria-describedby": error ? errorId : undefined })}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger-text">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** A checkbox that must be ticked (terms, "I understand"), with its error under it. */
export function CheckboxField({ onCheckedChange, error, ...control }: ToggleFieldProps) {
  return (
    <ToggleField id={control.id} error={error}>
      {(wiring) => (
        <Checkbox {...control} {...wiring} onCheckedChange={(state) => onCheckedChange(state === true)} />
      )}
    </ToggleField>
  )
}

/** An on/off setting saved with the form's button, with its error under it. */
export function SwitchField({ error, ...control }: ToggleFieldProps) {
  return (
    <ToggleField id={control.id} error={error}>
      {(wiring) => <Switch {...control} {...wiring} />}
    </ToggleField>
  )
}
