import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { gunzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildApp } from "../src/app"
import { loadConfig } from "../src/config"
import type { Database } from "../src/db/database"
import { Content } from "../src/modules/content/content"
import { ENGLISH_CALLOUT_TITLES } from "../src/modules/content/render"
import { createSession } from "../src/modules/session/store"
import { acceptsGzip, PageCache } from "../src/ssr/page-cache"
import { engines } from "./databases"

describe("PageCache", () => {
  const page = (html: string) => ({ status: 200, html })
  const values = { nonce: "n", styleNonce: "s", csrfToken: "t" }

  it("keeps pages until their time is up, and drops the least recently used past its size", () => {
    let now = 0
    // A 4-character page takes its 4 bytes (and its deflated bytes once asked for gzip): two fit, three do not.
    const one = new PageCache({ ttlMs: 1000, maxBytes: 1000 })
    one.set("a", page("aaaa"), one.generation)
    const size = one.storedBytes
    const cache = new PageCache({ ttlMs: 1000, maxBytes: 2 * size + 1, now: () => now })
    const html = (key: string) => {
      const kept = cache.get(key)
      return kept && PageCache.body(kept, values).toString()
    }
    cache.set("a", page("aaaa"), cache.generation)
    cache.set("b", page("bbbb"), cache.generation)
    expect(html("a")).toBe("aaaa") // a is now the most recently used
    cache.set("c", page("cccc"), cache.generation) // three pages: b goes
    expect([html("a"), html("b"), html("c")]).toEqual(["aaaa", undefined, "cccc"])
    expect(cache.storedBytes).toBe(2 * size)
    now = 999
    expect(html("a")).toBe("aaaa")
    now = 1000
    expect(cache.get("a")).toBeUndefined()
    expect(cache.storedBytes).toBe(size)
    cache.set("big", page("x".repeat(2 * size + 2)), cache.generation)
    expect(cache.get("big")).toBeUndefined()
  })

  it("holds no more memory for a page than the bytes it counts against its size", () => {
    const cache = new PageCache({ ttlMs: 1000, maxBytes: 1_000_000 })
    const { nonce, styleNonce, csrfToken } = cache.placeholders
    // Short parts between the placeholders: made alone, each would sit in a larger block (Node's buffer pool, zlib's
    // output chunk) that the page would hold.
    cache.set("a", page(`<p>${nonce}</p><i>${styleNonce}</i><b>${csrfToken}</b>`), cache.generation)
    const kept = cache.get("a")!
    expect(gunzipSync(cache.gzipBody(kept, values)).toString()).toBe("<p>n</p><i>s</i><b>t</b>")
    // The parts in one block, their deflated copies in another, each exactly as large as its buffers.
    const blocks = [kept.parts, kept.deflated!].map((buffers) => new Set(buffers.map((part) => part.buffer)))
    expect(blocks.map((block) => block.size)).toEqual([1, 1])
    const blockBytes = blocks.reduce((sum, block) => sum + [...block][0]!.byteLength, 0)
    expect(blockBytes).toBe(kept.bytes)
    expect(cache.storedBytes).toBe(kept.bytes)
    expect(PageCache.body(kept, values).toString()).toBe("<p>n</p><i>s</i><b>t</b>")
  })

  it("deflates a kept page once, when the first response that takes gzip asks, and counts those bytes", () => {
    const cache = new PageCache({ ttlMs: 1000, maxBytes: 1_000_000 })
    const html = `<main>${"a captcha solved ".repeat(200)}<i>${cache.placeholders.nonce}</i></main>`
    const kept = cache.set("a", page(html), cache.generation)!
    // Kept without compressing: only the parts are counted.
    expect(kept.deflated).toBeUndefined()
    expect(cache.storedBytes).toBe(Buffer.byteLength(html) - cache.placeholders.nonce.length)
    const first = cache.gzipBody(kept, values)
    const deflated = kept.deflated!
    expect(deflated).toHaveLength(2)
    const deflatedBytes = deflated.reduce((sum, part) => sum + part.length, 0)
    expect(cache.storedBytes).toBe(Buffer.byteLength(html) - cache.placeholders.nonce.length + deflatedBytes)
    // The next response joins the same deflated parts: nothing is compressed again.
    const second = cache.gzipBody(cache.get("a")!, { ...values, nonce: "m" })
    expect(kept.deflated).toBe(deflated)
    expect(cache.storedBytes).toBe(kept.bytes)
    expect(gunzipSync(first).toString()).toBe(html.replace(cache.placeholders.nonce, "n"))
    expect(gunzipSync(second).toString()).toBe(html.replace(cache.placeholders.nonce, "m"))
    // A page dropped before its first gzip response is deflated for that response but not counted.
    const gone = cache.set("b", page("<p>gone</p>"), cache.generation)!
    cache.clear()
    expect(gunzipSync(cache.gzipBody(gone, values)).toString()).toBe("<p>gone</p>")
    expect(cache.storedBytes).toBe(0)
  })

  it("does not keep a page rendered before the cache was cleared", () => {
    const cache = new PageCache({ ttlMs: 1000, maxBytes: 100 })
    const before = cache.generation
    cache.set("a", page("old"), before)
    cache.clear()
    expect(cache.get("a")).toBeUndefined()
    cache.set("a", page("rendered from the data before the change"), before)
    expect(cache.get("a")).toBeUndefined()
    cache.set("a", page("new"), cache.generation)
    expect(PageCache.body(cache.get("a")!, values).toString()).toBe("new")
  })

  it("fills in each response's nonces and token", () => {
    const cache = new PageCache({ ttlMs: 1000, maxBytes: 10_000 })
    const { nonce, styleNonce, csrfToken } = cache.placeholders
    expect(new Set([nonce, styleNonce, csrfToken]).size).toBe(3)
    const html = `<script nonce="${nonce}"></script><x s="${styleNonce}" t="${csrfToken}" u="${nonce}">ü`
    const filled = `<script nonce="N1"></script><x s="S1" t="T$&1" u="N1">ü`
    const one = { nonce: "N1", styleNonce: "S1", csrfToken: "T$&1" }
    expect(cache.fillIn(html, one)).toBe(filled)
    cache.set("p", page(html), cache.generation)
    expect(PageCache.body(cache.get("p")!, one).toString()).toBe(filled)
    expect(PageCache.body(cache.get("p")!, { ...one, nonce: "N2" }).toString()).toBe(
      filled.replaceAll("N1", "N2"),
    )
    expect(gunzipSync(cache.gzipBody(cache.get("p")!, one)).toString()).toBe(filled)
  })

  it("gzips a kept page from its parts as gzip would, for any page and values", () => {
    const cache = new PageCache({ ttlMs: 1000, maxBytes: 10_000_000 })
    const { nonce, styleNonce, csrfToken } = cache.placeholders
    const text = "<p>Решение капчи — 验证码 — captcha</p>".repeat(2000)
    for (const html of [
      "",
      nonce,
      `${nonce}${csrfToken}`,
      `${text}<script nonce="${nonce}">${text}</script><s n="${styleNonce}">${text}${csrfToken}`,
    ]) {
      cache.set("p", page(html), cache.generation)
      const kept = cache.get("p")!
      const values = { nonce: "a".repeat(44), styleNonce: "Zm9v", csrfToken: "x-Y_z".repeat(9) }
      const plain = PageCache.body(kept, values)
      expect(gunzipSync(cache.gzipBody(kept, values)).equals(plain)).toBe(true)
      if (html.length > 10_000) expect(cache.gzipBody(kept, values).length).toBeLessThan(plain.length / 5)
    }
  })

  it("reads Accept-Encoding", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true)
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8, *;q=0.1")).toBe(true)
    expect(acceptsGzip("*")).toBe(true)
    expect(acceptsGzip("gzip;q=0, *")).toBe(false)
    expect(acceptsGzip("br, *;q=0")).toBe(false)
    expect(acceptsGzip("identity")).toBe(false)
    expect(acceptsGzip(undefined)).toBe(false)
  })
})

const nonceOf = (response: LightMyRequestResponse) =>
  /script-src [^;]*'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))?.[1]
const csrfCookieOf = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name === "mh_csrf")?.value

describe.each(engines)("anonymous pages kept rendered on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let drop: () => Promise<void>

  beforeAll(async () => {
    ;({ db, drop } = await engine.create("demo"))
    app = await buildApp({
      config: loadConfig({ LOG_LEVEL: "silent", PRODUCT_CONTENT: "false" }),
      db,
      pages: "built",
    })
  })
  afterAll(async () => {
    await app.close()
    await drop()
  })

  it("renders a page once for every visitor without a session, with each response's own nonce and token", async () => {
    const first = await app.inject("/about")
    const second = await app.inject("/about")
    expect([first.statusCode, second.statusCode]).toEqual([200, 200])
    expect([first.headers["x-page-cache"], second.headers["x-page-cache"]]).toEqual(["miss", "hit"])
    for (const response of [first, second]) {
      const nonce = nonceOf(response)!
      const token = csrfCookieOf(response)!
      expect(response.body).toContain(`nonce="${nonce}"`)
      expect(response.body).toContain(`"csrfToken":"${token}"`)
      expect(response.body).not.toMatch(/mhpc[0-9a-f]{24}/)
    }
    expect(nonceOf(first)).not.toBe(nonceOf(second))
    expect(csrfCookieOf(first)).not.toBe(csrfCookieOf(second))
    // The same page but for what the visitor's cookies change (a notice closed): rendered for them.
    const dismissed = await app.inject({ url: "/about", headers: { cookie: "foreigner_notice=dismissed" } })
    expect(dismissed.headers["x-page-cache"]).toBe("miss")
    // A browser's first visit (gzip taken) is answered from the page just kept, compressed once: no second encoder.
    const firstZipped = await app.inject({
      url: "/about?from=newsletter",
      headers: { "accept-encoding": "gzip, deflate, br" },
    })
    expect([firstZipped.headers["x-page-cache"], firstZipped.headers["content-encoding"]]).toEqual([
      "miss",
      "gzip",
    ])
    expect(firstZipped.headers.vary).toMatch(/accept-encoding/i)
    expect(gunzipSync(firstZipped.rawPayload).toString()).toContain(`nonce="${nonceOf(firstZipped)}"`)
    // As browsers ask: gzip, from the kept parts.
    const zipped = await app.inject({ url: "/about", headers: { "accept-encoding": "gzip, deflate, br" } })
    expect([zipped.headers["x-page-cache"], zipped.headers["content-encoding"]]).toEqual(["hit", "gzip"])
    expect(zipped.headers.vary).toMatch(/accept-encoding/i)
    const unzipped = gunzipSync(zipped.rawPayload).toString()
    expect(unzipped).toContain(`nonce="${nonceOf(zipped)}"`)
    expect(unzipped.replace(/nonce="[^"]+"|"(csrfToken|styleNonce)":"[^"]+"/g, "")).toBe(
      second.body.replace(/nonce="[^"]+"|"(csrfToken|styleNonce)":"[^"]+"/g, ""),
    )
  })

  it("never keeps a signed-in page", async () => {
    const { rows } = await db.query<{ id: string }>("SELECT id::text FROM users ORDER BY id LIMIT 1")
    const token = await createSession(db, rows[0]!.id)
    for (let n = 0; n < 2; n++) {
      const response = await app.inject({ url: "/about", headers: { cookie: `mh_session=${token}` } })
      expect(response.statusCode).toBe(200)
      expect(response.headers["x-page-cache"]).toBeUndefined()
    }
  })

  it("drops kept pages when an article changes, in this process before the change returns", async () => {
    const title = `Kept pages and fresh articles ${engine.name}`
    const before = await app.inject("/blog")
    expect(before.body).not.toContain(title)
    expect((await app.inject("/blog")).headers["x-page-cache"]).toBe("hit")

    const { rows } = await db.query<{ id: string }>("SELECT id::text FROM users ORDER BY id LIMIT 1")
    const content = new Content({ db, calloutTitles: () => ENGLISH_CALLOUT_TITLES })
    const article = await content.create("blog", rows[0]!.id, {
      language: "en",
      title,
      markdown: "Pages are kept; a change drops them.",
    })
    await db.query(
      "UPDATE article_translations SET status = 'published', published_at = now() WHERE article_id = $1",
      [article.id],
    )
    const after = await app.inject("/blog")
    expect(after.headers["x-page-cache"]).toBe("miss")
    expect(after.body).toContain(title)
  })

  it("keeps no page that is not there", async () => {
    for (let n = 0; n < 2; n++) {
      const response = await app.inject("/no-such-page-here")
      expect(response.statusCode).toBe(404)
      expect(response.headers["x-page-cache"]).toBe("miss")
    }
  })
})
