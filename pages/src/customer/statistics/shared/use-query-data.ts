import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { ApiFailure, useShellServices } from "../../../shell-context"

export interface QueryData<T> {
  /** The answer for the current query; undefined while it loads or when it failed. */
  data: T | undefined
  /** The last answer that arrived (for any query), to keep page counts in place while the next one loads. */
  last: T | undefined
  loading: boolean
  /** Why the current query failed, in the page's language, or null. */
  failure: string | null
  /** Asks for the current query again (after a failure). */
  retry: () => void
}

/**
 * The answer of `${url}?${query}`. An empty query is the route's preloaded answer (`initial`, undefined while the
 * route loads it); any other is fetched. Only the answer to the latest query is shown, so quick changes of the
 * filters cannot race.
 */
export function useQueryData<T>(url: string, query: string, initial: T | undefined): QueryData<T> {
  const { api, refresh } = useShellServices()
  const { t } = useTranslation("common")
  const [attempt, setAttempt] = useState(0)
  const [result, setResult] = useState<{ key: string; data?: T; failure?: string } | null>(null)
  const [last, setLast] = useState<T | undefined>(undefined)
  const key = `${attempt}:${query}`

  useEffect(() => {
    if (query === "") return
    let current = true
    api.get<T>(`${url}?${query}`).then(
      (data) => {
        if (!current) return
        setResult({ key, data })
        setLast(data)
      },
      (error: unknown) => {
        if (!current) return
        if (!(error instanceof ApiFailure)) console.error("Manyhands: statistics failed to load", error)
        setResult({
          key,
          failure: error instanceof ApiFailure ? error.message : t("errors.codes.INTERNAL_ERROR"),
        })
      },
    )
    return () => {
      current = false
    }
  }, [api, url, query, key, t])

  const retry = () => {
    // The preloaded answer is the route's data hook: ask the shell to fetch it again.
    if (query === "") void refresh(url)
    else setAttempt((n) => n + 1)
  }
  if (query === "") {
    return { data: initial, last: initial ?? last, loading: initial === undefined, failure: null, retry }
  }
  const settled = result?.key === key ? result : null
  return {
    data: settled?.data,
    last: last ?? initial,
    loading: settled === null,
    failure: settled?.failure ?? null,
    retry,
  }
}
