/*
 * The affiliate programme's API (server/AFFILIATE.md): the partner's summary, referred users, sources and
 * materials. Money is in ledger micro-units (millionths of the currency: 2_500_000 USD is $2.50), always per
 * currency; windows are whole UTC days as YYYY-MM-DD, both ends included (the last 30 days unless given).
 */
import { Page, pageQueryProperties } from "./common"
import { defineEndpoints, routeDatum } from "./endpoint"
import { Day, Nullable, StrictObject, StringEnum, Type, type Static } from "./schema"

/** The ledger's currencies: every amount of the programme is given in each of them. */
export { CURRENCIES, type Currency } from "./common"

/** The window the API shows without dates: today (UTC) and the 29 days before. */
export const DEFAULT_DAYS = 30
/** The longest window the API takes. */
export const MAX_DAYS = 366

export const REFERRAL_SORTS = ["newest", "oldest", "activity", "commission"] as const
/** newest / oldest: by registration; activity: last activity, none last; commission: earned in the window. */
export type ReferralSort = (typeof REFERRAL_SORTS)[number]
export const DEFAULT_SORT: ReferralSort = "newest"

export const REFERRAL_TYPES = ["developer", "customer", "worker"] as const
export type ReferralType = (typeof REFERRAL_TYPES)[number]

export const LANDING_AUDIENCES = ["everyone", "customers", "workers"] as const
export type LandingAudience = (typeof LANDING_AUDIENCES)[number]

/** The pages the materials offer links to (the server's LANDING_PAGES); screens name them by id. */
export const LANDING_PAGE_IDS = [
  "home",
  "register",
  "for-customer",
  "captcha-workaround",
  "captcha-bypass-extension",
  "data",
  "make-money-online",
  "jobs",
] as const
export type LandingPageId = (typeof LANDING_PAGE_IDS)[number]

/** The source the server names visits that came with no source and no outside referrer. */
export const DIRECT_SOURCE = "direct"

/** Micro-units per currency: `{ USD: 130, RUB: 0 }`; both are always present. */
const amounts = (description?: string) =>
  Type.Object({ USD: Type.Integer(), RUB: Type.Integer() }, description ? { description } : {})
export const Amounts = amounts()
export type Amounts = Static<typeof Amounts>

const windowProperties = {
  from: Type.Optional(Day("The first day (UTC), YYYY-MM-DD; 29 days before `to` unless given.")),
  to: Type.Optional(Day("The last day (UTC), YYYY-MM-DD; today unless given.")),
}

/** ?from=&to=: a window of whole UTC days, at most MAX_DAYS. */
export const WindowQuery = StrictObject(windowProperties)
export type WindowQuery = Static<typeof WindowQuery>

export const PartnerShares = Type.Object({
  customerPercent: Type.Integer({
    description: "Per cent of a referred customer's charge for a task (10 = 10 %).",
  }),
  workerPercent: Type.Integer({ description: "Per cent of a referred worker's pay for an answer." }),
})
export type PartnerShares = Static<typeof PartnerShares>

export const PartnerDay = Type.Object({
  date: Type.String({ description: "YYYY-MM-DD (UTC)." }),
  clicks: Type.Integer(),
  uniqueClicks: Type.Integer(),
  signUps: Type.Integer(),
  customers: amounts("Earned from referred customers' spending that day."),
  workers: amounts("Earned from referred workers' pay that day."),
})
export type PartnerDay = Static<typeof PartnerDay>

export const PartnerSummary = Type.Object({
  userId: Type.String(),
  link: Type.String({ description: "The partner's referral link: the site with ?from=<id>." }),
  from: Type.String(),
  to: Type.String(),
  shares: PartnerShares,
  clicks: Type.Integer({ description: "Referral events with this partner's id in the window." }),
  uniqueClicks: Type.Integer({ description: "Only the first click of each visitor." }),
  signUps: Type.Integer({ description: "Accounts registered through the partner in the window." }),
  activeReferrals: Type.Integer({
    description: "Referred accounts that spent on captchas or earned for answers in the window.",
  }),
  referralsTotal: Type.Integer({ description: "Everyone the link brought, ever." }),
  earnings: Type.Object(
    { customers: Amounts, workers: Amounts, total: Amounts },
    { description: "Earned in the window by source (refunds subtract)." },
  ),
  earnedAllTime: Amounts,
  balance: Type.Object(
    { posted: Amounts, available: Amounts },
    {
      description:
        "The partner_balance accounts: posted, and available (what a payout may take: posted less holds).",
    },
  ),
  days: Type.Array(PartnerDay, { description: "Every day of the window, oldest first, zeros included." }),
})
export type PartnerSummary = Static<typeof PartnerSummary>

/** One account the partner brought. */
export const Referral = Type.Object({
  id: Type.String(),
  email: Type.String({ description: 'Masked: "jo***@example.com".' }),
  type: Nullable(StringEnum(REFERRAL_TYPES), {
    description: "Null until the person chose what they use Manyhands for.",
  }),
  registeredAt: Type.String({ description: "ISO 8601." }),
  confirmed: Type.Boolean({
    description: "The e-mail address was confirmed (an unconfirmed account cannot sign in yet).",
  }),
  lastActivityAt: Nullable(Type.String(), {
    description:
      "The later of the last sign-in and the last money movement (top-up, task, pay), ever; null when neither happened.",
  }),
  spend: amounts("In the window: spent on captchas (charges less refunds)."),
  earnings: amounts("In the window: earned for answers."),
  commission: amounts("What the partner earned from this person in the window."),
  commissionTotal: amounts("What the partner earned from this person, ever."),
})
export type Referral = Static<typeof Referral>

export const ReferralPage = Page(Referral, {
  from: Type.String(),
  to: Type.String(),
  sort: StringEnum(REFERRAL_SORTS),
})
export type ReferralPage = Static<typeof ReferralPage>

export const SourceRow = Type.Object({
  source: Type.String({
    description: 'The `source` parameter of the link, else the referring site\'s host, else "direct".',
  }),
  clicks: Type.Integer(),
  uniqueClicks: Type.Integer(),
  signUps: Type.Integer(),
})
export type SourceRow = Static<typeof SourceRow>

export const UtmRow = Type.Object({
  utmSource: Type.String({ description: '"" where the sign-up\'s attribution had none.' }),
  utmMedium: Type.String(),
  utmCampaign: Type.String(),
  signUps: Type.Integer(),
})
export type UtmRow = Static<typeof UtmRow>

export const PartnerSources = Type.Object({
  from: Type.String(),
  to: Type.String(),
  bySource: Type.Array(SourceRow, {
    description: "Clicks (the tracker's referral events) and sign-ups by source, most clicks first.",
  }),
  byUtm: Type.Array(UtmRow, {
    description:
      "Sign-ups by the utm_source / utm_medium / utm_campaign of their attribution, most first. Clicks carry no " +
      "UTM: the tracker's referral event has only from, source and unique.",
  }),
})
export type PartnerSources = Static<typeof PartnerSources>

export const PartnerBanner = Type.Object({
  id: Type.String({ description: 'The size, "468x60": also the file name under /partner-banners/.' }),
  size: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  imageUrl: Type.String({ description: "Absolute address of the SVG." }),
  embedCode: Type.String({
    description:
      "The HTML to paste: the banner as a link to the partner's referral address (values escaped).",
  }),
})
export type PartnerBanner = Static<typeof PartnerBanner>

export const LandingPage = Type.Object({
  id: Type.String(),
  path: Type.String(),
  audience: StringEnum(LANDING_AUDIENCES),
  link: Type.String({ description: "The page's address with the partner's ?from=." }),
})
export type LandingPage = Static<typeof LandingPage>

export const PartnerMaterials = Type.Object({
  link: Type.String(),
  banners: Type.Array(PartnerBanner, { description: "468x60, 728x90, 300x250, 160x600, in this order." }),
  landingPages: Type.Array(LandingPage),
})
export type PartnerMaterials = Static<typeof PartnerMaterials>

const windowErrors = ["NOT_SIGNED_IN", "DATE_INVALID", "DATE_RANGE_INVALID", "DATE_RANGE_TOO_LONG"] as const

export const partnerApi = defineEndpoints("partner", {
  summary: {
    method: "GET",
    path: "/api/v2/partner/summary",
    summary: "The partner's link, shares, traffic, earnings by day and balance in a window of days",
    querystring: WindowQuery,
    response: { 200: PartnerSummary },
    errors: windowErrors,
  },
  referrals: {
    method: "GET",
    path: "/api/v2/partner/referrals",
    summary: "The accounts the partner brought, with their activity and commission in a window of days",
    querystring: StrictObject({
      ...windowProperties,
      ...pageQueryProperties,
      sort: StringEnum(REFERRAL_SORTS, { default: DEFAULT_SORT }),
    }),
    response: { 200: ReferralPage },
    errors: windowErrors,
  },
  sources: {
    method: "GET",
    path: "/api/v2/partner/sources",
    summary: "Clicks and sign-ups by source, and sign-ups by UTM tags, in a window of days",
    querystring: WindowQuery,
    response: { 200: PartnerSources },
    errors: windowErrors,
  },
  materials: {
    method: "GET",
    path: "/api/v2/partner/materials",
    summary:
      "The referral link, the banners with their embed code, and landing pages with the partner's link",
    response: { 200: PartnerMaterials },
    errors: ["NOT_SIGNED_IN"],
  },
})

/**
 * The affiliate screens' route data (app/routes/affiliate.json): the default answers (the last 30 days, the
 * first page of referrals, newest first) are preloaded with the page.
 */
export const affiliateRouteData = {
  partnerSummary: routeDatum(partnerApi.summary),
  partnerReferrals: routeDatum(partnerApi.referrals),
  partnerSources: routeDatum(partnerApi.sources),
  partnerMaterials: routeDatum(partnerApi.materials),
}
