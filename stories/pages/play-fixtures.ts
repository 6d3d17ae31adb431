// The play-and-earn hub's stories (play.stories.tsx): a worker in the middle of a week in the gold league, with a
// booster running and two rewards to claim, as the play API answers; the public samples a newcomer practises on;
// the hub's FAQ answers. The stories' clock is the cabinet's (NOW: Wednesday 4 March 2026, 10:15 UTC).
import type { SamplesData } from "@manyhands/contract/captcha"
import type { ArticleList, ArticleSummary } from "@manyhands/contract/content"
import {
  BOOSTER_MIN_ACCURACY,
  PROMOTION_MIN_ACCURACY,
  PROMOTION_MIN_GOLDS,
  XP_HOURLY_CAP,
  levelStartXp,
  type BoardRow,
  type BoosterView,
  type Leaderboard,
  type PlayProfile,
  type PlaySummary,
  type Reward,
  type Rewards,
  type XpEvent,
} from "@manyhands/contract/play"
import { CABINET_TYPES, type TrainingData } from "@manyhands/contract/worker"
import type { ShellUser } from "@manyhands/pages"
import { NOW } from "./cabinet-fixtures"
import { storyUser } from "./story-shell"

export { NOW }

/** A moment this many minutes before (negative: after) the stories' clock. */
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString()
const daysAgo = (days: number, at = "09:30") =>
  `${new Date(NOW - days * 86_400_000).toISOString().slice(0, 10)}T${at}:00.000Z`

/** Someone who signed up and has not chosen an account type yet. */
export const newcomerUser: ShellUser = {
  ...storyUser,
  id: "70000009876",
  email: "mina.park@example.org",
  profile: { ...storyUser.profile, userType: null, displayName: "Mina Park", timezone: "Asia/Seoul" },
}

/** A customer's account: it practises, and cannot become a worker's. */
export const customerUser: ShellUser = {
  ...storyUser,
  profile: { ...storyUser.profile, userType: "customer" },
}

// ---------------------------------------------------------------------------------------------------------
// Boosters

/** Claimed 30 minutes ago; six answers checked since, all right. */
export const activeBooster: BoosterView = {
  id: "b-41",
  percent: 10,
  startedAt: ago(30),
  endsAt: ago(-30),
  state: "active",
  endedAt: null,
  checked: 6,
  correct: 6,
  bonusPaid: { USD: 4_350, RUB: 0 },
}

export const endedBoosters: BoosterView[] = [
  {
    id: "b-38",
    percent: 10,
    startedAt: daysAgo(3, "14:05"),
    endsAt: daysAgo(3, "15:05"),
    state: "mistake",
    endedAt: daysAgo(3, "14:37"),
    checked: 4,
    correct: 3,
    bonusPaid: { USD: 2_180, RUB: 0 },
  },
  {
    id: "b-33",
    percent: 10,
    startedAt: daysAgo(6, "08:10"),
    endsAt: daysAgo(6, "09:10"),
    state: "expired",
    endedAt: daysAgo(6, "09:10"),
    checked: 9,
    correct: 9,
    bonusPaid: { USD: 6_920, RUB: 0 },
  },
  {
    id: "b-29",
    percent: 10,
    startedAt: daysAgo(12, "19:40"),
    endsAt: daysAgo(12, "20:40"),
    state: "accuracy",
    endedAt: daysAgo(12, "20:02"),
    checked: 7,
    correct: 6,
    bonusPaid: { USD: 1_640, RUB: 0 },
  },
]

// ---------------------------------------------------------------------------------------------------------
// The summary (GET /api/v2/play)

/** The last XP changes, newest first: every kind, a capped answer, a wrong check and XP taken back. */
const recent: XpEvent[] = [
  {
    id: "x-9031",
    at: ago(2),
    kind: "answer",
    type: "ImageToTextTask",
    assignmentId: "80000413102",
    xp: 9,
    base: 10,
    quality: 0.86,
    worth: 9,
    capped: false,
    correct: null,
  },
  {
    id: "x-9030",
    at: ago(4),
    kind: "check",
    type: "GridTask",
    assignmentId: "80000413097",
    xp: 12,
    base: 15,
    quality: 0.8,
    worth: 12,
    capped: false,
    correct: true,
  },
  {
    id: "x-9029",
    at: ago(5),
    kind: "check",
    type: "TextCaptchaTask",
    assignmentId: "80000413090",
    xp: 0,
    base: 10,
    quality: 0.9,
    worth: 9,
    capped: false,
    correct: false,
  },
  {
    id: "x-9027",
    at: ago(9),
    kind: "clawback",
    type: "ImageToTextTask",
    assignmentId: "80000412960",
    xp: -9,
    base: 10,
    quality: 0.86,
    worth: 9,
    capped: false,
    correct: null,
  },
  {
    id: "x-9024",
    at: ago(71),
    kind: "answer",
    type: "CoordinatesTask",
    assignmentId: "80000412881",
    xp: 5,
    base: 15,
    quality: 0.78,
    worth: 12,
    capped: true,
    correct: null,
  },
  {
    id: "x-9021",
    at: ago(74),
    kind: "training",
    type: "RotateTask",
    assignmentId: "80000412870",
    xp: 5,
    base: 10,
    quality: 0.5,
    worth: 5,
    capped: false,
    correct: true,
  },
  {
    id: "x-9019",
    at: ago(80),
    kind: "answer",
    type: "BoundingBoxTask",
    assignmentId: "80000412842",
    xp: 15,
    base: 20,
    quality: 0.75,
    worth: 15,
    capped: false,
    correct: null,
  },
]

/** Level 6, 1,420 XP, in the middle of the week: a booster running, two rewards to claim. */
export const workerSummary: PlaySummary = {
  isWorker: true,
  xp: 1_420,
  level: 6,
  levelStartXp: levelStartXp(6),
  nextLevelXp: levelStartXp(7),
  hourXp: 420,
  hourCap: XP_HOURLY_CAP,
  tier: "gold",
  week: { starts: "2026-03-02", rank: 14, players: 30, xp: 1_240 },
  streak: {
    days: 12,
    todayDone: false,
    todayAnswers: 14,
    dayTarget: 20,
    frozen: ["2026-02-25"],
    freezeLeft: true,
  },
  booster: activeBooster,
  rewardsWaiting: 2,
  recent,
}

/** An account that is not a worker's: nothing of its own to show. */
export const newcomerSummary: PlaySummary = {
  isWorker: false,
  xp: 0,
  level: 1,
  levelStartXp: 0,
  nextLevelXp: levelStartXp(2),
  hourXp: 0,
  hourCap: XP_HOURLY_CAP,
  tier: "bronze",
  week: { starts: "2026-03-02", rank: null, players: 0, xp: 0 },
  streak: { days: 0, todayDone: false, todayAnswers: 0, dayTarget: 20, frozen: [], freezeLeft: true },
  booster: null,
  rewardsWaiting: 0,
  recent: [],
}

/** The worker's training: most types open, grids still in training. */
export const workerTraining: TrainingData = {
  required: 5,
  passShare: 0.8,
  types: CABINET_TYPES.map((type) =>
    type === "GridTask"
      ? { type, status: "training" as const, answered: 3, correct: 3, remaining: 4, suspension: null }
      : type === "DrawAroundTask"
        ? { type, status: "training" as const, answered: 0, correct: 0, remaining: 6, suspension: null }
        : { type, status: "active" as const, answered: 5, correct: 5, remaining: 2, suspension: null },
  ),
}

// ---------------------------------------------------------------------------------------------------------
// Rewards (GET /api/v2/play/rewards)

export const bonusReward: Reward = {
  id: "r-57",
  kind: "bonus",
  reason: "level",
  level: 5,
  week: null,
  percent: null,
  minutes: null,
  amount: 250_000,
  state: "available",
  earnedAt: daysAgo(1, "17:22"),
  claimedAt: null,
}

export const boosterReward: Reward = {
  id: "r-61",
  kind: "booster",
  reason: "level",
  level: 6,
  week: null,
  percent: 10,
  minutes: 60,
  amount: null,
  state: "available",
  earnedAt: ago(25),
  claimedAt: null,
}

const claimedRewards: Reward[] = [
  {
    id: "r-52",
    kind: "booster",
    reason: "level",
    level: 4,
    week: null,
    percent: 10,
    minutes: 60,
    amount: null,
    state: "claimed",
    earnedAt: daysAgo(6, "07:58"),
    claimedAt: daysAgo(6, "08:10"),
  },
  {
    id: "r-49",
    kind: "bonus",
    reason: "promotion",
    level: null,
    week: "2026-02-23",
    percent: null,
    minutes: null,
    amount: 200_000,
    state: "claimed",
    earnedAt: daysAgo(3, "00:00"),
    claimedAt: daysAgo(3, "08:41"),
  },
  {
    id: "r-44",
    kind: "bonus",
    reason: "level",
    level: 3,
    week: null,
    percent: null,
    minutes: null,
    amount: 150_000,
    state: "claimed",
    earnedAt: daysAgo(15, "12:03"),
    claimedAt: daysAgo(15, "12:05"),
  },
]

export const workerRewards: Rewards = {
  isWorker: true,
  rewards: [bonusReward, boosterReward, ...claimedRewards],
  boosters: [activeBooster, ...endedBoosters],
  boosterAccuracy: BOOSTER_MIN_ACCURACY,
  next: { level: 7, xp: levelStartXp(7), kind: "bonus" },
}

/** A worker at level 1: nothing earned, nothing claimed yet. */
export const emptyRewards: Rewards = {
  isWorker: true,
  rewards: [],
  boosters: [],
  boosterAccuracy: BOOSTER_MIN_ACCURACY,
  next: { level: 2, xp: levelStartXp(2), kind: "booster" },
}

/** What claiming the level 5 bonus answers. */
export const claimedBonus = {
  reward: { ...bonusReward, state: "claimed" as const, claimedAt: ago(0) },
  booster: null,
}

// ---------------------------------------------------------------------------------------------------------
// Boards (GET /api/v2/play/leaderboard)

const row = (rank: number, name: string, xp: number, accuracy: number | null, me = false): BoardRow => ({
  rank,
  name,
  xp,
  accuracy,
  me,
  zone: rank <= 10 ? "promotion" : rank >= 26 ? "demotion" : "safe",
})

const weekRules = {
  promotionPlaces: 10,
  demotionFrom: 26,
  promotionAccuracy: PROMOTION_MIN_ACCURACY,
  promotionGolds: PROMOTION_MIN_GOLDS,
}

/** The gold league of this week: the viewer 14th of 30, three check answers short of the promotion rule. */
export const weekBoard: Leaderboard = {
  scope: "week",
  tier: "gold",
  week: "2026-03-02",
  players: 30,
  top: [
    row(1, "Amara Okafor", 4_880, 0.97),
    row(2, "Lucas Ferreira", 4_310, 0.95),
    row(3, "Player #58211", 3_975, 0.93),
    row(4, "Hana Sato", 3_640, 0.96),
    row(5, "Dmytro K.", 3_402, 0.91),
  ],
  around: [
    row(12, "Sofia Rossi", 1_420, 0.94),
    row(13, "Player #61044", 1_305, 0.88),
    row(14, "Oleh", 1_240, 0.92, true),
    row(15, "Aylin Demir", 1_198, null),
    row(16, "Nguyen Van An", 1_150, 0.9),
  ],
  me: row(14, "Oleh", 1_240, 0.92, true),
  ...weekRules,
  golds: 7,
  flags: [],
}

/** Everyone, all time: the viewer 89th of 1,204. */
export const allTimeBoard: Leaderboard = {
  scope: "all",
  tier: "gold",
  week: "2026-03-02",
  players: 1_204,
  top: [
    row(1, "Priya Raman", 186_420, 0.96),
    row(2, "Amara Okafor", 171_905, 0.97),
    row(3, "Tomás Álvarez", 158_330, 0.94),
    row(4, "Player #10327", 149_012, 0.92),
    row(5, "Mei Lin", 141_876, 0.95),
  ].map((line) => ({ ...line, zone: "safe" as const })),
  around: [
    row(87, "Player #44120", 14_210, 0.9),
    row(88, "Jonas Berg", 14_105, 0.93),
    row(89, "Oleh", 14_020, 0.92, true),
    row(90, "Fatima Zahra", 13_990, 0.89),
    row(91, "Player #70022", 13_874, 0.91),
  ].map((line) => ({ ...line, zone: "safe" as const })),
  me: { ...row(89, "Oleh", 14_020, 0.92, true), zone: "safe" },
  ...weekRules,
  golds: 7,
  flags: [],
}

/** A viewer kept off this week's board: answers too fast and long skip runs. */
export const flaggedBoard: Leaderboard = {
  ...weekBoard,
  tier: "silver",
  around: [],
  me: null,
  promotionPlaces: 15,
  golds: 22,
  flags: ["tooFast", "skipStreak"],
}

// ---------------------------------------------------------------------------------------------------------
// The profile (GET /api/v2/play/profile)

export const workerProfile: PlayProfile = {
  isWorker: true,
  name: "Oleh",
  since: "2025-09-14T11:20:00.000Z",
  xp: 1_420,
  level: 6,
  tier: "gold",
  skills: [
    { type: "ImageToTextTask", status: "active", accuracy: 0.93, quality: 0.83, answers: 1_842, xp: 640 },
    { type: "TextCaptchaTask", status: "active", accuracy: 0.9, quality: 0.75, answers: 221, xp: 118 },
    { type: "GridTask", status: "training", accuracy: 0.8, quality: 0.5, answers: 3, xp: 15 },
    { type: "CoordinatesTask", status: "active", accuracy: 0.86, quality: 0.65, answers: 403, xp: 262 },
    { type: "RotateTask", status: "active", accuracy: 0.95, quality: 0.88, answers: 140, xp: 98 },
    { type: "BoundingBoxTask", status: "suspended", accuracy: 0.68, quality: 0.2, answers: 96, xp: 184 },
    { type: "DrawAroundTask", status: null, accuracy: 0.8, quality: 0.5, answers: 0, xp: 0 },
    { type: "AudioTask", status: "active", accuracy: 0.91, quality: 0.78, answers: 88, xp: 103 },
  ],
  leagues: [
    { week: "2026-03-02", tier: "gold", rank: 14, xp: 1_240, outcome: null },
    { week: "2026-02-23", tier: "silver", rank: 4, xp: 2_960, outcome: "promoted" },
    { week: "2026-02-16", tier: "silver", rank: 18, xp: 1_105, outcome: "stays" },
    { week: "2026-02-09", tier: "gold", rank: 27, xp: 640, outcome: "demoted" },
    { week: "2026-02-02", tier: "silver", rank: 9, xp: 2_210, outcome: "promoted" },
    { week: "2026-01-26", tier: "silver", rank: null, xp: 0, outcome: "stays" },
  ],
  streak: workerSummary.streak,
  earnings: { answers: { USD: 18_240_000, RUB: 0 }, rewards: { USD: 614_000, RUB: 0 } },
  badges: [
    { badge: "firstAnswer", earnedAt: "2025-09-14T12:02:00.000Z" },
    { badge: "hundredAnswers", earnedAt: "2025-09-21T16:40:00.000Z" },
    { badge: "trained", earnedAt: "2025-09-14T11:48:00.000Z" },
    { badge: "promoted", earnedAt: "2026-02-09T00:00:00.000Z" },
    { badge: "streakWeek", earnedAt: null },
    { badge: "boosterKept", earnedAt: null },
  ],
}

// ---------------------------------------------------------------------------------------------------------
// Samples to practise on (GET /api/v2/captcha/samples): five pictures of text, a question and a grid

const svg = (text: string) =>
  `data:image/svg+xml;base64,${btoa(
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="70" viewBox="0 0 200 70"><rect width="200" height="70" fill="#f1ede4"/>` +
      `<path d="M4 48 C44 20 90 64 130 30 S188 50 198 24" stroke="#7d8797" stroke-width="2.5" fill="none"/>` +
      `<text x="100" y="48" font-family="monospace" font-size="38" font-weight="700" letter-spacing="6" text-anchor="middle" fill="#28344a">${text}</text></svg>`,
  )}`

export const samples: SamplesData = {
  samples: [
    { id: "text-4f0c2a9b1e", type: "ImageToTextTask", fields: {}, imageUrl: svg("w7mk4"), answer: "w7mk4" },
    {
      id: "text-9ad1b3c470",
      type: "ImageToTextTask",
      fields: { regsense: "1" },
      imageUrl: svg("Hd3Ry"),
      answer: "Hd3Ry",
    },
    {
      id: "question-2be81f0c6d",
      type: "TextCaptchaTask",
      fields: { textcaptcha: "Which number is bigger: 12 or 21?" },
      imageUrl: null,
      answer: "21",
    },
    {
      id: "grid-71c0de9a43",
      type: "GridTask",
      fields: { recaptcha: "1", textinstructions: "Select all images with a circle" },
      imageUrl: svg("grid"),
      answer: "click:2/4/9",
    },
  ],
}

// ---------------------------------------------------------------------------------------------------------
// The hub's FAQ (worker answers tagged play-and-earn)

const answer = (
  id: string,
  slug: string,
  title: string,
  description: string,
  views: number,
): ArticleSummary => ({
  id,
  kind: "faq",
  language: "en",
  slug,
  title,
  description,
  coverUrl: null,
  tags: ["worker", "play-and-earn"],
  author: { name: null },
  publishedAt: "2026-03-01T09:00:00.000Z",
  updatedAt: "2026-03-01T09:00:00.000Z",
  readingMinutes: 3,
  views,
})

export const playFaq: ArticleList = {
  items: [
    answer(
      "201",
      "what-is-play-and-earn",
      "What is Play and Earn, and who can use it?",
      "The hub's pages, who can use it, how it relates to paid work in the cabinet, and what XP, levels, leagues, streaks and rewards add to the pay.",
      2_140,
    ),
    answer(
      "202",
      "how-xp-works",
      "How is XP counted, and why did my XP change?",
      "Base XP per task type times your quality factor, the 600 XP hourly cap, XP taken back for wrong answers, and the history.",
      1_870,
    ),
    answer(
      "203",
      "rewards-and-boosters",
      "What do levels give, and how do boosters work?",
      "Boosters on even levels, bonuses on odd ones, claiming rewards, and why a booster ends at the first confirmed mistake.",
      1_205,
    ),
    answer(
      "204",
      "leagues-and-leaderboard",
      "How do leagues and the leaderboard work?",
      "Weekly leagues of up to 30 players, the promotion and demotion zones, and the accuracy a promotion needs.",
      990,
    ),
    answer(
      "205",
      "fair-play",
      "Why am I not on the leaderboard?",
      "The signs of automated or farmed work that keep a player off the board, and how careful work brings you back.",
      412,
    ),
  ],
  total: 5,
  page: 1,
  pageSize: 50,
  language: "en",
  requestedLanguage: "en",
  sort: "popular",
  q: null,
  tag: "play-and-earn",
}
