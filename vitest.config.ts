import path from "node:path"
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin"
import { playwright } from "@vitest/browser-playwright"
import { defaultClientConditions, defaultServerConditions } from "vite"
import { configDefaults, defineConfig } from "vitest/config"

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--font-render-hinting=none",
  "--disable-lcd-text",
  "--force-color-profile=srgb",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
]

const SAMPLES_TEST = "server/test/docs-samples.test.ts"

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { conditions: ["source", ...defaultClientConditions] },
        ssr: { resolve: { conditions: ["source", ...defaultServerConditions] } },
        test: {
          name: "unit",
          include: ["{server,app,design-system,pages}/test/**/*.test.{ts,tsx}"],
          exclude: [...configDefaults.exclude, SAMPLES_TEST],
          environment: "node",
          globalSetup: ["server/test/database-templates.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each worker imports the server's modules once for all its files, not once per file: the suite took
          // 605 s with 157 s of imports, and takes 361 s this way. Every test builds its own app and database, and
          // restores the timers and globals it stubs.
          isolate: false,
        },
      },
      {
        // The API docs' code samples, run as programs (npm test runs them beside the stories, after the checks).
        resolve: { conditions: ["source", ...defaultClientConditions] },
        ssr: { resolve: { conditions: ["source", ...defaultServerConditions] } },
        test: {
          name: "samples",
          include: [SAMPLES_TEST],
          environment: "node",
          globalSetup: ["server/test/database-templates.ts"],
          testTimeout: 30_000,
          hookTimeout: 600_000,
        },
      },
      {
        plugins: [storybookTest({ configDir: path.join(import.meta.dirname, ".storybook") })],
        test: {
          name: "storybook",
          setupFiles: [".storybook/vitest.setup.ts"],
          // A story's play with its axe check and screenshot: 15 s (the default) was not enough for a long form
          // story while the checks ran beside both shards on a two-core machine.
          testTimeout: 30_000,
          // The test files share one frame and its modules (the design system, the screens and the locales are
          // imported once, not once per file): 20 % less time, measured. Each story still mounts its own React
          // root, which Storybook unmounts after it, with the dialogs it portalled.
          isolate: false,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
              // The story frame (the "desktop" viewport, or taller for long stories) must fit inside the
              // window unscaled, or screenshots would be resampled.
              contextOptions: { viewport: { width: 1920, height: 4000 } },
            }),
            instances: [{ browser: "chromium" }],
            expect: {
              toMatchScreenshot: {
                comparatorName: "pixelmatch",
                // Same machine image, same Chromium: differences are real. A few pixels of padding fail.
                comparatorOptions: { threshold: 0.1, allowedMismatchedPixels: 8 },
              },
            },
          },
        },
      },
    ],
  },
})
