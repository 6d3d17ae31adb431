import { useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button, Field, Select, SkeletonGroup, SkeletonText, TextInput } from "@manyhands/design-system"
import {
  MAX_PURCHASE_GB,
  proxyApi,
  type BuyTraffic as BuyTrafficBody,
  type ProxyAccount,
  type ProxyPool,
  type PurchaseResult,
} from "@manyhands/contract/proxy"
import { NoticeRegion, TextLink, useMicroMoney, type Notice } from "../../blocks"
import { ProxyCard } from "../shared/proxy-card"
import { FormError, useForm, type FieldErrors } from "../../forms"
import { ApiFailure, useShellServices } from "../../shell-context"
import { useProxyFailure } from "../shared/proxy-failure"

interface BuyValues {
  pool: ProxyPool
  gigabytes: string
}

/** 32 hex digits from the browser's random source (crypto.randomUUID needs a secure context; this does not). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("")
}

/** Whole gigabytes from 1 to the most one purchase buys, or null. */
const gigabytesOf = (text: string) => {
  const value = Number(text.trim())
  return text.trim() !== "" && Number.isInteger(value) && value >= 1 && value <= MAX_PURCHASE_GB
    ? value
    : null
}

/**
 * Buys traffic of a pool from the balance: the price before buying, the refusal when the balance does not cover it
 * (with the way to top it up), what was bought once it is done.
 */
export function BuyTraffic({
  account,
  onBought,
}: {
  account: ProxyAccount | undefined
  onBought: (result: PurchaseResult) => void
}) {
  const { t } = useTranslation("proxy-cabinet")
  return (
    <ProxyCard id="proxy-buy" title={t("overview.buy.title")} description={t("overview.buy.description")}>
      {account ? (
        account.prices.length === 0 ? (
          <p className="text-muted-foreground">{t("overview.buy.noPrices")}</p>
        ) : (
          <BuyForm account={account} onBought={onBought} />
        )
      ) : (
        <SkeletonGroup>
          <SkeletonText lines={3} />
        </SkeletonGroup>
      )}
    </ProxyCard>
  )
}

function BuyForm({
  account,
  onBought,
}: {
  account: ProxyAccount
  onBought: (result: PurchaseResult) => void
}) {
  const { t } = useTranslation("proxy-cabinet")
  const money = useMicroMoney()
  const { api, refresh } = useShellServices()
  const proxyFailure = useProxyFailure()
  const [notice, setNotice] = useState<Notice | null>(null)
  /*
   * The purchase's idempotency key: a new one for each purchase. It is kept only when the last try got no answer
   * (the network, the server's failure): sent again, it cannot buy the same traffic twice.
   */
  const key = useRef<string | null>(null)

  const form = useForm<BuyValues>({
    initial: { pool: account.prices[0]!.pool, gigabytes: "10" },
    validate: ({ gigabytes }) => {
      const errors: FieldErrors<BuyValues> = {}
      if (gigabytesOf(gigabytes) === null)
        errors.gigabytes = t("overview.buy.gigabytesInvalid", { max: MAX_PURCHASE_GB })
      return errors
    },
    submit: async ({ pool, gigabytes }) => {
      setNotice(null)
      key.current ??= newIdempotencyKey()
      const body: BuyTrafficBody = { pool, gigabytes: gigabytesOf(gigabytes)!, idempotencyKey: key.current }
      let result: PurchaseResult
      try {
        result = await api.send<PurchaseResult>("POST", proxyApi.buy.url(), body)
      } catch (error) {
        if (error instanceof ApiFailure && error.status !== undefined && error.status < 500)
          key.current = null
        throw proxyFailure(error)
      }
      key.current = null
      onBought(result)
      setNotice({
        tone: "success",
        text: t("overview.buy.done", {
          gigabytes: result.purchase.gigabytes,
          pool: t(`pools.${result.purchase.pool}`),
          amount: money(result.purchase.amount, result.purchase.currency),
        }),
      })
      await Promise.all([refresh(proxyApi.account.url()), refresh(proxyApi.purchases.url())])
    },
  })

  const price = account.prices.find((item) => item.pool === form.values.pool)
  const gigabytes = gigabytesOf(form.values.gigabytes)
  const cost = price && gigabytes !== null ? price.perGb * gigabytes : null
  const short = cost !== null && cost > account.balance

  return (
    <form method="post" className="flex flex-col gap-4" onSubmit={form.onSubmit} noValidate>
      <div className="flex flex-wrap items-start gap-4">
        <Field label={t("overview.buy.pool")} className="min-w-0 flex-1 basis-56" {...form.field("pool")}>
          <Select
            value={form.values.pool}
            onValueChange={(value) => form.set("pool", value as ProxyPool)}
            options={account.prices.map((item) => ({
              value: item.pool,
              label: t("overview.buy.poolOption", {
                pool: t(`pools.${item.pool}`),
                price: money(item.perGb, item.currency),
              }),
            }))}
          />
        </Field>
        <Field
          label={t("overview.buy.gigabytes")}
          hint={t("overview.buy.gigabytesHint", { max: MAX_PURCHASE_GB })}
          className="w-44"
          {...form.field("gigabytes")}
        >
          <TextInput
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_PURCHASE_GB}
            step={1}
            suffix={t("gb")}
            {...form.input("gigabytes")}
          />
        </Field>
      </div>
      <p className="text-sm" aria-live="polite">
        {cost === null || !price ? (
          <span className="text-muted-foreground">{t("overview.buy.priceUnknown")}</span>
        ) : (
          <>
            <span className="font-semibold">
              {t("overview.buy.price", { amount: money(cost, account.currency) })}
            </span>{" "}
            <span className="text-muted-foreground">
              {t("overview.buy.priceDetail", {
                gigabytes,
                perGb: money(price.perGb, price.currency),
              })}
            </span>
            {/* The refusal below says the same with its own link once the server has said it. */}
            {short && form.failure?.code !== "INSUFFICIENT_FUNDS" ? (
              <span className="mt-1 block text-warning-text">
                {t("overview.buy.short", { balance: money(account.balance, account.currency) })}{" "}
                <TextLink to="/addbalance">{t("overview.buy.topUp")}</TextLink>
              </span>
            ) : null}
          </>
        )}
      </p>
      <FormError
        message={form.formError}
        action={
          form.failure?.code === "INSUFFICIENT_FUNDS" ? (
            <TextLink to="/addbalance">{t("overview.buy.topUp")}</TextLink>
          ) : undefined
        }
      />
      <NoticeRegion
        notice={notice}
        onDismiss={() => setNotice(null)}
        dismissLabel={t("dismiss")}
        className="empty:hidden"
      />
      <div>
        <Button type="submit" loading={form.submitting} disabled={form.submitting}>
          {gigabytes === null ? t("overview.buy.submitAny") : t("overview.buy.submit", { gigabytes })}
        </Button>
      </div>
    </form>
  )
}
