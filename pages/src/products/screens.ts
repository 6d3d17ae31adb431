import type { ScreenLoader } from "../screen-loader"

/** Screens of this area, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  CaptchaWorkaround: () => import("./captcha-workaround/captcha-workaround-screen"),
  CaptchaWorkaroundPay: () => import("./captcha-workaround-pay/captcha-workaround-pay-screen"),
  CaptchaBypassExtension: () => import("./captcha-bypass-extension/captcha-bypass-extension-screen"),
  CaptchaAccessibility: () => import("./captcha-accessibility/captcha-accessibility-screen"),
  WorkersSoftware: () => import("./workers-software/workers-software-screen"),
  WorkerProgram: () => import("./worker-program/worker-program-screen"),
  Job: () => import("./job/job-screen"),
} satisfies Record<string, ScreenLoader>
