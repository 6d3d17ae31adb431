import { Trans, useTranslation } from "react-i18next"
import { TextLink } from "../../../blocks"
import { CUSTOMER_PAGES } from "../../customer-layout"

/** The error codes this page explains in the reader's language; others show the server's English text. */
export const KNOWN_CODES = [
  "ERROR_ZERO_BALANCE",
  "ERROR_WRONG_USER_KEY",
  "ERROR_KEY_DOES_NOT_EXIST",
  "ERROR_IP_NOT_ALLOWED",
  "ERROR_NO_SLOT_AVAILABLE",
  "ERROR_WRONG_CAPTCHA_ID",
  "ERROR_CAPTCHA_UNSOLVABLE",
  "ERROR_TOO_BIG_CAPTCHA_FILESIZE",
  "ERROR_ZERO_CAPTCHA_FILESIZE",
  "ERROR_WRONG_FILE_EXTENSION",
  "ERROR_IMAGE_TYPE_NOT_SUPPORTED",
  "ERROR_PAGEURL",
  "ERROR_GOOGLEKEY",
  "ERROR_BAD_PARAMETERS",
  "ERROR_DUPLICATE_REPORT",
  "ERROR_REPORT_NOT_RECORDED",
  "MAX_USER_TURN",
  "ERROR_BAD_DUPLICATES",
] as const

const isKnown = (code: string): code is (typeof KNOWN_CODES)[number] =>
  (KNOWN_CODES as readonly string[]).includes(code)

/** Where the advice of some codes leads. */
const LINKS: Partial<Record<(typeof KNOWN_CODES)[number], string>> = {
  ERROR_ZERO_BALANCE: "/enterpage",
  ERROR_WRONG_USER_KEY: "/profile/authentication",
  ERROR_KEY_DOES_NOT_EXIST: "/profile/authentication",
  ERROR_IP_NOT_ALLOWED: CUSTOMER_PAGES.settings.iplist.href,
  ERROR_NO_SLOT_AVAILABLE: CUSTOMER_PAGES.settings.edit.href,
  ERROR_BAD_DUPLICATES: CUSTOMER_PAGES.settings.percent100.href,
  ERROR_CAPTCHA_UNSOLVABLE: CUSTOMER_PAGES.problems.impossible.href,
}

/** What an error code means and what to do about it: translated for known codes, the API's English otherwise. */
export function ErrorAdvice({ code, description }: { code: string; description: string }) {
  const { t } = useTranslation("captcha-settings")
  if (!isKnown(code)) {
    return (
      <span className="flex flex-col gap-0.5">
        <span lang="en">{description}</span>
        <span className="text-sm text-muted-foreground">{t("errors.untranslated")}</span>
      </span>
    )
  }
  const link = LINKS[code]
  return (
    <span className="flex flex-col gap-0.5">
      <span>{t(`errors.codes.${code}.meaning`)}</span>
      <span className="text-sm text-muted-foreground">
        {link ? (
          <Trans
            t={t}
            i18nKey={`errors.codes.${code}.action`}
            components={{ page: <TextLink to={link} /> }}
          />
        ) : (
          t(`errors.codes.${code}.action`)
        )}
      </span>
    </span>
  )
}
