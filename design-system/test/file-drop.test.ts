import { describe, expect, it } from "vitest"
import { checkFile, fileMatchesAccept } from "../src/file-drop/accept"

const png = { name: "captcha-0142.PNG", type: "image/png", size: 48_000 }
const csv = { name: "answers.csv", type: "text/csv", size: 3_200_000 }
const untyped = { name: "task-export.jsonl", type: "", size: 100 }

describe("fileMatchesAccept", () => {
  it("accepts everything without a list", () => {
    expect(fileMatchesAccept(untyped, [])).toBe(true)
  })

  it("matches MIME types, families and extensions without regard to case", () => {
    expect(fileMatchesAccept(png, ["image/png"])).toBe(true)
    expect(fileMatchesAccept(png, ["IMAGE/*"])).toBe(true)
    expect(fileMatchesAccept(png, [".png"])).toBe(true)
    expect(fileMatchesAccept(csv, ["image/*", ".csv"])).toBe(true)
    expect(fileMatchesAccept(untyped, [".jsonl"])).toBe(true)
  })

  it("refuses what is not listed", () => {
    expect(fileMatchesAccept(csv, ["image/png", "image/jpeg"])).toBe(false)
    expect(fileMatchesAccept(untyped, ["application/json"])).toBe(false)
    expect(fileMatchesAccept({ name: "png", type: "" }, [".png"])).toBe(false)
  })
})

describe("checkFile", () => {
  it("names the first problem", () => {
    expect(checkFile(png, { accept: ["image/*"], maxSize: 2_000_000 })).toBeNull()
    expect(checkFile(csv, { accept: ["image/*"], maxSize: 2_000_000 })).toBe("wrong-type")
    expect(checkFile(csv, { accept: [".csv"], maxSize: 2_000_000 })).toBe("too-large")
    expect(checkFile(csv, {})).toBeNull()
  })
})
