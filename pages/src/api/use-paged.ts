import { useCallback, useState } from "react"
import type { Page } from "@manyhands/contract"
import { useApi, type ApiData } from "./use-api"

export interface PagedData<T> {
  /** The page on screen: while the next one loads, the one before it; undefined until the first arrives. */
  data: Page<T> | undefined
  /** The page being fetched, or null. */
  pending: number | null
  /** Why the last page could not be fetched, in the page's language, or null. */
  failure: string | null
  /** Whether the user moved to another page (the screen then announces which page is shown). */
  paged: boolean
  goTo: (page: number) => void
  /** Fetches the page that failed again. */
  retry: () => void
  /** The answer of the current page as `useApi` reads it. */
  current: ApiData<Page<T>>
}

/**
 * A paged list ({ items, total, page, pageSize }): the first page is `url` itself (the route's preloaded answer,
 * `initial`), others `url?page=N`. A failed page keeps the one before it on screen, with the failure to show.
 */
export function usePaged<T>(url: string, { initial }: { initial?: Page<T> } = {}): PagedData<T> {
  const [page, setPage] = useState<number | null>(null)
  const key = page === null ? url : `${url}${url.includes("?") ? "&" : "?"}page=${page}`
  const current = useApi<Page<T>>(key, page === null ? { initial } : {})
  const goTo = useCallback((next: number) => setPage(next), [])
  return {
    data: current.data ?? current.last ?? initial,
    pending: current.loading && page !== null ? page : null,
    failure: current.failure,
    paged: page !== null,
    goTo,
    retry: current.retry,
    current,
  }
}
