import type { Currency } from "../../ledger/ledger"

/**
 * One payment provider (card, crypto invoices, vouchers, the built-in sandbox). The payments service
 * (../payments.ts) owns our side: the payments table, crediting exactly once, the history. An adapter only
 * speaks its provider's language.
 */
export interface PaymentProviderAdapter {
  /** As in /pay/{shortname}. */
  readonly shortname: string
  readonly currencies: readonly Currency[]

  /**
   * Asks the provider for a payment of `amount` micro-units. `paymentId` is ours (also in the return URLs);
   * the answer's `providerPaymentId` is the provider's id of it, the idempotency key of its crediting.
   */
  create(request: {
    paymentId: string
    userId: string
    amount: number
    currency: Currency
    successUrl: string
    cancelUrl: string
  }): Promise<CreatedAtProvider>

  /**
   * Checks a webhook's signature over the raw body and reads it. Throws WebhookRefused (signature missing,
   * wrong or too old; body unreadable); answers null for an event that is not about a payment's outcome.
   */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<PaymentEvent | null>

  /** For reconciliation: what the provider says now about a payment left pending. */
  fetchStatus(providerPaymentId: string): Promise<PaymentEvent>

  /**
   * The payer gives a pending payment up: closes the provider's checkout so it can no longer be paid, and answers
   * null (also when it was already closed unpaid). When it cannot be given up, answers what the provider says
   * instead: paid or declined (applied as an event), or "pending" when money for it is already on its way. Throws
   * when the provider cannot be asked. Without it, a cancellation is ours alone.
   */
  cancel?(providerPaymentId: string): Promise<PaymentEvent | null>
}

/** What create() answers: the provider's id of the payment, where the payer pays it, and until when. */
export interface CreatedAtProvider {
  providerPaymentId: string
  /** The provider's checkout: the payer is sent there, and may come back to it while the payment is pending. */
  redirectUrl: string
  /** When the checkout closes; omitted when the provider gives no end. */
  expiresAt?: Date
}

/** What a provider says about one payment. */
export interface PaymentEvent {
  /** The provider's event id (for the log); fetchStatus answers use "reconcile:<providerPaymentId>". */
  eventId: string
  providerPaymentId: string
  outcome: "succeeded" | "failed" | "pending" | "expired"
  /** What the provider says was paid, micro-units; checked against the payment before crediting. */
  amount: number
  currency: Currency
}

export class WebhookRefused extends Error {
  override name = "WebhookRefused"
}
