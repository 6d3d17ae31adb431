import type { Mailer, MailMessage } from "./mailer"

const pending = new WeakMap<Mailer, Set<Promise<void>>>()

/**
 * Sends a mail after the answer: endpoints that must answer alike for known and unknown addresses (remind,
 * resend) would otherwise give the answer away by how long the mail server takes.
 */
export function sendInBackground(mailer: Mailer, message: MailMessage, onError: (error: unknown) => void) {
  const set = pending.get(mailer) ?? new Set<Promise<void>>()
  pending.set(mailer, set)
  const delivery: Promise<void> = mailer
    .send(message)
    .catch(onError)
    .finally(() => set.delete(delivery))
  set.add(delivery)
}

/** Resolves once every background mail so far was sent or failed (the dev outbox waits for it). */
export async function mailSettled(mailer: Mailer): Promise<void> {
  await Promise.all([...(pending.get(mailer) ?? [])])
}
