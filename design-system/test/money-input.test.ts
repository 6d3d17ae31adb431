import { describe, expect, it } from "vitest"
import { currencyAffix, formatMoneyForInput, parseMoney } from "../src/money-input/money"

const usd = { digits: 2 }
const btc = { digits: 8 }

describe("parseMoney", () => {
  it.each([
    ["12", 1200],
    ["12.5", 1250],
    ["12,5", 1250],
    ["0.01", 1],
    [".5", 50],
    ["12.", 1200],
    ["1 234,56", 123456],
    ["1\u00a0234.56", 123456],
    ["1,234.56", 123456],
    ["1.234,56", 123456],
    ["0", 0],
  ])("reads %j as %i cents", (text, minor) => {
    expect(parseMoney(text, usd)).toEqual({ ok: true, minor })
  })

  it("never loses precision", () => {
    // 0.1 + 0.2 in floating point is 0.30000000000000004; parsing strings keeps it exact.
    expect(parseMoney("0.3", usd)).toEqual({ ok: true, minor: 30 })
    expect(parseMoney("1.15", usd)).toEqual({ ok: true, minor: 115 })
    expect(parseMoney("4.35", usd)).toEqual({ ok: true, minor: 435 })
    expect(parseMoney("0.00000001", btc)).toEqual({ ok: true, minor: 1 })
    expect(parseMoney("21000000.12345678", btc)).toEqual({ ok: true, minor: 2_100_000_012_345_678 })
  })

  it("treats unfinished text as empty", () => {
    for (const text of ["", " ", ",", ".", "-"]) {
      expect(parseMoney(text, { ...usd, allowNegative: true })).toEqual({ ok: true, minor: null })
    }
  })

  it("refuses more fraction digits than the currency has", () => {
    expect(parseMoney("12.345", usd)).toEqual({ ok: false, reason: "precision" })
    expect(parseMoney("1.5", { digits: 0 })).toEqual({ ok: false, reason: "precision" })
    expect(parseMoney("0.000000001", btc)).toEqual({ ok: false, reason: "precision" })
  })

  it.each(["12a", "1.2.3", "1,2,3", "1.234,5.6", "e5", "1e3", "+5"])("refuses %j", (text) => {
    expect(parseMoney(text, usd)).toEqual({ ok: false, reason: "syntax" })
  })

  it("refuses negative amounts unless allowed", () => {
    expect(parseMoney("-5", usd)).toEqual({ ok: false, reason: "negative" })
    expect(parseMoney("-5.5", { ...usd, allowNegative: true })).toEqual({ ok: true, minor: -550 })
    expect(parseMoney("-0", { ...usd, allowNegative: true })).toEqual({ ok: true, minor: 0 })
  })

  it("refuses amounts past the safe integer range", () => {
    expect(parseMoney("999999999999999999", usd)).toEqual({ ok: false, reason: "too-large" })
  })

  it("ignores the currency symbol and code in pasted text", () => {
    expect(parseMoney("$1,234.50", { ...usd, ignore: ["$", "USD"] })).toEqual({ ok: true, minor: 123450 })
    expect(parseMoney("0,5 BTC", { ...btc, ignore: ["BTC"] })).toEqual({ ok: true, minor: 50_000_000 })
  })
})

describe("formatMoneyForInput", () => {
  it("shows two fraction digits, more only when needed", () => {
    expect(formatMoneyForInput(1250, 2)).toBe("12.50")
    expect(formatMoneyForInput(5, 2)).toBe("0.05")
    expect(formatMoneyForInput(150_000, 8)).toBe("0.0015")
    expect(formatMoneyForInput(100_000_000, 8)).toBe("1.00")
    expect(formatMoneyForInput(1500, 0)).toBe("1500")
    expect(formatMoneyForInput(-1250, 2, ",")).toBe("-12,50")
  })

  it("round-trips with parseMoney", () => {
    for (const minor of [0, 1, 99, 100, 123456, 9_007_199_254_740_991]) {
      expect(parseMoney(formatMoneyForInput(minor, 2, ","), usd)).toEqual({ ok: true, minor })
    }
  })
})

describe("currencyAffix", () => {
  it("puts the symbol where the language writes it", () => {
    expect(currencyAffix("en", "USD")).toMatchObject({
      symbol: "$",
      position: "prefix",
      decimalSeparator: ".",
    })
    expect(currencyAffix("ru", "RUB")).toMatchObject({
      symbol: "₽",
      position: "suffix",
      decimalSeparator: ",",
    })
    expect(currencyAffix("de", "EUR")).toMatchObject({
      symbol: "€",
      position: "suffix",
      decimalSeparator: ",",
    })
  })

  it("shows crypto codes after the amount", () => {
    expect(currencyAffix("en", "BTC")).toMatchObject({ symbol: "BTC", position: "suffix" })
    expect(currencyAffix("en", "usdt")).toMatchObject({ symbol: "USDT", position: "suffix", name: "USDT" })
  })
})
