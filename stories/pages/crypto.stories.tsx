import type { ReactNode } from "react"
import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor } from "storybook/test"
import { Route, Routes } from "react-router"
import {
  cryptoApi,
  paymentsApi,
  type CryptoCoin,
  type CryptoCurrenciesData,
  type CryptoInvoice,
} from "@manyhands/contract/money"
// The crypto screens by their route names (pages/src/index.ts lists them with every other area's).
import { screens } from "@manyhands/pages/crypto/screens"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, refusal, storyUser, type StoryApi } from "./story-shell"

const { default: CryptoInvoiceScreen } = await screens.CryptoInvoice()

const meta = {
  title: "Screens/Crypto",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const PAGES: Record<CryptoCoin, string> = {
  btc: "/pay/cryptocurrency-btc-BTC",
  bch: "/pay/cryptocurrency-bch-BCH",
  "usdt-tron": "/pay/cryptocurrency-tron-USDT",
}

/** Focus may have scrolled a long screen; its screenshot is taken from the top. */
const atTop = () => window.scrollTo(0, 0)

/** QR codes as the server draws them (qrcode, SVG) for the stories' invoices. */
const BTC_QR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 39 39" shape-rendering="crispEdges"><path fill="#ffffff" d="M0 0h39v39H0z"/><path stroke="#000000" d="M1 1.5h7m2 0h2m4 0h2m4 0h1m4 0h1m3 0h7M1 2.5h1m5 0h1m4 0h2m1 0h2m2 0h1m1 0h1m2 0h2m1 0h3m1 0h1m5 0h1M1 3.5h1m1 0h3m1 0h1m1 0h1m1 0h7m1 0h1m2 0h3m3 0h2m1 0h1m1 0h3m1 0h1M1 4.5h1m1 0h3m1 0h1m1 0h3m2 0h1m1 0h3m2 0h1m1 0h5m1 0h1m1 0h1m1 0h3m1 0h1M1 5.5h1m1 0h3m1 0h1m1 0h1m8 0h3m1 0h1m1 0h1m4 0h1m1 0h1m1 0h3m1 0h1M1 6.5h1m5 0h1m1 0h3m1 0h1m3 0h2m2 0h2m5 0h1m2 0h1m5 0h1M1 7.5h7m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h7M9 8.5h5m1 0h1m2 0h2m2 0h3m3 0h1M1 9.5h1m1 0h5m3 0h1m2 0h1m1 0h2m4 0h1m2 0h2m2 0h1m1 0h5M1 10.5h1m1 0h3m2 0h2m1 0h1m4 0h1m1 0h2m1 0h3m1 0h1m6 0h1m1 0h1m1 0h1M3 11.5h3m1 0h1m3 0h2m1 0h1m1 0h5m1 0h1m2 0h1m1 0h2m2 0h3m1 0h3M1 12.5h1m1 0h3m2 0h3m1 0h2m1 0h2m2 0h5m1 0h1m1 0h3m2 0h3m1 0h2M1 13.5h2m1 0h1m1 0h2m1 0h3m3 0h6m2 0h1m1 0h2m1 0h4m1 0h1m1 0h1M1 14.5h2m3 0h1m2 0h3m2 0h2m1 0h1m2 0h2m1 0h2m1 0h2m4 0h1m3 0h1M5 15.5h6m5 0h1m2 0h1m3 0h1m2 0h3m2 0h1m1 0h2m2 0h1M1 16.5h2m3 0h1m2 0h1m4 0h1m5 0h1m4 0h1m4 0h2m1 0h1M3 17.5h1m1 0h1m1 0h7m1 0h1m3 0h7m2 0h8M1 18.5h2m1 0h3m1 0h2m2 0h1m2 0h3m4 0h1m2 0h1m1 0h1m1 0h1m4 0h1M3 19.5h2m1 0h2m1 0h2m1 0h1m8 0h1m1 0h1m3 0h2m2 0h2m1 0h1m1 0h2M1 20.5h2m1 0h1m1 0h1m2 0h3m5 0h1m1 0h1m2 0h3m4 0h2m1 0h1m1 0h1M2 21.5h6m2 0h1m4 0h1m2 0h1m2 0h1m1 0h2m1 0h2m1 0h1m1 0h3m1 0h1m1 0h1M1 22.5h1m1 0h2m3 0h2m2 0h1m1 0h1m2 0h2m1 0h6m3 0h2m3 0h1m1 0h1M2 23.5h1m1 0h2m1 0h3m5 0h2m1 0h1m3 0h1m2 0h1m2 0h3m2 0h1m1 0h3M1 24.5h4m1 0h1m1 0h3m3 0h3m1 0h3m1 0h2m1 0h1m4 0h4m3 0h1M2 25.5h4m1 0h2m3 0h2m1 0h3m4 0h1m3 0h1m1 0h1m1 0h6M1 26.5h4m5 0h1m2 0h4m1 0h2m1 0h3m1 0h2m2 0h1m2 0h1M1 27.5h1m2 0h4m1 0h1m4 0h1m1 0h2m1 0h2m1 0h2m1 0h2m1 0h2m1 0h2m1 0h4M1 28.5h1m1 0h1m1 0h2m4 0h1m1 0h1m2 0h1m2 0h5m1 0h1m1 0h5m1 0h1m3 0h1M1 29.5h1m3 0h3m1 0h1m1 0h8m1 0h2m1 0h1m2 0h11M9 30.5h3m1 0h3m4 0h2m1 0h3m1 0h3m3 0h1m1 0h2M1 31.5h7m6 0h3m2 0h1m1 0h1m1 0h1m1 0h1m3 0h1m1 0h1m1 0h1m1 0h1m1 0h1M1 32.5h1m5 0h1m1 0h1m2 0h5m4 0h1m2 0h1m4 0h1m3 0h1m2 0h2M1 33.5h1m1 0h3m1 0h1m1 0h3m1 0h1m1 0h1m3 0h5m1 0h1m2 0h8M1 34.5h1m1 0h3m1 0h1m1 0h3m4 0h2m4 0h1m1 0h1m5 0h2m1 0h1m2 0h1M1 35.5h1m1 0h3m1 0h1m1 0h2m1 0h1m2 0h1m2 0h1m2 0h3m1 0h2m1 0h1m1 0h1m1 0h1m1 0h2m1 0h1M1 36.5h1m5 0h1m6 0h2m1 0h1m1 0h1m2 0h1m2 0h1m3 0h2m1 0h1m4 0h1M1 37.5h7m1 0h1m2 0h2m3 0h3m3 0h1m2 0h1m3 0h1m2 0h1m1 0h3"/></svg>'
const BCH_QR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 39 39" shape-rendering="crispEdges"><path fill="#ffffff" d="M0 0h39v39H0z"/><path stroke="#000000" d="M1 1.5h7m1 0h1m1 0h1m1 0h1m2 0h1m1 0h1m1 0h2m2 0h1m6 0h7M1 2.5h1m5 0h1m1 0h1m2 0h1m3 0h3m1 0h1m4 0h3m1 0h1m1 0h1m5 0h1M1 3.5h1m1 0h3m1 0h1m1 0h2m1 0h4m3 0h2m1 0h1m1 0h1m1 0h1m4 0h1m1 0h3m1 0h1M1 4.5h1m1 0h3m1 0h1m3 0h2m1 0h2m1 0h2m3 0h1m1 0h1m1 0h3m2 0h1m1 0h3m1 0h1M1 5.5h1m1 0h3m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m3 0h4m2 0h1m3 0h1m1 0h1m1 0h3m1 0h1M1 6.5h1m5 0h1m2 0h3m1 0h4m3 0h1m1 0h3m1 0h1m3 0h1m5 0h1M1 7.5h7m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h7M13 8.5h2m3 0h3m3 0h1m1 0h1M1 9.5h1m2 0h6m1 0h1m2 0h3m3 0h1m1 0h3m2 0h1m1 0h2m2 0h1m1 0h3M2 10.5h1m2 0h2m1 0h1m1 0h2m1 0h2m2 0h1m1 0h1m3 0h3m1 0h2m1 0h1m2 0h2m1 0h1M2 11.5h2m1 0h1m1 0h2m3 0h1m1 0h1m1 0h2m2 0h2m1 0h3m2 0h8m1 0h1M2 12.5h2m8 0h2m1 0h1m1 0h2m1 0h2m1 0h3m5 0h1m2 0h2m1 0h1M3 13.5h3m1 0h3m2 0h5m2 0h1m1 0h1m2 0h2m1 0h1m3 0h2m3 0h1M3 14.5h1m5 0h1m1 0h6m5 0h3m3 0h3m2 0h2M1 15.5h2m1 0h4m3 0h2m3 0h1m2 0h2m6 0h2m2 0h1m1 0h5M4 16.5h1m1 0h1m1 0h1m1 0h5m1 0h2m2 0h6m1 0h1m1 0h2m2 0h3M2 17.5h1m3 0h3m2 0h3m1 0h2m1 0h3m1 0h2m2 0h1m1 0h1m2 0h2m1 0h2m1 0h1M1 18.5h2m3 0h1m2 0h2m7 0h1m4 0h6m3 0h1m2 0h2M1 19.5h2m2 0h1m1 0h1m3 0h1m5 0h1m1 0h2m1 0h1m1 0h5m1 0h4m1 0h1m1 0h1M1 20.5h2m3 0h1m1 0h2m1 0h1m1 0h1m1 0h3m1 0h3m3 0h2m3 0h1m1 0h1M2 21.5h3m1 0h2m4 0h1m5 0h1m1 0h1m4 0h1m1 0h2m1 0h4m3 0h1M2 22.5h1m1 0h1m4 0h1m1 0h1m1 0h1m2 0h3m1 0h1m2 0h2m2 0h2m3 0h2m1 0h1M2 23.5h1m2 0h4m4 0h2m1 0h1m4 0h2m1 0h1m3 0h4m3 0h1m1 0h1M1 24.5h4m1 0h1m1 0h2m1 0h2m1 0h4m1 0h1m5 0h1m3 0h1m1 0h5m1 0h1M1 25.5h2m1 0h4m3 0h1m1 0h4m1 0h1m2 0h3m3 0h6m1 0h1m1 0h1M1 26.5h1m1 0h1m4 0h1m1 0h5m4 0h2m2 0h1m1 0h1m2 0h3m2 0h2M1 27.5h3m1 0h1m1 0h3m1 0h1m2 0h1m1 0h1m1 0h1m6 0h4m6 0h3M1 28.5h1m1 0h2m1 0h1m1 0h3m1 0h4m1 0h1m2 0h1m2 0h2m3 0h1m2 0h1m1 0h3m1 0h1M1 29.5h1m1 0h2m2 0h1m1 0h2m1 0h1m2 0h3m2 0h2m1 0h1m1 0h2m2 0h5m1 0h3M9 30.5h1m1 0h6m1 0h6m2 0h4m3 0h2M1 31.5h7m1 0h2m2 0h1m1 0h2m1 0h4m2 0h3m2 0h1m1 0h1m1 0h1m3 0h1M1 32.5h1m5 0h1m1 0h1m1 0h4m2 0h1m4 0h1m2 0h2m1 0h2m3 0h2m2 0h1M1 33.5h1m1 0h3m1 0h1m1 0h1m1 0h2m2 0h3m1 0h4m2 0h1m2 0h7m1 0h2M1 34.5h1m1 0h3m1 0h1m1 0h1m4 0h2m5 0h5m5 0h1m2 0h2m1 0h1M1 35.5h1m1 0h3m1 0h1m2 0h2m3 0h1m8 0h2m2 0h2m2 0h3m2 0h1M1 36.5h1m5 0h1m2 0h1m1 0h2m2 0h1m1 0h2m3 0h3m1 0h2m2 0h2m1 0h4M1 37.5h7m1 0h1m1 0h1m3 0h1m1 0h1m2 0h1m2 0h2m2 0h4m1 0h1m1 0h1m2 0h1"/></svg>'
const TRON_QR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 31 31" shape-rendering="crispEdges"><path fill="#ffffff" d="M0 0h31v31H0z"/><path stroke="#000000" d="M1 1.5h7m2 0h1m2 0h1m2 0h2m1 0h1m3 0h7M1 2.5h1m5 0h1m1 0h1m4 0h2m1 0h1m1 0h1m3 0h1m5 0h1M1 3.5h1m1 0h3m1 0h1m1 0h3m1 0h2m1 0h1m3 0h1m2 0h1m1 0h3m1 0h1M1 4.5h1m1 0h3m1 0h1m1 0h1m1 0h2m4 0h1m3 0h1m1 0h1m1 0h3m1 0h1M1 5.5h1m1 0h3m1 0h1m3 0h1m4 0h4m1 0h1m1 0h1m1 0h3m1 0h1M1 6.5h1m5 0h1m3 0h3m2 0h1m1 0h1m2 0h1m1 0h1m5 0h1M1 7.5h7m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h7M9 8.5h1m2 0h1m2 0h3m1 0h3M1 9.5h1m5 0h1m1 0h5m4 0h3m1 0h2m2 0h3M2 10.5h1m3 0h1m1 0h5m1 0h1m2 0h1m2 0h1m2 0h3m2 0h2M3 11.5h5m1 0h3m1 0h4m6 0h3m1 0h1M4 12.5h1m3 0h1m4 0h2m4 0h1m1 0h2m2 0h2m1 0h1M1 13.5h1m1 0h2m1 0h2m1 0h2m2 0h2m2 0h1m1 0h3m1 0h1m1 0h1m1 0h1m1 0h1M1 14.5h1m1 0h4m3 0h1m2 0h1m3 0h1m2 0h2m1 0h3M2 15.5h1m1 0h2m1 0h1m2 0h2m4 0h1m1 0h1m6 0h3M2 16.5h3m3 0h2m3 0h1m5 0h1m2 0h2m2 0h4M1 17.5h3m1 0h4m2 0h1m1 0h1m2 0h1m1 0h1m2 0h1m3 0h1m1 0h1M1 18.5h1m2 0h1m1 0h1m2 0h2m1 0h7m1 0h3m1 0h3m1 0h1M1 19.5h2m1 0h4m8 0h1m2 0h4m1 0h4m1 0h1M1 20.5h1m2 0h1m4 0h1m3 0h2m4 0h1m3 0h4M1 21.5h1m2 0h1m2 0h4m2 0h1m1 0h1m1 0h2m1 0h6M9 22.5h4m2 0h1m2 0h1m2 0h1m3 0h1m2 0h2M1 23.5h7m2 0h1m1 0h2m2 0h2m1 0h3m1 0h1m1 0h3M1 24.5h1m5 0h1m4 0h1m2 0h3m1 0h3m3 0h2m2 0h1M1 25.5h1m1 0h3m1 0h1m3 0h2m1 0h3m3 0h6m2 0h2M1 26.5h1m1 0h3m1 0h1m2 0h1m1 0h4m1 0h4m1 0h1m2 0h1m3 0h1M1 27.5h1m1 0h3m1 0h1m2 0h1m1 0h1m1 0h1m1 0h2m1 0h1m1 0h1m1 0h6M1 28.5h1m5 0h1m4 0h1m2 0h2m2 0h1m2 0h3m1 0h2m1 0h1M1 29.5h7m1 0h1m2 0h1m1 0h1m1 0h1m3 0h1m2 0h2m2 0h1"/></svg>'

/* ───────────────────────────── data ───────────────────────────── */

const currencies: CryptoCurrenciesData = {
  currencies: [
    {
      coin: "btc",
      provider: "crypto-btc",
      symbol: "BTC",
      network: "Bitcoin",
      decimals: 8,
      enabled: true,
      confirmations: 2,
      quoteMinutes: 30,
      rate: "65000",
    },
    {
      coin: "bch",
      provider: "crypto-bch",
      symbol: "BCH",
      network: "Bitcoin Cash",
      decimals: 8,
      enabled: true,
      confirmations: 6,
      quoteMinutes: 30,
      rate: "400",
    },
    {
      coin: "usdt-tron",
      provider: "crypto-usdt-tron",
      symbol: "USDT",
      network: "TRON (TRC-20)",
      decimals: 6,
      enabled: true,
      confirmations: 20,
      quoteMinutes: 30,
      rate: "1",
    },
  ],
  limits: { min: 1_000_000, max: 10_000_000_000 },
}
const withoutBch: CryptoCurrenciesData = {
  ...currencies,
  currencies: currencies.currencies.map((c) => (c.coin === "bch" ? { ...c, enabled: false, rate: null } : c)),
}

const CREATED = "2026-05-20T09:12:00.000Z"
/** The stories' clock: 7 min 19 s after the invoice was made, so 22:41 of the 30 minutes are left. */
const NOW = Date.parse(CREATED) + (7 * 60 + 19) * 1000
const clock = () => NOW
const TXID_1 = "7c3e0f5b9a1d2c4e6f8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e"
const TXID_2 = "e1d0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0"

const btcInvoice: CryptoInvoice = {
  paymentId: "4711",
  coin: "btc",
  provider: "crypto-btc",
  symbol: "BTC",
  network: "Bitcoin",
  usdAmount: 25_000_000,
  address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
  coinAmount: "0.00038462",
  rate: "65000",
  uri: "bitcoin:bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu?amount=0.00038462",
  qrSvg: BTC_QR,
  createdAt: CREATED,
  expiresAt: "2026-05-20T09:42:00.000Z",
  serverTime: new Date(NOW).toISOString(),
  state: "waiting",
  received: "0",
  remaining: "0.00038462",
  overpaid: null,
  confirmations: 0,
  requiredConfirmations: 2,
  review: [],
  transactions: [],
}

const seenInvoice: CryptoInvoice = {
  ...btcInvoice,
  state: "seen",
  received: "0.00038462",
  remaining: "0",
  confirmations: 1,
  transactions: [{ txid: TXID_1, amount: "0.00038462", confirmations: 1, counted: true }],
}

const underpaidInvoice: CryptoInvoice = {
  ...btcInvoice,
  state: "underpaid",
  received: "0.0002",
  remaining: "0.00018462",
  confirmations: 3,
  transactions: [{ txid: TXID_1, amount: "0.0002", confirmations: 3, counted: true }],
}

const paidInvoice: CryptoInvoice = {
  ...btcInvoice,
  state: "paid",
  received: "0.0005",
  remaining: "0",
  overpaid: "0.00011538",
  confirmations: 2,
  review: ["overpaid"],
  transactions: [{ txid: TXID_1, amount: "0.0005", confirmations: 2, counted: true }],
}

const expiredInvoice: CryptoInvoice = {
  ...btcInvoice,
  serverTime: "2026-05-20T10:20:00.000Z",
  state: "expired",
  received: "0.0003",
  remaining: "0.00008462",
  confirmations: 6,
  review: ["late_payment", "underpaid"],
  transactions: [
    { txid: TXID_1, amount: "0.0003", confirmations: 6, counted: true },
    { txid: TXID_2, amount: "0.0001", confirmations: 1, counted: false },
  ],
}

/** Cancelled by the payer (from the payment history) before anything was sent. */
const cancelledInvoice: CryptoInvoice = {
  ...btcInvoice,
  serverTime: "2026-05-20T09:25:00.000Z",
  state: "cancelled",
}

const tronInvoice: CryptoInvoice = {
  ...btcInvoice,
  paymentId: "4712",
  coin: "usdt-tron",
  provider: "crypto-usdt-tron",
  symbol: "USDT",
  network: "TRON (TRC-20)",
  address: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH",
  coinAmount: "25",
  rate: "1",
  uri: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH",
  qrSvg: TRON_QR,
  remaining: "25",
  requiredConfirmations: 20,
}

const bchInvoice: CryptoInvoice = {
  ...btcInvoice,
  paymentId: "4713",
  coin: "bch",
  provider: "crypto-bch",
  symbol: "BCH",
  network: "Bitcoin Cash",
  address: "bitcoincash:qqyx49mu0kkn9ftfj6hje6g2wfer34yfnq5tahq3q6",
  coinAmount: "0.0625",
  rate: "400",
  uri: "bitcoincash:qqyx49mu0kkn9ftfj6hje6g2wfer34yfnq5tahq3q6?amount=0.0625",
  qrSvg: BCH_QR,
  state: "seen",
  received: "0.0625",
  remaining: "0",
  confirmations: 4,
  requiredConfirmations: 6,
  transactions: [{ txid: TXID_1, amount: "0.0625", confirmations: 4, counted: true }],
}

/** The page of a coin at an address, the shell answering as `api` says. */
const page =
  (coin: CryptoCoin, url: string, api: StoryApi = {}, data: CryptoCurrenciesData | null = currencies) =>
  () => (
    <Shell services={{ user: storyUser }} api={api}>
      <At pattern={PAGES[coin]} url={url}>
        <CryptoInvoiceScreen coin={coin} cryptoCurrencies={data ?? undefined} clock={clock} />
      </At>
    </Shell>
  )

/** A screen at an address: `url` is what the visitor opened (for useSearchParams). */
function At({ pattern, url, children }: { pattern: string; url: string; children: ReactNode }) {
  return (
    <Routes location={url}>
      <Route path={pattern} element={children} />
    </Routes>
  )
}

const invoicePage = (invoice: CryptoInvoice) =>
  page(invoice.coin, `${PAGES[invoice.coin]}?payment=${invoice.paymentId}`, {
    [on(cryptoApi.invoice, { paymentId: invoice.paymentId })]: invoice,
  })

/* ───────────────────────────── stories ───────────────────────────── */

// Spies keep their implementation across stories (Storybook restores them); only their calls are cleared.
const created = fn((_body: unknown) => ({
  id: "4711",
  redirectUrl: "/pay/cryptocurrency-btc-BTC?payment=4711",
}))

/** The amount in dollars and what it comes to in bitcoin at today's rate. */
export const Amount: Story = {
  name: "Amount",
  render: page("btc", PAGES.btc),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("textbox", { name: /^Amount in USD/ })).toHaveValue("25.00")
    await expect(canvas.getByText("From $1.00 to $10,000.00 per top-up.")).toBeVisible()
    await expect(
      canvas.getByText(
        "The rate holds for 30 minutes once the invoice is made, and the payment needs 2 network confirmations.",
      ),
    ).toBeVisible()
  },
}

/** Another amount, then the invoice it makes. */
export const AmountToInvoice: Story = {
  name: "Amount, then the invoice",
  render: page("btc", PAGES.btc, {
    [on(paymentsApi.create)]: created,
    [on(cryptoApi.invoice, { paymentId: "4711" })]: btcInvoice,
  }),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Top up with Bitcoin" })).toBeVisible()
    const amount = canvas.getByRole("textbox", { name: /^Amount in USD/ })
    await expect(amount).toHaveValue("25.00")
    await expect(canvas.getByText("Today's rate: $65,000.00 per BTC.")).toBeVisible()
    await expect(
      canvas.getByText("You send about 0.00038462 BTC; your balance grows by $25.00."),
    ).toBeVisible()
    await step("a different amount", async () => {
      await userEvent.clear(amount)
      await userEvent.type(amount, "100")
      await expect(
        canvas.getByText("You send about 0.00153847 BTC; your balance grows by $100.00."),
      ).toBeVisible()
      await userEvent.clear(amount)
      await userEvent.type(amount, "25")
    })
    await step("the invoice", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Create invoice" }))
      await waitFor(() =>
        expect(created).toHaveBeenCalledWith({ provider: "crypto-btc", amount: 25_000_000, currency: "USD" }),
      )
      await expect(await canvas.findByRole("heading", { level: 2, name: "Invoice 4711" })).toBeVisible()
    })
    atTop()
  },
}

/** The invoice as made: the exact amount and the address to copy, the QR code, the time the rate holds. */
export const Waiting: Story = {
  name: "Invoice: waiting",
  render: invoicePage(btcInvoice),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("Waiting for your payment")).toBeVisible()
    await expect(canvas.getByText("0.00038462 BTC")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Copy amount" })).toBeVisible()
    await expect(canvas.getByText("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Copy address" })).toBeVisible()
    await expect(
      canvas.getByRole("img", {
        name: "QR code of the payment of 0.00038462 BTC to bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
      }),
    ).toBeVisible()
    await expect(canvas.getByRole("progressbar", { name: "Time left at this rate" })).toBeVisible()
    await expect(canvas.getByText("22:41")).toBeVisible()
    await expect(canvas.getByText("$25.00 at $65,000.00 per BTC")).toBeVisible()
  },
}

/** The whole amount is on its way: 1 of 2 confirmations. */
export const Seen: Story = {
  name: "Invoice: seen, confirming",
  render: invoicePage(seenInvoice),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("Payment seen: 1 of 2 confirmations")).toBeVisible()
    await expect(canvas.getByRole("progressbar", { name: "Network confirmations" })).toBeVisible()
    await expect(canvas.getByText("1 of 2")).toBeVisible()
    await expect(canvas.getByText(TXID_1)).toBeVisible()
  },
}

/** Less than asked has arrived: what is missing, to copy. */
export const Underpaid: Story = {
  name: "Invoice: partly paid",
  render: invoicePage(underpaidInvoice),
  play: async ({ canvas }) => {
    // The badge and the notice's title.
    await waitFor(() => expect(canvas.getAllByText("Partly paid")).toHaveLength(2))
    await expect(
      canvas.getByText(
        "0.0002 BTC has arrived. Send the remaining 0.00018462 BTC to the same address before the time runs out.",
      ),
    ).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Copy remaining amount" })).toBeVisible()
    await expect(canvas.getByText("0.00018462 BTC")).toBeVisible()
  },
}

/** Paid (more than asked): the balance grew by the invoice's dollars, the extra is noted. */
export const Paid: Story = {
  name: "Invoice: paid",
  render: invoicePage(paidInvoice),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("$25.00 has been added to your balance.")).toBeVisible()
    await expect(canvas.getByText(/You sent 0.00011538 BTC more than asked/)).toBeVisible()
    await expect(canvas.queryByRole("img")).toBeNull()
    await expect(canvas.getByRole("link", { name: "Open the payment history" })).toHaveAttribute(
      "href",
      "/pay/history_payment",
    )
  },
}

/** Expired with part of the amount, and money that came after: nothing credited, a person looks. */
export const Expired: Story = {
  name: "Invoice: expired",
  render: invoicePage(expiredInvoice),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("This invoice has expired")).toBeVisible()
    await expect(
      canvas.getByText(/0.0003 BTC arrived for it and was not added to your balance/),
    ).toBeVisible()
    await expect(canvas.getByText(/outside this invoice's terms/, { selector: "span" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "New invoice" })).toBeVisible()
  },
}

/** Cancelled: nothing owed, no address or QR code to pay to, and a warning not to send coins there. */
export const Cancelled: Story = {
  name: "Invoice: cancelled",
  render: invoicePage(cancelledInvoice),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("This invoice was cancelled")).toBeVisible()
    await expect(canvas.getByText(/Do not send coins to this address/)).toBeVisible()
    await expect(canvas.getByText("Cancelled")).toBeVisible()
    await expect(canvas.queryByRole("img")).toBeNull()
    await expect(canvas.queryByRole("button", { name: "Copy address" })).toBeNull()
    await expect(canvas.getByRole("button", { name: "New invoice" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Open the payment history" })).toHaveAttribute(
      "href",
      "/pay/history_payment",
    )
  },
}

/** USDT on TRON: the QR code holds the address only, and the network is said plainly. */
export const Tron: Story = {
  name: "Invoice: USDT on TRON",
  render: invoicePage(tronInvoice),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("25 USDT")).toBeVisible()
    await expect(
      canvas.getByRole("img", { name: "QR code of the address TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH" }),
    ).toBeVisible()
    await expect(canvas.getByText(/The QR code holds the address only/)).toBeVisible()
    await expect(canvas.getByText(/Send USDT on the TRON network \(TRC-20\) only/)).toBeVisible()
  },
}

/** Bitcoin Cash, confirming: 4 of 6. */
export const BitcoinCash: Story = {
  name: "Invoice: Bitcoin Cash, confirming",
  render: invoicePage(bchInvoice),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("Payment seen: 4 of 6 confirmations")).toBeVisible()
    await expect(canvas.getByText("bitcoincash:qqyx49mu0kkn9ftfj6hje6g2wfer34yfnq5tahq3q6")).toBeVisible()
  },
}

/** A coin this site has no key for: said plainly, with the way to other methods. */
export const NotConfigured: Story = {
  name: "Not available",
  render: page("bch", PAGES.bch, {}, withoutBch),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Bitcoin Cash payments are not available here")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Other ways to pay" })).toHaveAttribute(
      "href",
      "/addbalance",
    )
    await expect(canvas.queryByRole("button", { name: "Create invoice" })).toBeNull()
  },
}

/** Someone else's invoice, or none: said plainly, with a new one a click away. */
export const Unknown: Story = {
  name: "Unknown invoice",
  render: page("btc", `${PAGES.btc}?payment=999`, {}),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("There is no such invoice")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "New invoice" }))
    await expect(await canvas.findByRole("button", { name: "Create invoice" })).toBeVisible()
  },
}

const refusing = fn((_body: unknown): unknown => {
  throw refusal(
    "The crypto-btc provider could not start the payment; nothing was charged.",
    "PAYMENT_PROVIDER_UNAVAILABLE",
    502,
  )
})

/** The limits before anything is sent, then the server's refusal above the button. */
export const Refused: Story = {
  name: "Amount: limits and refusal",
  render: page("btc", PAGES.btc, { [on(paymentsApi.create)]: refusing }),
  play: async ({ canvas, step }) => {
    const amount = canvas.getByRole("textbox", { name: /^Amount in USD/ })
    await step("too large", async () => {
      await userEvent.clear(amount)
      await userEvent.type(amount, "20000")
      await userEvent.tab()
      await expect(await canvas.findByText("The largest top-up is $10,000.00.")).toBeVisible()
      await expect(canvas.getByText("Choose an amount within the limits to see what you send.")).toBeVisible()
    })
    await step("refused", async () => {
      await userEvent.clear(amount)
      await userEvent.type(amount, "50")
      await userEvent.click(canvas.getByRole("button", { name: "Create invoice" }))
      const alert = await canvas.findByRole("alert")
      await expect(alert).toHaveTextContent("The invoice could not be made")
      await expect(alert).toHaveTextContent("nothing was charged")
    })
    atTop()
  },
}

/** While the route loads the coins. */
export const Loading: Story = {
  name: "Loading",
  render: page("btc", PAGES.btc, {}, null),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 2, name: "How much to top up" })).toBeVisible()
  },
}

/** On a phone the QR code stands above the amount and the address. */
export const Mobile: Story = {
  name: "Invoice: mobile",
  globals: { viewport: { value: "mobile" } },
  render: invoicePage(btcInvoice),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("button", { name: "Copy address" })).toBeVisible()
  },
}

/** The dark theme: the QR code keeps its white ground. */
export const Dark: Story = {
  name: "Invoice: dark",
  globals: { theme: "dark" },
  render: invoicePage(seenInvoice),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("Payment seen: 1 of 2 confirmations")).toBeVisible()
  },
}
