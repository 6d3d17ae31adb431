/**
 * The answers of the affiliate API (server/AFFILIATE.md, server/src/modules/affiliate/routes.ts) as the screens of
 * /partner and the materials area (/partner/materials/…) receive them. Each route's data hooks
 * (app/src/data-hooks.ts) preload the default answer under these addresses (the last 30 days, the first page of
 * referrals, newest first); screens fetch other windows, pages and orders with `api.get`.
 *
 * Money is in ledger micro-units (millionths of the currency: 2_500_000 USD is $2.50), always per currency.
 * Windows are whole UTC days as YYYY-MM-DD, both ends included.
 */
import type { Currency, Page } from "../customer/customer-data"

export type { Currency, Page }

export const PARTNER_URLS = {
  /** GET ?from=&to= → PartnerSummary. */
  summary: "/api/v2/partner/summary",
  /** GET ?from=&to=&page=&pageSize=&sort= → ReferralPage. */
  referrals: "/api/v2/partner/referrals",
  /** GET ?from=&to= → PartnerSources. */
  sources: "/api/v2/partner/sources",
  /** GET → PartnerMaterials (banners and landing pages with the partner's own link). */
  materials: "/api/v2/partner/materials",
} as const

/** Every currency an amount may be in; the API always sends both keys. */
export const CURRENCIES = ["USD", "RUB"] as const satisfies readonly Currency[]

/** Micro-units per currency: `{ USD: 130, RUB: 0 }`. */
export type Amounts = Record<Currency, number>

/** The server's window without dates: today (UTC) and the 29 days before. */
export const DEFAULT_DAYS = 30
/** The longest window the API takes. */
export const MAX_DAYS = 366

export interface PartnerShares {
  /** Per cent of a referred customer's charge for a task (10 = 10 %). */
  customerPercent: number
  /** Per cent of a referred worker's pay for an answer. */
  workerPercent: number
}

export interface PartnerDay {
  /** YYYY-MM-DD (UTC). */
  date: string
  clicks: number
  uniqueClicks: number
  signUps: number
  /** Earned from referred customers' spending that day. */
  customers: Amounts
  /** Earned from referred workers' pay that day. */
  workers: Amounts
}

/** GET /api/v2/partner/summary */
export interface PartnerSummary {
  userId: string
  /** The partner's referral link: the site with ?from=<id>. */
  link: string
  from: string
  to: string
  shares: PartnerShares
  /** Referral events with this partner's id in the window; `uniqueClicks` only the first per visitor. */
  clicks: number
  uniqueClicks: number
  /** Accounts registered through the partner in the window; `referralsTotal` ever. */
  signUps: number
  /** Referred accounts that spent on captchas or earned for answers in the window. */
  activeReferrals: number
  referralsTotal: number
  /** Earned in the window by source (refunds subtract). */
  earnings: { customers: Amounts; workers: Amounts; total: Amounts }
  earnedAllTime: Amounts
  /** The partner balance: `available` is what a payout may take (posted less holds). */
  balance: { posted: Amounts; available: Amounts }
  /** Every day of the window, oldest first, zeros included. */
  days: PartnerDay[]
}

export const REFERRAL_SORTS = ["newest", "oldest", "activity", "commission"] as const
/** newest / oldest: by registration; activity: last activity, none last; commission: earned in the window. */
export type ReferralSort = (typeof REFERRAL_SORTS)[number]
export const DEFAULT_SORT: ReferralSort = "newest"
export const REFERRALS_PAGE_SIZE = 20

export type ReferralType = "developer" | "customer" | "worker"

/** One account the partner brought. */
export interface Referral {
  id: string
  /** Masked: "jo***@example.com". */
  email: string
  /** Null until the person chose what they use Manyhands for. */
  type: ReferralType | null
  /** ISO 8601. */
  registeredAt: string
  /** The e-mail address was confirmed. */
  confirmed: boolean
  /** The later of the last sign-in and the last money movement, ever; null when neither happened. */
  lastActivityAt: string | null
  /** In the window: spent on captchas (charges less refunds). */
  spend: Amounts
  /** In the window: earned for answers. */
  earnings: Amounts
  /** What the partner earned from this person in the window, and ever. */
  commission: Amounts
  commissionTotal: Amounts
}

/** GET /api/v2/partner/referrals */
export interface ReferralPage extends Page<Referral> {
  from: string
  to: string
  sort: ReferralSort
}

export interface SourceRow {
  /** The `source` parameter of the link, else the referring site's host, else "direct". */
  source: string
  clicks: number
  uniqueClicks: number
  signUps: number
}

export interface UtmRow {
  /** "" where the sign-up's attribution had none. */
  utmSource: string
  utmMedium: string
  utmCampaign: string
  signUps: number
}

/** GET /api/v2/partner/sources: most clicks first; UTM rows most sign-ups first (clicks carry no UTM). */
export interface PartnerSources {
  from: string
  to: string
  bySource: SourceRow[]
  byUtm: UtmRow[]
}

/** The source the server names visits that came with no source and no outside referrer. */
export const DIRECT_SOURCE = "direct"

export interface PartnerBanner {
  /** The size, "468x60": also the file name under /partner-banners/. */
  id: string
  size: string
  width: number
  height: number
  /** Absolute address of the SVG. */
  imageUrl: string
  /** The HTML to paste: the banner as a link to the partner's referral address (values escaped). */
  embedCode: string
}

export const LANDING_AUDIENCES = ["everyone", "customers", "workers"] as const
export type LandingAudience = (typeof LANDING_AUDIENCES)[number]

/** The pages the API offers (LANDING_PAGES in routes.ts); the screens name them by id in their translations. */
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

export interface LandingPage {
  id: string
  path: string
  audience: LandingAudience
  /** The page's address with the partner's ?from=. */
  link: string
}

/** GET /api/v2/partner/materials */
export interface PartnerMaterials {
  link: string
  /** 468x60, 728x90, 300x250, 160x600, in this order. */
  banners: PartnerBanner[]
  landingPages: LandingPage[]
}
