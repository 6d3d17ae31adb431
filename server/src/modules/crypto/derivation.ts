import { createHash } from "node:crypto"
import { decodeCashAddress, encodeCashAddress } from "@bitauth/libauth"
import { secp256k1 } from "@noble/curves/secp256k1.js"
import { keccak_256 } from "@noble/hashes/sha3.js"
import { bech32, createBase58check, hex } from "@scure/base"
import type { Coin } from "./coins"
import type { AccountKey } from "./keys"

/*
 * Deposit addresses: the receive chain of an account key, m/…/0/index (CRYPTO.md, "Addresses").
 *   BTC  P2WPKH, bech32 "bc1q…" (BIP-84, BIP-173)
 *   BCH  P2PKH, CashAddr "bitcoincash:q…" (the CashAddr spec, through libauth)
 *   TRON keccak-256 of the uncompressed public key, its last 20 bytes after 0x41, base58check ("T…")
 */

const sha256 = (data: Uint8Array) => new Uint8Array(createHash("sha256").update(data).digest())
const base58check = createBase58check(sha256)

/** The largest non-hardened child index. */
export const MAX_ADDRESS_INDEX = 0x7fffffff

export interface DepositAddress {
  address: string
  /** The output script that pays it (BTC and BCH); the Esplora watcher finds payments by it. */
  script: Uint8Array | null
}

/** A P2WPKH address of a 20-byte public key hash (witness version 0). */
export const p2wpkhAddress = (hash160: Uint8Array) => bech32.encode("bc", [0, ...bech32.toWords(hash160)])

/** A CashAddr of a 20-byte hash: P2PKH ("q…") or P2SH ("p…"). */
export const cashAddress = (
  hash160: Uint8Array,
  {
    type = "p2pkh",
    prefix = "bitcoincash",
  }: { type?: "p2pkh" | "p2sh"; prefix?: "bitcoincash" | "bchtest" } = {},
) => encodeCashAddress({ payload: hash160, prefix, type }).address

/** A TRON address of an uncompressed (65 bytes) or compressed (33 bytes) secp256k1 public key. */
export function tronAddress(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false)
  const hash = keccak_256(uncompressed.subarray(1))
  return base58check.encode(Uint8Array.of(0x41, ...hash.subarray(12)))
}

/** The 21 bytes a TRON address stands for (0x41 and 20 bytes), as its node API writes them in hex. */
export const tronHex = (address: string) => hex.encode(base58check.decode(address))

const p2wpkhScript = (hash160: Uint8Array) => Uint8Array.of(0x00, 0x14, ...hash160)
// OP_DUP OP_HASH160 <20 bytes> OP_EQUALVERIFY OP_CHECKSIG
const p2pkhScript = (hash160: Uint8Array) => Uint8Array.of(0x76, 0xa9, 0x14, ...hash160, 0x88, 0xac)

/** The output script paying one of our BTC or BCH deposit addresses (null for TRON, which has none). */
export function addressScript(coin: Coin, address: string): Uint8Array | null {
  if (coin === "btc") {
    const { prefix, words } = bech32.decode(address as `${string}1${string}`)
    const program = bech32.fromWords(words.slice(1))
    if (prefix !== "bc" || words[0] !== 0 || program.length !== 20)
      throw new Error(`${address} is not a P2WPKH address`)
    return p2wpkhScript(program)
  }
  if (coin === "bch") {
    const decoded = decodeCashAddress(address)
    if (typeof decoded === "string" || decoded.type !== "p2pkh" || decoded.payload.length !== 20)
      throw new Error(`${address} is not a P2PKH CashAddr`)
    return p2pkhScript(decoded.payload)
  }
  return null
}

/** The deposit address of `index` on the account's receive chain. */
export function depositAddress(account: AccountKey, coin: Coin, index: number): DepositAddress {
  if (!Number.isInteger(index) || index < 0 || index > MAX_ADDRESS_INDEX)
    throw new RangeError(`Address index ${index} is outside 0…${MAX_ADDRESS_INDEX}`)
  const child = account.key.deriveChild(0).deriveChild(index)
  const publicKey = child.publicKey!
  const hash160 = child.identifier!
  if (coin === "btc") return { address: p2wpkhAddress(hash160), script: p2wpkhScript(hash160) }
  if (coin === "bch") return { address: cashAddress(hash160), script: p2pkhScript(hash160) }
  return { address: tronAddress(publicKey), script: null }
}
