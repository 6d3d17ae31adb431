import { Page, PageQuery } from "./common"
import { defineEndpoints, routeDatum } from "./endpoint"
import {
  DateTime,
  Day,
  IdParams,
  Money,
  Nullable,
  StrictObject,
  StringEnum,
  Type,
  type Static,
} from "./schema"
import { CABINET_TYPES, SKILL_STATUSES, type CabinetType } from "./worker"

// The answer outcome's XP part is declared with the worker API (which the hub's rules import from).
export { XpAward } from "./worker"

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

/** A booster is at most this many per cent and lasts at most this long. */
export const BOOSTER_MAX_PERCENT = 50
export const BOOSTER_MAX_MINUTES = 24 * 60

// ---------------------------------------------------------------------------------------------------------
// Levels and rewards

/** Level L begins at LEVEL_STEP_XP × (L − 1)² XP: 50, 200, 450, 800 … */
export const LEVEL_STEP_XP = 50
/** The XP at which a level begins. */
export const levelStartXp = (level: number) => LEVEL_STEP_XP * (level - 1) ** 2
/** The level of a total of XP (1 from 0 XP). */
export function levelOf(xp: number): number {
  return Math.floor(Math.sqrt(Math.max(0, xp) / LEVEL_STEP_XP)) + 1
}

/** The booster each even level gives: +10 % pay for an hour, while accuracy holds. */
export const LEVEL_BOOSTER = { percent: 10, minutes: 60 } as const
/** The bonus each odd level from 3 gives: USD 0.05 per level reached (micro-units). */
export const LEVEL_BONUS_PER_LEVEL = 50_000
/** The bonus of a promotion to the next league tier (micro-units of USD). */
export const PROMOTION_BONUS = 200_000

export const REWARD_KINDS = ["booster", "bonus"] as const
export type RewardKind = (typeof REWARD_KINDS)[number]
/** level: reaching a level; promotion: moving up a league tier at a week's end. */
export const REWARD_REASONS = ["level", "promotion"] as const
export type RewardReason = (typeof REWARD_REASONS)[number]

/** What reaching a level gives: a booster on even levels, a bonus on odd ones from 3 (level 1 gives nothing). */
export function levelReward(
  level: number,
): { kind: "booster"; percent: number; minutes: number } | { kind: "bonus"; amount: number } | null {
  if (level < 2) return null
  if (level % 2 === 0) return { kind: "booster", ...LEVEL_BOOSTER }
  return { kind: "bonus", amount: LEVEL_BONUS_PER_LEVEL * level }
}

/** Badges a profile shows, each earned once. */
export const BADGES = [
  "firstAnswer",
  "hundredAnswers",
  "trained",
  "streakWeek",
  "promoted",
  "boosterKept",
] as const
export type Badge = (typeof BADGES)[number]

// ---------------------------------------------------------------------------------------------------------
// The hub's API (signed in, any account type; XP, leagues and rewards are a worker's)

export const PLAY_API_BASE = "/api/v2/play"

/**
 * answer: a customer's task answered; check: a check task mixed into real work (right or wrong, told after the
 * answer); training: a training task answered right; clawback: an answer later judged wrong gives its XP back.
 */
export const XP_EVENT_KINDS = ["answer", "check", "training", "clawback"] as const
export type XpEventKind = (typeof XP_EVENT_KINDS)[number]

const TaskType = () => Type.String({ description: "The task type, e.g. ImageToTextTask." })

/** One change of a player's XP, with everything that explains it ("why did my score change"). */
export const XpEvent = Type.Object({
  id: Type.String(),
  at: DateTime(),
  kind: StringEnum(XP_EVENT_KINDS),
  type: TaskType(),
  assignmentId: Type.String({ description: "The answer (assignment) it is about." }),
  xp: Type.Integer({ description: "The change: credited (≥ 0) or taken back (< 0)." }),
  base: Type.Integer({ description: "The type's XP at full quality." }),
  quality: Type.Number({ description: "The quality factor, 0 to 1, when the answer was given." }),
  worth: Type.Integer({ description: "base × quality, before the hour's cap." }),
  capped: Type.Boolean({ description: "The hour's cap took some or all of it." }),
  correct: Nullable(Type.Boolean(), {
    description: "Check and training answers: whether it was right; null for a customer's task.",
  }),
})
export type XpEvent = Static<typeof XpEvent>

export const Streak = Type.Object({
  days: Type.Integer({ description: "Days in a row with enough accurate answers, up to today." }),
  todayDone: Type.Boolean(),
  todayAnswers: Type.Integer({ description: "Accurate answers today (the player's day, UTC)." }),
  dayTarget: Type.Integer({ description: "Accurate answers a day needs." }),
  frozen: Type.Array(Day(), { description: "Missed days a freeze covered." }),
  freezeLeft: Type.Boolean({ description: "This week's freeze is still unused." }),
})
export type Streak = Static<typeof Streak>

/** An amount in micro-units of each currency answers are paid in (a booster pays in the answer's currency). */
const PerCurrency = (description: string) =>
  Type.Object(
    {
      USD: Type.Integer({ description: "Micro-units of USD." }),
      RUB: Type.Integer({ description: "Micro-units of RUB." }),
    },
    { description },
  )

export const BOOSTER_STATES = ["active", "expired", "mistake", "accuracy"] as const
export type BoosterStateName = (typeof BOOSTER_STATES)[number]

export const BoosterView = Type.Object({
  id: Type.String(),
  percent: Type.Integer(),
  startedAt: DateTime(),
  endsAt: DateTime(),
  state: StringEnum(BOOSTER_STATES, {
    description: "active, or why it ended: its time ran out, a confirmed mistake, accuracy under the bar.",
  }),
  endedAt: Nullable(DateTime()),
  checked: Type.Integer({ description: "Answers checked since it started (check tasks and reports)." }),
  correct: Type.Integer(),
  bonusPaid: PerCurrency("Bonuses it paid so far: micro-units of each currency answers were paid in."),
})
export type BoosterView = Static<typeof BoosterView>

export const LEAGUE_ZONES = ["promotion", "safe", "demotion"] as const

export const PlaySummary = Type.Object({
  isWorker: Type.Boolean({ description: "XP, leagues and rewards are a worker's; others practise." }),
  xp: Type.Integer(),
  level: Type.Integer(),
  levelStartXp: Type.Integer(),
  nextLevelXp: Type.Integer(),
  hourXp: Type.Integer({ description: "XP earned this clock hour." }),
  hourCap: Type.Integer(),
  tier: StringEnum(LEAGUE_TIERS),
  week: Type.Object({
    starts: Day("Monday of this week (UTC)."),
    rank: Nullable(Type.Integer(), { description: "Rank in this week's league; null before the first XP." }),
    players: Type.Integer({ description: "Players in the league." }),
    xp: Type.Integer({ description: "XP this week." }),
  }),
  streak: Streak,
  booster: Nullable(BoosterView, { description: "The active booster." }),
  rewardsWaiting: Type.Integer({ description: "Rewards to claim." }),
  recent: Type.Array(XpEvent, { description: "The last XP changes, newest first (at most 10)." }),
})
export type PlaySummary = Static<typeof PlaySummary>

export const BOARD_SCOPES = ["week", "all"] as const
export type BoardScope = (typeof BOARD_SCOPES)[number]

export const BoardRow = Type.Object({
  rank: Type.Integer(),
  name: Type.String({ description: "The player's display name, or Player #id." }),
  xp: Type.Integer(),
  accuracy: Nullable(Type.Number(), {
    description: "Check answers right this week, 0 to 1; null without any.",
  }),
  me: Type.Boolean(),
  zone: StringEnum(LEAGUE_ZONES, { description: "Where the rank stands at the week's end (week scope)." }),
})
export type BoardRow = Static<typeof BoardRow>

export const Leaderboard = Type.Object({
  scope: StringEnum(BOARD_SCOPES),
  tier: StringEnum(LEAGUE_TIERS),
  week: Day("Monday of the week shown."),
  players: Type.Integer({ description: "Players on the board (the league's for a week)." }),
  top: Type.Array(BoardRow, { description: `The top ${BOARD_TOP}.` }),
  around: Type.Array(BoardRow, {
    description: `The viewer and ${BOARD_NEIGHBOURS} players each side, when below the top.`,
  }),
  me: Nullable(BoardRow),
  promotionPlaces: Type.Integer(),
  demotionFrom: Nullable(Type.Integer(), { description: "From this rank down a player moves down a tier." }),
  promotionAccuracy: Type.Number(),
  promotionGolds: Type.Integer(),
  golds: Type.Integer({ description: "The viewer's check answers this week." }),
  flags: Type.Array(StringEnum(FRAUD_FLAGS), {
    description: "Why the viewer is kept off the board (empty when they are on it).",
  }),
})
export type Leaderboard = Static<typeof Leaderboard>

export const BoardQuery = StrictObject({
  scope: Type.Optional(StringEnum(BOARD_SCOPES, { default: "week" })),
})

export const REWARD_STATES = ["available", "claimed"] as const
export const Reward = Type.Object({
  id: Type.String(),
  kind: StringEnum(REWARD_KINDS),
  reason: StringEnum(REWARD_REASONS),
  level: Nullable(Type.Integer(), { description: "The level reached (reason level)." }),
  week: Nullable(Day(), { description: "The week of the promotion (reason promotion)." }),
  percent: Nullable(Type.Integer(), { description: "Booster: the raise of pay." }),
  minutes: Nullable(Type.Integer(), { description: "Booster: how long it lasts." }),
  amount: Nullable(Money("Bonus: micro-units of USD.")),
  state: StringEnum(REWARD_STATES),
  earnedAt: DateTime(),
  claimedAt: Nullable(DateTime()),
})
export type Reward = Static<typeof Reward>

export const Rewards = Type.Object({
  isWorker: Type.Boolean(),
  rewards: Type.Array(Reward, { description: "Available first, then claimed, newest first." }),
  boosters: Type.Array(BoosterView, {
    description: "The active booster and the last ended ones (at most 10).",
  }),
  boosterAccuracy: Type.Number({ description: "A booster holds while accuracy stays at or above this." }),
  next: Type.Object({
    level: Type.Integer({ description: "The next level, and what it gives." }),
    xp: Type.Integer({ description: "XP it begins at." }),
    kind: StringEnum(REWARD_KINDS),
  }),
})
export type Rewards = Static<typeof Rewards>

export const ClaimedReward = Type.Object({
  reward: Reward,
  booster: Nullable(BoosterView, { description: "The booster it started." }),
})
export type ClaimedReward = Static<typeof ClaimedReward>

export const Skill = Type.Object({
  type: StringEnum(CABINET_TYPES),
  status: Nullable(StringEnum(SKILL_STATUSES), { description: "null: never trained." }),
  accuracy: Type.Number({ description: "Smoothed accuracy from check answers and reports, 0 to 1." }),
  quality: Type.Number({ description: "The quality factor its answers earn XP at, 0 to 1." }),
  answers: Type.Integer(),
  xp: Type.Integer(),
})
export type Skill = Static<typeof Skill>

export const PlayProfile = Type.Object({
  isWorker: Type.Boolean(),
  name: Type.String(),
  since: DateTime(),
  xp: Type.Integer(),
  level: Type.Integer(),
  tier: StringEnum(LEAGUE_TIERS),
  skills: Type.Array(Skill),
  leagues: Type.Array(
    Type.Object({
      week: Day(),
      tier: StringEnum(LEAGUE_TIERS),
      rank: Nullable(Type.Integer()),
      xp: Type.Integer(),
      outcome: Nullable(StringEnum(["promoted", "stays", "demoted"] as const), {
        description: "null while the week runs.",
      }),
    }),
    { description: "The last 12 weeks, newest first." },
  ),
  streak: Streak,
  earnings: Type.Object({
    answers: PerCurrency("Paid for answers, micro-units of each currency."),
    rewards: PerCurrency(
      "Level and promotion bonuses (USD) and booster bonuses, micro-units of each currency.",
    ),
  }),
  badges: Type.Array(Type.Object({ badge: StringEnum(BADGES), earnedAt: Nullable(DateTime()) })),
})
export type PlayProfile = Static<typeof PlayProfile>

/** A practice answer to one of the public samples (GET /api/v2/captcha/samples). */
export const PracticeAnswer = StrictObject({
  sample: Type.Integer({ minimum: 0, maximum: 99, description: "The sample's index in the samples list." }),
  solution: Type.Object(
    {},
    { additionalProperties: true, description: 'A v2 solution object, e.g. { "text": "w9h5k" }.' },
  ),
})
export type PracticeAnswer = Static<typeof PracticeAnswer>

export const PracticeResult = Type.Object({
  correct: Type.Boolean(),
  expected: Type.Object({}, { additionalProperties: true, description: "The right answer." }),
})
export type PracticeResult = Static<typeof PracticeResult>

const PLAY_ERRORS = ["NOT_SIGNED_IN"] as const

export const playApi = defineEndpoints("play", {
  summary: {
    method: "GET",
    path: PLAY_API_BASE,
    summary: "The player's XP, level, week, streak, booster and last XP changes",
    response: { 200: PlaySummary },
    errors: [...PLAY_ERRORS],
  },
  history: {
    method: "GET",
    path: `${PLAY_API_BASE}/history`,
    summary: "Every change of the player's XP, newest first, with what explains it",
    querystring: PageQuery,
    response: { 200: Page(XpEvent) },
    errors: [...PLAY_ERRORS],
  },
  leaderboard: {
    method: "GET",
    path: `${PLAY_API_BASE}/leaderboard`,
    summary: "The week's league board or the all-time board: the top and the viewer's neighbours",
    description:
      "Flagged players (answers faster than the type's 1st percentile, linked accounts, long skip runs) are kept " +
      "off the board; the viewer sees why in `flags`.",
    querystring: BoardQuery,
    response: { 200: Leaderboard },
    errors: [...PLAY_ERRORS],
  },
  rewards: {
    method: "GET",
    path: `${PLAY_API_BASE}/rewards`,
    summary: "Rewards earned (to claim and claimed) and boosters",
    response: { 200: Rewards },
    errors: [...PLAY_ERRORS],
  },
  claim: {
    method: "POST",
    path: `${PLAY_API_BASE}/rewards/:id/claim`,
    summary: "Claims a reward: a bonus is paid to the earnings, a booster starts",
    description:
      "Claiming again answers the same result and moves no money twice. A booster cannot start while another " +
      "runs (BOOSTER_ACTIVE).",
    params: IdParams,
    response: { 200: ClaimedReward },
    errors: [...PLAY_ERRORS, "CSRF_TOKEN_INVALID", "NOT_A_WORKER", "REWARD_NOT_FOUND", "BOOSTER_ACTIVE"],
  },
  profile: {
    method: "GET",
    path: `${PLAY_API_BASE}/profile`,
    summary: "Skill per type, level, league history, streak, earnings and badges",
    response: { 200: PlayProfile },
    errors: [...PLAY_ERRORS],
  },
  practice: {
    method: "POST",
    path: `${PLAY_API_BASE}/practice`,
    summary: "Checks a practice answer to a public sample (no XP, no money)",
    body: PracticeAnswer,
    response: { 200: PracticeResult },
    errors: [...PLAY_ERRORS, "CSRF_TOKEN_INVALID", "SAMPLE_NOT_FOUND", "BAD_ANSWER"],
  },
})

/** The hub's route data (app/routes/play.json). */
export const playRouteData = {
  playSummary: routeDatum(playApi.summary, undefined, { perVisit: true }),
  playHistory: routeDatum(playApi.history, undefined, { perVisit: true }),
  playBoard: routeDatum(playApi.leaderboard, undefined, { perVisit: true }),
  playRewards: routeDatum(playApi.rewards, undefined, { perVisit: true }),
  playProfile: routeDatum(playApi.profile, undefined, { perVisit: true }),
}

/** The hub's own addresses (spec §2: the worker area's children) and the short paths that lead there. */
export const PLAY_HUB_BASE = "/play-and-earn"
export const PLAY_HUB_PAGES = ["play", "training", "rewards", "leaderboard", "profile", "faq"] as const
export type PlayHubPage = (typeof PLAY_HUB_PAGES)[number]
export const playHubPath = (page?: PlayHubPage) => (page ? `${PLAY_HUB_BASE}/${page}` : PLAY_HUB_BASE)
