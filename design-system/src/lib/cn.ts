import { clsx, type ClassValue } from "clsx"
import { createTailwindMerge } from "tailwind-merge"
import { twMergeConfig } from "./tw-merge-config"

/**
 * tailwind-merge with only the class groups the workspace uses (see scripts/tw-merge-config.mjs): the same
 * decisions as the default `twMerge` for every class the components and pages write, at a fraction of its size.
 */
const twMerge = /* @__PURE__ */ createTailwindMerge(twMergeConfig)

/** Joins class names; later Tailwind classes win over earlier ones (a caller's `px-2` beats a variant's `px-4`). */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}
