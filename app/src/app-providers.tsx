import { useMemo, useState, type ReactNode } from "react"
import type { i18n } from "i18next"
import { I18nextProvider } from "react-i18next"
import { SWRConfig, type Cache } from "swr"
import { DesignSystemProvider } from "@manyhands/design-system"
import { createApiClient } from "./api"
import { FetchError } from "./fetcher"
import { AppStateProvider, type AppState } from "./app-state"
import type { CurrentUser, InitialState } from "./initial-state"
import type { PageLanguages } from "./page-languages"
import { keepUnusedData } from "./swr-retention"

interface AppProvidersProps {
  state: InitialState
  i18n: i18n
  /** A fresh cache per server render, so no request sees another's data. */
  cache?: () => Cache
  /** Shared with the router's guards in the browser. */
  userRef?: { current: CurrentUser | null }
  pageLanguages: PageLanguages
  children: ReactNode
}

export function AppProviders({ state, i18n, cache, userRef, pageLanguages, children }: AppProvidersProps) {
  // A plain holder (not React state): guards read it outside rendering.
  const [ownRef] = useState<{ current: CurrentUser | null }>(() => ({ current: state.user }))
  const value = useMemo<AppState>(
    () => ({
      ...state,
      api: createApiClient({ csrfToken: state.csrfToken, language: state.language }),
      userRef: userRef ?? ownRef,
      pageLanguages,
    }),
    [state, userRef, ownRef, pageLanguages],
  )
  return (
    <AppStateProvider value={value}>
      <I18nextProvider i18n={i18n}>
        <DesignSystemProvider locale={state.language} messages={state.designMessages}>
          <SWRConfig
            value={{
              fetcher: value.api.get,
              fallback: state.data,
              // Spec §9: refetch on reconnect, not on focus; repeated asks within 500 ms share one request.
              revalidateOnFocus: false,
              revalidateOnReconnect: true,
              dedupingInterval: 500,
              // A refusal (4xx) stays a refusal: only failures to reach the server or 5xx are asked again.
              shouldRetryOnError: (error: unknown) =>
                !(error instanceof FetchError && error.status !== undefined && error.status < 500),
              use: [keepUnusedData],
              ...(cache ? { provider: cache } : {}),
            }}
          >
            {children}
          </SWRConfig>
        </DesignSystemProvider>
      </I18nextProvider>
    </AppStateProvider>
  )
}
