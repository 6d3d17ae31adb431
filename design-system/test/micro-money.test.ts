import { describe, expect, it } from "vitest"
import { createFormatter } from "../src/provider/format"

const en = createFormatter("en")

describe("money in micro-units: one rule everywhere", () => {
  it("keeps the significant digits of an amount under one unit", () => {
    expect(en.microMoney(2_500, "USD")).toBe("$0.0025")
    expect(en.microMoney(19_420, "USD")).toBe("$0.01942")
    expect(en.microMoney(1_450, "USD")).toBe("$0.00145")
    expect(en.microMoney(1, "USD")).toBe("$0.000001")
    expect(en.microMoney(500_000, "USD")).toBe("$0.50")
    expect(en.microMoney(999_999, "USD")).toBe("$0.999999")
    expect(en.microMoney(0, "USD")).toBe("$0.00")
  })

  it("shows larger amounts with the currency's two decimals", () => {
    expect(en.microMoney(25_000_000, "USD")).toBe("$25.00")
    expect(en.microMoney(1_234_567, "USD")).toBe("$1.23")
    expect(en.microMoney(1_000_000, "USD")).toBe("$1.00")
    // Cut, never rounded up: a balance or a payout limit does not read as more than there is.
    expect(en.microMoney(24_999_500, "USD")).toBe("$24.99")
    expect(en.microMoney(23_451_800, "USD")).toBe("$23.45")
    expect(en.microMoney(1_234_560_000n, "USD")).toBe("$1,234.56")
  })

  it("writes negative amounts and signs by the same rule", () => {
    expect(en.microMoney(-2_500, "USD")).toBe("-$0.0025")
    expect(en.microMoney(-4_000_000, "USD")).toBe("-$4.00")
    expect(en.microMoney(25_000_000, "USD", { signed: true })).toBe("+$25.00")
    expect(en.microMoney(-19_420, "USD", { signed: true })).toBe("-$0.01942")
    expect(en.microMoney(0, "USD", { signed: true })).toBe("$0.00")
  })

  it("follows the same rule in other currencies and languages", () => {
    expect(en.microMoney(2_500, "EUR")).toBe("€0.0025")
    expect(en.microMoney(1_234_567, "EUR")).toBe("€1.23")
    expect(en.microMoney(2_500, "RUB")).toBe("RUB\u00a00.0025")
    const ru = createFormatter("ru")
    // Russian writes a decimal comma, a no-break space and the sign after the number.
    expect(ru.microMoney(2_500, "RUB")).toBe("0,0025\u00a0₽")
    expect(ru.microMoney(1_234_567, "RUB")).toBe("1,23\u00a0₽")
    expect(ru.microMoney(-19_420, "RUB")).toBe("-0,01942\u00a0₽")
    const de = createFormatter("de")
    expect(de.microMoney(25_000_000, "EUR")).toBe("25,00\u00a0€")
    expect(de.microMoney(2_500, "EUR")).toBe("0,0025\u00a0€")
  })

  it("writes crypto codes after the number", () => {
    expect(en.microMoney(2_500, "USDT")).toBe("0.0025 USDT")
    expect(en.microMoney(12_500_000, "USDT")).toBe("12.50 USDT")
  })
})
