/** The breakpoints of the theme (`sm` 40rem, `md` 48rem, `lg` 64rem, `xl` 80rem); `base` is below `sm`. */
export const layoutBreakpoints = ["base", "sm", "md", "lg", "xl"] as const

export type LayoutBreakpoint = (typeof layoutBreakpoints)[number]

/** One value for every width, or one per breakpoint (mobile first): `{ base: 1, md: 2, lg: 3 }`. */
export type ResponsiveValue<T> = T | Partial<Record<LayoutBreakpoint, T>>

/** A class for every breakpoint and value, written out so Tailwind finds each one in the source. */
export type ResponsiveClassMap<T extends string | number> = Record<LayoutBreakpoint, Record<T, string>>

/**
 * The classes for a responsive value, looked up in a static map (never built by concatenation, which
 * Tailwind could not see). Unknown values are ignored.
 */
export function responsiveClasses<T extends string | number>(
  value: ResponsiveValue<T> | undefined,
  map: ResponsiveClassMap<T>,
): string[] {
  if (value === undefined || value === null) return []
  if (typeof value !== "object") {
    const found = map.base[value]
    return found ? [found] : []
  }
  const classes: string[] = []
  for (const breakpoint of layoutBreakpoints) {
    const step = value[breakpoint]
    if (step === undefined) continue
    const found = map[breakpoint][step]
    if (found) classes.push(found)
  }
  return classes
}

/** The value at the smallest width, for `data-*` attributes. */
export function baseValue<T>(value: ResponsiveValue<T> | undefined): T | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== "object") return value
  const object = value as Partial<Record<LayoutBreakpoint, T>>
  for (const breakpoint of layoutBreakpoints) {
    if (object[breakpoint] !== undefined) return object[breakpoint]
  }
  return undefined
}

/** Steps of the spacing scale (multiples of `--spacing`, 0.25rem) that gaps may use. */
export type SpaceScale = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 8 | 10 | 12 | 16

export const spaceScale: readonly SpaceScale[] = [0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 16]

export const gapClasses: ResponsiveClassMap<SpaceScale> = {
  base: {
    0: "gap-0",
    1: "gap-1",
    2: "gap-2",
    3: "gap-3",
    4: "gap-4",
    5: "gap-5",
    6: "gap-6",
    8: "gap-8",
    10: "gap-10",
    12: "gap-12",
    16: "gap-16",
  },
  sm: {
    0: "sm:gap-0",
    1: "sm:gap-1",
    2: "sm:gap-2",
    3: "sm:gap-3",
    4: "sm:gap-4",
    5: "sm:gap-5",
    6: "sm:gap-6",
    8: "sm:gap-8",
    10: "sm:gap-10",
    12: "sm:gap-12",
    16: "sm:gap-16",
  },
  md: {
    0: "md:gap-0",
    1: "md:gap-1",
    2: "md:gap-2",
    3: "md:gap-3",
    4: "md:gap-4",
    5: "md:gap-5",
    6: "md:gap-6",
    8: "md:gap-8",
    10: "md:gap-10",
    12: "md:gap-12",
    16: "md:gap-16",
  },
  lg: {
    0: "lg:gap-0",
    1: "lg:gap-1",
    2: "lg:gap-2",
    3: "lg:gap-3",
    4: "lg:gap-4",
    5: "lg:gap-5",
    6: "lg:gap-6",
    8: "lg:gap-8",
    10: "lg:gap-10",
    12: "lg:gap-12",
    16: "lg:gap-16",
  },
  xl: {
    0: "xl:gap-0",
    1: "xl:gap-1",
    2: "xl:gap-2",
    3: "xl:gap-3",
    4: "xl:gap-4",
    5: "xl:gap-5",
    6: "xl:gap-6",
    8: "xl:gap-8",
    10: "xl:gap-10",
    12: "xl:gap-12",
    16: "xl:gap-16",
  },
}
