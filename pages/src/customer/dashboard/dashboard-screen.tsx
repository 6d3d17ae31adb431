import { useSyncExternalStore } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import {
  Alert,
  Button,
  Card,
  CodeBlock,
  KeyValueItem,
  KeyValueList,
  Skeleton,
  SkeletonGroup,
  SkeletonText,
  Stat,
  StatusDot,
  useFormatter,
  CalendarIcon,
  UploadIcon,
  WalletIcon,
} from "@manyhands/design-system"
import { InlineCode, LinkButton, NumberedSteps, TextLink, titledItems, useMicroMoney } from "../../blocks"
import { CustomerLayout } from "../customer-layout"
import type { DashboardData } from "@manyhands/contract/captcha"
import { DashboardCard } from "./dashboard-card"
import {
  PLACEHOLDER_ORIGIN,
  QUICK_START_LANGUAGES,
  balanceExample,
  quickStartCode,
} from "./quick-start-snippets"
import { AllUploadsLink, RecentTasks } from "./recent-tasks"

/** The page where the API key is made (it is shown only then). */
const API_KEY_PAGE = "/profile/authentication#api-key-title"
const PRICES_SHOWN = 8

const noSubscription = () => () => {}

/** The site's address for the examples: the browser's own; the placeholder while rendered on the server. */
function useSiteOrigin(fixed?: string): string {
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => PLACEHOLDER_ORIGIN,
  )
  return fixed ?? origin
}

export interface CustomerDashboardProps {
  dashboard?: DashboardData
  /** The site's address in the code examples; the browser's own by default (stories fix it). */
  origin?: string
}

/**
 * /enterpage: the customer's balance and spending, the newest tasks (or first steps before any), the API key,
 * code to start with, how busy the service is and the current prices.
 */
export default function CustomerDashboardScreen({ dashboard, origin: fixedOrigin }: CustomerDashboardProps) {
  const { t } = useTranslation("customer")
  const origin = useSiteOrigin(fixedOrigin)
  const noTasks = dashboard !== undefined && dashboard.recent.length === 0

  return (
    <CustomerLayout page="dashboard" title={t("dashboard.title")} lead={t("dashboard.lead")}>
      <Summary dashboard={dashboard} />
      {noTasks ? (
        <FirstSteps />
      ) : (
        <DashboardCard
          id="dashboard-recent"
          title={t("dashboard.recent.title")}
          description={t("dashboard.recent.description")}
          action={<AllUploadsLink />}
        >
          <RecentTasks tasks={dashboard?.recent} />
        </DashboardCard>
      )}
      <ApiKeyCard apiKey={dashboard?.apiKey} origin={origin} />
      <QuickStart origin={origin} />
      <div className="grid gap-6 xl:grid-cols-2">
        <ServiceLoad load={dashboard?.load} />
        <Prices dashboard={dashboard} />
      </div>
    </CustomerLayout>
  )
}

/** Balance with the way to top it up, and tasks and spending today and this month. */
function Summary({ dashboard }: { dashboard?: DashboardData }) {
  const { t } = useTranslation("customer")
  const format = useFormatter()
  const money = useMicroMoney()
  const loading = !dashboard
  const currency = dashboard?.balance.currency ?? "USD"
  const periods = [
    { id: "today", figures: dashboard?.today },
    { id: "month", figures: dashboard?.month },
  ] as const

  return (
    <section aria-labelledby="dashboard-summary" className="flex flex-col gap-4">
      <h2 id="dashboard-summary" className="sr-only">
        {t("dashboard.summary")}
      </h2>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="justify-between gap-4 px-5" aria-busy={loading || undefined}>
          <div role="group" aria-labelledby="dashboard-balance" className="flex flex-col gap-1">
            <div className="flex items-start justify-between gap-3">
              <p id="dashboard-balance" className="text-sm font-medium text-muted-foreground">
                {t("dashboard.balance")}
              </p>
              <WalletIcon aria-hidden="true" className="shrink-0 text-muted-foreground" />
            </div>
            {dashboard ? (
              <p className="text-3xl font-semibold tracking-tight tabular-nums">
                {money(dashboard.balance.amount, dashboard.balance.currency)}
              </p>
            ) : (
              <SkeletonGroup>
                <Skeleton className="mt-1 h-8 w-32" />
              </SkeletonGroup>
            )}
          </div>
          {dashboard ? <BalanceNote dashboard={dashboard} /> : null}
          <div>
            <LinkButton href="/addbalance">{t("dashboard.topUp")}</LinkButton>
          </div>
        </Card>
        <div className="grid gap-4 sm:grid-cols-2 lg:col-span-2">
          {periods.map(({ id, figures }) => (
            <Stat
              key={`${id}-tasks`}
              label={t(`dashboard.stats.${id}Tasks`)}
              value={figures ? format.number(figures.tasks) : ""}
              period={figures ? t("dashboard.stats.solved", { solved: format.number(figures.solved) }) : ""}
              icon={id === "today" ? <UploadIcon /> : <CalendarIcon />}
              loading={loading}
            />
          ))}
          {periods.map(({ id, figures }) => (
            <Stat
              key={`${id}-spent`}
              label={t(`dashboard.stats.${id}Spent`)}
              value={figures ? money(figures.spent, currency) : ""}
              icon={<WalletIcon />}
              loading={loading}
            />
          ))}
        </div>
      </div>
    </section>
  )
}

/** What the balance is good for: a warning when it is empty, else about how many normal images it pays. */
function BalanceNote({ dashboard }: { dashboard: DashboardData }) {
  const { t } = useTranslation("customer")
  const format = useFormatter()
  const { amount } = dashboard.balance
  if (amount <= 0)
    return (
      <p className="text-sm text-warning-text">
        <TransCode text={t("dashboard.balanceEmpty")} />
      </p>
    )
  const price = dashboard.prices.find((entry) => entry.type === "ImageToTextTask")
  // perThousand is in currency units per 1,000 tasks, so one task costs perThousand × 1,000 micro-units.
  const perTask = price ? Math.round(Number(price.perThousand) * 1000) : 0
  if (perTask <= 0) return null
  return (
    <p className="text-sm text-muted-foreground">
      {t("dashboard.balanceLasts", { number: format.number(Math.floor(amount / perTask)) })}
    </p>
  )
}

/** A sentence with one API code in it (ERROR_ZERO_BALANCE), the code set as code. */
function TransCode({ text }: { text: string }) {
  const parts = text.split(/(ERROR_[A-Z_]+)/)
  return <>{parts.map((part, index) => (index % 2 ? <InlineCode key={index}>{part}</InlineCode> : part))}</>
}

/** Before the first task: what to do, in order, with the way to each step. */
function FirstSteps() {
  const { t } = useTranslation("customer")
  const steps = ["balance", "key", "test", "code"] as const
  return (
    <DashboardCard
      id="dashboard-first-steps"
      title={t("dashboard.firstSteps.title")}
      description={t("dashboard.firstSteps.description")}
    >
      <NumberedSteps columns={2} items={titledItems(t, "dashboard.firstSteps.steps", steps)} />
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/testcaptcha">{t("dashboard.firstSteps.test")}</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={API_KEY_PAGE}>{t("dashboard.firstSteps.key")}</Link>
        </Button>
      </div>
    </DashboardCard>
  )
}

/** The key's last characters (the key itself is shown only once) and a call to try it with. */
function ApiKeyCard({ apiKey, origin }: { apiKey?: DashboardData["apiKey"]; origin: string }) {
  const { t } = useTranslation("customer")
  const format = useFormatter()
  const has = apiKey?.exists && apiKey.hint
  return (
    <DashboardCard
      id="dashboard-api-key"
      title={t("dashboard.apiKey.title")}
      description={t("dashboard.apiKey.description")}
    >
      {apiKey ? (
        has ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p>
              {apiKey.createdAt
                ? t("dashboard.apiKey.current", {
                    hint: `…${apiKey.hint}`,
                    date: format.date(apiKey.createdAt, "long"),
                  })
                : t("dashboard.apiKey.currentUndated", { hint: `…${apiKey.hint}` })}{" "}
              <span className="text-muted-foreground">{t("dashboard.apiKey.shownOnce")}</span>
            </p>
            <Button asChild variant="secondary">
              <Link to={API_KEY_PAGE}>{t("dashboard.apiKey.replace")}</Link>
            </Button>
          </div>
        ) : (
          <Alert
            tone="warning"
            title={t("dashboard.apiKey.noneTitle")}
            action={
              <Button asChild>
                <Link to={API_KEY_PAGE}>{t("dashboard.apiKey.create")}</Link>
              </Button>
            }
          >
            {t("dashboard.apiKey.none")}
          </Alert>
        )
      ) : (
        <SkeletonGroup>
          <SkeletonText lines={2} />
        </SkeletonGroup>
      )}
      <div className="flex flex-col gap-2">
        <h3 className="font-semibold">{t("dashboard.apiKey.exampleTitle")}</h3>
        <p className="text-muted-foreground">{t("dashboard.apiKey.exampleText")}</p>
        <CodeBlock code={balanceExample(origin)} language="bash" copyLabel={t("dashboard.apiKey.copy")} />
      </div>
    </DashboardCard>
  )
}

/** A complete program per language: send a picture to in.php, poll res.php for the answer. */
function QuickStart({ origin }: { origin: string }) {
  const { t } = useTranslation("customer")
  return (
    <DashboardCard
      id="dashboard-quick-start"
      title={t("dashboard.quickStart.title")}
      description={t("dashboard.quickStart.description")}
    >
      <CodeBlock
        snippets={QUICK_START_LANGUAGES.map((language) => ({
          language,
          code: quickStartCode(language, origin),
        }))}
        tabsLabel={t("dashboard.quickStart.tabs")}
        copyLabel={t("dashboard.quickStart.copy")}
        size="sm"
        className="[&_pre]:max-h-[28rem] [&_pre]:overflow-y-auto"
      />
      <p className="text-muted-foreground">{t("dashboard.quickStart.libraries")}</p>
    </DashboardCard>
  )
}

/** How busy the service is now, across all customers. */
function ServiceLoad({ load }: { load?: DashboardData["load"] }) {
  const { t } = useTranslation("customer")
  const format = useFormatter()
  return (
    <DashboardCard
      id="dashboard-load"
      title={t("dashboard.load.title")}
      description={t("dashboard.load.description")}
    >
      {load ? (
        <KeyValueList divided>
          <KeyValueItem label={t("dashboard.load.waiting")} numeric>
            {format.number(load.waiting)}
          </KeyValueItem>
          <KeyValueItem label={t("dashboard.load.workers")} numeric>
            <StatusDot
              status={load.workersOnline > 0 ? "online" : "offline"}
              label={format.number(load.workersOnline)}
            />
          </KeyValueItem>
          <KeyValueItem label={t("dashboard.load.median")} numeric>
            {load.medianSolveSeconds === null ? (
              <span className="font-normal text-muted-foreground">{t("dashboard.load.noMedian")}</span>
            ) : (
              format.duration(load.medianSolveSeconds)
            )}
          </KeyValueItem>
        </KeyValueList>
      ) : (
        <SkeletonGroup>
          <SkeletonText lines={3} />
        </SkeletonGroup>
      )}
    </DashboardCard>
  )
}

/** The first image types' prices per 1,000 in the customer's currency, and the way to all prices. */
function Prices({ dashboard }: { dashboard?: DashboardData }) {
  const { t } = useTranslation("customer")
  const format = useFormatter()
  const currency = dashboard?.balance.currency ?? "USD"
  const prices = dashboard?.prices.filter((price) => price.kind === "image").slice(0, PRICES_SHOWN)
  return (
    <DashboardCard
      id="dashboard-prices"
      title={t("dashboard.prices.title")}
      description={t("dashboard.prices.description", { currency })}
      action={<TextLink to="/pricing">{t("dashboard.prices.all")}</TextLink>}
    >
      {prices ? (
        prices.length > 0 ? (
          <KeyValueList divided>
            {prices.map((price) => (
              <KeyValueItem
                key={price.type}
                label={t(`common:captchaTypes.${price.type}`, { defaultValue: price.type })}
                numeric
              >
                {format.number(Number(price.perThousand), {
                  style: "currency",
                  currency,
                  minimumFractionDigits: 2,
                  maximumFractionDigits: 3,
                })}
              </KeyValueItem>
            ))}
          </KeyValueList>
        ) : (
          <p className="text-muted-foreground">{t("dashboard.prices.empty")}</p>
        )
      ) : (
        <SkeletonGroup>
          <SkeletonText lines={6} />
        </SkeletonGroup>
      )}
    </DashboardCard>
  )
}
