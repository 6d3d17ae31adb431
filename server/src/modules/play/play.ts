import {
  BOOSTER_MIN_ACCURACY,
  DEMOTED_FROM_RANK,
  LEAGUE_SIZE,
  LEAGUE_TIERS,
  PROMOTED_PER_TIER,
  PROMOTION_BONUS,
  PROMOTION_MIN_ACCURACY,
  PROMOTION_MIN_GOLDS,
  STREAK_DAY_ANSWERS,
  XP_BASE,
  XP_HOURLY_CAP,
  levelOf,
  levelReward,
  levelStartXp,
  type BoardRow,
  type BoardScope,
  type BoosterView,
  type ClaimedReward,
  type FraudFlag,
  type Leaderboard,
  type LeagueTier,
  type PlayProfile,
  type PlaySummary,
  type Reward,
  type Rewards,
  type Skill,
  type Streak,
  type XpAward,
  type XpEvent,
  type XpEventKind,
  BADGES,
} from "@manyhands/contract/play"
import { CABINET_TYPES, type CabinetType, type SkillStatus } from "@manyhands/contract/worker"
import type { Database, Queryable } from "../../db/database"
import { ledgerAccount, transfer, type Currency } from "../ledger/ledger"
import {
  awardFor,
  boardFor,
  boosterBonus,
  clawbackFor,
  formLeagues,
  fraudFlags,
  nextTier,
  qualityFactor,
  rankLeague,
  smoothedAccuracy,
  streakOn,
  type Award,
  type LeagueStanding,
  type RankedStanding,
} from "./rules"

/*
 * The play-and-earn hub (issue 26): the rules of rules.ts applied to the database. XP is awarded in the transaction
 * of the answer it is for (dispatch/queue.ts), taken back in the transaction of the report or agreement that judges
 * the answer wrong, and every change is an event with what explains it. Rewards and booster bonuses are ledger
 * transfers whose idempotency keys name what they pay for. The week's leagues are closed (ranked, tiers moved,
 * next week's leagues formed) once, by the first read after the week ends.
 */

export class PlayError extends Error {
  constructor(
    readonly code: "REWARD_NOT_FOUND" | "BOOSTER_ACTIVE" | "NOT_A_WORKER",
    message: string,
  ) {
    super(message)
    this.name = "PlayError"
  }
}

const isCabinetType = (type: string): type is CabinetType =>
  (CABINET_TYPES as readonly string[]).includes(type)

/** Monday (UTC) of the current week, as the database's clock has it. */
const WEEK_NOW = "(date_trunc('week', now() AT TIME ZONE 'UTC'))::date"
/** The start of a day (a `date` parameter) as a timestamp with time zone, in UTC. */
const dayStart = (param: string) => `(${param}::date::timestamp AT TIME ZONE 'UTC')`

const iso = (value: Date | string) => new Date(value).toISOString()
const day = (value: Date | string) => iso(value).slice(0, 10)
const addDays = (week: string, days: number) =>
  day(new Date(Date.parse(`${week}T00:00:00Z`) + days * 86_400_000))

// ---------------------------------------------------------------------------------------------------------
// In the answer's transaction

/** What an answer's XP depends on: the worker's checked answers and reports of a type, and this hour's XP. */
export interface XpCounts {
  gc: number
  gw: number
  rg: number
  rb: number
  hour: number
}

/** The statement reading `XpCounts` for a worker and a type (SQL expressions, such as parameters or columns). */
export const xpCountsSql = (worker: string, type: string) =>
  `SELECT coalesce(sum(gold_correct), 0)::int AS gc, coalesce(sum(gold_wrong), 0)::int AS gw,
          coalesce(sum(reported_good), 0)::int AS rg, coalesce(sum(reported_bad), 0)::int AS rb,
          (SELECT coalesce(sum(xp), 0)::int FROM play_xp_events
            WHERE user_id = ${worker} AND xp > 0 AND created_at >= date_trunc('hour', now())) AS hour
     FROM worker_accuracy WHERE worker_id = ${worker} AND type = ${type}`

/**
 * XP for one answer, in the answer's transaction: a customer's task (kind answer, correct null), a check task
 * (check) or a training task (training). A wrong check or training answer earns nothing (and a wrong check answer
 * ends a running booster: a confirmed mistake). Null for a type the hub does not score (token types of worker
 * software) or an answer already scored (a retried transaction).
 */
export async function awardAnswer(
  tx: Queryable,
  {
    userId,
    assignmentId,
    type,
    kind,
    correct,
    counts: known,
  }: {
    userId: string
    assignmentId: string
    type: string
    kind: Exclude<XpEventKind, "clawback">
    correct: boolean | null
    /** The worker's counts when the caller has read them (`xpCountsSql`) in its own statement already. */
    counts?: XpCounts
  },
): Promise<XpAward | null> {
  if (!isCabinetType(type)) return null
  const counts = known ?? (await tx.query<XpCounts>(xpCountsSql("$1", "$2"), [userId, type])).rows[0]!
  const quality = qualityFactor({
    goldCorrect: counts.gc,
    goldWrong: counts.gw,
    reportedGood: counts.rg,
    reportedBad: counts.rb,
  })
  const right = correct !== false
  const award: Award = right
    ? awardFor(type, quality, counts.hour)
    : { xp: 0, worth: 0, base: XP_BASE[type], quality, capped: false }
  const { rows: saved } = await tx.query<{ xp: number; level: number; tier: LeagueTier; member: boolean }>(
    `WITH event AS (
       INSERT INTO play_xp_events (user_id, assignment_id, kind, type, xp, base, quality, worth, capped, correct)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT DO NOTHING RETURNING xp),
     profile AS (
       INSERT INTO play_profiles (user_id, xp) SELECT $1, xp FROM event
       ON CONFLICT (user_id) DO UPDATE SET xp = play_profiles.xp + EXCLUDED.xp
       RETURNING xp::int, level, tier)
     SELECT profile.xp, profile.level, profile.tier,
            EXISTS (SELECT 1 FROM play_league_members WHERE user_id = $1 AND week = ${WEEK_NOW}) AS member
       FROM profile`,
    [
      userId,
      assignmentId,
      kind,
      type,
      award.xp,
      award.base,
      award.quality,
      award.worth,
      award.capped,
      correct,
    ],
  )
  const profile = saved[0]
  if (!profile) return null
  const level = await settleLevel(tx, userId, profile.xp, profile.level)
  if (award.xp > 0 && !profile.member) await joinWeek(tx, userId, profile.tier)
  if (kind === "check" && correct === false) await endBooster(tx, userId, "mistake")
  return {
    xp: award.xp,
    worth: award.worth,
    capped: award.capped,
    total: profile.xp,
    level,
    levelUp: level > profile.level,
    hour: counts.hour + award.xp,
    bonus: 0,
  }
}

/** Keeps the stored level in step with XP; each level reached for the first time leaves its reward to claim. */
async function settleLevel(tx: Queryable, userId: string, xp: number, stored: number): Promise<number> {
  const level = levelOf(xp)
  if (level === stored) return level
  await tx.query("UPDATE play_profiles SET level = $2 WHERE user_id = $1", [userId, level])
  for (let reached = stored + 1; reached <= level; reached++) {
    const reward = levelReward(reached)
    if (!reward) continue
    await tx.query(
      `INSERT INTO play_rewards (user_id, kind, reason, level, percent, minutes, amount)
       VALUES ($1, $2, 'level', $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [
        userId,
        reward.kind,
        reached,
        reward.kind === "booster" ? reward.percent : null,
        reward.kind === "booster" ? reward.minutes : null,
        reward.kind === "bonus" ? reward.amount : null,
      ],
    )
  }
  return level
}

/**
 * An answer judged wrong after it was scored (a customer's upheld report, or the agreement of other workers):
 * its XP goes back, exactly what it was credited and once, and a running booster ends (a confirmed mistake).
 */
export async function clawBack(tx: Queryable, userId: string, assignmentId: string): Promise<number> {
  await endBooster(tx, userId, "mistake")
  const { rows } = await tx.query<{
    kind: XpEventKind
    xp: number
    type: string
    base: number
    quality: string
    worth: number
  }>("SELECT kind, xp, type, base, quality, worth FROM play_xp_events WHERE assignment_id = $1", [
    assignmentId,
  ])
  const award = rows.find((row) => row.kind !== "clawback")
  if (!award) return 0
  const change = clawbackFor(
    award.xp,
    rows.some((row) => row.kind === "clawback"),
  )
  if (change === 0) return 0
  const { rows: saved } = await tx.query<{ xp: number; level: number }>(
    `WITH event AS (
       INSERT INTO play_xp_events (user_id, assignment_id, kind, type, xp, base, quality, worth, capped, correct)
       VALUES ($1, $2, 'clawback', $3, $4, $5, $6, $7, false, false)
       ON CONFLICT DO NOTHING RETURNING xp)
     UPDATE play_profiles p SET xp = greatest(0, p.xp + event.xp) FROM event
      WHERE p.user_id = $1 RETURNING p.xp::int, p.level`,
    [userId, assignmentId, award.type, change, award.base, award.quality, award.worth],
  )
  const profile = saved[0]
  if (profile) await settleLevel(tx, userId, profile.xp, profile.level)
  return change
}

/**
 * The booster's bonus on one paid answer, in the transaction that pays it: the booster's per cent of the worker's
 * share, from the platform's play_rewards account to the worker's earnings, keyed by the answer. A booster whose
 * time ran out is ended here instead.
 */
export async function boostPay(
  tx: Queryable,
  {
    workerId,
    assignmentId,
    share,
    currency,
    running,
  }: {
    workerId: string
    assignmentId: string
    share: number
    currency: Currency
    /** False when the caller has read in this transaction that the worker has no booster that has not ended. */
    running?: boolean
  },
): Promise<number> {
  if (running === false) return 0
  const { rows } = await tx.query<{ id: string; percent: number; expired: boolean }>(
    `SELECT id::text, percent, ends_at <= now() AS expired FROM play_boosters
      WHERE user_id = $1 AND ended_at IS NULL FOR UPDATE`,
    [workerId],
  )
  const booster = rows[0]
  if (!booster) return 0
  if (booster.expired) {
    await endBooster(tx, workerId, "expired")
    return 0
  }
  const bonus = boosterBonus(share, booster.percent)
  if (bonus <= 0) return 0
  const paid = await transfer(tx, {
    key: `play:booster:${assignmentId}`,
    debitAccountId: await ledgerAccount(tx, { userId: null, purpose: "play_rewards", currency }),
    creditAccountId: await ledgerAccount(tx, { userId: workerId, purpose: "worker_earnings", currency }),
    amount: bonus,
    currency,
    memo: `Booster +${booster.percent} % on answer ${assignmentId}`,
  })
  if (paid.result === "created")
    await tx.query(
      `UPDATE play_boosters SET ${currency === "RUB" ? "bonus_paid_rub = bonus_paid_rub" : "bonus_paid_usd = bonus_paid_usd"} + $2
        WHERE id = $1`,
      [booster.id, bonus],
    )
  return bonus
}

/**
 * Ends the player's running booster: one whose time ran out ends as expired (at its end), any other for `reason`
 * now.
 */
async function endBooster(tx: Queryable, userId: string, reason: "mistake" | "expired") {
  await tx.query(
    `UPDATE play_boosters
        SET ended_at = CASE WHEN ends_at <= now() THEN ends_at ELSE now() END,
            end_reason = CASE WHEN ends_at <= now() THEN 'expired' ELSE $2 END
      WHERE user_id = $1 AND ended_at IS NULL AND (ends_at <= now() OR $2 = 'mistake')`,
    [userId, reason],
  )
}

/**
 * A player with `xp` from one right check answer of theirs this week, placed in this week's leagues like anyone at
 * their first XP (development helpers and demos: /dev/play/rivals).
 */
export async function seedPlayer(tx: Queryable, userId: string, assignmentId: string, xp: number) {
  await tx.query(
    `INSERT INTO play_xp_events (user_id, assignment_id, kind, type, xp, base, quality, worth, capped, correct)
     VALUES ($1, $2, 'check', 'ImageToTextTask', $3, $3, 1, $3, false, true)`,
    [userId, assignmentId, xp],
  )
  await tx.query("INSERT INTO play_profiles (user_id, xp, level) VALUES ($1, $2, $3)", [
    userId,
    xp,
    levelOf(xp),
  ])
  await joinWeek(tx, userId, "bronze")
}

// ---------------------------------------------------------------------------------------------------------
// Leagues

/**
 * Puts a player into a league of this week's at their first XP of it: the league of their tier with room whose
 * players' volume (answers of the week before) is nearest theirs, or a new one.
 */
async function joinWeek(tx: Queryable, userId: string, tier: LeagueTier) {
  const { rows } = await tx.query<{ week: string; volume: number }>(
    `SELECT to_char(${WEEK_NOW}, 'YYYY-MM-DD') AS week,
            (SELECT count(*)::int FROM play_xp_events
              WHERE user_id = $1 AND kind IN ('answer', 'check')
                AND created_at >= ${dayStart(WEEK_NOW)} - interval '7 days'
                AND created_at < ${dayStart(WEEK_NOW)}) AS volume`,
    [userId],
  )
  const { week, volume } = rows[0]!
  const { rows: near } = await tx.query<{ id: string }>(
    `SELECT l.id::text FROM play_leagues l
      WHERE l.week = $1 AND l.tier = $2 AND l.members < $3
      ORDER BY abs(coalesce((SELECT avg(m.volume) FROM play_league_members m WHERE m.league_id = l.id), 0) - $4), l.id
      LIMIT 1 FOR UPDATE`,
    [week, tier, LEAGUE_SIZE, volume],
  )
  const leagueId =
    near[0]?.id ??
    (
      await tx.query<{ id: string }>(
        "INSERT INTO play_leagues (week, tier) VALUES ($1, $2) RETURNING id::text",
        [week, tier],
      )
    ).rows[0]!.id
  await addMembers(tx, leagueId, week, tier, [{ id: userId, volume }])
}

async function addMembers(
  tx: Queryable,
  leagueId: string,
  week: string,
  tier: LeagueTier,
  players: { id: string; volume: number }[],
) {
  if (players.length === 0) return
  await tx.query(
    `WITH added AS (
       INSERT INTO play_league_members (user_id, week, league_id, tier, volume)
       SELECT unnest($1::bigint[]), $2, $3, $4, unnest($5::int[])
       ON CONFLICT DO NOTHING RETURNING 1)
     UPDATE play_leagues SET members = members + (SELECT count(*) FROM added) WHERE id = $3`,
    [players.map((player) => player.id), week, leagueId, tier, players.map((player) => player.volume)],
  )
}

interface MemberWeek extends LeagueStanding {
  name: string
}

/** The week's figures of the players of a league: XP, check answers and the right ones, fraud flags. */
async function leagueStandings(tx: Queryable, leagueId: string, week: string): Promise<MemberWeek[]> {
  const { rows } = await tx.query<{
    id: string
    xp: number
    golds: number
    gold_correct: number
    name: string
  }>(
    `WITH members AS (SELECT user_id FROM play_league_members WHERE league_id = $1),
     events AS (
       SELECT e.user_id, sum(e.xp)::int AS xp,
              count(*) FILTER (WHERE e.kind = 'check')::int AS golds,
              count(*) FILTER (WHERE e.kind = 'check' AND e.correct)::int AS gold_correct
         FROM play_xp_events e JOIN members USING (user_id)
        WHERE e.created_at >= ${dayStart("$2")} AND e.created_at < ${dayStart("$2")} + interval '7 days'
        GROUP BY e.user_id)
     SELECT m.user_id::text AS id, greatest(0, coalesce(e.xp, 0)) AS xp, coalesce(e.golds, 0) AS golds,
            coalesce(e.gold_correct, 0) AS gold_correct, coalesce(u.display_name, '') AS name
       FROM members m LEFT JOIN events e USING (user_id) JOIN users u ON u.id = m.user_id`,
    [leagueId, week],
  )
  const flags = await weekFlags(
    tx,
    week,
    rows.map((row) => row.id),
  )
  return rows.map((row) => ({
    id: row.id,
    xp: row.xp,
    golds: row.golds,
    goldCorrect: row.gold_correct,
    flags: flags.get(row.id) ?? [],
    name: row.name,
  }))
}

/** Solve times are compared with a type's 1st percentile only once the week has this many answers of it by others. */
const MIN_ANSWERS_FOR_PERCENTILE = 100

/**
 * Fraud flags of players over a week: the share of their answers faster than the 1st percentile of the other
 * workers' solve times of the type that week, other workers with the same payout wallet, and their longest run of
 * skips.
 */
async function weekFlags(tx: Queryable, week: string, userIds: string[]): Promise<Map<string, FraudFlag[]>> {
  if (userIds.length === 0) return new Map()
  const { rows } = await tx.query<{
    id: string
    answers: number
    too_fast: number
    linked: number
    skips: number
  }>(
    `WITH span AS (SELECT ${dayStart("$1")} AS from_at, ${dayStart("$1")} + interval '7 days' AS to_at),
     answers AS (
       SELECT a.worker_id, a.id, a.state, coalesce(t.type, g.type) AS type,
              extract(epoch FROM a.answered_at - a.created_at) AS seconds
         FROM task_assignments a CROSS JOIN span
         LEFT JOIN captcha_tasks t ON t.id = a.task_id
         LEFT JOIN gold_tasks g ON g.id = a.gold_task_id
        WHERE a.created_at >= span.from_at AND a.created_at < span.to_at),
     -- Each player's answers against the 1st percentile of the other workers' answers of the type: a player who
     -- did most of a type's answers would otherwise set the bar themselves.
     player_types AS (
       SELECT DISTINCT worker_id, type FROM answers WHERE state = 'answered' AND worker_id = ANY($2::bigint[])),
     percentiles AS (
       SELECT pt.worker_id, pt.type, others.p1, others.n FROM player_types pt
        CROSS JOIN LATERAL (
          SELECT percentile_cont(0.01) WITHIN GROUP (ORDER BY o.seconds) AS p1, count(*) AS n
            FROM answers o WHERE o.type = pt.type AND o.state = 'answered' AND o.worker_id <> pt.worker_id) others),
     speed AS (
       SELECT a.worker_id, count(*)::int AS answers,
              count(*) FILTER (WHERE p.n >= $3 AND a.seconds < p.p1)::int AS too_fast
         FROM answers a JOIN percentiles p ON p.worker_id = a.worker_id AND p.type = a.type
        WHERE a.state = 'answered' GROUP BY a.worker_id),
     runs AS (
       SELECT worker_id, max(run)::int AS skips FROM (
         SELECT worker_id, count(*) AS run FROM (
           SELECT worker_id, state,
                  row_number() OVER (PARTITION BY worker_id ORDER BY id)
                  - row_number() OVER (PARTITION BY worker_id, state ORDER BY id) AS island
             FROM answers WHERE worker_id = ANY($2::bigint[])) ordered
          WHERE state = 'skipped' GROUP BY worker_id, island) islands
        GROUP BY worker_id),
     linked AS (
       SELECT u.id AS worker_id, count(o.id)::int AS linked
         FROM users u JOIN users o ON o.payout_wallet = u.payout_wallet AND o.id <> u.id AND o.user_type = 'worker'
        WHERE u.id = ANY($2::bigint[]) GROUP BY u.id)
     SELECT u.id::text, coalesce(s.answers, 0) AS answers, coalesce(s.too_fast, 0) AS too_fast,
            coalesce(l.linked, 0) AS linked, coalesce(r.skips, 0) AS skips
       FROM unnest($2::bigint[]) AS u (id)
       LEFT JOIN speed s ON s.worker_id = u.id LEFT JOIN runs r ON r.worker_id = u.id
       LEFT JOIN linked l ON l.worker_id = u.id`,
    [week, userIds, MIN_ANSWERS_FOR_PERCENTILE],
  )
  return new Map(
    rows.map((row) => [
      row.id,
      fraudFlags({
        answers: row.answers,
        tooFast: row.too_fast,
        linkedAccounts: row.linked,
        longestSkipRun: row.skips,
      }),
    ]),
  )
}

/**
 * Closes every week that has ended and is not closed yet: each league ranked (promotion needs the rank and
 * accuracy), tiers moved, promotion bonuses left to claim, and the next week's leagues formed from the closed
 * week's players by volume. Once per week across processes (the play_weeks row).
 */
/** Per database, the week (its Monday, UTC) whose earlier weeks a read found closed: later reads skip the query. */
const closedBefore = new WeakMap<Database, string>()
const thisMonday = () => {
  const now = new Date()
  const day = (now.getUTCDay() + 6) % 7
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day))
    .toISOString()
    .slice(0, 10)
}

/**
 * What the hub's reads do first: close the weeks that ended (as the hourly job does), once per process and week.
 * Leagues are only ever formed for the week running or the next, so once the earlier weeks are closed they stay so.
 */
async function closeDueWeeksOnRead(db: Database): Promise<void> {
  const monday = thisMonday()
  if (closedBefore.get(db) === monday) return
  await closeDueWeeks(db)
  closedBefore.set(db, monday)
}

export async function closeDueWeeks(db: Database): Promise<number> {
  const { rows } = await db.query<{ week: string }>(
    `SELECT DISTINCT to_char(l.week, 'YYYY-MM-DD') AS week FROM play_leagues l
      WHERE l.week < ${WEEK_NOW} AND NOT EXISTS (SELECT 1 FROM play_weeks w WHERE w.week = l.week)
      ORDER BY week`,
  )
  let closed = 0
  for (const { week } of rows) if (await db.transaction((tx) => closeWeek(tx, week))) closed += 1
  return closed
}

async function closeWeek(tx: Queryable, week: string): Promise<boolean> {
  const { rows: claimed } = await tx.query(
    "INSERT INTO play_weeks (week) VALUES ($1) ON CONFLICT DO NOTHING RETURNING week",
    [week],
  )
  if (claimed.length === 0) return false
  const { rows: leagues } = await tx.query<{ id: string; tier: LeagueTier }>(
    "SELECT id::text, tier FROM play_leagues WHERE week = $1 ORDER BY id",
    [week],
  )
  const entrants: { id: string; tier: LeagueTier; volume: number }[] = []
  const { rows: volumes } = await tx.query<{ id: string; volume: number }>(
    `SELECT user_id::text AS id, count(*)::int AS volume FROM play_xp_events
      WHERE kind IN ('answer', 'check') AND created_at >= ${dayStart("$1")}
        AND created_at < ${dayStart("$1")} + interval '7 days'
      GROUP BY user_id`,
    [week],
  )
  const volumeOf = new Map(volumes.map((row) => [row.id, row.volume]))
  for (const league of leagues) {
    const ranked = rankLeague(league.tier, await leagueStandings(tx, league.id, week))
    for (const member of ranked) {
      await tx.query(
        `UPDATE play_league_members SET xp = $3, rank = $4, outcome = $5, held = $6, flags = $7
          WHERE user_id = $1 AND week = $2`,
        [member.id, week, member.xp, member.rank, member.outcome, member.held ?? null, member.flags],
      )
      const tier = nextTier(league.tier, member.outcome)
      await tx.query("UPDATE play_profiles SET tier = $2 WHERE user_id = $1", [member.id, tier])
      if (member.outcome === "promoted")
        await tx.query(
          `INSERT INTO play_rewards (user_id, kind, reason, week, amount)
           VALUES ($1, 'bonus', 'promotion', $2, $3) ON CONFLICT DO NOTHING`,
          [member.id, week, PROMOTION_BONUS],
        )
      entrants.push({ id: member.id, tier, volume: volumeOf.get(member.id) ?? 0 })
    }
  }
  // Next week's leagues: this week's players by volume, tier by tier (a player already in one keeps it).
  const next = addDays(week, 7)
  for (const league of formLeagues(entrants.filter((entrant) => (volumeOf.get(entrant.id) ?? 0) > 0))) {
    const { rows } = await tx.query<{ id: string }>(
      "INSERT INTO play_leagues (week, tier) VALUES ($1, $2) RETURNING id::text",
      [next, league.tier],
    )
    await addMembers(
      tx,
      rows[0]!.id,
      next,
      league.tier,
      league.members.map((id) => ({ id, volume: volumeOf.get(id) ?? 0 })),
    )
  }
  return true
}

// ---------------------------------------------------------------------------------------------------------
// Reads

interface ProfileRow {
  xp: number
  level: number
  tier: LeagueTier
  created_at: Date | string | null
}

async function profileOf(db: Queryable, userId: string): Promise<ProfileRow> {
  const { rows } = await db.query<ProfileRow>(
    "SELECT xp::int, level, tier, created_at FROM play_profiles WHERE user_id = $1",
    [userId],
  )
  return rows[0] ?? { xp: 0, level: 1, tier: "bronze", created_at: null }
}

interface EventRow {
  id: string
  created_at: Date | string
  kind: XpEventKind
  type: string
  assignment_id: string
  xp: number
  base: number
  quality: string
  worth: number
  capped: boolean
  correct: boolean | null
}

const toEvent = (row: EventRow): XpEvent => ({
  id: row.id,
  at: iso(row.created_at),
  kind: row.kind,
  type: row.type,
  assignmentId: row.assignment_id,
  xp: row.xp,
  base: row.base,
  quality: Number(row.quality),
  worth: row.worth,
  capped: row.capped,
  correct: row.correct,
})

const EVENT_COLUMNS =
  "id::text, created_at, kind, type, assignment_id::text, xp, base, quality, worth, capped, correct"

export async function history(db: Queryable, userId: string, page: number, pageSize: number) {
  const { rows } = await db.query<EventRow & { total: number }>(
    `SELECT ${EVENT_COLUMNS}, count(*) OVER ()::int AS total FROM play_xp_events
      WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, pageSize, (page - 1) * pageSize],
  )
  const total =
    rows[0]?.total ??
    (
      await db.query<{ n: number }>("SELECT count(*)::int AS n FROM play_xp_events WHERE user_id = $1", [
        userId,
      ])
    ).rows[0]!.n
  return { items: rows.map(toEvent), total, page, pageSize }
}

/** Accurate answers per day (UTC) of the last 120 days: scored right and not taken back. */
async function accurateDays(
  db: Queryable,
  userId: string,
): Promise<{ today: string; days: Map<string, number> }> {
  const { rows } = await db.query<{ day: string; n: number; today: string }>(
    `SELECT to_char((e.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS n,
            to_char((now() AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS today
       FROM play_xp_events e
      WHERE e.user_id = $1 AND e.kind <> 'clawback' AND e.correct IS DISTINCT FROM false
        AND e.created_at >= now() - interval '120 days'
        AND NOT EXISTS (SELECT 1 FROM play_xp_events c WHERE c.assignment_id = e.assignment_id AND c.kind = 'clawback')
      GROUP BY 1`,
    [userId],
  )
  const today =
    rows[0]?.today ??
    (
      await db.query<{ today: string }>(
        "SELECT to_char((now() AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS today",
      )
    ).rows[0]!.today
  return { today, days: new Map(rows.map((row) => [row.day, row.n])) }
}

const mondayOf = (value: string) => {
  const weekday = (new Date(`${value}T00:00:00Z`).getUTCDay() + 6) % 7
  return addDays(value, -weekday)
}

function streakView(today: string, days: Map<string, number>): Streak {
  const streak = streakOn(today, days)
  const week = mondayOf(today)
  return {
    days: streak.days,
    todayDone: streak.todayDone,
    todayAnswers: days.get(today) ?? 0,
    dayTarget: STREAK_DAY_ANSWERS,
    frozen: streak.frozen,
    freezeLeft: !streak.frozen.some((frozen) => mondayOf(frozen) === week),
  }
}

interface BoosterRow {
  id: string
  percent: number
  started_at: Date | string
  ends_at: Date | string
  ended_at: Date | string | null
  end_reason: "expired" | "mistake" | "accuracy" | null
  bonus_usd: string
  bonus_rub: string
  expired: boolean
  checked: number
  correct: number
}

const BOOSTER_QUERY = `SELECT b.id::text, b.percent, b.started_at, b.ends_at, b.ended_at, b.end_reason,
    b.bonus_paid_usd::text AS bonus_usd, b.bonus_paid_rub::text AS bonus_rub, b.ends_at <= now() AS expired,
    (SELECT count(*)::int FROM play_xp_events e
      WHERE e.user_id = b.user_id AND e.kind IN ('check', 'clawback')
        AND e.created_at >= b.started_at AND e.created_at <= coalesce(b.ended_at, b.ends_at)) AS checked,
    (SELECT count(*)::int FROM play_xp_events e
      WHERE e.user_id = b.user_id AND e.kind = 'check' AND e.correct
        AND e.created_at >= b.started_at AND e.created_at <= coalesce(b.ended_at, b.ends_at)) AS correct
  FROM play_boosters b`

const toBooster = (row: BoosterRow): BoosterView => {
  const ended = row.ended_at !== null || row.expired
  return {
    id: row.id,
    percent: row.percent,
    startedAt: iso(row.started_at),
    endsAt: iso(row.ends_at),
    state: row.end_reason ?? (row.expired ? "expired" : "active"),
    endedAt: row.ended_at ? iso(row.ended_at) : ended ? iso(row.ends_at) : null,
    checked: row.checked,
    correct: row.correct,
    bonusPaid: { USD: Number(row.bonus_usd), RUB: Number(row.bonus_rub) },
  }
}

async function boosters(db: Queryable, userId: string, limit: number): Promise<BoosterView[]> {
  const { rows } = await db.query<BoosterRow>(
    `${BOOSTER_QUERY} WHERE b.user_id = $1 ORDER BY b.started_at DESC, b.id DESC LIMIT $2`,
    [userId, limit],
  )
  return rows.map(toBooster)
}

async function isWorker(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ worker: boolean }>(
    "SELECT user_type = 'worker' AS worker FROM users WHERE id = $1",
    [userId],
  )
  return rows[0]?.worker ?? false
}

export async function summary(db: Database, userId: string): Promise<PlaySummary> {
  await closeDueWeeksOnRead(db)
  const [worker, profile, recent, hour, streak, running, waiting, board] = await sequential([
    () => isWorker(db, userId),
    () => profileOf(db, userId),
    () => history(db, userId, 1, 10),
    () =>
      db.query<{ xp: number }>(
        `SELECT coalesce(sum(xp), 0)::int AS xp FROM play_xp_events
          WHERE user_id = $1 AND xp > 0 AND created_at >= date_trunc('hour', now())`,
        [userId],
      ),
    () => accurateDays(db, userId),
    () => boosters(db, userId, 1),
    () =>
      db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM play_rewards WHERE user_id = $1 AND claimed_at IS NULL",
        [userId],
      ),
    () => weekBoard(db, userId),
  ] as const)
  const level = levelOf(profile.xp)
  const me = board.ranked.find((row) => row.id === userId)
  return {
    isWorker: worker,
    xp: profile.xp,
    level,
    levelStartXp: levelStartXp(level),
    nextLevelXp: levelStartXp(level + 1),
    hourXp: hour.rows[0]!.xp,
    hourCap: XP_HOURLY_CAP,
    tier: profile.tier,
    week: { starts: board.week, rank: me?.rank ?? null, players: board.ranked.length, xp: me?.xp ?? 0 },
    streak: streakView(streak.today, streak.days),
    booster: running[0]?.state === "active" ? running[0] : null,
    rewardsWaiting: waiting.rows[0]!.n,
    recent: recent.items,
  }
}

/** Runs reads one after the other (PGlite has one connection; a pool would take them in turn anyway). */
async function sequential<T extends readonly (() => Promise<unknown>)[]>(
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const results: unknown[] = []
  for (const read of reads) results.push(await read())
  return results as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }
}

/** The viewer's league this week, ranked as it stands. */
async function weekBoard(
  db: Queryable,
  userId: string,
): Promise<{ week: string; tier: LeagueTier | null; ranked: (RankedStanding & { name: string })[] }> {
  const { rows } = await db.query<{ week: string; league_id: string | null; tier: LeagueTier | null }>(
    `SELECT to_char(${WEEK_NOW}, 'YYYY-MM-DD') AS week, m.league_id::text, m.tier
       FROM (SELECT 1) one LEFT JOIN play_league_members m ON m.user_id = $1 AND m.week = ${WEEK_NOW}`,
    [userId],
  )
  const { week, league_id: leagueId, tier } = rows[0]!
  if (!leagueId || !tier) return { week, tier: null, ranked: [] }
  const standings = await leagueStandings(db, leagueId, week)
  const names = new Map(standings.map((row) => [row.id, row.name]))
  return {
    week,
    tier,
    ranked: rankLeague(tier, standings).map((row) => ({ ...row, name: names.get(row.id) ?? "" })),
  }
}

const playerName = (id: string, name: string) => name.trim() || `Player #${id}`

export async function leaderboard(db: Database, userId: string, scope: BoardScope): Promise<Leaderboard> {
  await closeDueWeeksOnRead(db)
  const profile = await profileOf(db, userId)
  const board = await weekBoard(db, userId)
  const tier = board.tier ?? profile.tier
  const viewer = board.ranked.find((row) => row.id === userId)
  const flags = viewer?.flags ?? (await weekFlags(db, board.week, [userId])).get(userId) ?? []
  const common = {
    scope,
    tier,
    week: board.week,
    promotionPlaces: PROMOTED_PER_TIER[tier],
    demotionFrom: LEAGUE_TIERS.indexOf(tier) > 0 ? DEMOTED_FROM_RANK : null,
    promotionAccuracy: PROMOTION_MIN_ACCURACY,
    promotionGolds: PROMOTION_MIN_GOLDS,
    golds: viewer?.golds ?? 0,
    flags,
  }
  if (scope === "week") {
    const rows = board.ranked.map((row): BoardRow & { id: string; rank: number | null } => ({
      id: row.id,
      rank: row.rank ?? 0,
      name: playerName(row.id, row.name),
      xp: row.xp,
      accuracy: row.golds === 0 ? null : row.goldCorrect / row.golds,
      me: row.id === userId,
      zone: row.outcome === "promoted" ? "promotion" : row.outcome === "demoted" ? "demotion" : "safe",
    }))
    const ranked = rows.filter((_, index) => board.ranked[index]!.rank !== null)
    const { top, around } = boardFor(ranked, userId)
    const strip = ({ id: _id, ...row }: (typeof rows)[number]) => row
    return {
      ...common,
      players: ranked.length,
      top: top.map(strip),
      around: around.map(strip),
      me: viewer && viewer.rank !== null ? strip(rows.find((row) => row.id === userId)!) : null,
    }
  }
  // All time: every player by XP; players flagged this week stay off it too.
  const { rows } = await db.query<{ id: string; xp: number; name: string; golds: number; right: number }>(
    `SELECT p.user_id::text AS id, p.xp::int, coalesce(u.display_name, '') AS name,
            (SELECT count(*)::int FROM play_xp_events e WHERE e.user_id = p.user_id AND e.kind = 'check') AS golds,
            (SELECT count(*)::int FROM play_xp_events e
              WHERE e.user_id = p.user_id AND e.kind = 'check' AND e.correct) AS right
       FROM play_profiles p JOIN users u ON u.id = p.user_id
      WHERE p.xp > 0 ORDER BY p.xp DESC, p.user_id`,
  )
  const flagged = await weekFlags(
    db,
    board.week,
    rows.map((row) => row.id),
  )
  const clean = rows.filter((row) => (flagged.get(row.id) ?? []).length === 0)
  const allRows = clean.map((row, index) => ({
    id: row.id,
    rank: index + 1,
    name: playerName(row.id, row.name),
    xp: row.xp,
    accuracy: row.golds === 0 ? null : row.right / row.golds,
    me: row.id === userId,
    zone: "safe" as const,
  }))
  const { top, around } = boardFor(allRows, userId)
  const strip = ({ id: _id, ...row }: (typeof allRows)[number]): BoardRow => row
  const me = allRows.find((row) => row.id === userId)
  return {
    ...common,
    players: allRows.length,
    top: top.map(strip),
    around: around.map(strip),
    me: me ? strip(me) : null,
  }
}

interface RewardRow {
  id: string
  kind: "booster" | "bonus"
  reason: "level" | "promotion"
  level: number | null
  week: string | null
  percent: number | null
  minutes: number | null
  amount: string | null
  earned_at: Date | string
  claimed_at: Date | string | null
}

const REWARD_COLUMNS = `id::text, kind, reason, level, to_char(week, 'YYYY-MM-DD') AS week, percent, minutes,
  amount::text, earned_at, claimed_at`

const toReward = (row: RewardRow): Reward => ({
  id: row.id,
  kind: row.kind,
  reason: row.reason,
  level: row.level,
  week: row.week,
  percent: row.percent,
  minutes: row.minutes,
  amount: row.amount === null ? null : Number(row.amount),
  state: row.claimed_at ? "claimed" : "available",
  earnedAt: iso(row.earned_at),
  claimedAt: row.claimed_at ? iso(row.claimed_at) : null,
})

export async function rewards(db: Database, userId: string): Promise<Rewards> {
  await closeDueWeeksOnRead(db)
  const worker = await isWorker(db, userId)
  const { rows } = await db.query<RewardRow>(
    `SELECT ${REWARD_COLUMNS} FROM play_rewards WHERE user_id = $1
      ORDER BY claimed_at IS NOT NULL, earned_at DESC, id DESC LIMIT 100`,
    [userId],
  )
  const profile = await profileOf(db, userId)
  const level = levelOf(profile.xp)
  // The next level that gives something (level 1 gives nothing, so the next is at least 2).
  let next = level + 1
  while (!levelReward(next)) next += 1
  return {
    isWorker: worker,
    rewards: rows.map(toReward),
    boosters: await boosters(db, userId, 10),
    boosterAccuracy: BOOSTER_MIN_ACCURACY,
    next: { level: next, xp: levelStartXp(next), kind: levelReward(next)!.kind },
  }
}

/**
 * Claims a reward, once: a bonus is paid from the platform's play_rewards account to the worker's earnings (the
 * transfer keyed by the reward), a booster starts now (not while another runs). Claiming again answers the same.
 */
export async function claim(db: Database, userId: string, rewardId: string): Promise<ClaimedReward> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<RewardRow>(
      `SELECT ${REWARD_COLUMNS} FROM play_rewards WHERE id = $1 AND user_id = $2 FOR UPDATE`,
      [rewardId, userId],
    )
    const row = rows[0]
    if (!row) throw new PlayError("REWARD_NOT_FOUND", "You have no reward with this id.")
    const boosterOf = async () => {
      const { rows: found } = await tx.query<BoosterRow>(`${BOOSTER_QUERY} WHERE b.reward_id = $1`, [row.id])
      return found[0] ? toBooster(found[0]) : null
    }
    if (row.claimed_at) return { reward: toReward(row), booster: await boosterOf() }
    if (row.kind === "bonus") {
      await transfer(tx, {
        key: `play:reward:${row.id}`,
        debitAccountId: await ledgerAccount(tx, { userId: null, purpose: "play_rewards", currency: "USD" }),
        creditAccountId: await ledgerAccount(tx, { userId, purpose: "worker_earnings", currency: "USD" }),
        amount: Number(row.amount),
        currency: "USD",
        memo: row.reason === "level" ? `Level ${row.level} bonus` : `Promotion bonus, week of ${row.week}`,
      })
    } else {
      await endBooster(tx, userId, "expired")
      const { rows: running } = await tx.query(
        "SELECT 1 FROM play_boosters WHERE user_id = $1 AND ended_at IS NULL",
        [userId],
      )
      if (running.length > 0)
        throw new PlayError("BOOSTER_ACTIVE", "A booster is running; claim this one when it has ended.")
      await tx.query(
        `INSERT INTO play_boosters (user_id, reward_id, percent, ends_at)
         VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
        [userId, row.id, row.percent, row.minutes],
      )
    }
    const { rows: claimed } = await tx.query<RewardRow>(
      `UPDATE play_rewards SET claimed_at = now() WHERE id = $1 RETURNING ${REWARD_COLUMNS}`,
      [row.id],
    )
    return { reward: toReward(claimed[0]!), booster: await boosterOf() }
  })
}

export async function profile(db: Database, userId: string): Promise<PlayProfile> {
  await closeDueWeeksOnRead(db)
  const { rows: users } = await db.query<{ name: string; created_at: Date | string; worker: boolean }>(
    "SELECT coalesce(display_name, '') AS name, created_at, user_type = 'worker' AS worker FROM users WHERE id = $1",
    [userId],
  )
  const user = users[0]!
  const player = await profileOf(db, userId)
  const { rows: skillRows } = await db.query<{
    type: string
    status: SkillStatus | null
    gc: number
    gw: number
    rg: number
    rb: number
    answers: number
    xp: number
  }>(
    `SELECT t.type, s.status,
            coalesce(sum(a.gold_correct), 0)::int AS gc, coalesce(sum(a.gold_wrong), 0)::int AS gw,
            coalesce(sum(a.reported_good), 0)::int AS rg, coalesce(sum(a.reported_bad), 0)::int AS rb,
            coalesce(sum(a.answered + a.gold_correct + a.gold_wrong), 0)::int AS answers,
            (SELECT coalesce(sum(e.xp), 0)::int FROM play_xp_events e WHERE e.user_id = $1 AND e.type = t.type) AS xp
       FROM unnest($2::text[]) AS t (type)
       LEFT JOIN worker_skills s ON s.worker_id = $1 AND s.type = t.type
       LEFT JOIN worker_accuracy a ON a.worker_id = $1 AND a.type = t.type
      GROUP BY t.type, s.status`,
    [userId, [...CABINET_TYPES]],
  )
  const skills: Skill[] = CABINET_TYPES.map((type) => {
    const row = skillRows.find((skill) => skill.type === type)!
    const counts = { goldCorrect: row.gc, goldWrong: row.gw, reportedGood: row.rg, reportedBad: row.rb }
    return {
      type,
      status: row.status,
      accuracy: Math.round(smoothedAccuracy(counts) * 1000) / 1000,
      quality: qualityFactor(counts),
      answers: row.answers,
      xp: row.xp,
    }
  })
  const current = await weekBoard(db, userId)
  const { rows: weeks } = await db.query<{
    week: string
    tier: LeagueTier
    rank: number | null
    xp: number | null
    outcome: "promoted" | "stays" | "demoted" | null
  }>(
    `SELECT to_char(week, 'YYYY-MM-DD') AS week, tier, rank, xp, outcome FROM play_league_members
      WHERE user_id = $1 ORDER BY week DESC LIMIT 12`,
    [userId],
  )
  const leagues = weeks.map((row) => {
    const live = row.week === current.week ? current.ranked.find((member) => member.id === userId) : undefined
    return {
      week: row.week,
      tier: row.tier,
      rank: live ? live.rank : row.rank,
      xp: live ? live.xp : (row.xp ?? 0),
      outcome: live ? null : row.outcome,
    }
  })
  const { today, days } = await accurateDays(db, userId)
  // Answers are paid in the task's currency; level and promotion bonuses in USD; a booster in its answers'.
  const { rows: money } = await db.query<{ currency: "USD" | "RUB"; answers: string; rewards: string }>(
    `SELECT c.currency,
            (SELECT coalesce(sum(a.earned), 0) FROM task_assignments a JOIN captcha_tasks t ON t.id = a.task_id
              WHERE a.worker_id = $1 AND t.currency = c.currency)::text AS answers,
            ((SELECT coalesce(sum(amount), 0) FROM play_rewards
               WHERE user_id = $1 AND kind = 'bonus' AND claimed_at IS NOT NULL AND c.currency = 'USD')
             + (SELECT coalesce(sum(CASE WHEN c.currency = 'USD' THEN bonus_paid_usd ELSE bonus_paid_rub END), 0)
                  FROM play_boosters WHERE user_id = $1))::text AS rewards
       FROM unnest(ARRAY['USD', 'RUB']) AS c (currency)`,
    [userId],
  )
  const each = (pick: (row: (typeof money)[number]) => string) =>
    ({
      USD: Number(pick(money.find((row) => row.currency === "USD")!)),
      RUB: Number(pick(money.find((row) => row.currency === "RUB")!)),
    }) as const
  return {
    isWorker: user.worker,
    name: playerName(userId, user.name),
    since: iso(player.created_at ?? user.created_at),
    xp: player.xp,
    level: levelOf(player.xp),
    tier: player.tier,
    skills,
    leagues,
    streak: streakView(today, days),
    earnings: { answers: each((row) => row.answers), rewards: each((row) => row.rewards) },
    badges: await badges(db, userId, days),
  }
}

/** When each badge was earned (null: not yet), from the player's history. */
async function badges(db: Queryable, userId: string, days: Map<string, number>) {
  const { rows } = await db.query<{
    first: Date | string | null
    hundredth: Date | string | null
    trained: Date | string | null
    promoted: string | null
    kept: Date | string | null
  }>(
    `SELECT (SELECT min(created_at) FROM play_xp_events WHERE user_id = $1 AND kind <> 'clawback') AS first,
            (SELECT created_at FROM play_xp_events WHERE user_id = $1 AND kind IN ('answer', 'check')
              ORDER BY created_at, id OFFSET 99 LIMIT 1) AS hundredth,
            (SELECT min(created_at) FROM play_xp_events WHERE user_id = $1 AND kind = 'training' AND correct) AS trained,
            (SELECT to_char(min(week) + 7, 'YYYY-MM-DD') FROM play_league_members
              WHERE user_id = $1 AND outcome = 'promoted') AS promoted,
            (SELECT min(ended_at) FROM play_boosters WHERE user_id = $1 AND end_reason = 'expired') AS kept`,
    [userId],
  )
  const row = rows[0]!
  // The first day a streak reached seven days.
  let week: string | null = null
  for (const candidate of [...days.keys()].sort())
    if (streakOn(candidate, days).days >= 7) {
      week = candidate
      break
    }
  const at = (value: Date | string | null) => (value ? iso(value) : null)
  const earned: Record<(typeof BADGES)[number], string | null> = {
    firstAnswer: at(row.first),
    hundredAnswers: at(row.hundredth),
    trained: at(row.trained),
    streakWeek: week ? `${week}T23:59:59.000Z` : null,
    promoted: row.promoted ? `${row.promoted}T00:00:00.000Z` : null,
    boosterKept: at(row.kept),
  }
  return BADGES.map((badge) => ({ badge, earnedAt: earned[badge] }))
}
