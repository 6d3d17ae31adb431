import { useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Badge,
  DataTable,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  EyeIcon,
  EyeOffIcon,
  IconButton,
  MoreIcon,
  UserIcon,
  type TableColumn,
} from "@manyhands/design-system"
import {
  MAX_SUBUSERS,
  proxyApi,
  type ProxyAccount,
  type Subuser,
  type SubuserList,
} from "@manyhands/contract/proxy"
import { ConfirmDialog } from "../../admin-lists"
import { NoticeRegion, actionsColumn, useMicroMoney, useRowDialog, type Notice } from "../../blocks"
import { ProxyCard } from "../shared/proxy-card"
import { ApiFailure, useShellServices } from "../../shell-context"
import { ProxyLayout } from "../proxy-layout"
import { failureText, useProxyFailure } from "../shared/proxy-failure"
import { CopyIconButton } from "../shared/copy-icon-button"
import { useSubuserList } from "../shared/subusers"
import { ChangeDialog } from "./change-dialog"
import { CreateSubuser } from "./create-subuser"
import { useBytes } from "../shared/bytes"

export interface ProxyUsersScreenProps {
  /** GET /api/v2/proxy/subusers. */
  proxySubusers?: SubuserList
  /** GET /api/v2/proxy/account: the traffic left per pool, for the pool choices. */
  proxyAccount?: ProxyAccount
}

/**
 * /proxy/users: the sub-users (the gateway's logins) with their passwords, pools, caps and use; a new one; and per
 * sub-user a change of pool or cap, pause or resume, a new password and deletion.
 */
export default function ProxyUsersScreen({ proxySubusers, proxyAccount }: ProxyUsersScreenProps) {
  const { t } = useTranslation("proxy-cabinet")
  const bytes = useBytes()
  const money = useMicroMoney()
  const { api, refresh } = useShellServices()
  const proxyFailure = useProxyFailure()
  const subusers = useSubuserList(proxySubusers?.subusers)
  const [notice, setNotice] = useState<Notice | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const changing = useRowDialog<Subuser>()
  const renewing = useRowDialog<Subuser>()
  const deleting = useRowDialog<Subuser>()

  const changed = (subuser: Subuser, text: string) => {
    subusers.put(subuser)
    setNotice({ tone: "success", text })
    void refresh(proxyApi.subusers.url())
  }
  /** The sub-user is gone already (another tab deleted it): it leaves the list, and the page says so. */
  const refused = (failure: ApiFailure, subuser: Subuser) => {
    if (failure.code === "SUBUSER_NOT_FOUND") subusers.remove(subuser.id)
    setNotice({ tone: "warning", text: failure.message })
    void refresh(proxyApi.subusers.url())
  }

  const pause = async (subuser: Subuser) => {
    setBusy(subuser.id)
    setNotice(null)
    try {
      const answer = await api.send<Subuser>("PATCH", proxyApi.changeSubuser.url({ id: subuser.id }), {
        paused: !subuser.paused,
      })
      changed(answer, t(answer.paused ? "users.paused" : "users.resumed", { name: answer.name }))
    } catch (error) {
      const failure = proxyFailure(error, { name: subuser.name })
      if (failure instanceof ApiFailure) refused(failure, subuser)
      else setNotice({ tone: "warning", text: failureText(failure, t("failed")) })
    } finally {
      setBusy(null)
    }
  }

  const list = subusers.list
  const columns: TableColumn<Subuser>[] = [
    {
      key: "name",
      header: t("users.columns.name"),
      rowHeader: true,
      cell: (subuser) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-medium">{subuser.name}</span>
          {subuser.paused ? (
            <Badge tone="warning" size="sm">
              {t("users.pausedBadge")}
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      key: "password",
      header: t("users.columns.password"),
      cell: (subuser) => <PasswordCell subuser={subuser} />,
    },
    { key: "pool", header: t("users.columns.pool"), cell: (subuser) => t(`pools.${subuser.pool}`) },
    {
      key: "cap",
      header: t("users.columns.cap"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (subuser) =>
        subuser.trafficCap === null && subuser.moneyCap === null ? (
          <span className="text-muted-foreground">{t("users.noCap")}</span>
        ) : (
          <span className="flex flex-col items-end">
            {subuser.trafficCap === null ? null : <span>{bytes(subuser.trafficCap)}</span>}
            {subuser.moneyCap === null || !proxyAccount ? null : (
              <span className="text-sm text-muted-foreground">
                {t("users.moneySpent", {
                  spent: money(subuser.spent, proxyAccount.currency),
                  cap: money(subuser.moneyCap, proxyAccount.currency),
                })}
              </span>
            )}
          </span>
        ),
    },
    {
      key: "used",
      header: t("users.columns.used"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (subuser) => bytes(subuser.used),
    },
    actionsColumn(t("users.columns.actions"), (subuser) => (
      <RowMenu
        subuser={subuser}
        busy={busy === subuser.id}
        onChange={(opener) => changing.open(subuser, opener)}
        onPause={() => void pause(subuser)}
        onNewPassword={(opener) => renewing.open(subuser, opener)}
        onDelete={(opener) => deleting.open(subuser, opener)}
      />
    )),
  ]

  return (
    <ProxyLayout page="users" title={t("users.title")} lead={t("users.lead")}>
      <NoticeRegion notice={notice} onDismiss={() => setNotice(null)} dismissLabel={t("dismiss")} />
      <CreateSubuser
        account={proxyAccount}
        count={list?.length}
        onCreated={(subuser) => {
          subusers.put(subuser)
          setNotice({ tone: "success", text: t("users.created", { name: subuser.name }) })
          void Promise.all([refresh(proxyApi.subusers.url()), refresh(proxyApi.account.url())])
        }}
      />
      <ProxyCard
        id="proxy-subusers"
        region={false}
        title={t("users.listTitle")}
        description={
          list ? t("users.listCount", { count: list.length, max: MAX_SUBUSERS }) : t("users.listDescription")
        }
      >
        <DataTable
          caption={t("users.listTitle")}
          captionHidden
          columns={columns}
          rows={list ?? []}
          getRowId={(subuser) => subuser.id}
          loading={list === undefined}
          loadingRows={3}
          size="sm"
          empty={{
            titleAs: "h3",
            icon: <UserIcon />,
            title: t("users.emptyTitle"),
            description: t("users.emptyText"),
          }}
        />
      </ProxyCard>
      <ChangeDialog
        dialog={changing}
        account={proxyAccount}
        onChanged={(subuser) => changed(subuser, t("users.changed", { name: subuser.name }))}
        onRefused={refused}
      />
      <ConfirmDialog
        dialog={renewing}
        title={(subuser) => t("users.newPassword.title", { name: subuser.name })}
        description={() => t("users.newPassword.text")}
        cancelLabel={t("cancel")}
        confirmLabel={t("users.newPassword.confirm")}
        confirm={async (subuser) => {
          try {
            return await api.send<Subuser>("PATCH", proxyApi.changeSubuser.url({ id: subuser.id }), {
              newPassword: true,
            })
          } catch (error) {
            throw proxyFailure(error, { name: subuser.name })
          }
        }}
        onConfirmed={(answer) => changed(answer, t("users.newPassword.done", { name: answer.name }))}
        ends={(failure) => failure.code === "SUBUSER_NOT_FOUND"}
        onRefused={refused}
        failedLabel={t("failed")}
      />
      <ConfirmDialog
        dialog={deleting}
        title={(subuser) => t("users.delete.title", { name: subuser.name })}
        description={() => t("users.delete.text")}
        cancelLabel={t("cancel")}
        confirmLabel={t("users.delete.confirm")}
        confirm={async (subuser) => {
          try {
            await api.send("DELETE", proxyApi.deleteSubuser.url({ id: subuser.id }))
          } catch (error) {
            throw proxyFailure(error, { name: subuser.name })
          }
        }}
        onConfirmed={(_answer, subuser) => {
          subusers.remove(subuser.id)
          setNotice({ tone: "success", text: t("users.delete.done", { name: subuser.name }) })
          void Promise.all([refresh(proxyApi.subusers.url()), refresh(proxyApi.account.url())])
        }}
        ends={(failure) => failure.code === "SUBUSER_NOT_FOUND"}
        onRefused={refused}
        failedLabel={t("failed")}
      />
    </ProxyLayout>
  )
}

/** The password hidden until asked for, and a button that copies it either way. */
function PasswordCell({ subuser }: { subuser: Subuser }) {
  const { t } = useTranslation("proxy-cabinet")
  const [shown, setShown] = useState(false)
  return (
    <span className="flex items-center gap-2">
      <span className="min-w-[16ch] font-mono text-sm">
        {shown ? (
          subuser.password
        ) : (
          <>
            <span aria-hidden="true">••••••••••••</span>
            <span className="sr-only">{t("users.passwordHidden")}</span>
          </>
        )}
      </span>
      <IconButton
        label={t(shown ? "users.hidePassword" : "users.showPassword", { name: subuser.name })}
        icon={shown ? <EyeOffIcon /> : <EyeIcon />}
        aria-pressed={shown}
        onClick={() => setShown(!shown)}
      />
      <CopyIconButton value={subuser.password} label={t("users.copyPassword", { name: subuser.name })} />
    </span>
  )
}

/** A row's actions behind one button: change, pause or resume, new password, delete. */
function RowMenu({
  subuser,
  busy,
  onChange,
  onPause,
  onNewPassword,
  onDelete,
}: {
  subuser: Subuser
  busy: boolean
  onChange: (opener: HTMLElement) => void
  onPause: () => void
  onNewPassword: (opener: HTMLElement) => void
  onDelete: (opener: HTMLElement) => void
}) {
  const { t } = useTranslation("proxy-cabinet")
  const trigger = useRef<HTMLButtonElement>(null)
  const opener = () => trigger.current!
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <IconButton
          ref={trigger}
          variant="secondary"
          loading={busy}
          label={t("users.actionsOf", { name: subuser.name })}
          icon={<MoreIcon />}
          tooltip={false}
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onChange(opener())}>{t("users.change")}</DropdownMenuItem>
        <DropdownMenuItem onSelect={onPause}>
          {t(subuser.paused ? "users.resume" : "users.pause")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onNewPassword(opener())}>
          {t("users.newPassword.action")}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(opener())}>
          {t("users.delete.action")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
