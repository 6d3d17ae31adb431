/**
 * System messages written by administrators (issue 24, contract/src/ops-messages.ts). A send is one row of
 * system_message_broadcasts and one system_messages row per recipient linked to it (migration 0036), with the
 * staff_audit row, in one transaction. The per-user rows carry the message too, so the user's modal reads them as
 * it always has (session/current-user.ts: the oldest unread, in the page's language, else English); closing it
 * sets read_at, which is what the broadcast's readers are counted from.
 */
import type {
  BroadcastDetail,
  BroadcastSummary,
  MessageAudience,
  MessageRecipient,
  RecipientFilter,
} from "@manyhands/contract/ops-messages"
import type { UserType } from "@manyhands/contract/accounts"
import type { Page } from "@manyhands/contract"
import { SITE_LANGUAGES, type SiteLanguage } from "@manyhands/contract/languages"
import type { Database } from "../../db/database"
import { sanitizeMessage } from "../user/routes"
import { recordStaffAction, type StaffActor } from "./audit"

export type MessagesErrorCode =
  "RECIPIENT_NOT_FOUND" | "NO_RECIPIENTS" | "MESSAGE_EMPTY" | "MESSAGE_NOT_FOUND"

export class MessagesError extends Error {
  constructor(
    readonly code: MessagesErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message)
  }
}

export interface NewBroadcast {
  title: string
  message: Partial<Record<SiteLanguage, string>> & { en: string }
  audience: MessageAudience
  user?: string | undefined
  users?: string[] | undefined
  accountType?: UserType | undefined
}

interface BroadcastRow {
  id: string
  title: string
  audience: "user" | "users" | "account_type"
  account_type: UserType | null
  recipients: number
  read: number
  message: Record<string, string>
  sender_email: string | null
  recipient_email: string | null
  created_at: Date | string
  total?: string
}

const AUDIENCE_OF_ROW = { user: "user", users: "users", account_type: "accountType" } as const
const ROW_OF_AUDIENCE = { user: "user", users: "users", accountType: "account_type" } as const

const SELECT_BROADCASTS = `
  SELECT b.id::text, b.title, b.audience, b.account_type, b.recipients, b.message, b.created_at,
         s.email AS sender_email,
         (SELECT count(*) FROM system_messages m WHERE m.broadcast_id = b.id AND m.read_at IS NOT NULL)::int AS read,
         CASE WHEN b.audience = 'user' THEN
           (SELECT u.email FROM system_messages m JOIN users u ON u.id = m.user_id WHERE m.broadcast_id = b.id LIMIT 1)
         END AS recipient_email
    FROM system_message_broadcasts b LEFT JOIN users s ON s.id = b.sender_id`

const toSummary = (row: BroadcastRow): BroadcastSummary => ({
  id: row.id,
  title: row.title,
  audience: AUDIENCE_OF_ROW[row.audience],
  accountType: row.account_type,
  recipientEmail: row.recipient_email,
  recipients: row.recipients,
  read: row.read,
  // In the site's order of languages (jsonb keeps its keys in its own).
  languages: SITE_LANGUAGES.filter((language) => language in row.message),
  senderEmail: row.sender_email,
  createdAt: new Date(row.created_at).toISOString(),
})

const toDetail = (row: BroadcastRow): BroadcastDetail => ({ ...toSummary(row), message: row.message })

/** "a@b.c, 12\n d@e.f" → the names, trimmed, without empties and repeats (e-mails compared in lower case). */
export function recipientNames(names: string[]): string[] {
  const seen = new Set<string>()
  for (const name of names.flatMap((item) => item.split(/[\s,;]+/))) {
    const trimmed = name.trim()
    if (trimmed !== "") seen.add(/^\d+$/.test(trimmed) ? trimmed : trimmed.toLowerCase())
  }
  return [...seen]
}

export class SystemMessages {
  constructor(private readonly db: Database) {}

  async list(page: number, pageSize: number): Promise<Page<BroadcastSummary>> {
    const { rows } = await this.db.query<BroadcastRow>(
      `SELECT *, count(*) OVER () AS total FROM (${SELECT_BROADCASTS}) b
        ORDER BY created_at DESC, id::bigint DESC LIMIT $1 OFFSET $2`,
      [pageSize, (page - 1) * pageSize],
    )
    return { items: rows.map(toSummary), total: Number(rows[0]?.total ?? 0), page, pageSize }
  }

  async detail(id: string): Promise<BroadcastDetail> {
    const { rows } = await this.db.query<BroadcastRow>(`${SELECT_BROADCASTS} WHERE b.id = $1`, [id])
    if (!rows[0]) throw new MessagesError("MESSAGE_NOT_FOUND", "There is no such message.")
    return toDetail(rows[0])
  }

  async audienceCount(accountType: UserType): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM users WHERE user_type = $1",
      [accountType],
    )
    return rows[0]!.count
  }

  async recipients(
    id: string,
    state: RecipientFilter,
    page: number,
    pageSize: number,
  ): Promise<Page<MessageRecipient>> {
    await this.detail(id)
    const { rows } = await this.db.query<{
      user_id: string
      email: string
      interface_language: string
      read_at: Date | string | null
      total: string
    }>(
      `SELECT u.id::text AS user_id, u.email, u.interface_language, m.read_at, count(*) OVER () AS total
         FROM system_messages m JOIN users u ON u.id = m.user_id
        WHERE m.broadcast_id = $1
          AND ($2::text = 'all' OR (m.read_at IS NOT NULL) = ($2 = 'read'))
        ORDER BY m.read_at DESC NULLS LAST, u.email
        LIMIT $3 OFFSET $4`,
      [id, state, pageSize, (page - 1) * pageSize],
    )
    return {
      items: rows.map((row) => ({
        userId: row.user_id,
        email: row.email,
        interfaceLanguage: row.interface_language,
        readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
      })),
      total: Number(rows[0]?.total ?? 0),
      page,
      pageSize,
    }
  }

  /** Sanitises each language (English must keep some text), finds the recipients, writes it all audited. */
  async send(actor: StaffActor, input: NewBroadcast): Promise<BroadcastDetail> {
    const message: Record<string, string> = {}
    for (const [language, html] of Object.entries(input.message)) {
      const clean = sanitizeMessage(html ?? "").trim()
      // Text, not just empty paragraphs: the English fallback must say something.
      if (clean.replace(/<[^>]*>/g, "").trim() !== "") message[language] = clean
    }
    if (!message.en)
      throw new MessagesError(
        "MESSAGE_EMPTY",
        "The English text is required (it is the fallback).",
        "message.en",
      )

    const names =
      input.audience === "user"
        ? recipientNames([input.user ?? ""])
        : input.audience === "users"
          ? recipientNames(input.users ?? [])
          : []
    if (input.audience === "user" && names.length !== 1)
      throw new MessagesError("NO_RECIPIENTS", "Name one account: its e-mail address or id.", "user")
    if (input.audience === "users" && names.length === 0)
      throw new MessagesError("NO_RECIPIENTS", "Name at least one account.", "users")
    if (input.audience === "accountType" && !input.accountType)
      throw new MessagesError("NO_RECIPIENTS", "Choose an account type.", "accountType")

    return this.db.transaction(async (tx) => {
      let userIds: string[]
      if (input.audience === "accountType") {
        const { rows } = await tx.query<{ id: string }>("SELECT id::text FROM users WHERE user_type = $1", [
          input.accountType,
        ])
        userIds = rows.map((row) => row.id)
        if (userIds.length === 0)
          throw new MessagesError("NO_RECIPIENTS", "No account has this type yet.", "accountType")
      } else {
        const ids = names.filter((name) => /^\d{1,18}$/.test(name))
        const emails = names.filter((name) => !/^\d+$/.test(name))
        const { rows } = await tx.query<{ id: string; email: string }>(
          "SELECT id::text, email FROM users WHERE id = ANY($1::bigint[]) OR email = ANY($2::text[])",
          [ids, emails],
        )
        const found = new Set(rows.flatMap((row) => [row.id, row.email.toLowerCase()]))
        const missing = names.filter((name) => !found.has(name))
        const field = input.audience === "user" ? "user" : "users"
        if (missing.length > 0)
          throw new MessagesError(
            "RECIPIENT_NOT_FOUND",
            `No account is ${missing.slice(0, 10).join(", ")}${missing.length > 10 ? " …" : ""}.`,
            field,
          )
        userIds = [...new Set(rows.map((row) => row.id))]
      }
      const { rows: created } = await tx.query<{ id: string }>(
        `INSERT INTO system_message_broadcasts (title, message, audience, account_type, recipients, sender_id)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text`,
        [
          input.title.trim(),
          JSON.stringify(message),
          ROW_OF_AUDIENCE[input.audience],
          input.audience === "accountType" ? input.accountType : null,
          userIds.length,
          actor.id,
        ],
      )
      const id = created[0]!.id
      await tx.query(
        `INSERT INTO system_messages (user_id, message, broadcast_id)
         SELECT user_id, $2, $1 FROM unnest($3::bigint[]) AS user_id`,
        [id, JSON.stringify(message), userIds],
      )
      await recordStaffAction(tx, actor, {
        action: "system_message.send",
        targetKind: "system_message",
        targetId: id,
        subjectUserId: userIds.length === 1 && input.audience !== "accountType" ? userIds[0]! : null,
        details: {
          title: input.title.trim(),
          audience: input.audience,
          accountType: input.accountType ?? null,
          recipients: userIds.length,
          languages: Object.keys(message),
        },
      })
      const { rows } = await tx.query<BroadcastRow>(`${SELECT_BROADCASTS} WHERE b.id = $1`, [id])
      return toDetail(rows[0]!)
    })
  }
}
