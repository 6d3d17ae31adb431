import type { Params } from "react-router"
import { routeData } from "@manyhands/contract"

/**
 * Data hooks not yet declared in the contract's `routeData` (being moved there; see docs/ARCHITECTURE.md).
 */
const pendingHooks: Record<string, (params: Params) => string> = {
  captchaTypes: () => "/api/v1/captcha-types",
  // The signed-in user's profile (server/ACCOUNTS-API.md); pages/src/profile/profile-data.ts has the shapes.
  sessions: () => "/api/v2/profile/sessions",
  twoFactor: () => "/api/v2/profile/two-factor",
  apiKey: () => "/api/v2/profile/api-key",
  notifications: () => "/api/v2/profile/notifications",
  documents: () => "/api/v2/profile/documents",
  // The customer area (pages/src/customer/customer-data.ts has the shapes); lists preload their first page.
  dashboard: () => "/api/v2/dashboard",
  captchaSamples: () => "/api/v2/captcha/samples",
  captchaSettings: () => "/api/v2/captcha/settings",
  captchaPrices: () => "/api/v1/captcha/prices",
  pingbacks: () => "/api/v2/captcha/pingbacks",
  pingbackLog: () => "/api/v2/captcha/pingback-log",
  impossibleCaptchas: () => "/api/v2/captcha/impossible",
  receivingErrors: () => "/api/v2/captcha/errors",
  complaints: () => "/api/v2/captcha/complaints",
  notCaptcha: () => "/api/v2/captcha/not-captcha",
  uploads: () => "/api/v2/statistics/uploads",
  captureGraph: () => "/api/v2/statistics/graph",
  // The worker cabinet (pages/src/worker/worker-data.ts).
  workerStats: () => "/api/v1/worker/stats",
  training: () => "/api/v1/worker/training",
  mistakes: () => "/api/v1/worker/mistakes",
  workerSettings: () => "/api/v2/worker/settings",
  // Balance and top-ups (pages/src/money/money-data.ts); the day summary preloads its default window.
  paymentProviders: () => "/api/v2/payments/providers",
  balanceHistory: () => "/api/v2/balance/history",
  paymentDays: () => "/api/v2/payments/history-day",
  // Transfers between users (pages/src/transfers/transfers-data.ts).
  transferBalance: () => "/api/v2/transfers/balance",
  transfers: () => "/api/v2/transfers",
  // Vouchers and promo codes (pages/src/codes/codes-data.ts); the lists preload their first page.
  redeemedPromoCodes: () => "/api/v2/promo-codes/redeemed",
  adminVouchers: () => "/api/v2/admin/vouchers",
  adminPromoCodes: () => "/api/v2/admin/promo-codes",
  // Crypto invoices (pages/src/crypto/crypto-data.ts).
  cryptoCurrencies: () => "/api/v2/crypto/currencies",
  // Discount campaigns (pages/src/discounts/discounts-data.ts).
  discountCampaigns: () => "/api/v2/discount-campaigns",
  adminDiscountCampaigns: () => "/api/v2/admin/discount-campaigns",
  // The affiliate programme (pages/src/affiliate/affiliate-data.ts): the default window (last 30 days).
  partnerSummary: () => "/api/v2/partner/summary",
  partnerReferrals: () => "/api/v2/partner/referrals",
  partnerSources: () => "/api/v2/partner/sources",
  partnerMaterials: () => "/api/v2/partner/materials",
}

/**
 * Data hooks that routes name in their JSON `data` list: each gives the API address (the SWR key) of the answer
 * its screen receives as the prop of the same name — the contract's `routeData` (@manyhands/contract). The
 * server preloads these addresses for the first render; in the browser SWR keeps them fresh.
 */
export const dataHooks: Record<string, (params: Params) => string> = {
  ...pendingHooks,
  ...Object.fromEntries(Object.entries(routeData).map(([name, datum]) => [name, datum.url])),
}

export function dataKeys(hooks: readonly string[], params: Params): { prop: string; key: string }[] {
  return hooks.map((prop) => {
    const hook = dataHooks[prop]
    if (!hook) throw new Error(`Unknown data hook "${prop}"`)
    return { prop, key: hook(params) }
  })
}
