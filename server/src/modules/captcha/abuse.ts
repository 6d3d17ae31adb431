/*
 * The timing rules of the customer API (captcha-api §1.6, §1.7): MAX_USER_TURN, the ERROR: 1002/1003
 * suspensions that follow a storm of refused submissions, the ERROR: 1004 ban of an IP that tries unknown keys,
 * and the ERROR: 1005 suspension of a key that polls far more than it submits.
 *
 * The counters live in the memory of one server process: behind a load balancer each process counts its own
 * share, so the effective limits grow with the number of processes. That is acceptable for abuse protection
 * (the limits only need to stop clients that misbehave badly) and keeps every request free of extra database
 * writes. Memory stays bounded: entries expire with their window or block, and the oldest are dropped when a
 * table reaches `maxTracked` entries.
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
  /** Entries kept per table at most. */
  maxTracked: number
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
  maxTracked: 100_000,
}

/** The answer of a suspended caller: the legacy text and when it ends (ms since the epoch). */
export interface Suspension {
  code: "MAX_USER_TURN" | "ERROR: 1001" | "ERROR: 1002" | "ERROR: 1003" | "ERROR: 1004" | "ERROR: 1005"
  until: number
}

/** How a submission ended, as far as the timing rules care. */
export type SubmitOutcome = "accepted" | "no_slot" | "low_bid" | "zero_balance" | "other"

/** A Map whose entries expire; it also forgets its oldest entries beyond a size limit. */
class ExpiringTable<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>()
  private writes = 0

  constructor(
    private readonly maxSize: number,
    private readonly now: () => number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expires <= this.now()) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }

  set(key: string, value: V, expires: number) {
    // Re-inserting moves the key to the end, so the oldest entries are the least recently written.
    this.entries.delete(key)
    this.entries.set(key, { value, expires })
    if (++this.writes % 1000 === 0) this.dropExpired()
    while (this.entries.size > this.maxSize) this.entries.delete(this.entries.keys().next().value!)
  }

  delete(key: string) {
    this.entries.delete(key)
  }

  get size() {
    return this.entries.size
  }

  private dropExpired() {
    const now = this.now()
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key)
  }
}

interface RefusalCounts {
  start: number
  accepted: number
  noSlot: number
  lowBid: number
  zeroBalance: number
}

interface PollCounts {
  start: number
  polls: number
  submitted: number
}

/** Per-process counters of the API's timing rules; keys are user ids (never API keys) and IP addresses. */
export class AbuseGuard {
  readonly limits: AbuseLimits
  private readonly now: () => number
  private readonly blocks: ExpiringTable<Suspension>
  private readonly turns: ExpiringTable<number[]>
  private readonly refusals: ExpiringTable<RefusalCounts>
  private readonly polls: ExpiringTable<PollCounts>
  private readonly badKeys: ExpiringTable<number[]>

  constructor(limits: Partial<AbuseLimits> = {}, now: () => number = Date.now) {
    this.limits = { ...DEFAULT_ABUSE_LIMITS, ...limits }
    this.now = now
    const size = this.limits.maxTracked
    this.blocks = new ExpiringTable(size, now)
    this.turns = new ExpiringTable(size, now)
    this.refusals = new ExpiringTable(size, now)
    this.polls = new ExpiringTable(size, now)
    this.badKeys = new ExpiringTable(size, now)
  }

  /** Entries held, all tables together (for tests of the memory bound). */
  get tracked(): number {
    return this.blocks.size + this.turns.size + this.refusals.size + this.polls.size + this.badKeys.size
  }

  /** ERROR: 1004: the ban of an IP, checked before its key is looked at. */
  ipBan(ip: string): Suspension | null {
    return this.blocks.get(`ip:${ip}`) ?? null
  }

  /** A request from `ip` named a key that does not exist. */
  unknownKey(ip: string) {
    const { badKeys, badKeyWindowMs, badKeyBlockMs } = this.limits
    const tries = this.recent(this.badKeys.get(ip), badKeyWindowMs)
    tries.push(this.now())
    if (tries.length >= badKeys) {
      this.badKeys.delete(ip)
      this.block(`ip:${ip}`, "ERROR: 1004", badKeyBlockMs)
    } else {
      this.badKeys.set(ip, tries, this.now() + badKeyWindowMs)
    }
  }

  /** An in.php / createTask call of this user: counted for MAX_USER_TURN; the suspension if one applies. */
  submission(userId: string): Suspension | null {
    const blocked = this.blocks.get(`submit:${userId}`)
    if (blocked) return blocked
    const { turnSubmissions, turnWindowMs, turnBlockMs } = this.limits
    const calls = this.recent(this.turns.get(userId), turnWindowMs)
    calls.push(this.now())
    if (calls.length > turnSubmissions) {
      this.turns.delete(userId)
      return this.block(`submit:${userId}`, "MAX_USER_TURN", turnBlockMs)
    }
    this.turns.set(userId, calls, this.now() + turnWindowMs)
    return null
  }

  /** How a submission of this user ended: refusals may suspend further submissions; accepted ones allow polls. */
  submitted(userId: string, outcome: SubmitOutcome) {
    if (outcome === "accepted") this.pollCounts(userId).submitted++
    const { refusals, refusalWindowMs, lowBidBlockMs, zeroBalanceBlockMs, noSlotBlockMs, noSlotFactor } =
      this.limits
    let counts = this.refusals.get(userId)
    if (!counts) {
      counts = { start: this.now(), accepted: 0, noSlot: 0, lowBid: 0, zeroBalance: 0 }
      this.refusals.set(userId, counts, counts.start + refusalWindowMs)
    }
    if (outcome === "accepted") counts.accepted++
    if (outcome === "low_bid" && ++counts.lowBid >= refusals) {
      this.refusals.delete(userId)
      this.block(`submit:${userId}`, "ERROR: 1001", lowBidBlockMs)
    }
    if (outcome === "zero_balance" && ++counts.zeroBalance >= refusals) {
      this.refusals.delete(userId)
      this.block(`submit:${userId}`, "ERROR: 1002", zeroBalanceBlockMs)
    }
    if (
      outcome === "no_slot" &&
      ++counts.noSlot >= refusals &&
      counts.noSlot > noSlotFactor * counts.accepted
    ) {
      this.refusals.delete(userId)
      this.block(`submit:${userId}`, "ERROR: 1003", noSlotBlockMs)
    }
  }

  /** A res.php / getTaskResult / getBalance call of this user (ERROR: 1005); the suspension if one applies. */
  poll(userId: string): Suspension | null {
    const blocked = this.blocks.get(`poll:${userId}`)
    if (blocked) return blocked
    const counts = this.pollCounts(userId)
    counts.polls++
    const { pollBase, pollPerTask, pollBlockMs } = this.limits
    if (counts.polls > pollBase + pollPerTask * counts.submitted) {
      this.polls.delete(userId)
      return this.block(`poll:${userId}`, "ERROR: 1005", pollBlockMs)
    }
    return null
  }

  private pollCounts(userId: string): PollCounts {
    let counts = this.polls.get(userId)
    if (!counts) {
      counts = { start: this.now(), polls: 0, submitted: 0 }
      this.polls.set(userId, counts, counts.start + this.limits.pollPeriodMs)
    }
    return counts
  }

  private recent(times: number[] | undefined, windowMs: number): number[] {
    const since = this.now() - windowMs
    return (times ?? []).filter((time) => time > since)
  }

  private block(key: string, code: Suspension["code"], ms: number): Suspension {
    const suspension = { code, until: this.now() + ms }
    this.blocks.set(key, suspension, suspension.until)
    return suspension
  }
}
