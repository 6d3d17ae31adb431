// pnpm bench worker-loop [--tasks N]: the worker cabinet's loop in Chromium. With tasks waiting, how long after a
// worker presses Enter on one task does the next one show? Needs `pnpm build` (it starts server/dist/main.js on
// a fresh embedded database). Prints figures; asserts nothing about time.
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import { createServer } from "node:net"
import { cpus, tmpdir } from "node:os"
import { join } from "node:path"
import type * as Playwright from "@playwright/test"
import { percentile } from "./support"

const root = join(import.meta.dirname, "../..")
const WORKER = "worker@demo.manyhands.dev"
const CUSTOMER = "customer@demo.manyhands.dev"

interface Sample {
  id: string
  type: string
  fields: Record<string, string>
  imageUrl: string | null
  answer: string
}

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`)
  if (at === -1) return fallback
  const value = Number(process.argv[at + 1])
  if (!Number.isInteger(value) || value < 2) throw new Error(`--${name} takes a whole number ≥ 2`)
  return value
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

async function startServer() {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), "manyhands-bench-"))
  const server = spawn(process.execPath, [join(root, "server/dist/main.js")], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      SITE_ORIGIN: `http://localhost:${port}`,
    },
    stdio: ["ignore", "inherit", "inherit"],
  })
  const base = `http://localhost:${port}`
  for (const deadline = Date.now() + 60_000; ;) {
    if (server.exitCode !== null)
      throw new Error(`The server exited (${server.exitCode}); run pnpm build first`)
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    if (Date.now() > deadline) throw new Error("The server did not start within 60 s")
    await new Promise((done) => setTimeout(done, 200))
  }
  const stop = async () => {
    const exited = new Promise((done) => server.once("exit", done))
    server.kill("SIGTERM")
    await exited
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { base, stop }
}

/** A signed-in HTTP session of a demo user (cookie jar of one cookie set, and the CSRF token). */
async function session(base: string, email: string) {
  const page = await fetch(`${base}/about`)
  const cookies = new Map<string, string>()
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";")
      const [name, value] = pair!.split("=")
      cookies.set(name!, value!)
    }
  }
  keep(page)
  const state = /<script[^>]*id="__MANYHANDS_STATE__"[^>]*>([^<]*)<\/script>/.exec(await page.text())
  const csrf = (JSON.parse(state![1]!) as { csrfToken: string }).csrfToken
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        "x-csrf-token": csrf,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    keep(response)
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    return response.json() as Promise<Record<string, unknown>>
  }
  await send("POST", "/dev/session", { email })
  return send
}

async function main() {
  const tasks = option("tasks", 40)
  // Playwright is a dependency of the end-to-end tests' package; the benchmark borrows it.
  const playwright = createRequire(join(root, "tests/package.json"))("@playwright/test") as typeof Playwright
  console.log(`Worker loop benchmark: ${cpus().length} CPUs, Node ${process.version}, ${tasks} waiting tasks`)
  const { base, stop } = await startServer()
  const browser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  })
  try {
    const customer = await session(base, CUSTOMER)
    const { key } = (await customer("POST", "/api/v2/profile/api-key")) as { key: string }
    const { samples } = (await (await fetch(`${base}/api/v2/captcha/samples`)).json()) as {
      samples: Sample[]
    }
    const pictures = samples.filter((sample) => sample.type === "ImageToTextTask" && sample.imageUrl)
    const images = await Promise.all(
      pictures.map(async (sample) => ({
        sample,
        body: Buffer.from(await (await fetch(base + sample.imageUrl)).arrayBuffer()).toString("base64"),
      })),
    )
    // The tasks wait in the queue before the worker starts, so each next task is available at once.
    for (let n = 0; n < tasks; n++) {
      const { sample, body } = images[n % images.length]!
      const form = new URLSearchParams({ key, method: "base64", body, json: "1", ...sample.fields })
      const answer = (await (await fetch(`${base}/in.php`, { method: "POST", body: form })).json()) as {
        status: number
        request: string
      }
      if (answer.status !== 1) throw new Error(`in.php refused a task: ${answer.request}`)
    }

    // The page's CSP forbids eval; Playwright evaluates the text predicates below with it.
    const context = await browser.newContext({ baseURL: base, bypassCSP: true })
    const page = await context.newPage()
    await page.goto("/about")
    // In-page code is passed as text: the server's TypeScript has no DOM types.
    await page.evaluate(`(async () => {
      const { csrfToken } = JSON.parse(document.getElementById("__MANYHANDS_STATE__").textContent)
      await fetch("/dev/session", {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": csrfToken },
        body: JSON.stringify({ email: ${JSON.stringify(WORKER)} }),
      })
    })()`)
    await page.goto("/cabinet")
    await page.locator('html[data-hydrated="true"]').waitFor()
    // In the page: when Enter goes down, and the first frame painted after the panel shows another assignment.
    await page.evaluate(`{
      const marks = (window.loopMarks = { enter: [], shown: [] })
      document.addEventListener("keydown", (event) => event.key === "Enter" && marks.enter.push(performance.now()), true)
      let last = null
      new MutationObserver(() => {
        const id = document.querySelector('[data-testid="task-panel"]')?.getAttribute("data-assignment-id") ?? null
        if (id && id !== last) {
          last = id
          requestAnimationFrame(() => marks.shown.push(performance.now()))
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-assignment-id"] })
    }`)
    await page.getByRole("button", { name: "Start solving" }).click()
    const panel = page.getByTestId("task-panel")
    const gaps: number[] = []
    for (let n = 0; n < tasks; n++) {
      await panel.waitFor()
      const id = await panel.getAttribute("data-assignment-id")
      const input = page.getByLabel("Answer", { exact: true })
      await input.fill("abc12")
      await input.press("Enter")
      if (n === tasks - 1) break
      await page.waitForFunction(
        `document.querySelector('[data-testid="task-panel"]')?.getAttribute("data-assignment-id") !== ${JSON.stringify(id)}`,
      )
      await page.waitForTimeout(20) // the frame after the change has painted
      const { enter, shown } = await page.evaluate<{ enter: number[]; shown: number[] }>("window.loopMarks")
      gaps.push(shown.at(-1)! - enter.at(-1)!)
    }
    const round = (ms: number) => `${ms.toFixed(0)} ms`
    console.log(
      `answer (Enter) → next task painted, ${gaps.length} gaps: median ${round(percentile(gaps, 50))}, ` +
        `p95 ${round(percentile(gaps, 95))}, max ${round(Math.max(...gaps))} (aim ≤ 100 ms)`,
    )
    const ledger = (await (
      await fetch(`${base}/dev/ledger.json?email=${encodeURIComponent(WORKER)}`)
    ).json()) as {
      balanced: boolean
    }
    console.log(`ledger after the run: ${ledger.balanced ? "balanced" : "NOT balanced"}`)
  } finally {
    await browser.close()
    await stop()
  }
}

main().catch((failure: unknown) => {
  console.error(failure)
  process.exitCode = 1
})
