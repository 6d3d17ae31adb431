import { randomBytes } from "node:crypto"
import { Readable } from "node:stream"
import { crc32 } from "node:zlib"
import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  MAX_ATTACHMENT_BYTES,
  attachmentMarkdown,
  mediaPath,
  type Attachment,
  type AttachmentList,
} from "@manyhands/contract/attachments"
import { detectImageType, etagMatches, variantWidths } from "../src/modules/content/attachments"
import { CSRF, testBrowser, type TestBrowser } from "./browser"
import { engines } from "./databases"
import { filePart, form, picture, type Part } from "./multipart"
import { startTestApp } from "./test-app"

/*
 * Editors' pictures (contract/src/attachments.ts) through HTTP on a migrated database of each engine: moderators
 * and admins upload, list, describe, replace and delete pictures; their WebP copies are public at /media/ with
 * cache headers; files are judged by their bytes, and everyone else is kept out.
 */

const BASE = "/api/v1/editor/articles/attachments"

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; message: string; details?: { field: string }[] } }>().error

/** A PNG whose header claims `width` × `height` (its CRC right): what a decompression bomb looks like. */
async function pngClaiming(width: number, height: number) {
  const png = Buffer.from(await picture(1, 1, "png"))
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
  return png
}

describe("attachments' pure parts", () => {
  it("recognises pictures by their first bytes only", async () => {
    expect(detectImageType(await picture(2, 2, "png"))).toBe("image/png")
    expect(detectImageType(await picture(2, 2, "jpeg"))).toBe("image/jpeg")
    expect(detectImageType(await picture(2, 2, "gif"))).toBe("image/gif")
    expect(detectImageType(await picture(2, 2, "webp"))).toBe("image/webp")
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(detectImageType(Buffer.from("RIFF0000WAVE"))).toBeNull()
    expect(detectImageType(Buffer.alloc(0))).toBeNull()
  })

  it("makes copies at the widths that fit, or the picture's own", () => {
    expect(variantWidths(3000)).toEqual([480, 960, 1600])
    expect(variantWidths(1600)).toEqual([480, 960, 1600])
    expect(variantWidths(1200)).toEqual([480, 960])
    expect(variantWidths(480)).toEqual([480])
    expect(variantWidths(300)).toEqual([300])
  })

  it("writes Markdown with the alternative text escaped, and compares ETags", () => {
    expect(attachmentMarkdown("A [bold]\nclaim *here*", "/media/1/x.webp")).toBe(
      "![A \\[bold\\] claim \\*here\\*](/media/1/x.webp)",
    )
    expect(attachmentMarkdown("", "/media/1/x.webp")).toBe("![](/media/1/x.webp)")
    expect(mediaPath("7", "0123456789abcdef", 480)).toBe("/media/7/0123456789abcdef-480.webp")
    expect(etagMatches('"a-1"', '"a-1"')).toBe(true)
    expect(etagMatches('W/"a-1", "b-2"', '"a-1"')).toBe(true)
    expect(etagMatches("*", '"a-1"')).toBe(true)
    expect(etagMatches('"a-2"', '"a-1"')).toBe(false)
    expect(etagMatches(undefined, '"a-1"')).toBe(false)
  })
})

describe.each(engines)("content attachments on $name", (engine) => {
  let app: FastifyInstance
  let stop: () => Promise<void>
  let admin: TestBrowser
  let moderator: TestBrowser
  let customer: TestBrowser
  let visitor: TestBrowser
  let moderatorId: string
  const addresses = new Map<TestBrowser, string>()

  beforeAll(async () => {
    let db
    // With the server-rendered pages, so that /media/ is seen not to fall through to them.
    ;({ app, db, stop } = await startTestApp(engine, { pages: "built" }))
    admin = testBrowser(app, { ip: "10.23.0.1" })
    moderator = testBrowser(app, { ip: "10.23.0.2" })
    customer = testBrowser(app, { ip: "10.23.0.3" })
    visitor = testBrowser(app, { ip: "10.23.0.4" })
    for (const [index, browser] of [admin, moderator, customer, visitor].entries())
      addresses.set(browser, `10.23.0.${index + 1}`)
    expect((await admin.signIn("admin@demo.manyhands.dev")).statusCode).toBe(200)
    expect((await moderator.signIn("moderator@demo.manyhands.dev")).statusCode).toBe(200)
    expect((await customer.signIn("customer@demo.manyhands.dev")).statusCode).toBe(200)
    const { rows } = await db.query<{ id: string }>("SELECT id::text FROM users WHERE email = $1", [
      "moderator@demo.manyhands.dev",
    ])
    moderatorId = rows[0]!.id
  })
  afterAll(() => stop?.())

  /** Sends a form as `as` (its cookies, CSRF token and address). */
  function sendForm(as: TestBrowser, method: "PUT" | "POST", url: string, parts: Part[]) {
    const { payload, contentType } = form(parts)
    return app.inject({
      method,
      url,
      payload,
      remoteAddress: addresses.get(as),
      headers: {
        cookie: [...as.jar].map(([name, value]) => `${name}=${value}`).join("; "),
        "x-csrf-token": CSRF,
        "content-type": contentType,
      },
    })
  }

  async function upload(parts: Part[], as = moderator): Promise<Attachment> {
    const response = await sendForm(as, "PUT", BASE, parts)
    expect(response.statusCode, response.body).toBe(201)
    return response.json<Attachment>()
  }

  const media = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers })

  it("turns a PNG into WebP copies at the widths that fit, served for good with an ETag", async () => {
    const png = await picture(1200, 800, "png")
    const attachment = await upload([
      filePart(png, "Diagram.png", "image/png"),
      { name: "alt", value: " Flow " },
    ])
    const { id } = attachment
    const hash = attachment.url.match(/\/([0-9a-f]{16})-960\.webp$/)?.[1]
    expect(hash, attachment.url).toBeDefined()
    expect(attachment).toEqual({
      id: expect.stringMatching(/^[0-9]+$/),
      fileName: "Diagram.png",
      contentType: "image/webp",
      originalType: "image/png",
      bytes: expect.any(Number),
      width: 960,
      height: 640,
      alt: "Flow",
      url: `/media/${id}/${hash}-960.webp`,
      variants: [
        { width: 480, url: `/media/${id}/${hash}-480.webp` },
        { width: 960, url: `/media/${id}/${hash}-960.webp` },
      ],
      markdown: `![Flow](/media/${id}/${hash}-960.webp)`,
      uploadedBy: expect.objectContaining({ id: moderatorId }),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })

    const served = await media(attachment.url)
    expect(served.statusCode).toBe(200)
    expect(served.headers["content-type"]).toBe("image/webp")
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
    expect(served.headers["x-content-type-options"]).toBe("nosniff")
    expect(served.headers.etag).toBe(`"${hash}-960"`)
    expect(served.rawPayload.length).toBe(attachment.bytes)
    const metadata = await sharp(served.rawPayload).metadata()
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 960, 640])

    const small = await media(attachment.variants[0]!.url)
    expect((await sharp(small.rawPayload).metadata()).width).toBe(480)

    const again = await media(attachment.url, { "if-none-match": served.headers.etag as string })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    expect(again.headers.etag).toBe(`"${hash}-960"`)
    expect((await media(attachment.url, { "if-none-match": '"0000000000000000-960"' })).statusCode).toBe(200)

    // Nothing else under /media/ is anything but a 404, never a page of the app (which renders other paths).
    for (const url of [
      `/media/${id}/${hash}-1600.webp`,
      `/media/${id}/0000000000000000-960.webp`,
      `/media/${id}/${hash}-960.png`,
      `/media/${Number(id) + 1000}/${hash}-960.webp`,
      `/media/99999999999999999999/${hash}-960.webp`,
      `/media/${id}`,
      "/media/",
      `/media/${id}/${hash}-960.webp/more`,
    ]) {
      const missing = await media(url)
      expect([url, missing.statusCode]).toEqual([url, 404])
      expect(missing.headers["content-type"]).toMatch(/^application\/json/)
    }
    expect((await media("/media-kit")).headers["content-type"]).toMatch(/^text\/html/)
  })

  it("turns a JPEG upright by its EXIF orientation and strips its metadata", async () => {
    // 2000 × 1000 stored, shown turned a quarter clockwise: 1000 × 2000.
    const jpeg = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: { r: 10, g: 120, b: 200 } },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: "Manyhands test", Artist: "A photographer" } })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const original = await sharp(jpeg).metadata()
    expect([original.orientation, Boolean(original.exif)]).toEqual([6, true])

    const attachment = await upload([filePart(jpeg, "C:\\Photos\\holiday.jpg", "image/jpeg")], admin)
    expect(attachment).toMatchObject({
      fileName: "holiday.jpg",
      originalType: "image/jpeg",
      width: 960,
      height: 1920,
      alt: "",
      uploadedBy: { id: expect.any(String) },
    })
    expect(attachment.variants.map((variant) => variant.width)).toEqual([480, 960])
    expect(attachment.markdown).toBe(`![](${attachment.url})`)
    for (const variant of attachment.variants) {
      const served = await media(variant.url)
      expect(served.statusCode).toBe(200)
      const metadata = await sharp(served.rawPayload).metadata()
      expect(metadata).toMatchObject({ format: "webp", width: variant.width, height: variant.width * 2 })
      expect(metadata.exif).toBeUndefined()
      expect(metadata.orientation).toBeUndefined()
      expect(metadata.xmp).toBeUndefined()
      expect(metadata.iptc).toBeUndefined()
      expect(metadata.icc).toBeUndefined()
      expect(served.rawPayload.includes("Manyhands test")).toBe(false)
    }
  })

  it("keeps small pictures at their own width, and an animated GIF's first frame", async () => {
    const small = await upload([filePart(await picture(300, 200, "webp"), "tiny.webp", "image/webp")])
    expect(small).toMatchObject({ originalType: "image/webp", width: 300, height: 200 })
    expect(small.variants.map((variant) => variant.width)).toEqual([300])

    const frames = await Promise.all(
      [0, 1, 2].map((index) =>
        sharp({
          create: { width: 200, height: 100, channels: 3, background: { r: index * 100, g: 0, b: 0 } },
        })
          .png()
          .toBuffer(),
      ),
    )
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer()
    expect((await sharp(gif).metadata()).pages).toBe(3)
    const animated = await upload([filePart(gif, "spinner.gif", "image/gif")])
    expect(animated).toMatchObject({ originalType: "image/gif", width: 200, height: 100 })
    const served = await sharp((await media(animated.url)).rawPayload).metadata()
    expect([served.format, served.width, served.height, served.pages ?? 1]).toEqual(["webp", 200, 100, 1])
  })

  it("judges a file by its bytes: SVG, text and other files are refused whatever their name", async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
        "<script>alert(1)</script></svg>",
    )
    const refused: [string, Part][] = [
      ["svg", filePart(svg, "logo.svg", "image/svg+xml")],
      ["svg renamed", filePart(svg, "logo.png", "image/png")],
      ["bare svg", filePart(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), "a.gif", "image/gif")],
      ["text", filePart(Buffer.from("Just some words, not a picture.\n"), "photo.jpg", "image/jpeg")],
      ["pdf", filePart(Buffer.from("%PDF-1.7\n%âãÏÓ\n"), "scan.png", "image/png")],
      ["html", filePart(Buffer.from("<html><body>hi</body></html>"), "page.webp", "image/webp")],
    ]
    for (const [name, part] of refused) {
      const response = await sendForm(moderator, "PUT", BASE, [part])
      expect([name, response.statusCode, errorOf(response).code]).toEqual([
        name,
        415,
        "FILE_TYPE_NOT_ALLOWED",
      ])
      expect(errorOf(response).message).toBe("Upload a JPEG, PNG, GIF or WebP picture.")
      expect(errorOf(response).details).toEqual([{ field: "file", message: errorOf(response).message }])
    }
  })

  it("answers 422 for bytes that only look like a picture, or a picture too large to decode", async () => {
    const pngMagic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const truncated = (await picture(600, 400, "png")).subarray(0, 200)
    const unreadable: [string, Buffer][] = [
      ["garbage after the PNG magic", Buffer.concat([pngMagic, randomBytes(2000)])],
      ["a truncated PNG", Buffer.from(truncated)],
      ["a JPEG start only", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
      ["a picture over 12,000 pixels wide", await picture(12_001, 2, "png")],
      ["a header claiming 8,000 × 8,000 pixels", await pngClaiming(8000, 8000)],
    ]
    for (const [name, bytes] of unreadable) {
      const response = await sendForm(moderator, "PUT", BASE, [filePart(bytes, "picture.png", "image/png")])
      expect([name, response.statusCode, errorOf(response).code]).toEqual([name, 422, "IMAGE_UNREADABLE"])
    }
  })

  it("refuses files over 10 MiB with 413", async () => {
    const large = Buffer.concat([await picture(10, 10, "png"), Buffer.alloc(MAX_ATTACHMENT_BYTES)])
    const response = await sendForm(moderator, "PUT", BASE, [filePart(large, "huge.png", "image/png")])
    expect([response.statusCode, errorOf(response).code]).toEqual([413, "FILE_TOO_LARGE"])
    const replaced = await sendForm(moderator, "POST", `${BASE}/1`, [
      filePart(large, "huge.png", "image/png"),
    ])
    expect([replaced.statusCode, errorOf(replaced).code]).toEqual([413, "FILE_TOO_LARGE"])
    // Sent without a length (chunked): the file is cut off as it arrives.
    const { payload, contentType } = form([filePart(large, "huge.png", "image/png")])
    const streamed = await app.inject({
      method: "PUT",
      url: BASE,
      payload: Readable.from([payload.subarray(0, 1000), payload.subarray(1000)]),
      remoteAddress: addresses.get(moderator),
      headers: {
        cookie: [...moderator.jar].map(([name, value]) => `${name}=${value}`).join("; "),
        "x-csrf-token": CSRF,
        "content-type": contentType,
        "transfer-encoding": "chunked",
      },
    })
    expect(streamed.raw.req.headers["content-length"]).toBeUndefined()
    expect([streamed.statusCode, errorOf(streamed).code]).toEqual([413, "FILE_TOO_LARGE"])
  })

  it("answers a form that is not well made with 400 VALIDATION_FAILED, never a 5xx", async () => {
    const png = await picture(20, 20, "png")
    const cases: [string, Part[]][] = [
      ["no file", [{ name: "alt", value: "A picture" }]],
      ["nothing", []],
      ["an empty file", [filePart(Buffer.alloc(0), "empty.png", "image/png")]],
      ["an empty file input", [filePart(Buffer.alloc(0), "", "application/octet-stream")]],
      ["two files", [filePart(png, "a.png", "image/png"), filePart(png, "b.png", "image/png")]],
      ["file as text", [{ name: "file", value: "not a file" }]],
      ["another part", [filePart(png, "a.png", "image/png"), { name: "title", value: "x" }]],
      ["the file under another name", [{ name: "image", file: png, filename: "a.png", type: "image/png" }]],
      ["a long alt", [filePart(png, "a.png", "image/png"), { name: "alt", value: "x".repeat(301) }]],
      [
        "alt twice",
        [filePart(png, "a.png", "image/png"), { name: "alt", value: "a" }, { name: "alt", value: "b" }],
      ],
      ["alt with NUL", [filePart(png, "a.png", "image/png"), { name: "alt", value: "a\u0000b" }]],
    ]
    for (const [name, parts] of cases) {
      const response = await sendForm(moderator, "PUT", BASE, parts)
      expect([name, response.statusCode, errorOf(response).code]).toEqual([name, 400, "VALIDATION_FAILED"])
    }
    const replaceWithAlt = await sendForm(moderator, "POST", `${BASE}/1`, [
      filePart(png, "a.png", "image/png"),
      { name: "alt", value: "x" },
    ])
    expect([replaceWithAlt.statusCode, errorOf(replaceWithAlt).code]).toEqual([400, "VALIDATION_FAILED"])

    // Not a form at all: JSON, a raw picture, a multipart body without its boundary or cut short.
    const json = await moderator.send("PUT", BASE, { file: "x" })
    expect([json.statusCode, errorOf(json).code]).toEqual([400, "VALIDATION_FAILED"])
    const headers = {
      cookie: [...moderator.jar].map(([name, value]) => `${name}=${value}`).join("; "),
      "x-csrf-token": CSRF,
    }
    const raw = await app.inject({
      method: "PUT",
      url: BASE,
      payload: png,
      headers: { ...headers, "content-type": "image/png" },
    })
    expect([raw.statusCode, errorOf(raw).code]).toEqual([400, "VALIDATION_FAILED"])
    const noBoundary = await app.inject({
      method: "PUT",
      url: BASE,
      payload: "x",
      headers: { ...headers, "content-type": "multipart/form-data" },
    })
    expect([noBoundary.statusCode, errorOf(noBoundary).code]).toEqual([400, "VALIDATION_FAILED"])
    const { payload, contentType } = form([filePart(png, "a.png", "image/png")])
    const cut = await app.inject({
      method: "PUT",
      url: BASE,
      payload: payload.subarray(0, payload.length - 30),
      headers: { ...headers, "content-type": contentType },
    })
    expect([cut.statusCode, errorOf(cut).code]).toEqual([400, "VALIDATION_FAILED"])
  })

  it("keeps customers and visitors out of every attachments API", async () => {
    const png = await picture(20, 20, "png")
    const json: [string, string, object?][] = [
      ["GET", BASE],
      ["GET", `${BASE}/1`],
      ["PUT", `${BASE}/1`, { alt: "x" }],
      ["DELETE", `${BASE}/1`],
    ]
    const forms: ["PUT" | "POST", string][] = [
      ["PUT", BASE],
      ["POST", `${BASE}/1`],
    ]
    for (const [as, status, code] of [
      [customer, 403, "FORBIDDEN"],
      [visitor, 401, "NOT_SIGNED_IN"],
    ] as const) {
      for (const [method, url, body] of json) {
        const response = await as.send(method as "GET", url, body)
        expect([method, url, response.statusCode, errorOf(response).code]).toEqual([
          method,
          url,
          status,
          code,
        ])
      }
      for (const [method, url] of forms) {
        const response = await sendForm(as, method, url, [filePart(png, "a.png", "image/png")])
        expect([method, url, response.statusCode, errorOf(response).code]).toEqual([
          method,
          url,
          status,
          code,
        ])
      }
    }
    // Without the page's CSRF token, even an editor's upload is refused.
    const { payload, contentType } = form([filePart(png, "a.png", "image/png")])
    const forged = await app.inject({
      method: "PUT",
      url: BASE,
      payload,
      headers: {
        cookie: [...moderator.jar].map(([name, value]) => `${name}=${value}`).join("; "),
        "content-type": contentType,
      },
    })
    expect([forged.statusCode, errorOf(forged).code]).toEqual([403, "CSRF_TOKEN_INVALID"])
  })

  it("lists newest first with search, changes the alt, replaces the file and deletes", async () => {
    const first = await upload([
      filePart(await picture(500, 500, "png"), "queue-chart.png", "image/png"),
      { name: "alt", value: "The task queue over a day" },
    ])
    const second = await upload([
      filePart(await picture(700, 350, "jpeg"), "payouts.jpg", "image/jpeg"),
      { name: "alt", value: "Payout [methods]" },
    ])

    const list = await admin.get(`${BASE}?pageSize=2`)
    expect(list.statusCode).toBe(200)
    const page = list.json<AttachmentList>()
    expect(page.items.map((item) => item.id)).toEqual([second.id, first.id])
    expect(page).toMatchObject({ page: 1, pageSize: 2 })
    expect(page.total).toBeGreaterThanOrEqual(2)
    const byName = (await admin.get(`${BASE}?q=QUEUE-chart`)).json<AttachmentList>()
    expect(byName.items.map((item) => item.id)).toEqual([first.id])
    const byAlt = (await admin.get(`${BASE}?q=${encodeURIComponent("[methods]")}`)).json<AttachmentList>()
    expect(byAlt.items.map((item) => item.id)).toEqual([second.id])
    expect(byAlt.total).toBe(1)
    const none = (await admin.get(`${BASE}?q=${encodeURIComponent("100%_")}`)).json<AttachmentList>()
    expect([none.items, none.total]).toEqual([[], 0])
    expect(second.markdown).toBe(`![Payout \\[methods\\]](${second.url})`)

    const got = await moderator.get(`${BASE}/${first.id}`)
    expect(got.json()).toEqual(first)

    const described = await admin.send("PUT", `${BASE}/${first.id}`, { alt: "  Tasks per hour  " })
    expect(described.statusCode, described.body).toBe(200)
    expect(described.json<Attachment>()).toEqual({
      ...first,
      alt: "Tasks per hour",
      markdown: `![Tasks per hour](${first.url})`,
    })
    const tooLong = await admin.send("PUT", `${BASE}/${first.id}`, { alt: "x".repeat(301) })
    expect([tooLong.statusCode, errorOf(tooLong).code]).toEqual([400, "VALIDATION_FAILED"])
    const unknownField = await admin.send("PUT", `${BASE}/${first.id}`, { alt: "x", title: "y" })
    expect([unknownField.statusCode, errorOf(unknownField).code]).toEqual([400, "VALIDATION_FAILED"])

    // A new file: same id and alt, new copies at new addresses; the old ones are gone.
    const replacedResponse = await sendForm(admin, "POST", `${BASE}/${first.id}`, [
      filePart(await picture(2000, 1000, "gif"), "queue-chart-v2.gif", "image/gif"),
    ])
    expect(replacedResponse.statusCode, replacedResponse.body).toBe(200)
    const replaced = replacedResponse.json<Attachment>()
    expect(replaced).toMatchObject({
      id: first.id,
      alt: "Tasks per hour",
      fileName: "queue-chart-v2.gif",
      originalType: "image/gif",
      width: 1600,
      height: 800,
      createdAt: first.createdAt,
    })
    expect(replaced.variants.map((variant) => variant.width)).toEqual([480, 960, 1600])
    expect(replaced.url).not.toBe(first.url)
    expect((await media(first.url)).statusCode).toBe(404)
    for (const variant of first.variants) expect((await media(variant.url)).statusCode).toBe(404)
    expect((await media(replaced.url)).statusCode).toBe(200)
    const refusedReplacement = await sendForm(admin, "POST", `${BASE}/${first.id}`, [
      filePart(Buffer.from("<svg/>"), "x.png", "image/png"),
    ])
    expect([refusedReplacement.statusCode, errorOf(refusedReplacement).code]).toEqual([
      415,
      "FILE_TYPE_NOT_ALLOWED",
    ])
    expect((await media(replaced.url)).statusCode).toBe(200)

    const removed = await moderator.send("DELETE", `${BASE}/${first.id}`)
    expect(removed.statusCode).toBe(204)
    for (const variant of replaced.variants) expect((await media(variant.url)).statusCode).toBe(404)
    const after = (await admin.get(`${BASE}?pageSize=100`)).json<AttachmentList>()
    expect(after.items.map((item) => item.id)).not.toContain(first.id)

    // Gone, or never there: 404 ATTACHMENT_NOT_FOUND from every endpoint.
    const png = await picture(20, 20, "png")
    for (const response of [
      await admin.get(`${BASE}/${first.id}`),
      await admin.send("PUT", `${BASE}/${first.id}`, { alt: "x" }),
      await admin.send("DELETE", `${BASE}/${first.id}`),
      await sendForm(admin, "POST", `${BASE}/${first.id}`, [filePart(png, "a.png", "image/png")]),
      await admin.get(`${BASE}/999999999999`),
    ])
      expect([response.statusCode, errorOf(response).code]).toEqual([404, "ATTACHMENT_NOT_FOUND"])
    const badId = await admin.get(`${BASE}/abc`)
    expect([badId.statusCode, errorOf(badId).code]).toEqual([400, "VALIDATION_FAILED"])
  })
})
