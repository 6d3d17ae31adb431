import { defineConfig } from "@playwright/test"

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [["list"]],
  // A journey takes 5–45 s alone; CI runs the suite beside the code samples on two cores, where the same journey took
  // twice as long and more (the blog's journey: 15 s alone, over 30 s, the default, in CI).
  timeout: 90_000,
  // A page's first answer after hydration: over 5 s (the default) when the stories' or the samples' programs share
  // the two cores. /pay/ok still said "Checking your payment…" 5 s after the sandbox's redirect, its header already
  // showing the new balance, with two busy loops beside two workers (and once in CI, with the samples beside it).
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
        // The Russian and Chinese sites of the tests live on ru.localhost and zh.localhost.
        "--host-resolver-rules=MAP localhost 127.0.0.1, MAP *.localhost 127.0.0.1",
      ],
    },
    trace: "off",
  },
})
