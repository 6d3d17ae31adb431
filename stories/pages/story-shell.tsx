import type { ReactNode } from "react"
import { ApiFailure, ShellServicesProvider, type ShellServices, type ShellUser } from "@manyhands/pages"

/** A story's stand-in for the server: "METHOD /path" → answer, or a function of the body that may throw. */
export type StoryApi = Record<string, unknown | ((body: unknown) => unknown)>

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
  const value: ShellServices = {
    accountType: services.user === undefined ? null : (services.user?.profile.userType ?? undefined),
    user: null,
    language: "en",
    chooseAccountType: async () => {},
    goTo: () => {},
    switchLanguage: () => {},
    refresh: async () => {},
    api: {
      get: async <T,>(url: string) => (await answer(api, `GET ${url}`)) as T,
      send: async <T,>(method: string, url: string, body?: unknown) =>
        (await answer(api, `${method} ${url}`, body)) as T,
    },
    ...services,
  }
  return <ShellServicesProvider value={value}>{children}</ShellServicesProvider>
}
