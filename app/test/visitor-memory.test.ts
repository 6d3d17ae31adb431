import { describe, expect, it } from "vitest"
import type { SiteOrigins } from "../src/sites"
import { cookieString, eventOnceKey, parseCookies, rememberVisit } from "../src/visitor-memory"

const origins: SiteOrigins = {
  international: "https://manyhands.dev",
  russian: "https://manyhands.ru",
  chinese: "https://manyhands.cn",
}
const visit = (href: string, extra: Partial<Parameters<typeof rememberVisit>[0]> = {}) => {
  const url = new URL(href)
  return rememberVisit({
    url,
    path: url.pathname,
    referrer: "",
    cookies: {},
    origins,
    timezone: () => "Europe/Berlin",
    ...extra,
  })
}
const names = (result: ReturnType<typeof rememberVisit>) => result.writes.map((write) => write.name)

describe("visitor memory (spec §3, §9)", () => {
  it("records timezone and the first and last page of a first visit", () => {
    expect(visit("https://manyhands.dev/jobs?x=1").writes).toEqual([
      { name: "timezone", value: "Europe/Berlin" },
      { name: "first_visited_page", value: "/jobs?x=1" },
      { name: "last_visited_page", value: "/jobs?x=1" },
    ])
    expect(visit("https://manyhands.dev/", { timezone: () => undefined }).writes[0]).toEqual({
      name: "timezone",
      value: "UTC",
    })
  })

  it("keeps the first page and timezone once set, and never records sign-in pages", () => {
    const cookies = { timezone: "UTC", first_visited_page: "/" }
    let askedForTimezone = 0
    const timezone = () => {
      askedForTimezone += 1
      return "Europe/Berlin"
    }
    expect(names(visit("https://manyhands.dev/about", { cookies, timezone }))).toEqual(["last_visited_page"])
    // A returning visitor's page view does not ask the browser for its time zone (its first Intl call is slow).
    expect(askedForTimezone).toBe(0)
    for (const path of [
      "/auth/login",
      "/auth/register",
      "/auth/remind",
      "/auth/confirm-email",
      "/auth/oauth-2fa",
    ]) {
      expect(names(visit(`https://manyhands.dev${path}`, { cookies }))).toEqual([])
    }
  })

  it("stores an outside referrer as original_referer once, and ignores our own domains", () => {
    const outside = visit("https://manyhands.dev/", { referrer: "https://www.google.com/search?q=captcha" })
    expect(outside.writes).toContainEqual({
      name: "original_referer",
      value: "https://www.google.com/search?q=captcha",
    })
    expect(outside.writes).toContainEqual({
      name: "cms_referrer",
      value: "https://www.google.com/search?q=captcha",
    })
    const again = visit("https://manyhands.dev/", {
      referrer: "https://bing.com/",
      cookies: { original_referer: "x" },
    })
    expect(names(again)).not.toContain("original_referer")
    expect(names(visit("https://manyhands.dev/", { referrer: "https://manyhands.ru/about" }))).not.toContain(
      "original_referer",
    )
  })

  it("keeps attribution parameters and sends a UTM tracking event", () => {
    const result = visit("https://manyhands.dev/?utm_source=news&utm_campaign=fall&pos=2&utm_id=7&other=1")
    expect(result.writes).toContainEqual({
      name: "utm",
      value: JSON.stringify({ utm_source: "news", utm_campaign: "fall", pos: "2" }),
    })
    expect(result.writes).toContainEqual({
      name: "cms_utm_get",
      value: "utm_source=news&utm_campaign=fall&pos=2",
    })
    expect(result.events).toEqual([
      { type: "utm", data: { utm_source: "news", utm_campaign: "fall", utm_id: "7" } },
    ])
  })

  it("sends a referral event for ?from=, unique until reg_referrer is set", () => {
    expect(
      visit("https://manyhands.dev/?from=4242", { referrer: "https://forum.example/t/1" }).events,
    ).toEqual([{ type: "referral", data: { from: "4242", source: "forum.example", unique: true } }])
    expect(
      visit("https://manyhands.dev/?from=4242&source=yt", { cookies: { reg_referrer: "4242" } }).events,
    ).toEqual([{ type: "referral", data: { from: "4242", source: "yt", unique: false } }])
    expect(visit("https://manyhands.dev/").events).toEqual([])
  })

  it("writes cookies for path /, SameSite Lax, with the spec's lifetimes", () => {
    expect(cookieString("reg_referrer", "a b", false)).toBe(
      "reg_referrer=a%20b; Max-Age=259200; Path=/; SameSite=Lax",
    )
    expect(cookieString("last_visited_page", "/", true)).toBe(
      "last_visited_page=%2F; Max-Age=604800; Path=/; SameSite=Lax; Secure",
    )
    for (const name of ["original_referer", "utm", "timezone", "foreigner_notice"] as const)
      expect(cookieString(name, "x", false)).toContain("Max-Age=31536000")
  })

  it("parses document.cookie and keys events by address", () => {
    expect(parseCookies("a=1; b=%2Fx; broken; c=%E0")).toEqual({ a: "1", b: "/x", c: "%E0" })
    const event = { type: "referral", data: { from: "1", source: "x", unique: true } } as const
    expect(eventOnceKey(event, new URL("https://m.dev/?from=1"))).toBe("manyhands:tracked:referral:?from=1")
  })
})

describe("cms cookies", () => {
  it("last for the browser session, as the privacy policy says", () => {
    expect(cookieString("cms_referrer", "https://a.example/", false)).toBe(
      "cms_referrer=https%3A%2F%2Fa.example%2F; Path=/; SameSite=Lax",
    )
  })
})
