import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Badge, StarIcon, WalletIcon, type BadgeTone, type SidebarSection } from "@manyhands/design-system"
import type { ListLabels } from "../../admin-lists"
import { AreaLayout } from "../../blocks"
import { ApiFailure } from "../../shell-context"
import type { PromoStatus, VoucherStatus } from "@manyhands/contract/codes"

/** Crockford's base32, as the server issues codes: no I, L, O or U. */
const VOUCHER_CODE = /^[0-9A-HJKMNP-TV-Z]{16}$/

/**
 * A voucher code as it is being typed or pasted: upper case, only letters and digits, in groups of four
 * (7K3M-9QXR-2B4T-HW8P), at most 16 characters. What the server accepts, it also accepts.
 */
export function formatVoucherInput(typed: string): string {
  const bare = typed
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, "")
    .slice(0, 16)
  return bare.match(/.{1,4}/g)?.join("-") ?? ""
}

/** The code as the server will read it (look-alikes O, I and L as 0 and 1), or null if it cannot be one. */
export function voucherCodeOf(typed: string): string | null {
  const bare = typed
    .toUpperCase()
    .replace(/[\s_\u2010-\u2015-]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1")
  return VOUCHER_CODE.test(bare) ? bare : null
}

/** Refusals the screens have their own words for (`codes:errors.<CODE>`); the rest keep the app's message. */
const CODE_ERRORS = [
  "VOUCHER_NOT_FOUND",
  "VOUCHER_ALREADY_REDEEMED",
  "VOUCHER_CODE_INVALID",
  "PROMO_NOT_FOUND",
  "PROMO_NOT_STARTED",
  "PROMO_EXPIRED",
  "PROMO_DISABLED",
  "PROMO_ALREADY_USED",
  "PROMO_EXHAUSTED",
  "PROMO_NEW_CUSTOMERS_ONLY",
  "PROMO_CODE_TAKEN",
  "PROMO_CODE_INVALID",
] as const

/**
 * A refusal of a redemption in the page's language, under the code field where it is about the code; after a
 * rate limit the message says when to try again (the attempts are counted per hour too).
 */
export function useCodeFailure(): (error: unknown) => unknown {
  const { t } = useTranslation("codes")
  return (error) => {
    if (!(error instanceof ApiFailure)) return error
    if (error.code === "RATE_LIMITED") {
      const minutes = Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60))
      return new ApiFailure(t("errors.RATE_LIMITED", { minutes }), error.code, error.status)
    }
    if (!(CODE_ERRORS as readonly string[]).includes(error.code ?? "")) return error
    const message = t(`errors.${error.code as (typeof CODE_ERRORS)[number]}`)
    return new ApiFailure(message, error.code, error.status, { code: message }, error.retryAfter)
  }
}

const VOUCHER_TONES: Record<VoucherStatus, BadgeTone> = {
  issued: "info",
  redeemed: "success",
  revoked: "neutral",
}

const PROMO_TONES: Record<PromoStatus, BadgeTone> = {
  active: "success",
  scheduled: "info",
  expired: "neutral",
  exhausted: "warning",
  disabled: "danger",
}

/** A status as a badge; the text carries the meaning, the colour only repeats it. */
export function VoucherStatusBadge({ status }: { status: VoucherStatus }) {
  const { t } = useTranslation("codes")
  return (
    <Badge tone={VOUCHER_TONES[status]} dot>
      {t(`statuses.voucher.${status}`)}
    </Badge>
  )
}

export function PromoStatusBadge({ status }: { status: PromoStatus }) {
  const { t } = useTranslation("codes")
  return (
    <Badge tone={PROMO_TONES[status]} dot>
      {t(`statuses.promo.${status}`)}
    </Badge>
  )
}

/** The administrators' pages about codes, in the order their navigation lists them. */
export const ADMIN_CODE_PAGES = {
  vouchers: { href: "/admin/vouchers", icon: <WalletIcon /> },
  promos: { href: "/admin/promo-codes", icon: <StarIcon /> },
} as const

export type AdminCodePage = keyof typeof ADMIN_CODE_PAGES

/** The words of the admins' code lists when they fail to load or run to pages. */
export function useCodeListLabels(): ListLabels {
  const { t } = useTranslation("codes")
  return { error: t("admin.loadError"), retry: t("admin.retry"), pagination: t("admin.pagination") }
}

/** The area layout of the admins' code pages (labels in `codes`). */
export function CodesAdminLayout({
  page,
  titleId,
  title,
  lead,
  children,
}: {
  page: AdminCodePage
  titleId: string
  title: string
  lead: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation("codes")
  const nav: SidebarSection[] = [
    {
      items: (Object.keys(ADMIN_CODE_PAGES) as AdminCodePage[]).map((id) => ({
        label: t(`admin.nav.${id}`),
        href: ADMIN_CODE_PAGES[id].href,
        icon: ADMIN_CODE_PAGES[id].icon,
        active: id === page,
      })),
    },
  ]
  return (
    <AreaLayout
      titleId={titleId}
      eyebrow={t("admin.nav.eyebrow")}
      title={title}
      lead={lead}
      navLabel={t("admin.nav.label")}
      nav={nav}
    >
      {children}
    </AreaLayout>
  )
}
