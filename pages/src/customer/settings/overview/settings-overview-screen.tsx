import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  Badge,
  Button,
  KeyValueItem,
  KeyValueList,
  SkeletonGroup,
  SkeletonText,
} from "@manyhands/design-system"
import { Link } from "react-router"
import { LinkCardGrid } from "../../../blocks"
import type { CaptchaSettings } from "@manyhands/contract/captcha"
import { CUSTOMER_PAGES, CustomerLayout } from "../../customer-layout"
import { SettingsCard } from "../shared/settings-card"
import { useCurrencyName, useLanguageName, usePriceFormat } from "../shared/settings-form"

const LINKED_PAGES = { ...CUSTOMER_PAGES.settings, ...CUSTOMER_PAGES.problems }
type LinkedPage = keyof typeof LINKED_PAGES

const SETTINGS_LINKS: LinkedPage[] = ["edit", "percent100", "iplist", "pingback", "pingbackLog"]
const PROBLEM_LINKS: LinkedPage[] = ["impossible", "errors", "complaints", "notCaptcha"]

/** /setting: the captcha settings at a glance, and the way to each settings page and problem list. */
export default function SettingsOverviewScreen({ captchaSettings }: { captchaSettings?: CaptchaSettings }) {
  const { t } = useTranslation("captcha-settings")
  const { t: common } = useTranslation("common")
  const links = (ids: readonly LinkedPage[]) =>
    ids.map((id) => ({
      id,
      to: LINKED_PAGES[id].href,
      title: common(`areas.customer.pages.${id}`),
      text: t(`overview.links.${id}`),
    }))

  return (
    <CustomerLayout page="settings" title={t("pages.settings.title")} lead={t("pages.settings.lead")}>
      <SettingsCard
        id="settings-summary"
        title={t("overview.summaryTitle")}
        action={
          <Button asChild variant="secondary">
            <Link to={CUSTOMER_PAGES.settings.edit.href}>{t("overview.editDefaults")}</Link>
          </Button>
        }
      >
        {captchaSettings ? (
          <Summary settings={captchaSettings} />
        ) : (
          <SkeletonGroup>
            <SkeletonText lines={6} />
          </SkeletonGroup>
        )}
      </SettingsCard>
      <section aria-labelledby="settings-pages" className="flex flex-col gap-4">
        <h2 id="settings-pages" className="text-xl font-semibold">
          {t("overview.settingsTitle")}
        </h2>
        <LinkCardGrid columns={2} items={links(SETTINGS_LINKS)} />
      </section>
      <section aria-labelledby="settings-problems" className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id="settings-problems" className="text-xl font-semibold">
            {t("overview.problemsTitle")}
          </h2>
          <p className="text-muted-foreground">{t("overview.problemsLead")}</p>
        </div>
        <LinkCardGrid columns={2} items={links(PROBLEM_LINKS)} />
      </section>
    </CustomerLayout>
  )
}

function Summary({ settings }: { settings: CaptchaSettings }) {
  const { t } = useTranslation("captcha-settings")
  const languageName = useLanguageName()
  const currencyName = useCurrencyName()
  const price = usePriceFormat()
  const { recognition, defaults, allowedIps, currency } = settings
  return (
    <KeyValueList divided>
      <KeyValueItem label={t("overview.currency")}>{currencyName(currency)}</KeyValueItem>
      <KeyValueItem label={t("overview.recognition")}>
        {recognition ? (
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Badge tone="success" dot>
              {t("shared.on")}
            </Badge>
            <span>
              {t("overview.recognitionOn", { agree: recognition.agree, max: recognition.maxAnswers })}
            </span>
          </span>
        ) : (
          <Badge tone="neutral" dot>
            {t("shared.off")}
          </Badge>
        )}
      </KeyValueItem>
      <KeyValueItem label={t("overview.language")}>
        {defaults.language ? languageName(defaults.language) : <Unset>{t("overview.anyLanguage")}</Unset>}
      </KeyValueItem>
      <KeyValueItem label={t("overview.softId")} mono={defaults.softId !== null}>
        {defaults.softId !== null ? String(defaults.softId) : <Unset>{t("overview.noSoftId")}</Unset>}
      </KeyValueItem>
      <KeyValueItem label={t("overview.maxBid")}>
        {defaults.maxBid !== null ? (
          t("overview.maxBidValue", { price: price(defaults.maxBid, currency) })
        ) : (
          <Unset>{t("overview.noMaxBid")}</Unset>
        )}
      </KeyValueItem>
      <KeyValueItem label={t("overview.allowedIps")}>
        {allowedIps.length > 0 ? (
          t("overview.allowedIpsCount", { count: allowedIps.length })
        ) : (
          <Unset>{t("overview.anyAddress")}</Unset>
        )}
      </KeyValueItem>
    </KeyValueList>
  )
}

/** A setting left at its default. */
function Unset({ children }: { children: ReactNode }) {
  return <span className="font-normal text-muted-foreground">{children}</span>
}
