/*
 * Every route data hook by the name route JSON uses in its `data` list (app/routes/*.json): the endpoint whose
 * answer the screen receives as the prop of that name. The app preloads and caches these addresses; pages
 * declare which they take (pages/src/screen-loader.ts), and the types of those props come from here.
 */
import { accountsRouteData } from "./accounts"
import { affiliateRouteData } from "./affiliate"
import { apiDocsRouteData } from "./api-docs"
import { captchaRouteData } from "./captcha"
import { captchaDemoRouteData } from "./captcha-demo"
import { catalogRouteData } from "./catalog"
import { codesRouteData } from "./codes"
import { contentRouteData } from "./content"
import { discountsRouteData } from "./discounts"
import { botRouteData } from "./bot"
import { docsRouteData } from "./docs"
import { enterpriseRouteData } from "./enterprise"
import type { ResponseOf } from "./endpoint"
import { faqRouteData } from "./faq"
import { moneyRouteData } from "./money"
import { messagesRouteData } from "./ops-messages"
import { moderationRouteData } from "./ops-moderation"
import { opsAuditRouteData } from "./ops-audit"
import { opsDomainsRouteData } from "./ops-domains"
import { opsPricesRouteData } from "./ops-prices"
import { opsUsersRouteData } from "./ops-users"
import { payoutsRouteData } from "./payouts"
import { playRouteData } from "./play"
import { proxyRouteData } from "./proxy"
import { statisticsRouteData } from "./statistics"
import { supportRouteData } from "./support"
import { transfersRouteData } from "./transfers"
import { workerRouteData } from "./worker"

export const routeData = {
  ...accountsRouteData,
  ...captchaRouteData,
  ...workerRouteData,
  ...playRouteData,
  ...proxyRouteData,
  ...moneyRouteData,
  ...transfersRouteData,
  ...codesRouteData,
  ...discountsRouteData,
  ...payoutsRouteData,
  ...affiliateRouteData,
  ...statisticsRouteData,
  ...contentRouteData,
  ...apiDocsRouteData,
  ...docsRouteData,
  ...captchaDemoRouteData,
  ...catalogRouteData,
  ...supportRouteData,
  ...faqRouteData,
  ...botRouteData,
  ...enterpriseRouteData,
  ...moderationRouteData,
  ...messagesRouteData,
  ...opsUsersRouteData,
  ...opsAuditRouteData,
  ...opsDomainsRouteData,
  ...opsPricesRouteData,
}

export type RouteDataName = keyof typeof routeData
/** The answer a screen receives as the prop `N`. */
export type RouteDataOf<N extends RouteDataName> = ResponseOf<(typeof routeData)[N]["endpoint"]>
