import {
  DEMOTED_FROM_RANK,
  LEAGUE_SIZE,
  PROMOTED_PER_TIER,
  PROMOTION_MIN_GOLDS,
  STREAK_DAY_ANSWERS,
  XP_BASE,
  XP_HOURLY_CAP,
} from "@manyhands/contract/play"
import { describe, expect, it } from "vitest"
import {
  awardFor,
  boardFor,
  boosterBonus,
  boosterState,
  clawbackFor,
  formLeagues,
  fraudFlags,
  nextTier,
  qualityFactor,
  rankLeague,
  smoothedAccuracy,
  streakOn,
  type LeagueEntrant,
  type LeagueStanding,
} from "../src/modules/play/rules"

/*
 * The play-and-earn hub's rules (issue 26): XP by quality with clawback and an hourly cap, leagues of similar
 * volume with accuracy-gated promotion, streaks with a weekly freeze, boosters that a mistake ends, fraud flags.
 */

const none = { goldCorrect: 0, goldWrong: 0, reportedGood: 0, reportedBad: 0 }

describe("XP", () => {
  it("weighs an answer by quality: a newcomer at the prior, an accurate player in full, a careless one at nothing", () => {
    expect(smoothedAccuracy(none)).toBeCloseTo(0.8)
    expect(qualityFactor(none)).toBe(0.5)
    expect(qualityFactor({ ...none, goldCorrect: 390 })).toBe(0.99)
    expect(qualityFactor({ ...none, goldCorrect: 30, goldWrong: 30 })).toBe(0)
    // A customer's report weighs two gold answers: one bad report costs as much as two wrong golds.
    expect(qualityFactor({ ...none, goldCorrect: 40, reportedBad: 1 })).toBe(
      qualityFactor({ ...none, goldCorrect: 40, goldWrong: 2 }),
    )
    expect(awardFor("DrawAroundTask", 1, 0)).toEqual({
      xp: XP_BASE.DrawAroundTask,
      worth: XP_BASE.DrawAroundTask,
      base: XP_BASE.DrawAroundTask,
      quality: 1,
      capped: false,
    })
    expect(awardFor("GridTask", 0.5, 0).xp).toBe(Math.round(XP_BASE.GridTask * 0.5))
  })

  it("stops at the hour's cap: the answer that crosses it gets what is left, the ones after get nothing", () => {
    const base = XP_BASE.ImageToTextTask
    expect(awardFor("ImageToTextTask", 1, XP_HOURLY_CAP - base)).toMatchObject({ xp: base, capped: false })
    expect(awardFor("ImageToTextTask", 1, XP_HOURLY_CAP - 3)).toMatchObject({
      xp: 3,
      worth: base,
      capped: true,
    })
    expect(awardFor("ImageToTextTask", 1, XP_HOURLY_CAP)).toMatchObject({ xp: 0, capped: true })
    // Farming an hour at full quality never passes the cap.
    let earned = 0
    for (let answer = 0; answer < 500; answer++) earned += awardFor("ImageToTextTask", 1, earned).xp
    expect(earned).toBe(XP_HOURLY_CAP)
  })

  it("takes back exactly what a wrong answer was credited, once", () => {
    expect(clawbackFor(12, false)).toBe(-12)
    expect(clawbackFor(12, true)).toBe(0)
    expect(clawbackFor(0, false)).toBe(0)
  })
})

const standing = (id: string, xp: number, golds = 20, goldCorrect = golds): LeagueStanding => ({
  id,
  xp,
  golds,
  goldCorrect,
  flags: [],
})

describe("leagues", () => {
  it("groups each tier's players by volume into leagues of at most 30, as even as possible", () => {
    const entrants: LeagueEntrant[] = Array.from({ length: 61 }, (_, index) => ({
      id: `p${String(index).padStart(2, "0")}`,
      tier: "bronze",
      volume: index * 10,
    }))
    entrants.push({ id: "s1", tier: "silver", volume: 5 })
    const leagues = formLeagues(entrants)
    expect(leagues.map((league) => [league.tier, league.members.length])).toEqual([
      ["bronze", 21],
      ["bronze", 20],
      ["bronze", 20],
      ["silver", 1],
    ])
    // The busiest players together: the first league holds the 21 highest volumes.
    expect(leagues[0]!.members[0]).toBe("p60")
    expect(leagues[0]!.members.at(-1)).toBe("p40")
    for (const league of leagues) expect(league.members.length).toBeLessThanOrEqual(LEAGUE_SIZE)
    expect(formLeagues(entrants)).toEqual(leagues)
  })

  it("promotes the top of the league only with enough gold answers at the accuracy bar, and demotes the bottom", () => {
    const members = Array.from({ length: LEAGUE_SIZE }, (_, index) =>
      standing(`m${index}`, 1000 - index * 10),
    )
    members[0] = standing("m0", 2000, PROMOTION_MIN_GOLDS - 1) // first, but too few golds
    members[1] = standing("m1", 1990, 20, 17) // 85 %: under the bar
    const ranked = rankLeague("silver", members)
    const byId = new Map(ranked.map((row) => [row.id, row]))
    expect(byId.get("m0")).toMatchObject({ rank: 1, outcome: "stays", held: "fewGolds" })
    expect(byId.get("m1")).toMatchObject({ rank: 2, outcome: "stays", held: "accuracy" })
    expect(byId.get("m2")).toMatchObject({ rank: 3, outcome: "promoted" })
    const promoted = ranked.filter((row) => row.outcome === "promoted")
    expect(promoted).toHaveLength(PROMOTED_PER_TIER.silver - 2)
    expect(ranked.filter((row) => row.outcome === "demoted").map((row) => row.rank)).toEqual(
      Array.from({ length: LEAGUE_SIZE - DEMOTED_FROM_RANK + 1 }, (_, index) => DEMOTED_FROM_RANK + index),
    )
    // Bronze demotes nobody; the top tier promotes nobody.
    expect(rankLeague("bronze", members).some((row) => row.outcome === "demoted")).toBe(false)
    expect(rankLeague("diamond", members).some((row) => row.outcome === "promoted")).toBe(false)
    expect(nextTier("silver", "promoted")).toBe("gold")
    expect(nextTier("bronze", "demoted")).toBe("bronze")
    expect(nextTier("diamond", "promoted")).toBe("diamond")
  })

  it("keeps flagged players off the board: unranked, not moved, and not in anyone's way", () => {
    const members = [
      standing("fast", 5000),
      standing("a", 300),
      standing("b", 200),
      { ...standing("linked", 4000), flags: ["linkedAccounts" as const] },
    ]
    members[0]!.flags = ["tooFast"]
    const ranked = rankLeague("bronze", members)
    expect(ranked.map((row) => [row.id, row.rank, row.outcome])).toEqual([
      ["a", 1, "promoted"],
      ["b", 2, "promoted"],
      ["fast", null, "stays"],
      ["linked", null, "stays"],
    ])
  })

  it("shows the top 5 and the viewer's neighbours", () => {
    const ranked = rankLeague(
      "gold",
      Array.from({ length: 20 }, (_, index) => standing(`r${index + 1}`, 1000 - index)),
    )
    const board = boardFor(ranked, "r12")
    expect(board.top.map((row) => row.id)).toEqual(["r1", "r2", "r3", "r4", "r5"])
    expect(board.around.map((row) => row.id)).toEqual(["r10", "r11", "r12", "r13", "r14"])
    // A viewer in the top 5 sees only the top; the neighbours never repeat the top.
    expect(boardFor(ranked, "r3").around).toEqual([])
    expect(boardFor(ranked, "r6").around.map((row) => row.id)).toEqual(["r6", "r7", "r8"])
  })
})

describe("streaks", () => {
  const days = (entries: [string, number][]) => new Map(entries)
  const full = STREAK_DAY_ANSWERS

  it("counts days in a row with enough accurate answers; today counts once done and breaks nothing while open", () => {
    const history = days([
      ["2026-11-27", full],
      ["2026-11-28", full],
      ["2026-11-29", full + 5],
      ["2026-11-30", full],
    ])
    expect(streakOn("2026-11-30", history)).toEqual({ days: 4, frozen: [], todayDone: true })
    expect(streakOn("2026-12-01", history)).toEqual({ days: 4, frozen: [], todayDone: false })
    // A day short of the bar does not count (the week's freeze bridges it).
    expect(streakOn("2026-11-30", days([...history, ["2026-11-29", full - 1]]))).toEqual({
      days: 3,
      frozen: ["2026-11-29"],
      todayDone: true,
    })
    expect(streakOn("2026-11-30", days([["2026-11-30", full - 1]])).days).toBe(0)
  })

  it("freezes one missed day a week, never two in a row", () => {
    // Monday 23 November to Sunday 29 November is one ISO week.
    const history = days([
      ["2026-11-23", full],
      ["2026-11-25", full],
      ["2026-11-26", full],
      ["2026-11-28", full],
      ["2026-11-29", full],
    ])
    // Back from today: the 27th takes the week's freeze, so the 24th ends the streak, which began on the 25th.
    expect(streakOn("2026-11-29", history)).toEqual({ days: 4, frozen: ["2026-11-27"], todayDone: true })
    // Two missed days in a row end it.
    const gap = days([
      ["2026-11-20", full],
      ["2026-11-23", full],
      ["2026-11-24", full],
    ])
    expect(streakOn("2026-11-24", gap).days).toBe(2)
    // The next week has its own freeze.
    const twoWeeks = days([
      ["2026-11-20", full],
      ["2026-11-22", full], // the 21st missed: the freeze of the week from the 16th
      ["2026-11-24", full], // the 23rd (a Monday) missed: the freeze of the week from the 23rd
      ["2026-11-25", full],
    ])
    expect(streakOn("2026-11-25", twoWeeks)).toEqual({
      days: 4,
      frozen: ["2026-11-23", "2026-11-21"],
      todayDone: true,
    })
  })
})

describe("boosters", () => {
  const booster = { startedAt: new Date("2026-12-01T10:00:00Z"), endsAt: new Date("2026-12-01T11:00:00Z") }
  const at = (time: string) => new Date(`2026-12-01T${time}Z`)

  it("runs while accuracy holds, and ends at the first confirmed mistake, at its time, or under the bar", () => {
    expect(boosterState(booster, at("10:30:00"), { firstMistakeAt: null, checked: 10, correct: 10 })).toEqual(
      {
        state: "active",
      },
    )
    expect(
      boosterState(booster, at("10:40:00"), { firstMistakeAt: at("10:20:00"), checked: 10, correct: 9 }),
    ).toEqual({ state: "ended", reason: "mistake", at: at("10:20:00") })
    // A mistake before it started does not end it.
    expect(
      boosterState(booster, at("10:40:00"), { firstMistakeAt: at("09:59:00"), checked: 0, correct: 0 }),
    ).toEqual({ state: "active" })
    expect(boosterState(booster, at("11:00:00"), { firstMistakeAt: null, checked: 3, correct: 3 })).toEqual({
      state: "ended",
      reason: "expired",
      at: booster.endsAt,
    })
    expect(
      boosterState(booster, at("10:50:00"), { firstMistakeAt: null, checked: 20, correct: 17 }),
    ).toMatchObject({ state: "ended", reason: "accuracy" })
  })

  it("pays its per cent of the answer's pay, rounded down to the micro-unit", () => {
    expect(boosterBonus(1_234, 10)).toBe(123)
    expect(boosterBonus(999, 15)).toBe(149)
    expect(boosterBonus(0, 50)).toBe(0)
  })
})

describe("fraud flags", () => {
  it("flags answers faster than the type allows, linked accounts and long skip runs", () => {
    const clean = { answers: 100, tooFast: 5, linkedAccounts: 0, longestSkipRun: 3 }
    expect(fraudFlags(clean)).toEqual([])
    expect(fraudFlags({ ...clean, tooFast: 20 })).toEqual(["tooFast"])
    expect(fraudFlags({ ...clean, linkedAccounts: 1 })).toEqual(["linkedAccounts"])
    expect(fraudFlags({ ...clean, longestSkipRun: 25 })).toEqual(["skipStreak"])
    expect(fraudFlags({ answers: 0, tooFast: 0, linkedAccounts: 0, longestSkipRun: 0 })).toEqual([])
  })
})
