import type { ComponentType, ReactNode } from "react"
import type { RouteDataName, RouteDataOf } from "@manyhands/contract"

/** A lazily loaded screen: its module's default export is the screen component. */
export type ScreenLoader = () => Promise<{ default: ComponentType<never> }>

/** The props a screen receives from the route data hooks `D`: each answer, undefined while it loads. */
export type RouteDataProps<D extends readonly RouteDataName[]> = { [K in D[number]]?: RouteDataOf<K> }

/** A screen's loader with the route data hooks whose answers are its props. */
export type DataScreen = ScreenLoader & { data: readonly RouteDataName[] }

/** Route data names the component does not take with the contract's type (`never` when all fit). */
type Misfits<P, D extends readonly RouteDataName[]> = {
  [K in D[number]]: K extends keyof P ? (RouteDataOf<K> | undefined extends P[K] ? never : K) : K
}[D[number]]

/**
 * A screen with the route data it takes: `withData(["payouts"], () => import("./history/payout-history-screen"))`.
 * Type-checked against the contract: a screen whose prop of a named hook does not take that hook's answer (or
 * undefined while it loads) does not compile. app/test/routes.test.ts checks every route gives exactly these.
 */
export function withData<const D extends readonly RouteDataName[], P>(
  data: D,
  load: () => Promise<{ default: (props: P) => ReactNode }>,
): [Misfits<P, D>] extends [never] ? typeof load & { data: D } : { misfitDataProps: Misfits<P, D> } {
  return Object.assign(load, { data }) as never
}

/** A screen entry of an area's list: a bare loader (no route data) or one with its data. */
export type ScreenEntry = ScreenLoader | DataScreen

/** The route data hooks a screen takes (none for a bare loader). */
export const screenData = (entry: ScreenEntry): readonly RouteDataName[] =>
  "data" in entry ? entry.data : []
