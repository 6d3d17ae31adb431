// The Node.js options a production server process starts with: `npm start` (scripts/run.mjs) and the benchmarks'
// built servers (server/bench). V8 lets its heap grow far past what a process keeps alive before it collects: under
// the web benchmark's soak a process had about 105 MB alive after a full collection, yet 200–300 MB of heap and
// 440–630 MB resident. A limit on the old generation makes it collect sooner: 306–317 MB resident and flat over 10
// minutes, at the same requests per second (server/bench/README.md, "Memory"). SERVER_HEAP_MB sets another limit.

export const DEFAULT_HEAP_MB = 256

/** `--max-old-space-size` from SERVER_HEAP_MB (megabytes, 128 to 65,536), or the default; throws on a bad value. */
export function serverNodeArgs(env = process.env) {
  const raw = env.SERVER_HEAP_MB ?? ""
  if (raw === "") return [`--max-old-space-size=${DEFAULT_HEAP_MB}`]
  const megabytes = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN
  if (!(megabytes >= 128 && megabytes <= 65_536))
    throw new RangeError(`SERVER_HEAP_MB must be a whole number of megabytes from 128 to 65536, not "${raw}"`)
  return [`--max-old-space-size=${megabytes}`]
}
