import { withData, type ScreenEntry } from "../screen-loader"

/** Screens of this area, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  CustomerDashboard: withData(["dashboard"], () => import("./dashboard/dashboard-screen")),
  TestCaptcha: withData(["captchaSamples"], () => import("./testcaptcha/test-captcha-screen")),
  CaptchaSettings: withData(
    ["captchaSettings"],
    () => import("./settings/overview/settings-overview-screen"),
  ),
  SettingsDefaults: withData(
    ["captchaSettings", "captchaPrices"],
    () => import("./settings/defaults/defaults-screen"),
  ),
  SettingsRecognition: withData(
    ["captchaSettings", "captchaPrices"],
    () => import("./settings/recognition/recognition-screen"),
  ),
  SettingsIpList: withData(["captchaSettings"], () => import("./settings/iplist/ip-list-screen")),
  SettingsPingback: withData(["pingbacks"], () => import("./settings/pingback/pingback-screen")),
  SettingsPingbackLog: withData(["pingbackLog"], () => import("./settings/pingback-log/pingback-log-screen")),
  SettingsImpossible: withData(
    ["impossibleCaptchas"],
    () => import("./settings/impossible/impossible-screen"),
  ),
  SettingsErrors: withData(["receivingErrors"], () => import("./settings/errors/errors-screen")),
  SettingsComplaints: withData(["complaints"], () => import("./settings/complaints/complaints-screen")),
  SettingsNotCaptcha: withData(["notCaptcha"], () => import("./settings/not-captcha/not-captcha-screen")),
  StatisticsUploads: withData(["uploads"], () => import("./statistics/uploads/uploads-screen")),
  StatisticsGraph: withData(["captureGraph"], () => import("./statistics/graph/graph-screen")),
} satisfies Record<string, ScreenEntry>
