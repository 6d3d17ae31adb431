import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import {
  Badge,
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  Field,
  Select,
  UserIcon,
  useFormatter,
  type EmptyStateProps,
  type TableColumn,
} from "@manyhands/design-system"
import { PagedListSection, TextLink } from "../../blocks"
import { TwoLines } from "../../customer/settings/shared/cells"
import { todayIn } from "../../customer/statistics/shared/days"
import { useApi, withQueryString } from "../../api"
import {
  DEFAULT_SORT,
  partnerApi,
  REFERRAL_SORTS,
  type Referral,
  type ReferralPage,
  type ReferralSort,
} from "@manyhands/contract/affiliate"
import { AFFILIATE_HREFS, AffiliateLayout } from "../affiliate-layout"
import { AmountsText, isZero, useAmounts } from "../shared/partner-parts"
import { usePartnerWindow, WindowCard } from "../shared/partner-window"

const isSort = (value: string | null): value is ReferralSort => REFERRAL_SORTS.some((sort) => sort === value)

/** A page number from the address: a whole number from 1, else the first page. */
function pageOf(value: string | null): number {
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1
}

export interface ReferralsScreenProps {
  /** GET /api/v2/partner/referrals: the first page, newest first, for the last 30 days; preloaded by the route. */
  partnerReferrals?: ReferralPage
  /** Today (UTC) as YYYY-MM-DD; the server's (or the clock's) unless a story fixes it. */
  today?: string
}

/**
 * /partner/materials/invited-referrals: every account that signed up through the partner's link, with what each
 * did and brought in a window of days. The window, the order and the page live in the address
 * (?dateFrom=&dateTo=&sort=&page=).
 */
export default function ReferralsScreen({ partnerReferrals, today }: ReferralsScreenProps) {
  const { t } = useTranslation("partner")
  const format = useFormatter()
  const [params, setParams] = useSearchParams()
  const range = usePartnerWindow(today ?? partnerReferrals?.to ?? todayIn("UTC"))
  const sort = isSort(params.get("sort")) ? (params.get("sort") as ReferralSort) : DEFAULT_SORT
  const page = pageOf(params.get("page"))

  const query = new URLSearchParams(range.query)
  if (page > 1) query.set("page", String(page))
  if (sort !== DEFAULT_SORT) query.set("sort", sort)
  const list = useApi(withQueryString(partnerApi.referrals.url(), query.toString()), {
    initial: query.toString() === "" ? partnerReferrals : undefined,
  })
  const columns = useReferralColumns()

  const change = (name: "page" | "sort", value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value === null) next.delete(name)
        else next.set(name, value)
        if (name === "sort") next.delete("page")
        return next
      },
      { replace: name === "sort", preventScrollReset: true },
    )

  const period = t("window.shown", {
    from: format.date(range.shown.from, "long"),
    to: format.date(range.shown.to, "long"),
  })
  // The same days without "Showing", for the table's caption.
  const days = t("window.days", {
    from: format.date(range.shown.from, "long"),
    to: format.date(range.shown.to, "long"),
  })
  const caption = t("referrals.caption", { period: days })
  const empty: EmptyStateProps =
    list.data && list.data.total > 0
      ? {
          // There are referrals, just none on this page (an address past the last page).
          icon: <UserIcon />,
          title: t("referrals.beyond.title"),
          action: (
            <Button variant="secondary" onClick={() => change("page", null)}>
              {t("referrals.beyond.action")}
            </Button>
          ),
        }
      : {
          icon: <UserIcon />,
          title: t("referrals.empty.title"),
          description: t("referrals.empty.description"),
          action: <TextLink to={AFFILIATE_HREFS.landingPages}>{t("referrals.empty.action")}</TextLink>,
        }

  return (
    <AffiliateLayout page="referrals" title={t("referrals.title")} lead={t("referrals.lead")}>
      <WindowCard {...range.picker} />
      <p role="status" className="text-sm text-muted-foreground">
        {list.loading ? t("referrals.loading") : period}
      </p>
      <Card asChild className="gap-5">
        <section aria-labelledby="referrals-list">
          <CardHeader>
            <CardTitle as="h2" id="referrals-list">
              {t("referrals.listTitle")}
            </CardTitle>
            <CardDescription>{t("referrals.listDescription")}</CardDescription>
          </CardHeader>
          <CardBody className="flex flex-col gap-4">
            <Field label={t("referrals.sort.label")} className="w-full sm:w-64">
              <Select
                name="sort"
                value={sort}
                onValueChange={(value) => change("sort", value === DEFAULT_SORT ? null : value)}
                options={REFERRAL_SORTS.map((value) => ({
                  value,
                  label: t(`referrals.sort.${value}`),
                }))}
              />
            </Field>
            <PagedListSection
              status={{
                range: (shown) => t("referrals.range", shown),
                // Announced only once the reader changed the page or the order.
                live: page > 1 || sort !== DEFAULT_SORT,
              }}
              list={list}
              page={page}
              onPageChange={(next) => change("page", next === 1 ? null : String(next))}
              labels={{ error: t("referrals.error"), retry: t("retry"), pagination: t("referrals.pages") }}
              caption={caption}
              columns={columns}
              getRowId={(row) => row.id}
              size="sm"
              maxLoadingRows={8}
              empty={empty}
              className="gap-4"
            />
          </CardBody>
        </section>
      </Card>
    </AffiliateLayout>
  )
}

const TYPE_TONES = { developer: "promo", customer: "info", worker: "success" } as const

/** The columns of the referrals table: who, of which kind, since when, last seen, activity and commission. */
function useReferralColumns(): TableColumn<Referral>[] {
  const { t } = useTranslation("partner")
  const format = useFormatter()
  const amounts = useAmounts()
  return [
    {
      key: "email",
      header: t("referrals.columns.referral"),
      rowHeader: true,
      cell: (row) => (
        <TwoLines
          main={<span className="[overflow-wrap:anywhere]">{row.email}</span>}
          detail={
            <Badge tone={row.confirmed ? "success" : "warning"} size="sm">
              {t(row.confirmed ? "referrals.confirmed" : "referrals.unconfirmed")}
            </Badge>
          }
        />
      ),
    },
    {
      key: "type",
      header: t("referrals.columns.type"),
      cell: (row) =>
        row.type ? (
          <Badge tone={TYPE_TONES[row.type]}>{t(`referrals.types.${row.type}`)}</Badge>
        ) : (
          <span className="text-muted-foreground">{t("referrals.types.none")}</span>
        ),
    },
    {
      key: "registeredAt",
      header: t("referrals.columns.registered"),
      cell: (row) => format.date(row.registeredAt),
    },
    {
      key: "lastActivityAt",
      header: t("referrals.columns.lastActivity"),
      cell: (row) =>
        row.lastActivityAt ? (
          format.dateTime(row.lastActivityAt)
        ) : (
          <span className="text-muted-foreground">{t("referrals.never")}</span>
        ),
    },
    {
      key: "activity",
      header: t("referrals.columns.activity"),
      align: "numeric",
      cell: (row) => <ActivityCell referral={row} />,
    },
    {
      key: "commission",
      header: t("referrals.columns.commission"),
      align: "numeric",
      cell: (row) => (
        <span className="inline-flex flex-col items-end gap-0.5">
          <AmountsText value={row.commission} muteZero />
          {amounts(row.commissionTotal).map((amount) => (
            <span key={amount} className="text-xs whitespace-nowrap text-muted-foreground">
              {t("referrals.inAll", { amount })}
            </span>
          ))}
        </span>
      ),
    },
  ]
}

/** What the person spent on captchas and earned for answers in the window: the lines that are not zero. */
function ActivityCell({ referral }: { referral: Referral }) {
  const { t } = useTranslation("partner")
  const amounts = useAmounts()
  const lines = [
    ...(isZero(referral.spend)
      ? []
      : amounts(referral.spend).map((amount) => t("referrals.spent", { amount }))),
    ...(isZero(referral.earnings)
      ? []
      : amounts(referral.earnings).map((amount) => t("referrals.earned", { amount }))),
  ]
  if (lines.length === 0) return <span className="text-muted-foreground">{t("referrals.noActivity")}</span>
  return (
    <span className="inline-flex flex-col items-end whitespace-nowrap">
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </span>
  )
}
