import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import {
  createRecoveryCodes,
  recoveryCodesLeft,
  useRecoveryCode,
} from "../src/modules/accounts/recovery-codes"
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  hotp,
  totpCode,
  totpUri,
  verifyTotp,
} from "../src/modules/accounts/totp"
import { engines } from "./databases"

/** RFC 6238 appendix B, SHA-1 rows: the seed is the ASCII string "12345678901234567890". */
const RFC_SEED = Buffer.from("12345678901234567890", "ascii")
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
]

describe("TOTP (RFC 6238)", () => {
  it.each(RFC_VECTORS)("matches the RFC's 8-digit SHA-1 vector at T=%i", (seconds, code) => {
    expect(hotp(RFC_SEED, Math.floor(seconds / 30), 8)).toBe(code)
  })

  it.each(RFC_VECTORS)("gives the vector's last 6 digits from the base32 secret at T=%i", (seconds, code) => {
    expect(totpCode(base32Encode(RFC_SEED), seconds * 1000)).toBe(code.slice(2))
  })

  it("encodes base32 as RFC 4648 does and reads it back", () => {
    expect(base32Encode(Buffer.from("foobar"))).toBe("MZXW6YTBOI")
    expect(base32Decode("mzxw 6ytb oi==").toString()).toBe("foobar")
    expect(() => base32Decode("MZ1W")).toThrow(/base32/)
  })

  it("makes 160-bit secrets and the otpauth address apps read", () => {
    const secret = generateTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(base32Decode(secret)).toHaveLength(20)
    expect(generateTotpSecret()).not.toBe(secret)
    expect(totpUri("JBSWY3DPEHPK3PXP", "ann@example.com")).toBe(
      "otpauth://totp/Manyhands:ann@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Manyhands&algorithm=SHA1&digits=6&period=30",
    )
  })
})

describe.each(engines)("single-use TOTP codes and recovery codes on $name", (engine) => {
  let db: Database
  let drop: () => Promise<void>
  let userId: string
  const secret = generateTotpSecret()
  // Middle of a step, so ±1 step is unambiguous.
  const now = 1_700_000_015_000

  beforeAll(async () => {
    ;({ db, drop } = await engine.create("migrated"))
    const { rows } = await db.query<{ id: string }>(
      "INSERT INTO users (email, password_hash) VALUES ('totp@example.com', 'x') RETURNING id::text AS id",
    )
    userId = rows[0]!.id
  })
  afterAll(async () => {
    await drop()
  })

  it("accepts the current step ±1, refuses two steps away, and every code only once", async () => {
    const previousStepCode = totpCode(secret, now - 30_000)
    expect(await verifyTotp(db, userId, secret, totpCode(secret, now - 60_000), now)).toBe(false)
    expect(await verifyTotp(db, userId, secret, totpCode(secret, now + 60_000), now)).toBe(false)
    expect(await verifyTotp(db, userId, secret, "12345", now)).toBe(false)
    expect(await verifyTotp(db, userId, secret, previousStepCode, now)).toBe(true)
    expect(await verifyTotp(db, userId, secret, previousStepCode, now)).toBe(false)
    const current = totpCode(secret, now)
    expect(await verifyTotp(db, userId, secret, current, now)).toBe(true)
    expect(await verifyTotp(db, userId, secret, current, now)).toBe(false)
    // An older step than the last used one is spent too.
    expect(await verifyTotp(db, userId, secret, previousStepCode, now + 1000)).toBe(false)
    expect(await verifyTotp(db, userId, secret, totpCode(secret, now + 30_000), now)).toBe(true)
  })

  it("lets two racing requests use one code only once", async () => {
    const later = now + 10 * 30_000
    const code = totpCode(secret, later)
    const results = await Promise.all([
      verifyTotp(db, userId, secret, code, later),
      verifyTotp(db, userId, secret, code, later),
    ])
    expect(results.filter(Boolean)).toHaveLength(1)
  })

  it("makes ten hashed recovery codes, each usable once, and new ones replace the old", async () => {
    const codes = await createRecoveryCodes(db, userId)
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}$/)
    const { rows } = await db.query<{ code_hash: string }>(
      "SELECT code_hash FROM recovery_codes WHERE user_id = $1",
      [userId],
    )
    expect(rows).toHaveLength(10)
    for (const row of rows) expect(row.code_hash).toMatch(/^\$argon2id\$/)
    expect(await recoveryCodesLeft(db, userId)).toBe(10)

    const first = codes[0]!
    expect(await useRecoveryCode(db, userId, ` ${first.toUpperCase().replace("-", " ")} `)).toBe(true)
    expect(await useRecoveryCode(db, userId, first)).toBe(false)
    expect(await useRecoveryCode(db, userId, "zzzz-zzzz")).toBe(false)
    expect(await useRecoveryCode(db, userId, "not a code at all")).toBe(false)
    expect(await recoveryCodesLeft(db, userId)).toBe(9)

    const renewed = await createRecoveryCodes(db, userId)
    expect(await useRecoveryCode(db, userId, codes[1]!)).toBe(false)
    expect(await useRecoveryCode(db, userId, renewed[1]!.replace("-", ""))).toBe(true)
    expect(await recoveryCodesLeft(db, userId)).toBe(9)
  })
})
