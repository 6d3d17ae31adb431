import { describe, expect, it } from "vitest"
import { avatarColor, getInitials } from "../src/avatar/initials"

describe("getInitials", () => {
  it.each([
    ["Maria Kowalska", "MK"],
    ["jan van der Berg", "JB"],
    ["Support", "S"],
    ["  Amara   Okafor  ", "AO"],
    ["support@manyhands.io", "S"],
    ["anna.petrova", "AP"],
    ["Jean-Luc Picard", "JP"],
    ["Émile Zola", "ÉZ"],
    ["(Bot) Captcha Router", "BR"],
    ["王小明", "王小"],
    ["さとう ゆき", "さゆ"],
    ["Łukasz", "Ł"],
    ["Worker #20931", "W"],
    ["Team 7 Support", "TS"],
    ["20931", "2"],
    ["", ""],
    ["   ", ""],
    ["—", ""],
  ])("%j → %j", (name, initials) => {
    expect(getInitials(name)).toBe(initials)
  })

  it("keeps a character made of several code points whole", () => {
    expect(getInitials("E\u0301lodie Martin")).toBe("E\u0301M")
  })
})

describe("avatarColor", () => {
  it("gives a name the same colour every time, whatever its case and spacing", () => {
    expect(avatarColor("Maria Kowalska")).toBe(avatarColor(" maria kowalska "))
  })

  it("spreads names over several colours", () => {
    const names = ["Maria Kowalska", "Amara Okafor", "Li Wei", "Diego Ramos", "Support", "Priya Nair", "Olek"]
    expect(new Set(names.map(avatarColor)).size).toBeGreaterThan(2)
  })
})
