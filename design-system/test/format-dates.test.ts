import { afterEach, describe, expect, it, vi } from "vitest"
import { createFormatter } from "../src/provider/format"

const en = createFormatter("en")
const de = createFormatter("de")
const ja = createFormatter("ja")

/** Wednesday, 20 May 2026, 14:05 UTC. */
const AFTERNOON = Date.UTC(2026, 4, 20, 14, 5)
/** The same day, 09:00 UTC. */
const MORNING = "2026-05-20T09:00:00Z"

describe("the formatter's times of day", () => {
  it("writes the language's short time, in UTC by default", () => {
    expect(en.time(AFTERNOON)).toBe("2:05 PM")
    expect(de.time(AFTERNOON)).toBe("14:05")
    expect(ja.time(AFTERNOON)).toBe("14:05")
    // Each language's own hour: German pads it, English and Japanese do not.
    expect(en.time(MORNING)).toBe("9:00 AM")
    expect(de.time(MORNING)).toBe("09:00")
    expect(ja.time(new Date(MORNING))).toBe("9:00")
  })

  it("pads the hour to two digits when asked", () => {
    expect(en.time(MORNING, { padded: true })).toBe("09:00 AM")
    expect(de.time(MORNING, { padded: true })).toBe("09:00")
    expect(ja.time(MORNING, { padded: true })).toBe("09:00")
    expect(en.time(AFTERNOON, { padded: true })).toBe("02:05 PM")
  })

  it("reads the time in a given zone, and in UTC where the zone is unknown", () => {
    expect(en.time(AFTERNOON, { timeZone: "Asia/Tokyo" })).toBe("11:05 PM")
    expect(de.time(AFTERNOON, { timeZone: "Europe/Berlin" })).toBe("16:05")
    expect(ja.time(AFTERNOON, { timeZone: "America/New_York" })).toBe("10:05")
    expect(en.time(AFTERNOON, { timeZone: "Mars/Olympus_Mons" })).toBe("2:05 PM")
    expect(de.time(AFTERNOON, { timeZone: "" })).toBe("14:05")
    expect(en.time(AFTERNOON, { timeZone: undefined })).toBe("2:05 PM")
  })
})

describe("the formatter's weekdays", () => {
  it("names the day in full or short", () => {
    expect(en.weekday(AFTERNOON)).toBe("Wednesday")
    expect(en.weekday(AFTERNOON, "short")).toBe("Wed")
    expect(de.weekday(AFTERNOON, "long")).toBe("Mittwoch")
    expect(de.weekday(AFTERNOON, "short")).toBe("Mi")
    expect(ja.weekday(AFTERNOON, "long")).toBe("水曜日")
    expect(ja.weekday(AFTERNOON, "short")).toBe("水")
  })

  it("takes the day in the given zone", () => {
    const lateEvening = "2026-05-20T23:30:00Z"
    expect(en.weekday(lateEvening)).toBe("Wednesday")
    expect(en.weekday(lateEvening, "long", { timeZone: "Asia/Tokyo" })).toBe("Thursday")
    expect(de.weekday(lateEvening, "short", { timeZone: "Asia/Tokyo" })).toBe("Do")
  })
})

describe("the formatter's day and hour", () => {
  it("writes the day and the hour without the year", () => {
    expect(en.dayHour(AFTERNOON)).toBe("May 20, 2 PM")
    expect(de.dayHour(AFTERNOON)).toBe("20. Mai, 14 Uhr")
    expect(ja.dayHour(AFTERNOON)).toBe("5月20日 14時")
  })

  it("reads them in the given zone", () => {
    expect(en.dayHour(AFTERNOON, { timeZone: "America/New_York" })).toBe("May 20, 10 AM")
    expect(de.dayHour(AFTERNOON, { timeZone: "Pacific/Auckland" })).toBe("21. Mai, 02 Uhr")
    expect(ja.dayHour(AFTERNOON, { timeZone: "Asia/Tokyo" })).toBe("5月20日 23時")
  })
})

describe("the formatter's dates", () => {
  it("keeps its UTC dates and dates with times", () => {
    expect(en.date(AFTERNOON)).toBe("May 20, 2026")
    expect(de.date(AFTERNOON, "long")).toBe("20. Mai 2026")
    expect(ja.date("2026-05-20", "short")).toBe("2026/05/20")
    expect(en.dateTime(AFTERNOON)).toBe("May 20, 2026, 2:05 PM")
    expect(de.dateTime(AFTERNOON)).toBe("20.05.2026, 14:05")
    expect(ja.dateTime(AFTERNOON)).toBe("2026/05/20 14:05")
  })

  describe("caching", () => {
    afterEach(() => {
      vi.restoreAllMocks()
    })

    it("builds one Intl.DateTimeFormat per language, options and zone", () => {
      const Original = Intl.DateTimeFormat
      const built = vi.spyOn(Intl, "DateTimeFormat").mockImplementation(function (
        ...args: ConstructorParameters<typeof Intl.DateTimeFormat>
      ) {
        return new Original(...args)
      } as typeof Intl.DateTimeFormat)
      const fr = createFormatter("fr")
      fr.time(AFTERNOON, { timeZone: "Europe/Paris" })
      fr.time(MORNING, { timeZone: "Europe/Paris" })
      fr.weekday(AFTERNOON, "short")
      fr.weekday(MORNING, "short")
      expect(built).toHaveBeenCalledTimes(2)
      // An unknown zone is tried once, then answered by the UTC format from then on.
      fr.dayHour(AFTERNOON, { timeZone: "Mars/Olympus_Mons" })
      fr.dayHour(MORNING, { timeZone: "Mars/Olympus_Mons" })
      expect(built).toHaveBeenCalledTimes(4)
      expect(fr.time(AFTERNOON, { timeZone: "Europe/Paris" })).toBe("16:05")
      expect(built).toHaveBeenCalledTimes(4)
    })
  })
})
