import { createMemoryRouter, createStaticHandler } from "react-router"
import { describe, expect, it } from "vitest"
import { assembleRoutes } from "../src/assemble"
import { guardRedirect } from "../src/guards"
import type { CurrentUser } from "../src/initial-state"
import type { RouteEntry } from "../src/route-table"

const user = (userType: CurrentUser["profile"]["userType"], roles: ("admin" | "moderator")[] = []) =>
  ({
    id: "1",
    email: "a@b.c",
    profile: {
      userType,
      systemMessage: null,
      displayName: null,
      timezone: "UTC",
      payoutWallet: null,
      twoFactorEnabled: false,
    },
    balance: { amount: 0 },
    interfaceLanguage: "en",
    permissions: Object.fromEntries(roles.map((role) => [role, true])),
    analyticsData: {
      daysSinceRegistration: 0,
      daysSinceLastPayment: null,
      daysSinceLastUse: null,
      earnedOnCaptcha: 0,
      spentOnCaptcha: 0,
    },
  }) satisfies CurrentUser

const customer = user("customer")
const newcomer = user(null)
const moderator = user("worker", ["moderator"])

describe("guardRedirect (spec §4)", () => {
  it.each([
    ["public", null, null],
    ["login", null, "/auth/login?return_to=%2Fx%3Fa%3D1"],
    ["login", newcomer, "/select-role?return_to=%2Fx%3Fa%3D1"],
    ["login", customer, null],
    ["login-no-type", null, "/auth/login?return_to=%2Fx%3Fa%3D1"],
    ["login-no-type", newcomer, null],
    ["order-captchas", null, "/#order-captchas"],
    ["order-captchas", newcomer, null],
    [{ roles: ["admin"] }, null, "/auth/login?return_to=%2Fx%3Fa%3D1"],
    [{ roles: ["admin"] }, customer, "/"],
    [{ roles: ["admin", "moderator"] }, moderator, null],
  ] as const)("%j with %j", (guard, who, expected) => {
    expect(guardRedirect(guard as never, who, "/x?a=1")).toBe(expected)
  })
})

// Existing screens under test paths, one per guard: the real assembler, loaders and react-router.
const table: RouteEntry[] = [
  {
    path: "/",
    screen: "Home",
    guard: "public",
    languages: ["en", "ru"],
    data: [],
    namespaces: [],
    title: "t",
    description: "d",
  },
  {
    path: "/typed",
    screen: "About",
    guard: "login",
    languages: ["en", "ru"],
    data: [],
    namespaces: [],
    title: "t",
    description: "d",
  },
  {
    path: "/untyped",
    screen: "About",
    guard: "login-no-type",
    languages: ["en", "ru"],
    data: [],
    namespaces: [],
    title: "t",
    description: "d",
  },
  {
    path: "/order",
    screen: "About",
    guard: "order-captchas",
    languages: ["en", "ru"],
    data: [],
    namespaces: [],
    title: "t",
    description: "d",
  },
  {
    path: "/admin",
    screen: "About",
    guard: { roles: ["admin"] },
    languages: ["en", "ru"],
    data: [],
    namespaces: [],
    title: "t",
    description: "d",
  },
  {
    path: "/english",
    screen: "About",
    guard: "public",
    languages: ["en"],
    data: [],
    namespaces: ["about"],
    title: "t",
    description: "d",
  },
  { path: "/main", redirect: "/", status: 301 },
]

function routesFor(who: CurrentUser | null, basename = "", loaded: string[][] = []) {
  return assembleRoutes(table, {
    basename,
    getUser: () => who,
    languageFallback: (entry, url) =>
      entry.languages.includes(basename ? "ru" : "en")
        ? null
        : `https://intl.example${url.pathname.slice(basename.length)}${url.search}`,
    loadNamespaces: async (namespaces) => {
      loaded.push([...namespaces])
    },
  })
}

async function serverAnswer(path: string, who: CurrentUser | null, basename = "") {
  const handler = createStaticHandler(routesFor(who, basename), { basename: basename || undefined })
  const result = await handler.query(new Request(`http://site.test${path}`))
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location") }
  return { status: result.statusCode }
}

describe("guards on the server (first load: real HTTP redirects)", () => {
  it.each([
    ["/typed?a=1", null, "", 302, "/auth/login?return_to=%2Ftyped%3Fa%3D1"],
    ["/typed", newcomer, "", 302, "/select-role?return_to=%2Ftyped"],
    ["/untyped", null, "", 302, "/auth/login?return_to=%2Funtyped"],
    ["/order", null, "", 302, "/#order-captchas"],
    ["/admin", customer, "", 302, "/"],
    ["/main", null, "", 301, "/"],
    // Within a language prefix the redirect stays in the language; return_to is relative to it.
    ["/ru/typed", null, "/ru", 302, "/ru/auth/login?return_to=%2Ftyped"],
    // A page not written in the language goes to its English version.
    ["/ru/english?q=1", null, "/ru", 302, "https://intl.example/english?q=1"],
  ] as const)("%s as %j", async (path, who, basename, status, location) => {
    expect(await serverAnswer(path, who, basename)).toEqual({ status, location })
  })

  it.each([
    ["/typed", customer],
    ["/untyped", newcomer],
    ["/order", newcomer],
    ["/admin", user("customer", ["admin"])],
  ] as const)("lets %s through for a user who may see it", async (path, who) => {
    expect(await serverAnswer(path, who)).toEqual({ status: 200 })
  })
})

describe("guards on client navigation", () => {
  it("redirects before the screen renders, and loads a page's namespaces first", async () => {
    const loaded: string[][] = []
    let who: CurrentUser | null = null
    const router = createMemoryRouter(
      assembleRoutes(table, {
        basename: "",
        getUser: () => who,
        languageFallback: () => null,
        loadNamespaces: async (namespaces) => {
          loaded.push([...namespaces])
        },
      }),
      { initialEntries: ["/"] },
    )
    await router.navigate("/typed?x=2")
    expect(router.state.location.pathname + router.state.location.search).toBe(
      "/auth/login?return_to=%2Ftyped%3Fx%3D2",
    )
    who = newcomer
    await router.navigate("/typed")
    expect(router.state.location.pathname).toBe("/select-role")
    await router.navigate("/order")
    expect(router.state.location.pathname).toBe("/order")
    await router.navigate("/english")
    expect(loaded).toContainEqual(["about"])
    router.dispose()
  })
})
