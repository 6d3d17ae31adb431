import { useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import {
  CodeBlock,
  KeyValueItem,
  KeyValueList,
  ProgressBar,
  Skeleton,
  SkeletonGroup,
  SkeletonText,
  useFormatter,
  type ProgressTone,
} from "@manyhands/design-system"
import {
  proxyApi,
  type Gateway,
  type PoolTraffic,
  type ProxyAccount,
  type ProxyPrice,
  type Purchase,
  type Subuser,
  type SubuserList,
} from "@manyhands/contract/proxy"
import { InlineCode, TextLink, useMicroMoney } from "../../blocks"
import { useApi } from "../../api"
import { ProxyCard } from "../shared/proxy-card"
import { PROXY_PAGES, ProxyLayout } from "../proxy-layout"
import { BuyTraffic } from "./buy-traffic"
import { ConnectionStrings } from "./connection-strings"
import { PurchaseList } from "./purchase-list"
import { QUICK_START_LANGUAGES, QUICK_START_TAB_NAMES, quickStartCode } from "./quick-start"
import { useBytes } from "../shared/bytes"

export interface ProxyCabinetScreenProps {
  /** GET /api/v2/proxy/account: the balance, the traffic per pool, the gateway and the prices. */
  proxyAccount?: ProxyAccount
  /** GET /api/v2/proxy/purchases: the traffic bought, newest first. */
  proxyPurchases?: { purchases: Purchase[] }
}

/**
 * /proxy: the proxy cabinet's overview — the balance and the traffic left per pool, buying traffic, the gateway's
 * address, connection strings for a sub-user, code to start with and the purchases made.
 */
export default function ProxyCabinetScreen({ proxyAccount, proxyPurchases }: ProxyCabinetScreenProps) {
  const { t } = useTranslation("proxy-cabinet")
  // After a purchase its answer is the account, until the route's data (asked for again) comes newer than it was.
  const [afterPurchase, setAfterPurchase] = useState<{
    basis: ProxyAccount | undefined
    account: ProxyAccount
  }>()
  const [bought, setBought] = useState<Purchase[]>([])
  const account = afterPurchase && afterPurchase.basis === proxyAccount ? afterPurchase.account : proxyAccount
  const subusers = useApi<SubuserList>(account && account.subusers > 0 ? proxyApi.subusers.url() : null)
  const list: Subuser[] | undefined = !account
    ? undefined
    : account.subusers === 0
      ? []
      : subusers.data?.subusers
  const purchases = proxyPurchases
    ? [
        ...bought.filter((item) => !proxyPurchases.purchases.some((p) => p.id === item.id)),
        ...proxyPurchases.purchases,
      ]
    : undefined

  return (
    <ProxyLayout page="overview" title={t("overview.title")} lead={t("overview.lead")}>
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <Balance account={account} />
        <GatewayCard gateway={account?.gateway} />
      </div>
      <Traffic account={account} />
      <BuyTraffic
        account={account}
        onBought={(result) => {
          setAfterPurchase({ basis: proxyAccount, account: result.account })
          setBought((current) => [result.purchase, ...current])
        }}
      />
      <ConnectionStrings subusers={list} failure={subusers.failure} onRetry={subusers.retry} />
      <QuickStart gateway={account?.gateway} subuser={list?.[0]} />
      <PurchaseList purchases={purchases} />
    </ProxyLayout>
  )
}

function Balance({ account }: { account: ProxyAccount | undefined }) {
  const { t } = useTranslation("proxy-cabinet")
  const money = useMicroMoney()
  const format = useFormatter()
  return (
    <ProxyCard id="proxy-balance" title={t("overview.balance.title")}>
      {account ? (
        <>
          <p className="text-3xl font-semibold tracking-tight tabular-nums">
            {money(account.balance, account.currency)}
          </p>
          <p className="text-muted-foreground">{t("overview.balance.text")}</p>
          <p className="flex flex-wrap gap-x-6 gap-y-2">
            <TextLink to="/addbalance">{t("overview.balance.topUp")}</TextLink>
            <TextLink to={PROXY_PAGES.users.href}>
              {t("overview.balance.subusers", {
                count: account.subusers,
                number: format.number(account.subusers),
              })}
            </TextLink>
          </p>
        </>
      ) : (
        <SkeletonGroup>
          <Skeleton className="h-9 w-40" />
          <SkeletonText lines={2} />
        </SkeletonGroup>
      )}
    </ProxyCard>
  )
}

function GatewayCard({ gateway }: { gateway: Gateway | undefined }) {
  const { t } = useTranslation("proxy-cabinet")
  return (
    <ProxyCard id="proxy-gateway" title={t("overview.gateway.title")}>
      {gateway ? (
        <>
          <KeyValueList divided>
            <KeyValueItem label={t("overview.gateway.host")} mono>
              <span className="break-all">{gateway.host}</span>
            </KeyValueItem>
            <KeyValueItem label={t("overview.gateway.httpPort")} mono>
              {gateway.httpPort}
            </KeyValueItem>
            <KeyValueItem label={t("overview.gateway.socksPort")} mono>
              {gateway.socksPort}
            </KeyValueItem>
          </KeyValueList>
          <p className="text-sm text-muted-foreground">{t("overview.gateway.text")}</p>
        </>
      ) : (
        <SkeletonGroup>
          <SkeletonText lines={4} />
        </SkeletonGroup>
      )}
    </ProxyCard>
  )
}

function Traffic({ account }: { account: ProxyAccount | undefined }) {
  const { t } = useTranslation("proxy-cabinet")
  return (
    <ProxyCard
      id="proxy-traffic"
      title={t("overview.traffic.title")}
      description={t("overview.traffic.description")}
    >
      {account ? (
        <ul className="grid gap-4 sm:grid-cols-2">
          {account.traffic.map((traffic) => (
            <PoolCard
              key={traffic.pool}
              traffic={traffic}
              price={account.prices.find((price) => price.pool === traffic.pool)}
            />
          ))}
        </ul>
      ) : (
        <SkeletonGroup className="grid gap-4 sm:grid-cols-2">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} shape="rect" className="h-32 w-full" />
          ))}
        </SkeletonGroup>
      )}
    </ProxyCard>
  )
}

function PoolCard({ traffic, price }: { traffic: PoolTraffic; price: ProxyPrice | undefined }) {
  const { t } = useTranslation("proxy-cabinet")
  const bytes = useBytes()
  const money = useMicroMoney()
  const pool = t(`pools.${traffic.pool}`)
  const none = traffic.bought === 0
  const tone: ProgressTone =
    none || traffic.left > traffic.bought / 10 ? "primary" : traffic.left === 0 ? "danger" : "warning"
  const headingId = `proxy-pool-${traffic.pool}`
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="font-semibold">
          {pool}
        </h3>
        {price ? (
          <span className="text-sm text-muted-foreground">
            {t("overview.traffic.perGb", { price: money(price.perGb, price.currency) })}
          </span>
        ) : null}
      </div>
      <p className="text-2xl font-semibold tabular-nums">
        {none ? (
          <span className="text-muted-foreground">{t("overview.traffic.none")}</span>
        ) : (
          t("overview.traffic.left", { amount: bytes(traffic.left) })
        )}
      </p>
      <ProgressBar
        label={t("overview.traffic.usedLabel", { pool })}
        hideLabel
        value={traffic.used}
        max={none ? 1 : traffic.bought}
        tone={tone}
        size="sm"
        valueText={
          none
            ? t("overview.traffic.noneBought")
            : t("overview.traffic.used", {
                used: bytes(traffic.used),
                bought: bytes(traffic.bought),
              })
        }
      />
      {price && price.countries.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          {t("overview.traffic.countries", { count: price.countries.length })}
        </p>
      ) : null}
    </li>
  )
}

/** Requests through the gateway in curl, Python and Node, as the first sub-user. */
function QuickStart({ gateway, subuser }: { gateway: Gateway | undefined; subuser: Subuser | undefined }) {
  const { t } = useTranslation("proxy-cabinet")
  return (
    <ProxyCard
      id="proxy-quick-start"
      title={t("overview.quickStart.title")}
      description={t("overview.quickStart.description")}
    >
      {gateway ? (
        <>
          <CodeBlock
            snippets={QUICK_START_LANGUAGES.map((language) => ({
              language,
              label: QUICK_START_TAB_NAMES[language],
              code: quickStartCode(language, gateway, subuser?.name),
            }))}
            tabsLabel={t("overview.quickStart.tabsLabel")}
            copyLabel={t("overview.quickStart.copy")}
            size="sm"
          />
          <p className="text-sm text-muted-foreground">
            <Trans
              t={t}
              i18nKey={subuser ? "overview.quickStart.password" : "overview.quickStart.noSubuser"}
              values={{ name: subuser?.name }}
              components={{ code: <InlineCode />, users: <TextLink to={PROXY_PAGES.users.href} /> }}
            />
          </p>
          <p className="text-sm text-muted-foreground">
            <Trans t={t} i18nKey="overview.quickStart.targeting" components={{ code: <InlineCode /> }} />
          </p>
        </>
      ) : (
        <SkeletonGroup>
          <Skeleton shape="rect" className="h-40 w-full" />
        </SkeletonGroup>
      )}
    </ProxyCard>
  )
}
