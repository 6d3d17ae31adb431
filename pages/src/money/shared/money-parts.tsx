import { useTranslation } from "react-i18next"
import { Badge, currencyDigits, type BadgeTone } from "@manyhands/design-system"
import type { MovementStatus } from "@manyhands/contract/money"
import { MICRO } from "../../blocks"

const STATUS_TONES: Record<MovementStatus, BadgeTone> = {
  pending: "warning",
  succeeded: "success",
  failed: "danger",
  expired: "neutral",
  cancelled: "neutral",
}

/** A payment's or balance movement's status as a badge; the text carries the meaning, the colour repeats it. */
export function StatusBadge({ status }: { status: MovementStatus }) {
  const { t } = useTranslation("money")
  return (
    <Badge tone={STATUS_TONES[status]} dot>
      {t(`statuses.${status}`)}
    </Badge>
  )
}

/** Providers this page has words for; any other is shown by its shortname. */
const KNOWN_PROVIDERS = ["sandbox", "card", "crypto-btc", "crypto-bch", "crypto-usdt-tron"] as const

export interface ProviderName {
  name: string
  /** One line on what paying with it is like; null for a provider the page does not know. */
  description: string | null
  /** The sandbox: no real money moves. */
  test: boolean
}

/** How a provider's shortname reads on the page: "card" → "Card (Stripe)". */
export function useProviderName(): (shortname: string) => ProviderName {
  const { t } = useTranslation("money")
  return (shortname) =>
    (KNOWN_PROVIDERS as readonly string[]).includes(shortname)
      ? {
          name: t(`providers.${shortname as (typeof KNOWN_PROVIDERS)[number]}.name`),
          description: t(`providers.${shortname as (typeof KNOWN_PROVIDERS)[number]}.description`),
          test: shortname === "sandbox",
        }
      : { name: shortname, description: null, test: false }
}

/** Minor units of a currency (cents, as MoneyInput gives them) per ledger micro-unit step: 10_000 for USD. */
const microPerMinor = (currency: string) => MICRO / 10 ** currencyDigits(currency)

/** MoneyInput's minor units → ledger micro-units. */
export const minorToMicro = (minor: number, currency: string) => minor * microPerMinor(currency)

/** Ledger micro-units → MoneyInput's minor units (rounded up, so a limit never shows smaller than it is). */
export const microToMinor = (micro: number, currency: string) => Math.ceil(micro / microPerMinor(currency))

/**
 * Leaves the single-page app for a provider's page or the return address (a full load). Screens take it as a
 * prop so stories can watch where they would go without leaving.
 */
export type LeavePage = (url: string) => void
export const leavePage: LeavePage = (url) => window.location.assign(url)
