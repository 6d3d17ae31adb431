import { oneOf, useAddressFilters } from "../blocks"

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
  const [first] = statuses
  const { filters, page, query, change, setPage } = useAddressFilters({
    names: ["status"],
    read: (params) => ({ status: oneOf(statuses, params.get("status")) || first }),
    // The first tab is the address without one.
    write: ({ status }) => ({ status: status === first ? "" : status }),
  })
  return {
    statuses,
    status: filters.status,
    page,
    query,
    setStatus: (status) => change({ status }),
    setPage,
  }
}
