import { ErrorState } from "@manyhands/design-system"

/** Shown when a screen fails to render (spec §8): the design system's fallback, offering a reload. */
export function ErrorScreen({ onReload }: { onReload: () => void }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-24 sm:px-6">
      <ErrorState titleAs="h1" onRetry={onReload} />
    </div>
  )
}
