import { createHash } from "node:crypto"
import { PAYOUT_METHOD_NAMES, type PayoutMethodName } from "@manyhands/contract/payouts"
import { bech32, bech32m, createBase58check } from "@scure/base"

/*
 * The payout methods (PAYOUTS.md, "Methods"): where a worker's or partner's money can be sent, the smallest
 * payout each takes and what it costs. Amounts are micro-units of USD (millionths: $1 = 1_000_000); every
 * payout is in USD. A new method is one entry here plus its name in the CHECK of migration 0008.
 */

export { PAYOUT_METHOD_NAMES, type PayoutMethodName } from "@manyhands/contract/payouts"

export interface MethodFee {
  /** Charged on every payout. */
  fixed: number
  /** Charged on the amount, in hundredths of a percent (200 = 2 %), rounded up to a whole micro-unit. */
  basisPoints: number
  /** The fee is never less than this. */
  minimum: number
}

export interface MethodRule {
  name: PayoutMethodName
  label: string
  /** The smallest amount a request may ask for (fee included). */
  minimum: number
  fee: MethodFee
  /** What the wallet field holds, for messages. */
  walletKind: string
}

const USD = 1_000_000

/** The catalogue: minimums cover the fee with room to spare, so what is sent is never zero. */
export const PAYOUT_METHODS: Record<PayoutMethodName, MethodRule> = {
  // A TRC-20 transfer costs network energy whatever its size: a flat fee.
  "usdt-trc20": {
    name: "usdt-trc20",
    label: "USDT (TRC-20)",
    minimum: 5 * USD,
    fee: { fixed: 1 * USD, basisPoints: 0, minimum: 0 },
    walletKind: "a TRON address",
  },
  // Bitcoin network fees are high and vary: a larger minimum and a flat fee.
  btc: {
    name: "btc",
    label: "Bitcoin",
    minimum: 20 * USD,
    fee: { fixed: 2 * USD, basisPoints: 0, minimum: 0 },
    walletKind: "a Bitcoin address",
  },
  // PayPal charges a share of the amount with a floor.
  paypal: {
    name: "paypal",
    label: "PayPal",
    minimum: 2 * USD,
    fee: { fixed: 0, basisPoints: 200, minimum: 300_000 },
    walletKind: "a PayPal e-mail address",
  },
}

export const isPayoutMethod = (name: unknown): name is PayoutMethodName =>
  typeof name === "string" && (PAYOUT_METHOD_NAMES as readonly string[]).includes(name)

/** The fee of a payout of `amount` micro-units by this method. */
export function payoutFee(method: MethodRule, amount: number): number {
  const share = Math.ceil((amount * method.fee.basisPoints) / 10_000)
  return Math.max(method.fee.minimum, method.fee.fixed + share)
}

// ---------------------------------------------------------------------------------------------------------
// Wallet validation

const sha256 = (data: Uint8Array) => new Uint8Array(createHash("sha256").update(data).digest())
/** Base58 with a 4-byte double-SHA-256 checksum, as Bitcoin and TRON write their addresses. */
const base58check = createBase58check(sha256)

function base58checkPayload(text: string): Uint8Array | null {
  try {
    return base58check.decode(text)
  } catch {
    return null
  }
}

/** TRON: 0x41 and a 20-byte account hash in base58check, 34 characters starting with T. */
function tronAddress(text: string): string | null {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text))
    return "A TRON address has 34 letters and digits and starts with T."
  const payload = base58checkPayload(text)
  if (!payload) return "This TRON address has a typing error: its checksum does not match."
  if (payload.length !== 21 || payload[0] !== 0x41) return "This is not a TRON account address."
  return null
}

/** A mainnet segwit address (BIP 173 bech32 for version 0, BIP 350 bech32m for versions 1–16). */
function segwitAddress(text: string): string | null {
  const invalid = "This Bitcoin address has a typing error: its checksum does not match."
  if (text !== text.toLowerCase() && text !== text.toUpperCase())
    return "A bc1 address is written all in lower case or all in upper case."
  const lower = text.toLowerCase()
  const asBech32 = bech32.decodeUnsafe(lower, 90)
  const decoded = asBech32 ?? bech32m.decodeUnsafe(lower, 90)
  if (!decoded) return invalid
  if (decoded.prefix !== "bc") return "Only Bitcoin mainnet addresses (bc1…) can receive payouts."
  const [version, ...rest] = decoded.words
  const program = bech32.fromWordsUnsafe(rest)
  if (version === undefined || version > 16 || !program || program.length < 2 || program.length > 40)
    return "This is not a Bitcoin address."
  // Version 0 must use bech32 and versions 1+ bech32m: the other checksum is a mistyped address.
  if ((version === 0) !== Boolean(asBech32)) return invalid
  if (version === 0 && program.length !== 20 && program.length !== 32) return "This is not a Bitcoin address."
  return null
}

/** A mainnet Bitcoin address: legacy 1… (P2PKH) or 3… (P2SH) in base58check, or bc1… segwit. */
function bitcoinAddress(text: string): string | null {
  if (/^bc1/i.test(text)) return segwitAddress(text)
  if (!/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(text))
    return "A Bitcoin address starts with 1, 3 or bc1 (mainnet), followed by letters and digits."
  const payload = base58checkPayload(text)
  if (!payload) return "This Bitcoin address has a typing error: its checksum does not match."
  if (payload.length !== 21 || (payload[0] !== 0x00 && payload[0] !== 0x05))
    return "This is not a Bitcoin mainnet address."
  return null
}

/** Something@domain.tld, no spaces or markup; at most 200 characters (the wallet column). */
const EMAIL =
  /^[^\s@<>()[\]"',;:\\]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/

function paypalAddress(text: string): string | null {
  if (text.length > 200 || !EMAIL.test(text))
    return "Enter the e-mail address of your PayPal account, like name@example.com."
  return null
}

export type WalletCheck = { ok: true; wallet: string } | { ok: false; message: string }

/**
 * Checks a wallet for a method and gives it as stored: spaces around it dropped, e-mail addresses and bc1
 * addresses in lower case. The message says what is wrong, for the form's wallet field.
 */
export function checkPayoutWallet(method: PayoutMethodName, raw: string): WalletCheck {
  const text = raw.trim()
  if (text === "") return { ok: false, message: `Enter ${PAYOUT_METHODS[method].walletKind}.` }
  let problem: string | null
  let wallet = text
  switch (method) {
    case "usdt-trc20":
      problem = tronAddress(text)
      break
    case "btc":
      problem = bitcoinAddress(text)
      if (/^bc1/i.test(text)) wallet = text.toLowerCase()
      break
    case "paypal":
      wallet = text.toLowerCase()
      problem = paypalAddress(wallet)
      break
  }
  return problem ? { ok: false, message: problem } : { ok: true, wallet }
}
