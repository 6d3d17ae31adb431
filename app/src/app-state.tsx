import { createContext, useContext } from "react"
import type { InitialState } from "./initial-state"

export type AppState = Pick<InitialState, "host" | "language" | "languages" | "user">

const AppStateContext = createContext<AppState | null>(null)

export const AppStateProvider = AppStateContext.Provider

export function useAppState(): AppState {
  const state = useContext(AppStateContext)
  if (!state) throw new Error("useAppState must be used inside <AppProviders>")
  return state
}
