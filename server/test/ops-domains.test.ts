import type { FastifyInstance } from "fastify"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type {
  DomainDryRun,
  DomainRule,
  DomainRuleInput,
  DomainRuleList,
} from "@manyhands/contract/ops-domains"
import type { Database } from "../src/db/database"
import { bySpecificity, pageHost, type ActiveDomainRule } from "../src/modules/ops/domains-rules"
import { normalisePattern } from "../src/modules/ops/domains"
import { ok, testBrowser, type TestBrowser } from "./browser"
import { giveApiKey, giveCredit, newUser } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

const USD = 1_000_000
const SITEKEY = "0x4AAAAAAAC3DHQFLr1GavRN"

const rule = (extra: Partial<DomainRuleInput> = {}): DomainRuleInput => ({
  kind: "host",
  pattern: "blocked.example.com",
  captchaTypes: [],
  action: "block",
  minRating: null,
  priceMultiplier: null,
  staffReason: "Abuse reports from the site owner",
  customerReason: null,
  expiresAt: null,
  enabled: true,
  ...extra,
})

describe("domain patterns", () => {
  it("normalises hosts, internationalised names and suffixes, and refuses what is not a host", () => {
    expect(normalisePattern("host", " Shop.Example.COM. ")).toBe("shop.example.com")
    expect(normalisePattern("suffix", "*.example.com")).toBe("example.com")
    expect(normalisePattern("host", "пример.рф")).toBe("xn--e1afmkfd.xn--p1ai")
    expect(normalisePattern("domain", "example.co.uk")).toBe("example.co.uk")
    expect(() => normalisePattern("domain", "shop.example.co.uk")).toThrow(/registrable domain/)
    expect(() => normalisePattern("host", "*.example.com")).toThrow(/suffix/)
    expect(() => normalisePattern("host", "exa mple.com")).toThrow(/host name/)
    expect(pageHost("https://Пример.РФ/login?x=1")).toBe("xn--e1afmkfd.xn--p1ai")
    expect(pageHost("not a url")).toBeNull()
  })

  it("orders rules most specific first: host, suffix, domain; more labels; typed; newest", () => {
    const make = (id: string, kind: ActiveDomainRule["kind"], pattern: string, types: string[] = []) =>
      ({ id, kind, pattern, captchaTypes: types }) as ActiveDomainRule
    const sorted = [
      make("1", "domain", "example.com"),
      make("2", "suffix", "example.com"),
      make("3", "suffix", "a.example.com"),
      make("4", "host", "b.a.example.com"),
      make("5", "domain", "example.com", ["TurnstileTask"]),
      make("6", "domain", "example.com"),
    ].sort(bySpecificity)
    expect(sorted.map((r) => r.id)).toEqual(["4", "3", "2", "5", "6", "1"])
  })
})

describe.each(engines)("manual domains on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let admin: TestBrowser
  let moderator: TestBrowser
  let customerKey: string
  let customerId: string

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    admin = testBrowser(app)
    expect((await admin.signIn("admin@demo.manyhands.dev")).statusCode).toBe(200)
    moderator = testBrowser(app)
    expect((await moderator.signIn("moderator@demo.manyhands.dev")).statusCode).toBe(200)
    customerId = await newUser(db, "domains-customer@example.com", "customer")
    customerKey = await giveApiKey(db, "domains-customer@example.com")
    await giveCredit(db, customerId, 50 * USD)
  })
  afterAll(async () => stop())
  beforeEach(async () => {
    await db.query("DELETE FROM manual_domain_rules")
    app.captchaEngine.domainRules.forget()
  })

  const createTask = async (websiteURL: string, extra: Record<string, unknown> = {}) =>
    (
      await app.inject({
        method: "POST",
        url: "/createTask",
        payload: {
          clientKey: customerKey,
          task: { type: "TurnstileTaskProxyless", websiteURL, websiteKey: SITEKEY, ...extra },
        },
      })
    ).json<{ errorId: number; errorCode?: string; errorDescription?: string; taskId?: number }>()
  const inPhp = async (pageurl: string) =>
    (
      await app.inject({
        method: "GET",
        url: `/in.php?key=${customerKey}&method=turnstile&sitekey=${SITEKEY}&pageurl=${encodeURIComponent(pageurl)}&json=1`,
      })
    ).json<{ status: number; request: string; error_text?: string }>()
  const addRule = (input: DomainRuleInput, browser = admin) =>
    ok<DomainRule>(browser.post("/api/v1/ops/domain-rules", input), 201)
  const auditRows = async (action: string) =>
    (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM staff_audit WHERE action = $1", [action]))
      .rows[0]!.n

  it("refuses signed-out visitors (401) and customers and workers (403); moderators may edit", async () => {
    expect((await testBrowser(app).get("/api/v1/ops/domain-rules")).statusCode).toBe(401)
    expect((await testBrowser(app).post("/api/v1/ops/domain-rules", rule())).statusCode).toBe(401)
    const customer = testBrowser(app)
    await customer.signIn("customer@demo.manyhands.dev")
    expect((await customer.get("/api/v1/ops/domain-rules")).statusCode).toBe(403)
    expect((await customer.post("/api/v1/ops/domain-rules", rule())).statusCode).toBe(403)
    const dryRun = { kind: "host", pattern: "example.com", captchaTypes: [] }
    expect((await customer.post("/api/v1/ops/domain-rules/dry-run", dryRun)).statusCode).toBe(403)
    const worker = testBrowser(app)
    await worker.signIn("worker@demo.manyhands.dev")
    expect((await worker.send("DELETE", "/api/v1/ops/domain-rules/1")).statusCode).toBe(403)
    const created = await addRule(rule(), moderator)
    expect(created).toMatchObject({ pattern: "blocked.example.com", action: "block", active: true })
    expect((await db.query("SELECT count(*)::int AS n FROM manual_domain_rules")).rows[0]).toEqual({ n: 1 })
  })

  it("a block rule refuses the task in both APIs with the customer's reason, and only on its host", async () => {
    const before = await auditRows("domain_rule.create")
    await addRule(rule({ customerReason: "The site's owner asked us not to solve its captchas" }))
    expect(await auditRows("domain_rule.create")).toBe(before + 1)
    const v2 = await createTask("https://blocked.example.com/login")
    expect(v2).toMatchObject({ errorId: 60, errorCode: "ERROR_DOMAIN_NOT_ALLOWED" })
    expect(v2.errorDescription).toContain("The site's owner asked us not to solve its captchas")
    const classic = await inPhp("https://BLOCKED.example.com./signup")
    expect(classic).toMatchObject({ status: 0, request: "ERROR_DOMAIN_NOT_ALLOWED" })
    expect(classic.error_text).toContain("The site's owner asked us")
    // Another host of the same domain, and the same host for a type the rule does not name, pass.
    expect((await createTask("https://www.example.com/")).errorId).toBe(0)
    await db.query("DELETE FROM manual_domain_rules")
    await addRule(rule({ captchaTypes: ["RecaptchaV2Task"] }))
    expect((await createTask("https://blocked.example.com/")).errorId).toBe(0)
  })

  it("the most specific rule wins, expired and disabled rules do nothing", async () => {
    await addRule(rule({ kind: "domain", pattern: "example.org" }))
    await addRule(rule({ kind: "host", pattern: "ok.example.org", action: "human_only" }))
    expect((await createTask("https://x.example.org/")).errorCode).toBe("ERROR_DOMAIN_NOT_ALLOWED")
    const human = await createTask("https://ok.example.org/")
    expect(human.errorId).toBe(0)
    const { rows } = await db.query<{ human_only: boolean }>(
      "SELECT human_only FROM captcha_tasks WHERE id = $1",
      [String(human.taskId)],
    )
    expect(rows[0]!.human_only).toBe(true)
    await db.query("UPDATE manual_domain_rules SET expires_at = now() - interval '1 second'")
    app.captchaEngine.domainRules.forget()
    expect((await createTask("https://x.example.org/")).errorId).toBe(0)
    const listed = await ok<DomainRuleList>(admin.get("/api/v1/ops/domain-rules?state=expired"))
    expect(listed.rules).toHaveLength(2)
    expect((await ok<DomainRuleList>(admin.get("/api/v1/ops/domain-rules?state=active"))).rules).toHaveLength(
      0,
    )
  })

  it("a proxy rule refuses a proxyless task and takes one with a proxy", async () => {
    await addRule(rule({ kind: "suffix", pattern: "*.proxied.test", action: "require_proxy" }))
    const refused = await createTask("https://a.proxied.test/")
    expect(refused).toMatchObject({ errorId: 131, errorCode: "ERROR_PROXY_REQUIRED" })
    const taken = await app.inject({
      method: "POST",
      url: "/createTask",
      payload: {
        clientKey: customerKey,
        task: {
          type: "TurnstileTask",
          websiteURL: "https://a.proxied.test/",
          websiteKey: SITEKEY,
          proxyType: "http",
          proxyAddress: "203.0.113.5",
          proxyPort: 8080,
        },
      },
    })
    expect(taken.json()).toMatchObject({ errorId: 0 })
  })

  it("a skill rule keeps the task from a low-rated worker and gives it to a high-rated one", async () => {
    await db.query("UPDATE captcha_tasks SET state = 'unsolvable', wanted = 0 WHERE state = 'open'")
    await addRule(rule({ pattern: "skill.example.net", action: "min_skill", minRating: 300 }))
    const low = await newUser(db, "low-rated@example.com", "worker")
    const high = await newUser(db, "high-rated@example.com", "worker")
    await db.query(
      `INSERT INTO worker_skills (worker_id, type, status, rating) VALUES ($1, 'TurnstileTask', 'active', 120),
              ($2, 'TurnstileTask', 'active', 450)`,
      [low, high],
    )
    const created = await createTask("https://skill.example.net/")
    expect(created.errorId).toBe(0)
    const workers = app.captchaEngine.workers
    expect(await workers.claim(low, { waitMs: 0, types: ["TurnstileTask"] })).toBeNull()
    const offer = await workers.claim(high, { waitMs: 0, types: ["TurnstileTask"] })
    expect(offer).not.toBeNull()
    expect(offer!.params).toMatchObject({ websiteURL: "https://skill.example.net/" })
  })

  it("updates and deletes are audited, and a missing rule is 404", async () => {
    const created = await addRule(rule())
    const updated = await ok<DomainRule>(
      admin.send("PUT", `/api/v1/ops/domain-rules/${created.id}`, rule({ enabled: false })),
    )
    expect(updated).toMatchObject({ enabled: false, active: false })
    expect((await createTask("https://blocked.example.com/")).errorId).toBe(0)
    const audit = await db.query<{ details: { before: { enabled: boolean }; after: { enabled: boolean } } }>(
      "SELECT details FROM staff_audit WHERE action = 'domain_rule.update' AND target_id = $1",
      [created.id],
    )
    expect(audit.rows[0]!.details).toMatchObject({ before: { enabled: true }, after: { enabled: false } })
    expect((await admin.send("DELETE", `/api/v1/ops/domain-rules/${created.id}`)).statusCode).toBe(200)
    expect(await auditRows("domain_rule.delete")).toBeGreaterThan(0)
    expect((await admin.send("DELETE", `/api/v1/ops/domain-rules/${created.id}`)).statusCode).toBe(404)
    const bad = await admin.post("/api/v1/ops/domain-rules", rule({ action: "min_skill" }))
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ error: { code: "DOMAIN_RULE_INVALID" } })
    const badPattern = await admin.post("/api/v1/ops/domain-rules", rule({ pattern: "no spaces.com" }))
    expect(badPattern.json()).toMatchObject({ error: { code: "DOMAIN_PATTERN_INVALID" } })
  })

  it("the dry run counts the last 24 hours' tasks the pattern and types cover", async () => {
    await db.query("DELETE FROM captcha_tasks")
    const urls = [
      "https://a.dry.example/",
      "https://b.dry.example/x",
      "https://dry.example/",
      "https://other.example/",
      "https://a.dry.example/again",
    ]
    for (const url of urls) expect((await createTask(url)).errorId).toBe(0)
    // An old task does not count.
    const old = await createTask("https://a.dry.example/old")
    await db.query("UPDATE captcha_tasks SET created_at = now() - interval '25 hours' WHERE id = $1", [
      String(old.taskId),
    ])
    const run = (input: { kind: DomainRuleInput["kind"]; pattern: string; captchaTypes?: string[] }) =>
      ok<DomainDryRun>(admin.post("/api/v1/ops/domain-rules/dry-run", { captchaTypes: [], ...input }))
    expect(await run({ kind: "host", pattern: "a.dry.example" })).toMatchObject({ tasks: 2, hosts: 1 })
    expect(await run({ kind: "suffix", pattern: "*.dry.example" })).toMatchObject({ tasks: 3, hosts: 2 })
    expect(await run({ kind: "domain", pattern: "dry.example" })).toMatchObject({ tasks: 4, hosts: 3 })
    expect(
      await run({ kind: "domain", pattern: "dry.example", captchaTypes: ["RecaptchaV2Task"] }),
    ).toMatchObject({ tasks: 0 })
    const moderatorRun = await moderator.post("/api/v1/ops/domain-rules/dry-run", {
      kind: "host",
      pattern: "a.dry.example",
      captchaTypes: [],
    })
    expect(moderatorRun.statusCode).toBe(200)
  })
})
