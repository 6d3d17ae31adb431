import { createContext, useContext } from "react"

export type AccountType = "developer" | "customer" | "worker"

/** What the app shell lends screens that act for the signed-in user (the app provides it). */
export interface ShellServices {
  /** The signed-in user's account type, or null before it is chosen; undefined when signed out. */
  accountType: AccountType | null | undefined
  /** Stores the account type; rejects with an Error whose message can be shown. */
  chooseAccountType: (type: AccountType) => Promise<void>
  /** Leaves the single-page app for an address (a full load, e.g. after the account changed). */
  goTo: (href: string) => void
}

const ShellContext = createContext<ShellServices | null>(null)

export const ShellServicesProvider = ShellContext.Provider

export function useShellServices(): ShellServices {
  const services = useContext(ShellContext)
  if (!services) throw new Error("This screen needs the app shell (ShellServicesProvider)")
  return services
}
