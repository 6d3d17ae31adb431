import { useTranslation } from "react-i18next"
import { Badge, useFormatter } from "@manyhands/design-system"
import type { UserSummary } from "@manyhands/contract/ops-users"

/** The account's type, roles and ban as badges. */
export function UserBadges({ user }: { user: UserSummary }) {
  const { t } = useTranslation("ops-users")
  const format = useFormatter()
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <Badge size="sm">{t(`types.${user.userType ?? "none"}`)}</Badge>
      {user.roles.map((role) => (
        <Badge key={role} size="sm" tone="info">
          {t(`roles.${role}`)}
        </Badge>
      ))}
      {user.bannedForever ? (
        <Badge size="sm" tone="danger">
          {t("ban.forever")}
        </Badge>
      ) : user.bannedUntil ? (
        <Badge size="sm" tone="danger">
          {t("ban.until", { date: format.dateTime(user.bannedUntil) })}
        </Badge>
      ) : null}
    </span>
  )
}

/** Whether a ban is in force. */
export const isBanned = (user: UserSummary) => user.bannedForever || user.bannedUntil !== null
