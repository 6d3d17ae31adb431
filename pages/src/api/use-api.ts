import { useCallback, useMemo, useState } from "react"
import useSWR from "swr"
import type { ApiFailure } from "../shell-context"
import { useShellServices } from "../shell-context"

export interface ApiData<T> {
  /** The answer for the current address; undefined while it loads or when it failed. */
  data: T | undefined
  /** The last answer that arrived (for any address), to keep page counts in place while the next one loads. */
  last: T | undefined
  /** Why the current address failed, in the page's language (code, status and field messages), or undefined. */
  error: ApiFailure | undefined
  /** The message of `error`, or null. */
  failure: string | null
  /** No answer for the current address yet. */
  loading: boolean
  /** A request for the current address is under way (first load or a refresh). */
  validating: boolean
  /** Asks for the current address again (after a failure, or to refresh). */
  retry: () => void
  /** Replaces the cached answer (and, unless `revalidate` is false, asks the server again). */
  mutate(data?: T, revalidate?: boolean): Promise<T | undefined>
}

export interface ApiOptions<T> {
  /** The answer already at hand for this address (a route's preloaded data, a story's fixture). */
  initial?: T
  /** Asks again every this many milliseconds while the screen is shown (polling); 0 or undefined: never. */
  refreshInterval?: number
}

/** `url?query` for a query string that may be empty. */
export const withQueryString = (url: string, query: string) => (query ? `${url}?${query}` : url)

/**
 * Reads one API address through the shell's SWR cache (the app's fetcher and its server-preloaded answers, or a
 * story's stand-in). The one way screens read data: the address comes from @manyhands/contract (`api.url()`),
 * `null` reads nothing. Only the answer to the latest address is shown, so quick changes of filters cannot race.
 */
export function useApi<T>(key: string | null, { initial, refreshInterval }: ApiOptions<T> = {}): ApiData<T> {
  const { toFailure } = useShellServices()
  const swr = useSWR<T>(key, {
    ...(initial === undefined ? {} : { fallbackData: initial }),
    ...(refreshInterval ? { refreshInterval } : {}),
  })
  // The answer of an earlier address, kept while the next one loads (SWR's data is the current address's only:
  // its cache, a preloaded answer or `initial`).
  const [previous, setPrevious] = useState<T | undefined>(undefined)
  if (swr.data !== undefined && swr.data !== previous) setPrevious(swr.data)
  const error = useMemo(
    () => (swr.error === undefined ? undefined : toFailure(swr.error)),
    [swr.error, toFailure],
  )
  const { mutate } = swr
  const retry = useCallback(() => void mutate(), [mutate])
  const mutateData = useCallback(
    (data?: T, revalidate = true) => (data === undefined ? mutate() : mutate(data, { revalidate })),
    [mutate],
  )
  // A failed request for this address shows as its failure (with `last` still at hand), as a fresh one would:
  // a list whose filter fails again must say so, not quietly keep an older answer.
  const current = error ? undefined : swr.data
  return {
    data: current,
    last: swr.data ?? previous,
    error: current === undefined ? error : undefined,
    failure: current === undefined && error ? error.message : null,
    loading: current === undefined && !error,
    validating: swr.isValidating,
    retry,
    mutate: mutateData,
  }
}
