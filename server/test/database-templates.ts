import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import { PGLITE_EXTENSIONS } from "../src/db/pglite"

/**
 * Vitest global setup of the unit project: one blank PGlite database made by initdb and dumped to a file, which
 * every PGlite test database then starts from (server/test/databases.ts) instead of running initdb again.
 */
export default async function setup() {
  const folder = mkdtempSync(join(tmpdir(), "manyhands-pglite-"))
  const blank = await PGlite.create({ extensions: PGLITE_EXTENSIONS })
  const dump = await blank.dumpDataDir("none")
  await blank.close()
  const file = join(folder, "blank.tar")
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  process.env.PGLITE_TEMPLATE = file
  return () => rmSync(folder, { recursive: true, force: true })
}
