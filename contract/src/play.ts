import type { CabinetType } from "./worker"

/*
 * The play-and-earn hub's rules (spec §1, issue 26; research: ../shared/reference/product-areas.md §6). XP rewards
 * accurate work, never volume alone: XP per answer is the type's base value times a quality factor from gold tasks
 * and customers' reports, answers later judged wrong take their XP back, and XP per hour is capped. These numbers are
 * shown to players (the hub's FAQ and rewards page) and used by the server.
 */

/** XP of one accepted answer at full quality, by how much work the type is. */
export const XP_BASE: Record<CabinetType, number> = {
  ImageToTextTask: 10,
  TextCaptchaTask: 10,
  RotateTask: 10,
  GridTask: 15,
  CoordinatesTask: 15,
  AudioTask: 15,
  BoundingBoxTask: 20,
  DrawAroundTask: 25,
}

/** XP a player can earn in one clock hour; what passes it is recorded as capped, with no XP. */
export const XP_HOURLY_CAP = 600

/**
 * The quality factor: accuracy smoothed towards a prior of QUALITY_PRIOR_CORRECT right answers out of
 * QUALITY_PRIOR_ANSWERS (a newcomer starts at 80 %), then mapped linearly from QUALITY_FLOOR (factor 0) to
 * 100 % (factor 1). A customer's report weighs REPORT_WEIGHT gold answers.
 */
export const QUALITY_PRIOR_CORRECT = 8
export const QUALITY_PRIOR_ANSWERS = 10
export const QUALITY_FLOOR = 0.6
export const REPORT_WEIGHT = 2

/** Weekly leagues: 30 players of similar volume in a tier; ten tiers. */
export const LEAGUE_SIZE = 30
export const LEAGUE_TIERS = [
  "bronze",
  "silver",
  "gold",
  "sapphire",
  "ruby",
  "emerald",
  "amethyst",
  "pearl",
  "obsidian",
  "diamond",
] as const
export type LeagueTier = (typeof LEAGUE_TIERS)[number]

/** How many of a league move up at the week's end, by tier (fewer higher up); the top tier promotes nobody. */
export const PROMOTED_PER_TIER: Record<LeagueTier, number> = {
  bronze: 20,
  silver: 15,
  gold: 10,
  sapphire: 7,
  ruby: 7,
  emerald: 5,
  amethyst: 5,
  pearl: 5,
  obsidian: 5,
  diamond: 0,
}
/** From this rank down a league's players move down a tier (not from bronze). */
export const DEMOTED_FROM_RANK = 26

/** Promotion also needs this accuracy over at least PROMOTION_MIN_GOLDS gold answers in the week. */
export const PROMOTION_MIN_ACCURACY = 0.9
export const PROMOTION_MIN_GOLDS = 10

/** A streak day: at least this many accurate answers in the player's day; one missed day a week is frozen. */
export const STREAK_DAY_ANSWERS = 20
export const STREAK_FREEZES_PER_WEEK = 1

/** A booster lasts this long at most and holds only while accuracy stays at or above the bar. */
export const BOOSTER_MIN_ACCURACY = 0.9

/** The board shows the top of the league and this many players on each side of the viewer. */
export const BOARD_TOP = 5
export const BOARD_NEIGHBOURS = 2

/** Why a player is kept off the board (anti-fraud). */
export const FRAUD_FLAGS = ["tooFast", "linkedAccounts", "skipStreak"] as const
export type FraudFlag = (typeof FRAUD_FLAGS)[number]
/** Answers faster than the type's 1st percentile of solve times, this share of the week's answers or more, flag. */
export const TOO_FAST_SHARE = 0.2
/** This many skips in a row (taking tasks to pick the easy ones) flag. */
export const SKIP_STREAK = 25
