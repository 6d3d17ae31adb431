import { useTranslation } from "react-i18next"
import {
  Alert,
  Badge,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  ErrorState,
  DataTable,
  useFormatter,
  type TableColumn,
} from "@manyhands/design-system"
import { statisticsApi, type CustomerPrices, type TypePrice } from "@manyhands/contract/statistics"
import { useApi } from "../../api"
import { LinkCardGrid, PageHero, TextLink, TitledSection } from "../../blocks"
import { useTypeName } from "../../customer/statistics/shared/captcha-types"
import { CurrencySwitch, NS, useCurrencyParam, useStatFormat } from "../parts"
import { Sparkline } from "../sparkline"
import { graphPath, STATISTICS_PATH } from "../statistics-layout"
import { CostCalculator } from "./cost-calculator"

export interface PricingScreenProps {
  /** GET /api/v2/customer/prices in the site's currency, preloaded by the route. */
  customerPrices?: CustomerPrices
}

/**
 * /pricing: the price per 1,000 solved tasks of every captcha type in USD, RUB or EUR, with its median speed,
 * current load and the last 14 days; a calculator of the monthly cost; what workers earn per type; and where the
 * figures come from.
 */
export default function PricingScreen({ customerPrices }: PricingScreenProps) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const currency = useCurrencyParam(customerPrices?.currency)
  const answer = useApi<CustomerPrices>(
    statisticsApi.prices.url(null, { currency: currency.asked ?? undefined }),
    { initial: currency.asked ? undefined : customerPrices },
  )
  const prices = answer.data

  return (
    <>
      <PageHero
        id="pricing-title"
        eyebrow={t("pricing.hero.eyebrow")}
        title={t("pricing.hero.title")}
        lead={t("pricing.hero.lead")}
        action={{ to: "/auth/register?userType=customer", label: t("pricing.hero.register") }}
        secondaryAction={{ to: STATISTICS_PATH, label: t("pricing.hero.statistics") }}
      >
        {t("pricing.hero.note")}
      </PageHero>

      <TitledSection id="pricing-list" title={t("pricing.list.title")} lead={t("pricing.list.lead")}>
        <div className="flex flex-col gap-6">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <CurrencySwitch value={currency.shown} onChange={currency.choose} />
            <p role="status" className="text-sm text-muted-foreground">
              {prices
                ? t("pricing.list.asOf", {
                    currency: prices.currency,
                    time: format.dateTime(prices.generatedAt),
                  })
                : answer.failure
                  ? ""
                  : t("pricing.list.loading")}
            </p>
          </div>
          <Alert tone="info" title={t("pricing.terms.title")}>
            {t("pricing.terms.text")}
          </Alert>
          {answer.failure ? (
            <ErrorState
              size="section"
              title={t("pricing.error.title")}
              description={answer.failure}
              onRetry={answer.retry}
              retryLabel={t("pricing.error.retry")}
            />
          ) : (
            <PriceTable prices={prices} />
          )}
        </div>
      </TitledSection>

      {prices && prices.prices.length > 0 ? (
        <TitledSection id="pricing-calculator" tone="surface" title={t("calculator.section")}>
          <CostCalculator prices={prices} />
        </TitledSection>
      ) : null}

      <TitledSection id="pricing-workers" title={t("workersPay.title")} lead={t("workersPay.lead")}>
        {answer.failure ? null : <WorkerPayTable prices={prices} />}
        <p className="mt-6">
          <TextLink to="/make-money-online">{t("workersPay.link")}</TextLink>
        </p>
      </TitledSection>

      <TitledSection
        id="pricing-sources"
        tone="surface"
        title={t("pricing.sources.title")}
        lead={t("pricing.sources.lead")}
      >
        <LinkCardGrid
          items={[
            {
              id: "statistics",
              to: STATISTICS_PATH,
              title: t("pricing.sources.statistics.title"),
              text: t("pricing.sources.statistics.text"),
            },
            {
              id: "rate",
              to: graphPath("devprice"),
              title: t("graphs.devprice.title"),
              text: t("graphs.devprice.card"),
            },
            {
              id: "pay",
              to: "/captcha-workaround/pay",
              title: t("pricing.sources.pay.title"),
              text: t("pricing.sources.pay.text"),
            },
          ]}
        />
      </TitledSection>
    </>
  )
}

/** Kind of a captcha type as a badge: image tasks go to people in the cabinet, token tasks to worker software. */
function KindBadge({ kind }: { kind: TypePrice["kind"] }) {
  const { t } = useTranslation(NS)
  return (
    <Badge tone={kind === "image" ? "info" : "neutral"} size="sm">
      {t(`kind.${kind}`)}
    </Badge>
  )
}

function PriceTable({ prices }: { prices: CustomerPrices | undefined }) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const stat = useStatFormat()
  const typeName = useTypeName()
  const currency = prices?.currency ?? "USD"
  const daysText = (daily: readonly number[]) => {
    const total = daily.reduce((sum, count) => sum + count, 0)
    if (total === 0) return t("pricing.columns.daysNone")
    return t("pricing.columns.daysLabel", {
      total: format.number(total),
      high: format.number(Math.max(...daily)),
      last: format.number(daily[daily.length - 1] ?? 0),
    })
  }
  const columns: TableColumn<TypePrice>[] = [
    {
      key: "type",
      header: t("pricing.columns.type"),
      rowHeader: true,
      cell: (row) => <span className="font-medium">{typeName(row.type)}</span>,
    },
    { key: "kind", header: t("pricing.columns.kind"), cell: (row) => <KindBadge kind={row.kind} /> },
    {
      key: "perThousand",
      header: t("pricing.columns.price", { currency }),
      align: "numeric",
      className: "whitespace-nowrap font-semibold",
      cell: (row) => stat.perThousand(row.perTask, currency),
    },
    {
      key: "p50Ms",
      header: t("pricing.columns.speed"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (row) => stat.ms(row.p50Ms),
    },
    {
      key: "load",
      header: t("pricing.columns.load"),
      align: "numeric",
      cell: (row) => stat.ratio(row.load),
    },
    {
      key: "daily",
      header: t("pricing.columns.days"),
      align: "end",
      cell: (row) => (
        <span className="inline-flex items-center justify-end gap-2">
          <span className="text-xs text-muted-foreground tabular-nums" aria-hidden="true">
            {format.number(row.solved)}
          </span>
          <Sparkline values={row.daily} label={daysText(row.daily)} />
        </span>
      ),
    },
  ]
  return (
    <DataTable
      caption={t("pricing.list.caption", { currency })}
      captionHidden
      columns={columns}
      rows={prices?.prices ?? []}
      getRowId={(row) => row.type}
      size="sm"
      loading={!prices}
      loadingRows={8}
      empty={{ title: t("pricing.empty.title"), description: t("pricing.empty.description") }}
    />
  )
}

/** What workers earn per 1,000 accepted answers of each type. */
function WorkerPayTable({ prices }: { prices: CustomerPrices | undefined }) {
  const { t } = useTranslation(NS)
  const stat = useStatFormat()
  const typeName = useTypeName()
  const currency = prices?.currency ?? "USD"
  // Nothing on sale: the price list above already says so.
  if (prices && prices.prices.length === 0) return null
  const columns: TableColumn<TypePrice>[] = [
    {
      key: "type",
      header: t("pricing.columns.type"),
      rowHeader: true,
      cell: (row) => <span className="font-medium">{typeName(row.type)}</span>,
    },
    { key: "kind", header: t("pricing.columns.kind"), cell: (row) => <KindBadge kind={row.kind} /> },
    {
      key: "workerPerThousand",
      header: t("workersPay.column", { currency }),
      align: "numeric",
      className: "whitespace-nowrap font-semibold",
      cell: (row) => stat.units(row.workerPerThousand, currency),
    },
  ]
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle as="h3">{t("workersPay.caption", { currency })}</CardTitle>
      </CardHeader>
      <CardBody>
        <DataTable
          caption={t("workersPay.caption", { currency })}
          captionHidden
          columns={columns}
          rows={prices?.prices ?? []}
          getRowId={(row) => row.type}
          size="sm"
          loading={!prices}
          loadingRows={6}
          empty={{ title: t("pricing.empty.title"), description: t("pricing.empty.description") }}
        />
        <p className="mt-4 text-sm text-muted-foreground">{t("workersPay.note")}</p>
      </CardBody>
    </Card>
  )
}
