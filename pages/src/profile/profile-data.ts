/**
 * The answers of the profile API (server/ACCOUNTS-API.md) as the screens receive them: each route's data
 * hooks (app/src/data-hooks.ts) preload them under these addresses, and `refresh` fetches them again.
 */
export const PROFILE_URLS = {
  user: "/api/v2/user",
  sessions: "/api/v2/profile/sessions",
  twoFactor: "/api/v2/profile/two-factor",
  apiKey: "/api/v2/profile/api-key",
  notifications: "/api/v2/profile/notifications",
  documents: "/api/v2/profile/documents",
} as const

export interface ProfileSession {
  id: string
  /** The session of the browser that asks. */
  current: boolean
  userAgent: string | null
  ip: string | null
  createdAt: string
  lastSeenAt: string
}

/** GET /api/v2/profile/sessions, newest first. */
export interface SessionsData {
  sessions: ProfileSession[]
}

/** GET /api/v2/profile/two-factor. */
export interface TwoFactorData {
  enabled: boolean
  enabledAt: string | null
  recoveryCodesLeft: number
}

/** GET /api/v2/profile/api-key; `hint` is the last 4 characters of the key. */
export interface ApiKeyData {
  exists: boolean
  hint: string | null
  createdAt: string | null
}

export const NOTIFICATION_TOPICS = ["security", "payments", "tickets", "news", "product"] as const
export const NOTIFICATION_CHANNELS = ["email", "site"] as const
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number]
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number]
export type NotificationSettings = Record<NotificationTopic, Record<NotificationChannel, boolean>>

/** GET and PUT /api/v2/profile/notifications. */
export interface NotificationsData {
  settings: NotificationSettings
}

export const DOCUMENT_KINDS = ["passport", "id_card", "driving_licence", "proof_of_address"] as const
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]
export type DocumentStatus = "pending" | "approved" | "rejected"

export interface IdentityDocument {
  id: string
  kind: DocumentKind
  fileName: string
  contentType: string
  size: number
  status: DocumentStatus
  reviewNote: string | null
  createdAt: string
}

/** GET /api/v2/profile/documents. */
export interface DocumentsData {
  documents: IdentityDocument[]
}
