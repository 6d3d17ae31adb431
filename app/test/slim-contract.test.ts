import { readFileSync } from "node:fs"
import { join } from "node:path"
import { parseAst, transformWithOxc } from "vite"
import { describe, expect, it } from "vitest"
import { slimContractModule } from "../slim-contract"

interface Node {
  type: string
  [key: string]: unknown
}

/** Every node of `node`'s tree that `match` accepts. */
function findAll(node: unknown, match: (node: Node) => boolean, found: Node[] = []): Node[] {
  if (Array.isArray(node)) for (const child of node) findAll(child, match, found)
  else if (typeof node === "object" && node !== null) {
    if (typeof (node as Node).type === "string" && match(node as Node)) found.push(node as Node)
    for (const value of Object.values(node)) findAll(value, match, found)
  }
  return found
}

const isCallOf = (name: string) => (node: Node) =>
  node.type === "CallExpression" && (node.callee as { name?: string }).name === name

/** A contract module as the client build hands it to the plugin: TypeScript stripped. */
async function contractJavaScript(name: string) {
  const path = join(import.meta.dirname, "../../contract/src", name)
  return (await transformWithOxc(readFileSync(path, "utf8"), path)).code
}

describe("the browser's slimmed contract (slim-contract.ts)", () => {
  it("keeps only each endpoint's method and path, and marks the schemas and declarations pure", async () => {
    const code = await contractJavaScript("accounts.ts")
    const slim = slimContractModule(code, "accounts.ts")
    if (!slim) throw new Error("accounts.ts was left as it was")
    const before = findAll(parseAst(code), isCallOf("defineEndpoints"))
    const after = findAll(parseAst(slim.code), isCallOf("defineEndpoints"))
    expect(after).toHaveLength(before.length)
    expect(after.length).toBeGreaterThanOrEqual(4)
    let endpoints = 0
    for (const call of after) {
      for (const endpoint of ((call.arguments as Node[])[1] as unknown as { properties: Node[] })
        .properties) {
        const keys = ((endpoint.value as { properties: Node[] }).properties ?? []).map(
          (property) => (property.key as { name: string }).name,
        )
        expect(keys.sort()).toEqual(["method", "path"])
        endpoints += 1
      }
    }
    expect(endpoints).toBeGreaterThan(30)
    // Their documentation is gone: a summary and an error code the browser never shows (schemas stay, for the
    // bundler to drop those no endpoint refers to any more).
    expect(code).toContain("Mark a system message read")
    for (const text of ["Mark a system message read", "USER_TYPE_ALREADY_SET"])
      expect(slim.code).not.toContain(text)
    expect(slim.code).toMatch(/export const userApi = \/\* @__PURE__ \*\/ defineEndpoints\(/)
    expect(slim.code).toMatch(/export const CurrentUser = \/\* @__PURE__ \*\/ Type\.Object\(/)
    // A constant the browser uses stays as it was.
    expect(slim.code).toMatch(/export const USER_TYPES = \[\s*"developer",/)
    expect(slim.map.sources).toEqual(["accounts.ts"])
  })

  it("leaves a module with nothing to slim alone, and an endpoint with a spread whole", () => {
    expect(slimContractModule('export const A = ["x"]\n', "a.ts")).toBeNull()
    const code = [
      'const common = { method: "GET" }',
      'export const api = defineEndpoints("x", {',
      '  a: { ...common, path: "/a", summary: "A" },',
      '  b: { method: "GET", path: "/b", summary: "B" },',
      "})",
    ].join("\n")
    const slim = slimContractModule(code, "x.ts")
    expect(slim?.code).toContain('a: { ...common, path: "/a", summary: "A" }')
    expect(slim?.code).toContain('b: {method: "GET",path: "/b"}')
  })
})
