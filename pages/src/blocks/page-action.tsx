import { isValidElement, type ReactElement } from "react"
import type { ButtonVariant } from "@manyhands/design-system"
import { LinkButton, type LinkDestination } from "./links"

/**
 * One of a band's buttons, as data, so the hero and the closing band rank a page's actions the same way.
 * An element stands for a button that is no link (the home page's "how it works" dialog).
 */
export type PageAction = (LinkDestination & { label: string }) | ReactElement

/** A page action as a large button of the given look. */
export function PageActionButton({ action, variant }: { action: PageAction; variant: ButtonVariant }) {
  if (isValidElement(action)) return action
  const { label, ...target } = action
  return (
    <LinkButton variant={variant} {...target}>
      {label}
    </LinkButton>
  )
}
