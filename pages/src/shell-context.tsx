import { createContext, useContext } from "react"
import type { CurrentUser, UserType } from "@manyhands/contract/accounts"

/** The account types a user chooses between (spec §3). */
export type AccountType = UserType

/**
 * The signed-in user as screens see it: the contract's CurrentUser (GET /api/v2/user) without what only the
 * shell uses (the system message, the balance and the analytics figures).
 */
export type ShellUser = Pick<CurrentUser, "id" | "email" | "interfaceLanguage" | "permissions"> & {
  profile: Omit<CurrentUser["profile"], "systemMessage">
}

/**
 * A refused or failed API call, in the page's language: `message` for the form as a whole, `fields` for
 * messages that belong next to one field (keyed by the body property, e.g. "password").
 */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly status: number | undefined,
    readonly fields: Record<string, string> = {},
    /** Seconds to wait after a 429. */
    readonly retryAfter?: number,
  ) {
    super(message)
    this.name = "ApiFailure"
  }
}

export interface ShellApi {
  /** GET with the page's headers; rejects with ApiFailure. */
  get: <T = unknown>(url: string) => Promise<T>
  /** A state-changing call with the CSRF header; a Blob/File body is sent as is, anything else as JSON. */
  send: <T = unknown>(method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, body?: unknown) => Promise<T>
  /** A multipart upload with the CSRF header; `onProgress` hears the share of the body sent (0–1). */
  upload: <T = unknown>(
    method: "POST" | "PUT",
    url: string,
    form: FormData,
    onProgress?: (sent: number) => void,
  ) => Promise<T>
}

/** What the app shell lends screens that act for the signed-in user (the app provides it). */
export interface ShellServices {
  /** The signed-in user's account type, or null before it is chosen; undefined when signed out. */
  accountType: AccountType | null | undefined
  /** The signed-in user, or null. */
  user: ShellUser | null
  /** The page's language (en, ru, …). */
  language: string
  /** Stores the account type; rejects with an Error whose message can be shown. */
  chooseAccountType: (type: AccountType) => Promise<void>
  /** Leaves the single-page app for an address (a full load, e.g. after the account changed). */
  goTo: (href: string) => void
  /** Loads this page in another language (its home page where this page is not written in it). */
  switchLanguage: (language: string) => void
  /** The app's API client. */
  api: ShellApi
  /** Fetches the data of an address again (a route data hook's key, or /api/v2/user for the current user). */
  refresh: (url: string) => Promise<void>
  /** Any failed call as an ApiFailure in the page's language (what `api` rejects with; `useApi` uses it). */
  toFailure: (error: unknown) => ApiFailure
}

const ShellContext = createContext<ShellServices | null>(null)

export const ShellServicesProvider = ShellContext.Provider

export function useShellServices(): ShellServices {
  const services = useContext(ShellContext)
  if (!services) throw new Error("This screen needs the app shell (ShellServicesProvider)")
  return services
}
