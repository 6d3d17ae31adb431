import { defineConfig } from "@playwright/test"

export default defineConfig({
  testDir: ".",
  testMatch: "consumer.spec.ts",
  workers: 1,
  forbidOnly: true,
  reporter: [["list"]],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
      ],
    },
  },
})
