import { useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import {
  Button,
  Card,
  CardBody,
  Checkbox,
  Field,
  SearchIcon,
  Select,
  TextInput,
  type TableColumn,
} from "@manyhands/design-system"
import type { Page } from "@manyhands/contract"
import {
  WORKER_STATUS_FILTERS,
  moderationApi,
  type WorkerStatusFilter,
  type WorkerTypeStanding,
} from "@manyhands/contract/ops-moderation"
import { CABINET_TYPES } from "@manyhands/contract/worker"
import { useApi } from "../api"
import { PagedListSection, oneOf, useAddressFilters } from "../blocks"
import { ModerationLayout } from "./moderation-layout"
import { AccuracyCell, ReportsCell, StandingState } from "./standing-parts"

export interface WorkersScreenProps {
  /** GET /api/v2/moderation/workers without filters, preloaded by the route. */
  moderationWorkers?: Page<WorkerTypeStanding>
}

const ALL = "all"

interface Filters {
  type: string
  status: WorkerStatusFilter
  low: boolean
  q: string
}

/**
 * /moderation/workers: every worker's standing per task type — suspended first, then those below the bar — with
 * filters by type, status and low accuracy, and a search by e-mail or id; each row leads to the worker's page.
 */
export default function WorkersScreen({ moderationWorkers }: WorkersScreenProps) {
  const { t } = useTranslation("ops-moderation")
  const { filters, page, query, change, setPage } = useAddressFilters<Filters>({
    names: ["type", "status", "lowAccuracy", "q"],
    read: (params) => ({
      type: oneOf(CABINET_TYPES, params.get("type")),
      status: oneOf(WORKER_STATUS_FILTERS, params.get("status")) || ALL,
      low: params.get("lowAccuracy") === "true",
      q: params.get("q")?.slice(0, 254) ?? "",
    }),
    write: ({ type, status, low, q }) => ({
      type,
      status: status === ALL ? "" : status,
      lowAccuracy: low ? "true" : "",
      q: q.trim(),
    }),
  })
  const [search, setSearch] = useState(filters.q)
  const url = query ? `${moderationApi.workers.url()}?${query}` : moderationApi.workers.url()
  const list = useApi<Page<WorkerTypeStanding>>(url, {
    initial: query === "" ? moderationWorkers : undefined,
  })

  const columns: TableColumn<WorkerTypeStanding>[] = [
    {
      key: "worker",
      header: t("columns.worker"),
      rowHeader: true,
      cell: (row) => (
        <span className="flex flex-col">
          <Link
            to={`/moderation/workers/${row.workerId}`}
            className="font-medium break-all text-primary underline-offset-4 hover:underline"
          >
            {row.email}
          </Link>
          <span className="text-sm text-muted-foreground">{t("columns.id", { id: row.workerId })}</span>
        </span>
      ),
    },
    { key: "type", header: t("columns.type"), cell: (row) => <code className="text-sm">{row.type}</code> },
    { key: "status", header: t("columns.status"), cell: (row) => <StandingState standing={row} /> },
    {
      key: "accuracy",
      header: t("columns.accuracy"),
      align: "numeric",
      cell: (row) => <AccuracyCell standing={row} />,
    },
    {
      key: "reports",
      header: t("columns.reports"),
      align: "numeric",
      cell: (row) => <ReportsCell standing={row} />,
    },
    { key: "rating", header: t("columns.rating"), align: "numeric", cell: (row) => row.rating },
  ]

  const submit = (event: FormEvent) => {
    event.preventDefault()
    change({ q: search })
  }

  return (
    <ModerationLayout
      page="workers"
      titleId="moderation-workers-title"
      title={t("workers.title")}
      lead={t("workers.lead")}
    >
      <Card>
        <CardBody className="flex flex-col gap-4">
          <form
            role="search"
            aria-label={t("workers.filters")}
            onSubmit={submit}
            className="flex flex-wrap items-end gap-4"
          >
            <Field label={t("workers.search")} className="w-full sm:w-72">
              <TextInput
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder={t("workers.searchPlaceholder")}
                prefix={<SearchIcon />}
              />
            </Field>
            <Button type="submit" variant="secondary">
              {t("workers.find")}
            </Button>
            <Field label={t("workers.type")} className="w-full sm:w-52">
              <Select
                value={filters.type || ALL}
                onValueChange={(value) => change({ type: value === ALL ? "" : value })}
                options={[
                  { value: ALL, label: t("workers.anyType") },
                  ...CABINET_TYPES.map((type) => ({ value: type, label: type })),
                ]}
              />
            </Field>
            <Field label={t("workers.status")} className="w-full sm:w-44">
              <Select
                value={filters.status}
                onValueChange={(value) => change({ status: value as WorkerStatusFilter })}
                options={WORKER_STATUS_FILTERS.map((status) => ({
                  value: status,
                  label: t(`statusFilter.${status}`),
                }))}
              />
            </Field>
            <Checkbox
              id="moderation-low-accuracy"
              className="pb-2"
              label={t("workers.lowAccuracy")}
              checked={filters.low}
              onCheckedChange={(on) => change({ low: on === true })}
            />
          </form>
          <PagedListSection
            list={list}
            page={page}
            onPageChange={setPage}
            labels={{ error: t("list.error"), retry: t("list.retry"), pagination: t("list.pagination") }}
            status={{ range: (shown) => t("list.range", shown), loading: t("list.loading"), live: true }}
            caption={t("workers.caption")}
            columns={columns}
            getRowId={(row) => `${row.workerId}:${row.type}`}
            errorHeading="h2"
            empty={{ titleAs: "h2", title: t("workers.empty.title"), description: t("workers.empty.text") }}
          />
        </CardBody>
      </Card>
    </ModerationLayout>
  )
}
