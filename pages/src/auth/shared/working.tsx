import { Spinner } from "@manyhands/design-system"

/** What a page says while its request runs (a mail link being checked). */
export function Working({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-3 text-muted-foreground">
      <Spinner size="md" label="" className="text-primary" />
      {text}
    </p>
  )
}
