import { useTranslation } from "react-i18next"
import { DataTable, useFormatter, type TableColumn } from "@manyhands/design-system"
import { pricesApi, type CaptchaPrice, type CaptchaPrices } from "@manyhands/contract/captcha"
import { useApi } from "../../api"
import { TitledSection, useMicroMoney } from "../../blocks"
import { useShellServices } from "../../shell-context"
import { CABINET_TYPES, type CabinetType } from "../../worker/worker-data"

/** The worker's share of what the customer pays (captcha_types.worker_share_percent, 60 unless changed). */
export const WORKER_SHARE_PERCENT = 60

interface PayRow {
  type: CabinetType
  /** Micro-units per 1,000 accepted answers, by currency. */
  pay: Record<string, number>
}

/**
 * The worker's pay per 1,000 accepted answers of a price per 1,000 tasks: the share of the price of one task,
 * rounded down to a micro-unit as the ledger pays it, times 1,000. Null for a price that does not read.
 */
export function workerPayPerThousand(
  perThousand: string,
  sharePercent = WORKER_SHARE_PERCENT,
): number | null {
  const units = Number(perThousand)
  if (!Number.isFinite(units) || units < 0) return null
  const perTask = Math.round(units * 1000)
  return Math.floor((perTask * sharePercent) / 100) * 1000
}

function payRows(prices: CaptchaPrice[]): { rows: PayRow[]; currencies: string[] } {
  const rows: PayRow[] = []
  const currencies = new Set<string>()
  for (const type of CABINET_TYPES) {
    const pay: Record<string, number> = {}
    for (const price of prices) {
      if (price.type !== type) continue
      const micro = workerPayPerThousand(price.perThousand)
      if (micro === null) continue
      pay[price.currency] = micro
      currencies.add(price.currency)
    }
    if (Object.keys(pay).length > 0) rows.push({ type, pay })
  }
  return { rows, currencies: [...currencies] }
}

/**
 * Pay per captcha type of the browser cabinet, from the public price list. While it loads the table shows
 * placeholder rows; when it cannot be loaded (or lists none of these types) the band keeps its words and
 * leaves the table out.
 */
export function PaySection() {
  const { t } = useTranslation("job")
  const { language } = useShellServices()
  const money = useMicroMoney()
  const format = useFormatter()
  // GET /api/v1/captcha/prices (public); while it fails the band leaves the table out.
  const answer = useApi<CaptchaPrices>(pricesApi.list.url())
  const state: CaptchaPrice[] | "loading" | "failed" = answer.data
    ? Array.isArray(answer.data.prices)
      ? answer.data.prices
      : "failed"
    : answer.error
      ? "failed"
      : "loading"

  const { rows, currencies } = typeof state === "string" ? { rows: [], currencies: [] } : payRows(state)
  const showTable = state === "loading" || rows.length > 0
  // The page's own money first: roubles on the Russian page, dollars elsewhere.
  const local = language === "ru" ? "RUB" : "USD"
  const ordered = [...currencies].sort(
    (a, b) => Number(b === local) - Number(a === local) || (a < b ? -1 : 1),
  )

  const columns: TableColumn<PayRow>[] = [
    {
      key: "type",
      header: t("pay.columns.type"),
      rowHeader: true,
      cell: (row) => t(`common:captchaTypes.${row.type}`, { defaultValue: row.type }),
    },
    ...(state === "loading" ? [local] : ordered).map((currency): TableColumn<PayRow> => ({
      key: currency,
      header: t("pay.columns.pay", { currency }),
      align: "numeric",
      cell: (row) => (row.pay[currency] === undefined ? "–" : money(row.pay[currency], currency)),
    })),
  ]

  return (
    <TitledSection
      id="job-pay"
      title={t("pay.title")}
      lead={t("pay.lead", { share: format.percent(WORKER_SHARE_PERCENT / 100, 0) })}
    >
      <div className="flex max-w-3xl flex-col gap-4">
        {showTable ? (
          <DataTable
            caption={t("pay.caption")}
            captionHidden
            columns={columns}
            rows={rows}
            getRowId={(row) => row.type}
            loading={state === "loading"}
            loadingRows={CABINET_TYPES.length}
          />
        ) : null}
        <p className="text-sm text-muted-foreground">{t("pay.note")}</p>
      </div>
    </TitledSection>
  )
}
