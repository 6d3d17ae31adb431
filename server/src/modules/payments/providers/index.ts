import { randomBytes } from "node:crypto"
import type { Config } from "../../../config"
import type { Database } from "../../../db/database"
import { createCryptoInvoices, type CryptoInvoices } from "../../crypto/invoices"
import type { PaymentProviderAdapter } from "./provider"
import { createSandboxProvider, type SandboxProvider } from "./sandbox"
import { createStripeProvider } from "./stripe"

export interface PaymentAdapters {
  /** The enabled providers by shortname, in the order the top-up page offers them. */
  byShortname: ReadonlyMap<string, PaymentProviderAdapter>
  /** The sandbox, when enabled (its checkout routes need more than the adapter contract). */
  sandbox: SandboxProvider | null
  /** Crypto invoices, when a coin is configured (their page and chain watcher need more than the contract). */
  crypto: CryptoInvoices | null
}

/**
 * The providers this configuration enables: the sandbox unless PAYMENT_SANDBOX=false (the default in
 * production with Stripe keys), the card provider (Stripe) when both of its keys are set, a crypto invoice
 * provider per coin whose extended public key is set (crypto-btc, crypto-bch, crypto-usdt-tron; CRYPTO.md).
 */
export function paymentAdapters(config: Config, db: Database): PaymentAdapters {
  const byShortname = new Map<string, PaymentProviderAdapter>()
  if (config.stripeSecretKey && config.stripeWebhookSecret) {
    const card = createStripeProvider({
      secretKey: config.stripeSecretKey,
      webhookSecret: config.stripeWebhookSecret,
    })
    byShortname.set(card.shortname, card)
  }
  const crypto = createCryptoInvoices(config.crypto, db)
  for (const adapter of crypto?.adapters ?? []) byShortname.set(adapter.shortname, adapter)
  let sandbox: SandboxProvider | null = null
  if (config.paymentSandbox) {
    // Without a configured secret, a random one per process: the sandbox signs only webhooks it delivers to
    // its own process, so nothing else needs to know it.
    const secret = config.paymentSandboxSecret ?? randomBytes(32).toString("base64url")
    sandbox = createSandboxProvider({ db, secret })
    byShortname.set(sandbox.shortname, sandbox)
  }
  return { byShortname, sandbox, crypto }
}
