import type { FastifyInstance } from "fastify"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import {
  LEVEL_BONUS_PER_LEVEL,
  PROMOTION_BONUS,
  XP_HOURLY_CAP,
  type ClaimedReward,
  type Leaderboard,
  type PlayProfile,
  type PlaySummary,
  type Rewards,
} from "@manyhands/contract/play"
import type { Database } from "../src/db/database"
import type { ApiClient } from "../src/modules/captcha/engine"
import { checkLedger } from "../src/modules/ledger/ledger"
import { clawBack, closeDueWeeks } from "../src/modules/play/play"
import { testBrowser, type TestBrowser } from "./browser"
import {
  giveApiKey,
  giveCredit,
  imageTask,
  newUser,
  pngImage,
  solveImage,
  takeOffer,
} from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

/*
 * The play-and-earn hub on the database (issue 26): XP in the answer's transaction (base × quality, the hourly
 * cap), clawback of exactly what was credited, once; level rewards claimed once through the ledger; boosters that
 * pay their per cent and end at the first confirmed mistake; weekly leagues with the accuracy gate; fraud flags.
 */
describe.each(engines)("play and earn on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let customer: ApiClient
  let customerId: string
  let players = 0

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine, { checkTasks: true }))
    const email = "play-customer@example.com"
    customerId = await newUser(db, email, "customer")
    await giveCredit(db, customerId, 50_000_000)
    customer = await app.captchaEngine.authenticate(await giveApiKey(db, email), "127.0.0.1")
    app.captchaEngine.workers.goldShare = 0
  })
  afterAll(() => stop())
  afterEach(async () => {
    app.captchaEngine.workers.goldShare = 0
    await db.query("UPDATE captcha_tasks SET deadline_at = now() - interval '1 second' WHERE state = 'open'")
    await app.captchaEngine.sweep()
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
  })

  interface Player {
    id: string
    email: string
    browser: TestBrowser
  }
  const newPlayer = async (): Promise<Player> => {
    const email = `player${++players}@example.com`
    const id = await newUser(db, email, "worker")
    const browser = testBrowser(app)
    expect((await browser.signIn(email)).statusCode).toBe(200)
    return { id, email, browser }
  }
  const get = async <T>(player: Player, url: string): Promise<T> => {
    const response = await player.browser.get(url)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<T>()
  }
  /** A customer's picture task, answered by the player; the answer's outcome. */
  const answerTask = async (player: Player) => {
    const image = pngImage(60 + (players % 50), 20 + Math.floor(Math.random() * 40))
    const { id } = await app.captchaEngine.submit(
      customer,
      imageTask({ files: [{ name: "body", mime: "image/png", data: image }] }),
      {
        api: "v2",
        ip: "127.0.0.1",
      },
    )
    const offer = await takeOffer(
      app.captchaEngine,
      player.id,
      (candidate) => candidate.files[0]?.data === image.toString("base64"),
    )
    const outcome = await app.captchaEngine.workers.answer(player.id, offer.assignmentId, { text: "w0rd" })
    return { taskId: id, assignmentId: offer.assignmentId, outcome }
  }
  const earnings = async (userId: string) => {
    const { rows } = await db.query<{ credits: string }>(
      `SELECT coalesce(sum(credits_posted), 0)::text AS credits FROM ledger_accounts
        WHERE user_id = $1 AND purpose = 'worker_earnings' AND currency = 'USD'`,
      [userId],
    )
    return Number(rows[0]!.credits)
  }
  const setXp = (userId: string, xp: number) =>
    db.query(
      `INSERT INTO play_profiles (user_id, xp, level) VALUES ($1, $2, 1)
       ON CONFLICT (user_id) DO UPDATE SET xp = $2`,
      [userId, xp],
    )

  it("awards base × quality for an answer in its transaction, and a customer's report takes exactly that back once", async () => {
    const player = await newPlayer()
    const { taskId, assignmentId, outcome } = await answerTask(player)
    // A newcomer's quality: (0 + 8) / (0 + 10) = 80 % → (0.8 − 0.6) / 0.4 = 0.5; ImageToTextTask is worth 10.
    expect(outcome.xp).toEqual({
      xp: 5,
      worth: 5,
      capped: false,
      total: 5,
      level: 1,
      levelUp: false,
      hour: 5,
      bonus: 0,
    })
    const summary = await get<PlaySummary>(player, "/api/v2/play")
    expect(summary).toMatchObject({ isWorker: true, xp: 5, level: 1, hourXp: 5, hourCap: XP_HOURLY_CAP })
    expect(summary.recent[0]).toMatchObject({
      kind: "answer",
      type: "ImageToTextTask",
      assignmentId,
      xp: 5,
      base: 10,
      quality: 0.5,
      worth: 5,
      capped: false,
      correct: null,
    })
    // The player joined this week's bronze league with the first XP.
    expect(summary.week).toMatchObject({ rank: 1, players: 1, xp: 5 })

    await app.captchaEngine.report(customer, taskId, "bad")
    const after = await get<PlaySummary>(player, "/api/v2/play")
    expect(after.xp).toBe(0)
    expect(after.recent[0]).toMatchObject({ kind: "clawback", assignmentId, xp: -5 })
    // Judged wrong again (another path to the same verdict): nothing more is taken.
    expect(await db.transaction((tx) => clawBack(tx, player.id, assignmentId))).toBe(0)
    const history = await get<{ items: { kind: string }[]; total: number }>(player, "/api/v2/play/history")
    expect(history.total).toBe(2)
    expect(history.items.map((event) => event.kind)).toEqual(["clawback", "answer"])
  })

  it("caps the XP of a clock hour and says so in the history", async () => {
    const player = await newPlayer()
    // 598 XP already this hour (a farm of answers): the next answer's 5 become 2.
    const first = await answerTask(player)
    await db.query("UPDATE play_xp_events SET xp = $2, worth = $2 WHERE assignment_id = $1", [
      first.assignmentId,
      XP_HOURLY_CAP - 2,
    ])
    await setXp(player.id, XP_HOURLY_CAP - 2)
    const { outcome } = await answerTask(player)
    expect(outcome.xp).toMatchObject({ xp: 2, worth: 5, capped: true, hour: XP_HOURLY_CAP })
    const { outcome: third } = await answerTask(player)
    expect(third.xp).toMatchObject({ xp: 0, worth: 5, capped: true })
    const summary = await get<PlaySummary>(player, "/api/v2/play")
    expect(summary.hourXp).toBe(XP_HOURLY_CAP)
    expect(summary.recent[0]).toMatchObject({ xp: 0, worth: 5, capped: true })
  })

  it("leaves a level's reward to claim once: a bonus paid through the ledger, a booster that pays its per cent", async () => {
    const player = await newPlayer()
    // 448 XP: the next answer (5 XP) reaches level 4 (450) from level 1, passing 2 (a booster) and 3 (a bonus).
    await setXp(player.id, 448)
    const { outcome } = await answerTask(player)
    expect(outcome.xp).toMatchObject({ total: 453, level: 4, levelUp: true })
    const rewards = await get<Rewards>(player, "/api/v2/play/rewards")
    const byLevel = Object.fromEntries(rewards.rewards.map((reward) => [reward.level, reward]))
    expect(Object.keys(byLevel).sort()).toEqual(["2", "3", "4"])
    expect(byLevel[2]).toMatchObject({ kind: "booster", percent: 10, minutes: 60, state: "available" })
    expect(byLevel[3]).toMatchObject({ kind: "bonus", amount: 3 * LEVEL_BONUS_PER_LEVEL, state: "available" })
    expect(rewards.next).toEqual({ level: 5, xp: 800, kind: "bonus" })

    // The bonus: paid once, however often it is claimed.
    const before = await earnings(player.id)
    const claimBonus = () => player.browser.send("POST", `/api/v2/play/rewards/${byLevel[3]!.id}/claim`, {})
    const claimed = await claimBonus()
    expect(claimed.statusCode, claimed.body).toBe(200)
    expect(claimed.json<ClaimedReward>().reward.state).toBe("claimed")
    expect((await claimBonus()).json<ClaimedReward>()).toEqual(claimed.json())
    expect((await earnings(player.id)) - before).toBe(3 * LEVEL_BONUS_PER_LEVEL)

    // The booster: running, a second one waits, and each paid answer gets 10 % more.
    const started = await player.browser.send("POST", `/api/v2/play/rewards/${byLevel[2]!.id}/claim`, {})
    expect(started.statusCode, started.body).toBe(200)
    expect(started.json<ClaimedReward>().booster).toMatchObject({
      percent: 10,
      state: "active",
      bonusPaid: { USD: 0, RUB: 0 },
    })
    const second = await player.browser.send("POST", `/api/v2/play/rewards/${byLevel[4]!.id}/claim`, {})
    expect(second.statusCode).toBe(409)
    expect(second.json().error.code).toBe("BOOSTER_ACTIVE")

    const beforeAnswer = await earnings(player.id)
    const paid = await answerTask(player)
    expect(paid.outcome.earned).toBeGreaterThan(0)
    const bonus = Math.floor((paid.outcome.earned * 10) / 100)
    expect(bonus).toBeGreaterThan(0)
    expect(paid.outcome.xp?.bonus).toBe(bonus)
    expect((await earnings(player.id)) - beforeAnswer).toBe(paid.outcome.earned + bonus)
    const { rows } = await db.query("SELECT 1 FROM ledger_transfers WHERE idempotency_key = $1", [
      `play:booster:${paid.assignmentId}`,
    ])
    expect(rows).toHaveLength(1)
    expect((await get<Rewards>(player, "/api/v2/play/rewards")).boosters[0]).toMatchObject({
      state: "active",
      bonusPaid: { USD: bonus, RUB: 0 },
    })
    // Someone else's reward, or none: 404.
    const other = await newPlayer()
    const foreign = await other.browser.send("POST", `/api/v2/play/rewards/${byLevel[4]!.id}/claim`, {})
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().error.code).toBe("REWARD_NOT_FOUND")
  })

  it("ends a booster at the first wrong check answer, and pays no bonus after it", async () => {
    const player = await newPlayer()
    await setXp(player.id, 45)
    await answerTask(player) // level 2: a booster
    const reward = (await get<Rewards>(player, "/api/v2/play/rewards")).rewards[0]!
    expect(
      (await player.browser.send("POST", `/api/v2/play/rewards/${reward.id}/claim`, {})).statusCode,
    ).toBe(200)

    // A check task mixed into real work, answered wrong: a confirmed mistake.
    app.captchaEngine.workers.goldShare = 1
    const offer = await takeOffer(app.captchaEngine, player.id, () => true, ["ImageToTextTask"])
    const { rows } = await db.query<{ training: boolean | null }>(
      "SELECT g.training FROM task_assignments a JOIN gold_tasks g ON g.id = a.gold_task_id WHERE a.id = $1",
      [offer.assignmentId],
    )
    expect(rows[0]?.training).toBe(false)
    const wrong = await app.captchaEngine.workers.answer(player.id, offer.assignmentId, { text: "zzzzzz" })
    expect(wrong.xp).toMatchObject({ xp: 0, worth: 0 })
    app.captchaEngine.workers.goldShare = 0

    const rewards = await get<Rewards>(player, "/api/v2/play/rewards")
    expect(rewards.boosters[0]).toMatchObject({ state: "mistake", checked: 1, correct: 0 })
    expect(rewards.boosters[0]!.endedAt).not.toBeNull()
    const summary = await get<PlaySummary>(player, "/api/v2/play")
    expect(summary.booster).toBeNull()
    expect(summary.recent[0]).toMatchObject({ kind: "check", correct: false, xp: 0 })
    const paid = await answerTask(player)
    expect(paid.outcome.xp?.bonus).toBe(0)
  })

  it("closes a week once: promotion needs the rank and accuracy, tiers move, next week's leagues form", async () => {
    // Last week's bronze league of three players, as answers would have left it.
    const [sharp, sloppy, idle] = [await newPlayer(), await newPlayer(), await newPlayer()]
    const { rows: weeks } = await db.query<{ week: string }>(
      "SELECT to_char((date_trunc('week', now() AT TIME ZONE 'UTC'))::date - 7, 'YYYY-MM-DD') AS week",
    )
    const week = weeks[0]!.week
    const { rows: league } = await db.query<{ id: string }>(
      "INSERT INTO play_leagues (week, tier, members) VALUES ($1, 'bronze', 3) RETURNING id::text",
      [week],
    )
    for (const player of [sharp, sloppy, idle]) {
      await db.query(
        "INSERT INTO play_league_members (user_id, week, league_id, tier) VALUES ($1, $2, $3, 'bronze')",
        [player.id, week, league[0]!.id],
      )
      await setXp(player.id, 0)
    }
    // 12 check answers each on Wednesday of that week: sharp 12 right, sloppy 10 right (83 %, under 90 %).
    const gold = (
      await db.query<{ id: string }>("SELECT id::text FROM gold_tasks WHERE NOT training LIMIT 1")
    ).rows[0]!.id
    const answers = async (player: Player, right: number, wrong: number, xpEach: number) => {
      for (let index = 0; index < right + wrong; index++) {
        const { rows } = await db.query<{ id: string }>(
          `INSERT INTO task_assignments (gold_task_id, worker_id, state, lease_until, created_at, answered_at)
           VALUES ($1, $2, 'answered', now(), $3::date + 2, $3::date + 2) RETURNING id::text`,
          [gold, player.id, week],
        )
        await db.query(
          `INSERT INTO play_xp_events (user_id, assignment_id, kind, type, xp, base, quality, worth, capped, correct, created_at)
           VALUES ($1, $2, 'check', 'ImageToTextTask', $3, 10, 1, 10, false, $4, ($5::date + 2)::timestamp AT TIME ZONE 'UTC')`,
          [player.id, rows[0]!.id, index < right ? xpEach : 0, index < right, week],
        )
      }
    }
    await answers(sharp, 12, 0, 10)
    await answers(sloppy, 10, 2, 20)

    expect(await closeDueWeeks(db)).toBeGreaterThanOrEqual(1)
    expect(await closeDueWeeks(db)).toBe(0)
    const { rows: outcomes } = await db.query<{
      id: string
      rank: number
      outcome: string
      held: string | null
    }>(
      "SELECT user_id::text AS id, rank, outcome, held FROM play_league_members WHERE week = $1 ORDER BY rank",
      [week],
    )
    // sloppy has more XP (200) but stays: accuracy under the bar; sharp (120) moves up; idle (0) stays in bronze.
    expect(outcomes).toEqual([
      { id: sloppy.id, rank: 1, outcome: "stays", held: "accuracy" },
      { id: sharp.id, rank: 2, outcome: "promoted", held: null },
      { id: idle.id, rank: 3, outcome: "stays", held: null },
    ])
    const tiers = await db.query<{ id: string; tier: string }>(
      "SELECT user_id::text AS id, tier FROM play_profiles WHERE user_id = ANY($1::bigint[]) ORDER BY user_id",
      [[sharp.id, sloppy.id, idle.id]],
    )
    expect(Object.fromEntries(tiers.rows.map((row) => [row.id, row.tier]))).toEqual({
      [sharp.id]: "silver",
      [sloppy.id]: "bronze",
      [idle.id]: "bronze",
    })
    const sharpRewards = await get<Rewards>(sharp, "/api/v2/play/rewards")
    expect(sharpRewards.rewards).toEqual([
      expect.objectContaining({ kind: "bonus", reason: "promotion", week, amount: PROMOTION_BONUS }),
    ])
    // This week: the players who answered last week are already in leagues of their new tiers.
    const sharpBoard = await get<Leaderboard>(sharp, "/api/v2/play/leaderboard")
    expect(sharpBoard).toMatchObject({ scope: "week", tier: "silver", players: 1 })
    expect(sharpBoard.me).toMatchObject({ rank: 1, me: true, xp: 0 })
    const sloppyBoard = await get<Leaderboard>(sloppy, "/api/v2/play/leaderboard")
    expect(sloppyBoard.tier).toBe("bronze")
    // The profile keeps the league history.
    const profile = await get<PlayProfile>(sharp, "/api/v2/play/profile")
    expect(profile.leagues.find((row) => row.week === week)).toMatchObject({
      tier: "bronze",
      rank: 2,
      outcome: "promoted",
    })
    expect(profile.badges.find((badge) => badge.badge === "promoted")?.earnedAt).not.toBeNull()
  })

  it("flags a player whose answers come faster than the type's 1st percentile, once the week has enough of them", async () => {
    const [steady, sprinter] = [await newPlayer(), await newPlayer()]
    for (const player of [steady, sprinter]) await answerTask(player)
    // Answers of a type no other test answers (RotateTask): the steady player's take 6 s each, the sprinter's
    // 40 (nearly all of theirs, over the 20 % share) 0.2 s.
    const gold = (
      await db.query<{ id: string }>(
        "SELECT id::text FROM gold_tasks WHERE type = 'RotateTask' ORDER BY id LIMIT 1",
      )
    ).rows[0]!.id
    const answers = (player: Player, count: number, seconds: number) =>
      db.query(
        `INSERT INTO task_assignments (gold_task_id, worker_id, state, lease_until, created_at, answered_at)
         SELECT $1, $2, 'answered', now(), now() - interval '1 minute',
                now() - interval '1 minute' + make_interval(secs => $4)
           FROM generate_series(1, $3)`,
        [gold, player.id, count, seconds],
      )
    await answers(steady, 60, 6)
    await answers(sprinter, 40, 0.2)
    // The others' answers of the type are the bar: 60 are too few to judge by.
    expect((await get<Leaderboard>(sprinter, "/api/v2/play/leaderboard")).flags).toEqual([])
    await answers(steady, 60, 6)
    const board = await get<Leaderboard>(sprinter, "/api/v2/play/leaderboard")
    expect(board.flags).toEqual(["tooFast"])
    expect(board.me).toBeNull()
    // The sprinter's 40 answers are too few to be the steady player's bar.
    expect((await get<Leaderboard>(steady, "/api/v2/play/leaderboard")).flags).toEqual([])
  })

  it("keeps a player with a long run of skips or a shared payout wallet off the board, and tells them why", async () => {
    const [honest, skipper, twin] = [await newPlayer(), await newPlayer(), await newPlayer()]
    for (const player of [honest, skipper, twin]) await answerTask(player)
    const gold = (
      await db.query<{ id: string }>("SELECT id::text FROM gold_tasks WHERE NOT training LIMIT 1")
    ).rows[0]!.id
    await db.query(
      `INSERT INTO task_assignments (gold_task_id, worker_id, state, lease_until)
       SELECT $1, $2, 'skipped', now() FROM generate_series(1, 25)`,
      [gold, skipper.id],
    )
    // The twin is paid to the same wallet as another worker account (one that never played).
    const sibling = await newUser(db, `sibling${players}@example.com`, "worker")
    await db.query("UPDATE users SET payout_wallet = 'shared-wallet-1' WHERE id = ANY($1::bigint[])", [
      [twin.id, sibling],
    ])
    const twinBoard = await get<Leaderboard>(twin, "/api/v2/play/leaderboard")
    expect(twinBoard.flags).toEqual(["linkedAccounts"])
    expect(twinBoard.me).toBeNull()
    const skipperBoard = await get<Leaderboard>(skipper, "/api/v2/play/leaderboard")
    expect(skipperBoard.flags).toEqual(["skipStreak"])
    expect(skipperBoard.me).toBeNull()
    const honestBoard = await get<Leaderboard>(honest, "/api/v2/play/leaderboard?scope=all")
    expect(honestBoard.flags).toEqual([])
    expect(honestBoard.me).toMatchObject({ me: true, xp: 5 })
    const names = [...honestBoard.top, ...honestBoard.around].map((row) => row.name)
    expect(names).toContain(`Player #${honest.id}`)
    expect(names).not.toContain(`Player #${skipper.id}`)
    expect(names).not.toContain(`Player #${twin.id}`)
  })

  it("checks practice answers to the public samples for anyone signed in, with no XP", async () => {
    const newcomer = testBrowser(app)
    await newUser(db, "practice@example.com", "customer")
    expect((await newcomer.signIn("practice@example.com")).statusCode).toBe(200)
    const samples = (await newcomer.get("/api/v2/captcha/samples")).json<{
      samples: { type: string; answer: string }[]
    }>().samples
    const text = samples.findIndex((sample) => sample.type === "ImageToTextTask")
    const right = await newcomer.send("POST", "/api/v2/play/practice", {
      sample: text,
      solution: { text: samples[text]!.answer.toUpperCase() },
    })
    expect(right.statusCode, right.body).toBe(200)
    expect(right.json()).toEqual({ correct: true, expected: { text: samples[text]!.answer } })
    const wrong = await newcomer.send("POST", "/api/v2/play/practice", {
      sample: text,
      solution: { text: "nope1" },
    })
    expect(wrong.json().correct).toBe(false)
    const missing = await newcomer.send("POST", "/api/v2/play/practice", {
      sample: 99,
      solution: { text: "x" },
    })
    expect(missing.statusCode).toBe(404)
    const malformed = await newcomer.send("POST", "/api/v2/play/practice", {
      sample: text,
      solution: {},
    })
    expect(malformed.statusCode, malformed.body).toBe(400)
    const summary = (await newcomer.get("/api/v2/play")).json<PlaySummary>()
    expect(summary).toMatchObject({ isWorker: false, xp: 0, level: 1, recent: [] })
    expect((await testBrowser(app).get("/api/v2/play")).statusCode).toBe(401)
  })
})

// solveImage is the cabinet fixture other suites use; this suite answers through takeOffer to read the outcome.
void solveImage
