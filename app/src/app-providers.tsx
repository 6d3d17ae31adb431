import type { ReactNode } from "react"
import type { i18n } from "i18next"
import { I18nextProvider } from "react-i18next"
import { SWRConfig, type Cache } from "swr"
import { DesignSystemProvider } from "@manyhands/design-system"
import { AppStateProvider } from "./app-state"
import { fetchJson } from "./fetcher"
import type { InitialState } from "./initial-state"

interface AppProvidersProps {
  state: InitialState
  i18n: i18n
  /** A fresh cache per server render, so no request sees another's data. */
  cache?: () => Cache
  children: ReactNode
}

export function AppProviders({ state, i18n, cache, children }: AppProvidersProps) {
  return (
    <AppStateProvider value={state}>
      <I18nextProvider i18n={i18n}>
        <DesignSystemProvider locale={state.language}>
          <SWRConfig
            value={{
              fetcher: fetchJson,
              fallback: state.data,
              revalidateOnFocus: false,
              revalidateOnReconnect: true,
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
