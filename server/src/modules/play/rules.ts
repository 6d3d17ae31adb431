import {
  BOARD_NEIGHBOURS,
  BOARD_TOP,
  BOOSTER_MIN_ACCURACY,
  DEMOTED_FROM_RANK,
  LEAGUE_SIZE,
  LEAGUE_TIERS,
  PROMOTED_PER_TIER,
  PROMOTION_MIN_ACCURACY,
  PROMOTION_MIN_GOLDS,
  QUALITY_FLOOR,
  QUALITY_PRIOR_ANSWERS,
  QUALITY_PRIOR_CORRECT,
  REPORT_WEIGHT,
  SKIP_STREAK,
  STREAK_DAY_ANSWERS,
  STREAK_FREEZES_PER_WEEK,
  TOO_FAST_SHARE,
  XP_BASE,
  XP_HOURLY_CAP,
  type FraudFlag,
  type LeagueTier,
} from "@manyhands/contract/play"
import type { CabinetType } from "@manyhands/contract/worker"

/*
 * The play-and-earn hub's decisions as pure functions: what an answer earns, what a week's league does with each
 * player, whether a streak holds, whether a booster still runs, who is kept off the board. The service applies them
 * in the transaction of the change they decide (as payments.ts decides a payment's next state).
 */

/** What counts towards a player's quality in a type: gold answers and customers' reports of their answers. */
export interface QualityCounts {
  goldCorrect: number
  goldWrong: number
  reportedGood: number
  reportedBad: number
}

/** Accuracy smoothed towards the prior (a newcomer with no checked answers is at 80 %). */
export function smoothedAccuracy({
  goldCorrect,
  goldWrong,
  reportedGood,
  reportedBad,
}: QualityCounts): number {
  const right = goldCorrect + REPORT_WEIGHT * reportedGood
  const checked = goldCorrect + goldWrong + REPORT_WEIGHT * (reportedGood + reportedBad)
  return (right + QUALITY_PRIOR_CORRECT) / (checked + QUALITY_PRIOR_ANSWERS)
}

/** 0 at or below the floor accuracy, 1 at 100 %, linear between; two decimals, so the history can show it. */
export function qualityFactor(counts: QualityCounts): number {
  const accuracy = smoothedAccuracy(counts)
  const factor = (accuracy - QUALITY_FLOOR) / (1 - QUALITY_FLOOR)
  return Math.round(Math.min(1, Math.max(0, factor)) * 100) / 100
}

/** What one accepted answer earns: the type's base × quality, cut to what is left of the hour's cap. */
export interface Award {
  /** XP credited (0 when the hour's cap is reached). */
  xp: number
  /** XP the answer was worth before the cap. */
  worth: number
  base: number
  quality: number
  /** The hour's cap took some or all of it. */
  capped: boolean
}

export function awardFor(type: CabinetType, quality: number, earnedThisHour: number): Award {
  const base = XP_BASE[type]
  const worth = Math.round(base * quality)
  const left = Math.max(0, XP_HOURLY_CAP - earnedThisHour)
  const xp = Math.min(worth, left)
  return { xp, worth, base, quality, capped: xp < worth }
}

/**
 * The XP an answer later judged wrong gives back: exactly what it was credited (never more, so a clawback cannot
 * take XP earned by other answers), once.
 */
export function clawbackFor(credited: number, alreadyClawedBack: boolean): number {
  return alreadyClawedBack || credited <= 0 ? 0 : -credited
}

/** A player entering the week's leagues: their tier and last week's volume (answers). */
export interface LeagueEntrant {
  id: string
  tier: LeagueTier
  volume: number
}

/**
 * The week's leagues: per tier, players of similar volume together, LEAGUE_SIZE at most. Entrants are sorted by
 * volume (then id, so the grouping is the same for the same input) and cut into as few leagues as the size allows,
 * as evenly as possible (a tier of 31 makes leagues of 16 and 15, not 30 and 1).
 */
export function formLeagues(entrants: LeagueEntrant[]): { tier: LeagueTier; members: string[] }[] {
  const leagues: { tier: LeagueTier; members: string[] }[] = []
  for (const tier of LEAGUE_TIERS) {
    const players = entrants
      .filter((entrant) => entrant.tier === tier)
      .sort((a, b) => b.volume - a.volume || a.id.localeCompare(b.id))
    if (players.length === 0) continue
    const count = Math.ceil(players.length / LEAGUE_SIZE)
    const base = Math.floor(players.length / count)
    const bigger = players.length % count
    let at = 0
    for (let index = 0; index < count; index++) {
      const size = base + (index < bigger ? 1 : 0)
      leagues.push({ tier, members: players.slice(at, at + size).map((player) => player.id) })
      at += size
    }
  }
  return leagues
}

/** A league member's week: XP earned, gold answers and the right share of them, fraud flags. */
export interface LeagueStanding {
  id: string
  xp: number
  golds: number
  goldCorrect: number
  flags: FraudFlag[]
}

export type WeekOutcome = "promoted" | "stays" | "demoted"

export interface RankedStanding extends LeagueStanding {
  /** 1-based; flagged players are not ranked (null) and neither move up nor count for others' ranks. */
  rank: number | null
  outcome: WeekOutcome
  /** Why a player in the promotion zone stays: too few golds or accuracy under the bar. */
  held?: "fewGolds" | "accuracy"
}

/** Ranks by XP (ties: more accurate first, then id) and decides promotion (rank and accuracy) and demotion. */
export function rankLeague(tier: LeagueTier, members: LeagueStanding[]): RankedStanding[] {
  const accuracy = (member: LeagueStanding) => (member.golds === 0 ? 0 : member.goldCorrect / member.golds)
  const clean = members
    .filter((member) => member.flags.length === 0)
    .sort((a, b) => b.xp - a.xp || accuracy(b) - accuracy(a) || a.id.localeCompare(b.id))
  const tierIndex = LEAGUE_TIERS.indexOf(tier)
  const promotedPlaces = PROMOTED_PER_TIER[tier]
  const ranked: RankedStanding[] = clean.map((member, index) => {
    const rank = index + 1
    if (rank <= promotedPlaces && member.xp > 0) {
      if (member.golds < PROMOTION_MIN_GOLDS) return { ...member, rank, outcome: "stays", held: "fewGolds" }
      if (accuracy(member) < PROMOTION_MIN_ACCURACY)
        return { ...member, rank, outcome: "stays", held: "accuracy" }
      return { ...member, rank, outcome: "promoted" }
    }
    const demoted = tierIndex > 0 && (rank >= DEMOTED_FROM_RANK || member.xp === 0)
    return { ...member, rank, outcome: demoted ? "demoted" : "stays" }
  })
  const flagged: RankedStanding[] = members
    .filter((member) => member.flags.length > 0)
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((member) => ({ ...member, rank: null, outcome: "stays" }))
  return [...ranked, ...flagged]
}

/** The tier after the week's outcome. */
export function nextTier(tier: LeagueTier, outcome: WeekOutcome): LeagueTier {
  const index = LEAGUE_TIERS.indexOf(tier)
  const next = outcome === "promoted" ? index + 1 : outcome === "demoted" ? index - 1 : index
  return LEAGUE_TIERS[Math.min(LEAGUE_TIERS.length - 1, Math.max(0, next))]!
}

/** What the board shows a viewer: the top BOARD_TOP, and the viewer with BOARD_NEIGHBOURS on each side. */
export function boardFor<T extends { id: string; rank: number | null }>(
  ranked: T[],
  viewerId: string,
): { top: T[]; around: T[] } {
  const onBoard = ranked.filter((row) => row.rank !== null)
  const top = onBoard.slice(0, BOARD_TOP)
  const at = onBoard.findIndex((row) => row.id === viewerId)
  if (at < 0 || at < BOARD_TOP) return { top, around: [] }
  const from = Math.max(BOARD_TOP, at - BOARD_NEIGHBOURS)
  return { top, around: onBoard.slice(from, at + BOARD_NEIGHBOURS + 1) }
}

/** "2026-12-01" + days. */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** Monday of the ISO week of a day. */
const weekOf = (day: string) => {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7
  return addDays(day, -weekday)
}

export interface Streak {
  /** Streak days in a row up to today (or yesterday, while today is still open). */
  days: number
  /** Days inside the streak a freeze covered. */
  frozen: string[]
  /** Today already counts. */
  todayDone: boolean
}

/**
 * The streak on `today` from the accurate answers of each day (the player's days, "YYYY-MM-DD"): a day counts with
 * STREAK_DAY_ANSWERS or more; a missed day is frozen when its ISO week has a freeze left (STREAK_FREEZES_PER_WEEK),
 * never two days in a row. Today does not break a streak until it is over.
 */
export function streakOn(today: string, accurateAnswers: ReadonlyMap<string, number>): Streak {
  const counts = (day: string) => (accurateAnswers.get(day) ?? 0) >= STREAK_DAY_ANSWERS
  const todayDone = counts(today)
  const frozen: string[] = []
  const freezesUsed = new Map<string, number>()
  let days = todayDone ? 1 : 0
  let day = addDays(today, -1)
  let previousFrozen = false
  // Earliest day with answers: nothing before it can count.
  const earliest = [...accurateAnswers.keys()].sort()[0] ?? today
  while (day >= earliest) {
    if (counts(day)) {
      days += 1
      previousFrozen = false
    } else {
      const week = weekOf(day)
      const used = freezesUsed.get(week) ?? 0
      // A freeze bridges one missed day between two counted ones.
      if (previousFrozen || used >= STREAK_FREEZES_PER_WEEK || !counts(addDays(day, -1))) break
      freezesUsed.set(week, used + 1)
      frozen.push(day)
      previousFrozen = true
    }
    day = addDays(day, -1)
  }
  return { days, frozen, todayDone }
}

/** A booster: more pay by a per cent for a time, while accuracy holds. */
export interface Booster {
  startedAt: Date
  endsAt: Date
}

export type BoosterState =
  { state: "active" } | { state: "ended"; reason: "expired" | "mistake" | "accuracy"; at: Date }

/**
 * A booster's state at `now`: it ends at its end time, at the first confirmed mistake after it started (a wrong
 * gold answer or an upheld report), or as soon as the accuracy of the answers checked since it started falls under
 * BOOSTER_MIN_ACCURACY.
 */
export function boosterState(
  booster: Booster,
  now: Date,
  { firstMistakeAt, checked, correct }: { firstMistakeAt: Date | null; checked: number; correct: number },
): BoosterState {
  if (firstMistakeAt && firstMistakeAt >= booster.startedAt && firstMistakeAt < booster.endsAt)
    return { state: "ended", reason: "mistake", at: firstMistakeAt }
  if (now >= booster.endsAt) return { state: "ended", reason: "expired", at: booster.endsAt }
  if (checked > 0 && correct / checked < BOOSTER_MIN_ACCURACY)
    return { state: "ended", reason: "accuracy", at: now }
  return { state: "active" }
}

/** The booster's share of an answer's pay (micro-units), rounded down: what the bonus transfer moves. */
export function boosterBonus(pay: number, percent: number): number {
  return Math.floor((pay * percent) / 100)
}

/**
 * Fraud flags from a player's week: too many answers faster than the type's 1st percentile of solve times, linked
 * accounts (same device or payout address as another player), a long run of skips.
 */
export function fraudFlags({
  answers,
  tooFast,
  linkedAccounts,
  longestSkipRun,
}: {
  answers: number
  tooFast: number
  linkedAccounts: number
  longestSkipRun: number
}): FraudFlag[] {
  const flags: FraudFlag[] = []
  if (answers > 0 && tooFast / answers >= TOO_FAST_SHARE) flags.push("tooFast")
  if (linkedAccounts > 0) flags.push("linkedAccounts")
  if (longestSkipRun >= SKIP_STREAK) flags.push("skipStreak")
  return flags
}
