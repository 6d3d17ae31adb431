import { cva } from "class-variance-authority"
import type { ComponentProps, ReactNode } from "react"
import { Button } from "../button"
import { ChevronDownIcon, DangerIcon } from "../icons"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"

export const errorStateVariants = /* @__PURE__ */ cva("flex flex-col items-center text-center", {
  variants: {
    size: {
      /** The whole screen failed to render: centred in the viewport. */
      page: "min-h-[60vh] justify-center gap-3 px-6 py-16",
      /** One block of a screen failed: fills its place. */
      section: "gap-2 rounded-lg border border-danger-border bg-surface px-6 py-10",
    },
  },
  defaultVariants: { size: "page" },
})

export type ErrorStateSize = "page" | "section"

export interface ErrorStateProps extends Omit<ComponentProps<"div">, "title"> {
  /** Defaults to the provider's "Something went wrong". */
  title?: ReactNode
  /** Defaults to the provider's advice to reload and contact support. */
  description?: ReactNode
  /**
   * Called by the retry button (re-render an error boundary, refetch). Without it the button reloads the
   * page, the fallback of last resort.
   */
  onRetry?: () => void
  /** Text of the retry button. Defaults to the provider's "Reload the page". */
  retryLabel?: ReactNode
  /** A second action next to retry, e.g. a link to support. */
  secondaryAction?: ReactNode
  /** Technical details for support (error message, request id), shown in a monospace block. */
  details?: ReactNode
  /**
   * With `details`: the text of the summary they fold under. `null` shows them unfolded.
   * @default the provider's "Technical details"
   */
  detailsLabel?: ReactNode
  /** Heading level of the title. @default "h1" for `size="page"`, "h2" for `size="section"` */
  titleAs?: "h1" | "h2" | "h3"
  /** @default "page" */
  size?: ErrorStateSize
}

/**
 * The fallback shown when a screen or a block of it fails to render (product spec §8). It is announced at
 * once (`role="alert"`) and offers a way out: retry, or reload the page.
 */
export function ErrorState({
  title,
  description,
  onRetry,
  retryLabel,
  secondaryAction,
  details,
  detailsLabel,
  titleAs,
  size = "page",
  className,
  ...props
}: ErrorStateProps) {
  const { messages } = useMessages()
  const summary = detailsLabel === undefined ? messages.errorDetails : detailsLabel
  const Title = titleAs ?? (size === "page" ? "h1" : "h2")
  const retry = onRetry ?? (() => window.location.reload())
  const detailsBlock = details ? (
    <pre
      data-slot="error-state-details"
      className="max-h-48 overflow-auto whitespace-pre-wrap break-words rounded-md bg-surface-muted px-3 py-2 text-start font-mono text-xs text-muted-foreground"
    >
      {details}
    </pre>
  ) : null
  return (
    <div
      role="alert"
      data-slot="error-state"
      data-size={size}
      className={cn(errorStateVariants({ size }), className)}
      {...props}
    >
      <div
        aria-hidden="true"
        className={cn(
          "flex items-center justify-center rounded-full bg-danger-soft text-danger-text",
          size === "page" ? "mb-2 size-14" : "mb-1 size-11",
        )}
      >
        <DangerIcon size={size === "page" ? 28 : 22} />
      </div>
      <Title
        data-slot="error-state-title"
        className={cn("font-semibold text-foreground", size === "page" ? "text-2xl" : "text-lg")}
      >
        {title ?? messages.errorTitle}
      </Title>
      <p data-slot="error-state-description" className="max-w-md text-sm text-muted-foreground">
        {description ?? messages.errorDescription}
      </p>
      <div
        className={cn("flex flex-wrap items-center justify-center gap-3", size === "page" ? "mt-4" : "mt-3")}
      >
        <Button variant="primary" onClick={retry}>
          {retryLabel ?? messages.reload}
        </Button>
        {secondaryAction}
      </div>
      {detailsBlock ? (
        <div className="mt-4 w-full max-w-lg">
          {summary ? (
            <details className="group text-sm">
              <summary className="focus-ring inline-flex cursor-pointer items-center gap-1 rounded-sm text-muted-foreground hover:text-foreground">
                {summary}
                <ChevronDownIcon className="transition-transform group-open:rotate-180 motion-reduce:transition-none" />
              </summary>
              <div className="mt-2">{detailsBlock}</div>
            </details>
          ) : (
            detailsBlock
          )}
        </div>
      ) : null}
    </div>
  )
}
