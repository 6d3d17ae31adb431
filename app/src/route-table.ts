import accountRoutes from "../routes/account.json"
import adminRoutes from "../routes/admin.json"
import affiliateRoutes from "../routes/affiliate.json"
import authRoutes from "../routes/auth.json"
import codesRoutes from "../routes/codes.json"
import contentRoutes from "../routes/content.json"
import cryptoRoutes from "../routes/crypto.json"
import customerRoutes from "../routes/customer.json"
import dataRoutes from "../routes/data.json"
import discountsRoutes from "../routes/discounts.json"
import catalogRoutes from "../routes/catalog.json"
import supportRoutes from "../routes/support.json"
import kbRoutes from "../routes/kb.json"
import enterpriseRoutes from "../routes/enterprise.json"
import demosRoutes from "../routes/demos.json"
import docsRoutes from "../routes/docs.json"
import editorRoutes from "../routes/editor.json"
import legalRoutes from "../routes/legal.json"
import manualDomainsRoutes from "../routes/manual-domains.json"
import marketingRoutes from "../routes/marketing.json"
import moderationRoutes from "../routes/moderation.json"
import moneyRoutes from "../routes/money.json"
import payoutsRoutes from "../routes/payouts.json"
import playRoutes from "../routes/play.json"
import productsRoutes from "../routes/products.json"
import profileRoutes from "../routes/profile.json"
import proxyCabinetRoutes from "../routes/proxy-cabinet.json"
import proxyLocalRoutes from "../routes/proxy-local.json"
import proxyRoutes from "../routes/proxy.json"
import publicRoutes from "../routes/public.json"
import transfersRoutes from "../routes/transfers.json"
import workerRoutes from "../routes/worker.json"

import type { RouteEntry } from "./route-entry"

export { isRedirect, type Guard, type PageEntry, type RedirectEntry, type RouteEntry } from "./route-entry"

/**
 * Every route file of the site, in one list. Add a file here when a new area gets its own JSON.
 * The catch-all lives in public.json, which comes last so specific paths are listed first.
 */
export const routeFiles: Record<string, RouteEntry[]> = {
  "marketing.json": marketingRoutes as RouteEntry[],
  "products.json": productsRoutes as RouteEntry[],
  "legal.json": legalRoutes as RouteEntry[],
  "content.json": contentRoutes as RouteEntry[],
  "docs.json": docsRoutes as RouteEntry[],
  "demos.json": demosRoutes as RouteEntry[],
  "catalog.json": catalogRoutes as RouteEntry[],
  "support.json": supportRoutes as RouteEntry[],
  "kb.json": kbRoutes as RouteEntry[],
  "enterprise.json": enterpriseRoutes as RouteEntry[],
  "editor.json": editorRoutes as RouteEntry[],
  "proxy.json": proxyRoutes as RouteEntry[],
  "proxy-local.json": proxyLocalRoutes as RouteEntry[],
  "proxy-cabinet.json": proxyCabinetRoutes as RouteEntry[],
  "data.json": dataRoutes as RouteEntry[],
  "account.json": accountRoutes as RouteEntry[],
  "auth.json": authRoutes as RouteEntry[],
  "profile.json": profileRoutes as RouteEntry[],
  "customer.json": customerRoutes as RouteEntry[],
  "worker.json": workerRoutes as RouteEntry[],
  "play.json": playRoutes as RouteEntry[],
  "crypto.json": cryptoRoutes as RouteEntry[],
  "money.json": moneyRoutes as RouteEntry[],
  "transfers.json": transfersRoutes as RouteEntry[],
  "codes.json": codesRoutes as RouteEntry[],
  "discounts.json": discountsRoutes as RouteEntry[],
  "payouts.json": payoutsRoutes as RouteEntry[],
  "manual-domains.json": manualDomainsRoutes as RouteEntry[],
  "admin.json": adminRoutes as RouteEntry[],
  "moderation.json": moderationRoutes as RouteEntry[],
  "affiliate.json": affiliateRoutes as RouteEntry[],
  "public.json": publicRoutes as RouteEntry[],
}

export const routeTable: RouteEntry[] = Object.values(routeFiles).flat()
