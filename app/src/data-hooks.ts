import type { Params } from "react-router"
import { loadRouteData, type LoadedRouteDatum } from "@manyhands/contract/route-data-areas"

/*
 * Data hooks that routes name in their JSON `data` list: each gives the API address (the SWR key) of the answer
 * its screen receives as the prop of the same name — the contract's route data (@manyhands/contract). The server
 * registers them all at start and preloads these addresses for the first render; the browser loads the hooks of
 * a page's areas with the page's screen (`loadDataHooks` in the route's `lazy`), so a page does not carry the
 * contract of every area.
 */
const hooks = new Map<string, LoadedRouteDatum>()

/** Makes these hooks known (the server passes the whole registry). */
export function registerDataHooks(record: Record<string, LoadedRouteDatum>): void {
  for (const [name, datum] of Object.entries(record)) hooks.set(name, datum)
}

/** Loads the hooks a route names that are not known yet: the contract of their areas. */
export async function loadDataHooks(names: readonly string[]): Promise<void> {
  const missing = names.filter((name) => !hooks.has(name))
  if (missing.length > 0) registerDataHooks(await loadRouteData(missing))
}

/** The hooks' addresses for the route's parameters and the page's language (a hook may name it, `params.language`). */
export function dataKeys(
  names: readonly string[],
  params: Params,
  language: string,
): { prop: string; key: string; perVisit: boolean }[] {
  const withLanguage = { ...params, language }
  return names.map((prop) => {
    const hook = hooks.get(prop)
    if (!hook) throw new Error(`Data hook "${prop}" is unknown or its area is not loaded`)
    return { prop, key: hook.url(withLanguage), perVisit: hook.perVisit === true }
  })
}
