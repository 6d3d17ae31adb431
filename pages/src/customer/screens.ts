import type { ScreenLoader } from "../screen-loader"

/** Screens of this area, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  CustomerDashboard: () => import("./dashboard/dashboard-screen"),
  TestCaptcha: () => import("./testcaptcha/test-captcha-screen"),
  CaptchaSettings: () => import("./settings/overview/settings-overview-screen"),
  SettingsDefaults: () => import("./settings/defaults/defaults-screen"),
  SettingsRecognition: () => import("./settings/recognition/recognition-screen"),
  SettingsIpList: () => import("./settings/iplist/ip-list-screen"),
  SettingsPingback: () => import("./settings/pingback/pingback-screen"),
  SettingsPingbackLog: () => import("./settings/pingback-log/pingback-log-screen"),
  SettingsImpossible: () => import("./settings/impossible/impossible-screen"),
  SettingsErrors: () => import("./settings/errors/errors-screen"),
  SettingsComplaints: () => import("./settings/complaints/complaints-screen"),
  SettingsNotCaptcha: () => import("./settings/not-captcha/not-captcha-screen"),
  StatisticsUploads: () => import("./statistics/uploads/uploads-screen"),
  StatisticsGraph: () => import("./statistics/graph/graph-screen"),
} satisfies Record<string, ScreenLoader>
