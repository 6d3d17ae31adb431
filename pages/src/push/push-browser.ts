import { createContext, useContext } from "react"

/** What the page hands the server: PushSubscription.toJSON()'s endpoint and keys. */
export interface BrowserSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

/** "unsupported": no Push API here (or not a secure page); otherwise Notification.permission. */
export type PushPermission = "unsupported" | "default" | "granted" | "denied"

/** The browser's side of push notifications; stories give a stand-in (PushBrowserProvider). */
export interface PushBrowser {
  permission(): PushPermission
  /** This browser's subscription for the site, if it has one. */
  current(): Promise<BrowserSubscription | null>
  /** Asks for permission, registers the service worker and subscribes with the server's VAPID public key. */
  subscribe(publicKey: string): Promise<BrowserSubscription>
  unsubscribe(): Promise<void>
}

/** The permission was not granted (denied, or the prompt dismissed). */
export class PushPermissionRefused extends Error {
  constructor(readonly permission: NotificationPermission) {
    super(`Notifications were not allowed (${permission})`)
    this.name = "PushPermissionRefused"
  }
}

/** The service worker (app/public/push-sw.js), at the root so its scope is the whole site. */
const WORKER = "/push-sw.js"

const bytes = (base64Url: string) => {
  const base64 = base64Url.replace(/-/g, "+").replace(/_/g, "/")
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

const sameKey = (key: ArrayBuffer | null | undefined, expected: Uint8Array) => {
  if (!key) return false
  const given = new Uint8Array(key)
  return given.length === expected.length && given.every((byte, i) => byte === expected[i])
}

const toJson = (subscription: PushSubscription): BrowserSubscription => {
  const json = subscription.toJSON()
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys!.p256dh!, auth: json.keys!.auth! } }
}

const registration = () =>
  typeof navigator !== "undefined" && "serviceWorker" in navigator
    ? navigator.serviceWorker.getRegistration("/")
    : Promise.resolve(undefined)

/** The real Push API of this browser. */
export const browserPush: PushBrowser = {
  permission: () =>
    typeof window === "undefined" ||
    !window.isSecureContext ||
    !("serviceWorker" in navigator) ||
    !("PushManager" in window) ||
    !("Notification" in window)
      ? "unsupported"
      : Notification.permission,
  current: async () => {
    const subscription = await (await registration())?.pushManager.getSubscription()
    return subscription ? toJson(subscription) : null
  },
  subscribe: async (publicKey) => {
    const permission = await Notification.requestPermission()
    if (permission !== "granted") throw new PushPermissionRefused(permission)
    await navigator.serviceWorker.register(WORKER, { scope: "/" })
    const ready = await navigator.serviceWorker.ready
    const applicationServerKey = bytes(publicKey)
    const existing = await ready.pushManager.getSubscription()
    // A subscription made with another key (the server's key changed) cannot receive our pushes.
    if (existing && sameKey(existing.options.applicationServerKey, applicationServerKey))
      return toJson(existing)
    await existing?.unsubscribe()
    return toJson(await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }))
  },
  unsubscribe: async () => {
    await (await (await registration())?.pushManager.getSubscription())?.unsubscribe()
  },
}

const PushBrowserContext = createContext<PushBrowser>(browserPush)
export const PushBrowserProvider = PushBrowserContext.Provider
export const usePushBrowser = () => useContext(PushBrowserContext)
