import { useCallback, useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { ApiFailure } from "../shell-context"

export type RequestState<T> =
  { phase: "working" } | { phase: "done"; data: T } | { phase: "failed"; failure: ApiFailure }

/**
 * Runs a request once when the screen mounts (a mail link's token check), also under React StrictMode, whose
 * second mount would otherwise spend a single-use token twice. `retry` runs it again.
 */
export function useRequestOnMount<T>(request: () => Promise<T>): RequestState<T> & { retry: () => void } {
  const { t } = useTranslation("common")
  const [state, setState] = useState<RequestState<T>>({ phase: "working" })
  const latest = useRef(request)
  const started = useRef(false)

  useEffect(() => {
    latest.current = request
  })

  const start = useCallback(() => {
    latest.current().then(
      (data) => setState({ phase: "done", data }),
      (error: unknown) => {
        if (!(error instanceof ApiFailure)) console.error("Manyhands: a request failed", error)
        const failure =
          error instanceof ApiFailure
            ? error
            : new ApiFailure(t("errors.codes.INTERNAL_ERROR"), "INTERNAL_ERROR", undefined)
        setState({ phase: "failed", failure })
      },
    )
  }, [t])

  useEffect(() => {
    // StrictMode unmounts and mounts again with the same refs: the flag keeps it to one request.
    if (started.current) return
    started.current = true
    start()
  }, [start])

  const retry = useCallback(() => {
    setState({ phase: "working" })
    start()
  }, [start])

  return { ...state, retry }
}
