import { useTranslation } from "react-i18next"

/** A captcha type's name in the page's language (common:captchaTypes), the code where none is known. */
export function useTypeName(): (type: string) => string {
  const { t } = useTranslation("common")
  return (type) => t(`captchaTypes.${type}`, { defaultValue: type })
}

/** The codes of every captcha type the site names (common:captchaTypes), catalogue order. */
export function useCaptchaTypes(): string[] {
  const { t } = useTranslation("common")
  const names = t("captchaTypes", { returnObjects: true }) as unknown
  return names && typeof names === "object" ? Object.keys(names) : []
}
