import { withData, type ScreenEntry } from "../screen-loader"

/** Screens of crypto top-ups, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  CryptoInvoice: withData(["cryptoCurrencies"], () => import("./crypto-invoice-screen")),
} satisfies Record<string, ScreenEntry>
