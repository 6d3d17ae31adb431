import { describe, expect, it } from "vitest"
import { createFormatter } from "../src/provider/format"

describe("the formatter's names and lists", () => {
  it("names languages and currencies in its own language, the code where the runtime knows none", () => {
    const en = createFormatter("en")
    const de = createFormatter("de")
    expect(en.languageName("de")).toBe("German")
    expect(de.languageName("de")).toBe("Deutsch")
    expect(createFormatter("es").languageName("es")).toBe("español")
    expect(createFormatter("es").languageName("es", { capitalized: true })).toBe("Español")
    expect(en.currencyName("usd")).toBe("US Dollar")
    expect(createFormatter("ru").currencyName("EUR")).toBe("евро")
    // Unknown but well-formed codes come back as they are; malformed ones too, instead of throwing.
    expect(en.languageName("qaa")).toBe("qaa")
    expect(en.languageName("12")).toBe("12")
    expect(en.currencyName("XYZ")).toBe("XYZ")
  })

  it("joins lists as the language does", () => {
    expect(createFormatter("en").list(["image", "audio", "token"])).toBe("image, audio, and token")
    expect(createFormatter("en").list(["image", "audio"], "or")).toBe("image or audio")
    expect(createFormatter("ru").list(["текст", "звук"])).toBe("текст и звук")
  })
})
