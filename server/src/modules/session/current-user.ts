import type { CurrentUser } from "@manyhands/app/render-contract"
import type { Queryable } from "../../db/database"

interface UserRow {
  id: string
  email: string
  user_type: CurrentUser["profile"]["userType"]
  roles: string[]
  interface_language: string
  days: number
  message_id: string | null
  message: Record<string, string> | null
}

/** The signed-in user as GET /api/v2/user answers it (spec §3), with the oldest unread system message. */
export async function loadCurrentUser(db: Queryable, userId: string): Promise<CurrentUser | null> {
  const { rows } = await db.query<UserRow>(
    `SELECT u.id::text AS id, u.email, u.user_type, u.roles, u.interface_language,
            floor(extract(epoch FROM now() - u.created_at) / 86400)::int AS days,
            m.id::text AS message_id, m.message
       FROM users u
       LEFT JOIN LATERAL (
         SELECT id, message FROM system_messages
          WHERE user_id = u.id AND read_at IS NULL ORDER BY id LIMIT 1
       ) m ON true
      WHERE u.id = $1`,
    [userId],
  )
  const row = rows[0]
  if (!row) return null
  return {
    id: row.id,
    email: row.email,
    profile: {
      userType: row.user_type,
      systemMessage: row.message_id && row.message ? { id: row.message_id, message: row.message } : null,
    },
    interfaceLanguage: row.interface_language,
    permissions: Object.fromEntries(row.roles.map((role) => [role, true])),
    analyticsData: { daysSinceRegistration: row.days },
  }
}
