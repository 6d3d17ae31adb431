import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Alert, Button, Switch, DataTable, type TableColumn } from "@manyhands/design-system"
import { FormError, useForm } from "../../forms"
import { useShellServices } from "../../shell-context"
import { ProfileCard } from "../profile-card"
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TOPICS,
  profileApi,
  type NotificationChannel,
  type NotificationSettings,
  type NotificationTopic,
  type NotificationsData,
} from "@manyhands/contract/accounts"
import { ProfileLayout } from "../profile-layout"

const LOCKED_ID = "notifications-security-locked"

/** Security mail cannot be turned off (ACCOUNTS-API: "security (email always on)"). */
const isLocked = (topic: NotificationTopic, channel: NotificationChannel) =>
  topic === "security" && channel === "email"

/** /profile/notif: which topics reach the user by which channel, saved together. */
export default function NotificationsScreen({ notifications }: { notifications?: NotificationsData }) {
  const { t } = useTranslation("profile")
  return (
    <ProfileLayout page="notifications">
      <ProfileCard id="notifications-title" title={t("notifications.caption")}>
        {notifications ? <NotificationsForm initial={notifications.settings} /> : <NotificationsTable />}
      </ProfileCard>
    </ProfileLayout>
  )
}

function NotificationsForm({ initial }: { initial: NotificationSettings }) {
  const { t } = useTranslation("profile")
  const { api, refresh } = useShellServices()
  const [saved, setSaved] = useState(false)
  const form = useForm<NotificationSettings>({
    initial: withSecurityMail(initial),
    submit: async (settings) => {
      setSaved(false)
      await api.send("PUT", profileApi.updateNotifications.url(), { settings: withSecurityMail(settings) })
      await refresh(profileApi.notifications.url())
      setSaved(true)
    },
  })
  const toggle = (topic: NotificationTopic, channel: NotificationChannel, on: boolean) => {
    setSaved(false)
    form.set(topic, { ...form.values[topic], [channel]: on })
  }

  return (
    <form method="post" className="flex flex-col gap-5" onSubmit={form.onSubmit} noValidate>
      <NotificationsTable settings={form.values} onToggle={toggle} disabled={form.submitting} />
      <p id={LOCKED_ID} className="text-sm text-muted-foreground">
        {t("notifications.securityLocked")}
      </p>
      <FormError message={form.formError} />
      {saved ? <Alert tone="success">{t("notifications.saved")}</Alert> : null}
      <div>
        <Button type="submit" disabled={form.submitting}>
          {t("notifications.submit")}
        </Button>
      </div>
    </form>
  )
}

/** The grid of topics (rows) and channels (columns); placeholder rows until the settings arrive. */
function NotificationsTable({
  settings,
  onToggle,
  disabled = false,
}: {
  settings?: NotificationSettings
  onToggle?: (topic: NotificationTopic, channel: NotificationChannel, on: boolean) => void
  disabled?: boolean
}) {
  const { t } = useTranslation("profile")
  const columns: TableColumn<NotificationTopic>[] = [
    {
      key: "topic",
      header: t("notifications.topic"),
      rowHeader: true,
      cell: (topic) => (
        <span className="flex flex-col gap-0.5">
          <span>{t(`notifications.topics.${topic}.label`)}</span>
          <span className="text-sm font-normal text-muted-foreground">
            {t(`notifications.topics.${topic}.description`)}
          </span>
        </span>
      ),
    },
    ...NOTIFICATION_CHANNELS.map((channel): TableColumn<NotificationTopic> => ({
      key: channel,
      header: t(`notifications.channels.${channel}`),
      align: "center",
      width: "9rem",
      cell: (topic) => {
        const locked = isLocked(topic, channel)
        return (
          <Switch
            aria-label={t(`notifications.switchLabels.${channel}`, {
              topic: t(`notifications.topics.${topic}.label`),
            })}
            aria-describedby={locked ? LOCKED_ID : undefined}
            checked={locked || (settings?.[topic]?.[channel] ?? false)}
            disabled={locked || disabled}
            onCheckedChange={(on) => onToggle?.(topic, channel, on)}
            className="inline-flex align-middle"
          />
        )
      },
    })),
  ]
  return (
    <DataTable
      caption={t("notifications.caption")}
      captionHidden
      columns={columns}
      rows={NOTIFICATION_TOPICS}
      getRowId={(topic) => topic}
      loading={!settings}
      loadingRows={NOTIFICATION_TOPICS.length}
    />
  )
}

function withSecurityMail(settings: NotificationSettings): NotificationSettings {
  return { ...settings, security: { ...settings.security, email: true } }
}
