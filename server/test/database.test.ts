import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import { DataDirLockedError, lockDataDir } from "../src/db/lock"
import { migrate, migrationChecksum, MigrationChangedError } from "../src/db/migrate"
import { openPglite } from "../src/db/pglite"
import { seed } from "../src/db/seed"
import { migrationsDir } from "../src/paths"
import { MAIL_TOKEN_LIFETIME_MS } from "../src/modules/accounts/mail-tokens"
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

  it("records the sha256 of every applied file", async () => {
    const { rows } = await db.query<{ name: string; checksum: string }>(
      "SELECT name, checksum FROM schema_migrations ORDER BY name",
    )
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows)
      expect(row.checksum).toBe(migrationChecksum(readFileSync(join(migrationsDir, row.name), "utf8")))
  })

  it("refuses to migrate when an applied migration was edited, naming the file, and applies nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "manyhands-migrations-"))
    const fresh = await engine.create()
    try {
      cpSync(migrationsDir, dir, { recursive: true })
      expect(await migrate(fresh.db, dir)).toEqual(readdirSync(migrationsDir).sort())
      // The same text with Windows line endings is no edit.
      const foundation = readFileSync(join(dir, "0001_foundation.sql"), "utf8")
      writeFileSync(join(dir, "0001_foundation.sql"), foundation.replace(/\n/g, "\r\n"))
      expect(await migrate(fresh.db, dir)).toEqual([])

      appendFileSync(join(dir, "0003_accounts.sql"), "\nALTER TABLE users ADD COLUMN nickname text;\n")
      writeFileSync(join(dir, "9999_later.sql"), "CREATE TABLE later_probe (id int);\n")
      const refusal = migrate(fresh.db, dir)
      await expect(refusal).rejects.toThrowError(MigrationChangedError)
      await expect(refusal).rejects.toThrowError(
        "The migration 0003_accounts.sql was edited after it was applied to this database (the sha256 is not " +
          "the one recorded); restore the applied text and put the change in a new migration.",
      )
      const { rows } = await fresh.db.query("SELECT 1 FROM schema_migrations WHERE name = '9999_later.sql'")
      expect(rows).toEqual([])
    } finally {
      await fresh.drop()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("records the checksums of a database migrated before they were kept, on its first run", async () => {
    const fresh = await engine.create()
    try {
      // A database as migrate() left it before checksums: the table without the column.
      await fresh.db.exec(
        "CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
      )
      const applied = await migrate(fresh.db)
      await fresh.db.exec("ALTER TABLE schema_migrations DROP COLUMN checksum")
      expect(await migrate(fresh.db)).toEqual([])
      const { rows } = await fresh.db.query<{ name: string; checksum: string }>(
        "SELECT name, checksum FROM schema_migrations ORDER BY name",
      )
      expect(rows.map((row) => row.name)).toEqual(applied)
      for (const row of rows)
        expect(row.checksum).toBe(migrationChecksum(readFileSync(join(migrationsDir, row.name), "utf8")))
    } finally {
      await fresh.drop()
    }
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

  it("takes a mail token of every purpose the code issues (a later migration must not drop one)", async () => {
    const { rows } = await db.query<{ id: string }>(
      "INSERT INTO users (email, password_hash) VALUES ('tokens@example.com', 'x') RETURNING id::text AS id",
    )
    // The account mails' purposes, and the transfers' own confirmation link (transfers.ts).
    const purposes = [...Object.keys(MAIL_TOKEN_LIFETIME_MS), "send_money"]
    for (const [n, purpose] of purposes.entries())
      await db.query(
        `INSERT INTO mail_tokens (user_id, purpose, token_hash, data, expires_at)
         VALUES ($1, $2, decode($3, 'hex'), '{}', now() + interval '1 hour')`,
        [rows[0]!.id, purpose, n.toString(16).padStart(64, "0")],
      )
    const stored = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_tokens")
    expect(stored.rows[0]!.n).toBe(purposes.length)
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
