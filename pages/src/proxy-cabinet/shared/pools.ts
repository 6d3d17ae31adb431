import { useTranslation } from "react-i18next"
import type { SelectOption } from "@manyhands/design-system"
import { PROXY_POOLS, type ProxyAccount } from "@manyhands/contract/proxy"
import { useBytes } from "./bytes"

/** The pools to choose from, each with the traffic the account has left in it when that is known. */
export function usePoolOptions(account: ProxyAccount | undefined): SelectOption[] {
  const { t } = useTranslation("proxy-cabinet")
  const bytes = useBytes()
  return PROXY_POOLS.map((pool) => {
    const traffic = account?.traffic.find((item) => item.pool === pool)
    return {
      value: pool,
      label: traffic
        ? t("poolLeft", { pool: t(`pools.${pool}`), left: bytes(traffic.left) })
        : t(`pools.${pool}`),
    }
  })
}

/** A cap typed in GB: null for none (empty), a number from 0.001 to 100,000, or undefined when it is not one. */
export function capOf(text: string): number | null | undefined {
  const trimmed = text.trim().replace(",", ".")
  if (trimmed === "") return null
  const value = Number(trimmed)
  return Number.isFinite(value) && value >= 0.001 && value <= 100_000 ? value : undefined
}

/**
 * A spending cap typed in the account's currency: null for none (empty), micro-units from 1,000 (0.001) to 10¹²,
 * or undefined when it is not one.
 */
export function moneyCapOf(text: string): number | null | undefined {
  const trimmed = text.trim().replace(",", ".")
  if (trimmed === "") return null
  if (!/^\d+(\.\d{1,6})?$/.test(trimmed)) return undefined
  const micro = Math.round(Number(trimmed) * 1_000_000)
  return micro >= 1_000 && micro <= 1_000_000_000_000 ? micro : undefined
}

/** A spending cap in micro-units as a field shows it ("" for none). */
export const moneyCapText = (micro: number | null) => (micro === null ? "" : String(micro / 1_000_000))

/** A cap in bytes as the GB a field shows ("" for none). */
export const capText = (bytes: number | null) => (bytes === null ? "" : String(bytes / 1_000_000_000))
