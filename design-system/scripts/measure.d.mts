// Types of scripts/measure.mjs for the size budget test (design-system/test/size-budget.test.ts).

/** Bytes of a bundle or file, minified, and gzipped at level 9. */
export interface Sizes {
  minified: number
  gzip: number
}

/** The exports a typical cabinet screen imports. */
export const typicalScreen: string[]

/** Bytes as "12.3 KB" (1 KB = 1024 bytes). */
export function kb(bytes: number): string

/** The JS an app keeps when it imports `names` (every export when omitted) from `entry`. */
export function measureJs(entry: string, names?: string[]): Promise<Sizes>

/** A built CSS file's size, or undefined when it is not there. */
export function measureCss(file: string): Sizes | undefined
