import { useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import {
  Badge,
  Button,
  Card,
  CardBody,
  Field,
  SearchIcon,
  Select,
  TextInput,
  useFormatter,
  type EmptyStateProps,
  type TableColumn,
} from "@manyhands/design-system"
import { opsAuditApi, type AuditEntry } from "@manyhands/contract/ops-audit"
import type { Page } from "@manyhands/contract"
import { PagedListSection, useAddressFilters, type FilterParams } from "../blocks"
import { useApi, withQueryString } from "../api"
import { OpsLayout } from "./ops-layout"

/** A Select's value for "every action" ("" is the design system's Select placeholder). */
const ALL = "all"
const ID = /^[1-9][0-9]{0,17}$/
const DAY = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/

interface Filters {
  action: string
  actorId: string
  subjectUserId: string
  from: string
  to: string
}

const matching = (value: string | null, pattern: RegExp) => (value && pattern.test(value) ? value : "")

/** The filters in the address, in the order the audit API takes them; anything malformed is left out. */
const FILTER_PARAMS: FilterParams<Filters> = {
  names: ["action", "actorId", "subjectUserId", "from", "to"],
  read: (params) => ({
    action: matching(params.get("action"), /^[a-z][a-z_.]*$/),
    actorId: matching(params.get("actorId"), ID),
    subjectUserId: matching(params.get("subjectUserId"), ID),
    from: matching(params.get("from"), DAY),
    to: matching(params.get("to"), DAY),
  }),
  write: (filters) => ({ ...filters }),
}

export type AuditPage = Page<AuditEntry> & { actions: string[] }

export interface AuditScreenProps {
  /** GET /api/v2/admin/audit without filters, preloaded by the route. */
  adminAudit?: AuditPage
}

/** The details of a row as short "key: value" lines. */
function DetailLines({ details }: { details: Record<string, unknown> }) {
  const entries = Object.entries(details)
  if (entries.length === 0) return null
  return (
    <dl className="flex flex-col gap-0.5 text-xs text-muted-foreground">
      {entries.map(([key, value]) => (
        <div key={key} className="flex flex-wrap gap-1">
          <dt className="font-medium">{key}:</dt>
          <dd className="font-mono break-all">{typeof value === "string" ? value : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * /admin/audit: every action of staff, newest first: who, when, under which role, what on which target, why and the
 * details; filtered by action, actor, the user concerned and a range of days (UTC), kept in the address.
 */
export default function AuditScreen({ adminAudit }: AuditScreenProps) {
  const { t } = useTranslation("ops-console")
  const format = useFormatter()
  const { filters, page, query, change, setPage, reset } = useAddressFilters(FILTER_PARAMS)
  const list = useApi<AuditPage>(withQueryString(opsAuditApi.list.url(), query), {
    initial: query === "" ? adminAudit : undefined,
  })
  const actions = list.data?.actions ?? adminAudit?.actions ?? []
  const [draft, setDraft] = useState(filters)
  const [draftQuery, setDraftQuery] = useState(query)
  // The address changed (a reset, the Back button): the fields show it again.
  if (draftQuery !== query) {
    setDraftQuery(query)
    setDraft(filters)
  }
  const apply = (event: FormEvent) => {
    event.preventDefault()
    change({
      actorId: matching(draft.actorId.trim(), ID),
      subjectUserId: matching(draft.subjectUserId.trim(), ID),
      from: matching(draft.from, DAY),
      to: matching(draft.to, DAY),
    })
  }

  const person = (email: string | null, id: string | null) =>
    email ?? (id ? t("audit.userId", { id }) : t("audit.deleted"))

  const columns: TableColumn<AuditEntry>[] = [
    {
      key: "at",
      header: t("audit.columns.at"),
      rowHeader: true,
      cell: (entry) => <span className="@min-[40rem]:whitespace-nowrap">{format.dateTime(entry.at)}</span>,
    },
    {
      key: "actor",
      header: t("audit.columns.actor"),
      cell: (entry) => (
        <span className="flex flex-col items-start gap-1">
          <span className="break-all">{person(entry.actorEmail, entry.actorId)}</span>
          <Badge size="sm" tone={entry.actorRole === "admin" ? "info" : "neutral"}>
            {t(`audit.roles.${entry.actorRole}`)}
          </Badge>
        </span>
      ),
    },
    {
      key: "action",
      header: t("audit.columns.action"),
      cell: (entry) => (
        <span className="flex flex-col gap-0.5">
          <code className="font-mono text-sm">{entry.action}</code>
          <span className="text-sm text-muted-foreground">
            {entry.targetId
              ? t("audit.target", { kind: entry.targetKind, id: entry.targetId })
              : entry.targetKind}
          </span>
          {entry.subjectUserId ? (
            <span className="text-sm break-all">
              {t("audit.subject", { user: person(entry.subjectEmail, entry.subjectUserId) })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: "reason",
      header: t("audit.columns.reason"),
      cell: (entry) =>
        entry.reason ? (
          <span className="break-words">{entry.reason}</span>
        ) : (
          <span className="text-muted-foreground">{t("audit.noReason")}</span>
        ),
    },
    {
      key: "details",
      header: t("audit.columns.details"),
      cell: (entry) => <DetailLines details={entry.details} />,
    },
  ]

  const filtered = Object.values(filters).some(Boolean)
  const empty: EmptyStateProps = filtered
    ? {
        icon: <SearchIcon />,
        title: t("audit.empty.filtered.title"),
        description: t("audit.empty.filtered.text"),
        action: (
          <Button variant="secondary" onClick={reset}>
            {t("audit.filter.reset")}
          </Button>
        ),
      }
    : { title: t("audit.empty.none.title"), description: t("audit.empty.none.text") }

  return (
    <OpsLayout titleId="ops-audit-title" title={t("audit.title")} lead={t("audit.lead")}>
      <Card>
        <CardBody>
          <form
            role="search"
            aria-label={t("audit.filter.label")}
            onSubmit={apply}
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          >
            <Field label={t("audit.filter.action")}>
              <Select
                name="action"
                value={filters.action || ALL}
                onValueChange={(value) => change({ action: value === ALL ? "" : value })}
                options={[
                  { value: ALL, label: t("audit.filter.allActions") },
                  ...actions.map((value) => ({ value, label: value })),
                ]}
              />
            </Field>
            <Field label={t("audit.filter.actor")} hint={t("audit.filter.idHint")}>
              <TextInput
                name="actorId"
                inputMode="numeric"
                value={draft.actorId}
                onChange={(event) => setDraft({ ...draft, actorId: event.target.value })}
              />
            </Field>
            <Field label={t("audit.filter.subject")} hint={t("audit.filter.idHint")}>
              <TextInput
                name="subjectUserId"
                inputMode="numeric"
                value={draft.subjectUserId}
                onChange={(event) => setDraft({ ...draft, subjectUserId: event.target.value })}
              />
            </Field>
            <Field label={t("audit.filter.from")}>
              <TextInput
                type="date"
                name="from"
                value={draft.from}
                onChange={(event) => setDraft({ ...draft, from: event.target.value })}
              />
            </Field>
            <Field label={t("audit.filter.to")}>
              <TextInput
                type="date"
                name="to"
                value={draft.to}
                onChange={(event) => setDraft({ ...draft, to: event.target.value })}
              />
            </Field>
            <div className="flex items-end gap-2">
              <Button type="submit">{t("audit.filter.apply")}</Button>
              {filtered ? (
                <Button type="button" variant="tertiary" onClick={reset}>
                  {t("audit.filter.reset")}
                </Button>
              ) : null}
            </div>
          </form>
        </CardBody>
      </Card>
      <PagedListSection
        region
        title={t("audit.listTitle")}
        status={{
          range: (shown) => t("audit.range", shown),
          loading: t("audit.loading"),
          live: true,
        }}
        list={list}
        page={page}
        onPageChange={setPage}
        labels={{ error: t("audit.error"), retry: t("audit.retry"), pagination: t("audit.pagination") }}
        errorHeading="h2"
        caption={t("audit.caption")}
        columns={columns}
        empty={empty}
      />
    </OpsLayout>
  )
}
