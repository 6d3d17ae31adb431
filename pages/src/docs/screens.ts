import { createElement } from "react"
import type { CaptchaPage, CaptchaPageList, DocPage } from "@manyhands/contract/api-docs"
import { withData, type RouteDataProps, type ScreenEntry } from "../screen-loader"

/*
 * The developer docs (/api-docs…, /2captcha-api, /api-rucaptcha, /lang…) and the captcha landing pages (/p/{slug}).
 * A .ts file like every area's list, hence createElement.
 */
const docOf =
  <D extends "docPage" | "docLangPage">(data: D) =>
  async () => {
    const { DocScreen } = await import("./doc-screen")
    return {
      default: (props: RouteDataProps<[D]>) =>
        createElement(DocScreen, { page: props[data] as DocPage | undefined }),
    }
  }

const testOf = (role: "admin" | "moderator") => async () => {
  const { CaptchaTestScreen } = await import("./captcha-page-screen")
  return {
    default: (props: RouteDataProps<["captchaPages"]>) =>
      createElement(CaptchaTestScreen, {
        role,
        captchaPages: props.captchaPages as CaptchaPageList | undefined,
      }),
  }
}

export const screens = {
  DocPage: withData(["docPage"], docOf("docPage")),
  DocLangPage: withData(["docLangPage"], docOf("docLangPage")),
  CaptchaPage: withData(["captchaPage"], async () => {
    const { CaptchaPageScreen } = await import("./captcha-page-screen")
    return {
      default: (props: RouteDataProps<["captchaPage"]>) =>
        createElement(CaptchaPageScreen, { page: props.captchaPage as CaptchaPage | undefined }),
    }
  }),
  ApiReference: withData(["openapiDocument"], async () => {
    const { ApiReferenceScreen } = await import("./api-reference-screen")
    return {
      default: (props: RouteDataProps<["openapiDocument"]>) =>
        createElement(ApiReferenceScreen, { openapiDocument: props.openapiDocument }),
    }
  }),
  CaptchaAdminTest: withData(["captchaPages"], testOf("admin")),
  CaptchaModeratorTest: withData(["captchaPages"], testOf("moderator")),
} satisfies Record<string, ScreenEntry>
