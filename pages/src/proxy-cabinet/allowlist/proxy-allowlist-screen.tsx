import { useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Field,
  GlobeIcon,
  Select,
  SkeletonGroup,
  SkeletonText,
  TextInput,
  UserIcon,
  useFormatter,
} from "@manyhands/design-system"
import {
  MAX_ALLOWLIST,
  proxyApi,
  type NewAllowed,
  type Subuser,
  type SubuserList,
} from "@manyhands/contract/proxy"
import { InlineCode, LinkButton, NoticeRegion, type Notice } from "../../blocks"
import { ProxyCard } from "../shared/proxy-card"
import { FormError, useForm, type FieldErrors } from "../../forms"
import { ApiFailure, useShellServices } from "../../shell-context"
import { PROXY_PAGES, ProxyLayout } from "../proxy-layout"
import { failureText, useProxyFailure } from "../shared/proxy-failure"
import { useSubuserList } from "../shared/subusers"
import { WIDEST, checkAddress } from "./address-check"

export interface ProxyAllowlistScreenProps {
  /** GET /api/v2/proxy/subusers: each sub-user with its allow-list. */
  proxySubusers?: SubuserList
}

interface AllowValues {
  subuser: string
  cidr: string
  note: string
}

const NOTE_MAX = 100

/**
 * /proxy/ip-whitelist: per sub-user the addresses and ranges that connect without a password, an entry added (checked
 * roughly here, refused with the server's reason there) and entries removed.
 */
export default function ProxyAllowlistScreen({ proxySubusers }: ProxyAllowlistScreenProps) {
  const { t } = useTranslation("proxy-cabinet")
  const { refresh } = useShellServices()
  const subusers = useSubuserList(proxySubusers?.subusers)
  const [notice, setNotice] = useState<Notice | null>(null)
  const list = subusers.list

  const changed = (subuser: Subuser, text: string) => {
    subusers.put(subuser)
    setNotice({ tone: "success", text })
    void refresh(proxyApi.subusers.url())
  }

  return (
    <ProxyLayout page="allowlist" title={t("allowlist.title")} lead={t("allowlist.lead")}>
      <Alert tone="info" role="note" title={t("allowlist.howTitle")}>
        <Trans t={t} i18nKey="allowlist.how" components={{ code: <InlineCode /> }} />
      </Alert>
      <NoticeRegion notice={notice} onDismiss={() => setNotice(null)} dismissLabel={t("dismiss")} />
      {list === undefined ? (
        <SkeletonGroup>
          <SkeletonText lines={6} />
        </SkeletonGroup>
      ) : list.length === 0 ? (
        <EmptyState
          variant="dashed"
          titleAs="h2"
          icon={<UserIcon />}
          title={t("allowlist.noSubusers")}
          description={t("allowlist.noSubusersText")}
          action={<LinkButton to={PROXY_PAGES.users.href}>{t("allowlist.createSubuser")}</LinkButton>}
        />
      ) : (
        <>
          <AddForm
            subusers={list}
            onAdded={(subuser, cidr) => changed(subuser, t("allowlist.added", { cidr, name: subuser.name }))}
          />
          {list.map((subuser) => (
            <SubuserEntries
              key={subuser.id}
              subuser={subuser}
              onRemoved={(answer, cidr) =>
                changed(answer, t("allowlist.removed", { cidr, name: answer.name }))
              }
              onRefused={(failure) => {
                if (failure.code === "SUBUSER_NOT_FOUND") subusers.remove(subuser.id)
                setNotice({ tone: "warning", text: failure.message })
                void refresh(proxyApi.subusers.url())
              }}
            />
          ))}
        </>
      )}
    </ProxyLayout>
  )
}

function AddForm({
  subusers,
  onAdded,
}: {
  subusers: Subuser[]
  onAdded: (subuser: Subuser, cidr: string) => void
}) {
  const { t } = useTranslation("proxy-cabinet")
  const { api } = useShellServices()
  const proxyFailure = useProxyFailure()
  const form = useForm<AllowValues>({
    initial: { subuser: subusers[0]!.id, cidr: "", note: "" },
    validate: (values) => {
      const errors: FieldErrors<AllowValues> = {}
      const check = checkAddress(values.cidr)
      if (!check.ok)
        errors.cidr = t(`allowlist.problems.${check.problem}${check.suggestion ? "Suggest" : ""}`, {
          suggestion: check.suggestion,
          v4: WIDEST[4],
          v6: WIDEST[6],
        })
      if (values.note.length > NOTE_MAX) errors.note = t("allowlist.noteTooLong", { max: NOTE_MAX })
      return errors
    },
    submit: async (values) => {
      const check = checkAddress(values.cidr)
      const cidr = check.ok ? check.value : values.cidr.trim()
      const note = values.note.trim()
      const body: NewAllowed = { cidr, ...(note ? { note } : {}) }
      const owner = subusers.find((item) => item.id === values.subuser)
      let answer: Subuser
      try {
        answer = await api.send<Subuser>("POST", proxyApi.allow.url({ id: values.subuser }), body)
      } catch (error) {
        throw proxyFailure(
          error,
          { cidr, name: owner?.name ?? "", max: MAX_ALLOWLIST, v4: WIDEST[4], v6: WIDEST[6] },
          { ADDRESS_INVALID: "cidr", RANGE_TOO_WIDE: "cidr", ADDRESS_TAKEN: "cidr" },
        )
      }
      form.reset({ ...values, cidr: "", note: "" })
      onAdded(answer, answer.allowlist[answer.allowlist.length - 1]?.cidr ?? cidr)
    },
  })
  return (
    <ProxyCard
      id="proxy-allow-add"
      title={t("allowlist.add.title")}
      description={t("allowlist.add.description")}
    >
      <form method="post" className="flex flex-col gap-4" onSubmit={form.onSubmit} noValidate>
        <div className="grid gap-4 md:grid-cols-3">
          <Field label={t("allowlist.add.subuser")} {...form.field("subuser")}>
            <Select
              value={form.values.subuser}
              onValueChange={(value) => form.set("subuser", value)}
              options={subusers.map((item) => ({ value: item.id, label: item.name }))}
            />
          </Field>
          <Field label={t("allowlist.add.cidr")} hint={t("allowlist.add.cidrHint")} {...form.field("cidr")}>
            <TextInput
              placeholder="203.0.113.0/24"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={49}
              className="font-mono"
              {...form.input("cidr")}
            />
          </Field>
          <Field label={t("allowlist.add.note")} hint={t("allowlist.add.noteHint")} {...form.field("note")}>
            <TextInput maxLength={NOTE_MAX} autoComplete="off" {...form.input("note")} />
          </Field>
        </div>
        <FormError message={form.formError} />
        <div>
          <Button type="submit" loading={form.submitting} disabled={form.submitting}>
            {t("allowlist.add.submit")}
          </Button>
        </div>
      </form>
    </ProxyCard>
  )
}

function SubuserEntries({
  subuser,
  onRemoved,
  onRefused,
}: {
  subuser: Subuser
  onRemoved: (subuser: Subuser, cidr: string) => void
  onRefused: (failure: ApiFailure) => void
}) {
  const { t } = useTranslation("proxy-cabinet")
  const format = useFormatter()
  const { api } = useShellServices()
  const proxyFailure = useProxyFailure()
  const [busy, setBusy] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const headingId = `proxy-allow-${subuser.id}`

  const remove = async (entry: Subuser["allowlist"][number]) => {
    setBusy(entry.id)
    setFailure(null)
    try {
      const answer = await api.send<Subuser>(
        "DELETE",
        proxyApi.disallow.url({ id: subuser.id, entry: entry.id }),
      )
      onRemoved(answer, entry.cidr)
      // The entry and its button are gone: the focus goes to the sub-user's heading, where the list is.
      document.getElementById(headingId)?.focus()
    } catch (error) {
      const refusal = proxyFailure(error, { cidr: entry.cidr, name: subuser.name })
      if (
        refusal instanceof ApiFailure &&
        (refusal.code === "SUBUSER_NOT_FOUND" || refusal.code === "ENTRY_NOT_FOUND")
      )
        onRefused(refusal)
      else setFailure(failureText(refusal, t("failed")))
    } finally {
      setBusy(null)
    }
  }

  return (
    <ProxyCard
      id={headingId}
      focusableTitle
      title={<span className="font-mono">{subuser.name}</span>}
      description={t("allowlist.count", { count: subuser.allowlist.length, max: MAX_ALLOWLIST })}
      action={
        subuser.paused ? (
          <Badge tone="warning" size="sm">
            {t("users.pausedBadge")}
          </Badge>
        ) : undefined
      }
    >
      <FormError message={failure} />
      {subuser.allowlist.length === 0 ? (
        <EmptyState
          size="sm"
          variant="dashed"
          icon={<GlobeIcon />}
          titleAs="h3"
          title={t("allowlist.emptyTitle")}
          description={t("allowlist.emptyText")}
        />
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
          {subuser.allowlist.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="font-mono text-sm break-all">{entry.cidr}</span>
                <span className="text-sm text-muted-foreground">
                  {entry.note
                    ? t("allowlist.entryWithNote", {
                        note: entry.note,
                        date: format.date(entry.createdAt, "medium"),
                      })
                    : t("allowlist.entry", { date: format.date(entry.createdAt, "medium") })}
                </span>
              </span>
              <Button
                variant="service"
                aria-label={t("allowlist.removeLabel", { cidr: entry.cidr, name: subuser.name })}
                loading={busy === entry.id}
                disabled={busy !== null}
                onClick={() => void remove(entry)}
              >
                {t("allowlist.remove")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </ProxyCard>
  )
}
