import { useCallback, useState, type Ref, type RefCallback } from "react"
import { useFieldControl } from "../field/field"

/** What every control of the basic forms group accepts about its field wiring. */
export interface ControlWiringProps {
  id?: string
  "aria-describedby"?: string
  "aria-invalid"?: boolean | "true" | "false" | "grammar" | "spelling"
  required?: boolean
  disabled?: boolean
  /** Shows the control as invalid and sets `aria-invalid`. Inside a Field with an `error` it is set for you. */
  invalid?: boolean
}

export interface ControlWiring {
  id: string | undefined
  describedBy: string | undefined
  invalid: boolean
  required: boolean | undefined
  disabled: boolean | undefined
}

/**
 * `useFieldControl` plus the `invalid` shorthand: inside a Field the control gets its id, description, invalid,
 * required and disabled state; outside one, what it was given. Internal to the design system.
 */
export function useControlWiring({
  id,
  "aria-describedby": describedBy,
  "aria-invalid": ariaInvalid,
  required,
  disabled,
  invalid,
}: ControlWiringProps): ControlWiring {
  const explicitInvalid =
    invalid || (ariaInvalid !== undefined && ariaInvalid !== false && ariaInvalid !== "false")
  const wired = useFieldControl({
    id,
    "aria-describedby": describedBy,
    "aria-invalid": explicitInvalid ? (true as const) : undefined,
    required,
    disabled,
  })
  return {
    id: wired.id,
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

/**
 * Controls that are not labelable elements (a radio group, a slider) cannot be named by Field's
 * `<label for>`. This finds that label once the control is in the document, gives it an id if it has none,
 * and returns the id for `aria-labelledby`. Returns a ref for the control's root.
 */
export function useFieldLabelId<T extends HTMLElement>(
  id: string | undefined,
): [labelId: string | undefined, ref: RefCallback<T>] {
  const [labelId, setLabelId] = useState<string>()
  const ref = useCallback(
    (node: T | null) => {
      if (!node || !id) return
      const label = node.ownerDocument.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(id)}"]`)
      if (!label) return
      if (!label.id) label.id = `${id}-label`
      setLabelId(label.id)
    },
    [id],
  )
  return [labelId, ref]
}
