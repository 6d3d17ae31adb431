import { readFileSync } from "node:fs"
import { getDefaultConfig, twMerge } from "tailwind-merge"
import { describe, expect, it } from "vitest"
import { generate, sourceTokens } from "../scripts/tw-merge-config.mjs"
import { cn } from "../src/lib/cn"

// `cn` runs tailwind-merge with a generated configuration that keeps only the class groups the sources use. These
// tests keep it honest: the file must be what the generator writes from today's sources, and for the classes the
// sources write `cn` must decide exactly as the full default `twMerge` does.

describe("the trimmed tailwind-merge configuration", () => {
  it("is what scripts/tw-merge-config.mjs writes from today's sources", () => {
    const written = readFileSync(new URL("../src/lib/tw-merge-config.ts", import.meta.url), "utf8")
    expect(
      written,
      "design-system/src/lib/tw-merge-config.ts is out of date (sources use classes of a kind it does not know, " +
        "or tailwind-merge changed): run `node design-system/scripts/tw-merge-config.mjs`",
    ).toBe(generate())
  })
})

describe("cn", () => {
  it("merges like tailwind-merge", () => {
    expect(cn("px-4 py-2", "p-0")).toBe("p-0")
    expect(cn("p-0", "px-4 py-2")).toBe("p-0 px-4 py-2")
    expect(cn("text-sm text-primary", "text-danger-text")).toBe("text-sm text-danger-text")
    expect(cn("text-sm leading-6", "text-lg")).toBe("text-lg")
    expect(cn("bg-primary hover:bg-primary-hover", "hover:bg-danger")).toBe("bg-primary hover:bg-danger")
    expect(cn("md:px-4", "px-2")).toBe("md:px-4 px-2")
    expect(cn("w-64", "w-[calc(100%-2rem)]")).toBe("w-[calc(100%-2rem)]")
    expect(cn("absolute inset-0", "relative top-2")).toBe("inset-0 relative top-2")
    expect(cn("rounded-t-md", "rounded-lg")).toBe("rounded-lg")
    expect(cn("flex", false, undefined, ["hidden"])).toBe("hidden")
  })

  it("makes the full twMerge's decision for every pair of source classes that could conflict", () => {
    // The sources' string literals hold much that is not a class; the full twMerge takes a class twice as once.
    const classes = sourceTokens().filter((token) => twMerge(`${token} ${token}`) === token)

    const config = getDefaultConfig()
    // Keyword classes ("absolute", "hidden", "tabular-nums") share no prefix with the classes they override; their
    // family is their group and the groups that conflict with it.
    const keywordGroup = new Map<string, string>()
    for (const [group, definition] of Object.entries(config.classGroups)) {
      for (const part of definition) if (typeof part === "string") keywordGroup.set(part, group)
    }
    const conflicts = config.conflictingClassGroups as Record<string, readonly string[] | undefined>
    // Prefixes whose classes override classes of another prefix ("p-2" beats "px-4", "inset-0" beats "top-2",
    // "size-4" beats "w-8", "text-lg" beats "leading-6", "line-clamp-2" beats "block" and "overflow-hidden").
    const prefixFamilies: Record<string, string[]> = {}
    const family = (name: string, prefixes: string[]) => {
      for (const prefix of prefixes) prefixFamilies[prefix] = [name]
    }
    family("padding", ["p", "px", "py", "pt", "pr", "pb", "pl", "ps", "pe", "pbs", "pbe"])
    family("margin", ["m", "mx", "my", "mt", "mr", "mb", "ml", "ms", "me", "mbs", "mbe"])
    family("inset", ["inset", "top", "right", "bottom", "left", "start", "end"])
    family("size", ["size", "w", "h"])
    family("text", ["text", "leading", "truncate"])
    family("flex", ["flex", "grow", "shrink", "basis"])
    prefixFamilies.line = ["line", "overflow", "group:display"]

    const families = new Map<string, string[]>()
    for (const token of classes) {
      const utility = withoutVariants(token).replace(/^!|!$/g, "").replace(/^-/, "")
      const prefix = utility.split("-")[0]!
      const keys = [...(prefixFamilies[prefix] ?? [prefix])]
      const group = keywordGroup.get(utility)
      if (group) keys.push(...[group, ...(conflicts[group] ?? [])].map((name) => `group:${name}`))
      for (const key of keys) families.set(key, [...(families.get(key) ?? []), token])
    }

    const pairs = new Set<string>()
    for (const members of families.values()) {
      for (const a of members) for (const b of members) if (a !== b) pairs.add(`${a} ${b}`)
    }
    const mismatches: string[] = []
    let overridden = 0
    for (const pair of pairs) {
      const [a, b] = pair.split(" ") as [string, string]
      const full = twMerge(pair)
      if (full !== pair) overridden++
      const trimmed = cn(a, b)
      if (trimmed !== full) mismatches.push(`cn("${a}", "${b}") is "${trimmed}", twMerge gives "${full}"`)
    }
    expect(mismatches.slice(0, 20), `${mismatches.length} of ${pairs.size} pairs differ`).toEqual([])
    // Not a vacuous check: thousands of the pairs are ones where the later class overrides the earlier one.
    expect(classes.length).toBeGreaterThan(1000)
    expect(overridden).toBeGreaterThan(10_000)
  })
})

/** The utility of a class without its variants: "hover:bg-primary" → "bg-primary", "[&>svg]:size-4" → "size-4". */
function withoutVariants(token: string) {
  let depth = 0
  let start = 0
  for (let index = 0; index < token.length; index++) {
    const char = token[index]
    if (char === "[" || char === "(") depth++
    else if (char === "]" || char === ")") depth--
    else if (char === ":" && depth === 0) start = index + 1
  }
  return token.slice(start)
}
