import { useEffect } from "react"
import useSWR from "swr"
import { isEmptyUserError } from "./api"
import { useAppState } from "./app-state"
import type { CurrentUser } from "./initial-state"
import { userApi } from "@manyhands/contract/accounts"

export const USER_KEY = userApi.me.url()
export const LOGOUT_PATH = "/auth/logout"

/**
 * The signed-in user (spec §3), from the page's initial state and then GET /api/v2/user. A session whose
 * user is gone (400 ERROR_EMPTY_USER) is signed out through the logout route (spec §8).
 */
export function useCurrentUser() {
  const { session, userRef } = useAppState()
  const { data, mutate } = useSWR<CurrentUser>(session ? USER_KEY : null, {
    onError: (error) => {
      if (isEmptyUserError(error)) window.location.assign(LOGOUT_PATH)
    },
  })
  const user = data ?? null
  useEffect(() => {
    userRef.current = user
  }, [user, userRef])
  return { user, mutate }
}

/** Spec §4: when the page's language differs from the one stored for the user, store the new one. */
export function useInterfaceLanguageSync(user: CurrentUser | null, mutate: (user: CurrentUser) => void) {
  const { api, language } = useAppState()
  const stored = user?.interfaceLanguage
  useEffect(() => {
    if (!stored || stored === language) return
    api
      .send<CurrentUser>("PUT", USER_KEY, { interfaceLanguage: language })
      .then(mutate)
      .catch((error: unknown) => console.error("Manyhands: could not store the interface language", error))
  }, [api, language, stored, mutate])
}
