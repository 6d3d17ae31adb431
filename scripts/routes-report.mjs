#!/usr/bin/env node
// Prints which paths of spec §2 are routed to a finished screen and which are not yet: the honest to-do list.
// Usage: pnpm routes:report [path/to/product-spec.md]   (default: ../shared/spec/product-spec.md)
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const specPath = resolve(process.argv[2] ?? process.env.SPEC ?? join(root, "../shared/spec/product-spec.md"))
if (!existsSync(specPath)) {
  console.error(`routes:report: the product spec is not at ${specPath}; pass its path as the first argument.`)
  process.exit(1)
}

/** The text of spec §2, without the paragraph of page groups whose paths are not shown. */
function sectionTwo(markdown) {
  const start = markdown.indexOf("## 2.")
  const end = markdown.indexOf("\n## 3.", start)
  return markdown
    .slice(start, end)
    .split("\n")
    .filter((line) => !line.startsWith("Other page groups"))
}

const words = (list) =>
  list
    .split(",")
    .map((word) => word.replace(/^\s*(plus|and)\s+/, "").trim())
    .filter((word) => /^[a-z0-9_-]+$/i.test(word))

/** Every concrete path the spec names, with its lists of slugs expanded. */
function specPaths(lines) {
  const paths = new Set()
  for (const line of lines) {
    for (const match of line.matchAll(/(?<![\w}])\/[A-Za-z0-9_{}./-]*/g)) {
      const path = match[0].replace(/[.,;:]+$/, "")
      if (path.length > 1 || path === "/") paths.add(path)
    }
    let m
    if ((m = line.match(/^Public statistics: (\/\S+) with sub-pages (.+)\.$/)))
      for (const slug of words(m[2])) paths.add(`${m[1]}/${slug}`)
    if ((m = line.match(/under \/p\/\{slug\}: generic, (.+)\.$/)))
      for (const slug of ["generic", ...words(m[1])]) paths.add(`/p/${slug}`)
    if ((m = line.match(/\/lang\/\{lang\} with (.+)\.$/)))
      for (const slug of words(m[1])) paths.add(`/lang/${slug}`)
    if ((m = line.match(/landing pages for ([a-z0-9, ]+) ;/)))
      for (const slug of words(m[1])) paths.add(`/proxy/${slug}`)
    if ((m = line.match(/\/proxy\/local-proxies\/\{slug\} \(([a-z, ]+)\)/)))
      for (const slug of words(m[1])) paths.add(`/proxy/local-proxies/${slug}`)
  }
  return [...paths].sort()
}

function routeTable() {
  const dir = join(root, "app/routes")
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json") && file !== "route.schema.json")
    .flatMap((file) => JSON.parse(readFileSync(join(dir, file), "utf8")))
    .filter((entry) => (entry.screen || entry.redirect) && entry.path !== "*")
}

/** A route path as a pattern: ":slug" and "{slug}" both stand for one segment. */
const pattern = (path) =>
  new RegExp(`^${path.replace(/[.]/g, "\\.").replace(/(:[A-Za-z]\w*|\{[^}]+\})/g, "[^/]+")}$`)

/**
 * Spec paths that are pages of their own beside a {slug} sibling of the same depth: a route for the slug matches
 * them, but does not make them (an unknown slug answers 404 there).
 */
const OWN_PAGES = new Set(["/software/add", "/software/moderation"])

/** Paths the server answers itself, without a screen. */
const SERVER_PATHS = { "/auth/logout": "server route: ends the session, then home" }

const routes = routeTable()
const paths = specPaths(sectionTwo(readFileSync(specPath, "utf8")))
const routed = []
const missing = []
for (const path of paths) {
  // A page of its own beats a pattern that happens to match it (/software/blog is not a program's slug).
  const route =
    routes.find((entry) => entry.path === path) ??
    (OWN_PAGES.has(path) ? undefined : routes.find((entry) => pattern(entry.path).test(path)))
  if (route?.redirect) routed.push(`  ${path.padEnd(44)} → redirect ${route.status} to ${route.redirect}`)
  else if (route) routed.push(`  ${path.padEnd(44)} → ${route.screen} (${route.languages.join(", ")})`)
  else if (SERVER_PATHS[path]) routed.push(`  ${path.padEnd(44)} → ${SERVER_PATHS[path]}`)
  else missing.push(`  ${path}`)
}
const extra = routes.filter(
  (entry) => !paths.some((path) => entry.path === path || pattern(entry.path).test(path)),
)

console.log(
  `Spec §2 names ${paths.length} paths; ${routed.length} are routed (a finished screen, a redirect or a server route), ${missing.length} are not yet.\n`,
)
console.log(`Routed (${routed.length}):`)
console.log(routed.join("\n"))
console.log(`\nNot yet (${missing.length}):`)
console.log(missing.join("\n"))
if (extra.length > 0) {
  console.log(`\nRouted but not in spec §2 (${extra.length}):`)
  console.log(extra.map((entry) => `  ${entry.path} → ${entry.screen}`).join("\n"))
}
