import { Writable } from "node:stream"
import type { FastifyInstance } from "fastify"
import { buildApp } from "../src/app"
import type { AbuseLimits } from "../src/modules/captcha/abuse"
import { loadConfig } from "../src/config"
import type { Database } from "../src/db/database"
import { migrate } from "../src/db/migrate"
import { seed } from "../src/db/seed"
import type { TestEngine } from "./databases"

/**
 * A fresh database of one engine, migrated and seeded with the demo accounts, and the API (server-rendered pages
 * too with `pages: "built"`, which needs `pnpm build`) on it,
 * its info-level log lines collected in `logs`. `stop` closes the app and drops the database. Without
 * `checkTasks` the seed's training and gold tasks are left out, so a new worker gets real work at once.
 */
export async function startTestApp(
  engine: TestEngine,
  {
    checkTasks = false,
    pages = "none",
    abuseLimits,
    productContent = false,
  }: {
    checkTasks?: boolean
    pages?: "none" | "built"
    abuseLimits?: Partial<AbuseLimits>
    /** Load the product's own articles (server/content/) as a real start does. */
    productContent?: boolean
  } = {},
) {
  const { db, drop } = await engine.create()
  await migrate(db)
  await seed(db, { demoAccounts: true, checkTasks })
  const logs: string[] = []
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk))
      done()
    },
  })
  const app: FastifyInstance = await buildApp({
    config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info", PRODUCT_CONTENT: String(productContent) }),
    db,
    pages,
    logStream,
    ...(abuseLimits ? { abuseLimits } : {}),
  })
  const stop = async () => {
    await app.close()
    await drop()
  }
  return { app, db: db as Database, logs, stop }
}
