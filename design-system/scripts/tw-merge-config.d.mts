// Types of scripts/tw-merge-config.mjs for the test that imports it (design-system/test/tw-merge-config.test.ts).
import type { Config } from "tailwind-merge"

/** Every whitespace-separated word inside a string literal of the sources (design-system, pages, app), sorted. */
export function sourceTokens(): string[]

/** The class groups of `config` the tokens fall in, and every group whose classes override one of those. */
export function usedGroups(config: Config<string, string>, tokens: string[]): Set<string>

/** The text of src/lib/tw-merge-config.ts as the script writes it from today's sources. */
export function generate(): string
