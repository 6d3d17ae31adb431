import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import {
  Button,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  EmptyState,
  ErrorState,
  FileIcon,
  Stat,
  StatGroup,
  DataTable,
  WalletIcon,
  useFormatter,
  type DateRange,
  type TableColumn,
} from "@manyhands/design-system"
import {
  DAY_HISTORY_DEFAULT_DAYS,
  DAY_HISTORY_MAX_DAYS,
  paymentsApi,
  type Currency,
  type DaySummary,
} from "@manyhands/contract/money"
import { LinkButton, useMicroMoney } from "../../blocks"
import { DateWindow } from "../../customer/statistics/shared/date-window"
import { lastDays, rangeProblem, todayIn } from "../../customer/statistics/shared/days"
import { useApi, withQueryString } from "../../api"
import { MONEY_PAGES, MoneyLayout } from "../money-layout"

/** The window without dates in the address (and of GET history-day without dateFrom/dateTo): today and the 29 days before. */
export const DEFAULT_DAYS = DAY_HISTORY_DEFAULT_DAYS
/** The longest window the page asks for: a year of days, leap day included. */
export const MAX_DAYS = DAY_HISTORY_MAX_DAYS

const problemOf = (range: DateRange) => rangeProblem(range, MAX_DAYS)

type Day = DaySummary["days"][number]
type Totals = Omit<Day, "date">

export interface DayHistoryScreenProps {
  /** The route's preloaded default window (the last 30 days). */
  paymentDays?: DaySummary
  /** Today (UTC) as YYYY-MM-DD: the last day of the default window. The clock's unless a story fixes it. */
  today?: string
}

/** A window as the page's address and the API write it: ?dateFrom=&dateTo=. */
const windowQuery = (range: DateRange) => new URLSearchParams({ dateFrom: range.from, dateTo: range.to })

/**
 * /pay/history_day: per day (UTC) what was topped up, spent on captchas and earned, over a window of days that
 * lives in the address (?dateFrom=&dateTo=, as the API takes it; a bare ?from= is a referral), with the totals and the same window as a CSV download.
 */
export default function DayHistoryScreen({ paymentDays, today = todayIn("UTC") }: DayHistoryScreenProps) {
  const { t } = useTranslation("money")
  const format = useFormatter()
  const [params, setParams] = useSearchParams()
  // A range typed that the page would not ask for: kept in the fields with its message, never fetched.
  const [refused, setRefused] = useState<DateRange | null>(null)

  const defaultWindow = lastDays(today, DEFAULT_DAYS)
  const asked = { from: params.get("dateFrom") ?? "", to: params.get("dateTo") ?? "" }
  const hasAsked = asked.from !== "" || asked.to !== ""
  const askedProblem = hasAsked ? problemOf(asked) : null
  const query = hasAsked && !askedProblem ? windowQuery(asked).toString() : ""
  const summary = useApi(withQueryString(paymentsApi.historyDay.url(), query), {
    initial: query === "" ? paymentDays : undefined,
  })
  const shown = query !== "" ? asked : defaultWindow

  const go = (range: DateRange | null) => {
    setRefused(null)
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete("dateFrom")
        next.delete("dateTo")
        if (range) for (const [key, value] of windowQuery(range)) next.set(key, value)
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  }
  const choose = (range: DateRange) => {
    if (range.from === "" && range.to === "") return go(null)
    if (problemOf(range)) return setRefused(range)
    go(range.from === defaultWindow.from && range.to === defaultWindow.to ? null : range)
  }
  const problem = refused ? problemOf(refused) : askedProblem
  const csv = paymentsApi.historyDay.url(null, { dateFrom: shown.from, dateTo: shown.to, format: "csv" })
  const period = t("days.shown", { from: format.date(shown.from, "long"), to: format.date(shown.to, "long") })

  return (
    <MoneyLayout
      page="days"
      titleId="day-history-title"
      title={t("days.title")}
      lead={t("days.lead")}
      actions={
        <Button asChild variant="secondary" size="lg">
          <a href={csv} download>
            <FileIcon aria-hidden="true" />
            {t("days.csv")}
          </a>
        </Button>
      }
    >
      <DateWindow
        value={refused ?? (askedProblem ? asked : shown)}
        onChange={choose}
        today={today}
        problem={problem}
        texts={{
          label: t("days.range.label"),
          hint: t("days.range.hint", { max: MAX_DAYS }),
          problems: {
            invalidDate: t("days.range.invalidDate"),
            order: t("days.range.order"),
            tooLong: t("days.range.tooLong", { max: MAX_DAYS }),
          },
        }}
        calendarPresets={["last7Days", "last30Days", "thisMonth"]}
      />
      <p role="status" className="text-sm text-muted-foreground">
        {summary.loading ? t("days.loading") : period}
      </p>
      {summary.failure ? (
        <ErrorState
          size="section"
          title={t("days.error")}
          description={summary.failure}
          onRetry={summary.retry}
          retryLabel={t("days.retry")}
        />
      ) : !summary.data ? (
        <DaysSkeleton />
      ) : summary.data.days.length === 0 ? (
        <EmptyState
          variant="dashed"
          titleAs="h2"
          icon={<WalletIcon />}
          title={t("days.empty.title")}
          description={t("days.empty.description")}
          action={<LinkButton to={MONEY_PAGES.topUp.href}>{t("days.empty.action")}</LinkButton>}
        />
      ) : (
        <Days data={summary.data} period={period} />
      )}
    </MoneyLayout>
  )
}

const sum = (days: readonly Day[]): Totals =>
  days.reduce(
    (total, day) => ({
      toppedUp: total.toppedUp + day.toppedUp,
      spent: total.spent + day.spent,
      earned: total.earned + day.earned,
    }),
    { toppedUp: 0, spent: 0, earned: 0 },
  )

const TOTAL = "total"
type Row = Totals & { date: string }

function Days({ data, period }: { data: DaySummary; period: string }) {
  const { t } = useTranslation("money")
  const format = useFormatter()
  const money = useMicroMoney()
  const headingId = useId()
  const total = sum(data.days)
  const cell = (row: Row, key: keyof Totals, currency: Currency) => {
    const text = money(row[key], currency)
    if (row.date === TOTAL) return <strong className="font-semibold">{text}</strong>
    return row[key] === 0 ? <span className="text-muted-foreground">{text}</span> : text
  }
  const columns: TableColumn<Row>[] = [
    {
      key: "date",
      header: t("days.columns.date"),
      rowHeader: true,
      cell: (row) =>
        row.date === TOTAL ? (
          <strong className="font-semibold">{t("days.columns.total")}</strong>
        ) : (
          <span className="whitespace-nowrap">{format.date(row.date)}</span>
        ),
    },
    ...(["toppedUp", "spent", "earned"] as const).map((key): TableColumn<Row> => ({
      key,
      header: t(`days.columns.${key}`),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (row) => cell(row, key, data.currency),
    })),
  ]
  return (
    <>
      <StatGroup columns={3}>
        {(["toppedUp", "spent", "earned"] as const).map((key) => (
          <Stat key={key} label={t(`days.totals.${key}`)} value={money(total[key], data.currency)} />
        ))}
      </StatGroup>
      <Card asChild>
        <section aria-labelledby={headingId}>
          <CardHeader>
            <CardTitle as="h2" id={headingId}>
              {t("days.table")}
            </CardTitle>
          </CardHeader>
          <CardBody>
            <DataTable
              caption={`${t("days.table")}, ${period}`}
              captionHidden
              size="sm"
              columns={columns}
              rows={[...data.days, { date: TOTAL, ...total }]}
              getRowId={(row) => row.date}
            />
          </CardBody>
        </section>
      </Card>
    </>
  )
}

function DaysSkeleton() {
  const { t } = useTranslation("money")
  return (
    <>
      <StatGroup columns={3}>
        {(["toppedUp", "spent", "earned"] as const).map((key) => (
          <Stat key={key} label={t(`days.totals.${key}`)} value="" loading />
        ))}
      </StatGroup>
      <DataTable<Row>
        caption={t("days.table")}
        captionHidden
        size="sm"
        columns={(["date", "toppedUp", "spent", "earned"] as const).map((key) => ({
          key,
          header: t(`days.columns.${key}`),
          align: key === "date" ? "start" : "numeric",
        }))}
        rows={[]}
        loading
        loadingRows={6}
      />
    </>
  )
}
