export { cn } from "./lib/cn"
export { DesignSystemLabels, useLabels, defaultLabels, type Labels } from "./labels/labels"
export * from "./button"
export * from "./modal"
