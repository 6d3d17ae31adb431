import { useEffect } from "react"
import useSWR from "swr"
import { isEmptyUserError } from "./api"
import { useAppState } from "./app-state"
import type { CurrentUser } from "./initial-state"
import { languageAfterVisit, READER_LANGUAGE_COOKIE } from "./reader-language"
import type { PageEntry } from "./route-table"
import { cookieString, parseCookies } from "./visitor-memory"
import { authApi, userApi } from "@manyhands/contract/accounts"

export const USER_KEY = userApi.me.url()
/** Where the browser goes once a session without a user has been ended. */
export const AFTER_LOGOUT_PATH = "/"

/**
 * The signed-in user (spec §3), from the page's initial state and then GET /api/v2/user. A session whose
 * user is gone (400 ERROR_EMPTY_USER) is signed out (spec §8): the logout call (a POST with the CSRF token; the
 * address /auth/logout itself signs nobody out), then the home page.
 */
export function useCurrentUser() {
  const { session, userRef, api } = useAppState()
  const { data, mutate } = useSWR<CurrentUser>(session ? USER_KEY : null, {
    onError: (error) => {
      if (!isEmptyUserError(error)) return
      api
        .send("POST", authApi.logout.url())
        .then(() => window.location.assign(AFTER_LOGOUT_PATH))
        // Not reloading: the same session would fail the same way again.
        .catch((failure: unknown) => console.error("Manyhands: could not end the session", failure))
    },
  })
  const user = data ?? null
  useEffect(() => {
    userRef.current = user
  }, [user, userRef])
  return { user, mutate }
}

/**
 * Spec §4: when the page's language differs from the one stored for the reader, store the new one: on the
 * account for a signed-in user, in the interface_language cookie for a visitor. Not where the page is shown in
 * its language only because it is not written in the stored one (languageAfterVisit).
 */
export function useInterfaceLanguageSync(
  user: CurrentUser | null,
  mutate: (user: CurrentUser) => void,
  entry: PageEntry | undefined,
) {
  const { api, language, session, site } = useAppState()
  const stored = user?.interfaceLanguage
  useEffect(() => {
    if (site.kind !== "international") return
    if (user) {
      const next = languageAfterVisit({ stored, pageLanguage: language, entry })
      if (!next) return
      api
        .send<CurrentUser>("PUT", USER_KEY, { interfaceLanguage: next })
        .then(mutate)
        .catch((error: unknown) => console.error("Manyhands: could not store the interface language", error))
      return
    }
    // A session whose user has not loaded yet is not a visitor.
    if (session) return
    const cookie = parseCookies(document.cookie)[READER_LANGUAGE_COOKIE]
    const next = languageAfterVisit({ stored: cookie, pageLanguage: language, entry })
    if (next)
      document.cookie = cookieString(READER_LANGUAGE_COOKIE, next, window.location.protocol === "https:")
  }, [api, language, stored, user, session, site, entry, mutate])
}
