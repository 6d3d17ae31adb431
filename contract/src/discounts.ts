/*
 * The discount campaigns API (server/MONEY.md "Discount campaigns"): the public list and what a top-up would get,
 * and the admins' campaigns. A campaign is a bonus percentage on top-ups of one currency, in a date window and an
 * amount band. Money is in ledger micro-units of the campaign's currency (50_000_000 USD is $50.00).
 */
import { defineEndpoints, routeDatum } from "./endpoint"
import { SITE_LANGUAGES, type SiteLanguage } from "./languages"
import { CURRENCIES } from "./money"
import {
  DateTime,
  DateTimeInput,
  IdParams,
  Nullable,
  StrictObject,
  StringEnum,
  Text,
  Type,
  type Static,
} from "./schema"

/** upcoming and active campaigns are public; ended and disabled ones only the admins see. */
export const CAMPAIGN_STATES = ["upcoming", "active", "ended", "disabled"] as const
export type CampaignState = (typeof CAMPAIGN_STATES)[number]

/** The languages a campaign's name may be given in: the site's, English first and required. */
export const NAME_LANGUAGES = SITE_LANGUAGES

/** The longest name in one language, in characters. */
export const NAME_MAX_LENGTH = 100
/** Far above any top-up (RUB 1,000,000 is 10^12), far below where amount × percent stops being exact. */
export const MAX_AMOUNT = 10 ** 13

const campaignProperties = {
  id: Type.String(),
  name: Type.Unsafe<Record<string, string>>(
    Type.Object(
      {},
      {
        additionalProperties: Type.String(),
        description:
          'The name per site language ("en" always there); show the page\'s language, else English.',
      },
    ),
  ),
  percent: Type.Integer({ description: "The bonus, 1–100 % of the amount paid." }),
  currency: StringEnum(CURRENCIES),
  minAmount: Type.Integer({
    description: "The band of top-up amounts it applies to, micro-units, both ends included.",
  }),
  maxAmount: Nullable(Type.Integer(), { description: "null: no upper end." }),
  startsAt: DateTime("In force from startsAt (included)."),
  endsAt: DateTime("Until endsAt (excluded)."),
  state: StringEnum(CAMPAIGN_STATES),
}

export const DiscountCampaign = Type.Object(campaignProperties)
export type DiscountCampaign = Static<typeof DiscountCampaign>

/** A campaign as the admins see it, with what it has paid. */
export const AdminDiscountCampaign = Type.Object({
  ...campaignProperties,
  disabledAt: Nullable(DateTime()),
  createdAt: DateTime(),
  bonusesPaid: Type.Integer({ description: "Succeeded payments that got this campaign's bonus." }),
  bonusTotal: Type.Integer({ description: "The sum of those bonuses, micro-units." }),
})
export type AdminDiscountCampaign = Static<typeof AdminDiscountCampaign>

/** GET /api/v2/discount-campaigns */
export const CampaignList = Type.Object({ items: Type.Array(DiscountCampaign) })
export type CampaignList = Static<typeof CampaignList>

/** GET /api/v2/admin/discount-campaigns */
export const AdminCampaignList = Type.Object({ items: Type.Array(AdminDiscountCampaign) })
export type AdminCampaignList = Static<typeof AdminCampaignList>

/** GET /api/v2/discount-campaigns/applicable */
export const ApplicableDiscount = Type.Object({
  campaign: Type.Union([DiscountCampaign, Type.Null()]),
  bonus: Type.Integer({ description: "Micro-units: floor(amount × percent / 100); 0 without a campaign." }),
})
export type ApplicableDiscount = Static<typeof ApplicableDiscount>

/** A name with something in it besides spaces. */
const Name = () => Text(NAME_MAX_LENGTH)

/** The name of a new or changed campaign: English required, the other site languages optional. */
const CampaignName = Type.Unsafe<{ en: string } & Partial<Record<SiteLanguage, string>>>(
  StrictObject(
    Object.fromEntries(
      NAME_LANGUAGES.map((language) => [language, language === "en" ? Name() : Type.Optional(Name())]),
    ),
  ),
)

/** POST and PUT /api/v2/admin/discount-campaigns */
export const CampaignInput = StrictObject({
  name: CampaignName,
  percent: Type.Integer({ minimum: 1, maximum: 100 }),
  currency: StringEnum(CURRENCIES),
  minAmount: Type.Integer({ minimum: 0, maximum: MAX_AMOUNT }),
  maxAmount: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: MAX_AMOUNT }))),
  startsAt: DateTimeInput(),
  endsAt: DateTimeInput("ISO 8601 with a time zone; after the start and still to come."),
})
export type CampaignInput = Static<typeof CampaignInput>

const ADMIN = ["NOT_SIGNED_IN", "FORBIDDEN"] as const
const CHECKED = ["DISCOUNT_CAMPAIGN_DATES_INVALID", "DISCOUNT_CAMPAIGN_BAND_INVALID"] as const

export const discountsApi = defineEndpoints("discounts", {
  campaigns: {
    method: "GET",
    path: "/api/v2/discount-campaigns",
    summary: "The campaigns in force and those still to start, soonest first",
    public: true,
    response: { 200: CampaignList },
  },
  applicable: {
    method: "GET",
    path: "/api/v2/discount-campaigns/applicable",
    summary: "What a top-up of an amount would get now: the best campaign in force and its bonus",
    public: true,
    querystring: StrictObject({
      amount: Type.Integer({ minimum: 1, maximum: MAX_AMOUNT }),
      currency: StringEnum(CURRENCIES),
    }),
    response: { 200: ApplicableDiscount },
  },
  adminList: {
    method: "GET",
    path: "/api/v2/admin/discount-campaigns",
    summary: "Every campaign for admins, newest start first, with what each has paid",
    response: { 200: AdminCampaignList },
    errors: ADMIN,
  },
  create: {
    method: "POST",
    path: "/api/v2/admin/discount-campaigns",
    summary: "Create a discount campaign",
    body: CampaignInput,
    response: { 201: AdminDiscountCampaign },
    errors: [...ADMIN, ...CHECKED],
  },
  update: {
    method: "PUT",
    path: "/api/v2/admin/discount-campaigns/:id",
    summary: "Change a campaign that is not disabled (payments already made keep their percent)",
    params: IdParams,
    body: CampaignInput,
    response: { 200: AdminDiscountCampaign },
    errors: [...ADMIN, ...CHECKED, "DISCOUNT_CAMPAIGN_NOT_FOUND", "DISCOUNT_CAMPAIGN_DISABLED"],
  },
  disable: {
    method: "POST",
    path: "/api/v2/admin/discount-campaigns/:id/disable",
    summary: "Disable a campaign for new payments, for good",
    params: IdParams,
    response: { 200: AdminDiscountCampaign },
    errors: [...ADMIN, "DISCOUNT_CAMPAIGN_NOT_FOUND"],
  },
})

/** The discount screens' route data (app/routes/discounts.json, money.json): preloaded with the page. */
export const discountsRouteData = {
  discountCampaigns: routeDatum(discountsApi.campaigns),
  adminDiscountCampaigns: routeDatum(discountsApi.adminList),
}
