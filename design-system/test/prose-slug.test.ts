import { describe, expect, it } from "vitest"
import { slugify } from "../src/prose/slug"

describe("slugify", () => {
  it("makes a readable anchor", () => {
    expect(slugify("Sending a captcha: in.php")).toBe("sending-a-captcha-in-php")
    expect(slugify("  Réponse de res.php  ")).toBe("reponse-de-res-php")
    expect(slugify("Step 2 — poll for the answer!")).toBe("step-2-poll-for-the-answer")
  })
  it("keeps letters of every script", () => {
    expect(slugify("料金と支払い")).toBe("料金と支払い")
    expect(slugify("Выплаты исполнителям")).toBe("выплаты-исполнителям")
    expect(slugify("ガイド")).toBe("ガイド")
  })
  it("gives an empty string for text without letters", () => {
    expect(slugify("#!?")).toBe("")
  })
})
