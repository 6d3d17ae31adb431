import { createContext, useContext } from "react"
import type { ApiClient } from "./api"
import type { CurrentUser, InitialState } from "./initial-state"
import type { PageLanguages } from "./page-languages"

export interface AppState extends InitialState {
  api: ApiClient
  /** Where guards read the signed-in user on client navigations; kept in step with GET /api/v2/user. */
  userRef: { current: CurrentUser | null }
  /** The languages of every page path (not only this page's route): where site links lead. */
  pageLanguages: PageLanguages
}

const AppStateContext = createContext<AppState | null>(null)

export const AppStateProvider = AppStateContext.Provider

export function useAppState(): AppState {
  const state = useContext(AppStateContext)
  if (!state) throw new Error("useAppState must be used inside <AppProviders>")
  return state
}
