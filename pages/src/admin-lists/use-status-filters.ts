import { useSearchParams } from "react-router"

export interface StatusFilters<S extends string> {
  /** Every tab, in order. */
  statuses: readonly S[]
  status: S
  page: number
  /** As the list's GET takes them; "" for the first page of the first tab (the route preloads it). */
  query: string
  /** Another tab, from its first page. */
  setStatus: (status: S) => void
  setPage: (page: number) => void
}

/**
 * An admin list's tab and page, kept in the address (?status=&page=) so a reload or a shared link shows the
 * same rows; anything unknown is the first page of the first tab. Other parameters of the address stay.
 */
export function useStatusFilters<S extends string>(statuses: readonly [S, ...S[]]): StatusFilters<S> {
  const [params, setParams] = useSearchParams()
  const [first] = statuses
  const asked = params.get("status") ?? ""
  const number = Number(params.get("page"))
  const status = (statuses as readonly string[]).includes(asked) ? (asked as S) : first
  const page = Number.isInteger(number) && number > 1 ? number : 1

  const queryOf = (next: { status: S; page: number }) => {
    const query = new URLSearchParams()
    if (next.status !== first) query.set("status", next.status)
    if (next.page > 1) query.set("page", String(next.page))
    return query.toString()
  }
  const apply = (next: { status: S; page: number }) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current)
        merged.delete("status")
        merged.delete("page")
        for (const [key, value] of new URLSearchParams(queryOf(next))) merged.set(key, value)
        return merged
      },
      { replace: true, preventScrollReset: true },
    )

  return {
    statuses,
    status,
    page,
    query: queryOf({ status, page }),
    setStatus: (next) => apply({ status: next, page: 1 }),
    setPage: (next) => apply({ status, page: next }),
  }
}
