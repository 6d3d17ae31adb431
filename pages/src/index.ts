import NotFoundScreen from "./not-found/not-found-screen"
import { screens as accountScreens } from "./account/screens"
import { screens as affiliateScreens } from "./affiliate/screens"
import { screens as authScreens } from "./auth/screens"
import { screens as catalogScreens } from "./catalog/screens"
import { screens as supportScreens } from "./support/screens"
import { screens as feedbackScreens } from "./feedback/screens"
import { screens as pushScreens } from "./push/screens"
import { screens as enterpriseScreens } from "./enterprise/screens"
import { screens as codeScreens } from "./codes/screens"
import { screens as contentScreens } from "./content/screens"
import { screens as cryptoScreens } from "./crypto/screens"
import { screens as customerScreens } from "./customer/screens"
import { screens as dataScreens } from "./data/screens"
import { screens as discountScreens } from "./discounts/screens"
import { screens as demoScreens } from "./demos/screens"
import { screens as docsScreens } from "./docs/screens"
import { screens as editorScreens } from "./editor/screens"
import { screens as legalScreens } from "./legal/screens"
import { screens as marketingScreens } from "./marketing/screens"
import { screens as moneyScreens } from "./money/screens"
import { screens as opsDomainsScreens } from "./ops-domains/screens"
import { screens as opsMessagesScreens } from "./ops-messages/screens"
import { screens as opsPricesScreens } from "./ops-prices/screens"
import { screens as opsModerationScreens } from "./ops-moderation/screens"
import { screens as payoutScreens } from "./payouts/screens"
import { screens as playScreens } from "./play/screens"
import { screens as opsConsoleScreens } from "./ops-console/screens"
import { screens as opsUserScreens } from "./ops-users/screens"
import { screens as productScreens } from "./products/screens"
import { screens as profileScreens } from "./profile/screens"
import { screens as proxyLocalScreens } from "./proxy-local/screens"
import { screens as proxyScreens } from "./proxy/screens"
import { screens as proxyCabinetScreens } from "./proxy-cabinet/screens"
import type { ScreenEntry, ScreenLoader } from "./screen-loader"
import { screens as statisticsScreens } from "./statistics/screens"
import { screens as transferScreens } from "./transfers/screens"
import { screens as workerScreens } from "./worker/screens"

export { SiteLayout, type SiteLayoutProps, type LanguageLink, type LinkTarget } from "./layout/site-layout"
export { loadAccountMenu } from "./layout/account-menu-part"
export { ErrorScreen } from "./error/error-screen"
// Also rendered outside the route table (a page that does not exist in the current language).
export { NotFoundScreen }
export type { HomeScreenProps } from "./marketing/home/home-screen"
export type { ScreenEntry, ScreenLoader }
export { screenData, type DataScreen, type RouteDataProps } from "./screen-loader"
export { useApi, usePaged, withQueryString, type ApiData, type PagedData } from "./api"
export {
  ApiFailure,
  ShellServicesProvider,
  useShellServices,
  type AccountType,
  type ShellApi,
  type ShellServices,
  type ShellUser,
} from "./shell-context"

/**
 * Every screen a route may name, loaded lazily so each one is its own chunk. Each area keeps its own list.
 * A screen takes its data as props (one prop per data hook of its route, plus the route's fixed props).
 */
export const screens = {
  ...marketingScreens,
  ...statisticsScreens,
  ...contentScreens,
  ...docsScreens,
  ...demoScreens,
  ...catalogScreens,
  ...supportScreens,
  ...feedbackScreens,
  ...pushScreens,
  ...enterpriseScreens,
  ...editorScreens,
  ...productScreens,
  ...legalScreens,
  ...proxyScreens,
  ...proxyLocalScreens,
  ...proxyCabinetScreens,
  ...dataScreens,
  ...accountScreens,
  ...authScreens,
  ...profileScreens,
  ...customerScreens,
  ...workerScreens,
  ...playScreens,
  ...moneyScreens,
  ...cryptoScreens,
  ...transferScreens,
  ...codeScreens,
  ...discountScreens,
  ...opsConsoleScreens,
  ...opsUserScreens,
  ...payoutScreens,
  ...affiliateScreens,
  ...opsModerationScreens,
  ...opsMessagesScreens,
  ...opsDomainsScreens,
  ...opsPricesScreens,
  // Already in the main chunk (see NotFoundScreen above), so no separate import.
  NotFound: async () => ({ default: NotFoundScreen }),
} satisfies Record<string, ScreenEntry>

export type ScreenName = keyof typeof screens
