import type { FastifyReply } from "fastify"
import type { Mailer, MailMessage } from "./mailer"

const pending = new WeakMap<Mailer, Set<Promise<void>>>()

function track(mailer: Mailer, work: Promise<void>) {
  const set = pending.get(mailer) ?? new Set<Promise<void>>()
  pending.set(mailer, set)
  const tracked: Promise<void> = work.finally(() => set.delete(tracked))
  set.add(tracked)
}

/**
 * Sends a mail after the answer: endpoints that must answer alike for known and unknown addresses (remind,
 * resend) would otherwise give the answer away by how long the mail server takes.
 */
export function sendInBackground(mailer: Mailer, message: MailMessage, onError: (error: unknown) => void) {
  track(mailer, mailer.send(message).catch(onError))
}

/**
 * Runs work (tokens, events, a mail) once the answer has been written, so the answer cannot depend on it:
 * not its time, not its failure. Tracked with the mailer's background mails (mailSettled waits for it).
 */
export function afterReply(
  reply: FastifyReply,
  mailer: Mailer,
  work: () => Promise<void>,
  onError: (error: unknown) => void,
) {
  const response = reply.raw
  const written = new Promise<void>((resolve) => {
    if (response.writableFinished || response.destroyed) return resolve()
    response.once("finish", resolve)
    response.once("close", resolve)
  })
  track(mailer, written.then(work).catch(onError))
}

/** Resolves once every background mail so far was sent or failed (the dev outbox waits for it). */
export async function mailSettled(mailer: Mailer): Promise<void> {
  await Promise.all([...(pending.get(mailer) ?? [])])
}
