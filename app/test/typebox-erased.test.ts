import { readdirSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import Erased from "../src/typebox-erased"

const contractDir = join(import.meta.dirname, "../../contract/src")

// The browser build resolves the contract's `typebox` to the erased builders (app/vite.config.ts); so does this
// file, for the TypeBox the contract resolves. The unit project shares modules between files (isolate: false), so
// the contract is loaded afresh under the mock, and the files after this one get the real TypeBox again.
const typebox = createRequire(join(contractDir, "index.ts")).resolve("typebox")
beforeAll(() => {
  vi.doMock(typebox, () => import("../src/typebox-erased"))
  vi.resetModules()
})
afterAll(() => {
  vi.doUnmock(typebox)
  vi.resetModules()
})
const modules = readdirSync(contractDir).filter((name) => name.endsWith(".ts"))

describe("the browser's erased TypeBox", () => {
  it("has every builder the contract calls", () => {
    const called = new Set<string>()
    for (const name of modules)
      for (const [, builder] of readFileSync(join(contractDir, name), "utf8").matchAll(/\bType\.(\w+)\(/g))
        called.add(builder!)
    expect([...called].filter((builder) => !(builder in Erased))).toEqual([])
  })

  it("loads every contract module, with the endpoints' methods and paths intact", async () => {
    let endpoints = 0
    for (const name of modules) {
      const module = (await import(`../../contract/src/${name.slice(0, -3)}.ts`)) as Record<string, unknown>
      for (const value of Object.values(module)) {
        if (typeof value !== "object" || value === null) continue
        for (const endpoint of Object.values(value as Record<string, unknown>)) {
          const { method, path, url } = (endpoint ?? {}) as {
            method?: unknown
            path?: unknown
            url?: unknown
          }
          if (typeof method !== "string" || typeof url !== "function") continue
          endpoints += 1
          expect(["GET", "POST", "PUT", "PATCH", "DELETE"]).toContain(method)
          expect(path).toMatch(/^\//)
        }
      }
    }
    expect(endpoints).toBeGreaterThan(200)
    const { routeData, ErrorEnvelope } = await import("@manyhands/contract")
    expect(ErrorEnvelope).toEqual({}) // erased indeed
    expect(routeData.proxyPrices.url({ language: "ru" })).toBe("/api/v2/proxy/prices?currency=RUB")
  })
})
