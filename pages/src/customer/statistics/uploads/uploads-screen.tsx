import { useId } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import {
  Button,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  DateRangePicker,
  ErrorState,
  Field,
  SearchIcon,
  Select,
  UploadIcon,
  useFormatter,
  type EmptyStateProps,
} from "@manyhands/design-system"
import { LinkButton } from "../../../blocks"
import { useShellServices } from "../../../shell-context"
import { CUSTOMER_URLS, type Page, type TaskState, type UploadItem } from "../../customer-data"
import { CustomerLayout } from "../../customer-layout"
import { useCaptchaTypes, useTypeName } from "../shared/captcha-types"
import { todayIn } from "../shared/days"
import { useQueryData } from "../shared/use-query-data"
import {
  NO_FILTERS,
  TASK_STATES,
  filterParams,
  isFiltered,
  readFilters,
  type Filters,
} from "./upload-filters"
import { UploadsTable } from "./uploads-table"

/** A Select's value for "no filter" (Radix Select takes no empty value). */
const ALL = "all"
const FILTER_KEYS = ["type", "state", "dateFrom", "dateTo", "page"]

export interface StatisticsUploadsScreenProps {
  /** The route's preloaded first page, without filters. */
  uploads?: Page<UploadItem>
  /** Where a task's picture is; the API's address unless a story shows pictures of its own. */
  taskImageUrl?: (id: string) => string
}

/**
 * /statistics/uploads: the customer's latest uploads as a paged table, filtered by type, state and the days they
 * were sent. The filters live in the address, so a reload or a shared link shows the same list.
 */
export default function StatisticsUploadsScreen({
  uploads,
  taskImageUrl = CUSTOMER_URLS.taskImage,
}: StatisticsUploadsScreenProps) {
  const { t } = useTranslation("statistics")
  const format = useFormatter()
  const [params, setParams] = useSearchParams()
  const types = useCaptchaTypes()
  const filters = readFilters(params, types)
  const query = filterParams(filters).toString()
  const list = useQueryData(CUSTOMER_URLS.uploads, query, uploads)
  const filtered = isFiltered(filters)
  const headingId = useId()

  const apply = (next: Filters) => {
    setParams(
      (current) => {
        const merged = new URLSearchParams(current)
        for (const key of FILTER_KEYS) merged.delete(key)
        for (const [key, value] of filterParams(next)) merged.set(key, value)
        return merged
      },
      { replace: true, preventScrollReset: true },
    )
  }
  const change = (next: Partial<Filters>) => apply({ ...filters, page: 1, ...next })
  const reset = () => apply(NO_FILTERS)

  const data = list.data
  const known = data ?? list.last
  const pageCount = known ? Math.max(1, Math.ceil(known.total / Math.max(1, known.pageSize))) : 0

  const empty: EmptyStateProps = filtered
    ? {
        icon: <SearchIcon />,
        title: t("uploads.empty.filtered.title"),
        description: t("uploads.empty.filtered.description"),
        action: (
          <Button variant="secondary" onClick={reset}>
            {t("uploads.filters.reset")}
          </Button>
        ),
      }
    : data && data.total > 0
      ? {
          title: t("uploads.empty.page.title"),
          description: t("uploads.empty.page.description"),
          action: (
            <Button variant="secondary" onClick={() => change({ page: 1 })}>
              {t("uploads.empty.page.action")}
            </Button>
          ),
        }
      : {
          icon: <UploadIcon />,
          title: t("uploads.empty.none.title"),
          description: t("uploads.empty.none.description"),
          action: <LinkButton to="/testcaptcha">{t("uploads.empty.none.action")}</LinkButton>,
        }

  const status = list.failure
    ? ""
    : list.loading
      ? t("uploads.status.loading")
      : data && data.items.length > 0
        ? t("uploads.status.shown", {
            from: format.number((data.page - 1) * data.pageSize + 1),
            to: format.number((data.page - 1) * data.pageSize + data.items.length),
            total: format.number(data.total),
          })
        : t("uploads.status.none")

  return (
    <CustomerLayout page="uploads" title={t("uploads.title")} lead={t("uploads.lead")}>
      <UploadFilters filters={filters} types={types} onChange={change} onReset={reset} />
      <section aria-labelledby={headingId} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id={headingId} className="text-lg font-semibold text-foreground">
            {t("uploads.listTitle")}
          </h2>
          <p role="status" className="text-sm text-muted-foreground tabular-nums">
            {status}
          </p>
        </div>
        {list.failure ? (
          <ErrorState
            size="section"
            title={t("uploads.error.title")}
            description={list.failure}
            onRetry={list.retry}
            retryLabel={t("uploads.error.retry")}
          />
        ) : (
          <UploadsTable
            items={data?.items}
            loading={list.loading}
            empty={empty}
            imageUrl={taskImageUrl}
            pagination={
              pageCount > 1
                ? {
                    page: filters.page,
                    pageCount,
                    onPageChange: (page) => change({ page }),
                    disabled: list.loading,
                    label: t("uploads.pagination"),
                  }
                : undefined
            }
          />
        )}
      </section>
    </CustomerLayout>
  )
}

/** Type, state and the days the tasks were sent; each change fetches the list again. */
function UploadFilters({
  filters,
  types,
  onChange,
  onReset,
}: {
  filters: Filters
  types: string[]
  onChange: (next: Partial<Filters>) => void
  onReset: () => void
}) {
  const { t } = useTranslation("statistics")
  const { user } = useShellServices()
  const typeName = useTypeName()
  const headingId = useId()
  return (
    <Card asChild>
      <section aria-labelledby={headingId}>
        <CardHeader
          action={
            <Button variant="tertiary" onClick={onReset} disabled={!isFiltered(filters)}>
              {t("uploads.filters.reset")}
            </Button>
          }
        >
          <CardTitle as="h2" id={headingId}>
            {t("uploads.filters.title")}
          </CardTitle>
        </CardHeader>
        <CardBody className="flex flex-wrap items-start gap-x-4 gap-y-4">
          <Field label={t("uploads.filters.type")} className="w-full sm:w-56">
            <Select
              name="type"
              value={filters.type || ALL}
              onValueChange={(value) => onChange({ type: value === ALL ? "" : value })}
              options={[
                { value: ALL, label: t("uploads.filters.allTypes") },
                ...types.map((type) => ({ value: type, label: typeName(type) })),
              ]}
            />
          </Field>
          <Field label={t("uploads.filters.state")} className="w-full sm:w-44">
            <Select
              name="state"
              value={filters.state || ALL}
              onValueChange={(value) => onChange({ state: value === ALL ? "" : (value as TaskState) })}
              options={[
                { value: ALL, label: t("uploads.filters.allStates") },
                ...TASK_STATES.map((state) => ({ value: state, label: t(`states.${state}`) })),
              ]}
            />
          </Field>
          <Field label={t("uploads.filters.period")} hint={t("uploads.filters.periodHint")}>
            <DateRangePicker
              value={{ from: filters.dateFrom, to: filters.dateTo }}
              onChange={(range) => onChange({ dateFrom: range.from, dateTo: range.to })}
              today={todayIn(user?.profile.timezone)}
              presets={["today", "last7Days", "last30Days", "thisMonth"]}
              errorMessages={{
                "invalid-date": t("window.invalidDate"),
                order: t("window.order"),
              }}
            />
          </Field>
        </CardBody>
      </section>
    </Card>
  )
}
