import type { FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { CurrentUser } from "@manyhands/contract/accounts"
import type { BroadcastDetail, BroadcastSummary, MessageRecipient } from "@manyhands/contract/ops-messages"
import type { Page } from "@manyhands/contract"
import type { Database } from "../src/db/database"
import { newUser } from "./captcha-fixtures"
import { ok, testBrowser, type TestBrowser } from "./browser"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

/*
 * System messages written by administrators (issue 24): one broadcast, a system message per recipient that the
 * user's modal shows in their language and marks read, the readers counted; every send audited.
 */
describe.each(engines)("system messages on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let admin: TestBrowser
  let users = 0

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    admin = testBrowser(app)
    expect((await admin.signIn("admin@demo.manyhands.dev")).statusCode).toBe(200)
  })
  afterAll(() => stop())

  /** A new account of the type speaking `language`, signed in. */
  const person = async (userType: "customer" | "worker", language: string) => {
    const email = `msg-user${++users}@example.com`
    const id = await newUser(db, email, userType)
    await db.query("UPDATE users SET interface_language = $2 WHERE id = $1", [id, language])
    const browser = testBrowser(app)
    expect((await browser.signIn(email)).statusCode).toBe(200)
    return { id, email, browser }
  }
  const me = async (browser: TestBrowser) => ok<CurrentUser>(browser.get("/api/v2/user"))
  const send = (body: object) => admin.post("/api/v2/admin/messages", body)

  it("refuses the signed-out (401) and anyone but an administrator (403)", async () => {
    const signedOut = testBrowser(app)
    const moderator = testBrowser(app)
    expect((await moderator.signIn("moderator@demo.manyhands.dev")).statusCode).toBe(200)
    const body = {
      title: "t",
      message: { en: "<p>Hi</p>" },
      audience: "user",
      user: "customer@demo.manyhands.dev",
    }
    for (const browser of [signedOut, moderator]) {
      const status = browser === signedOut ? 401 : 403
      for (const url of [
        "/api/v2/admin/messages",
        "/api/v2/admin/messages/1",
        "/api/v2/admin/messages/1/recipients",
        "/api/v2/admin/messages/audience?accountType=worker",
      ])
        expect((await browser.get(url)).statusCode, url).toBe(status)
      expect((await browser.post("/api/v2/admin/messages", body)).statusCode).toBe(status)
    }
    const { rows } = await db.query("SELECT 1 FROM system_message_broadcasts")
    expect(rows).toEqual([])
  })

  it("sends to everyone of an account type; each sees it in their language and the read count moves", async () => {
    const german = await person("worker", "de")
    const japanese = await person("worker", "ja")
    const customer = await person("customer", "de")
    const audience = await ok<{ count: number }>(
      admin.get("/api/v2/admin/messages/audience?accountType=worker"),
    )
    const { rows: counted } = await db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM users WHERE user_type = 'worker'",
    )
    expect(audience.count).toBe(counted[0]!.count)

    const sent = await ok<BroadcastDetail>(
      send({
        title: "Maintenance",
        message: {
          en: '<p>Maintenance <strong>tonight</strong><script>alert(1)</script><img src=x onerror="alert(2)"></p>',
          de: "<p>Wartung <em>heute Nacht</em></p>",
          fr: "<p><br></p>",
        },
        audience: "accountType",
        accountType: "worker",
      }),
      201,
    )
    expect(sent).toMatchObject({
      title: "Maintenance",
      audience: "accountType",
      accountType: "worker",
      recipients: counted[0]!.count,
      read: 0,
      // Sanitised; a language left without text is dropped.
      message: {
        en: "<p>Maintenance <strong>tonight</strong></p>",
        de: "<p>Wartung <em>heute Nacht</em></p>",
      },
      languages: ["en", "de"],
    })
    expect(Object.keys(sent.message).sort()).toEqual(["de", "en"])

    // Each worker's current user carries it: German for the German, English (the fallback) for the Japanese.
    const forGerman = (await me(german.browser)).profile.systemMessage!
    expect(forGerman.message.de).toBe("<p>Wartung <em>heute Nacht</em></p>")
    const forJapanese = (await me(japanese.browser)).profile.systemMessage!
    expect(forJapanese.message.ja ?? forJapanese.message.en).toBe(
      "<p>Maintenance <strong>tonight</strong></p>",
    )
    // Not a customer.
    expect((await me(customer.browser)).profile.systemMessage).toBeNull()

    // Closing it marks it read: the count moves and the reader is listed with the time.
    await ok(german.browser.send("PUT", "/api/v2/user/system_message_read", { id: forGerman.id }))
    expect((await me(german.browser)).profile.systemMessage).toBeNull()
    const detail = await ok<BroadcastDetail>(admin.get(`/api/v2/admin/messages/${sent.id}`))
    expect(detail.read).toBe(1)
    const readers = await ok<Page<MessageRecipient>>(
      admin.get(`/api/v2/admin/messages/${sent.id}/recipients?state=read`),
    )
    expect(readers.items).toMatchObject([{ userId: german.id, email: german.email, interfaceLanguage: "de" }])
    expect(readers.items[0]!.readAt).not.toBeNull()
    const unread = await ok<Page<MessageRecipient>>(
      admin.get(`/api/v2/admin/messages/${sent.id}/recipients?state=unread&pageSize=100`),
    )
    expect(unread.total).toBe(counted[0]!.count - 1)
    expect(unread.items.map((row) => row.userId)).toContain(japanese.id)

    const list = await ok<Page<BroadcastSummary>>(admin.get("/api/v2/admin/messages"))
    expect(list.items[0]).toMatchObject({ id: sent.id, read: 1, senderEmail: "admin@demo.manyhands.dev" })

    const { rows: audit } = await db.query<{ actor_role: string; details: Record<string, unknown> }>(
      "SELECT actor_role, details FROM staff_audit WHERE action = 'system_message.send' AND target_id = $1",
      [sent.id],
    )
    expect(audit).toMatchObject([
      {
        actor_role: "admin",
        details: { audience: "accountType", accountType: "worker", languages: ["en", "de"] },
      },
    ])
  })

  it("sends to one user by e-mail or id, and to a list; refuses unknown recipients and an empty English text", async () => {
    const one = await person("customer", "en")
    const two = await person("customer", "ru")
    const byEmail = await ok<BroadcastDetail>(
      send({
        title: "Hello",
        message: { en: "<p>Hi</p>" },
        audience: "user",
        user: ` ${one.email.toUpperCase()} `,
      }),
      201,
    )
    expect(byEmail).toMatchObject({ audience: "user", recipients: 1, recipientEmail: one.email })
    const byId = await ok<BroadcastDetail>(
      send({ title: "Hello", message: { en: "<p>Hi again</p>" }, audience: "user", user: one.id }),
      201,
    )
    expect(byId.recipients).toBe(1)
    const list = await ok<BroadcastDetail>(
      send({
        title: "Two",
        message: { en: "<p>Both</p>", ru: "<p>Оба</p>" },
        audience: "users",
        users: [`${one.email}, ${two.id}`, one.id],
      }),
      201,
    )
    expect(list.recipients).toBe(2)
    // The oldest unread first: one's first message.
    expect((await me(one.browser)).profile.systemMessage!.message.en).toBe("<p>Hi</p>")
    expect((await me(two.browser)).profile.systemMessage!.message.ru).toBe("<p>Оба</p>")

    const before = (await db.query("SELECT id FROM system_message_broadcasts")).rows.length
    const unknown = await send({
      title: "x",
      message: { en: "<p>x</p>" },
      audience: "users",
      users: [one.email, "nobody@example.com", "999999999"],
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error).toMatchObject({ code: "RECIPIENT_NOT_FOUND" })
    expect(unknown.json().error.message).toContain("nobody@example.com")
    expect(unknown.json().error.message).toContain("999999999")
    const empty = await send({
      title: "x",
      message: { en: "<script>alert(1)</script>", de: "<p>Hallo</p>" },
      audience: "user",
      user: one.email,
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.code).toBe("MESSAGE_EMPTY")
    const noEnglish = await send({
      title: "x",
      message: { de: "<p>Hallo</p>" },
      audience: "user",
      user: one.email,
    })
    expect(noEnglish.statusCode).toBe(400)
    const nobody = await send({ title: "x", message: { en: "<p>x</p>" }, audience: "users", users: [" , "] })
    expect(nobody.statusCode).toBe(400)
    expect(nobody.json().error.code).toBe("NO_RECIPIENTS")
    expect((await db.query("SELECT id FROM system_message_broadcasts")).rows.length).toBe(before)
    expect((await admin.get("/api/v2/admin/messages/999999999")).statusCode).toBe(404)
  })
})
