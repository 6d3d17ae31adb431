import { Redis } from "ioredis"
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible"

/**
 * Every limit of the service (LIMITS.md) counts on one store, through rate-limiter-flexible: Redis when
 * REDIS_URL is set, so that all server processes share the counters and a restart keeps them; the process's
 * memory otherwise (the single-process embedded default). @fastify/rate-limit (the per-route limits) is given the
 * same Redis connection.
 */
declare module "fastify" {
  interface FastifyInstance {
    /** The limit store of this server (app.ts). */
    limits: LimitStore
  }
}

export interface LimitSpec {
  /** Names the counters in the store (`<prefix><name>:<key>`); one spec per name. */
  name: string
  /** Attempts allowed in one window. */
  points: number
  windowMs: number
  /** Over the limit, the key stays refused this long (from the attempt that crossed it); 0: until the window ends. */
  blockMs?: number
}

/** A limiter's view of one key: attempts counted in the current window and when it ends. */
export interface LimitCount {
  consumed: number
  /** ms until the window (or block) ends. */
  msLeft: number
}

export class LimitStore {
  private readonly limiters = new Map<string, { spec: LimitSpec; limiter: RateLimiterAbstract }>()

  private constructor(
    readonly redis: Redis | undefined,
    private readonly prefix: string,
  ) {}

  /** Redis when an address is given (its connection is checked before the server starts), memory otherwise. */
  static async open(options: {
    redisUrl?: string
    prefix?: string
    /** Told when the Redis connection fails later (the limits then count per process until it is back). */
    onError?: (error: Error) => void
  }): Promise<LimitStore> {
    const prefix = options.prefix ?? "manyhands:"
    if (!options.redisUrl) return new LimitStore(undefined, prefix)
    const redis = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 })
    let started = false
    redis.on("error", (error: Error) => {
      if (started) options.onError?.(error)
    })
    try {
      await redis.connect()
      await redis.ping()
    } catch (error) {
      redis.disconnect()
      throw new LimitStoreError(`Redis at REDIS_URL does not answer: ${(error as Error).message}`)
    }
    started = true
    return new LimitStore(redis, prefix)
  }

  get kind(): "redis" | "memory" {
    return this.redis ? "redis" : "memory"
  }

  /** The limiter of a spec; made once per name. */
  limiter(spec: LimitSpec): RateLimiterAbstract {
    const known = this.limiters.get(spec.name)
    if (known) {
      if (known.spec.points !== spec.points || known.spec.windowMs !== spec.windowMs)
        throw new Error(`limit ${spec.name} is defined twice with different numbers`)
      return known.limiter
    }
    // Redis counts whole seconds (a shorter window would never expire there); memory keeps milliseconds.
    const seconds = (ms: number) => (this.redis ? Math.max(1, Math.ceil(ms / 1000)) : ms / 1000)
    const options = {
      keyPrefix: `${this.prefix}${spec.name}`,
      points: spec.points,
      duration: seconds(spec.windowMs),
      blockDuration: spec.blockMs ? seconds(spec.blockMs) : 0,
    }
    const limiter = this.redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: this.redis,
          // While Redis is unreachable each process counts on its own rather than refusing everyone.
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options)
    this.limiters.set(spec.name, { spec, limiter })
    return limiter
  }

  /** Counts `points` attempts of a key; `allowed` is false once the limit is passed (or the key is blocked). */
  async hit(spec: LimitSpec, key: string, points = 1): Promise<LimitCount & { allowed: boolean }> {
    try {
      const res = await this.limiter(spec).consume(key, points)
      return { allowed: true, consumed: res.consumedPoints, msLeft: res.msBeforeNext }
    } catch (error) {
      if (error instanceof RateLimiterRes)
        return { allowed: false, consumed: error.consumedPoints, msLeft: error.msBeforeNext }
      throw error
    }
  }

  /** The count of a key without counting; null when it has none. */
  async peek(spec: LimitSpec, key: string): Promise<LimitCount | null> {
    const res = await this.limiter(spec).get(key)
    return res ? { consumed: res.consumedPoints, msLeft: res.msBeforeNext } : null
  }

  /** True while the key is over its limit; with the ms left. */
  async blocked(spec: LimitSpec, key: string): Promise<number | null> {
    const count = await this.peek(spec, key)
    return count && count.consumed > spec.points && count.msLeft > 0 ? count.msLeft : null
  }

  /** Refuses the key for `ms` from now, whatever it counted. */
  async block(spec: LimitSpec, key: string, ms: number): Promise<void> {
    await this.limiter(spec).block(key, this.redis ? Math.max(1, Math.ceil(ms / 1000)) : ms / 1000)
  }

  /** Forgets a key's count (a successful sign-in clears the failures of its place). */
  async reset(spec: LimitSpec, key: string): Promise<void> {
    await this.limiter(spec).delete(key)
  }

  async close(): Promise<void> {
    if (this.redis) await this.redis.quit().catch(() => this.redis?.disconnect())
  }
}

export class LimitStoreError extends Error {
  override name = "LimitStoreError"
}
