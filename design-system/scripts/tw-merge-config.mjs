// Writes src/lib/tw-merge-config.ts: tailwind-merge's default configuration cut down to the class groups the
// workspace's sources use (design-system, pages, app) and the groups that can override them ("p-2" overrides
// "px-4"). The full default configuration is about 9 KB of every page's JavaScript; the cut one a fraction.
// Run `pnpm --filter @manyhands/design-system tw-merge` after adding classes of a kind no component used before;
// `design-system/test/tw-merge-config.test.ts` fails while the file is out of date.
//   node scripts/tw-merge-config.mjs           write the file
//   node scripts/tw-merge-config.mjs --print   print it (the test compares)
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { createTailwindMerge, getDefaultConfig, twMerge, validators } from "tailwind-merge"

const root = join(dirname(fileURLToPath(import.meta.url)), "../..")
const target = join(root, "design-system/src/lib/tw-merge-config.ts")
const sources = ["design-system/src", "pages/src", "app/src"]

/** Every whitespace-separated word inside a string literal of the sources: class names and much else. */
export function sourceTokens() {
  const tokens = new Set()
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (/\.tsx?$/.test(name) && !path.endsWith("tw-merge-config.ts")) {
        const text = readFileSync(path, "utf8")
        for (const match of text.matchAll(/"([^"\n]*)"|'([^'\n]*)'|`([^`]*)`/g)) {
          for (const word of (match[1] ?? match[2] ?? match[3]).split(/\s+/)) {
            if (/^!?-?[a-z[@*]/.test(word) && !word.includes("${")) tokens.add(word)
          }
        }
      }
    }
  }
  for (const dir of sources) walk(join(root, dir))
  return [...tokens].sort()
}

/**
 * The class groups the tokens fall in, and every group whose classes override one of those. A token belongs to a
 * group when a merge that knows only that group takes the token twice as one class ("px-4 px-4" → "px-4"); a
 * token that matches several groups keeps them all, so their order decides as it does in the full configuration.
 */
export function usedGroups(config, tokens) {
  const twice = (merge, token) => merge(`${token} ${token}`) === token
  // Arbitrary properties ("[mask-type:alpha]") merge by their property name without any group.
  const bare = createTailwindMerge(() => ({ ...config, classGroups: {} }))
  const classes = tokens.filter((token) => twice(twMerge, token) && !twice(bare, token))
  const groups = new Set()
  for (const [group, definition] of Object.entries(config.classGroups)) {
    const merge = createTailwindMerge(() => ({ ...config, classGroups: { [group]: definition } }))
    if (classes.some((token) => twice(merge, token))) groups.add(group)
  }
  for (const [group, conflicts] of Object.entries(config.conflictingClassGroups)) {
    if (conflicts.some((other) => groups.has(other))) groups.add(group)
  }
  return groups
}

const validatorNames = new Map(Object.entries(validators).map(([name, fn]) => [fn, name]))

/** The theme key a `fromTheme(key)` getter reads. */
function themeKey(getter) {
  let key
  getter(new Proxy({}, { get: (_, name) => ((key = name), []) }))
  return key
}

function source(definition, themeKeys) {
  if (typeof definition === "string") return JSON.stringify(definition)
  if (typeof definition === "function") {
    if (definition.isThemeGetter) {
      const key = themeKey(definition)
      themeKeys.add(key)
      return `fromTheme(${JSON.stringify(key)})`
    }
    const name = validatorNames.get(definition)
    if (!name) throw new Error(`tw-merge-config: a function that is not one of tailwind-merge's validators`)
    usedValidators.add(name)
    return name
  }
  if (Array.isArray(definition)) return `[${definition.map((item) => source(item, themeKeys)).join(", ")}]`
  return `{ ${Object.entries(definition)
    .map(([key, value]) => `${JSON.stringify(key)}: ${source(value, themeKeys)}`)
    .join(", ")} }`
}

const usedValidators = new Set()

export function generate() {
  usedValidators.clear()
  const config = getDefaultConfig()
  const groups = usedGroups(config, sourceTokens())
  const keep = (record) =>
    Object.fromEntries(
      Object.entries(record)
        .filter(([group]) => groups.has(group))
        .map(([group, list]) => [
          group,
          Array.isArray(list) ? list.filter((other) => groups.has(other)) : list,
        ])
        .filter(([, list]) => !Array.isArray(list) || list.length > 0),
    )
  const themeKeys = new Set()
  const classGroups = Object.entries(config.classGroups)
    .filter(([group]) => groups.has(group))
    .map(([group, definition]) => `    ${JSON.stringify(group)}: ${source(definition, themeKeys)},`)
  // Theme values can refer to other theme keys.
  const theme = []
  for (const done = new Set(); [...themeKeys].some((key) => !done.has(key));) {
    for (const key of [...themeKeys].sort()) {
      if (done.has(key)) continue
      done.add(key)
      theme.push(`    ${JSON.stringify(key)}: ${source(config.theme[key] ?? [], themeKeys)},`)
    }
  }
  const postfix = config.postfixLookupClassGroups
    ? `  postfixLookupClassGroups: ${JSON.stringify((config.postfixLookupClassGroups ?? []).filter((group) => groups.has(group)))},\n`
    : ""
  return `// Generated by design-system/scripts/tw-merge-config.mjs from tailwind-merge's default configuration: only the
// class groups the workspace uses (${groups.size} of ${Object.keys(config.classGroups).length}). Do not edit; run the script again.
import { fromTheme, validators, type Config } from "tailwind-merge"

const { ${[...usedValidators].sort().join(", ")} } = validators

export const twMergeConfig = (): Config<string, string> => ({
  cacheSize: 500,
  theme: {
${theme.join("\n")}
  },
  classGroups: {
${classGroups.join("\n")}
  },
  conflictingClassGroups: ${JSON.stringify(keep(config.conflictingClassGroups))},
  conflictingClassGroupModifiers: ${JSON.stringify(keep(config.conflictingClassGroupModifiers))},
${postfix}  orderSensitiveModifiers: ${JSON.stringify(config.orderSensitiveModifiers)},
})
`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = generate()
  if (process.argv.includes("--print")) process.stdout.write(text)
  else {
    writeFileSync(target, text)
    console.log(`wrote ${target} (${(text.length / 1024).toFixed(1)} KB)`)
  }
}
