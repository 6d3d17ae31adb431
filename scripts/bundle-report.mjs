#!/usr/bin/env node
// The JavaScript a first visit to each public page loads, from the browser build's manifest (run `pnpm build`
// first): the entry's static imports, the page's screen with its static imports, and the contract areas of its data
// hooks (loaded with the screen). Sizes are gzip level 9, so they are the same on every machine for the same build.
// Prints every public path with its total, then the entry's chunks; aims: ≤ 120 KB per public page, ≤ 40 KB for
// any other route chunk.
//   node scripts/bundle-report.mjs [--all]   (--all: every route, not only the public ones)
import { readdirSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const client = join(root, "app/dist/client")
let manifest
try {
  manifest = JSON.parse(readFileSync(join(client, ".vite/manifest.json"), "utf8"))
} catch {
  console.error('bundle-report: no browser build; run "pnpm build" first.')
  process.exit(1)
}

const sizes = new Map()
const gzipKb = (file) => {
  if (!sizes.has(file))
    sizes.set(file, gzipSync(readFileSync(join(client, file)), { level: 9 }).length / 1024)
  return sizes.get(file)
}
/** A manifest entry and everything it imports statically. */
function graph(key, into = new Set()) {
  if (!manifest[key] || into.has(key)) return into
  into.add(key)
  for (const child of manifest[key].imports ?? []) graph(child, into)
  return into
}
const total = (keys) => [...keys].reduce((sum, key) => sum + gzipKb(manifest[key].file), 0)

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
const entry = graph(entryKey)

// Screen name → module, from the areas' screen maps in pages (`Name: … import("./path")`).
const screenModules = new Map()
const pagesDir = join(root, "pages/src")
for (const area of readdirSync(pagesDir)) {
  let text
  try {
    text = readFileSync(join(pagesDir, area, "screens.ts"), "utf8")
  } catch {
    continue
  }
  const keyOf = (path) => {
    const module = join("pages/src", area, path).replace(/\\/g, "/")
    return [".tsx", ".ts"].map((ext) => `../${module}${ext}`).find((candidate) => manifest[candidate])
  }
  // Helpers that build entries (`const articleOf = … import("./article-screen")`) and the entries using them.
  const factories = new Map(
    [...text.matchAll(/^const (\w+) =(?:(?!\n(?:const|export) )[\s\S])*?import\("(\.[^"]+)"\)/gm)].map(
      ([, name, path]) => [name, path],
    ),
  )
  // An entry may span lines (withData([...], () => import(...))); it ends before the next entry's name.
  for (const [, name, body] of text.matchAll(/^\s{2}(\w+):((?:(?!\n\s{2}\w+:)[\s\S])*)/gm)) {
    const path =
      body.match(/import\("(\.[^"]+)"\)/)?.[1] ??
      [...factories].find(([factory]) => new RegExp(`\\b${factory}\\(`).test(body))?.[1]
    const key = path && keyOf(path)
    if (key) screenModules.set(name, key)
  }
}
// Data hook → contract area (the same map the browser loads by).
const areasText = readFileSync(join(root, "contract/src/route-data-areas.ts"), "utf8")
const hookArea = new Map(
  [...areasText.matchAll(/^\s{2}(\w+): "([\w-]+)",$/gm)].map(([, hook, area]) => [hook, area]),
)

const all = process.argv.includes("--all")
const rows = []
for (const file of readdirSync(join(root, "app/routes")).filter((name) => name.endsWith(".json"))) {
  if (file === "route.schema.json") continue
  for (const route of JSON.parse(readFileSync(join(root, "app/routes", file), "utf8"))) {
    if (!route.screen || (!all && route.guard !== "public")) continue
    const screen = screenModules.get(route.screen)
    const page = new Set(entry)
    if (screen) graph(screen, page)
    for (const hook of [...(route.data ?? []), ...(route.document ? [route.document] : [])]) {
      const area = hookArea.get(hook)
      if (area) graph(`../contract/src/${area}.ts`, page)
    }
    const own = screen ? total(new Set([...page].filter((key) => !entry.has(key)))) : NaN
    rows.push({ path: route.path, screen: route.screen, kb: total(page), own })
  }
}
rows.sort((a, b) => b.kb - a.kb)
const entryKb = total(entry)
console.log(
  `Initial JS, gzip: the entry ${entryKb.toFixed(1)} KB + the page's own (aim: ≤ 120 KB per public page)`,
)
for (const row of rows)
  console.log(
    `${row.kb.toFixed(1).padStart(7)} KB  ${row.path.padEnd(48)} ${row.screen} ${Number.isNaN(row.own) ? "(no chunk of its own)" : `(+${row.own.toFixed(1)} KB)`}`,
  )
console.log(`\nThe entry's chunks (${entryKb.toFixed(1)} KB):`)
for (const key of [...entry].sort((a, b) => gzipKb(manifest[b].file) - gzipKb(manifest[a].file)))
  console.log(`${gzipKb(manifest[key].file).toFixed(1).padStart(7)} KB  ${manifest[key].file}  (${key})`)
const over = Object.entries(manifest).filter(
  ([key, chunk]) => !entry.has(key) && chunk.file.endsWith(".js") && gzipKb(chunk.file) > 40,
)
console.log(
  over.length === 0
    ? "\nNo other chunk is over 40 KB."
    : `\nChunks over 40 KB: ${over.map(([, chunk]) => `${chunk.file} ${gzipKb(chunk.file).toFixed(1)} KB`).join(", ")}`,
)
