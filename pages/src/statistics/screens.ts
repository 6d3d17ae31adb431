import { withData, type ScreenEntry } from "../screen-loader"

/** The six graph pages share one screen (graph/graph-screen.tsx) and one chunk. */
const graphPages = () => import("./graph/graph-pages")

/** Screens of this area, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  PublicStatistics: withData(["publicStatistics"], () => import("./overview/public-statistics-screen")),
  PublicStatisticsCustomerRate: withData(["graphDevprice", "captchaTypes"], async () => ({
    default: (await graphPages()).CustomerRateScreen,
  })),
  PublicStatisticsCustomerSolvingSpeed: withData(["graphDevspeed", "captchaTypes"], async () => ({
    default: (await graphPages()).CustomerSolvingSpeedScreen,
  })),
  PublicStatisticsServiceLoad: withData(["graphDevload", "captchaTypes"], async () => ({
    default: (await graphPages()).ServiceLoadScreen,
  })),
  PublicStatisticsWorkersOnline: withData(["graphDevonline", "captchaTypes"], async () => ({
    default: (await graphPages()).WorkersOnlineScreen,
  })),
  PublicStatisticsWaitingTime: withData(["graphWorkspeed", "captchaTypes"], async () => ({
    default: (await graphPages()).WaitingTimeScreen,
  })),
  PublicStatisticsEmployeeRate: withData(["graphWorkprice", "captchaTypes"], async () => ({
    default: (await graphPages()).EmployeeRateScreen,
  })),
  Pricing: withData(["customerPrices"], () => import("./pricing/pricing-screen")),
} satisfies Record<string, ScreenEntry>
