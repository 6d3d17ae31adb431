import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { Ajv2020 } from "ajv/dist/2020.js"
import { describe, expect, it } from "vitest"
import { screenData, screens, type ScreenEntry } from "@manyhands/pages"
import { assembleRoutes } from "../src/assemble"
import { OLD_BLOG_SLUGS } from "@manyhands/contract/content"
import { routeData } from "@manyhands/contract"
import { loadRouteData, routeDataArea } from "@manyhands/contract/route-data-areas"
import { dataKeys, loadDataHooks, registerDataHooks } from "../src/data-hooks"
import { isRedirect, routeFiles, routeTable, type RouteEntry } from "../src/route-table"
import { loadLocale } from "./locales"

const routesDir = join(import.meta.dirname, "../routes")
const schema = JSON.parse(readFileSync(join(routesDir, "route.schema.json"), "utf8"))
const validate = new Ajv2020({ allErrors: true }).compile(schema)

const options = { basename: "", getUser: () => null, languageFallback: () => null }

describe("route JSON", () => {
  const files = readdirSync(routesDir).filter(
    (name) => name.endsWith(".json") && name !== "route.schema.json",
  )

  it.each(files)("%s matches the route schema", (file) => {
    const valid = validate(JSON.parse(readFileSync(join(routesDir, file), "utf8")))
    expect(validate.errors ?? []).toEqual([])
    expect(valid).toBe(true)
  })

  const page = {
    path: "/x",
    screen: "X",
    guard: "public",
    languages: ["en"],
    data: [],
    namespaces: [],
    title: "t",
    description: "d",
  }
  it.each([
    ["a path without its leading slash", { ...page, path: "x" }],
    ["an unknown guard", { ...page, guard: "nobody" }],
    ["a language the site does not have", { ...page, languages: ["xx"] }],
    ["a page without a title key", { ...page, title: undefined }],
    ["a page without its namespaces", { ...page, namespaces: undefined }],
    ["a redirect with a status other than 301/302", { path: "/main", redirect: "/", status: 307 }],
  ])("the schema rejects %s", (_case, entry) => {
    expect(validate([entry])).toBe(false)
  })

  it("the schema accepts a well-formed page", () => {
    expect(validate([page])).toBe(true)
  })

  it("every route file is registered in the route table", () => {
    expect(Object.keys(routeFiles).sort()).toEqual(files.sort())
  })

  it("paths are unique", () => {
    const paths = routeTable.map((entry) => entry.path)
    expect(new Set(paths).size).toBe(paths.length)
  })

  it("every page names a screen that exists, data hooks that exist and translated titles", () => {
    const en = loadLocale("en")
    const translated = (key: string) => {
      const [ns, path] = key.split(":") as [string, string]
      return path
        .split(".")
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en[ns])
    }
    for (const entry of routeTable) {
      if (isRedirect(entry)) continue
      expect(Object.keys(screens), entry.path).toContain(entry.screen)
      for (const hook of entry.data) expect(Object.keys(routeData), entry.path).toContain(hook)
      expect(typeof translated(entry.title), entry.title).toBe("string")
      expect(typeof translated(entry.description), entry.description).toBe("string")
      // Titles come from a namespace the server embeds for this page.
      for (const key of [entry.title, entry.description])
        expect(["common", ...entry.namespaces], key).toContain(key.split(":")[0])
    }
  })

  it("gives every screen exactly the route data it takes, and no route names data its screen does not take", () => {
    // The screen's list (pages/src/<area>/screens.ts `withData`) is type-checked against the contract; here
    // each route JSON's `data` must be that list, so a prop a screen needs cannot be missing from its route.
    const mismatches = routeTable.flatMap((entry) => {
      if (isRedirect(entry)) return []
      const screen = (screens as Record<string, ScreenEntry>)[entry.screen]
      if (!screen) return []
      const takes = [...screenData(screen)].sort()
      const given = [...entry.data].sort()
      return JSON.stringify(takes) === JSON.stringify(given)
        ? []
        : [`${entry.path} (${entry.screen}): route gives [${given}], screen takes [${takes}]`]
    })
    expect(mismatches).toEqual([])
  })

  it("assembles into react-router routes with a catch-all", () => {
    const [root] = assembleRoutes(routeTable, options)
    expect(root?.children?.map((route) => route.path)).toEqual(routeTable.map((entry) => entry.path))
    expect(root?.children?.some((route) => route.path === "*")).toBe(true)
  })

  it("refuses a route whose screen does not exist", () => {
    expect(() => assembleRoutes([{ ...page, screen: "Nope" } as RouteEntry], options)).toThrowError(
      /names screen "Nope"/,
    )
  })
})

describe("the old blog articles of spec §2", () => {
  it("each has its own route in its one language, handing the slug to the article's data", () => {
    registerDataHooks(routeData) // as the server does
    const literal = routeTable.filter(
      (entry) => !isRedirect(entry) && /^\/blog\/[^:]/.test(entry.path) && entry.params !== undefined,
    )
    const expected = Object.entries(OLD_BLOG_SLUGS).flatMap(([language, slugs]) =>
      slugs.map((slug) => ({ path: `/blog/${slug}`, languages: [language], params: { slug } })),
    )
    expect(
      literal.map((entry) => ({
        path: entry.path,
        languages: isRedirect(entry) ? [] : entry.languages,
        params: isRedirect(entry) ? {} : entry.params,
      })),
    ).toEqual(expected)
    for (const entry of literal)
      if (!isRedirect(entry))
        expect(dataKeys(entry.data, { ...entry.params }, "en")).toEqual([
          { prop: "blogArticle", key: `/api/v1/articles/by-slug/${entry.params!.slug}`, perVisit: false },
        ])
  })
})

describe("route data made for one visit", () => {
  it("is the demo page's (a fresh picture per answer), not the lists'", async () => {
    await loadDataHooks(["demoPage", "demoList"]) // as the browser does, with the screen
    expect(dataKeys(["demoPage", "demoList"], { slug: "normal" }, "en")).toEqual([
      { prop: "demoPage", key: "/api/v1/captcha-demo/normal", perVisit: true },
      { prop: "demoList", key: "/api/v1/captcha-demo", perVisit: false },
    ])
  })
})

describe("route data in the browser, by area", () => {
  it("knows the area of every hook, and an area's record holds exactly the hooks said to be its", async () => {
    expect(Object.keys(routeDataArea).sort()).toEqual(Object.keys(routeData).sort())
    const areas = new Set(Object.values(routeDataArea))
    for (const area of areas) {
      const names = Object.keys(routeDataArea).filter(
        (name) => routeDataArea[name as keyof typeof routeDataArea] === area,
      )
      expect(Object.keys(await loadRouteData(names)).sort(), area).toEqual(names.sort())
    }
  })

  it("loads only the areas a route's hooks come from, and refuses an unknown hook", async () => {
    const loaded = await loadRouteData(["proxyPrices"])
    expect(Object.keys(loaded)).toContain("proxyAccount")
    expect(Object.keys(loaded)).not.toContain("demoPage")
    expect(loaded.proxyPrices!.url({ language: "ru" })).toBe(routeData.proxyPrices.url({ language: "ru" }))
    await expect(loadRouteData(["noSuchHook"])).rejects.toThrow(/Unknown data hook "noSuchHook"/)
  })
})
