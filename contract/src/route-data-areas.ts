/*
 * The route data hooks by area, for a browser that loads an area's contract only when a page of it opens: the
 * area of every hook name (checked by the compiler against each area's own record) and a loader per area.
 * `route-data.ts` is the whole registry in one object, for the server and for types.
 */
import type { RouteDataName } from "./route-data"

import type { accountsRouteData } from "./accounts"
import type { affiliateRouteData } from "./affiliate"
import type { apiDocsRouteData } from "./api-docs"
import type { captchaRouteData } from "./captcha"
import type { captchaDemoRouteData } from "./captcha-demo"
import type { catalogRouteData } from "./catalog"
import type { codesRouteData } from "./codes"
import type { contentRouteData } from "./content"
import type { discountsRouteData } from "./discounts"
import type { botRouteData } from "./bot"
import type { docsRouteData } from "./docs"
import type { enterpriseRouteData } from "./enterprise"
import type { faqRouteData } from "./faq"
import type { moneyRouteData } from "./money"
import type { messagesRouteData } from "./ops-messages"
import type { moderationRouteData } from "./ops-moderation"
import type { opsAuditRouteData } from "./ops-audit"
import type { opsDomainsRouteData } from "./ops-domains"
import type { opsPricesRouteData } from "./ops-prices"
import type { opsUsersRouteData } from "./ops-users"
import type { payoutsRouteData } from "./payouts"
import type { playRouteData } from "./play"
import type { proxyRouteData } from "./proxy"
import type { statisticsRouteData } from "./statistics"
import type { supportRouteData } from "./support"
import type { transfersRouteData } from "./transfers"
import type { workerRouteData } from "./worker"

const areaLoaders = {
  accounts: () => import("./accounts").then((area) => area.accountsRouteData),
  affiliate: () => import("./affiliate").then((area) => area.affiliateRouteData),
  "api-docs": () => import("./api-docs").then((area) => area.apiDocsRouteData),
  captcha: () => import("./captcha").then((area) => area.captchaRouteData),
  "captcha-demo": () => import("./captcha-demo").then((area) => area.captchaDemoRouteData),
  catalog: () => import("./catalog").then((area) => area.catalogRouteData),
  codes: () => import("./codes").then((area) => area.codesRouteData),
  content: () => import("./content").then((area) => area.contentRouteData),
  discounts: () => import("./discounts").then((area) => area.discountsRouteData),
  bot: () => import("./bot").then((area) => area.botRouteData),
  docs: () => import("./docs").then((area) => area.docsRouteData),
  enterprise: () => import("./enterprise").then((area) => area.enterpriseRouteData),
  faq: () => import("./faq").then((area) => area.faqRouteData),
  money: () => import("./money").then((area) => area.moneyRouteData),
  "ops-messages": () => import("./ops-messages").then((area) => area.messagesRouteData),
  "ops-moderation": () => import("./ops-moderation").then((area) => area.moderationRouteData),
  "ops-audit": () => import("./ops-audit").then((area) => area.opsAuditRouteData),
  "ops-domains": () => import("./ops-domains").then((area) => area.opsDomainsRouteData),
  "ops-prices": () => import("./ops-prices").then((area) => area.opsPricesRouteData),
  "ops-users": () => import("./ops-users").then((area) => area.opsUsersRouteData),
  payouts: () => import("./payouts").then((area) => area.payoutsRouteData),
  play: () => import("./play").then((area) => area.playRouteData),
  proxy: () => import("./proxy").then((area) => area.proxyRouteData),
  statistics: () => import("./statistics").then((area) => area.statisticsRouteData),
  support: () => import("./support").then((area) => area.supportRouteData),
  transfers: () => import("./transfers").then((area) => area.transfersRouteData),
  worker: () => import("./worker").then((area) => area.workerRouteData),
}

interface AreaRecords {
  accounts: typeof accountsRouteData
  affiliate: typeof affiliateRouteData
  "api-docs": typeof apiDocsRouteData
  captcha: typeof captchaRouteData
  "captcha-demo": typeof captchaDemoRouteData
  catalog: typeof catalogRouteData
  codes: typeof codesRouteData
  content: typeof contentRouteData
  discounts: typeof discountsRouteData
  bot: typeof botRouteData
  docs: typeof docsRouteData
  enterprise: typeof enterpriseRouteData
  faq: typeof faqRouteData
  money: typeof moneyRouteData
  "ops-messages": typeof messagesRouteData
  "ops-moderation": typeof moderationRouteData
  "ops-audit": typeof opsAuditRouteData
  "ops-domains": typeof opsDomainsRouteData
  "ops-prices": typeof opsPricesRouteData
  "ops-users": typeof opsUsersRouteData
  payouts: typeof payoutsRouteData
  play: typeof playRouteData
  proxy: typeof proxyRouteData
  statistics: typeof statisticsRouteData
  support: typeof supportRouteData
  transfers: typeof transfersRouteData
  worker: typeof workerRouteData
}
type AreaName = keyof AreaRecords
/** The area whose record holds hook N. */
type AreaOf<N extends RouteDataName> = {
  [A in AreaName]: N extends keyof AreaRecords[A] ? A : never
}[AreaName]

/** Where each route data hook is declared; the compiler refuses a wrong or missing area. */
export const routeDataArea: { readonly [N in RouteDataName]: AreaOf<N> } = {
  sessions: "accounts",
  twoFactor: "accounts",
  apiKey: "accounts",
  notifications: "accounts",
  documents: "accounts",
  partnerSummary: "affiliate",
  partnerReferrals: "affiliate",
  partnerSources: "affiliate",
  partnerMaterials: "affiliate",
  docsIndex: "api-docs",
  docPage: "api-docs",
  docLangPage: "api-docs",
  captchaPages: "api-docs",
  captchaPage: "api-docs",
  captchaTypes: "captcha",
  dashboard: "captcha",
  captchaSamples: "captcha",
  captchaSettings: "captcha",
  captchaPrices: "captcha",
  pingbacks: "captcha",
  pingbackLog: "captcha",
  impossibleCaptchas: "captcha",
  receivingErrors: "captcha",
  complaints: "captcha",
  notCaptcha: "captcha",
  uploads: "captcha",
  captureGraph: "captcha",
  workerSettings: "captcha",
  demoList: "captcha-demo",
  demoPage: "captcha-demo",
  softwareCategories: "catalog",
  softwareList: "catalog",
  softwareItem: "catalog",
  softwareModerationReviews: "catalog",
  softwareMine: "catalog",
  softwareDraft: "catalog",
  softwareModerationItems: "catalog",
  softwareStatistics: "catalog",
  redeemedPromoCodes: "codes",
  adminVouchers: "codes",
  adminPromoCodes: "codes",
  blogIndex: "content",
  blogArticles: "content",
  blogArticle: "content",
  softwareArticlesIndex: "content",
  softwareArticles: "content",
  softwareArticle: "content",
  tutorialsIndex: "content",
  tutorials: "content",
  tutorial: "content",
  blogEditorList: "content",
  blogEditorArticle: "content",
  softwareArticlesEditorList: "content",
  softwareArticlesEditorArticle: "content",
  tutorialsEditorList: "content",
  tutorialsEditorArticle: "content",
  faqEditorList: "content",
  faqEditorArticle: "content",
  discountCampaigns: "discounts",
  adminDiscountCampaigns: "discounts",
  botPublished: "bot",
  openapiDocument: "docs",
  enterprisePricing: "enterprise",
  faqIndex: "faq",
  faqCustomer: "faq",
  faqDeveloper: "faq",
  faqWorker: "faq",
  faqWorkerTerms: "faq",
  faqPlay: "faq",
  faqArticle: "faq",
  faqHelpfulness: "faq",
  paymentProviders: "money",
  balanceHistory: "money",
  paymentDays: "money",
  cryptoCurrencies: "money",
  adminMessages: "ops-messages",
  moderationOverview: "ops-moderation",
  moderationWorkers: "ops-moderation",
  moderationWorker: "ops-moderation",
  moderationGoldTasks: "ops-moderation",
  adminAudit: "ops-audit",
  domainRules: "ops-domains",
  priceTable: "ops-prices",
  adminUsers: "ops-users",
  adminUser: "ops-users",
  adminOverview: "ops-users",
  payoutSettings: "payouts",
  payouts: "payouts",
  adminPayouts: "payouts",
  playSummary: "play",
  playHistory: "play",
  playBoard: "play",
  playRewards: "play",
  playProfile: "play",
  proxyPrices: "proxy",
  proxyAccount: "proxy",
  proxySubusers: "proxy",
  proxyUsage: "proxy",
  proxyPurchases: "proxy",
  publicStatistics: "statistics",
  customerPrices: "statistics",
  graphDevprice: "statistics",
  graphDevspeed: "statistics",
  graphDevload: "statistics",
  graphDevonline: "statistics",
  graphWorkspeed: "statistics",
  graphWorkprice: "statistics",
  supportTickets: "support",
  supportTicket: "support",
  supportContext: "support",
  supportQueue: "support",
  transferBalance: "transfers",
  transfers: "transfers",
  workerStats: "worker",
  training: "worker",
  mistakes: "worker",
}

/** A hook's datum as the browser uses it: its address for the route's parameters, and whether it is per visit. */
export interface LoadedRouteDatum {
  url: (params: Record<string, string | undefined>) => string
  perVisit?: boolean
}

/**
 * Loads the records of the areas that declare these hooks (each area's contract once) and answers every hook of
 * those areas by name. An unknown name is an error of the route table.
 */
export async function loadRouteData(names: readonly string[]): Promise<Record<string, LoadedRouteDatum>> {
  const areas = new Set<AreaName>()
  for (const name of names) {
    const area = (routeDataArea as Record<string, AreaName | undefined>)[name]
    if (!area) throw new Error(`Unknown data hook "${name}"`)
    areas.add(area)
  }
  const records = await Promise.all([...areas].map((area) => areaLoaders[area]()))
  return Object.assign({}, ...records) as Record<string, LoadedRouteDatum>
}
