import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import { DataDirLockedError, lockDataDir } from "../src/db/lock"
import { migrate } from "../src/db/migrate"
import { openPglite } from "../src/db/pglite"
import { seed } from "../src/db/seed"
import { engines } from "./databases"

describe.each(engines)("database on $name", (engine) => {
  let db: Database
  let drop: () => Promise<void>
  beforeAll(async () => {
    ;({ db, drop } = await engine.create())
  })
  afterAll(() => drop())

  it("applies every migration once", async () => {
    const first = await migrate(db)
    expect(first).toContain("0001_foundation.sql")
    expect(await migrate(db)).toEqual([])
    const { rows } = await db.query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name")
    expect(rows.map((row) => row.name)).toEqual(first)
  })

  it("has the captcha catalogue from the migrations, and seeds demo data on the first run only", async () => {
    const count = async (table: string) =>
      Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n)
    expect(await count("captcha_types")).toBe(42)
    // Every type priced in USD and RUB (the currencies accounts pay in) and EUR (a list currency).
    expect(await count("captcha_prices")).toBe(42 * 3)
    expect(await seed(db, { demoAccounts: true })).toBe(true)
    expect(await count("users")).toBe(6)
    await db.query("DELETE FROM users WHERE email = 'newcomer@demo.manyhands.dev'")
    expect(await seed(db, { demoAccounts: true })).toBe(false)
    expect(await count("users")).toBe(5) // an operator's removal stays removed
  })

  it("rolls a failed transaction back completely", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO app_settings (key, value) VALUES ('rollback_probe', '1')")
        throw new Error("boom")
      }),
    ).rejects.toThrow("boom")
    const { rows } = await db.query("SELECT 1 FROM app_settings WHERE key = 'rollback_probe'")
    expect(rows).toHaveLength(0)
  })

  it("passes parameters separately from the SQL text", async () => {
    const hostile = "x'); DROP TABLE app_settings; --"
    await db.query("INSERT INTO app_settings (key, value) VALUES ($1, $2)", [
      hostile,
      JSON.stringify({ ok: true }),
    ])
    const { rows } = await db.query<{ key: string }>("SELECT key FROM app_settings WHERE key = $1", [hostile])
    expect(rows).toEqual([{ key: hostile }])
  })
})

describe("data folder lock", () => {
  const dir = mkdtempSync(join(tmpdir(), "manyhands-lock-"))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("lets only one owner open the folder and frees it on release", () => {
    const release = lockDataDir(dir)
    expect(readFileSync(join(dir, "manyhands.lock"), "utf8").trim()).toBe(String(process.pid))
    expect(() => lockDataDir(dir)).toThrowError(DataDirLockedError)
    expect(() => lockDataDir(dir)).toThrowError(`Another Manyhands process (pid ${process.pid}) is using`)
    release()
    lockDataDir(dir)()
  })

  it("takes over a lock whose process is gone", () => {
    writeFileSync(join(dir, "manyhands.lock"), "2147483646\n")
    const release = lockDataDir(dir)
    expect(readFileSync(join(dir, "manyhands.lock"), "utf8").trim()).toBe(String(process.pid))
    release()
  })

  it("keeps PGlite from opening a folder that is in use", async () => {
    const db = await openPglite(dir)
    await expect(openPglite(dir)).rejects.toThrowError(DataDirLockedError)
    await db.close()
    const again = await openPglite(dir)
    await again.close()
  })
})
