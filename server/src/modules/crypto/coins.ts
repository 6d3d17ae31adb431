import { CRYPTO_COINS, type CryptoCoin, type CryptoSymbol } from "@manyhands/contract/money"

/*
 * The coins an invoice can ask for (CRYPTO.md). Each is one payment provider (its shortname), one page
 * (/pay/cryptocurrency-…) and one extended public key in the configuration.
 */

/** The coins, as @manyhands/contract/money lists them (CRYPTO_COINS). */
export const COINS = CRYPTO_COINS
export type Coin = CryptoCoin

export interface CoinInfo {
  coin: Coin
  /** The payment provider's shortname, as in /pay/{shortname} and payments.provider. */
  shortname: string
  /** The invoice page. */
  page: string
  /** What CRYPTO_RATES names it by. */
  symbol: CryptoSymbol
  network: string
  /** Digits of the smallest unit: satoshi (8), USDT-TRC20 (6). */
  decimals: number
  /** The configuration variable of its extended public key. */
  xpubVariable: string
}

export const COIN_INFO: Record<Coin, CoinInfo> = {
  btc: {
    coin: "btc",
    shortname: "crypto-btc",
    page: "/pay/cryptocurrency-btc-BTC",
    symbol: "BTC",
    network: "Bitcoin",
    decimals: 8,
    xpubVariable: "CRYPTO_BTC_XPUB",
  },
  bch: {
    coin: "bch",
    shortname: "crypto-bch",
    page: "/pay/cryptocurrency-bch-BCH",
    symbol: "BCH",
    network: "Bitcoin Cash",
    decimals: 8,
    xpubVariable: "CRYPTO_BCH_XPUB",
  },
  "usdt-tron": {
    coin: "usdt-tron",
    shortname: "crypto-usdt-tron",
    page: "/pay/cryptocurrency-tron-USDT",
    symbol: "USDT",
    network: "TRON (TRC-20)",
    decimals: 6,
    xpubVariable: "CRYPTO_TRON_XPUB",
  },
}
