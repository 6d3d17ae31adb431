import type { Params } from "react-router"

/**
 * Data hooks that routes name in their JSON `data` list. Each returns the API address (the SWR key)
 * of the data its screen receives as the prop of the same name. The server preloads these addresses
 * for the first render; in the browser SWR keeps them fresh.
 */
export const dataHooks: Record<string, (params: Params) => string> = {
  captchaTypes: () => "/api/v1/captcha-types",
}

export function dataKeys(hooks: readonly string[], params: Params): { prop: string; key: string }[] {
  return hooks.map((prop) => {
    const hook = dataHooks[prop]
    if (!hook) throw new Error(`Unknown data hook "${prop}"`)
    return { prop, key: hook(params) }
  })
}
