import { Validator } from "@seriousme/openapi-schema-validator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

type Operation = {
  operationId?: string
  tags?: string[]
  summary?: string
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>
}

/*
 * /api/openapi.json is generated from the contract's route schemas: it must be a valid OpenAPI 3.1 document,
 * and every JSON route the server registers must be in it, tagged, with a schema for its successful answer.
 */
describe("the OpenAPI document", () => {
  const engine = engines[0]!
  let context: Awaited<ReturnType<typeof startTestApp>>
  let document: { openapi: string; paths: Record<string, Record<string, Operation>>; tags?: unknown }

  beforeAll(async () => {
    context = await startTestApp(engine)
    const response = await context.app.inject({ method: "GET", url: "/api/openapi.json" })
    expect(response.statusCode).toBe(200)
    expect(response.headers["content-type"]).toMatch(/^application\/json/)
    document = JSON.parse(response.body)
  })
  afterAll(() => context?.stop())

  it("validates as OpenAPI 3.1", async () => {
    expect(document.openapi).toBe("3.1.0")
    const validator = new Validator()
    const result = await validator.validate(document as Parameters<Validator["validate"]>[0])
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it("lists every JSON route the server registers, tagged by area, with a response schema", () => {
    const toPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}")
    const registered = context.app.apiRoutes
    expect(registered.length).toBeGreaterThan(50)
    const missing: string[] = []
    const untyped: string[] = []
    for (const { method, url } of registered) {
      const operation = document.paths[toPath(url)]?.[method.toLowerCase()]
      const name = `${method} ${url}`
      if (!operation) {
        missing.push(name)
        continue
      }
      const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^2/.test(status))
      const documented =
        success.length > 0 &&
        success.every(
          ([status, answer]) =>
            status === "204" || Object.values(answer.content ?? {}).some((media) => media.schema),
        )
      if (!documented || !operation.operationId || !operation.tags?.length || !operation.summary)
        untyped.push(name)
    }
    expect(missing, "routes missing from /api/openapi.json").toEqual([])
    expect(untyped, "routes without an operationId, a tag, a summary or a response schema").toEqual([])
  })

  it("names the error codes of each operation with a 4xx answer", () => {
    const operation = document.paths["/api/v2/payouts/{id}/cancel"]?.post
    expect(operation?.responses?.["4XX"]).toBeDefined()
    expect(JSON.stringify(operation)).toContain("PAYOUT_ALREADY_DECIDED")
  })
})
