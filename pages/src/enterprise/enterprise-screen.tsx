import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Link as RouterLink, useSearchParams } from "react-router"
import {
  Alert,
  Button,
  ButtonGroup,
  ErrorState,
  Modal,
  ModalClose,
  DataTable,
  useFormatter,
  type TableColumn,
} from "@manyhands/design-system"
import { CURRENCIES, type Currency } from "@manyhands/contract"
import {
  ENTERPRISE_TERM_DAYS,
  SLA_CREDIT_CAP_PERCENT,
  SLA_CREDIT_PERCENT,
  enterpriseApi,
  type EnterprisePlan,
  type EnterprisePricing,
  type EnterprisePurchase,
  type EnterpriseSubscription,
  type MyEnterpriseSupport,
} from "@manyhands/contract/enterprise"
import { useApi } from "../api"
import { CheckList, LinkButton, PageHero, TextLink, TitledSection, useMicroMoney } from "../blocks"
import { ApiFailure, useShellServices } from "../shell-context"

/** The page's texts (locales/en/enterprise.json). */
export const NS = "enterprise"

const HERE = "/support/enterprise"
const SEVERITIES = ["urgent", "high", "normal", "low"] as const

export interface EnterpriseScreenProps {
  /** GET /api/v2/user/enterprise_support/pricing in the site's currency, preloaded by the route. */
  enterprisePricing?: EnterprisePricing
}

const currencyOf = (value: string | null): Currency | null =>
  CURRENCIES.includes(value as Currency) ? (value as Currency) : null

/**
 * /support/enterprise: the three plans side by side — response targets per severity, hours, named contacts and
 * the price of a term in the visitor's currency (switchable) — and a Buy button each. Signed out, it leads to
 * sign-in and back; signed in, a dialog states the charge, pays it from the balance and says what came of it
 * (the plan and its end, or why not, with a way to top up). The account's plan now, if any, heads the page.
 */
export default function EnterpriseScreen({ enterprisePricing }: EnterpriseScreenProps) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const money = useMicroMoney()
  const { user } = useShellServices()
  const [params, setParams] = useSearchParams()
  const siteCurrency = enterprisePricing?.currency
  const asked = currencyOf(params.get("currency"))
  const shownCurrency = asked ?? siteCurrency
  const choose = (currency: Currency) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (currency === siteCurrency) next.delete("currency")
        else next.set("currency", currency)
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  const other = asked !== null && asked !== siteCurrency
  const pricing = useApi<EnterprisePricing>(
    enterpriseApi.pricing.url(null, { currency: other ? asked : undefined }),
    { initial: other ? undefined : enterprisePricing },
  )
  const mine = useApi<MyEnterpriseSupport>(user ? enterpriseApi.mine.url() : null)
  const [buying, setBuying] = useState<EnterprisePlan | null>(null)
  const hasPlan = Boolean(mine.data && (mine.data.current || mine.data.upcoming.length > 0))
  // Bands alternate their tone after the hero (surface): with the account's plan as a band of its own, or without.
  const tones = hasPlan ? (["surface", "plain"] as const) : (["plain", "surface"] as const)

  const planName = (code: string) => t(`plans.${code}.name`)
  const minutes = (value: number) => format.duration(value * 60)

  const columns: TableColumn<EnterprisePlan>[] = [
    {
      key: "plan",
      header: t("table.plan"),
      rowHeader: true,
      cell: (plan) => (
        <span className="flex flex-col">
          <span className="font-semibold text-foreground">{planName(plan.code)}</span>
          <span className="text-sm text-muted-foreground">{t(`plans.${plan.code}.lead`)}</span>
        </span>
      ),
    },
    ...SEVERITIES.map((severity): TableColumn<EnterprisePlan> => ({
      key: severity,
      header: t(`severity.${severity}`),
      align: "numeric",
      cell: (plan) => <span className="whitespace-nowrap">{minutes(plan.targets[severity])}</span>,
    })),
    { key: "hours", header: t("table.hours"), cell: (plan) => t(`hours.${plan.hours}`) },
    { key: "contacts", header: t("table.contacts"), align: "numeric", cell: (plan) => plan.namedContacts },
    {
      key: "price",
      header: t("table.price", { days: ENTERPRISE_TERM_DAYS }),
      align: "numeric",
      cell: (plan) => <span className="font-semibold">{money(plan.price, plan.currency)}</span>,
    },
    {
      key: "buy",
      header: <span className="sr-only">{t("table.action")}</span>,
      label: t("table.action"),
      align: "end",
      cell: (plan) =>
        user ? (
          <Button
            variant="primary"
            aria-label={t("buy.label", { plan: planName(plan.code) })}
            onClick={() => setBuying(plan)}
          >
            {t("buy.button")}
          </Button>
        ) : (
          <Button asChild variant="secondary">
            <RouterLink to={`/auth/login?return_to=${encodeURIComponent(HERE)}`}>
              {t("buy.signIn")}
              <span className="sr-only"> {t("buy.signInFor", { plan: planName(plan.code) })}</span>
            </RouterLink>
          </Button>
        ),
    },
  ]

  return (
    <>
      <PageHero
        id="enterprise-title"
        eyebrow={t("hero.eyebrow")}
        title={t("hero.title")}
        lead={t("hero.lead")}
        breadcrumbs={[{ label: t("hero.support"), href: "/support" }, { label: t("hero.title") }]}
      >
        {!user && <span className="text-sm text-muted-foreground">{t("hero.signedOut")}</span>}
      </PageHero>

      {hasPlan && mine.data && (
        <TitledSection id="enterprise-mine" title={t("mine.title")}>
          <CurrentPlan support={mine.data} planName={planName} />
        </TitledSection>
      )}

      <TitledSection id="enterprise-plans" tone={tones[0]} title={t("table.title")} lead={t("table.lead")}>
        <div className="flex flex-col gap-6">
          <CurrencyChoice value={shownCurrency} onChange={choose} />
          {pricing.failure ? (
            <ErrorState
              size="section"
              title={t("table.failed")}
              description={pricing.failure}
              onRetry={pricing.retry}
              retryLabel={t("table.retry")}
            />
          ) : (
            <DataTable
              caption={t("table.caption", { currency: shownCurrency ?? "" })}
              captionHidden
              columns={columns}
              rows={pricing.data?.plans ?? []}
              getRowId={(plan) => plan.code}
              loading={pricing.loading}
              loadingRows={3}
              stackOnMobile
            />
          )}
          <p className="text-sm text-muted-foreground">{t("table.note", { days: ENTERPRISE_TERM_DAYS })}</p>
        </div>
      </TitledSection>

      <TitledSection id="enterprise-terms" tone={tones[1]} title={t("terms.title")}>
        <CheckList
          items={[
            { id: "clock", text: t("terms.clock") },
            { id: "hours", text: t("terms.hours") },
            {
              id: "credit",
              text: t("terms.credit", { percent: SLA_CREDIT_PERCENT, cap: SLA_CREDIT_CAP_PERCENT }),
            },
            { id: "term", text: t("terms.term", { days: ENTERPRISE_TERM_DAYS }) },
            { id: "visible", text: t("terms.visible") },
          ]}
        />
        <p className="mt-6">
          <TextLink to="/support/tickets/new">{t("terms.ask")}</TextLink>
        </p>
      </TitledSection>

      <BuyDialog
        plan={buying}
        onClose={() => setBuying(null)}
        onBought={(purchase) => {
          void mine.mutate({
            current: mine.data?.current ?? purchase.subscription,
            upcoming: mine.data?.current
              ? [...mine.data.upcoming, purchase.subscription]
              : (mine.data?.upcoming ?? []),
          })
        }}
        planName={planName}
        currentEnd={mine.data ? lastEnd(mine.data) : null}
      />
    </>
  )
}

/** When the last term bought ends (a new one starts there), or null. */
function lastEnd(support: MyEnterpriseSupport): string | null {
  const terms = [...(support.current ? [support.current] : []), ...support.upcoming]
  return terms.at(-1)?.endsAt ?? null
}

function CurrencyChoice({
  value,
  onChange,
}: {
  value: Currency | undefined
  onChange: (currency: Currency) => void
}) {
  const { t } = useTranslation(NS)
  return (
    <div className="flex flex-col gap-1.5">
      <span id="enterprise-currency" className="text-sm font-medium text-foreground">
        {t("currency")}
      </span>
      <ButtonGroup aria-labelledby="enterprise-currency">
        {CURRENCIES.map((code) => (
          <Button
            key={code}
            variant={value === code ? "primary" : "primary-light"}
            aria-pressed={value === code}
            onClick={() => onChange(code)}
          >
            {code}
          </Button>
        ))}
      </ButtonGroup>
    </div>
  )
}

function CurrentPlan({
  support,
  planName,
}: {
  support: MyEnterpriseSupport
  planName: (code: string) => string
}) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const money = useMicroMoney()
  const term = (subscription: EnterpriseSubscription) =>
    t("mine.term", {
      plan: planName(subscription.plan),
      from: format.date(subscription.startsAt, "long"),
      until: format.date(subscription.endsAt, "long"),
    })
  const current = support.current
  return (
    <div className="flex flex-col gap-4">
      {current ? (
        <Alert tone="success" title={t("mine.active", { plan: planName(current.plan) })}>
          <p>{t("mine.until", { date: format.dateTime(current.endsAt) })}</p>
          {current.credited > 0 && (
            <p>{t("mine.credited", { amount: money(current.credited, current.currency) })}</p>
          )}
        </Alert>
      ) : null}
      {support.upcoming.length > 0 && (
        <div>
          <h3 className="mb-2 font-semibold text-foreground">{t("mine.upcoming")}</h3>
          <ul className="list-disc ps-6 text-foreground">
            {support.upcoming.map((subscription) => (
              <li key={subscription.id}>{term(subscription)}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}

type Outcome = { kind: "bought"; purchase: EnterprisePurchase } | { kind: "refused"; failure: ApiFailure }

/** A new key per dialog: the same one again for a retry of the same click, so it is charged once. */
const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`

/** Asks before charging the balance, pays, and says what came of it in the same dialog. */
function BuyDialog({
  plan,
  onClose,
  onBought,
  planName,
  currentEnd,
}: {
  plan: EnterprisePlan | null
  onClose: () => void
  onBought: (purchase: EnterprisePurchase) => void
  planName: (code: string) => string
  /** When the account's last term ends: the new one starts then. */
  currentEnd: string | null
}) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const money = useMicroMoney()
  const { api } = useShellServices()
  const [shown, setShown] = useState<{ plan: EnterprisePlan; key: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  // A new plan to buy: a new key and no outcome yet (kept while the dialog fades out).
  if (plan !== null && plan !== shown?.plan) {
    setShown({ plan, key: newKey() })
    setOutcome(null)
  }
  const subject = shown?.plan ?? null

  const pay = async () => {
    if (!shown) return
    setBusy(true)
    try {
      const purchase = await api.send<EnterprisePurchase>("POST", enterpriseApi.buy.url(), {
        plan: shown.plan.code,
        currency: shown.plan.currency,
        idempotencyKey: shown.key,
      })
      setOutcome({ kind: "bought", purchase })
      onBought(purchase)
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error
      setOutcome({ kind: "refused", failure: error })
    } finally {
      setBusy(false)
    }
  }

  const price = subject ? money(subject.price, subject.currency) : ""
  const bought = outcome?.kind === "bought" ? outcome.purchase : null
  const refused = outcome?.kind === "refused" ? outcome.failure : null
  return (
    <Modal
      open={plan !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose()
      }}
      title={
        bought
          ? t("dialog.doneTitle", { plan: planName(bought.subscription.plan) })
          : t("dialog.title", { plan: subject ? planName(subject.code) : "" })
      }
      description={
        bought
          ? undefined
          : t(currentEnd ? "dialog.chargeAfter" : "dialog.charge", {
              price,
              currency: subject?.currency ?? "",
              days: ENTERPRISE_TERM_DAYS,
              date: currentEnd ? format.date(currentEnd, "long") : "",
            })
      }
      footer={
        bought ? (
          <ModalClose asChild>
            <Button variant="primary">{t("dialog.close")}</Button>
          </ModalClose>
        ) : (
          <>
            <ModalClose asChild>
              <Button variant="secondary" disabled={busy}>
                {t("dialog.cancel")}
              </Button>
            </ModalClose>
            <Button variant="primary" loading={busy} disabled={busy} onClick={() => void pay()}>
              {t("dialog.pay", { price })}
            </Button>
          </>
        )
      }
    >
      {bought ? (
        <Alert tone="success" title={t("dialog.active", { plan: planName(bought.subscription.plan) })}>
          <p>
            {t("dialog.period", {
              from: format.dateTime(bought.subscription.startsAt),
              until: format.dateTime(bought.subscription.endsAt),
            })}
          </p>
          <p>{t("dialog.balance", { amount: money(bought.balance, bought.subscription.currency) })}</p>
        </Alert>
      ) : refused ? (
        <Alert
          tone="danger"
          title={refused.code === "INSUFFICIENT_BALANCE" ? t("dialog.short") : t("dialog.failed")}
          action={
            refused.code === "INSUFFICIENT_BALANCE" ? (
              <LinkButton to="/pay" variant="secondary">
                {t("dialog.topUp")}
              </LinkButton>
            ) : undefined
          }
        >
          {refused.message}
        </Alert>
      ) : subject ? (
        <ul className="flex flex-col gap-1 text-sm text-foreground">
          {SEVERITIES.map((severity) => (
            <li key={severity}>
              {t("dialog.target", {
                severity: t(`severity.${severity}`),
                time: format.duration(subject.targets[severity] * 60),
              })}
            </li>
          ))}
          <li>{t(`hours.${subject.hours}`)}</li>
        </ul>
      ) : null}
    </Modal>
  )
}
