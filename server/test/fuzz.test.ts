import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { describeFailure, runFuzz, startFuzzTarget, type FuzzTarget } from "../fuzz/harness"
import { engines } from "./databases"

/*
 * The bounded run of the fuzzer (server/fuzz, issue 17): cases made from /api/openapi.json, the captcha
 * protocol's parameters and the worker API — wrong types, missing and extra fields, NUL and lone surrogates,
 * long strings, numbers such as 1e309 or 2^63, JSON nested 200,000 deep, Unicode, bad dates and path
 * parameters — with and without a session or key. No input may be answered with a 5xx (or not at all).
 * FUZZ_SEED and FUZZ_CASES change the run; `pnpm fuzz --cases 50000` is the long one.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 17)
/**
 * 4,000 cases in all, shared among the engines: with PostgreSQL beside PGlite each gets 2,000 of its own (seeds
 * SEED and SEED + 1), so the two runs ask different requests instead of the same ones twice.
 */
const CASES = Math.ceil(Number(process.env.FUZZ_CASES ?? 4000) / engines.length)

describe.each(engines.map((engine, index) => ({ engine, name: engine.name, seed: SEED + index })))(
  "the fuzzer on $name",
  ({ engine, seed }) => {
    let target: FuzzTarget

    beforeAll(async () => {
      target = await startFuzzTarget(engine)
    })
    afterAll(() => target?.stop())

    it(`answers ${CASES} generated requests (seed ${seed}) without a 5xx`, { timeout: 180_000 }, async () => {
      expect(target.surface.length).toBeGreaterThan(100)
      const summary = await runFuzz(target, { seed, count: CASES })
      console.log(
        `fuzz on ${engine.name}: seed ${seed}, ${summary.tried} cases in ${summary.seconds.toFixed(1)} s — ` +
          `2xx ${summary.byClass["2xx"]}, 4xx ${summary.byClass["4xx"]}, 5xx ${summary.byClass["5xx"]}`,
      )
      expect(summary.tried).toBe(CASES)
      // Every operation was asked, and the cases reached handlers (not only the session and CSRF checks).
      expect(Object.keys(summary.byOperation)).toHaveLength(target.surface.length)
      expect(summary.byClass["2xx"]).toBeGreaterThan(CASES / 10)
      expect(summary.failures.map(describeFailure), "requests answered with a 5xx or not at all").toEqual([])
    })
  },
)
