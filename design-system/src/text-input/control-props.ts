import type { Ref, RefCallback } from "react"
import { useFieldControl, type FieldControlOptions } from "../field/field"

/** What every control of the basic forms group accepts about its field wiring. */
export interface ControlWiringProps {
  id?: string
  "aria-labelledby"?: string
  "aria-describedby"?: string
  "aria-invalid"?: boolean | "true" | "false" | "grammar" | "spelling"
  required?: boolean
  disabled?: boolean
  /** Shows the control as invalid and sets `aria-invalid`. Inside a Field with an `error` it is set for you. */
  invalid?: boolean
}

export interface ControlWiring {
  id: string | undefined
  /** The Field label's id and the control's own `aria-labelledby`; only with `{ labelledBy: true }`. */
  labelledBy: string | undefined
  describedBy: string | undefined
  invalid: boolean
  required: boolean | undefined
  disabled: boolean | undefined
}

/**
 * `useFieldControl` plus the `invalid` shorthand: inside a Field the control gets its id, description, invalid,
 * required and disabled state; outside one, what it was given. Controls that are not labelable elements (a
 * radio group, a slider) pass `{ labelledBy: true }` to get the Field label's id as well. Internal to the
 * design system.
 */
export function useControlWiring(
  {
    id,
    "aria-labelledby": labelledBy,
    "aria-describedby": describedBy,
    "aria-invalid": ariaInvalid,
    required,
    disabled,
    invalid,
  }: ControlWiringProps,
  options?: FieldControlOptions,
): ControlWiring {
  const explicitInvalid =
    invalid || (ariaInvalid !== undefined && ariaInvalid !== false && ariaInvalid !== "false")
  const wired = useFieldControl(
    {
      id,
      "aria-labelledby": labelledBy,
      "aria-describedby": describedBy,
      "aria-invalid": explicitInvalid ? (true as const) : undefined,
      required,
      disabled,
    },
    options,
  )
  return {
    id: wired.id,
    labelledBy: wired["aria-labelledby"],
    describedBy: wired["aria-describedby"],
    invalid: wired["aria-invalid"] === true,
    required: wired.required,
    disabled: wired.disabled,
  }
}

/** Calls every ref with the node (React 19 refs: callbacks or objects). */
export function mergeRefs<T>(...refs: Array<Ref<T> | undefined>): RefCallback<T> {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === "function") ref(node)
      else if (ref) ref.current = node
    }
  }
}
