import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  Field,
  Select,
  TextInput,
  useFormatter,
} from "@manyhands/design-system"
import type { CustomerPrices } from "@manyhands/contract/statistics"
import { useTypeName } from "../../customer/statistics/shared/captcha-types"
import { NS, useStatFormat } from "../parts"
import { MAX_PER_DAY, MONTH_DAYS, monthlyCostMicro, parsePerDay } from "../stat-model"

/** What the calculator starts with: a day's work of a small scraper. */
const START_PER_DAY = "1000"

/**
 * "How much would it cost?": captchas a day of one type → the cost over a month of 30 days in the page's
 * currency, computed exactly on micro-units and said again whenever it changes.
 */
export function CostCalculator({ prices }: { prices: CustomerPrices }) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const stat = useStatFormat()
  const typeName = useTypeName()
  const resultId = useId()
  const first = prices.prices[0]?.type ?? ""
  const [type, setType] = useState(first)
  const [perDayText, setPerDayText] = useState(START_PER_DAY)
  const price = prices.prices.find((entry) => entry.type === type) ?? prices.prices[0]
  const parsed = parsePerDay(perDayText)

  if (!price) return null
  const money = (micro: bigint) => format.microMoney(micro, prices.currency)
  const perDay = "value" in parsed ? parsed.value : null
  const monthly = perDay === null ? null : monthlyCostMicro(perDay, price.perTask)
  const daily = perDay === null ? null : monthlyCostMicro(perDay, price.perTask, 1)

  return (
    <Card asChild>
      <section aria-labelledby={`${resultId}-title`}>
        <CardHeader>
          <CardTitle as="h3" id={`${resultId}-title`}>
            {t("calculator.title")}
          </CardTitle>
          <CardDescription>{t("calculator.lead", { days: MONTH_DAYS })}</CardDescription>
        </CardHeader>
        <CardBody className="grid gap-6 md:grid-cols-2">
          <form method="post" className="flex flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
            <Field label={t("calculator.type")}>
              <Select
                value={price.type}
                onValueChange={setType}
                options={prices.prices.map((entry) => ({
                  value: entry.type,
                  // The price per thousand beside the name: the list compares them.
                  label: `${typeName(entry.type)} · ${t("calculator.typePrice", {
                    price: stat.perThousand(entry.perTask, prices.currency),
                  })}`,
                }))}
              />
            </Field>
            <Field
              label={t("calculator.perDay")}
              hint={t("calculator.perDayHint", { max: format.number(MAX_PER_DAY) })}
              error={
                "problem" in parsed
                  ? t(`calculator.problems.${parsed.problem}`, {
                      max: format.number(MAX_PER_DAY),
                    })
                  : undefined
              }
            >
              <TextInput
                inputMode="numeric"
                autoComplete="off"
                value={perDayText}
                onChange={(event) => setPerDayText(event.target.value)}
                suffix={t("calculator.perDaySuffix")}
              />
            </Field>
          </form>
          <div
            id={resultId}
            className="flex flex-col justify-center gap-2 rounded-lg bg-primary-soft p-5 text-foreground"
          >
            {/* One live region: the whole result is said again when the type or the number changes. */}
            <output aria-live="polite" className="flex flex-col gap-2">
              {monthly === null || daily === null || perDay === null ? (
                <span className="text-sm">{t("calculator.waiting")}</span>
              ) : (
                <>
                  <span className="text-sm font-medium">
                    {t("calculator.monthLabel", { days: MONTH_DAYS })}
                  </span>
                  <span className="text-3xl font-semibold tracking-tight tabular-nums">{money(monthly)}</span>
                  <span className="text-sm text-muted-foreground">
                    {t("calculator.breakdown", {
                      count: perDay,
                      number: format.number(perDay),
                      type: typeName(price.type),
                      price: stat.perThousand(price.perTask, prices.currency),
                      daily: money(daily),
                    })}
                  </span>
                </>
              )}
            </output>
            <p className="text-xs text-muted-foreground">{t("calculator.note")}</p>
          </div>
        </CardBody>
      </section>
    </Card>
  )
}
