import { useCallback, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { ApiFailure, useShellServices } from "../../../shell-context"
import type { Page } from "../../customer-data"

export interface PagedList<T> {
  /** The page on screen: the route's preloaded first page until another one is fetched; undefined while loading. */
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
}

/**
 * A paged list of the customer area: the first page comes preloaded with the route (`initial`), other pages are
 * fetched as `${url}?page=N`. Only the answer to the latest request is shown, so quick clicks cannot race.
 */
export function usePagedList<T>(url: string, initial: Page<T> | undefined): PagedList<T> {
  const { api } = useShellServices()
  const { t } = useTranslation("common")
  const [fetched, setFetched] = useState<Page<T> | null>(null)
  const [pending, setPending] = useState<number | null>(null)
  const [failure, setFailure] = useState<{ page: number; message: string } | null>(null)
  const ticket = useRef(0)

  const goTo = useCallback(
    (page: number) => {
      const mine = ++ticket.current
      setPending(page)
      setFailure(null)
      api.get<Page<T>>(`${url}?page=${page}`).then(
        (next) => {
          if (mine !== ticket.current) return
          setFetched(next)
          setPending(null)
        },
        (error: unknown) => {
          if (mine !== ticket.current) return
          if (!(error instanceof ApiFailure)) console.error("Manyhands: a list page failed", error)
          setPending(null)
          setFailure({
            page,
            message: error instanceof ApiFailure ? error.message : t("errors.codes.INTERNAL_ERROR"),
          })
        },
      )
    },
    [api, url, t],
  )

  const data = fetched ?? initial
  return {
    data,
    pending,
    failure: failure?.message ?? null,
    paged: fetched !== null,
    goTo,
    retry: () => {
      if (failure) goTo(failure.page)
    },
  }
}
