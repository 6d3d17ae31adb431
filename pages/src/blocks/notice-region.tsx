import { Alert } from "@manyhands/design-system"

/** What the page last said about a change made on it. */
export type Notice = { tone: "success" | "warning"; text: string }

/**
 * A live region that stays, so each change is announced; empty, it takes no room (by default it also takes
 * back the gap below it in the page's column).
 */
export function NoticeRegion({
  notice,
  onDismiss,
  dismissLabel,
  className = "empty:-mb-6",
}: {
  notice: Notice | null
  onDismiss: () => void
  dismissLabel: string
  className?: string
}) {
  return (
    <div role="status" className={className}>
      {notice ? (
        <Alert role="none" tone={notice.tone} onDismiss={onDismiss} dismissLabel={dismissLabel}>
          {notice.text}
        </Alert>
      ) : null}
    </div>
  )
}
