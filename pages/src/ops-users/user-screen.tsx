import { useRef, useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  Button,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  KeyValueItem,
  KeyValueList,
  SkeletonText,
  DataTable,
  useFormatter,
  type TableColumn,
} from "@manyhands/design-system"
import { opsUsersApi, type UserDetail } from "@manyhands/contract/ops-users"
import { NoticeRegion, useMicroMoney, type Notice } from "../blocks"
import { useApi } from "../api"
import { useShellServices } from "../shell-context"
import { OpsLayout } from "../ops-console/ops-layout"
import { ActionDialog, type ActionOutcome, type UserAction } from "./action-dialog"
import { isBanned, UserBadges } from "./user-parts"

export interface UserScreenProps {
  /** GET /api/v2/admin/users/:id, preloaded by the route; undefined while it loads. */
  adminUser?: UserDetail
  /** The adjustment dialog's idempotency keys (stories fix them). */
  newKey?: () => string
}

type Row<K extends keyof UserDetail> = UserDetail[K] extends (infer R)[] ? R : never

/** One part of the page: a card with its heading and a table, or a line when there is nothing. */
function Part<T>({
  id,
  title,
  rows,
  columns,
  empty,
}: {
  id: string
  title: string
  rows: readonly T[]
  columns: TableColumn<T>[]
  empty: string
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" id={id}>
          {title}
        </CardTitle>
      </CardHeader>
      <CardBody>
        {rows.length === 0 ? (
          <p className="text-muted-foreground">{empty}</p>
        ) : (
          <DataTable caption={title} captionHidden size="sm" columns={columns} rows={rows} />
        )}
      </CardBody>
    </Card>
  )
}

const mono = (text: ReactNode) => <span className="font-mono text-sm break-all">{text}</span>

/**
 * /admin/users/:id: one account for administrators — type, roles, ban, balances from the ledger, recent tasks,
 * payments, payouts, live sessions and sign-ins — and the actions on it, each in a dialog that asks for its reason.
 */
export default function UserScreen({ adminUser, newKey }: UserScreenProps) {
  const { t } = useTranslation("ops-users")
  const format = useFormatter()
  const money = useMicroMoney()
  const { user: me } = useShellServices()
  const detailApi = useApi<UserDetail>(adminUser ? opsUsersApi.detail.url({ id: adminUser.user.id }) : null, {
    initial: adminUser,
  })
  const detail = detailApi.data ?? adminUser
  const [action, setAction] = useState<UserAction | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)

  if (!detail)
    return (
      <OpsLayout titleId="ops-user-title" title={t("user.loading")}>
        <SkeletonText lines={6} />
      </OpsLayout>
    )

  const user = detail.user
  const banned = isBanned(user)
  const open = (next: UserAction, button: HTMLElement) => {
    opener.current = button
    setAction(next)
  }
  const done = ({ detail: next, message }: ActionOutcome) => {
    setAction(null)
    setNotice({ tone: "success", text: message })
    if (next) void detailApi.mutate(next, false)
    else detailApi.retry()
    requestAnimationFrame(() => heading.current?.focus())
  }

  const when = (value: string) => (
    <span className="@min-[40rem]:whitespace-nowrap">{format.dateTime(value)}</span>
  )

  return (
    <OpsLayout
      titleId="ops-user-title"
      title={
        <span ref={heading} tabIndex={-1} className="outline-none">
          {user.email}
        </span>
      }
      lead={<UserBadges user={user} />}
    >
      <NoticeRegion notice={notice} onDismiss={() => setNotice(null)} dismissLabel={t("user.dismiss")} />
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t("user.actions")}</CardTitle>
        </CardHeader>
        <CardBody className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={(event) => open("roles", event.currentTarget)}>
            {t("actions.roles.button")}
          </Button>
          {banned ? (
            <Button variant="secondary" onClick={(event) => open("unban", event.currentTarget)}>
              {t("actions.unban.button")}
            </Button>
          ) : (
            <Button
              variant="primary-danger"
              onClick={(event) => open("ban", event.currentTarget)}
              disabled={me?.id === user.id}
            >
              {t("actions.ban.button")}
            </Button>
          )}
          <Button variant="secondary" onClick={(event) => open("endSessions", event.currentTarget)}>
            {t("actions.endSessions.button")}
          </Button>
          {detail.twoFactor ? (
            <Button variant="secondary" onClick={(event) => open("resetTwoFactor", event.currentTarget)}>
              {t("actions.resetTwoFactor.button")}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={(event) => open("adjust", event.currentTarget)}>
            {t("actions.adjust.button")}
          </Button>
        </CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t("user.account")}</CardTitle>
        </CardHeader>
        <CardBody>
          <KeyValueList>
            <KeyValueItem label={t("user.id")}>{mono(user.id)}</KeyValueItem>
            <KeyValueItem label={t("user.type")}>{t(`types.${user.userType ?? "none"}`)}</KeyValueItem>
            <KeyValueItem label={t("user.roles")}>
              {user.roles.length
                ? user.roles.map((role) => t(`roles.${role}`)).join(", ")
                : t("user.noRoles")}
            </KeyValueItem>
            <KeyValueItem label={t("user.createdAt")}>{format.dateTime(user.createdAt)}</KeyValueItem>
            <KeyValueItem label={t("user.lastLoginAt")}>
              {user.lastLoginAt ? format.dateTime(user.lastLoginAt) : t("search.never")}
            </KeyValueItem>
            <KeyValueItem label={t("user.emailConfirmed")}>
              {t(detail.emailConfirmed ? "user.yes" : "user.no")}
            </KeyValueItem>
            <KeyValueItem label={t("user.twoFactor")}>
              {t(detail.twoFactor ? "user.on" : "user.off")}
            </KeyValueItem>
            <KeyValueItem label={t("user.apiKey")}>
              {user.apiKeyPrefix || detail.apiKeyHint
                ? mono(`${user.apiKeyPrefix ?? "????????"}…${detail.apiKeyHint ?? "????"}`)
                : t("user.noKey")}
            </KeyValueItem>
            <KeyValueItem label={t("user.language")}>{detail.interfaceLanguage}</KeyValueItem>
          </KeyValueList>
        </CardBody>
      </Card>
      <Part
        id="ops-user-balances"
        title={t("user.balances.title")}
        rows={detail.balances}
        empty={t("user.balances.none")}
        columns={
          [
            {
              key: "purpose",
              header: t("user.balances.account"),
              rowHeader: true,
              cell: (b) => t(`accounts.${b.purpose}`, { defaultValue: b.purpose }),
            },
            {
              key: "posted",
              header: t("user.balances.posted"),
              align: "numeric",
              cell: (b) => money(b.posted, b.currency),
            },
            {
              key: "available",
              header: t("user.balances.available"),
              align: "numeric",
              cell: (b) => money(b.available, b.currency),
            },
          ] satisfies TableColumn<Row<"balances">>[]
        }
      />
      <Part
        id="ops-user-bans"
        title={t("user.bans.title")}
        rows={detail.bans}
        empty={t("user.bans.none")}
        columns={
          [
            {
              key: "createdAt",
              header: t("user.bans.createdAt"),
              rowHeader: true,
              cell: (b) => when(b.createdAt),
            },
            {
              key: "reason",
              header: t("user.bans.reason"),
              cell: (b) => (
                <span className="flex flex-col gap-0.5">
                  <span className="break-words">{b.reason}</span>
                  {b.bannedBy ? (
                    <span className="text-sm text-muted-foreground">
                      {t("user.bans.by", { email: b.bannedBy })}
                    </span>
                  ) : null}
                </span>
              ),
            },
            {
              key: "expiresAt",
              header: t("user.bans.expiresAt"),
              cell: (b) => (b.expiresAt ? when(b.expiresAt) : t("ban.forever")),
            },
            {
              key: "liftedAt",
              header: t("user.bans.lifted"),
              cell: (b) =>
                b.liftedAt ? (
                  <span className="flex flex-col gap-0.5">
                    {when(b.liftedAt)}
                    <span className="text-sm text-muted-foreground break-words">
                      {t("user.bans.liftedBy", { email: b.liftedBy ?? "—", reason: b.liftReason ?? "" })}
                    </span>
                  </span>
                ) : (
                  "—"
                ),
            },
          ] satisfies TableColumn<Row<"bans">>[]
        }
      />
      <Part
        id="ops-user-tasks"
        title={t("user.tasks.title")}
        rows={detail.tasks}
        empty={t("user.tasks.none")}
        columns={
          [
            { key: "id", header: t("user.tasks.id"), rowHeader: true, cell: (task) => mono(task.id) },
            { key: "type", header: t("user.tasks.type") },
            { key: "state", header: t("user.tasks.state") },
            {
              key: "charged",
              header: t("user.tasks.charged"),
              align: "numeric",
              cell: (task) => money(task.charged, task.currency),
            },
            { key: "createdAt", header: t("user.tasks.createdAt"), cell: (task) => when(task.createdAt) },
          ] satisfies TableColumn<Row<"tasks">>[]
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Part
          id="ops-user-payments"
          title={t("user.payments.title")}
          rows={detail.payments}
          empty={t("user.payments.none")}
          columns={
            [
              {
                key: "createdAt",
                header: t("user.payments.createdAt"),
                rowHeader: true,
                cell: (p) => when(p.createdAt),
              },
              { key: "provider", header: t("user.payments.provider") },
              {
                key: "amount",
                header: t("user.payments.amount"),
                align: "numeric",
                cell: (p) => money(p.amount, p.currency),
              },
              { key: "status", header: t("user.payments.status") },
            ] satisfies TableColumn<Row<"payments">>[]
          }
        />
        <Part
          id="ops-user-payouts"
          title={t("user.payouts.title")}
          rows={detail.payouts}
          empty={t("user.payouts.none")}
          columns={
            [
              {
                key: "createdAt",
                header: t("user.payouts.createdAt"),
                rowHeader: true,
                cell: (p) => when(p.createdAt),
              },
              { key: "method", header: t("user.payouts.method") },
              {
                key: "amount",
                header: t("user.payouts.amount"),
                align: "numeric",
                cell: (p) => money(p.amount, "USD"),
              },
              { key: "status", header: t("user.payouts.status") },
            ] satisfies TableColumn<Row<"payouts">>[]
          }
        />
      </div>
      <Part
        id="ops-user-sessions"
        title={t("user.sessions.title")}
        rows={detail.sessions}
        empty={t("user.sessions.none")}
        columns={
          [
            {
              key: "lastSeenAt",
              header: t("user.sessions.lastSeenAt"),
              rowHeader: true,
              cell: (s) => when(s.lastSeenAt),
            },
            { key: "ip", header: t("user.sessions.ip"), cell: (s) => mono(s.ip ?? "—") },
            {
              key: "userAgent",
              header: t("user.sessions.userAgent"),
              cell: (s) => <span className="text-sm break-all">{s.userAgent ?? "—"}</span>,
            },
            { key: "createdAt", header: t("user.sessions.createdAt"), cell: (s) => when(s.createdAt) },
          ] satisfies TableColumn<Row<"sessions">>[]
        }
      />
      <Part
        id="ops-user-logins"
        title={t("user.logins.title")}
        rows={detail.logins}
        empty={t("user.logins.none")}
        columns={
          [
            { key: "at", header: t("user.logins.at"), rowHeader: true, cell: (e) => when(e.at) },
            { key: "kind", header: t("user.logins.kind"), cell: (e) => mono(e.kind) },
            { key: "ip", header: t("user.logins.ip"), cell: (e) => mono(e.ip ?? "—") },
            {
              key: "userAgent",
              header: t("user.logins.userAgent"),
              cell: (e) => <span className="text-sm break-all">{e.userAgent ?? "—"}</span>,
            },
          ] satisfies TableColumn<Row<"logins">>[]
        }
      />
      <ActionDialog
        action={action}
        detail={detail}
        newKey={newKey}
        onClose={() => {
          setAction(null)
          requestAnimationFrame(() => opener.current?.focus())
        }}
        onDone={done}
      />
    </OpsLayout>
  )
}
