import type { LimitSpec, LimitStore } from "../limits/store"

/*
 * The timing rules of the customer API (captcha-api §1.6, §1.7): MAX_USER_TURN, the ERROR: 1002/1003
 * suspensions that follow a storm of refused submissions, the ERROR: 1004 ban of an IP that tries unknown keys,
 * and the ERROR: 1005 suspension of a key that polls far more than it submits.
 *
 * The counters live in the service's limit store (modules/limits, LIMITS.md): Redis when REDIS_URL is set, so
 * every server process counts the same calls and a restart keeps the suspensions; the process's memory in the
 * single-process embedded default. Entries expire with their window or block. Counts are per fixed window.
 *
 * ERROR: 1001 follows a storm of ERROR_NO_SLOT_AVAILABLE refusals of image tasks priced above the customer's
 * maximum bid (captcha settings).
 */

export interface AbuseLimits {
  /** MAX_USER_TURN: more than this many in.php calls of one key within `turnWindowMs`… */
  turnSubmissions: number
  turnWindowMs: number
  /** …block its submissions for this long. */
  turnBlockMs: number
  /** ERROR: 1002 / 1003: this many refusals of one kind within `refusalWindowMs`… */
  refusals: number
  refusalWindowMs: number
  /** …of ERROR_NO_SLOT_AVAILABLE for a price above the maximum bid suspend submissions for this long (1001)… */
  lowBidBlockMs: number
  /** …of ERROR_ZERO_BALANCE for this long (1002)… */
  zeroBalanceBlockMs: number
  /** …of ERROR_NO_SLOT_AVAILABLE, when also more than `noSlotFactor` × the accepted tasks, for this long (1003). */
  noSlotBlockMs: number
  noSlotFactor: number
  /** ERROR: 1004: this many requests with a non-existent key from one IP within `badKeyWindowMs`… */
  badKeys: number
  badKeyWindowMs: number
  /** …ban the IP for this long. */
  badKeyBlockMs: number
  /** ERROR: 1005: more than pollBase + pollPerTask × (tasks submitted) polls of one key in one period… */
  pollBase: number
  pollPerTask: number
  pollPeriodMs: number
  /** …suspend its polling for this long. */
  pollBlockMs: number
}

export const DEFAULT_ABUSE_LIMITS: AbuseLimits = {
  turnSubmissions: 60,
  turnWindowMs: 3_000,
  turnBlockMs: 10_000,
  refusals: 120,
  refusalWindowMs: 60_000,
  lowBidBlockMs: 10 * 60_000,
  zeroBalanceBlockMs: 5 * 60_000,
  noSlotBlockMs: 30_000,
  noSlotFactor: 3,
  badKeys: 5,
  badKeyWindowMs: 10 * 60_000,
  badKeyBlockMs: 10 * 60_000,
  pollBase: 1200,
  pollPerTask: 20,
  pollPeriodMs: 5 * 60_000,
  pollBlockMs: 5 * 60_000,
}

/** The answer of a suspended caller: the legacy text and when it ends (ms since the epoch). */
export interface Suspension {
  code: "MAX_USER_TURN" | "ERROR: 1001" | "ERROR: 1002" | "ERROR: 1003" | "ERROR: 1004" | "ERROR: 1005"
  until: number
}

/** How a submission ended, as far as the timing rules care. */
export type SubmitOutcome = "accepted" | "no_slot" | "low_bid" | "zero_balance" | "other"

const SUBMIT_BLOCKS = ["ERROR: 1001", "ERROR: 1002", "ERROR: 1003"] as const

/** The timing rules' counters; keys are user ids (never API keys) and IP addresses. */
export class AbuseGuard {
  readonly limits: AbuseLimits
  private readonly specs

  constructor(
    private readonly store: LimitStore,
    limits: Partial<AbuseLimits> = {},
  ) {
    const l = (this.limits = { ...DEFAULT_ABUSE_LIMITS, ...limits })
    // A count that only matters when compared with another: it is never refused by itself.
    const tally = (name: string, windowMs: number): LimitSpec => ({ name, points: 1e9, windowMs })
    const block = (name: string): LimitSpec => ({ name, points: 0, windowMs: 1000 })
    this.specs = {
      turn: { name: "api-turn", points: l.turnSubmissions, windowMs: l.turnWindowMs, blockMs: l.turnBlockMs },
      badKeys: {
        name: "api-bad-key",
        points: l.badKeys - 1,
        windowMs: l.badKeyWindowMs,
        blockMs: l.badKeyBlockMs,
      },
      accepted: tally("api-accepted", l.refusalWindowMs),
      lowBid: tally("api-low-bid", l.refusalWindowMs),
      zeroBalance: tally("api-zero-balance", l.refusalWindowMs),
      noSlot: tally("api-no-slot", l.refusalWindowMs),
      polls: tally("api-polls", l.pollPeriodMs),
      pollSubmitted: tally("api-poll-submitted", l.pollPeriodMs),
      pollBlock: block("api-block-1005"),
      "ERROR: 1001": block("api-block-1001"),
      "ERROR: 1002": block("api-block-1002"),
      "ERROR: 1003": block("api-block-1003"),
    } satisfies Record<string, LimitSpec>
  }

  /** ERROR: 1004: the ban of an IP, checked before its key is looked at. */
  async ipBan(ip: string): Promise<Suspension | null> {
    const ms = await this.store.blocked(this.specs.badKeys, ip)
    return ms === null ? null : { code: "ERROR: 1004", until: Date.now() + ms }
  }

  /** A request from `ip` named a key that does not exist; the one that crosses the limit bans the IP. */
  async unknownKey(ip: string): Promise<void> {
    await this.store.hit(this.specs.badKeys, ip)
  }

  /** An in.php / createTask call of this user: counted for MAX_USER_TURN; the suspension if one applies. */
  async submission(userId: string): Promise<Suspension | null> {
    const blocks = await Promise.all(
      SUBMIT_BLOCKS.map((code) => this.store.blocked(this.specs[code], userId)),
    )
    const index = blocks.findIndex((ms) => ms !== null)
    if (index >= 0) return { code: SUBMIT_BLOCKS[index]!, until: Date.now() + blocks[index]! }
    const turn = await this.store.hit(this.specs.turn, userId)
    return turn.allowed ? null : { code: "MAX_USER_TURN", until: Date.now() + turn.msLeft }
  }

  /** How a submission of this user ended: refusals may suspend further submissions; accepted ones allow polls. */
  async submitted(userId: string, outcome: SubmitOutcome): Promise<void> {
    const { refusals, lowBidBlockMs, zeroBalanceBlockMs, noSlotBlockMs, noSlotFactor } = this.limits
    const { store, specs } = this
    if (outcome === "accepted") {
      await Promise.all([store.hit(specs.accepted, userId), store.hit(specs.pollSubmitted, userId)])
      return
    }
    const suspend = async (tally: LimitSpec, code: (typeof SUBMIT_BLOCKS)[number], ms: number) => {
      await store.reset(tally, userId)
      await store.block(specs[code], userId, ms)
    }
    if (outcome === "low_bid" && (await store.hit(specs.lowBid, userId)).consumed >= refusals)
      await suspend(specs.lowBid, "ERROR: 1001", lowBidBlockMs)
    if (outcome === "zero_balance" && (await store.hit(specs.zeroBalance, userId)).consumed >= refusals)
      await suspend(specs.zeroBalance, "ERROR: 1002", zeroBalanceBlockMs)
    if (outcome === "no_slot") {
      const noSlot = (await store.hit(specs.noSlot, userId)).consumed
      if (noSlot >= refusals) {
        const accepted = (await store.peek(specs.accepted, userId))?.consumed ?? 0
        if (noSlot > noSlotFactor * accepted) await suspend(specs.noSlot, "ERROR: 1003", noSlotBlockMs)
      }
    }
  }

  /** A res.php / getTaskResult / getBalance call of this user (ERROR: 1005); the suspension if one applies. */
  async poll(userId: string): Promise<Suspension | null> {
    const { store, specs } = this
    const blocked = await store.blocked(specs.pollBlock, userId)
    if (blocked !== null) return { code: "ERROR: 1005", until: Date.now() + blocked }
    const { pollBase, pollPerTask, pollBlockMs } = this.limits
    const polls = (await store.hit(specs.polls, userId)).consumed
    // The allowance grows with the tasks submitted in the period; only looked up once the base is used.
    if (polls <= pollBase) return null
    const submitted = (await store.peek(specs.pollSubmitted, userId))?.consumed ?? 0
    if (polls <= pollBase + pollPerTask * submitted) return null
    await store.reset(specs.polls, userId)
    await store.block(specs.pollBlock, userId, pollBlockMs)
    return { code: "ERROR: 1005", until: Date.now() + pollBlockMs }
  }
}
