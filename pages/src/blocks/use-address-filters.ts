import { useSearchParams } from "react-router"

/** How a list's filters are kept in the address; its page (?page=) is kept beside them. */
export interface FilterParams<F> {
  /** The parameters the filters own: each change replaces them, any other parameter of the address stays. */
  names: readonly string[]
  /** The filters in the address; anything unknown is left out (an edited address). */
  read: (params: URLSearchParams) => F
  /** The filters as parameters, in the order the list's GET takes them; empty ones are left out. */
  write: (filters: F) => Record<string, string>
}

export interface AddressFilters<F> {
  filters: F
  /** Counted from 1. */
  page: number
  /** The filters and the page as the list's GET takes them: "" for the first page with none set (the route preloads it). */
  query: string
  /** Other filters: the list starts again from its first page. */
  change: (next: Partial<F>) => void
  setPage: (page: number) => void
  /** No filters, the first page. */
  reset: () => void
}

/** `value` if it is one of `values`, else "" (an edited address). */
export function oneOf<T extends string>(values: readonly T[], value: string | null): T | "" {
  return (values as readonly (string | null)[]).includes(value) ? (value as T) : ""
}

/**
 * A list's filters and page, kept in the address so a reload or a shared link shows the same rows. Changes
 * replace the address's entry (no step for the Back button each) and keep the scroll where it is.
 */
export function useAddressFilters<F>({ names, read, write }: FilterParams<F>): AddressFilters<F> {
  const [params, setParams] = useSearchParams()
  const filters = read(params)
  const asked = Number(params.get("page"))
  const page = Number.isInteger(asked) && asked > 1 ? asked : 1

  const queryOf = (next: F, nextPage: number) => {
    const query = new URLSearchParams()
    for (const [name, value] of Object.entries(write(next))) if (value) query.set(name, value)
    if (nextPage > 1) query.set("page", String(nextPage))
    return query
  }
  const go = (next: F, nextPage: number) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current)
        for (const name of [...names, "page"]) merged.delete(name)
        for (const [name, value] of queryOf(next, nextPage)) merged.set(name, value)
        return merged
      },
      { replace: true, preventScrollReset: true },
    )

  return {
    filters,
    page,
    query: queryOf(filters, page).toString(),
    change: (next) => go({ ...filters, ...next }, 1),
    setPage: (next) => go(filters, next),
    // What an address without them reads as.
    reset: () => go(read(new URLSearchParams()), 1),
  }
}
