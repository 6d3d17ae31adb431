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
  }): Promise<{ providerPaymentId: string; redirectUrl: string }>

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
