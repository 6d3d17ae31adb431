import { useState, type ReactNode } from "react"
import { SWRConfig, type Cache } from "swr"
import { ApiFailure, ShellServicesProvider, type ShellServices, type ShellUser } from "@manyhands/pages"

/** A story's stand-in for the server: "METHOD /path" → answer, or a function of the body that may throw. */
export type StoryApi = Record<string, unknown | ((body: unknown) => unknown)>

/**
 * The key of a story answer for a contract endpoint: `[on(payoutsApi.cancel, { id: "7" })]: payout`, so stories
 * never write an API address of their own.
 */
export function on<E extends { method: string; url: (...args: never[]) => string }>(
  endpoint: E,
  ...args: Parameters<E["url"]>
): string {
  return `${endpoint.method} ${endpoint.url(...args)}`
}

export const storyUser: ShellUser = {
  id: "42",
  email: "ada@example.com",
  profile: {
    userType: "customer",
    displayName: "Ada Lovelace",
    timezone: "Europe/London",
    payoutWallet: null,
    twoFactorEnabled: false,
  },
  interfaceLanguage: "en",
  permissions: {},
}

/** A refusal as the app shell would hand it to a screen. */
export const refusal = (message: string, code: string, status = 400, fields: Record<string, string> = {}) =>
  new ApiFailure(message, code, status, fields)

const answer = async (api: StoryApi, key: string, body?: unknown) => {
  if (!(key in api)) throw new ApiFailure(`No story answer for ${key}`, "NOT_FOUND", 404)
  const value = api[key]
  return typeof value === "function" ? (value as (body: unknown) => unknown)(body) : value
}

/** The shell's services as a screen sees them; the story decides who is signed in and how the server answers. */
export function StoryShell({
  services = {},
  api = {},
  children,
}: {
  services?: Partial<ShellServices>
  api?: StoryApi
  children: ReactNode
}) {
  // Each story has its own cache: answers of one story never show in another.
  const [cache] = useState(() => new Map() as Cache)
  const value: ShellServices = {
    accountType: services.user === undefined ? null : (services.user?.profile.userType ?? undefined),
    user: null,
    language: "en",
    chooseAccountType: async () => {},
    goTo: () => {},
    switchLanguage: () => {},
    refresh: async () => {},
    toFailure: (error) =>
      error instanceof ApiFailure ? error : new ApiFailure(String(error), "INTERNAL_ERROR", undefined),
    api: {
      get: async <T,>(url: string) => (await answer(api, `GET ${url}`)) as T,
      send: async <T,>(method: string, url: string, body?: unknown) =>
        (await answer(api, `${method} ${url}`, body)) as T,
      upload: async <T,>(
        method: string,
        url: string,
        form: FormData,
        onProgress?: (sent: number) => void,
      ) => {
        onProgress?.(1)
        return (await answer(api, `${method} ${url}`, form)) as T
      },
    },
    ...services,
  }
  // Screens read through SWR (pages/src/api): the story's answers are its fetcher, failures arrive at once.
  return (
    <SWRConfig
      value={{
        provider: () => cache,
        fetcher: (url: string) => answer(api, `GET ${url}`),
        dedupingInterval: 0,
        shouldRetryOnError: false,
        revalidateOnFocus: false,
      }}
    >
      <ShellServicesProvider value={value}>{children}</ShellServicesProvider>
    </SWRConfig>
  )
}
