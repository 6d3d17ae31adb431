import type { FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AuditEntry } from "@manyhands/contract/ops-audit"
import type { Page } from "@manyhands/contract"
import type { Database } from "../src/db/database"
import { recordStaffAction, type StaffActor } from "../src/modules/ops/audit"
import { ok, testBrowser, type TestBrowser } from "./browser"
import { newUser, userId } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

/*
 * The staff audit log's API (issue 24): administrators only; newest first; filtered by action (or its start), actor,
 * the user concerned and a range of UTC days; paged; each row with who, when, role, what, target, reason, details.
 */

type AuditPage = Page<AuditEntry> & { actions: string[] }

describe.each(engines)("staff audit log on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let admin: TestBrowser
  let adminId: string
  let moderatorId: string
  let subject: string

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    admin = testBrowser(app, { ip: "10.25.0.1" })
    expect((await admin.signIn("admin@demo.manyhands.dev")).statusCode).toBe(200)
    adminId = await userId(db, "admin@demo.manyhands.dev")
    moderatorId = await userId(db, "moderator@demo.manyhands.dev")
    subject = await newUser(db, "audited@example.com", "customer")
    const admins: StaffActor = { id: adminId, role: "admin", ip: "203.0.113.5" }
    const moderators: StaffActor = { id: moderatorId, role: "moderator", ip: null }
    // Three days of actions, oldest first.
    const rows: [string, StaffActor, string, string | null, string][] = [
      ["user.ban", admins, subject, "Chargebacks", "2026-03-01T10:00:00Z"],
      ["worker_skill.reinstate", moderators, subject, "Retrained", "2026-03-02T09:00:00Z"],
      ["user.unban", admins, subject, "Settled", "2026-03-02T23:59:00Z"],
      ["payout.approve", admins, moderatorId, null, "2026-03-03T00:00:00Z"],
    ]
    for (const [action, actor, subjectUserId, reason, at] of rows) {
      await recordStaffAction(db, actor, {
        action,
        targetKind: action.split(".")[0]!,
        targetId: subjectUserId,
        subjectUserId,
        reason,
        details: { at },
      })
      await db.query("UPDATE staff_audit SET at = $1 WHERE id = (SELECT max(id) FROM staff_audit)", [at])
    }
  })
  afterAll(async () => stop())

  const list = (query = "") => ok<AuditPage>(admin.get(`/api/v2/admin/audit${query}`))
  const actions = (page: AuditPage) => page.items.map((item) => item.action)

  it("is for administrators only", async () => {
    expect((await testBrowser(app).get("/api/v2/admin/audit")).statusCode).toBe(401)
    for (const email of ["moderator@demo.manyhands.dev", "customer@demo.manyhands.dev"]) {
      const browser = testBrowser(app, { ip: "10.25.0.9" })
      expect((await browser.signIn(email)).statusCode).toBe(200)
      expect((await browser.get("/api/v2/admin/audit")).statusCode).toBe(403)
    }
  })

  it("lists newest first, each row with who, when, role, what, target, reason and details", async () => {
    const page = await list()
    expect(actions(page)).toEqual(["payout.approve", "user.unban", "worker_skill.reinstate", "user.ban"])
    expect(page.total).toBe(4)
    expect(page.actions).toEqual(["payout.approve", "user.ban", "user.unban", "worker_skill.reinstate"])
    expect(page.items[3]).toEqual({
      id: expect.any(String),
      at: "2026-03-01T10:00:00.000Z",
      actorId: adminId,
      actorEmail: "admin@demo.manyhands.dev",
      actorRole: "admin",
      action: "user.ban",
      targetKind: "user",
      targetId: subject,
      subjectUserId: subject,
      subjectEmail: "audited@example.com",
      reason: "Chargebacks",
      details: { at: "2026-03-01T10:00:00Z" },
      ip: "203.0.113.5",
    })
    expect(page.items[2]).toMatchObject({ actorRole: "moderator", ip: null })
  })

  it("filters by action or its start, actor, subject and UTC days, and pages", async () => {
    expect(actions(await list("?action=user.ban"))).toEqual(["user.ban"])
    expect(actions(await list("?action=user"))).toEqual(["user.unban", "user.ban"])
    expect(actions(await list("?action=use"))).toEqual([])
    expect(actions(await list(`?actorId=${moderatorId}`))).toEqual(["worker_skill.reinstate"])
    expect(actions(await list(`?subjectUserId=${moderatorId}`))).toEqual(["payout.approve"])
    expect(actions(await list("?from=2026-03-02&to=2026-03-02"))).toEqual([
      "user.unban",
      "worker_skill.reinstate",
    ])
    expect(actions(await list("?from=2026-03-03"))).toEqual(["payout.approve"])
    expect(actions(await list("?to=2026-03-01"))).toEqual(["user.ban"])
    expect(
      actions(await list(`?action=user&subjectUserId=${subject}&actorId=${adminId}&to=2026-03-01`)),
    ).toEqual(["user.ban"])
    const second = await list("?pageSize=3&page=2")
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 })
    expect(actions(second)).toEqual(["user.ban"])
  })

  it("refuses filters that are not days or out of order, and malformed ids", async () => {
    for (const query of [
      "?from=2026-02-30",
      "?from=2026-03-03&to=2026-03-01",
      "?actorId=abc",
      "?action=USER",
    ]) {
      const response = await admin.get(`/api/v2/admin/audit${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json<{ error: { code: string } }>().error.code).toBe("VALIDATION_FAILED")
    }
  })
})
