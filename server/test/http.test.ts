import { Writable } from "node:stream"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import type { FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildApp } from "../src/app"
import { loadConfig } from "../src/config"
import type { Database } from "../src/db/database"
import { seed } from "../src/db/seed"
import { engines } from "./databases"

function initialState(html: string) {
  const match = html.match(/<script id="__MANYHANDS_STATE__" type="application\/json">(.*?)<\/script>/s)
  if (!match?.[1]) throw new Error("no initial state in the page")
  return JSON.parse(match[1]) as {
    host: string
    language: string
    languages: string[]
    translations: Record<string, Record<string, unknown>>
    user: unknown
    data: Record<string, unknown>
  }
}

describe.each(engines)("HTTP on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let drop: () => Promise<void>
  const logs: string[] = []

  beforeAll(async () => {
    ;({ db, drop } = await engine.create("migrated"))
    await seed(db)
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk))
        done()
      },
    })
    // Production mode without the product's articles: loading them (their own tests do) would add half a minute.
    app = await buildApp({
      config: loadConfig({ LOG_LEVEL: "info", PRODUCT_CONTENT: "false" }),
      db,
      pages: "built",
      logStream,
    })
  })
  afterAll(async () => {
    await app.close()
    await drop()
  })

  it("reports a healthy database on /healthz", async () => {
    const response = await app.inject("/healthz")
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: "ok", database: "up", engine: engine.name })
  })

  it("answers unknown API paths with the JSON error envelope", async () => {
    for (const [method, url] of [
      ["GET", "/api/nope"],
      ["POST", "/api/v1/nothing/here?x=1"],
    ] as const) {
      const response = await app.inject({ method, url })
      expect(response.statusCode).toBe(404)
      expect(response.headers["content-type"]).toMatch(/^application\/json/)
      expect(response.json()).toEqual({
        error: { code: "NOT_FOUND", message: `No API endpoint ${method} ${url.split("?")[0]}` },
      })
    }
  })

  it("lists the seeded captcha types", async () => {
    const response = await app.inject("/api/v1/captcha-types")
    expect(response.statusCode).toBe(200)
    const types = response.json() as { code: string; kind: string; deadlineSeconds: number }[]
    expect(types).toHaveLength(42)
    expect(types[0]).toEqual({ code: "ImageToTextTask", kind: "image", deadlineSeconds: 90 })
    expect(types.find((type) => type.code === "RecaptchaV2Task")).toMatchObject({
      kind: "token",
      deadlineSeconds: 300,
    })
  })

  it("server-renders the home page with its initial state and preloaded data", async () => {
    const response = await app.inject({ url: "/", headers: { host: "manyhands.test:8443" } })
    expect(response.statusCode).toBe(200)
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8")
    const html = response.body
    expect(html).toContain('<html lang="en"')
    expect(html).toContain("<title>Manyhands — captcha solving by real people")
    expect(html).toMatch(/<h1[^>]*>(<span[^>]*>)?Real people solve your captchas in seconds(<\/span>)?<\/h1>/)
    expect(html).toContain("Cloudflare Turnstile") // from the database, through the data hook
    const state = initialState(html)
    expect(state.host).toBe("manyhands.test:8443")
    expect(state.language).toBe("en")
    expect(state.languages).toHaveLength(15)
    expect(state.user).toBeNull()
    // Only the namespaces this page needs, in its language.
    expect(Object.keys(state.translations).sort()).toEqual(["common", "home"])
    expect(state.translations.home).toMatchObject({
      hero: { title: "Real people solve your captchas in seconds" },
    })
    expect(state.data["/api/v1/captcha-types"]).toHaveLength(42)
  })

  it("renders Russian under /ru with Russian translations", async () => {
    const response = await app.inject("/ru/about")
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<html lang="ru"')
    expect(response.body).toMatch(/<h1[^>]*>(<span[^>]*>)?О Manyhands(<\/span>)?<\/h1>/)
    const state = initialState(response.body)
    expect(state.language).toBe("ru")
    expect(state.translations.common).toMatchObject({ nav: { about: "О нас" } })
  })

  it("redirects /main permanently and the English prefix temporarily, keeping the query", async () => {
    const main = await app.inject("/main")
    expect(main.statusCode).toBe(301)
    expect(main.headers.location).toBe("/")
    const english = await app.inject("/en/about?utm_source=mail")
    expect(english.statusCode).toBe(302)
    expect(english.headers.location).toBe("/about?utm_source=mail")
  })

  it("renders the catch-all screen with HTTP 404 for unknown pages", async () => {
    for (const url of ["/x-y-z", "/xx/about", "/ru/no-such-page"]) {
      const response = await app.inject(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8")
      expect(response.body).toMatch(/This page does not exist|Такой страницы нет/)
    }
  })

  it("renders every form with method=post, and sends a form posted before its script back to its page", async () => {
    for (const url of ["/auth/login", "/auth/register", "/auth/remind"]) {
      const page = (await app.inject(url)).body
      const forms = page.match(/<form\b[^>]*>/g) ?? []
      expect(forms.length, url).toBeGreaterThan(0)
      for (const form of forms) expect(form, url).toContain('method="post"')
    }
    const posted = await app.inject({
      method: "POST",
      url: "/auth/login?return_to=%2Fcabinet",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "email=ada%40example.com&password=secret+words",
    })
    expect(posted.statusCode).toBe(303)
    expect(posted.headers.location).toBe("/auth/login?return_to=%2Fcabinet")
    expect(posted.headers.location).not.toContain("secret")
    // Never to another site.
    const sneaky = await app.inject({
      method: "POST",
      url: "//evil.example/x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "a=b",
    })
    expect(sneaky.headers.location).toBe("/evil.example/x")
    // The API keeps its own answers.
    expect(
      (await app.inject({ method: "POST", url: "/api/v2/nothing-here", payload: {} })).statusCode,
    ).not.toBe(303)
  })

  it("gives each new browser a CSRF token: an HttpOnly cookie and the same value in the page", async () => {
    const response = await app.inject("/about")
    const cookie = response.cookies.find((c) => c.name === "mh_csrf")
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" })
    expect(initialState(response.body)).toMatchObject({ csrfToken: cookie?.value, session: false })
    const again = await app.inject({ url: "/about", headers: { cookie: `mh_csrf=${cookie?.value}` } })
    expect(again.cookies.find((c) => c.name === "mh_csrf")).toBeUndefined()
  })

  it("serves one namespace for client navigations, and 404 for unknown ones", async () => {
    const response = await app.inject("/locales/ru/about.json")
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ title: "О Manyhands" })
    expect((await app.inject("/locales/ru/nope.json")).statusCode).toBe(404)
    expect((await app.inject("/locales/xx/about.json")).statusCode).toBe(404)
  })

  it("serves the Russian site on its host, and a sitemap and robots.txt per site", async () => {
    const config = loadConfig({
      LOG_LEVEL: "silent",
      SITE_ORIGIN_RU: "https://manyhands.ru",
      PRODUCT_CONTENT: "false",
    })
    const site = await buildApp({ config, db, pages: "built" })
    const page = await site.inject({ url: "/about", headers: { host: "manyhands.ru" } })
    expect(page.body).toContain('<html lang="ru"')
    expect(page.body).toContain('<link rel="canonical" href="https://manyhands.ru/about">')
    const sitemap = await site.inject({ url: "/sitemap.xml", headers: { host: "manyhands.ru" } })
    expect(sitemap.headers["content-type"]).toBe("application/xml; charset=utf-8")
    expect(sitemap.body).toContain("<loc>https://manyhands.ru/about</loc>")
    expect(sitemap.body).not.toContain("<loc>http://localhost")
    const robots = await site.inject({ url: "/robots.txt", headers: { host: "manyhands.ru" } })
    expect(robots.body).toContain("Disallow: /api/")
    expect(robots.body).toContain("Sitemap: https://manyhands.ru/sitemap.xml")
    // No rule may hide a public page (robots rules are prefixes; "$" anchors the end).
    const rules = robots.body
      .split("\n")
      .filter((line) => line.startsWith("Disallow: "))
      .map((line) => line.slice("Disallow: ".length))
    const hidden = (path: string) =>
      rules.some((rule) => (rule.endsWith("$") ? path === rule.slice(0, -1) : path.startsWith(rule)))
    for (const path of [
      "/payment-policy",
      "/privacy-policy",
      "/partners-program",
      "/proxy/residential",
      "/about",
    ])
      expect(hidden(path), path).toBe(false)
    for (const path of ["/pay", "/pay/history_payment", "/cabinet/training", "/api/v2/user", "/auth/login"])
      expect(hidden(path), path).toBe(true)
    await site.close()
  })

  it("sends security headers, with the CSP nonce on the inline hydration script", async () => {
    const response = await app.inject("/about")
    const csp = String(response.headers["content-security-policy"])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    const nonce = csp.match(/script-src 'self' 'nonce-([^']+)'/)?.[1]
    expect(nonce).toBeTruthy()
    expect(response.body).toContain(`nonce="${nonce}"`)
    expect(response.headers["x-content-type-options"]).toBe("nosniff")
    expect(response.headers["referrer-policy"]).toBe("no-referrer")
    // Each response has nonces of its own (the headers' middleware is made once, the nonces per response).
    const next = await app.inject("/about")
    const nextNonce = String(next.headers["content-security-policy"]).match(
      /script-src 'self' 'nonce-([^']+)'/,
    )?.[1]
    expect(nextNonce).toMatch(/^[0-9a-f]{32}$/)
    expect(nextNonce).not.toBe(nonce)
    expect(next.body).toContain(`nonce="${nextNonce}"`)
    // An API answer has the same headers.
    const api = await app.inject("/res.php?action=getbalance&key=nope")
    expect(String(api.headers["content-security-policy"])).toContain("frame-ancestors 'none'")
    expect(api.headers["x-content-type-options"]).toBe("nosniff")
  })

  it("serves hashed assets compressed with a one-year immutable cache", async () => {
    const html = (await app.inject("/")).body
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1]
    expect(script).toBeTruthy()
    // Compressed at build time (app/vite.config.ts): brotli for a client that takes it, else gzip, else as it is;
    // the same program each way.
    const bodies = new Map<string, string>()
    for (const encoding of ["br", "gzip", "identity"]) {
      const response = await app.inject({ url: script as string, headers: { "accept-encoding": encoding } })
      expect(response.statusCode).toBe(200)
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
      expect(response.headers["content-encoding"] ?? "identity", encoding).toBe(encoding)
      const raw = response.rawPayload
      bodies.set(
        encoding,
        (encoding === "br"
          ? brotliDecompressSync(raw)
          : encoding === "gzip"
            ? gunzipSync(raw)
            : raw
        ).toString(),
      )
    }
    expect(bodies.get("br")).toBe(bodies.get("identity"))
    expect(bodies.get("gzip")).toBe(bodies.get("identity"))
  })

  it("keeps API keys and cookies out of the logs", async () => {
    await app.inject({
      url: "/api/nope?key=sk_live_abcdef123456&id=7",
      headers: { cookie: "session=s3cr3t" },
    })
    const text = logs.join("")
    expect(text).toContain("/api/nope?key=%5Bredacted%5D&id=7")
    expect(text).not.toContain("sk_live_abcdef123456")
    expect(text).not.toContain("s3cr3t")
  })

  it("reports a database that stopped answering as 503", async () => {
    const { db: doomed, drop: dropDoomed } = await engine.create()
    const lonely = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db: doomed, pages: "none" })
    await dropDoomed()
    const response = await lonely.inject("/healthz")
    expect(response.statusCode).toBe(503)
    expect(response.json()).toMatchObject({ status: "error", database: "down" })
    await lonely.close()
  })
})
