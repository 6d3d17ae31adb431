import type { Params } from "react-router"
import { routeData } from "@manyhands/contract"

/**
 * Data hooks that routes name in their JSON `data` list: each gives the API address (the SWR key) of the answer
 * its screen receives as the prop of the same name — the contract's `routeData` (@manyhands/contract). The
 * server preloads these addresses for the first render; in the browser SWR keeps them fresh.
 */
export const dataHooks: Record<string, (params: Params) => string> = Object.fromEntries(
  Object.entries(routeData).map(([name, datum]) => [name, datum.url]),
)

/** Hooks whose every answer is made for one visit (RouteDatum.perVisit): not asked again when already there. */
const perVisitHooks = new Set(
  Object.entries(routeData).flatMap(([name, datum]) => ("perVisit" in datum && datum.perVisit ? [name] : [])),
)

/** The hooks' addresses for the route's parameters and the page's language (a hook may name it, `params.language`). */
export function dataKeys(
  hooks: readonly string[],
  params: Params,
  language: string,
): { prop: string; key: string; perVisit: boolean }[] {
  const withLanguage = { ...params, language }
  return hooks.map((prop) => {
    const hook = dataHooks[prop]
    if (!hook) throw new Error(`Unknown data hook "${prop}"`)
    return { prop, key: hook(withLanguage), perVisit: perVisitHooks.has(prop) }
  })
}
