import { Writable } from "node:stream"
import type { FastifyInstance } from "fastify"
import type { ArticleKind } from "@manyhands/contract/content"
import { buildApp } from "../src/app"
import type { AbuseLimits } from "../src/modules/captcha/abuse"
import { loadConfig } from "../src/config"
import type { Database } from "../src/db/database"
import { Content } from "../src/modules/content/content"
import { loadProductContent, readProductContent } from "../src/modules/content/product-content"
import { ENGLISH_CALLOUT_TITLES } from "../src/modules/content/render"
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
    /**
     * Load the product's own articles (server/content/) as a real start does; or only those of the kinds named
     * (each kind costs seconds: the support bot's tests need FAQ and tutorials, not the blogs).
     */
    productContent?: boolean | readonly ArticleKind[]
  } = {},
) {
  // Migrated and seeded with the demo accounts: `seed(db, { demoAccounts: true, checkTasks })`, done once per run.
  const { db, drop } = await engine.create(checkTasks ? "demo-checks" : "demo")
  const logs: string[] = []
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk))
      done()
    },
  })
  const app: FastifyInstance = await buildApp({
    config: loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      PRODUCT_CONTENT: String(productContent === true),
    }),
    db,
    pages,
    logStream,
    ...(abuseLimits ? { abuseLimits } : {}),
  })
  if (Array.isArray(productContent)) {
    const kinds = new Set<ArticleKind>(productContent)
    const articles = readProductContent().filter((article) => kinds.has(article.kind))
    const content = new Content({ db, calloutTitles: () => ENGLISH_CALLOUT_TITLES })
    const loaded = await loadProductContent(content, articles, app.log)
    if (loaded.failed > 0) throw new Error(`${loaded.failed} product articles did not load`)
  }
  const stop = async () => {
    await app.close()
    await drop()
  }
  return { app, db: db as Database, logs, stop }
}
