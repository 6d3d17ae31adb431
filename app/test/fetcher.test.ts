import { createServer, type Server } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { FetchError, fetchJson } from "../src/fetcher"

describe("fetchJson", () => {
  let server: Server
  let base: string
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/echo") {
        response.setHeader("content-type", "application/json")
        return response.end(
          JSON.stringify({ accept: request.headers.accept, csrf: request.headers["x-csrf-token"] }),
        )
      }
      if (request.url === "/broken") return response.end("<html>not json")
      response.statusCode = 404
      response.end(JSON.stringify({ error: { code: "NOT_FOUND" } }))
    })
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  })
  afterAll(() => new Promise((done) => server.close(done)))

  it("keeps asking for JSON when the caller adds headers", async () => {
    expect(await fetchJson(`${base}/echo`, { headers: { "x-csrf-token": "t1" } })).toEqual({
      accept: "application/json",
      csrf: "t1",
    })
    expect(await fetchJson(`${base}/echo`, { headers: new Headers({ "x-csrf-token": "t2" }) })).toMatchObject(
      {
        csrf: "t2",
      },
    )
  })

  it("reports the spec's error codes", async () => {
    await expect(fetchJson(`${base}/broken`)).rejects.toMatchObject({ code: "PARSING_ERROR" })
    await expect(fetchJson(`${base}/missing`)).rejects.toMatchObject({
      code: "HTTP_ERROR",
      status: 404,
      data: { error: { code: "NOT_FOUND" } },
    })
    await expect(fetchJson("http://127.0.0.1:1/nothing")).rejects.toBeInstanceOf(FetchError)
    await expect(fetchJson("http://127.0.0.1:1/nothing")).rejects.toMatchObject({ code: "FETCH_ERROR" })
  })
})
