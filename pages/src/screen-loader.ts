import type { ComponentType } from "react"

/** A lazily loaded screen: its module's default export is the screen component. */
export type ScreenLoader = () => Promise<{ default: ComponentType<never> }>
