import type { ReactNode } from "react"
import { CtaBand } from "@manyhands/design-system"
import { PageActionButton, type PageAction } from "./page-action"

/**
 * The band that closes a page with its next step. The main action is the filled button, another one the
 * outlined button beside it, so every page ranks its actions the same way.
 */
export function PageCta({
  id,
  title,
  text,
  action,
  secondaryAction,
}: {
  /** Id of the title; the band is labelled by it. */
  id: string
  title: ReactNode
  text?: ReactNode
  action: PageAction
  secondaryAction?: PageAction
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
      <CtaBand
        aria-labelledby={id}
        title={<span id={id}>{title}</span>}
        text={text}
        actions={
          <>
            <PageActionButton action={action} variant="primary-light" />
            {secondaryAction ? <PageActionButton action={secondaryAction} variant="secondary-white" /> : null}
          </>
        }
      />
    </div>
  )
}
