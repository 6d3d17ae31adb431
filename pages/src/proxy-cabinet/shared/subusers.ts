import { useState } from "react"
import type { Subuser } from "@manyhands/contract/proxy"

/**
 * The sub-users as the page last knows them: the route's answer until a change here, then the list the changes'
 * answers make (the route's data is asked for again, and says the same).
 */
export function useSubuserList(initial: Subuser[] | undefined) {
  const [changed, setChanged] = useState<Subuser[] | null>(null)
  const list = changed ?? initial
  return {
    list,
    /** A sub-user as the server answered after a change (or a new one, at the end). */
    put: (subuser: Subuser) =>
      setChanged((current) => {
        const base = current ?? initial ?? []
        return base.some((item) => item.id === subuser.id)
          ? base.map((item) => (item.id === subuser.id ? subuser : item))
          : [...base, subuser]
      }),
    remove: (id: string) =>
      setChanged((current) => (current ?? initial ?? []).filter((item) => item.id !== id)),
  }
}
