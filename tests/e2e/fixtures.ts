import { closeSync, openSync, unlinkSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { test as base } from "@playwright/test"

export { expect, type BrowserContext, type Locator, type Page } from "@playwright/test"

let counter = 0

/**
 * Waits until no other test of this run holds the lock `name`, takes it, and answers how to give it back. A file
 * created exclusively in the temporary folder, named after the test server's port (a new run, a new lock).
 */
async function exclusive(name: string): Promise<() => void> {
  const port = new URL(process.env.E2E_BASE_URL ?? "http://localhost:0").port
  const path = join(tmpdir(), `manyhands-e2e-${port}-${name}.lock`)
  for (;;) {
    try {
      closeSync(openSync(path, "wx"))
      return () => unlinkSync(path)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
    }
    // Held by a test in the other worker: asked again shortly (the test's own timeout bounds the wait).
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

export const test = base.extend({
  /*
   * Every test reaches the test server from an address of its own. The suite signs up more accounts than the
   * product lets one address open in an hour (LIMITS.registerIp), and all its browsers run on this machine: the
   * test server trusts X-Forwarded-For (TRUST_PROXY, as behind a load balancer), and each test's contexts,
   * including those it opens with browser.newContext(), send one from 198.18.0.0/15 (the benchmarking range).
   * Counting per address is then what a deployment sees: one visitor, one address. The npm-start server does not
   * trust the header and counts every test as 127.0.0.1, as its few sign-ups allow.
   */
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, testInfo) => {
    counter += 1
    const host = testInfo.workerIndex * 1000 + counter
    const address = `198.18.${Math.floor(host / 250) % 256}.${(host % 250) + 1}`
    await provide({ ...extraHTTPHeaders, "x-forwarded-for": address })
  },
})

/*
 * The test server's workers claim from one queue per task type: two tests that each send a picture and solve it as
 * a worker would take each other's tasks. The tests of a file that imports this `test` (the cabinets and the play
 * journey) have the queues to themselves, one at a time; the other tests run beside them.
 */
export const solvingTest = test.extend<{ taskQueue: void }>({
  taskQueue: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const release = await exclusive("task-queue")
      try {
        await provide()
      } finally {
        release()
      }
    },
    { auto: true },
  ],
})
