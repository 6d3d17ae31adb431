import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Alert, Badge, Button, DataTable, useFormatter, type TableColumn } from "@manyhands/design-system"
import { FormError } from "../../forms"
import { ApiFailure, useShellServices } from "../../shell-context"
import { ProfileCard } from "../profile-card"
import type { ResponseOf } from "@manyhands/contract"
import { profileApi, type ProfileSession, type SessionsData } from "@manyhands/contract/accounts"
import { deviceName } from "./user-agent"

type Notice = { kind: "ended" } | { kind: "endedOthers"; count: number }

/** Where the account is signed in: end one session, or every one but this browser's. */
export function SessionsSection({ sessions }: { sessions?: SessionsData }) {
  const { t } = useTranslation("profile")
  const format = useFormatter()
  const { api, refresh, goTo } = useShellServices()
  // Sessions ended from this page disappear at once; the list from the server follows after `refresh`.
  const [ended, setEnded] = useState<string[]>([])
  const [busy, setBusy] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  const rows = sessions?.sessions.filter((session) => !ended.includes(session.id))
  const others = rows?.filter((session) => !session.current) ?? []

  const device = (session: ProfileSession) => {
    const { browser, os } = deviceName(session.userAgent)
    if (browser && os) return t("sessions.deviceOn", { browser, os })
    return browser ?? os ?? t("sessions.unknownDevice")
  }

  /** Runs one change of the list, one at a time, with its failure shown above the table. */
  const run = async (key: string, action: () => Promise<void>) => {
    setBusy(key)
    setFailure(null)
    setNotice(null)
    try {
      await action()
    } catch (error) {
      setFailure(error instanceof ApiFailure ? error.message : String(error))
    } finally {
      setBusy(null)
    }
  }

  const end = (session: ProfileSession) =>
    run(session.id, async () => {
      try {
        await api.send("DELETE", profileApi.endSession.url({ id: session.id }))
      } catch (error) {
        // Already gone: the list was out of date, which is what the user wanted anyway.
        if (!(error instanceof ApiFailure && error.code === "SESSION_NOT_FOUND")) throw error
      }
      // Ending this browser's own session signs it out: a full load of the home page.
      if (session.current) return goTo("/")
      setEnded((current) => [...current, session.id])
      setNotice({ kind: "ended" })
      await refresh(profileApi.sessions.url())
    })

  const endOthers = () =>
    run("others", async () => {
      const answer = await api.send<ResponseOf<typeof profileApi.endOtherSessions>>(
        "POST",
        profileApi.endOtherSessions.url(),
      )
      setEnded((current) => [...current, ...others.map((session) => session.id)])
      setNotice({ kind: "endedOthers", count: answer.ended })
      await refresh(profileApi.sessions.url())
    })

  const columns: TableColumn<ProfileSession>[] = [
    {
      key: "device",
      header: t("sessions.device"),
      rowHeader: true,
      cell: (session) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          <span>{device(session)}</span>
          {session.current ? (
            <Badge tone="info" size="sm">
              {t("sessions.thisDevice")}
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      key: "ip",
      header: t("sessions.ip"),
      cell: (session) => (
        <span className="font-mono text-[0.8125rem]">{session.ip ?? t("sessions.unknownIp")}</span>
      ),
    },
    {
      key: "createdAt",
      header: t("sessions.started"),
      cell: (session) => format.dateTime(session.createdAt),
    },
    {
      key: "lastSeenAt",
      header: t("sessions.lastActive"),
      cell: (session) => format.dateTime(session.lastSeenAt),
    },
    {
      key: "actions",
      header: t("sessions.actions"),
      align: "end",
      cell: (session) => (
        <Button
          variant="service"
          disabled={busy !== null}
          loading={busy === session.id}
          aria-label={
            session.current
              ? t("sessions.signOutLabel")
              : t("sessions.endLabel", { device: device(session), date: format.dateTime(session.createdAt) })
          }
          onClick={() => void end(session)}
        >
          {session.current ? t("sessions.signOut") : t("sessions.end")}
        </Button>
      ),
    },
  ]

  return (
    <ProfileCard id="sessions-title" title={t("sessions.title")} description={t("sessions.description")}>
      <FormError message={failure} />
      {notice ? (
        <Alert tone="success">
          {notice.kind === "ended" ? t("sessions.ended") : t("sessions.endedOthers", { count: notice.count })}
        </Alert>
      ) : null}
      <DataTable
        caption={t("sessions.caption")}
        captionHidden
        columns={columns}
        rows={rows ?? []}
        loading={!rows}
        loadingRows={2}
        empty={{ title: t("sessions.empty"), titleAs: "h3" }}
      />
      {rows ? (
        others.length > 0 ? (
          <div>
            <Button
              variant="secondary"
              disabled={busy !== null}
              loading={busy === "others"}
              onClick={() => void endOthers()}
            >
              {t("sessions.endOthers")}
            </Button>
          </div>
        ) : (
          <p className="text-muted-foreground">{t("sessions.noOthers")}</p>
        )
      ) : null}
    </ProfileCard>
  )
}
