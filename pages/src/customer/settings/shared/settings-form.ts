import { useTranslation } from "react-i18next"
import { useFormatter } from "@manyhands/design-system"
import { MICRO } from "../../../blocks"
import { ApiFailure, useShellServices } from "../../../shell-context"
import {
  captchaSettingsApi,
  type CaptchaSettings,
  type CaptchaSettingsChange,
} from "@manyhands/contract/captcha"

/**
 * Saves a change of the captcha settings and fetches them again for every screen that shows them. A refusal's
 * field messages are renamed for the form: `fields` maps the server's names ("defaults.maxBid") to the form's.
 */
export function useSaveSettings() {
  const { api, refresh } = useShellServices()
  return async (
    change: CaptchaSettingsChange,
    fields: Record<string, string> = {},
  ): Promise<CaptchaSettings> => {
    let saved: CaptchaSettings
    try {
      saved = await api.send<CaptchaSettings>("PUT", captchaSettingsApi.change.url(), change)
    } catch (error) {
      throw renameFields(error, fields)
    }
    await refresh(captchaSettingsApi.settings.url())
    return saved
  }
}

/** The same failure with its field messages under the form's names; anything else passes unchanged. */
export function renameFields(error: unknown, fields: Record<string, string>): unknown {
  if (!(error instanceof ApiFailure)) return error
  const placed: Record<string, string> = {}
  for (const [name, message] of Object.entries(error.fields)) {
    const target = fields[name] ?? name
    placed[target] ??= message
  }
  return new ApiFailure(error.message, error.code, error.status, placed, error.retryAfter)
}

/**
 * A decimal amount as the user typed it ("1.2", "1,20", " 0.5 ") in thousandths of the currency unit, or null
 * when it is not a plain non-negative decimal with at most 3 decimals.
 */
export function parseThousandths(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{0,3}))?$/.exec(text.trim())
  if (!match) return null
  return Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0"))
}

/** The same amount written as the API takes it: "1.20", "0.125". */
export function thousandthsToDecimal(value: number): string {
  const units = Math.floor(value / 1000)
  const fraction = String(value % 1000).padStart(3, "0")
  return `${units}.${fraction.endsWith("0") ? fraction.slice(0, 2) : fraction}`
}

/** A price per 1,000 ("0.50") in ledger micro-units. */
export const perThousandMicro = (perThousand: string) => Math.round(Number(perThousand) * MICRO)

/** Formats a price per 1,000 given in currency units ("0.5" → "$0.50") in the page's language. */
export function usePriceFormat(): (perThousand: string | number, currency: string) => string {
  const format = useFormatter()
  return (amount, currency) =>
    format.number(Number(amount), {
      style: "currency",
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 3,
    })
}

/** The name of a language code (en, fil …) in the page's language; the code where the browser has none. */
export function useLanguageName(): (code: string) => string {
  const format = useFormatter()
  // Intl gives "español"-style lower-case names in some languages: a list item starts with a capital.
  return (code) => format.languageName(code, { capitalized: true })
}

/** The name of a currency in the page's language, with its code: "US Dollar (USD)". */
export function useCurrencyName(): (currency: string) => string {
  const format = useFormatter()
  const { t } = useTranslation("captcha-settings")
  return (currency) => t("shared.currencyName", { name: format.currencyName(currency), code: currency })
}
