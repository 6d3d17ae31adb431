import { useCallback } from "react"
import { useTranslation } from "react-i18next"
import { ApiFailure } from "../../shell-context"

/**
 * A refusal of the proxy API in the cabinet's words: the code's text of `proxy-cabinet:errors.*` where there is one
 * (with `values` for its placeholders), else the failure as the shell gave it (the server's own message). `fields`
 * names the form field a code concerns: the message is then that field's, so the form shows it next to the field
 * and focuses it.
 */
export function useProxyFailure() {
  const { t, i18n } = useTranslation("proxy-cabinet")
  return useCallback(
    (
      error: unknown,
      values: Record<string, string | number> = {},
      fields: Partial<Record<string, string>> = {},
    ): unknown => {
      if (!(error instanceof ApiFailure) || !error.code) return error
      if (!i18n.exists(`proxy-cabinet:errors.${error.code}`)) return error
      const message = t(`errors.${error.code}`, values)
      const field = fields[error.code]
      return new ApiFailure(
        message,
        error.code,
        error.status,
        field ? { [field]: message } : error.fields,
        error.retryAfter,
      )
    },
    [t, i18n],
  )
}

/** A failure's message to show, or a general one for what is not a refusal (a bug: its details go to the console). */
export function failureText(error: unknown, general: string): string {
  if (error instanceof ApiFailure) return error.message
  console.error("Manyhands: a proxy cabinet request failed", error)
  return general
}
