import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { FastifyInstance } from "fastify"
import { SMTPServer } from "smtp-server"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildApp, localesDir } from "../src/app"
import { loadConfig } from "../src/config"
import type { Database } from "../src/db/database"
import { renderMail } from "../src/modules/mail/mailer"
import { loadTranslations } from "../src/ssr/translations"
import { CSRF } from "./browser"
import { engines } from "./databases"

const csrfHeaders = { cookie: `mh_csrf=${CSRF}`, "x-csrf-token": CSRF }

interface Received {
  from: string | false
  to: string[]
  raw: string
}

/** Quoted-printable (RFC 2045): soft line breaks go, =XX are bytes of UTF-8 text. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "")
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3)
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(joined[i]!, "utf8"))
    }
  }
  return Buffer.from(bytes).toString("utf8")
}

/** The decoded body of the message's part with this content type (enough MIME for nodemailer's output). */
function mimePart(raw: string, contentType: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1]
  const parts = boundary ? raw.split(`--${boundary}`) : [raw]
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/)
    if (split < 0) continue
    const headers = part.slice(0, split)
    if (!new RegExp(`content-type:\\s*${contentType}`, "i").test(headers)) continue
    const body = part.slice(split).trim()
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase()
    if (encoding === "quoted-printable") return decodeQuotedPrintable(body)
    if (encoding === "base64") return Buffer.from(body.replace(/\s/g, ""), "base64").toString("utf8")
    return body
  }
  throw new Error(`No ${contentType} part in the message:\n${raw}`)
}

describe("mail over SMTP", () => {
  let sink: SMTPServer
  let port: number
  const received: Received[] = []
  let app: FastifyInstance
  let db: Database
  let drop: () => Promise<void>

  beforeAll(async () => {
    // A real SMTP server that keeps what it receives: the path production takes, up to the wire.
    sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on("data", (chunk: Buffer) => chunks.push(chunk))
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom && session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve))
    port = (sink.server.address() as AddressInfo).port
    ;({ db, drop } = await engines[0]!.create("migrated"))
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", SMTP_URL: `smtp://127.0.0.1:${port}` }),
      db,
      pages: "none",
    })
  })
  afterAll(async () => {
    await app.close()
    await drop()
    await new Promise<void>((resolve) => sink.close(resolve))
  })

  it("sends the confirmation mail over SMTP, and its link confirms and signs in", async () => {
    const registered = await app.inject({
      method: "POST",
      url: "/api/v2/auth/register",
      headers: csrfHeaders,
      payload: { email: "smtp-reader@example.com", password: "reads mail over smtp", acceptTerms: true },
    })
    expect(registered.statusCode).toBe(202)
    expect(received).toHaveLength(1)
    const [mail] = received
    expect(mail!.from).toBe("no-reply@localhost")
    expect(mail!.to).toEqual(["smtp-reader@example.com"])
    expect(mail!.raw).toMatch(/^Subject: Confirm your Manyhands account\r?$/m)
    // Nothing went to the development outbox.
    expect((await db.query("SELECT 1 FROM mail_outbox")).rows).toHaveLength(0)

    const text = mimePart(mail!.raw, "text/plain")
    expect(text).toContain("smtp-reader@example.com")
    const link = /http:\/\/localhost:3000\/auth\/check_key\/([A-Za-z0-9_-]+)\/([0-9]+)/.exec(text)
    expect(link, text).not.toBeNull()
    const html = mimePart(mail!.raw, "text/html")
    expect(html).toContain(`href="${link![0]}"`)

    const confirmed = await app.inject({
      method: "POST",
      url: "/api/v2/auth/confirm-email",
      headers: csrfHeaders,
      payload: { hash: link![1], userId: link![2] },
    })
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json()).toMatchObject({
      status: "confirmed",
      user: { email: "smtp-reader@example.com" },
    })
    expect(confirmed.cookies.find((cookie) => cookie.name === "mh_session")?.value).toBeTruthy()
  })

  it("answers 503 MAIL_UNAVAILABLE when the SMTP server refuses the mail", async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(new Error("mailbox unavailable"))
      },
    })
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve))
    const refusingPort = (refusing.server.address() as AddressInfo).port
    const refusedApp = await buildApp({
      config: loadConfig({ NODE_ENV: "test", SMTP_URL: `smtp://127.0.0.1:${refusingPort}` }),
      db,
      pages: "none",
    })
    try {
      const response = await refusedApp.inject({
        method: "POST",
        url: "/api/v2/auth/register",
        headers: csrfHeaders,
        payload: { email: "refused@example.com", password: "the server says no", acceptTerms: true },
      })
      expect(response.statusCode).toBe(503)
      expect(response.json().error.code).toBe("MAIL_UNAVAILABLE")
    } finally {
      await refusedApp.close()
      await new Promise<void>((resolve) => refusing.close(resolve))
    }
  })
})

describe("renderMail", () => {
  const config = loadConfig({ NODE_ENV: "test" })
  let dir: string

  beforeAll(() => {
    // Locales where German has no mail.json and French only a subject of its own.
    dir = mkdtempSync(join(tmpdir(), "manyhands-mail-"))
    mkdirSync(join(dir, "en"))
    cpSync(join(localesDir, "en", "mail.json"), join(dir, "en", "mail.json"))
    mkdirSync(join(dir, "de"))
    writeFileSync(join(dir, "de", "common.json"), "{}")
    mkdirSync(join(dir, "fr"))
    writeFileSync(
      join(dir, "fr", "mail.json"),
      JSON.stringify({ confirmEmail: { subject: "Confirmez {{email}}" } }),
    )
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("falls back to English for a language without mail texts, with the link on that language's site", () => {
    const mail = renderMail(loadTranslations(dir), config, {
      to: "anna@example.com",
      template: "confirmEmail",
      language: "de",
      action: "/auth/check_key/abc/7",
      params: { email: "anna@example.com" },
    })
    expect(mail.subject).toBe("Confirm your Manyhands account")
    expect(mail.text).toContain("Confirm that anna@example.com is your address")
    expect(mail.text).toContain("Confirm my address: http://localhost:3000/de/auth/check_key/abc/7")
    expect(mail.html).toContain('<html lang="de">')
    expect(mail.html).toContain('href="http://localhost:3000/de/auth/check_key/abc/7"')

    const russian = renderMail(loadTranslations(dir), config, {
      to: "ivan@example.com",
      template: "resetPassword",
      language: "ru",
      action: "/auth/check_remind/abc/7",
      params: { email: "ivan@example.com" },
    })
    expect(russian.text).toContain("http://ru.localhost:3000/auth/check_remind/abc/7")
  })

  it("uses the language's own texts where it has them and English for the rest", () => {
    const mail = renderMail(loadTranslations(dir), config, {
      to: "jean@example.com",
      template: "confirmEmail",
      language: "fr",
      params: { email: "jean@example.com" },
    })
    expect(mail.subject).toBe("Confirmez jean@example.com")
    expect(mail.text.startsWith("Hello,")).toBe(true)
  })

  it("escapes HTML in the values it fills in", () => {
    const hostile = `<img src=x onerror="alert(1)">@example.com`
    const mail = renderMail(loadTranslations(dir), config, {
      to: "x@example.com",
      template: "accountExists",
      language: "en",
      action: "/auth/remind",
      params: { email: hostile },
    })
    expect(mail.html).not.toContain("<img")
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;@example.com")
    // Plain text stays as written: no mail client renders it as HTML.
    expect(mail.text).toContain(hostile)
  })
})

describe.each(engines)("the development outbox on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let drop: () => Promise<void>

  beforeAll(async () => {
    ;({ db, drop } = await engine.create("migrated"))
    app = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db, pages: "none" })
  })
  afterAll(async () => {
    await app.close()
    await drop()
  })

  it("keeps mail when SMTP_URL is unset and lists it newest first, by address", async () => {
    for (let i = 0; i < 55; i++) {
      await db.query(
        "INSERT INTO mail_outbox (to_address, subject, text_body, html_body) VALUES ($1, $2, $3, '<p>x</p>')",
        [i % 2 ? "odd@example.com" : "even@example.com", `Mail ${i}`, `Body ${i}`],
      )
    }
    const all = (await app.inject({ url: "/dev/mail.json" })).json().mails
    expect(all).toHaveLength(50)
    expect(all[0]).toMatchObject({
      to: "even@example.com",
      subject: "Mail 54",
      text: "Body 54",
      html: "<p>x</p>",
    })
    expect(new Date(all[0].createdAt).getTime()).not.toBeNaN()
    const odd = (await app.inject({ url: "/dev/mail.json?to=ODD@example.com" })).json().mails
    expect(odd).toHaveLength(27)
    expect(odd.every((mail: { to: string }) => mail.to === "odd@example.com")).toBe(true)
    expect(odd[0].subject).toBe("Mail 53")
    expect((await app.inject({ url: "/dev/mail.json?other=1" })).statusCode).toBe(400)

    await app.inject({
      method: "POST",
      url: "/api/v2/auth/remind",
      headers: csrfHeaders,
      payload: { email: "odd@example.com" },
    })
    // No account: nothing new for that address.
    expect((await app.inject({ url: "/dev/mail.json?to=odd@example.com" })).json().mails[0].subject).toBe(
      "Mail 53",
    )
  })

  it("shows the mails as a page with escaped text and clickable links", async () => {
    await db.query(
      "INSERT INTO mail_outbox (to_address, subject, text_body, html_body) VALUES ($1, $2, $3, '')",
      [
        "page@example.com",
        "<script>alert('subject')</script>",
        "Hello <b>you</b>.\n\nOpen: http://localhost:3000/auth/check_key/abc/1?x=1&y=2\n\nBye",
      ],
    )
    const page = await app.inject({ url: "/dev/mail" })
    expect(page.statusCode).toBe(200)
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8")
    expect(page.body).not.toContain("<script>")
    expect(page.body).toContain("&lt;script&gt;alert('subject')&lt;/script&gt;")
    expect(page.body).toContain("Hello &lt;b&gt;you&lt;/b&gt;.")
    expect(page.body).toContain(
      '<a href="http://localhost:3000/auth/check_key/abc/1?x=1&amp;y=2">http://localhost:3000/auth/check_key/abc/1?x=1&amp;y=2</a>',
    )
    expect(page.body).toContain("page@example.com")
  })

  it("is there in the embedded demo for this machine only, and never on a production server", async () => {
    // Production mode without the product's articles (loading them takes half a minute; their own tests do).
    const demo = await buildApp({
      config: loadConfig({ LOG_LEVEL: "silent", PRODUCT_CONTENT: "false" }),
      db,
      pages: "none",
    })
    const server = await buildApp({
      config: loadConfig({
        LOG_LEVEL: "silent",
        DATABASE_URL: "postgres://db.internal/manyhands",
        PRODUCT_CONTENT: "false",
      }),
      db,
      pages: "none",
    })
    try {
      expect((await demo.inject({ url: "/dev/mail", remoteAddress: "127.0.0.1" })).statusCode).toBe(200)
      expect((await demo.inject({ url: "/dev/mail.json", remoteAddress: "::1" })).statusCode).toBe(200)
      expect((await demo.inject({ url: "/dev/mail", remoteAddress: "192.0.2.10" })).statusCode).toBe(404)
      expect((await demo.inject({ url: "/dev/mail.json", remoteAddress: "192.0.2.10" })).statusCode).toBe(404)
      // The other development helpers stay off in production mode.
      expect((await demo.inject({ url: "/dev/ledger.json?email=a@example.com" })).statusCode).toBe(404)
      for (const url of ["/dev/mail", "/dev/mail.json"])
        expect((await server.inject({ url, remoteAddress: "127.0.0.1" })).statusCode).toBe(404)
    } finally {
      await demo.close()
      await server.close()
    }
  })
})
