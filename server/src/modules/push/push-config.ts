import type { ConfigReaders } from "../crypto/crypto-config"

/** Browser push notifications' part of the configuration (README, "Configuration"; push.ts). */
export interface PushConfig {
  /**
   * The VAPID key pair (RFC 8292) every push is signed with, base64url: the public key is an uncompressed P-256
   * point (65 bytes), the private key its 32-byte scalar. Unset: see `generateKeys`.
   */
  vapid: { publicKey: string; privateKey: string } | undefined
  /** The VAPID subject: how a push service reaches the sender (a mailto: or https: address). */
  subject: string
  /**
   * Without VAPID_* keys, make a pair on first start and keep it in the database (app_settings), shared by every
   * process and kept across restarts: in development, tests and the embedded demo. A production server with
   * DATABASE_URL and no keys sends no pushes (the page says push is off), so its key is never one nobody chose.
   */
  generateKeys: boolean
  /** Subscriptions may name http://127.0.0.1 or http://localhost endpoints (tests' stand-in push service). */
  allowLoopback: boolean
  /** How often the low-balance alerts are looked for. */
  lowBalanceSeconds: number
}

const BASE64URL = /^[A-Za-z0-9_-]+$/

/** The address inside "Name <address>", or the text itself. */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from

export function readPushConfig(
  { value, integer, boolean }: ConfigReaders,
  problems: string[],
  {
    env,
    embedded,
    mailFrom,
  }: { env: "development" | "production" | "test"; embedded: boolean; mailFrom: string },
): PushConfig {
  const publicKey = value("VAPID_PUBLIC_KEY")
  const privateKey = value("VAPID_PRIVATE_KEY")
  let vapid: PushConfig["vapid"]
  // Never echo the private key.
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    problems.push("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together")
  } else if (publicKey !== undefined && privateKey !== undefined) {
    const publicBytes = BASE64URL.test(publicKey) ? Buffer.from(publicKey, "base64url") : Buffer.alloc(0)
    const privateBytes = BASE64URL.test(privateKey) ? Buffer.from(privateKey, "base64url") : Buffer.alloc(0)
    if (publicBytes.length !== 65 || publicBytes[0] !== 4)
      problems.push(
        "VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes; `npx web-push generate-vapid-keys`)",
      )
    else if (privateBytes.length !== 32)
      problems.push("VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)")
    else vapid = { publicKey, privateKey }
  }
  const subject = value("VAPID_SUBJECT") ?? `mailto:${addressOf(mailFrom)}`
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject))
    problems.push(`VAPID_SUBJECT must be a mailto: or https: address (got "${subject}")`)
  return {
    vapid,
    subject,
    generateKeys: boolean("VAPID_GENERATE_KEYS", env !== "production" || embedded),
    allowLoopback: env !== "production",
    lowBalanceSeconds: integer("PUSH_LOW_BALANCE_SECONDS", 60, 5, 3600),
  }
}
