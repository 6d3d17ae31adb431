import { useCallback, useState } from "react"
import { authApi } from "@manyhands/contract/accounts"
import { ApiFailure, useShellServices } from "../../shell-context"

/**
 * Signing out: a POST with the page's CSRF token (the shell's API client sends it), then a full load of the
 * home page. Never a plain link: another site could make the browser follow one.
 */
export function useSignOut() {
  const { api, goTo, toFailure } = useShellServices()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<ApiFailure | null>(null)
  /** Resolves true once the session has ended (the home page is loading), false when the call failed. */
  const signOut = useCallback(async (): Promise<boolean> => {
    setBusy(true)
    setFailure(null)
    try {
      await api.send("POST", authApi.logout.url())
      goTo("/")
      return true
    } catch (error) {
      setFailure(error instanceof ApiFailure ? error : toFailure(error))
      setBusy(false)
      return false
    }
  }, [api, goTo, toFailure])
  return { signOut, busy, failure }
}
