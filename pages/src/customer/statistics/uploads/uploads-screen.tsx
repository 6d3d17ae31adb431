import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Button,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  DateRangePicker,
  Field,
  SearchIcon,
  Select,
  UploadIcon,
  type EmptyStateProps,
} from "@manyhands/design-system"
import { LinkButton, PagedListSection, useAddressFilters } from "../../../blocks"
import { useShellServices } from "../../../shell-context"
import type { Page } from "@manyhands/contract"
import {
  customerApi,
  TASK_STATES,
  type TaskReport,
  type TaskState,
  type UploadItem,
} from "@manyhands/contract/captcha"
import { CustomerLayout } from "../../customer-layout"
import { useCaptchaTypes, useTypeName } from "../shared/captcha-types"
import { todayIn } from "../shared/days"
import { useApi, withQueryString } from "../../../api"
import { withReport } from "../../shared/report-answer"
import { isFiltered, uploadFilterParams, type Filters } from "./upload-filters"
import { PictureDialog, useUploadColumns, type ReportHandlers } from "./uploads-table"

/** The task's picture (GET /api/v2/captcha/tasks/:id/image). */
const taskImage = (id: string) => customerApi.taskImage.url({ id })

/** A Select's value for "no filter" ("" is the design system's Select placeholder). */
const ALL = "all"

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
  taskImageUrl = taskImage,
}: StatisticsUploadsScreenProps) {
  const { t } = useTranslation("statistics")
  const types = useCaptchaTypes()
  const { filters, page, query, change, setPage, reset } = useAddressFilters(uploadFilterParams(types))
  const list = useApi(withQueryString(customerApi.uploads.url(), query), {
    initial: query === "" ? uploads : undefined,
  })
  const filtered = isFiltered(filters)
  // The task whose picture is shown larger.
  const [shown, setShown] = useState<UploadItem | null>(null)
  // A report changes its row (and the open picture's task) at once; a refused one reads the page again.
  const report: ReportHandlers = {
    onReported: (answer: TaskReport) => {
      if (list.data)
        void list.mutate(
          { ...list.data, items: list.data.items.map((item) => withReport(item, answer)) },
          false,
        )
      setShown((current) => current && withReport(current, answer))
    },
    onRefused: () => list.retry(),
  }
  const columns = useUploadColumns(taskImageUrl, setShown, report)

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
    : list.data && list.data.total > 0
      ? {
          title: t("uploads.empty.page.title"),
          description: t("uploads.empty.page.description"),
          action: (
            <Button variant="secondary" onClick={() => setPage(1)}>
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

  return (
    <CustomerLayout page="uploads" title={t("uploads.title")} lead={t("uploads.lead")}>
      <UploadFilters filters={filters} types={types} onChange={change} onReset={reset} />
      <PagedListSection
        region
        title={t("uploads.listTitle")}
        status={{
          range: (rows) => t("uploads.status.shown", rows),
          loading: t("uploads.status.loading"),
          none: t("uploads.status.none"),
          live: true,
        }}
        list={list}
        page={page}
        onPageChange={setPage}
        labels={{
          error: t("uploads.error.title"),
          retry: t("uploads.error.retry"),
          pagination: t("uploads.pagination"),
        }}
        errorHeading="h2"
        caption={t("uploads.caption")}
        columns={columns}
        size="sm"
        loadingRows={8}
        empty={empty}
      />
      <PictureDialog task={shown} imageUrl={taskImageUrl} onClose={() => setShown(null)} report={report} />
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
