import type { ReactNode } from "react"
import { Switch } from "@manyhands/design-system"

/**
 * An on/off setting of a form that is saved with the form's button, with its error under it. The switch names
 * itself, so it does not go in a Field; the error is wired the way Field wires it (described-by, invalid).
 */
export function SwitchField({
  id,
  error,
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
}: {
  id: string
  error: string | undefined
  label: ReactNode
  description?: ReactNode
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  disabled?: boolean
}) {
  const errorId = `${id}-error`
  return (
    <div data-slot="field" data-invalid={error ? "true" : undefined} className="flex flex-col gap-1.5">
      <Switch
        id={id}
        label={label}
        description={description}
        checked={checked}
        onCheckedChange={onCheckedChange}
        invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        disabled={disabled}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger-text">
          {error}
        </p>
      ) : null}
    </div>
  )
}
