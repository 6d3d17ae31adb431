import { createHash } from "node:crypto"
import { createBase58check } from "@scure/base"
import { HDKey } from "@scure/bip32"
import type { Coin } from "./coins"

/*
 * Extended public keys as wallets export them (BIP-32 serialisation, base58check). Only public keys: the server
 * derives deposit addresses and never holds what spends them.
 */

const sha256 = (data: Uint8Array) => new Uint8Array(createHash("sha256").update(data).digest())
const base58check = createBase58check(sha256)

/** BIP-32 version bytes by prefix; the public ones a coin accepts are listed in ACCEPTED. */
const VERSIONS: Record<string, number> = {
  xpub: 0x0488b21e,
  ypub: 0x049d7cb2,
  zpub: 0x04b24746,
  tpub: 0x043587cf,
  upub: 0x044a5262,
  vpub: 0x045f1cf6,
  xprv: 0x0488ade4,
  yprv: 0x049d7878,
  zprv: 0x04b2430c,
  tprv: 0x04358394,
  uprv: 0x044a4e28,
  vprv: 0x045f18bc,
}

/**
 * BTC addresses are P2WPKH (BIP-84): its wallets export the account key as zpub, some as xpub; a ypub is a
 * P2SH-wrapped account whose wallet would not look for our addresses. BCH and TRON wallets export xpub.
 */
const ACCEPTED: Record<Coin, string[]> = { btc: ["zpub", "xpub"], bch: ["xpub"], "usdt-tron": ["xpub"] }
/** Where each coin's account key lives (for messages): BIP-84 for BTC, BIP-44 for BCH (145) and TRON (195). */
export const ACCOUNT_PATHS: Record<Coin, string> = {
  btc: "m/84'/0'/0'",
  bch: "m/44'/145'/0'",
  "usdt-tron": "m/44'/195'/0'",
}

/**
 * The well-known test wallet of BIP-39's "abandon abandon … about" phrase: its account keys on each path.
 * Everybody can spend what they receive, so they are used only when CRYPTO_DEMO_KEYS asks, never in production.
 */
export const DEMO_ACCOUNT_KEYS: Record<Coin, string> = {
  btc: "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs",
  bch: "xpub6ByHsPNSQXTWZ7PLESMY2FufyYWtLXagSUpMQq7Un96SiThZH2iJB1X7pwviH1WtKVeDP6K8d6xxFzzoaFzF3s8BKCZx8oEDdDkNnp4owAZ",
  "usdt-tron":
    "xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd",
}

export interface AccountKey {
  key: HDKey
  /** Names the key in the address counters: the same key as xpub or zpub is one id. */
  keyId: string
}

/** Reads an account's extended public key for a coin; throws an Error whose message says what is wrong. */
export function parseAccountKey(text: string, coin: Coin): AccountKey {
  const accepted = ACCEPTED[coin]
  const expected = `an account-level extended public key (${accepted.join(" or ")}, the account ${ACCOUNT_PATHS[coin]})`
  let bytes: Uint8Array
  try {
    bytes = base58check.decode(text)
  } catch {
    throw new Error(`is not ${expected}: it does not decode (base58 with a checksum)`)
  }
  if (bytes.length !== 78) throw new Error(`is not ${expected}: it decodes to ${bytes.length} bytes, not 78`)
  const version = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0)
  const prefix = Object.keys(VERSIONS).find((name) => VERSIONS[name] === version)
  if (prefix?.endsWith("prv"))
    throw new Error(
      `is a private key (${prefix}): give ${expected}; the server must never hold what spends the money`,
    )
  if (prefix && ["tpub", "upub", "vpub"].includes(prefix))
    throw new Error(`is a testnet key (${prefix}): give ${expected} of the main network`)
  if (!prefix || !accepted.includes(prefix))
    throw new Error(`is ${prefix ? `a ${prefix}` : "an unknown kind of key"}, not ${expected}`)
  let key: HDKey
  try {
    key = HDKey.fromExtendedKey(text, { public: version, private: VERSIONS[prefix.replace("pub", "prv")]! })
  } catch (error) {
    throw new Error(`is not ${expected}: ${(error as Error).message}`, { cause: error })
  }
  // An account key sits three levels down; anything else would give addresses the payer's wallet never shows.
  if (key.depth !== 3) throw new Error(`is a key at depth ${key.depth}, not ${expected} (depth 3)`)
  const keyId = createHash("sha256").update(key.publicKey!).update(key.chainCode!).digest("hex").slice(0, 16)
  return { key, keyId }
}
