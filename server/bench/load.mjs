// The load of `pnpm bench web`, in a process of its own so that it does not share the server's event loop:
// autocannon against one URL for some seconds; prints one JSON line of figures.
// Usage: node load.mjs '{"url": "...", "connections": 32, "seconds": 10, "headers": {}, "unique": false}'
// With "mix": [{ "path": "/", "headers": {} }, …] each connection asks for those paths in turn.
import autocannon from "autocannon"

const plan = JSON.parse(process.argv[2])
let n = 0
const url = new URL(plan.url)
const result = await autocannon({
  url: plan.url,
  connections: plan.connections,
  duration: plan.seconds,
  headers: plan.headers ?? {},
  // A different query string on every request: each one is a page the cache has not seen.
  requests: plan.mix
    ? plan.mix.map(({ path, headers }) => ({ method: "GET", path, headers: { ...plan.headers, ...headers } }))
    : plan.unique
      ? [{ setupRequest: (request) => ({ ...request, path: `${url.pathname}?bench=${n++}` }) }]
      : undefined,
})
console.log(
  JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }),
)
