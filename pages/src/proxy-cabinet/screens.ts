import { withData, type ScreenEntry } from "../screen-loader"

/** Screens of the proxy cabinet, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  // The overview reads the sub-users itself (for the connection strings), once it knows the account has some.
  ProxyCabinet: withData(["proxyAccount", "proxyPurchases"], () => import("./cabinet/proxy-cabinet-screen")),
  ProxyUsers: withData(["proxySubusers", "proxyAccount"], () => import("./users/proxy-users-screen")),
  ProxyAllowlist: withData(["proxySubusers"], () => import("./allowlist/proxy-allowlist-screen")),
  // The sub-user filter's list is read by the screen itself.
  ProxyStatistics: withData(["proxyUsage"], () => import("./statistics/proxy-statistics-screen")),
} satisfies Record<string, ScreenEntry>
